// Near sets of the kinetic provider at the end of a step: per-pair certificates, enter and exit
// updates (A.3.1, Lemma 1), visibility and the sorted neighbour lists. See kinetic_near_sets.hpp;
// what flips and vertices leaving or arriving tell the sets during the step is in
// kinetic_near_sets_flips.cpp, the cases near walls (connectivity checks and walks) in
// kinetic_near_sets_walls.cpp, the full check in kinetic_near_sets_check.cpp.
#include "kinetic_near_sets.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

#include "kinetic_certificates.hpp"
#include "steer/environment/collision.hpp"
#include "steer/geometry/distance.hpp"

namespace steer::environment::kinetic {

using geometry::Vec2;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}  // namespace

// =============================================================================================
// Lists of other agents (no per-agent marks).

// An agent's list may hold a vertex twice between a flip and the agent's next look (flips
// append watches without scanning, beginAgent(p, true) merges): `flags` picks the entry that has them.
std::uint32_t NearSets::find(std::uint32_t p, std::uint32_t q, std::uint32_t flags) const {
  const Entry* e = lists_.data(listRef_[p]);
  const std::uint32_t size = listRef_[p].size();
  for (std::uint32_t k = 0; k < size; ++k)
    if ((e[k].key & kIdMask) == q && (e[k].key & flags) == flags) return k;
  return kNone;
}

void NearSets::setHeld(std::uint32_t q, std::uint32_t p) {
  if (!s_.isAgent(q)) {
    staticHolders_[q - s_.n].push_back(p);
    return;
  }
  const std::uint32_t k = find(q, p);
  if (k == kNone)
    lists_.push_back(listRef_[q], {p | kHeld, kTickNever});
  else
    lists_.data(listRef_[q])[k].key |= kHeld;
}

void NearSets::clearHeld(std::uint32_t q, std::uint32_t p) {
  if (!s_.isAgent(q)) {
    auto& v = staticHolders_[q - s_.n];
    auto it = std::find(v.begin(), v.end(), p);
    if (it != v.end()) {
      *it = v.back();
      v.pop_back();
    }
    return;
  }
  const std::uint32_t k = find(q, p, kHeld);
  if (k == kNone) return;
  Entry& e = lists_.data(listRef_[q])[k];
  e.key &= ~kHeld;
  if (!(e.key & kOwn)) lists_.swapErase(listRef_[q], k);
}

std::uint64_t NearSets::nextStamp() {
  if (++markStamp_ == 0) {
    std::fill(mark_.begin(), mark_.end(), 0);
    markStamp_ = 1;
  }
  return std::uint64_t{markStamp_} << 32;
}

void NearSets::clearAgent(std::uint32_t p) {
  // p holds nothing any more; entries saying that others hold p go too (they are told by
  // vertexLeaving, or p was never in the triangulation).
  const std::uint32_t size = listRef_[p].size();
  for (std::uint32_t k = 0; k < size; ++k) {
    const Entry e = lists_.data(listRef_[p])[k];
    if (e.key & kA) clearHeld(idOf(e), p);
  }
  lists_.release(listRef_[p]);
  out_.release(outRef_[p]);
  agentDue_[p] = kTickNever;
  watchesThisStep_[p] = 0;
}

// =============================================================================================
// One agent at a time: its entries indexed by vertex id.

// Indexes p's entries by vertex id in mark_. With `merge`, the watches flips appended (kNew) join
// the entry p already has for the same vertex, in the same pass: a second entry for an indexed
// vertex is folded into the first (flags or'ed, kNew included: evaluate() reads and clears it,
// the earlier due time) and removed. Without it
// there are no duplicates (they were merged when p was last looked at).
void NearSets::beginAgent(std::uint32_t p, bool merge) {
  const std::uint64_t base = nextStamp();
  Entry* e = lists_.data(listRef_[p]);
  std::uint32_t size = listRef_[p].size();
  if (!merge) {
    for (std::uint32_t k = 0; k < size; ++k) mark_[e[k].key & kIdMask] = base | k;
    markedFor_ = p;
    return;
  }
  for (std::uint32_t k = 0; k < size;) {
    const std::uint32_t id = e[k].key & kIdMask;
    const std::uint64_t m = mark_[id];
    if ((m & ~std::uint64_t{0xffffffff}) != base) {
      mark_[id] = base | k;
      ++k;
      continue;
    }
    Entry& first = e[static_cast<std::uint32_t>(m)];
    first.key |= e[k].key & ~kIdMask;
    if (first.key & kA) first.key &= ~kW;  // a member is not watched too
    first.due = e[k].due < first.due ? e[k].due : first.due;
    lists_.swapErase(listRef_[p], k);  // the last entry moves to k: look at k again
    --size;
  }
  markedFor_ = p;
}

std::uint32_t NearSets::lookup(std::uint32_t q) {
  if (markedFor_ != current_) {
    if (++lookups_ <= 4) return find(current_, q);
    beginAgent(current_);
  }
  const std::uint64_t m = mark_[q];
  return (m >> 32) == markStamp_ ? static_cast<std::uint32_t>(m) : kNone;
}

std::uint32_t NearSets::append(std::uint32_t p, std::uint32_t key) {
  const std::uint32_t k = listRef_[p].size();
  lists_.push_back(listRef_[p], {key, kTickNever});
  if (markedFor_ == p) mark_[key & kIdMask] = std::uint64_t{markStamp_} << 32 | k;
  return k;
}

void NearSets::dropEntry(std::uint32_t p, std::uint32_t k) {
  Entry* e = lists_.data(listRef_[p]);
  const std::uint32_t last = listRef_[p].size() - 1;
  if (markedFor_ == p) {
    mark_[e[k].key & kIdMask] = 0;
    if (k != last) mark_[e[last].key & kIdMask] = std::uint64_t{markStamp_} << 32 | k;
  }
  lists_.swapErase(listRef_[p], k);
}

// =============================================================================================
// Certificates of one entry.

bool NearSets::visible(std::uint32_t p, std::uint32_t q, double& margin) const {
  margin = kInf;
  const auto pieces = sight_.sightPieces(p);
  if (pieces.empty()) return true;
  const auto& all = s_.world->pieces();
  const Vec2 a = s_.xy(p), b = s_.xy(q);
  const geometry::Segment sight{a, b};
  bool clear = true;
  for (sim::PieceIndex k : pieces) {
    const geometry::Segment& wall = all[k].segment;
    // The oracle's predicate (geometry::lineOfSight), wall by wall.
    if (clear && geometry::segmentsIntersect(sight, wall)) clear = false;
    margin = std::min(margin, sightMargin(a, b, wall));
  }
  return clear;
}

void NearSets::setVisible(std::uint32_t p, std::uint32_t k, bool vis) {
  Entry& e = lists_.data(listRef_[p])[k];
  if (((e.key & kVis) != 0) == vis) return;
  const sim::AgentIndex ext = s_.ext(idOf(e));
  auto& ref = outRef_[p];
  const auto v = out_.view(ref);
  const auto at = static_cast<std::uint32_t>(std::lower_bound(v.begin(), v.end(), ext) - v.begin());
  if (vis) {
    e.key |= kVis;
    out_.insertAt(ref, at, ext);
  } else {
    e.key &= ~kVis;
    if (at < ref.size() && out_.data(ref)[at] == ext) out_.eraseAt(ref, at);
  }
}

// The next check of an entry from its margins at the end positions (distance d).
Tick NearSets::dueOf(std::uint32_t p, const Entry& e, double d, double sight) const {
  if (!(e.key & kOwn)) return kTickNever;
  const std::uint32_t q = idOf(e);
  const double r = s_.radius[p];
  double margin = std::abs(d - r);
  if (s_.isAgent(q)) {
    // Contact (when contacts are detected), from the radii as the world has them: the float body
    // radii of the filters are rounded up by up to ~1e-8 m each, which widened the margin of two
    // bodies overlapping by less than that, and a touch after parting that little went unseen.
    if (s_.detectContacts) margin = std::min(margin, std::abs(d - (s_.bodyRadius(p) + s_.bodyRadius(q))));
    if (e.key & kA) {
      if (s_.has(p, Shared::kLosMoving)) return kTickNow;
      margin = std::min(margin, sight);
    }
  }
  // Rounding of the distances (and of the sight predicate) is far below this.
  margin -= 1e-12 * (r + d);
  if (!(margin > 0.0) || !ticks_.calibrated()) return kTickNow;
  return ticks_.ticks(s_.clock.endOffset() + 0.999 * margin / s_.pairSpeed(p, q));
}

void NearSets::reschedule(std::uint32_t p, std::uint32_t k) {
  Entry& e = lists_.data(listRef_[p])[k];
  const std::uint32_t q = idOf(e);
  double sight = kInf;
  if ((e.key & kA) && s_.isAgent(q)) visible(p, q, sight);
  e.due = dueOf(p, e, s_.distance(p, q), sight);
}

void NearSets::pairContact(std::uint32_t p, std::uint32_t q, double d) {
  if (!s_.detectContacts) return;
  // Each agent moved at most its speed bound × the clock's advance: farther apart than that at
  // the end, they cannot have touched in the step.
  const double reach = static_cast<double>(s_.body(p)) + static_cast<double>(s_.body(q));
  // A jumper's step is not in the clock's advance (KineticProvider's update): the displacements
  // bound it instead.
  const bool jump = s_.has(p, Shared::kFast) || s_.has(q, Shared::kFast);
  const double motion = jump ? (s_.xy(p) - s_.v[p].prev).norm() + (s_.xy(q) - s_.v[q].prev).norm()
                             : s_.pairSpeed(p, q) * (s_.clock.end() - s_.clock.start());
  if (d > reach + 1.001 * motion + 1e-12) return;
  if (!s_.has(p, Shared::kMovedNow) && !s_.has(q, Shared::kMovedNow)) return;
  if (!s_.has(q, Shared::kEnabled)) return;
  if (!hasPrevious_) return;
  // The pair in the order of the caller's ids, so that both sides compute the same contact.
  const bool pFirst = s_.ext(p) < s_.ext(q);
  const std::uint32_t ia = pFirst ? p : q, ib = pFirst ? q : p;
  const std::uint32_t a = s_.ext(ia), b = s_.ext(ib);
  // The oracle's function on the same operands, so that a contact at the edge of rounding (two
  // bodies side by side at exactly their reach, 1 ± 4e-16 apart) is found by both or by neither:
  // the relative motion written as (p1 − p0) − (q1 − q0) differed from its (p1 − q1) − (p0 − q0)
  // in the last bits, and a contact the oracle saw was missed.
  const auto tau = firstContactPoints(geometry::lift(s_.v[ia].prev), geometry::lift(s_.xy(ia)), geometry::lift(s_.v[ib].prev),
                                      geometry::lift(s_.xy(ib)), s_.bodyRadius(ia) + s_.bodyRadius(ib));
  if (tau) contacts_->push_back({a, b, 0, false, t0_ + *tau * dt_});
}

// =============================================================================================
// The end-of-step update of one agent.

void NearSets::evaluate(std::uint32_t p, bool force) {
  const bool dirty = s_.has(p, Shared::kDirty);
  // Without motion only entries a flip or an insertion added (due now) can need a look.
  const bool looks = advanced_ || s_.has(p, Shared::kPending);
  const double r = s_.radius[p];
  exits_.clear();
  enters_.clear();
  scratch_.clear();  // watched vertices looked at and still outside: prune if no longer adjacent
  // Whether a wall may block sight in C_p (most agents have none: then every member is seen).
  const bool sighted = !sight_.sightPieces(p).empty();
  // Nothing below moves p's list (only the neighbour list, in another pool, may move).
  Entry* const list = lists_.data(listRef_[p]);
  const std::uint32_t size = listRef_[p].size();
  // The earliest due time of the list as it stands after the loop (for finishAgent, when the
  // loop is the only change).
  Tick earliest = kTickNever;
  // The entries to look at: every one (force), the due ones, or none (no motion, no flip).
  const int limit = force ? kTickNever : looks ? nowTick_ : -1;
  // Without branches: whether an entry is due is as good as random, and a mispredicted branch
  // per entry cost more than the scan's loads (the index is written always, kept if due).
  if (due_.size() < size) due_.resize(size);  // a buffer that only grows
  std::uint32_t* const dueAt = due_.data();
  std::uint32_t dueCount = 0;
  for (std::uint32_t k = 0; k < size; ++k) {
    const Tick t = list[k].due;
    const bool isDue = static_cast<int>(t) <= limit;
    dueAt[dueCount] = k;
    dueCount += isDue;
    const Tick kept = isDue ? kTickNever : t;
    earliest = kept < earliest ? kept : earliest;
  }
  // The due entries' distances first, in a loop of their own: each is a load, a square root and
  // nothing else, so consecutive ones overlap (inside the loop below, behind its branches and
  // calls, each waited for the one before): the step 1-6 % faster at 100,000 agents (in turns and
  // side by side). Their next checks computed in that loop as well made it 10-15 % slower.
  if (dist_.size() < dueCount) dist_.resize(dueCount);  // a buffer that only grows
  double* const distAt = dist_.data();
  for (std::uint32_t i = 0; i < dueCount; ++i) distAt[i] = s_.distance(p, idOf(list[dueAt[i]]));
  for (std::uint32_t i = 0; i < dueCount; ++i) {
    const std::uint32_t k = dueAt[i];
    Entry& e = list[k];
    // Watched by a flip in this step: a neighbour of a member then (see below).
    const bool flipWatched = (e.key & kNew) != 0;
    e.key &= ~kNew;
    if (!(e.key & kOwn)) {
      e.due = kTickNever;
      continue;
    }
    const std::uint32_t q = idOf(e);
    if (!live(q)) {  // a stale watch of a vertex that left the triangulation
      e.key &= ~kW;
      e.due = kTickNever;
      scratch_.push_back(q);
      continue;
    }
    ++s_.counters.distanceEvaluations;
    const double d = distAt[i];
    if (s_.detectContacts && s_.isAgent(q)) pairContact(p, q, d);
    if (dirty) continue;  // the walk recomputes the sets
    const bool in = !(d > r);
    if ((e.key & kA) && !in) {
      exits_.push_back(k);
      continue;
    }
    if ((e.key & kW) && in) {
      enters_.push_back(k);
      continue;
    }
    double sight = kInf;
    if ((e.key & kA) && s_.isAgent(q)) setVisible(p, k, !sighted || visible(p, q, sight));
    // Watched and well outside: maybe no longer a neighbour of a member (pruned at the end). Not
    // a watch a flip of this step made: its new edge joins q to a member (or p), and a later flip
    // that took that edge away costs a watch that stays until q's next look, nothing more. (They
    // were a third of the adjacency checks, each a walk around q in the triangulation, and all
    // kept; at 100,000 agents the checks fell from 1.58 to 1.06 per agent-step, the pruned the same.)
    if ((e.key & kW) && d > 1.25 * r && !flipWatched) scratch_.push_back(q);
    e.due = dueOf(p, e, d, sight);
    earliest = e.due < earliest ? e.due : earliest;
  }
  // Exits and enters change due times after this; a walk recomputes them all.
  if (!dirty && exits_.empty() && enters_.empty()) earliest_ = earliest;
  if (dirty) return;
  // Lost edges between members (near a wall): patched by a member that stays inside, or walk.
  for (const Lost& l : agentLost_)
    if (!patched(p, l)) {
      markDirty(p);
      return;
    }
  if (exits_.empty() && enters_.empty()) return;
  if (walls(p)) {
    // Near a wall an exit may cut paths to other members: recompute. Entering vertices join
    // only if a member (or p) is their neighbour.
    if (!exits_.empty()) {
      // An insertion near p removed edges that no lost-edge record covers: walk if one of them
      // may have been at an exited vertex.
      if ((s_.has(p, Shared::kInserted) && exitsTouchInsertion(p)) || !exitsKeepMembersConnected(p)) {
        markDirty(p);
        return;
      }
      for (std::uint32_t k : exits_) exit(p, k);
    }
    for (std::uint32_t k : enters_) {
      const std::uint32_t q = idOf(lists_.data(listRef_[p])[k]);
      if (lists_.data(listRef_[p])[k].key & kA) continue;  // joined by an earlier recursion
      bool adjacent = false;
      t_.forNeighbors(q, [&](std::uint32_t y) {
        if (y == p) adjacent = true;
        const std::uint32_t j = y == p ? kNone : lookup(y);
        if (j != kNone && (lists_.data(listRef_[p])[j].key & kA)) adjacent = true;
      });
      if (adjacent)
        enter(p, k);
      else
        reschedule(p, k);
    }
    return;
  }
  for (std::uint32_t k : exits_) exit(p, k);
  for (std::uint32_t k : enters_)
    if (!(lists_.data(listRef_[p])[k].key & kA)) enter(p, k);
}

// The distance from p to y, a vertex reached by a search of C_p (enter, walk); y's entry is
// appended if p has none (j == kNone), with the contact check of a new pair.
double NearSets::measure(std::uint32_t p, std::uint32_t y, std::uint32_t& j) {
  ++s_.counters.distanceEvaluations;
  const double d = s_.distance(p, y);
  if (j != kNone) return d;
  j = append(p, y);
  if (s_.isAgent(y)) pairContact(p, y, d);
  return d;
}

// q joins A_p (A.3.1's enter step), then its inside neighbours that were not members join
// too, recursively; its outside neighbours are watched.
void NearSets::enter(std::uint32_t p, std::uint32_t k) {
  const double r = s_.radius[p];
  stack_.clear();
  auto join = [&](std::uint32_t j, double d) {
    Entry& e = lists_.data(listRef_[p])[j];
    const std::uint32_t q = idOf(e);
    e.key = (e.key & ~kW) | kA;
    ++s_.counters.enters;
    setHeld(q, p);
    double sight = kInf;
    if (s_.isAgent(q)) setVisible(p, j, visible(p, q, sight));
    Entry& now = lists_.data(listRef_[p])[j];
    now.due = dueOf(p, now, d, sight);
    stack_.push_back(q);
  };
  join(k, s_.distance(p, idOf(lists_.data(listRef_[p])[k])));
  while (!stack_.empty()) {
    const std::uint32_t x = stack_.back();
    stack_.pop_back();
    t_.forNeighbors(x, [&](std::uint32_t y) {
      if (y == p) return;
      std::uint32_t j = lookup(y);
      if (j != kNone && (lists_.data(listRef_[p])[j].key & kA)) return;
      const double d = measure(p, y, j);
      if (!(d > r)) {
        join(j, d);
      } else if (!(lists_.data(listRef_[p])[j].key & kW)) {
        Entry& e = lists_.data(listRef_[p])[j];
        e.key |= kW;
        e.due = dueOf(p, e, d, kInf);
      }
    });
  }
}

// q leaves A_p; it stays watched (it is outside and, for now, a neighbour of members).
void NearSets::exit(std::uint32_t p, std::uint32_t k) {
  Entry& e = lists_.data(listRef_[p])[k];
  const std::uint32_t q = idOf(e);
  ++s_.counters.exits;
  if (e.key & kVis) setVisible(p, k, false);
  Entry& now = lists_.data(listRef_[p])[k];
  now.key = (now.key & ~kA) | kW;
  clearHeld(q, p);
  Entry& after = lists_.data(listRef_[p])[k];
  after.due = dueOf(p, after, s_.distance(p, q), kInf);
}

void NearSets::finishAgent(std::uint32_t p) {
  // Watched vertices looked at in this step and still outside: keep only those that still end
  // an edge from A_p ∪ {p} (the others would only cost checks; a flip or an enter that makes
  // them neighbours again watches them again).
  if (!s_.has(p, Shared::kDirty)) {
    for (std::uint32_t q : scratch_) {
      const std::uint32_t k = lookup(q);
      if (k == kNone) continue;
      const Entry& e = lists_.data(listRef_[p])[k];
      if (e.key & kA) continue;
      if (!(e.key & kW)) {
        if (!(e.key & kHeld)) dropEntry(p, k);
        continue;
      }
      const bool adjacent = t_.anyNeighbor(q, [&](std::uint32_t y) {
        if (y == p) return true;
        const std::uint32_t j = lookup(y);
        return j != kNone && (lists_.data(listRef_[p])[j].key & kA) != 0;
      });
      if (adjacent) continue;
      Entry& w = lists_.data(listRef_[p])[k];
      w.key &= ~kW;
      if (!(w.key & kHeld)) dropEntry(p, k);
      else w.due = kTickNever;
    }
  }
  scratch_.clear();
  // Pruning only removed entries: the earliest due time evaluate() saw is still a lower bound
  // (an agent looked at a little early costs a look at its list, nothing more).
  Tick due = static_cast<Tick>(earliest_);
  if (earliest_ == kNoEarliest || s_.has(p, Shared::kDirty)) {
    due = kTickNever;
    const Entry* e = lists_.data(listRef_[p]);
    for (std::uint32_t k = 0, size = listRef_[p].size(); k < size; ++k) {
      const Tick t = e[k].due;
      due = t < due ? t : due;
    }
  }
  earliest_ = kNoEarliest;
  agentDue_[p] = due;
  watchesThisStep_[p] = 0;
  s_.unset(p, Shared::kPending | Shared::kInserted);
  lists_.shrinkToFit(listRef_[p]);
}

// An agent off the triangulation (on a wall, or on another agent): its neighbours directly.
// Checked directly, without the triangulation: q joins p's reported neighbours when it is
// within r_p and in sight, and their contact in the step is looked for.
void NearSets::reportDirect(std::uint32_t p, std::uint32_t q) {
  if (q == p || !s_.has(q, Shared::kEnabled)) return;
  const double d = s_.distance(p, q);
  pairContact(p, q, d);  // bodies touch through a wall as well
  if (d > s_.radius[p]) return;
  double sight = kInf;
  if (!visible(p, q, sight)) return;
  out_.push_back(outRef_[p], s_.ext(q));
}

void NearSets::directSets(std::uint32_t p) {
  auto& ref = outRef_[p];
  out_.truncate(ref, 0);
  for (std::uint32_t q = 0; q < s_.n; ++q) reportDirect(p, q);
  auto v = out_.view(ref);
  std::sort(v.begin(), v.end());
}

// An agent that moved more than half its near radius in the step may pass agents that are near
// neither end: its contacts are checked against every agent (rare; O(n) each).
void NearSets::fastMovers() {
  if (!hasPrevious_ || !s_.detectContacts) return;
  for (std::uint32_t p = 0; p < s_.n; ++p) {
    if (!s_.has(p, Shared::kEnabled) || !s_.has(p, Shared::kFast)) continue;
    for (std::uint32_t q = 0; q < s_.n; ++q)
      if (q != p && s_.has(q, Shared::kEnabled)) pairContact(p, q, s_.distance(p, q));
  }
}

void NearSets::pairContacts(std::uint32_t p, std::span<const std::uint32_t> others, std::vector<sim::Contact>& contacts) {
  contacts_ = &contacts;
  for (const std::uint32_t q : others)
    if (q != p) pairContact(p, q, s_.distance(p, q));
  contacts_ = nullptr;
}

void NearSets::rebuildOutput(std::uint32_t p, std::span<const std::uint32_t> unplaced) {
  auto& ref = outRef_[p];
  out_.truncate(ref, 0);
  const std::uint32_t size = listRef_[p].size();
  for (std::uint32_t k = 0; k < size; ++k) {
    const Entry e = lists_.data(listRef_[p])[k];
    if (e.key & kVis) out_.push_back(ref, s_.ext(idOf(e)));
  }
  for (std::uint32_t q : unplaced) reportDirect(p, q);
  auto v = out_.view(ref);
  std::sort(v.begin(), v.end());
}

// =============================================================================================

// Within a build or a step, the list pools are compacted when holes are more than this share
// of their pages (at the end of a step, already at a sixteenth: compactLists' default).
constexpr std::size_t kInStepHoles = 8;

void NearSets::build() {
  const std::size_t n = s_.n;
  lists_.clear();
  out_.clear();
  listRef_.assign(n, Ref{});
  outRef_.assign(n, {});
  agentDue_.assign(n, kTickNever);
  watchesThisStep_.assign(n, 0);
  ticks_.reset();
  staticHolders_.assign(t_.vertexCount() - n, {});
  mark_.assign(t_.vertexCount(), 0);
  lost_.clear();  // records of a step that ended in a rebuild
  for (std::uint32_t u : byInsertion_) s_.unset(u, Shared::kByInsertion);
  byInsertion_.clear();
  markStamp_ = 0;
  markedFor_ = current_ = kNone;
  forceAll_ = false;
  std::vector<sim::Contact> none;
  contacts_ = &none;
  hasPrevious_ = false;
  for (std::uint32_t p = 0; p < n; ++p) {
    s_.unset(p, Shared::kDirty | Shared::kPending);
    if (!s_.has(p, Shared::kEnabled) || !t_.placed(p)) continue;
    current_ = p;
    markedFor_ = kNone;
    lookups_ = 0;
    walk(p);
    scratch_.clear();
    finishAgent(p);
    // The walks add holders to lists built before: each such growth moves the list to the end
    // and leaves a hole. Left to the end of the build, the holes made the heap's peak in reset()
    // ~1.5 times the steady state (1,243 B per agent at 100,000 agents against ~770 after); slid
    // over whenever they are an eighth of the pages (~75 times there), the peak is 842 B, for
    // ~10 % more build time (1.53 against 1.38 s).
    compactLists(false, kInStepHoles);
  }
  contacts_ = nullptr;
  compactLists(true);
}

void NearSets::process(std::span<const sim::Vec3> previous, double t0, double dt,
                       std::span<const std::uint32_t> unplaced, bool unplacedChanged,
                       std::vector<sim::Contact>& contacts) {
  hasPrevious_ = previous.size() == s_.n;
  t0_ = t0;
  dt_ = dt;
  contacts_ = &contacts;
  // Without motion no certificate can have failed: only flips, walks and moving walls count.
  advanced_ = s_.clock.end() > s_.clock.start();
  nowTick_ = ticks_.beginStep(s_.clock, [&](auto&& f) {
    for (std::uint32_t p = 0; p < s_.n; ++p) {
      agentDue_[p] = f(agentDue_[p]);
      Entry* e = lists_.data(listRef_[p]);
      for (std::uint32_t k = 0, size = listRef_[p].size(); k < size; ++k) e[k].due = f(e[k].due);
    }
  });
  // By agent (patched() does not depend on the order of one agent's records). In place: a stable
  // sort took a buffer as large as the records (~1.4 MB at 100,000 agents among walls) from the
  // heap every step.
  std::sort(lost_.begin(), lost_.end(), [](const Lost& x, const Lost& y) {
    return std::tie(x.p, x.a, x.b, x.c, x.d) < std::tie(y.p, y.a, y.b, y.c, y.d);
  });
  std::size_t nextLost = 0;
  for (std::uint32_t p = 0; p < s_.n; ++p) {
    if (!s_.has(p, Shared::kEnabled) || !t_.placed(p)) continue;
    const bool force = forceAll_ || s_.has(p, Shared::kLosMoving);
    const bool due = force || s_.has(p, Shared::kPending) || (advanced_ && agentDue_[p] <= nowTick_);
    if (!due && !s_.has(p, Shared::kDirty)) continue;
    current_ = p;
    markedFor_ = kNone;
    lookups_ = 0;
    ++s_.counters.agentVisits;
    s_.counters.entriesScanned += listRef_[p].size();
    // The lists are kept in the order agents are visited (this order): reading them is then
    // reading memory in order (kinetic_list_pool.hpp).
    lists_.moveToEnd(listRef_[p]);
    out_.moveToEnd(outRef_[p]);
    if (s_.has(p, Shared::kPending)) beginAgent(p, true);  // flips may have appended duplicates
    scratch_.clear();
    while (nextLost < lost_.size() && lost_[nextLost].p < p) ++nextLost;
    agentLost_.clear();
    for (; nextLost < lost_.size() && lost_[nextLost].p == p; ++nextLost) agentLost_.push_back(lost_[nextLost]);
    if (due) evaluate(p, force);
    if (s_.has(p, Shared::kDirty)) {
      walk(p);
      scratch_.clear();
    }
    finishAgent(p);
    s_.unset(p, Shared::kDirty);
    // Lists moved to the end leave holes in pages that other lists still hold, and the pool grew
    // within the step until the compaction at its end: the heap's peak was 1,033 B per agent at
    // 1,000 agents, 985 with this (~1.4 compactions a step there; at 10,000 agents one every ~17
    // steps, at 100,000 one every ~30).
    compactLists(false, kInStepHoles);
  }
  for (std::uint32_t p : unplaced)
    if (s_.has(p, Shared::kEnabled)) directSets(p);
  fastMovers();
  if (!unplaced.empty() || unplacedChanged)
    for (std::uint32_t p = 0; p < s_.n; ++p)
      if (s_.has(p, Shared::kEnabled) && t_.placed(p)) rebuildOutput(p, unplaced);
  forceAll_ = false;
  lost_.clear();
  for (std::uint32_t u : byInsertion_) s_.unset(u, Shared::kByInsertion);
  byInsertion_.clear();
  contacts_ = nullptr;
  compactLists(false);
}

void NearSets::compactLists(bool always, std::size_t share) {
  if (always || lists_.wantsCompaction(share))
    lists_.compact([&](auto&& f) {
      for (auto& r : listRef_) f(r);
    });
  if (always || out_.wantsCompaction(share))
    out_.compact([&](auto&& f) {
      for (auto& r : outRef_) f(r);
    });
}

void NearSets::rebase(double shift) { ticks_.shiftEpoch(shift); }

std::size_t NearSets::memoryBytes() const {
  std::size_t bytes = lists_.memoryBytes() + out_.memoryBytes() + listRef_.capacity() * sizeof(Ref) +
                      outRef_.capacity() * sizeof(ListPool<sim::AgentIndex>::Ref) + agentDue_.capacity() * sizeof(Tick) +
                      watchesThisStep_.capacity() * sizeof(std::uint8_t) + mark_.capacity() * sizeof(std::uint64_t) +
                      staticHolders_.capacity() * sizeof(staticHolders_[0]) +
                      flipOrder_.capacity() * sizeof(Flip) + due_.capacity() * sizeof(std::uint32_t) +
                      dist_.capacity() * sizeof(double);
  for (const auto& h : staticHolders_) bytes += h.capacity() * sizeof(std::uint32_t);
  return bytes;
}

}  // namespace steer::environment::kinetic
