// Near sets of the kinetic provider while the triangulation changes (Goldenstein et al. 2001,
// A.3.1 and Lemma 1): a flip's new edge makes its far end watched by the agents holding its near
// end, and a lost edge between members is recorded for the agents with a wall in their disc; a
// vertex leaving the triangulation is dropped from the sets that held it, and one arriving is
// told like the new edges it brings. The end-of-step update of each agent is in
// kinetic_near_sets.cpp.
#include <algorithm>
#include <vector>

#include "kinetic_near_sets.hpp"

namespace steer::environment::kinetic {

template <class F>
void NearSets::forHolders(std::uint32_t x, F&& f) const {
  if (s_.isAgent(x)) {
    const Entry* e = lists_.data(listRef_[x]);
    const std::uint32_t size = listRef_[x].size();
    for (std::uint32_t k = 0; k < size; ++k)
      if (e[k].key & kHeld) f(e[k].key & kIdMask);
  } else {
    for (std::uint32_t p : staticHolders_[x - s_.n]) f(p);
  }
}

// =============================================================================================
// Flips and vertices leaving or arriving (during the structure's update).

void NearSets::flipped(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
  // Who holds (or is) each corner of the quadrilateral: one look at the four lists, marked in
  // mark_ (stamp, then one bit per corner).
  const std::uint64_t stamp = nextStamp();
  enum : std::uint32_t { kHoldsA = 1, kHoldsB = 2, kHoldsC = 4, kHoldsD = 8 };
  // Without branches on the data (about half the entries are holders, half of the holders were
  // seen at an earlier corner: branches on them were mispredicted every other time).
  const auto note = [&](std::uint32_t p, std::uint32_t bit) {
    const std::uint64_t m = mark_[p];
    const bool fresh = (m & ~std::uint64_t{0xffffffff}) != stamp;
    mark_[p] = (fresh ? stamp : m) | bit;
    flipScratch_[flipCount_] = p;
    flipCount_ += fresh ? 1 : 0;
  };
  const std::uint32_t corner[4] = {a, b, c, d};
  // The four holder lists are read one after the other: start loading them all first, so that
  // their cache misses overlap (at 100,000 agents the structure is far beyond the cache).
  std::size_t most = 4;
  for (std::uint32_t x : corner) {
    if (x == kNone) continue;
    if (s_.isAgent(x)) {
      prefetchList(x);
      most += listRef_[x].size();
    } else {
      most += staticHolders_[x - s_.n].size();
    }
  }
  if (flipScratch_.size() < most) flipScratch_.resize(most);
  flipCount_ = 0;
  for (std::uint32_t k = 0; k < 4; ++k) {
    const std::uint32_t x = corner[k];
    if (x == kNone) continue;
    if (s_.isAgent(x)) {
      const Entry* e = lists_.data(listRef_[x]);
      const std::uint32_t size = listRef_[x].size();
      // The holders, gathered first (a store per entry, kept when it is one).
      std::uint32_t* held = heldScratch_.data();
      if (heldScratch_.size() < size) {
        heldScratch_.resize(size);
        held = heldScratch_.data();
      }
      std::uint32_t count = 0;
      for (std::uint32_t j = 0; j < size; ++j) {
        held[count] = e[j].key & kIdMask;
        count += (e[j].key & kHeld) ? 1 : 0;
      }
      for (std::uint32_t j = 0; j < count; ++j) note(held[j], 1u << k);
      note(x, 1u << k);  // an agent "holds" itself here: A_p ∪ {p}
    } else {
      for (std::uint32_t p : staticHolders_[x - s_.n]) note(p, 1u << k);
    }
  }
  for (std::size_t j = 0; j < flipCount_; ++j) {
    const std::uint32_t p = flipScratch_[j];
    if (!s_.has(p, Shared::kEnabled) || s_.has(p, Shared::kDirty)) continue;
    const auto bits = static_cast<std::uint32_t>(mark_[p]);
    // The new edge cd: an agent holding one end watches the other, unless it holds that too.
    // Without a wall in C_p it also does not need to when it holds a or b: the quadrilateral's
    // edges ad, bd (ac, bc) ended at members then, so the far end is already watched or a member.
    const bool viaAB = (bits & (kHoldsA | kHoldsB)) != 0 && !walls(p);
    if ((bits & kHoldsC) && !(bits & kHoldsD) && !viaAB && d != kNone) watchAfterFlip(p, d);
    if ((bits & kHoldsD) && !(bits & kHoldsC) && !viaAB && c != kNone) watchAfterFlip(p, c);
    // The lost edge ab: near a wall it may have been a path between members of A_p ∪ {p}.
    // Recorded, and looked at once the step's exits are known (patched).
    if ((bits & kHoldsA) && (bits & kHoldsB) && walls(p)) {
      lost_.push_back({p, a, b, c, d});
      touch(p);
    }
  }
}

void NearSets::flipsDone(std::span<const Flip> flips) {
  flipOrder_.assign(flips.begin(), flips.end());
  // By the lowest corner id (agents are numbered in space order), then the whole flip: a
  // deterministic order whatever order the sweep found them in.
  const auto lowest = [](const Flip& f) { return std::min({f.a, f.b, f.c, f.d}); };
  std::sort(flipOrder_.begin(), flipOrder_.end(), [&](const Flip& x, const Flip& y) {
    const std::uint32_t lx = lowest(x), ly = lowest(y);
    return lx != ly ? lx < ly : x < y;
  });
  for (const Flip& f : flipOrder_) flipped(f.a, f.b, f.c, f.d);
}

// y is a new neighbour of a member of A_p ∪ {p} (and not itself a member): it must be watched.
// Appended without looking whether p already tracks it (that scan of another agent's list was
// the costliest part of a flip): the entry is due at once and beginAgent(p, true) merges duplicates. Near
// a wall an already watched y may sit inside C_p without being approachable; the new edge may
// make it approachable, and the merged entry is looked at again, as needed.
//
// Degenerate motion can flip the edges around one agent many times in one step (a ring of
// agents contracting: all cocircular at the start, the triangulation a fan): each flip appended
// a watch, and each later flip at a corner scanned that corner's grown list, so one step of
// 2,000 agents on a ring took 12 s. Past kMaxWatchesPerStep appends the agent is walked instead
// (O(|A_p|), from the triangulation at the end of the step) and takes no more watches.
void NearSets::watchAfterFlip(std::uint32_t p, std::uint32_t y) {
  if (y == p || !s_.has(p, Shared::kEnabled) || s_.has(p, Shared::kDirty)) return;
  lists_.push_back(listRef_[p], {y | kW | kNew, kTickNow});
  touch(p);
  if (++watchesThisStep_[p] > kMaxWatchesPerStep) markDirty(p);
}

// A vertex leaves the triangulation (a disabled agent, or one whose step crosses a wall), before
// CGAL removes it: the sets that held it drop it. Without a wall in C_p the rest stays
// approachable (the disc Lemma holds for the triangulation without it); near a wall, paths
// through it go around it if its member neighbours form one run (its link's edges stay),
// otherwise the agent walks. `link`: its neighbours in counter-clockwise order.
void NearSets::vertexLeaving(std::uint32_t id, std::span<const std::uint32_t> link) {
  std::vector<std::uint32_t> holders;
  forHolders(id, [&](std::uint32_t p) { holders.push_back(p); });
  for (std::uint32_t p : holders) {
    const std::uint32_t k = find(p, id, kA);
    if (k == kNone) continue;
    if (walls(p) && !oneRun(p, link)) markDirty(p);
    Entry& e = lists_.data(listRef_[p])[k];
    if (e.key & kVis) {
      auto& ref = outRef_[p];
      const auto v = out_.view(ref);
      const auto it = std::lower_bound(v.begin(), v.end(), s_.ext(id));
      if (it != v.end() && *it == s_.ext(id)) out_.eraseAt(ref, static_cast<std::uint32_t>(it - v.begin()));
    }
    e.key &= ~(kA | kVis | kW);
    if (!(e.key & kHeld)) lists_.swapErase(listRef_[p], k);
  }
  if (s_.isAgent(id)) clearAgent(id);
  else staticHolders_[id - s_.n].clear();
}

void NearSets::jumped() {
  for (std::uint32_t p = 0; p < s_.n; ++p) {
    Entry* e = lists_.data(listRef_[p]);
    bool any = false;
    for (std::uint32_t k = 0, size = listRef_[p].size(); k < size; ++k) {
      const std::uint32_t q = e[k].key & kIdMask;
      if ((e[k].key & kOwn) && s_.isAgent(q) && s_.has(q, Shared::kFast)) {
        e[k].due = kTickNow;
        any = true;
      }
    }
    if (any) touch(p);
  }
}

// After the removal: CGAL filled the hole with edges between the former neighbours; each new one
// is told like a flip's new edge (a pair that was an edge already costs a look, nothing more).
void NearSets::vertexLeft(std::span<const std::uint32_t> link) {
  for (std::uint32_t u : link) {
    if (u == kNone) continue;
    neighbourScratch_.clear();
    t_.forNeighbors(u, [&](std::uint32_t w) { neighbourScratch_.push_back(w); });
    for (std::uint32_t w : neighbourScratch_)
      if (u < w && std::find(link.begin(), link.end(), w) != link.end()) flipped(kNone, kNone, u, w);
  }
}

// A vertex was inserted (after the step's flips, at end positions). Its new edges are told like
// flips' new edges, so the agents holding its neighbours watch it, and it enters where it is
// inside. The edges the insertion removed joined two of its new neighbours (`neighbours`, in
// counter-clockwise order): near a wall, a path that used one goes through the new vertex when
// it is inside C_p (then it joins A_p: it is a neighbour of members), or along the ring of its
// neighbours when the members among them form one run; otherwise that agent walks.
void NearSets::vertexArrived(std::uint32_t id, std::span<const std::uint32_t> neighbours) {
  if (s_.isAgent(id)) markDirty(id);
  // The removed edges joined two of these (see exitsTouchInsertion).
  for (std::uint32_t u : neighbours)
    if (s_.isAgent(u) && !s_.has(u, Shared::kByInsertion)) {
      s_.set(u, Shared::kByInsertion);
      byInsertion_.push_back(u);
    }
  for (std::uint32_t u : neighbours) flipped(kNone, kNone, u, id);
  auto nearWall = [&](std::uint32_t p) {
    if (!walls(p) || !s_.has(p, Shared::kEnabled) || s_.has(p, Shared::kDirty)) return;
    if (s_.distance(p, id) > s_.radius[p] && !oneRun(p, neighbours)) markDirty(p);
    else s_.set(p, Shared::kInserted);
  };
  for (std::uint32_t u : neighbours) {
    if (s_.isAgent(u)) nearWall(u);
    forHolders(u, nearWall);
  }
}

}  // namespace steer::environment::kinetic
