#pragma once
// The kinetic constrained Delaunay triangulation of the agents (Goldenstein et al. 2001, §5),
// on CGAL's Constrained_Delaunay_triangulation_2 with exact predicates. Internal header: the
// CGAL types stay inside the environment layer.
//
// Within a step every agent moves linearly from the position CGAL holds (its start) to
// Shared::pos (its end), τ ∈ [0, 1]. The certificates are the in-circle test of every flippable
// edge and the orientation of the apexes of every wall edge. Each edge keeps, in its two faces,
// the time on the motion clock (kinetic_clock.hpp) before which its certificate cannot fail; a
// step looks only at the certificates that came due, turns their failures inside the step into
// events, and processes the events in τ order by edge flips (exact confirmation, ties broken by
// vertex ids). At the end every vertex gets its end position, the faces around the certificates
// looked at are checked with exact predicates, and those certificates are scheduled again from
// their margins.
//
// The due times are found by a pass over the faces (a float comparison per edge, in the order
// CGAL stores them) rather than kept in a separate queue: a queue entry per edge cost more memory
// (~150 bytes per agent with its slack) and more cache misses than the pass.
#include <CGAL/Constrained_Delaunay_triangulation_2.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Triangulation_face_base_with_info_2.h>
#include <CGAL/Triangulation_vertex_base_with_info_2.h>

#include <array>
#include <cstdint>
#include <queue>
#include <span>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "kinetic_certificates.hpp"
#include "kinetic_shared.hpp"

namespace steer::environment::kinetic {

namespace cdt {
using K = CGAL::Exact_predicates_inexact_constructions_kernel;
struct VertexInfo {
  std::uint32_t id = kNone;  // internal vertex id
  // Shared::speed(id), kept here too (it fills the record's padding): a certificate's budget
  // then reads only the four vertex records it reads for the points, not four more lines.
  float speed = 0.0f;
};
struct FaceInfo {
  // The next check of each edge's certificate (16-bit ticks of the motion clock,
  // kinetic_clock.hpp), stored on both faces of the edge. New faces are due at once until
  // scheduled; kTickNow also marks an edge looked at in the current step, to be scheduled again
  // at its end. Six bytes: with CGAL's six handles and three constraint flags a face is then 64
  // bytes, one cache line (with float offsets it was 72, and every face read touched two lines).
  std::array<Tick, 3> due{kTickNow, kTickNow, kTickNow};
};

// CGAL's vertex and face records aligned to their size (32 and 64 bytes), so that no record
// straddles two cache lines: CGAL's containers allocate blocks of records, and an over-aligned
// record type gets aligned blocks.
template <class Vb0>
struct alignas(32) AlignedVertex : Vb0 {
  using Vb0::Vb0;
  template <class Tds2>
  struct Rebind_TDS {
    using Other = AlignedVertex<typename Vb0::template Rebind_TDS<Tds2>::Other>;
  };
};
template <class Fb0>
struct alignas(64) AlignedFace : Fb0 {
  using Fb0::Fb0;
  template <class Tds2>
  struct Rebind_TDS {
    using Other = AlignedFace<typename Fb0::template Rebind_TDS<Tds2>::Other>;
  };
};

using Vb = AlignedVertex<CGAL::Triangulation_vertex_base_with_info_2<VertexInfo, K>>;
using Fbi = CGAL::Triangulation_face_base_with_info_2<FaceInfo, K>;
using Fb = AlignedFace<CGAL::Constrained_triangulation_face_base_2<K, Fbi>>;
using Tds = CGAL::Triangulation_data_structure_2<Vb, Fb>;
using CDT = CGAL::Constrained_Delaunay_triangulation_2<K, Tds, CGAL::Exact_predicates_tag>;
using VH = CDT::Vertex_handle;
using FH = CDT::Face_handle;
using Point = K::Point_2;
}  // namespace cdt

/// One flip of the step: edge ab was replaced by edge cd (ids; kNone for the infinite vertex).
struct Flip {
  std::uint32_t a, b, c, d;
  auto operator<=>(const Flip&) const = default;
};

class Triangulation {
 public:
  explicit Triangulation(Shared& shared) : s_(shared) {}

  /// Builds from scratch: four far corners around [lo, hi] (so that no hull event ever happens),
  /// the wall segments as constraints, then every enabled agent in internal order. Static
  /// vertices get ids n, n+1, …; Shared::pos and Shared::speed are extended for them. Agents that
  /// sit exactly on a vertex or on a wall are left out and listed in `unplaced`.
  void build(const geometry::Vec2& lo, const geometry::Vec2& hi, const std::vector<geometry::Segment>& walls,
             std::vector<std::uint32_t>& unplaced);
  /// Per wall given to build(): how far its constraint pieces may stray from it (wall_split.hpp);
  /// an agent within that of the wall may be on the other side of a piece than of the wall.
  const std::vector<double>& wallStraying() const { return wallStraying_; }
  std::size_t vertexCount() const { return handle_.size(); }
  bool placed(std::uint32_t id) const { return handle_[id] != cdt::VH(); }
  /// The position CGAL holds (the start of the step until finish()).
  geometry::Vec2 point(std::uint32_t id) const {
    const auto& p = handle_[id]->point();
    return {p.x(), p.y()};
  }
  /// The agents whose vertices lie within `radius` of the position vertex `from` holds (after
  /// finish(): its end position), walls or not, appended to `out` (`from` included): a walk over
  /// the faces that meet the disc, from those around `from`, across constrained edges too. (The
  /// faces that meet a disc are connected through the edges that meet it.)
  void agentsInDisc(std::uint32_t from, double radius, std::vector<std::uint32_t>& out);
  /// Whether vertices u and w are joined by an edge.
  bool adjacent(std::uint32_t u, std::uint32_t w) const { return cdt_.is_edge(handle_[u], handle_[w]); }
  /// Calls f(id) for every finite neighbour of vertex `id`.
  template <class F>
  void forNeighbors(std::uint32_t id, F&& f) const {
    auto vc = cdt_.incident_vertices(handle_[id]), done = vc;
    do {
      if (!cdt_.is_infinite(vc)) f(vc->info().id);
    } while (++vc != done);
  }
  /// Calls f(id) for the finite neighbours of `id` until f returns true; returns whether it did
  /// (stops early: at 100,000 agents each further neighbour is a face read from memory).
  template <class F>
  bool anyNeighbor(std::uint32_t id, F&& f) const {
    auto vc = cdt_.incident_vertices(handle_[id]), done = vc;
    do {
      if (!cdt_.is_infinite(vc) && f(vc->info().id)) return true;
    } while (++vc != done);
    return false;
  }
  /// Calls f(id) for the finite neighbours of `id` in counter-clockwise order, with kNone for the
  /// infinite vertex (so that runs along the link can be told apart).
  template <class F>
  void forLink(std::uint32_t id, F&& f) const {
    auto vc = cdt_.incident_vertices(handle_[id]), done = vc;
    do {
      f(cdt_.is_infinite(vc) ? kNone : vc->info().id);
    } while (++vc != done);
  }

  /// A step begins (after the clock's begin()): until finish(), CGAL holds the start positions
  /// (certificates scheduled in between run from the start of the step).
  void beginStep();
  /// The certificates that came due and their failures in τ order, repaired by flips.
  void sweep();
  /// Moves every vertex to its end position, checks the faces around the certificates looked at
  /// (fold-overs: false, the caller rebuilds), repairs any edge that is not locally Delaunay
  /// with exact predicates, and schedules those certificates again.
  bool finish();
  /// The flips of this step (sweep and finish), in the order they were made; cleared by
  /// beginStep(). The near sets take them in one batch, in space order (see NearSets::flipsDone).
  std::span<const Flip> flips() const { return flips_; }
  /// Takes an agent out (disabled, or its step crosses a wall); `neighbours` gets its former
  /// neighbours.
  void removeAgent(std::uint32_t id, std::vector<std::uint32_t>& neighbours);
  /// Inserts an agent at Shared::pos; false (and nothing changes) when a vertex already sits
  /// there or the point lies on a wall. `neighbours` gets its new neighbours.
  bool insertAgent(std::uint32_t id, std::vector<std::uint32_t>& neighbours);
  /// Moves every stored due time by −shift (the clock's epoch moved).
  void rebase(double shift);

  /// CGAL's is_valid(), every finite face positively oriented, every flippable edge locally
  /// constrained Delaunay (exact predicates) and every placed agent at Shared::pos.
  bool valid() const;
  std::size_t memoryBytes() const;

 private:
  // The events of one edge the sweep looks at in a step (see sweep()): a real edge has one or two.
  static constexpr std::uint32_t kEventsPerEdge = 4;
  struct Event {
    double tau, probe;
    std::uint32_t a, b, c, d;  // the quadrilateral whose certificate fails: edge ab, apexes c, d
    cdt::FH face;
    int index;
    // Deterministic order for simultaneous events: time, then the vertex ids.
    bool operator>(const Event& o) const {
      return std::tie(tau, a, b, c, d) > std::tie(o.tau, o.a, o.b, o.c, o.d);
    }
  };

  std::uint32_t idOf(cdt::VH v) const { return cdt_.is_infinite(v) ? kNone : v->info().id; }
  Motion motionOf(cdt::VH v) const;
  bool certifiable(cdt::FH f, int i) const { return !cdt_.is_infinite(f) && !cdt_.is_infinite(f->neighbor(i)); }
  void setDue(cdt::FH f, int i, Tick due);
  Tick dueIn(double budget) const;  // the tick `budget` of clock after the positions CGAL holds
  bool sameQuad(const Event& ev) const;  // the event's edge and apexes are still those of its slot
  void prefetch(const Event& ev, int stage) const;
  void certifyInStep(cdt::FH f, int i, double tau0);
  double budget(cdt::FH f, int i, double& margin) const;
  void schedule(cdt::FH f, int i);
  void scheduleAround(cdt::VH v);
  bool faceOk(cdt::FH f) const;
  void flip(cdt::FH f, int i);
  // Calls f(face) once for every finite face that may hold a due certificate: one with an agent
  // corner (a quadrilateral of four static points never changes). In a world of few agents
  // among many static vertices (a maze of walls) the faces around the agents, each from its
  // lowest agent corner; otherwise every finite face, in memory order.
  template <class F>
  // loadRecords: in the pass over every face, load the corners' vertices and end positions ahead.
  void forFacesWithAgents(F&& f, bool loadRecords = false);
  // A face with no agent corner (its certificates cannot fail).
  bool allStatic(cdt::FH f) const;

  Shared& s_;
  cdt::CDT cdt_;
  std::vector<cdt::VH> handle_;  // by vertex id
  std::vector<double> wallStraying_;
  // The events found by the pass over due certificates, sorted once (so that the ones coming
  // next are known, and what they read is loaded ahead), and the events found while processing
  // them (a heap); the sweep takes the earlier of the two heads.
  std::vector<Event> initial_;
  // sweep(): the events of each edge (lower id << 32 | higher id) in this step, confirmed or not.
  std::unordered_map<std::uint64_t, std::uint32_t> edgeEvents_;
  std::vector<cdt::FH> discFaces_, discStack_;  // agentsInDisc()
  std::unordered_set<const void*> discSeen_;     // agentsInDisc() beyond a few faces
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> events_;
  bool collecting_ = false;
  std::vector<std::pair<cdt::VH, cdt::VH>> work_, done_;
  std::vector<std::pair<cdt::VH, cdt::VH>> staticNow_;  // see finish()
  std::vector<std::uint32_t> folded_;
  std::vector<Flip> flips_;
  bool sweeping_ = false;
  bool atEnd_ = true;  // CGAL holds the end positions of the step (or the clock stands still)
  TickScale ticks_;
  Tick nowTick_ = kTickNow;  // the step's end, in ticks
  // forFacesWithAgents() walks around the agents: more than twice as many static vertices as
  // agents (set by build()).
  bool aroundAgents_ = false;
};

}  // namespace steer::environment::kinetic
