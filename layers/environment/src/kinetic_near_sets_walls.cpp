// Near sets of the kinetic provider near walls (Goldenstein et al. 2001, A.3.1, the recursive
// case behind constrained edges): with a wall within r_p the inside of C_p need not be connected
// in the triangulation, so a lost edge or an exit may cut the paths to other members. These are
// the checks that prove the members still connected (patched, exitsKeepMembersConnected,
// oneRun, exitsTouchInsertion) and the walk that recomputes A_p and W_p when they cannot.
#include <algorithm>
#include <limits>

#include "kinetic_near_sets.hpp"

namespace steer::environment::kinetic {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}  // namespace

// A member pair (a, b) of A_p ∪ {p} lost its edge in this step (p has a wall within r_p). The
// members stay connected if the edge is back, or if a member x that stays inside C_p is a
// neighbour of both (the flip's new edge ends c and d are the candidates). Called once the
// step's exits are known and before they and the enters change the entries.
bool NearSets::patched(std::uint32_t p, const Lost& l) {
  auto member = [&](std::uint32_t x) {  // a member at the start of the step that stays inside
    if (x == p) return true;
    const std::uint32_t k = x == kNone ? kNone : lookup(x);
    return k != kNone && (lists_.data(listRef_[p])[k].key & kA) &&
           std::find(exits_.begin(), exits_.end(), k) == exits_.end();
  };
  const auto exits = [&](std::uint32_t x) {
    const std::uint32_t k = x == p || x == kNone ? kNone : lookup(x);
    return k != kNone && std::find(exits_.begin(), exits_.end(), k) != exits_.end();
  };
  // An end that leaves C_p takes the edge's paths with it: checked with the exits
  // (exitsKeepMembersConnected).
  if (exits(l.a) || exits(l.b)) return true;
  if (!member(l.a) || !member(l.b)) return false;
  if (t_.adjacent(l.a, l.b)) return true;
  for (std::uint32_t x : {l.c, l.d})
    if (x != kNone && member(x) && t_.adjacent(l.a, x) && t_.adjacent(x, l.b)) return true;
  // Later flips may have replaced c and d: any member neighbour of both will do.
  neighbourScratch_.clear();
  t_.forNeighbors(l.a, [&](std::uint32_t x) { neighbourScratch_.push_back(x); });
  bool found = false;
  t_.forNeighbors(l.b, [&](std::uint32_t x) {
    if (!found && std::find(neighbourScratch_.begin(), neighbourScratch_.end(), x) != neighbourScratch_.end() &&
        member(x))
      found = true;
  });
  return found;
}

// Whether the members of A_p (and p) among a vertex's neighbours, in counter-clockwise order,
// form a single run (consecutive neighbours share an edge: a path around the vertex).
bool NearSets::oneRun(std::uint32_t p, std::span<const std::uint32_t> link) const {
  int runs = 0;
  bool first = false, previous = false;
  for (std::size_t k = 0; k < link.size(); ++k) {
    const std::uint32_t y = link[k];
    const bool m = y == p || (y != kNone && find(p, y, kA) != kNone);
    if (k == 0) first = m;
    if (m && (k == 0 || !previous)) ++runs;
    previous = m;
  }
  if (runs > 1 && first && previous) --runs;  // the run that wraps around the end
  return runs <= 1;
}

// Near a wall, members that leave C_p may have been the only way to other members. Each exited
// vertex q is looked at in the triangulation at the end of the step: if its neighbours that stay
// members (or p) form a single run around it, every path through q can go along that run
// instead (consecutive neighbours share an edge, and they are inside C_p). The paths through
// q used edges that still exist, or a lost edge qy of this step: then y must stay a member and
// be joined to q's run by an end x of the flip's new edge (x a member neighbour of q and y), and
// a path through two exited vertices is not covered by looking at each alone (then: false).
bool NearSets::exitsKeepMembersConnected(std::uint32_t p) {
  if (markedFor_ != p) beginAgent(p);
  const auto exited = [&](std::uint32_t y) {
    const std::uint32_t j = y == p ? kNone : lookup(y);
    return j != kNone && std::find(exits_.begin(), exits_.end(), j) != exits_.end();
  };
  const auto member = [&](std::uint32_t y) {
    if (y == p) return true;
    const std::uint32_t j = y == kNone ? kNone : lookup(y);
    return j != kNone && (lists_.data(listRef_[p])[j].key & kA) &&
           std::find(exits_.begin(), exits_.end(), j) == exits_.end();
  };
  for (std::uint32_t k : exits_) {
    const std::uint32_t q = idOf(lists_.data(listRef_[p])[k]);
    // A lost edge qy: the paths that used it reach y through a member neighbour x of both (an
    // end of the flip's new edge) which stays, in q's run below; y leaving too would be a path
    // through two exits.
    for (const Lost& l : agentLost_) {
      if (l.a != q && l.b != q) continue;
      const std::uint32_t y = l.a == q ? l.b : l.a;
      if (!member(y)) return false;
      if (t_.adjacent(q, y)) continue;
      bool bridged = false;
      for (std::uint32_t x : {l.c, l.d})
        if (!bridged && x != kNone && member(x) && t_.adjacent(q, x) && t_.adjacent(x, y)) bridged = true;
      if (!bridged) return false;
    }
    int runs = 0;
    bool first = false, previous = false, any = false, adjacentExit = false;
    t_.forLink(q, [&](std::uint32_t y) {
      if (y != kNone && exited(y)) adjacentExit = true;
      const bool m = member(y);
      if (!any) first = m;
      if (m && (!any || !previous)) ++runs;
      previous = m;
      any = true;
    });
    if (adjacentExit) return false;
    if (runs > 1 && first && previous) --runs;  // the run that wraps around the end
    if (runs > 1) return false;
  }
  return true;
}

// Whether an exited vertex of p may have lost an edge to an insertion of this step. An insertion
// removes only edges between vertices that become its neighbours (the edges inside its cavity,
// or the edge it splits), so an exited agent that is no such neighbour kept its edges; static
// exited vertices are not marked, and count as touched.
bool NearSets::exitsTouchInsertion(std::uint32_t p) const {
  for (std::uint32_t k : exits_) {
    const std::uint32_t q = idOf(lists_.data(listRef_[p])[k]);
    if (!s_.isAgent(q) || s_.has(q, Shared::kByInsertion)) return true;
  }
  return false;
}

// A_p and W_p by a walk from p over the vertices inside C_p: the approachable set of A.3.1 by
// definition (a path of the triangulation inside C_p).
void NearSets::walk(std::uint32_t p) {
  ++s_.counters.nearSetWalks;
  if (markedFor_ != p) beginAgent(p);  // before indices are remembered
  const double r = s_.radius[p];
  const std::uint32_t oldSize = listRef_[p].size();
  oldFlags_.assign(oldSize, 0);
  for (std::uint32_t k = 0; k < oldSize; ++k) {
    Entry& e = lists_.data(listRef_[p])[k];
    oldFlags_[k] = static_cast<std::uint8_t>(((e.key & kA) ? 1 : 0) | ((e.key & kVis) ? 2 : 0));
    e.key &= ~(kA | kW | kVis);
  }
  stack_.assign(1, p);
  while (!stack_.empty()) {
    const std::uint32_t x = stack_.back();
    stack_.pop_back();
    t_.forNeighbors(x, [&](std::uint32_t y) {
      if (y == p) return;
      std::uint32_t j = lookup(y);
      if (j != kNone && (lists_.data(listRef_[p])[j].key & kOwn)) return;  // reached already
      const double d = measure(p, y, j);
      if (!(d > r)) {
        lists_.data(listRef_[p])[j].key |= kA;
        stack_.push_back(y);
      } else {
        lists_.data(listRef_[p])[j].key |= kW;
      }
    });
  }
  // Reconcile: the holders of every vertex that joined or left, visibility, due times, and the
  // neighbour list from scratch.
  auto& outRef = outRef_[p];
  out_.truncate(outRef, 0);
  for (std::uint32_t k = 0; k < listRef_[p].size(); ++k) {
    Entry& e = lists_.data(listRef_[p])[k];
    const std::uint32_t q = idOf(e);
    const bool wasA = k < oldSize && (oldFlags_[k] & 1);
    const bool isA = (e.key & kA) != 0;
    if (isA && !wasA) setHeld(q, p);
    if (!isA && wasA) clearHeld(q, p);
    double sight = kInf;
    Entry& now = lists_.data(listRef_[p])[k];
    if (isA && s_.isAgent(q) && visible(p, q, sight)) {
      now.key |= kVis;
      out_.push_back(outRef, s_.ext(q));
    }
    now.due = (now.key & kOwn) ? dueOf(p, now, s_.distance(p, q), sight) : kTickNever;
  }
  auto v = out_.view(outRef);
  std::sort(v.begin(), v.end());
  for (std::uint32_t k = listRef_[p].size(); k-- > 0;)
    if (!(lists_.data(listRef_[p])[k].key & (kOwn | kHeld))) dropEntry(p, k);
  lists_.shrinkToFit(listRef_[p]);
  out_.shrinkToFit(outRef);
}

}  // namespace steer::environment::kinetic
