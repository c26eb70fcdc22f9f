#pragma once
// The near environment of every agent (Goldenstein et al. 2001, A.3.1 and Lemma 1) on top of the
// kinetic CDT: the approachable set A_p (vertices reachable from p by a path of the triangulation
// inside the near disc C_p) and the watched set W_p (the outer end points of the properly
// crossing edges E_p), with one certificate per pair and its own next-check time.
//
// Per agent p one list holds an entry per vertex q it tracks, with flags:
//   A     q ∈ A_p: inside C_p and approachable. Certificate: |p − q| ≤ r_p (q may exit).
//   W     q ∈ W_p: adjacent to A_p ∪ {p} but outside C_p (or inside but not approachable, behind a
//         wall). Certificate: |p − q| > r_p (q may enter).
//   VIS   q ∈ A_p is an enabled agent that p can see (the segment pq meets no wall): q is one of
//         p's neighbours. Certificate (when walls are near): the sight margin (certificates.hpp).
//   HELD  p ∈ A_q: q holds p. No certificate of its own; it answers "which agents hold p", which
//         a flip needs (Lemma 1), without a second per-vertex list.
// An A or W entry of an agent pair also carries the contact certificate |p − q| vs r_p + r_q, so
// that continuous collision detection looks only at pairs that could touch.
//
// Each entry's next check is the clock time before which none of its certificates can fail
// (margin / the pair's speed bound); an agent is looked at in a step only when one of its entries
// came due or a flip touched its set, and then only those entries are evaluated. The work thus
// follows the motion: it is proportional to the certificates that could have failed.
//
// Updates (A.3.1): on a flip, the new edge's far end is watched by every agent holding the near
// end; an entering vertex joins A_p with its inside neighbours, recursively; an exit removes one
// vertex. Without a wall within r_p the inside of C_p is connected in the triangulation (the
// Delaunay graph restricted to a disc is connected), so these steps are the whole update. With a
// wall within r_p a lost edge or an exit may cut paths; the agent's A_p is then recomputed by a
// walk of the triangulation inside C_p (O(|A_p|), local).
#include <cstdint>
#include <span>
#include <vector>

#include "kinetic_list_pool.hpp"
#include "kinetic_shared.hpp"
#include "kinetic_triangulation.hpp"
#include "steer/sim/neighbor_provider.hpp"

namespace steer::environment::kinetic {

class NearSets {
 public:
  /// What the near sets need of the obstacle pieces: the segments that may block sight in C_p.
  struct Sight {
    virtual std::span<const sim::PieceIndex> sightPieces(std::uint32_t agent) const = 0;

   protected:
    ~Sight() = default;
  };

  NearSets(Shared& shared, const Triangulation& triangulation, const Sight& sight)
      : s_(shared), t_(triangulation), sight_(sight) {}

  /// Computes every near set from scratch (after the triangulation was built).
  void build();
  /// A vertex is leaving the triangulation (disabled agent, or an agent whose step crosses a
  /// wall): the sets that held it drop it. Call before the removal, with its neighbours in
  /// counter-clockwise order; then vertexLeft() after it.
  void vertexLeaving(std::uint32_t id, std::span<const std::uint32_t> link);
  void vertexLeft(std::span<const std::uint32_t> link);
  /// A vertex was inserted (after the step's flips) with these neighbours.
  void vertexArrived(std::uint32_t id, std::span<const std::uint32_t> neighbours);
  /// Agents flagged kFast jumped (left and arrive elsewhere, outside the motion clock): every
  /// entry of theirs in another agent's list comes due now. Its due time assumed they move
  /// within their speed bound, and not every list that holds one is found from the triangulation
  /// (a watch is pruned only when it comes due). One pass over every list.
  void jumped();
  /// Marks agent p for a walk (radius changed, walls appeared or went, ...).
  void markDirty(std::uint32_t p) { s_.set(p, Shared::kDirty); }
  /// Looks at every certificate of every agent in the next process() (bodies changed).
  void forceAll() { forceAll_ = true; }

  /// The step's flips (Triangulation::flips(), after finish()), told in one batch. The near
  /// sets do not change during the sweep and a flip's update reads only which agents hold its
  /// corners, so the order does not matter for the result; in space order (the internal ids),
  /// consecutive flips read the same agents' lists, where in τ order each flip was somewhere
  /// else in memory (at 100,000 agents the flips cost 3-4 times as much per flip as at 1,000).
  void flipsDone(std::span<const Flip> flips);

  /// End of the step: the due certificates, the pending flip notifications, the walks; contacts
  /// between agent pairs found on the way are appended to `contacts`. `unplaced` are agents off
  /// the triangulation (checked directly); `previous` the positions at the start of the step by
  /// external index; `t0`, `dt` the step's start time and length.
  void process(std::span<const sim::Vec3> previous, double t0, double dt, std::span<const std::uint32_t> unplaced,
               bool unplacedChanged, std::vector<sim::Contact>& contacts);

  /// After process(): the contacts agent p began in the step with each agent of `others`
  /// (internal ids; p itself is skipped), appended to `contacts`, as the pair certificates find
  /// them (a pair looked at from both sides gives the same contact).
  void pairContacts(std::uint32_t p, std::span<const std::uint32_t> others, std::vector<sim::Contact>& contacts);
  /// Sorted external ids of agent p's neighbours (internal p).
  std::span<const sim::AgentIndex> neighbours(std::uint32_t p) const { return out_.view(outRef_[p]); }
  /// Drops p's sets (disabled agent).
  void clearAgent(std::uint32_t p);
  /// Moves every stored due time by −shift (the clock's epoch moved).
  void rebase(double shift);
  std::size_t memoryBytes() const;
  /// Full check (slow, for tests): for every agent in the triangulation, A_p is exactly the set
  /// of vertices reached from p by paths of the triangulation inside C_p, every outer end of an
  /// edge from A_p ∪ {p} is watched, and "p holds q" is recorded exactly for q ∈ A_p.
  bool consistent() const;

 private:
  // Packed: 6 bytes, and there are tens per agent.
  struct __attribute__((packed)) Entry {
    std::uint32_t key;  // vertex id | flags
    Tick due;           // the next check (TickScale)
  };
  using Ref = ListPool<Entry>::Ref;
  static constexpr std::uint32_t kA = 1u << 31, kW = 1u << 30, kVis = 1u << 29, kHeld = 1u << 28;
  static constexpr std::uint32_t kNew = 1u << 27;  // watched by a flip of this step (until evaluate())
  static constexpr std::uint32_t kIdMask = (1u << 27) - 1;
  static constexpr std::uint32_t kOwn = kA | kW;
  static std::uint32_t idOf(const Entry& e) { return e.key & kIdMask; }

  bool walls(std::uint32_t p) const { return s_.has(p, Shared::kWalls) || s_.has(p, Shared::kWallsNow); }
  // Edge ab was replaced by cd (a flip, or an edge made by a removal or an insertion).
  void flipped(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d);
  bool live(std::uint32_t q) const { return !s_.isAgent(q) || (s_.has(q, Shared::kEnabled) && t_.placed(q)); }
  // Index of an entry of q with all of `flags` in p's list, or kNone.
  std::uint32_t find(std::uint32_t p, std::uint32_t q, std::uint32_t flags = 0) const;
  template <class F>
  void forHolders(std::uint32_t x, F&& f) const;  // agents p with x ∈ A_p
  void setHeld(std::uint32_t q, std::uint32_t p);    // q joined A_p
  void clearHeld(std::uint32_t q, std::uint32_t p);  // q left A_p
  void watchAfterFlip(std::uint32_t p, std::uint32_t y);
  struct Lost {  // agent p (a wall within r_p) lost the edge ab between members; cd replaced it
    std::uint32_t p, a, b, c, d;
  };
  bool patched(std::uint32_t p, const Lost& lost);
  std::uint64_t nextStamp();  // a fresh mark_ stamp (<< 32)
  // Starts loading the first lines of agent p's list (read a little later).
  void prefetchList(std::uint32_t p) const {
    const char* d = reinterpret_cast<const char*>(lists_.data(listRef_[p]));
    if (d == nullptr) return;
    const std::size_t bytes = listRef_[p].size() * sizeof(Entry);
    for (std::size_t o = 0; o < bytes; o += 64) __builtin_prefetch(d + o);
  }
  void touch(std::uint32_t p) {
    s_.set(p, Shared::kPending);
    agentDue_[p] = kTickNow;
  }

  // Looking at one agent (current_): lookups by vertex id scan its list until there have been
  // enough of them to pay for indexing the whole list in mark_ (walks do it at once).
  void beginAgent(std::uint32_t p, bool merge = false);  // indexes p's list (merging flips' watches)
  std::uint32_t lookup(std::uint32_t q);
  std::uint32_t append(std::uint32_t p, std::uint32_t key);
  void dropEntry(std::uint32_t p, std::uint32_t k);
  void evaluate(std::uint32_t p, bool force);
  bool exitsKeepMembersConnected(std::uint32_t p);
  bool exitsTouchInsertion(std::uint32_t p) const;
  bool oneRun(std::uint32_t p, std::span<const std::uint32_t> link) const;
  double measure(std::uint32_t p, std::uint32_t y, std::uint32_t& j);  // distance; appends y if new
  void enter(std::uint32_t p, std::uint32_t k);
  void exit(std::uint32_t p, std::uint32_t k);
  void walk(std::uint32_t p);
  bool visible(std::uint32_t p, std::uint32_t q, double& margin) const;
  void setVisible(std::uint32_t p, std::uint32_t k, bool visible);
  Tick dueOf(std::uint32_t p, const Entry& e, double d, double sightMargin) const;
  void reschedule(std::uint32_t p, std::uint32_t k);
  void finishAgent(std::uint32_t p);
  void pairContact(std::uint32_t p, std::uint32_t q, double d);  // d: their distance at the end
  void rebuildOutput(std::uint32_t p, std::span<const std::uint32_t> unplaced);
  void directSets(std::uint32_t p);  // an agent off the triangulation: by brute force
  void reportDirect(std::uint32_t p, std::uint32_t q);  // q to p's output if near and in sight
  void fastMovers();                 // agents that moved more than half their near radius
  // Slides the lists over their holes: always, or when they are more than 1/share of the pages.
  void compactLists(bool always, std::size_t share = 16);

  Shared& s_;
  const Triangulation& t_;
  const Sight& sight_;
  ListPool<Entry> lists_;
  std::vector<Ref> listRef_;                           // per agent
  ListPool<sim::AgentIndex> out_;
  std::vector<ListPool<sim::AgentIndex>::Ref> outRef_;  // per agent: sorted external ids
  std::vector<Tick> agentDue_;                         // per agent: earliest due entry
  std::vector<std::uint8_t> watchesThisStep_;          // per agent: watchAfterFlip() appends since its last look
  static constexpr std::uint8_t kMaxWatchesPerStep = 32;
  TickScale ticks_;
  Tick nowTick_ = kTickNow;                            // the step's end, in ticks
  std::vector<std::vector<std::uint32_t>> staticHolders_;  // per static vertex: agents holding it
  std::vector<std::uint64_t> mark_;                    // per vertex: stamp << 32 | entry index
  std::uint32_t markStamp_ = 0;
  std::uint32_t current_ = kNone, markedFor_ = kNone, lookups_ = 0;
  // The earliest due time of the current agent's list when evaluate() saw every change to it
  // (kNoEarliest: finishAgent scans the list).
  static constexpr std::uint32_t kNoEarliest = 0x10000;
  std::uint32_t earliest_ = kNoEarliest;
  bool forceAll_ = false, advanced_ = false;

  // The step being processed.
  bool hasPrevious_ = false;  // start positions given (Shared::Vertex::prev)
  double t0_ = 0.0, dt_ = 0.0;
  std::vector<sim::Contact>* contacts_ = nullptr;
  std::vector<std::uint32_t> stack_, exits_, enters_, scratch_, flipScratch_, neighbourScratch_;
  std::vector<std::uint32_t> due_;  // evaluate(): indices of the entries that came due
  std::vector<double> dist_;        // evaluate(): their distances
  std::vector<std::uint32_t> heldScratch_;  // flipped(): one corner's holders
  std::vector<Flip> flipOrder_;             // flipsDone(): the step's flips in space order
  std::size_t flipCount_ = 0;             // flipped(): agents in flipScratch_
  std::vector<Lost> lost_;
  std::vector<std::uint32_t> byInsertion_;  // agents marked Shared::kByInsertion in this step
  std::vector<Lost> agentLost_;  // the current agent's lost edges
  std::vector<std::uint8_t> oldFlags_;
  std::vector<geometry::Segment> sightScratch_;
};

}  // namespace steer::environment::kinetic
