// The kinetic constrained Delaunay near-environment (Goldenstein et al. 2001, §5, A.3.1 and
// Lemma 1). See kinetic_provider.hpp for the scheme; the comments here say why each step is
// there. CGAL types stay in this file.
#include "steer/environment/kinetic_provider.hpp"

#include <CGAL/Constrained_Delaunay_triangulation_2.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Triangulation_face_base_with_info_2.h>
#include <CGAL/Triangulation_vertex_base_with_info_2.h>
#include <CGAL/spatial_sort.h>
#include <CGAL/Spatial_sort_traits_adapter_2.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <queue>
#include <stdexcept>

#include "kinetic_calendar.hpp"
#include "kinetic_certificates.hpp"
#include "kinetic_piece_index.hpp"
#include "steer/geometry/distance.hpp"

namespace steer::environment {

namespace {

using K = CGAL::Exact_predicates_inexact_constructions_kernel;
constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

struct VertexInfo {
  std::uint32_t id = kNone;  // agents: their index; static vertices: n + k
};
struct FaceInfo {
  // The stamp of each edge's live certificate, stored on both faces of the edge. A queue entry
  // whose stamp differs was superseded (the edge was re-certified after a flip nearby).
  std::array<std::uint32_t, 3> stamp{0, 0, 0};
};
using Vb = CGAL::Triangulation_vertex_base_with_info_2<VertexInfo, K>;
using Fbi = CGAL::Triangulation_face_base_with_info_2<FaceInfo, K>;
using Fb = CGAL::Constrained_triangulation_face_base_2<K, Fbi>;
using Tds = CGAL::Triangulation_data_structure_2<Vb, Fb>;
using CDT = CGAL::Constrained_Delaunay_triangulation_2<K, Tds, CGAL::Exact_predicates_tag>;
using VH = CDT::Vertex_handle;
using FH = CDT::Face_handle;
using Point = K::Point_2;
using geometry::Vec2;
using kinetic::Motion;
using sim::AgentIndex;
using sim::PieceIndex;

Vec2 toVec(const Point& p) { return {p.x(), p.y()}; }
Point toPoint(const Vec2& v) { return {v.x(), v.y()}; }

struct EdgeEntry {
  double due;
  std::uint32_t a, b, stamp;
};
struct AgentEntry {
  double due;
  std::uint32_t agent, stamp;
};
struct Event {
  double tau, probe;
  std::uint32_t a, b, stamp;
  // Deterministic order for simultaneous events: time, then the vertex ids.
  bool operator>(const Event& o) const {
    if (tau != o.tau) return tau > o.tau;
    if (a != o.a) return a > o.a;
    if (b != o.b) return b > o.b;
    return stamp > o.stamp;
  }
};

template <class T>
bool contains(const std::vector<T>& v, T x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}
template <class T>
void eraseValue(std::vector<T>& v, T x) {
  auto it = std::find(v.begin(), v.end(), x);
  if (it != v.end()) {
    *it = v.back();
    v.pop_back();
  }
}

}  // namespace

struct KineticProvider::Impl {
  // --- triangulation -------------------------------------------------------------------------
  CDT cdt;
  std::size_t n = 0;                 // agents
  std::vector<VH> handle;            // by vertex id (agents, then static vertices)
  std::vector<Vec2> p1;              // end-of-step position per agent
  std::vector<char> moving;          // agent moved in this step (in the triangulation)
  std::vector<char> movedNow;        // agent's position differs from `previous` (contacts)
  std::vector<double> speed;         // speed bound per vertex id (0 for static vertices)
  std::uint32_t nextStamp = 0;
  double clock = 0.0;                // motion clock (s at full speed)
  double clockEnd = 0.0;
  double scheduleBase = 0.0;         // clock time of the positions CGAL holds now
  double lastTime = 0.0;
  kinetic::Calendar<EdgeEntry> edgeQueue;
  kinetic::Calendar<AgentEntry> agentQueue;
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> events;
  std::vector<EdgeEntry> touched;    // edges certified this step (rescheduled at its end)
  bool sweeping = false;             // inside the τ sweep: agent vertices still hold p0

  // --- near sets -----------------------------------------------------------------------------
  const sim::World* world = nullptr;
  std::vector<double> radius;                   // r_p the sets were built for
  std::vector<sim::Vec3> pos;                   // agent positions of this call (copies)
  std::vector<std::vector<std::uint32_t>> A;    // approachable vertex ids per agent
  std::vector<std::vector<std::uint32_t>> W;    // watched outside vertex ids (ends of E_p)
  std::vector<std::vector<std::uint32_t>> inA;  // per vertex id: agents whose A holds it
  std::vector<std::uint32_t> agentStamp;
  std::vector<char> constrained;                // a static wall within r_p
  std::vector<char> constrainedNow;
  std::vector<char> dirty, check, listDirty;
  std::vector<std::uint32_t> dirtyList, checkList;
  std::vector<std::vector<PieceIndex>> walls;   // segment pieces within r_p (line of sight)
  std::vector<std::vector<AgentIndex>> nbrs;
  std::vector<std::vector<PieceIndex>> obst;
  std::vector<sim::Contact> contacts;
  // Agents kept out of the triangulation because they sit exactly on a wall or on another
  // vertex (a vertex on a constraint would split it and change what the CDT means). They are
  // handled by direct checks, O(n) each, and tried again every step.
  std::vector<std::uint32_t> unplaced;
  bool hadUnplaced = false;
  kinetic::PieceIndex pieceIndex;
  std::vector<PieceIndex> movingPieces;
  std::vector<std::uint64_t> mark;
  std::uint64_t markStamp = 0;
  KineticCounters counters;

  // --- scratch -------------------------------------------------------------------------------
  std::vector<std::uint32_t> stack, enters, exits;
  std::vector<EdgeEntry> due;
  std::vector<AgentEntry> dueAgents;
  std::vector<PieceIndex> candScratch;
  std::vector<geometry::Segment> sightScratch;

  // ===========================================================================================
  // Vertex positions.
  bool isAgent(std::uint32_t id) const { return id < n; }
  std::uint32_t idOf(VH v) const { return cdt.is_infinite(v) ? kNone : v->info().id; }
  Motion motionOf(VH v) const {
    const Vec2 p0 = toVec(v->point());
    const std::uint32_t id = v->info().id;
    if (sweeping && isAgent(id) && moving[id]) return {p0, p1[id] - p0};
    return {p0, Vec2::Zero()};
  }
  Vec2 at(VH v, double tau) const { return motionOf(v).at(tau); }
  // Positions copied into one dense array at the start of each call: the near-set checks read
  // them in the order of the triangulation's neighbourhoods, and sim::Agent records are large.
  const sim::Vec3& agentPos(std::uint32_t agent) const { return pos[agent]; }
  void copyPositions() {
    pos.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) pos[i] = world->agents[i].state.position;
  }
  // The brute-force oracle's expression, so that inside/outside agree bit for bit.
  double distance(std::uint32_t p, std::uint32_t q) const {
    if (isAgent(q)) return (agentPos(q) - agentPos(p)).norm();
    return (geometry::lift(toVec(handle[q]->point())) - agentPos(p)).norm();
  }
  bool inside(std::uint32_t p, std::uint32_t q) const { return !(distance(p, q) > radius[p]); }

  // ===========================================================================================
  // Edge certificates.
  void setStamp(FH f, int i, std::uint32_t s) {
    f->info().stamp[i] = s;
    FH g = f->neighbor(i);
    g->info().stamp[cdt.mirror_index(f, i)] = s;
  }
  bool findEdge(std::uint32_t a, std::uint32_t b, FH& f, int& i) const {
    if (a >= handle.size() || b >= handle.size()) return false;
    VH va = handle[a], vb = handle[b];
    if (va == VH() || vb == VH()) return false;
    return cdt.is_edge(va, vb, f, i);
  }
  bool certifiable(FH f, int i) const {
    return !cdt.is_infinite(f) && !cdt.is_infinite(f->neighbor(i));
  }

  // Looks at the certificate of edge (f, i) from τ0 on (only called inside the sweep). A
  // failure inside the step becomes an event; otherwise the edge is rescheduled at the step end.
  void certifyInStep(FH f, int i, double tau0) {
    const std::uint32_t s = ++nextStamp;
    setStamp(f, i, s);
    VH va = f->vertex(CDT::ccw(i)), vb = f->vertex(CDT::cw(i));
    const std::uint32_t a = idOf(va), b = idOf(vb);
    touched.push_back({0.0, a, b, s});
    if (!certifiable(f, i)) return;
    FH g = f->neighbor(i);
    VH vc = f->vertex(i), vd = g->vertex(cdt.mirror_index(f, i));
    if (f->is_constrained(i)) {
      // The apexes of a wall edge may not cross it; a crossing is caught at the step end by the
      // exact orientation check of the faces of every edge looked at (this one included).
      ++counters.orientationEvaluations;
      return;
    }
    ++counters.inCircleEvaluations;
    const auto poly = kinetic::inCirclePolynomial(motionOf(vc), motionOf(va), motionOf(vb), motionOf(vd));
    bool solved = false;
    const auto failure = kinetic::firstFailure(poly, tau0, solved);
    if (solved) ++counters.quarticSolves;
    if (failure.fails) events.push({failure.tau, failure.probe, std::min(a, b), std::max(a, b), s});
  }

  // Conservative next-check time of edge (f, i) from its margin now (positions final).
  double budget(FH f, int i) const {
    if (!certifiable(f, i)) return std::numeric_limits<double>::infinity();
    FH g = f->neighbor(i);
    VH va = f->vertex(CDT::ccw(i)), vb = f->vertex(CDT::cw(i));
    VH vc = f->vertex(i), vd = g->vertex(cdt.mirror_index(f, i));
    const double w = std::max({speed[va->info().id], speed[vb->info().id], speed[vc->info().id],
                               speed[vd->info().id]});
    if (!(w > 0.0)) return std::numeric_limits<double>::infinity();
    const Vec2 a = toVec(va->point()), b = toVec(vb->point()), c = toVec(vc->point()),
               d = toVec(vd->point());
    if (f->is_constrained(i)) {
      // Orientation certificates of both apexes: the wall's end points are static, so an apex
      // must travel its distance to the wall's line before the triangle can fold.
      const double hc = std::abs(kinetic::signedLineDistance(a, b, c));
      const double hd = std::abs(kinetic::signedLineDistance(a, b, d));
      return 0.999 * std::min(hc, hd) / (2.0 * w);
    }
    return kinetic::inCircleBudget(kinetic::inCircleMargin(a, b, c, d), a, b, c, d, w);
  }

  // Certifies edge (f, i) at the current (final) positions and queues its next check.
  void scheduleNow(FH f, int i) {
    const std::uint32_t s = ++nextStamp;
    setStamp(f, i, s);
    const std::uint32_t a = idOf(f->vertex(CDT::ccw(i))), b = idOf(f->vertex(CDT::cw(i)));
    if (a == kNone || b == kNone) return;
    edgeQueue.push({scheduleBase + budget(f, i), a, b, s});
  }
  void scheduleAround(VH v) {
    if (v == VH()) return;
    auto fc = cdt.incident_faces(v), done = fc;
    do {
      for (int i = 0; i < 3; ++i) scheduleNow(fc, i);
    } while (++fc != done);
  }

  // ===========================================================================================
  // Near sets.
  void markDirty(std::uint32_t p) {
    if (!dirty[p]) {
      dirty[p] = 1;
      dirtyList.push_back(p);
    }
  }
  void markCheck(std::uint32_t p) {
    if (!check[p]) {
      check[p] = 1;
      checkList.push_back(p);
    }
  }
  bool moved(std::uint32_t p, std::span<const sim::Vec3> previous) const {
    return p < previous.size() && previous[p] != world->agents[p].state.position;
  }
  bool walks(std::uint32_t p) const { return constrained[p] || constrainedNow[p] || dirty[p]; }

  template <class F>
  void forAgentsHolding(std::uint32_t vertex, F&& f) {
    if (vertex == kNone) return;
    if (isAgent(vertex) && world->agents[vertex].enabled) f(vertex);
    // Copy: f may not change inA, but keep this robust against it.
    for (std::uint32_t p : inA[vertex]) f(p);
  }

  // Edge ab was replaced by edge cd (A.3.1: update the E_p of every agent the edges touch).
  void onFlip(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
    for (std::uint32_t x : {a, b})
      forAgentsHolding(x, [&](std::uint32_t p) {
        if (walks(p)) markDirty(p);  // only behind walls can a lost edge cut a path in C_p
      });
    for (int k = 0; k < 2; ++k) {
      const std::uint32_t x = k == 0 ? c : d, y = k == 0 ? d : c;
      if (y == kNone) continue;
      forAgentsHolding(x, [&](std::uint32_t p) {
        if (walks(p)) {
          markDirty(p);
        } else if (y != p && !contains(A[p], y) && !contains(W[p], y)) {
          W[p].push_back(y);  // a new edge from A_p ∪ {p}: its far end may enter next
          markCheck(p);
        }
      });
    }
  }

  void clearSets(std::uint32_t p) {
    for (std::uint32_t q : A[p]) eraseValue(inA[q], p);
    A[p].clear();
    W[p].clear();
  }

  // A_p and the watched boundary by a walk from p over the vertices inside C_p: the
  // approachable set of A.3.1 by definition (a path of T inside C_p).
  void walk(std::uint32_t p) {
    ++counters.nearSetWalks;
    clearSets(p);
    listDirty[p] = 1;
    if (handle[p] == VH()) return;
    ++markStamp;
    mark[p] = markStamp;
    stack.clear();
    stack.push_back(p);
    while (!stack.empty()) {
      const std::uint32_t x = stack.back();
      stack.pop_back();
      auto vc = cdt.incident_vertices(handle[x]), done = vc;
      do {
        const std::uint32_t y = idOf(vc);
        if (y == kNone || mark[y] == markStamp) continue;
        mark[y] = markStamp;
        ++counters.distanceEvaluations;
        if (inside(p, y)) {
          A[p].push_back(y);
          inA[y].push_back(p);
          stack.push_back(y);
        } else {
          W[p].push_back(y);
        }
      } while (++vc != done);
    }
  }

  // The paper's enter step: q joins A_p; its inside neighbours that were not approachable join
  // too (recursively), its outside neighbours are watched.
  void enter(std::uint32_t p, std::uint32_t q) {
    stack.clear();
    stack.push_back(q);
    eraseValue(W[p], q);
    A[p].push_back(q);
    inA[q].push_back(p);
    ++counters.enters;
    while (!stack.empty()) {
      const std::uint32_t x = stack.back();
      stack.pop_back();
      auto vc = cdt.incident_vertices(handle[x]), done = vc;
      do {
        const std::uint32_t y = idOf(vc);
        if (y == kNone || y == p || contains(A[p], y)) continue;
        ++counters.distanceEvaluations;
        if (inside(p, y)) {
          eraseValue(W[p], y);
          A[p].push_back(y);
          inA[y].push_back(p);
          ++counters.enters;
          stack.push_back(y);
        } else if (!contains(W[p], y)) {
          W[p].push_back(y);
        }
      } while (++vc != done);
    }
  }

  // Checks p's distance certificates at the step end and queues its next check.
  void checkAgent(std::uint32_t p) {
    if (!world->agents[p].enabled || handle[p] == VH()) return;
    if (walks(p)) {
      markDirty(p);
      return;
    }
    exits.clear();
    enters.clear();
    for (std::uint32_t q : A[p]) {
      ++counters.distanceEvaluations;
      if (!inside(p, q)) exits.push_back(q);
    }
    for (std::size_t k = 0; k < W[p].size();) {
      const std::uint32_t q = W[p][k];
      if (handle[q] == VH()) {  // a vertex removed since (disabled agent): nothing to watch
        W[p][k] = W[p].back();
        W[p].pop_back();
        continue;
      }
      ++counters.distanceEvaluations;
      if (inside(p, q)) enters.push_back(q);
      ++k;
    }
    if (!exits.empty() || !enters.empty()) listDirty[p] = 1;
    // Without walls in C_p every inside vertex stays approachable (the DT of the points inside
    // a disc about p is connected to p), so an exit removes only q.
    for (std::uint32_t q : exits) {
      eraseValue(A[p], q);
      eraseValue(inA[q], p);
      W[p].push_back(q);
      ++counters.exits;
    }
    for (std::uint32_t q : enters)
      if (!contains(A[p], q)) enter(p, q);
    // Watched vertices that no longer end an edge of E_p only cost checks: prune by a walk
    // when they outnumber the live ones.
    if (W[p].size() > 2 * A[p].size() + 24) {
      walk(p);
    }
    scheduleAgent(p);
  }

  void scheduleAgent(std::uint32_t p) {
    const std::uint32_t s = ++agentStamp[p];
    double best = std::numeric_limits<double>::infinity();
    const double wp = speed[p], r = radius[p];
    auto consider = [&](std::uint32_t q) {
      const double w = wp + speed[q];
      if (!(w > 0.0)) return;
      best = std::min(best, std::abs(distance(p, q) - r) / w);
    };
    for (std::uint32_t q : A[p]) consider(q);
    for (std::uint32_t q : W[p]) consider(q);
    agentQueue.push({clockEnd + 0.999 * best, p, s});
  }

  // Obstacle pieces within r_p (exactly the oracle's test), the segment pieces that may block
  // sight inside C_p, and whether a static wall reaches into C_p.
  void gatherPieces(std::uint32_t p) {
    const sim::Agent& agent = world->agents[p];
    const auto& pieces = world->pieces();
    const Vec2 c = geometry::xy(agent.state.position);
    const double r = agent.nearRadius;
    const double reach = r * (1.0 + 1e-9) + 1e-9;
    auto& out = obst[p];
    auto& los = walls[p];
    out.clear();
    los.clear();
    bool staticWall = false;
    auto visit = [&](std::uint32_t k) {
      const sim::ObstaclePiece& piece = pieces[k];
      const double d = sim::distanceToPiece(piece, agent.state.position);
      if (d <= r) out.push_back(k);
      if (piece.kind == sim::ObstaclePiece::Kind::Segment && d <= reach) {
        los.push_back(k);
        if (!piece.moving) staticWall = true;
      }
    };
    pieceIndex.forEachNear(c, reach, visit);
    for (PieceIndex k : movingPieces) visit(k);
    std::sort(out.begin(), out.end());
    std::sort(los.begin(), los.end());
    constrainedNow[p] = staticWall;
  }

  // Obstacle pieces for the end positions, the walls that decide between incremental updates
  // and walks, and the agent-piece contacts (which need the old and the new lists).
  void refreshPieces(std::uint32_t p, std::span<const sim::Vec3> previous, double dt) {
    const sim::Agent& agent = world->agents[p];
    const auto& pieces = world->pieces();
    auto& cand = candScratch;
    cand.assign(obst[p].begin(), obst[p].end());
    gatherPieces(p);
    if (agent.nearRadius != radius[p]) markDirty(p);
    if (constrainedNow[p] != constrained[p]) markDirty(p);
    if (dt <= 0.0 || previous.size() <= p) return;
    cand.insert(cand.end(), obst[p].begin(), obst[p].end());
    // Pieces along the whole path too: a fast agent may hit a wall that is near neither end.
    const geometry::Segment path{geometry::xy(previous[p]), geometry::xy(agent.state.position)};
    pieceIndex.forEachNear(path.midpoint(), 0.5 * path.length() + agent.radius + 1e-9,
                           [&](std::uint32_t k) { cand.push_back(k); });
    std::sort(cand.begin(), cand.end());
    cand.erase(std::unique(cand.begin(), cand.end()), cand.end());
    const Vec2 q0 = geometry::xy(previous[p]);
    const Motion m{q0, geometry::xy(agent.state.position) - q0};
    for (PieceIndex k : cand) {
      const auto& piece = pieces[k];
      const Vec2 su = geometry::xy(piece.velocity) * dt;
      double tau = -1.0;
      if (piece.kind == sim::ObstaclePiece::Kind::Segment) {
        const geometry::Segment s0{piece.segment.a - su, piece.segment.b - su};
        tau = kinetic::firstTouchSegment(m, s0, su, agent.radius);
      } else {
        const Vec2 c0 = geometry::xy(piece.ball.center) - su;
        tau = kinetic::firstTouchPoint(m.p0 - c0, m.u - su, agent.radius + piece.ball.radius);
      }
      if (tau >= 0.0) contacts.push_back({p, sim::kNoAgent, k, true, world->time - dt + tau * dt});
    }
  }

  void rebuildList(std::uint32_t p) {
    auto& list = nbrs[p];
    list.clear();
    const sim::Agent& agent = world->agents[p];
    if (!agent.enabled) return;
    const auto& pieces = world->pieces();
    auto& sight = sightScratch;
    sight.clear();
    for (PieceIndex k : walls[p]) sight.push_back(pieces[k].segment);
    const Vec2 c = geometry::xy(agent.state.position);
    auto consider = [&](std::uint32_t q) {
      if (q == p || !isAgent(q) || !world->agents[q].enabled) return;
      if (distance(p, q) > agent.nearRadius) return;
      if (!sight.empty() && !geometry::lineOfSight(c, geometry::xy(agentPos(q)), sight)) return;
      list.push_back(q);
    };
    if (handle[p] == VH()) {
      // An agent off the triangulation: direct check of every agent.
      for (std::uint32_t q = 0; q < n; ++q) consider(q);
    } else {
      for (std::uint32_t q : A[p]) consider(q);
      for (std::uint32_t q : unplaced) consider(q);
    }
    std::sort(list.begin(), list.end());
  }

  // ===========================================================================================
  // Structure changes outside the τ sweep.
  void removeAgentVertex(std::uint32_t id) {
    VH v = handle[id];
    if (v == VH()) return;
    std::vector<VH> around;
    auto vc = cdt.incident_vertices(v), done = vc;
    do {
      if (!cdt.is_infinite(vc)) around.push_back(vc);
    } while (++vc != done);
    forAgentsHolding(id, [&](std::uint32_t p) { markDirty(p); });
    for (VH u : around) forAgentsHolding(idOf(u), [&](std::uint32_t p) { markDirty(p); });
    for (std::uint32_t p : inA[id]) eraseValue(A[p], id);
    inA[id].clear();
    cdt.remove(v);
    handle[id] = VH();
    for (VH u : around) scheduleAround(u);
  }

  // Inserts agent id at p1; returns false when another vertex already sits there.
  bool insertAgentVertex(std::uint32_t id, FH hint) {
    CDT::Locate_type lt;
    int li = 0;
    const Point at = toPoint(p1[id]);
    FH loc = cdt.locate(at, lt, li, hint);
    if (lt == CDT::VERTEX || (lt == CDT::EDGE && loc->is_constrained(li))) {
      handle[id] = VH();
      unplaced.push_back(id);
      return false;
    }
    VH v = cdt.insert(at, lt, loc, li);
    v->info().id = id;
    handle[id] = v;
    markDirty(id);
    auto vc = cdt.incident_vertices(v), done = vc;
    do {
      if (!cdt.is_infinite(vc)) {
        forAgentsHolding(idOf(vc), [&](std::uint32_t p) { markDirty(p); });
        scheduleAround(vc);
      }
    } while (++vc != done);
    scheduleAround(v);
    return true;
  }

  bool faceOk(FH f) const {
    if (cdt.is_infinite(f)) return true;
    return CGAL::orientation(f->vertex(0)->point(), f->vertex(1)->point(), f->vertex(2)->point()) ==
           CGAL::LEFT_TURN;
  }

  // ===========================================================================================
  void build(const sim::World& w);
  void update(const sim::World& w, std::span<const sim::Vec3> previous);
  void sweep();
  bool finishStructure();
  void finishNearSets(std::span<const sim::Vec3> previous, double dt);
  bool valid() const;
};

// =============================================================================================
void KineticProvider::Impl::build(const sim::World& w) {
  if (w.dimension != 2) throw std::invalid_argument("KineticProvider: 2D worlds only");
  world = &w;
  cdt.clear();
  n = w.agents.size();
  copyPositions();
  const auto& pieces = w.pieces();
  // Four far corners: every agent stays strictly inside their square, so the convex hull never
  // changes and no hull event exists.
  Vec2 lo = geometry::xy(w.bounds.min), hi = geometry::xy(w.bounds.max);
  for (const auto& a : w.agents) {
    lo = lo.cwiseMin(geometry::xy(a.state.position));
    hi = hi.cwiseMax(geometry::xy(a.state.position));
  }
  const Vec2 mid = 0.5 * (lo + hi);
  const double extent = std::max({hi.x() - lo.x(), hi.y() - lo.y(), 1.0});
  const double far = 64.0 * extent;
  for (Vec2 corner : {Vec2(-far, -far), Vec2(far, -far), Vec2(far, far), Vec2(-far, far)})
    cdt.insert(toPoint(mid + corner));
  movingPieces.clear();
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    const auto& piece = pieces[k];
    if (piece.moving) movingPieces.push_back(static_cast<PieceIndex>(k));
    if (piece.moving || piece.kind != sim::ObstaclePiece::Kind::Segment) continue;
    if (piece.segment.a == piece.segment.b) continue;
    cdt.insert_constraint(toPoint(piece.segment.a), toPoint(piece.segment.b));
  }
  handle.assign(n, VH());
  for (auto v = cdt.finite_vertices_begin(); v != cdt.finite_vertices_end(); ++v) {
    v->info().id = static_cast<std::uint32_t>(handle.size());
    handle.push_back(v);
  }
  const std::size_t total = handle.size();
  speed.assign(total, 0.0);
  p1.assign(n, Vec2::Zero());
  moving.assign(n, 0);
  movedNow.assign(n, 0);
  std::vector<Point> points(n);
  std::vector<std::ptrdiff_t> order;  // the index type CGAL's sort adapter expects
  for (std::uint32_t i = 0; i < n; ++i) {
    const auto& a = w.agents[i];
    speed[i] = std::max(a.maxSpeed, 1e-12);
    p1[i] = geometry::xy(a.state.position);
    points[i] = toPoint(p1[i]);
    if (a.enabled) order.push_back(i);
  }
  // Spatially sorted insertion, one by one so that agents on a wall or on another vertex are
  // kept out (see `unplaced`).
  CGAL::spatial_sort(order.begin(), order.end(),
                     CGAL::Spatial_sort_traits_adapter_2<K, Point*>(points.data()));
  unplaced.clear();

  // Queues: the bucket width is a typical step of the motion clock; correctness does not
  // depend on it.
  edgeQueue.configure(0.01, 2048);
  agentQueue.configure(0.01, 2048);
  clock = clockEnd = scheduleBase = 0.0;
  lastTime = w.time;
  nextStamp = 0;
  counters = {};

  radius.assign(n, 0.0);
  A.assign(n, {});
  W.assign(n, {});
  inA.assign(total, {});
  agentStamp.assign(n, 0);
  constrained.assign(n, 0);
  constrainedNow.assign(n, 0);
  dirty.assign(n, 0);
  check.assign(n, 0);
  listDirty.assign(n, 0);
  dirtyList.clear();
  checkList.clear();
  walls.assign(n, {});
  nbrs.assign(n, {});
  obst.assign(n, {});
  contacts.clear();
  mark.assign(total, 0);
  double cell = 1.0;
  for (const auto& a : w.agents) cell = std::max(cell, a.nearRadius);
  pieceIndex.build(pieces, cell);

  FH hint;
  for (const std::ptrdiff_t k : order) {
    const auto i = static_cast<std::uint32_t>(k);
    CDT::Locate_type lt;
    int li = 0;
    FH loc = cdt.locate(points[i], lt, li, hint);
    if (lt == CDT::VERTEX || (lt == CDT::EDGE && loc->is_constrained(li))) {
      unplaced.push_back(i);
      continue;
    }
    handle[i] = cdt.insert(points[i], lt, loc, li);
    handle[i]->info().id = i;
    hint = handle[i]->face();
  }
  std::sort(unplaced.begin(), unplaced.end());
  hadUnplaced = !unplaced.empty();
  for (auto e = cdt.finite_edges_begin(); e != cdt.finite_edges_end(); ++e) scheduleNow(e->first, e->second);
  for (std::uint32_t p = 0; p < n; ++p) {
    if (!w.agents[p].enabled) continue;
    radius[p] = w.agents[p].nearRadius;
    gatherPieces(p);
    constrained[p] = constrainedNow[p];
    walk(p);
    scheduleAgent(p);
    rebuildList(p);
    listDirty[p] = 0;
  }
}

// =============================================================================================
// The τ sweep: due certificates, then events in time order, flips only.
void KineticProvider::Impl::sweep() {
  sweeping = true;
  due.clear();
  edgeQueue.drain(clockEnd, due);
  // Deterministic processing order, independent of the queue's internal layout.
  std::sort(due.begin(), due.end(), [](const EdgeEntry& x, const EdgeEntry& y) {
    return std::tie(x.a, x.b, x.stamp) < std::tie(y.a, y.b, y.stamp);
  });
  for (const EdgeEntry& e : due) {
    FH f;
    int i;
    if (!findEdge(e.a, e.b, f, i) || f->info().stamp[i] != e.stamp) continue;  // superseded
    certifyInStep(f, i, 0.0);
  }
  // A safety valve against an endless flip loop from inconsistent floating-point roots: the
  // end-of-step pass with exact predicates finishes whatever is left.
  std::size_t budgetLeft = 64 * n + 4096;
  while (!events.empty() && budgetLeft > 0) {
    const Event ev = events.top();
    events.pop();
    FH f;
    int i;
    if (!findEdge(ev.a, ev.b, f, i) || f->info().stamp[i] != ev.stamp) continue;
    if (f->is_constrained(i) || !certifiable(f, i)) continue;
    --budgetLeft;
    FH g = f->neighbor(i);
    VH vc = f->vertex(i), va = f->vertex(CDT::ccw(i)), vb = f->vertex(CDT::cw(i));
    VH vd = g->vertex(cdt.mirror_index(f, i));
    const Point pa = toPoint(at(va, ev.probe)), pb = toPoint(at(vb, ev.probe)),
                pc = toPoint(at(vc, ev.probe)), pd = toPoint(at(vd, ev.probe));
    // Exact confirmation: d strictly inside the circle of (c, a, b), and the quadrilateral
    // convex, so that the flip yields two positively oriented triangles.
    const bool confirmed = !cdt.is_edge(vc, vd) &&
                           CGAL::side_of_oriented_circle(pc, pa, pb, pd) == CGAL::ON_POSITIVE_SIDE &&
                           CGAL::orientation(pc, pa, pd) == CGAL::LEFT_TURN &&
                           CGAL::orientation(pc, pd, pb) == CGAL::LEFT_TURN;
    if (!confirmed) {
      certifyInStep(f, i, std::nextafter(ev.probe, 2.0));
      continue;
    }
    ++counters.events;
    ++counters.flips;
    const std::uint32_t a = idOf(va), b = idOf(vb), c = idOf(vc), d = idOf(vd);
    cdt.flip(f, i);
    onFlip(a, b, c, d);
    FH h;
    int j;
    if (!cdt.is_edge(vc, vd, h, j)) continue;
    // The new edge is Delaunay exactly where the old one was not, i.e. at least up to the
    // probe where the exact predicate confirmed the event. Certifying it from the probe (not
    // from ev.tau) keeps near-degenerate quadrilaterals from flipping back and forth at one τ
    // on rounding of the interpolated positions.
    certifyInStep(h, j, ev.probe);
    for (auto [x, y] : {std::pair{vc, va}, {va, vd}, {vd, vb}, {vb, vc}})
      if (cdt.is_edge(x, y, h, j)) certifyInStep(h, j, ev.tau);
  }
  while (!events.empty()) events.pop();
  sweeping = false;
}

// End of the step: positions, fold-overs, exact Delaunay check of what was looked at, and the
// next check of every certificate looked at.
bool KineticProvider::Impl::finishStructure() {
  for (std::uint32_t i = 0; i < n; ++i)
    if (moving[i] && handle[i] != VH()) handle[i]->set_point(toPoint(p1[i]));

  // Fold-overs: a face of a looked-at edge that is not positively oriented. A face whose
  // certificates were all not due cannot have folded (their budgets bound the motion).
  std::vector<std::uint32_t> fold;
  for (const EdgeEntry& e : touched) {
    FH f;
    int i;
    if (!findEdge(e.a, e.b, f, i)) continue;
    for (FH face : {f, f->neighbor(i)}) {
      if (faceOk(face)) continue;
      for (int k = 0; k < 3; ++k) {
        const std::uint32_t id = idOf(face->vertex(k));
        if (id != kNone && isAgent(id) && moving[id]) fold.push_back(id);
      }
    }
  }
  // A fold-over means the sweep met an inconsistency (floating-point event times near a
  // degeneracy). Removing the vertex from a folded star is not safe (CGAL fills the hole
  // assuming a simple polygon), so the safety net is a full rebuild, counted: the tests
  // require it to be rare.
  std::sort(fold.begin(), fold.end());
  fold.erase(std::unique(fold.begin(), fold.end()), fold.end());
  if (!fold.empty()) {
    counters.foldOvers += fold.size();
    touched.clear();
    return false;
  }
  // Lawson pass with exact predicates over the looked-at edges (catches any event the
  // floating-point roots missed), then reschedule.
  std::vector<std::pair<VH, VH>> work;
  for (const EdgeEntry& e : touched)
    if (e.a != kNone && e.b != kNone && e.a < handle.size() && e.b < handle.size() &&
        handle[e.a] != VH() && handle[e.b] != VH())
      work.push_back({handle[e.a], handle[e.b]});
  std::size_t guard = 64 * n + 4096;
  std::vector<std::pair<VH, VH>> done;
  while (!work.empty() && guard-- > 0) {
    auto [x, y] = work.back();
    work.pop_back();
    FH f;
    int i;
    if (!cdt.is_edge(x, y, f, i)) continue;
    done.push_back({x, y});
    if (!certifiable(f, i) || f->is_constrained(i)) continue;
    if (!cdt.is_flipable(f, i, false)) continue;
    FH g = f->neighbor(i);
    VH vc = f->vertex(i), va = f->vertex(CDT::ccw(i)), vb = f->vertex(CDT::cw(i));
    VH vd = g->vertex(cdt.mirror_index(f, i));
    if (cdt.is_edge(vc, vd)) continue;
    if (CGAL::orientation(vc->point(), va->point(), vd->point()) != CGAL::LEFT_TURN ||
        CGAL::orientation(vc->point(), vd->point(), vb->point()) != CGAL::LEFT_TURN)
      continue;
    ++counters.flips;
    cdt.flip(f, i);
    onFlip(idOf(va), idOf(vb), idOf(vc), idOf(vd));
    for (auto e : {std::pair{vc, vd}, {vc, va}, {va, vd}, {vd, vb}, {vb, vc}}) work.push_back(e);
  }
  for (auto [x, y] : done) {
    FH f;
    int i;
    if (cdt.is_edge(x, y, f, i)) scheduleNow(f, i);
  }
  touched.clear();
  return true;
}

void KineticProvider::Impl::finishNearSets(std::span<const sim::Vec3> previous, double dt) {
  const auto& w = *world;
  const bool anyMoving = !movingPieces.empty();
  // Contacts of agent pairs need the neighbour lists from before this step, so look at those
  // pairs first. A pair may be looked at from both sides and from both lists; the contact is
  // computed from the ordered pair (min, max), so the duplicates are identical and the few
  // contacts found are made unique at the end (sorting every candidate pair instead cost a
  // third of the step at 10,000 agents).
  for (std::uint32_t p = 0; p < n; ++p) movedNow[p] = moved(p, previous) ? 1 : 0;
  const double t0 = w.time - dt;
  auto pairContact = [&](std::uint32_t p, std::uint32_t q) {
    const std::uint32_t a = std::min(p, q), b = std::max(p, q);
    if (!w.agents[a].enabled || !w.agents[b].enabled) return;
    const Vec2 rel0 = geometry::xy(previous[a]) - geometry::xy(previous[b]);
    const Vec2 relU = (geometry::xy(w.agents[a].state.position) - geometry::xy(previous[a])) -
                      (geometry::xy(w.agents[b].state.position) - geometry::xy(previous[b]));
    const double tau = kinetic::firstTouchPoint(rel0, relU, w.agents[a].radius + w.agents[b].radius);
    if (tau >= 0.0) contacts.push_back({a, b, 0, false, t0 + tau * dt});
  };
  for (std::uint32_t p = 0; p < n; ++p) {
    if (!w.agents[p].enabled) continue;
    for (AgentIndex q : nbrs[p])
      if (movedNow[p] || movedNow[q]) pairContact(p, q);
  }

  // Distance certificates that came due, and agents whose watched set grew by a flip.
  dueAgents.clear();
  agentQueue.drain(clockEnd, dueAgents);
  for (const AgentEntry& e : dueAgents)
    if (agentStamp[e.agent] == e.stamp) markCheck(e.agent);
  std::sort(checkList.begin(), checkList.end());
  for (std::uint32_t p : checkList) {
    check[p] = 0;
    checkAgent(p);
  }
  checkList.clear();
  std::sort(dirtyList.begin(), dirtyList.end());
  for (std::uint32_t p : dirtyList) {
    dirty[p] = 0;
    if (!w.agents[p].enabled) {
      clearSets(p);
      nbrs[p].clear();
      obst[p].clear();
      continue;
    }
    radius[p] = w.agents[p].nearRadius;
    walk(p);
    scheduleAgent(p);
  }
  dirtyList.clear();
  for (std::uint32_t p = 0; p < n; ++p) constrained[p] = constrainedNow[p];

  // Neighbour lists: where A_p changed, or where sight may have changed (walls in C_p).
  bool anyMotion = anyMoving;
  for (std::uint32_t p = 0; p < n && !anyMotion; ++p) anyMotion = moving[p];
  for (std::uint32_t p = 0; p < n; ++p) {
    if (!w.agents[p].enabled) {
      nbrs[p].clear();
      continue;
    }
    if (listDirty[p] || hadUnplaced || (anyMotion && !walls[p].empty())) rebuildList(p);
    listDirty[p] = 0;
    if (movedNow[p])
      for (AgentIndex q : nbrs[p]) pairContact(p, q);
  }

  // An agent that moved more than half its near radius in the step may pass agents that are
  // near neither end: check it against every agent (rare; O(n) each).
  for (std::uint32_t p = 0; p < n; ++p) {
    if (!w.agents[p].enabled || !movedNow[p]) continue;
    if ((w.agents[p].state.position - previous[p]).norm() <= 0.5 * w.agents[p].nearRadius) continue;
    for (std::uint32_t q = 0; q < n; ++q)
      if (q != p) pairContact(p, q);
  }
  const auto key = [](const sim::Contact& c) { return std::tie(c.time, c.a, c.b, c.piece, c.withObstacle); };
  std::sort(contacts.begin(), contacts.end(), [&](const sim::Contact& x, const sim::Contact& y) { return key(x) < key(y); });
  contacts.erase(std::unique(contacts.begin(), contacts.end(),
                             [&](const sim::Contact& x, const sim::Contact& y) { return key(x) == key(y); }),
                 contacts.end());
}

void KineticProvider::Impl::update(const sim::World& w, std::span<const sim::Vec3> previous) {
  if (w.agents.size() != n || w.dimension != 2) {
    build(w);
    return;
  }
  world = &w;
  copyPositions();
  ++counters.steps;
  const double dt = w.time - lastTime;
  lastTime = w.time;

  scheduleBase = clock;
  // Agents disabled since the last call leave the triangulation (an event, not a rebuild).
  for (std::uint32_t i = 0; i < n; ++i)
    if (!w.agents[i].enabled && handle[i] != VH()) {
      removeAgentVertex(i);
      clearSets(i);
      nbrs[i].clear();
      obst[i].clear();
    }

  // The motion clock advances by the largest displacement measured in units of each agent's
  // own speed bound: every agent then moved at most speed_i × Δclock, whatever the true speeds.
  double advance = 0.0;
  for (std::uint32_t i = 0; i < n; ++i) {
    moving[i] = 0;
    if (!w.agents[i].enabled || handle[i] == VH()) continue;
    p1[i] = geometry::xy(w.agents[i].state.position);
    const Vec2 p0 = toVec(handle[i]->point());
    if (p1[i] == p0) continue;
    moving[i] = 1;
    advance = std::max(advance, (p1[i] - p0).norm() / speed[i]);
  }
  clockEnd = clock + advance;
  // Walls near an agent decide between the paper's incremental updates and local walks; know
  // them for the end positions before the flips of this step are processed.
  contacts.clear();
  for (std::uint32_t i = 0; i < n; ++i)
    if (w.agents[i].enabled && (moving[i] || handle[i] == VH() || !movingPieces.empty() ||
                                w.agents[i].nearRadius != radius[i]))
      refreshPieces(i, previous, dt);

  // An agent whose path meets a wall (the local layer should prevent it, but positions are
  // input) cannot be carried through the constraint by flips: it leaves the triangulation
  // before the sweep, while every triangle is still valid, and is inserted again at its end
  // position afterwards (counted). Only moving agents near walls are looked at.
  for (std::uint32_t i = 0; i < n; ++i) {
    if (!moving[i]) continue;
    const Vec2 p0 = toVec(handle[i]->point());
    const geometry::Segment path{p0, p1[i]};
    bool crosses = false;
    pieceIndex.forEachNear(path.midpoint(), 0.5 * path.length() * (1 + 1e-9) + 1e-12, [&](std::uint32_t k) {
      const auto& piece = w.pieces()[k];
      if (piece.kind == sim::ObstaclePiece::Kind::Segment && geometry::segmentsIntersect(path, piece.segment))
        crosses = true;
    });
    if (!crosses) continue;
    ++counters.wallCrossings;
    removeAgentVertex(i);
    moving[i] = 0;
  }

  if (advance > 0.0) sweep();
  scheduleBase = clockEnd;
  if (!finishStructure()) {
    // Safety net (see finishStructure): rebuild from the current positions. Wall contacts of
    // this step are kept; agent-pair contacts of this step are not detected.
    const KineticCounters kept = counters;
    std::vector<sim::Contact> keptContacts = contacts;
    build(w);
    counters = kept;
    ++counters.rebuilds;
    contacts = std::move(keptContacts);
    lastTime = w.time;
    return;
  }

  // Agents enabled again (not expected by the step loop, but cheap to support) and agents
  // that were off the triangulation: try to place them.
  hadUnplaced = hadUnplaced || !unplaced.empty();
  unplaced.clear();
  for (std::uint32_t i = 0; i < n; ++i)
    if (w.agents[i].enabled && handle[i] == VH()) {
      p1[i] = geometry::xy(w.agents[i].state.position);
      insertAgentVertex(i, FH());
      markDirty(i);
    }
  hadUnplaced = hadUnplaced || !unplaced.empty();

  finishNearSets(previous, dt);
  hadUnplaced = !unplaced.empty();
  clock = clockEnd;
}

bool KineticProvider::Impl::valid() const {
  if (!cdt.is_valid()) return false;
  for (auto f = cdt.finite_faces_begin(); f != cdt.finite_faces_end(); ++f)
    if (!faceOk(f)) return false;
  for (auto e = cdt.finite_edges_begin(); e != cdt.finite_edges_end(); ++e)
    if (certifiable(e->first, e->second) && !e->first->is_constrained(e->second) &&
        cdt.is_flipable(e->first, e->second, false))
      return false;
  for (std::uint32_t i = 0; i < n; ++i) {
    const bool on = world->agents[i].enabled;
    if (!on && handle[i] != VH()) return false;
    if (on && handle[i] == VH() && !contains(unplaced, i)) return false;
    if (handle[i] == VH()) continue;
    if (on && toVec(handle[i]->point()) != geometry::xy(world->agents[i].state.position)) return false;
  }
  return true;
}

// =============================================================================================
KineticProvider::KineticProvider() : impl_(std::make_unique<Impl>()) {}
KineticProvider::~KineticProvider() = default;

void KineticProvider::reset(const sim::World& world) { impl_->build(world); }
void KineticProvider::update(const sim::World& world, std::span<const sim::Vec3> previous) {
  impl_->update(world, previous);
}
std::span<const sim::AgentIndex> KineticProvider::neighbors(sim::AgentIndex agent) const {
  return impl_->nbrs[agent];
}
std::span<const sim::PieceIndex> KineticProvider::obstacles(sim::AgentIndex agent) const {
  return impl_->obst[agent];
}
std::span<const sim::Contact> KineticProvider::contacts() const { return impl_->contacts; }
const KineticCounters& KineticProvider::counters() const { return impl_->counters; }
bool KineticProvider::isValid() const { return impl_->valid(); }

std::size_t KineticProvider::memoryBytes() const {
  const Impl& m = *impl_;
  auto nested = [](const auto& vv) {
    std::size_t b = vv.capacity() * sizeof(vv[0]);
    for (const auto& v : vv) b += v.capacity() * sizeof(v[0]);
    return b;
  };
  std::size_t bytes = (m.cdt.number_of_vertices() + 1) * sizeof(CDT::Vertex) +
                      (2 * m.cdt.number_of_vertices() + 2) * sizeof(CDT::Face);
  bytes += m.handle.capacity() * sizeof(VH) + m.p1.capacity() * sizeof(Vec2) +
           m.speed.capacity() * sizeof(double) + m.radius.capacity() * sizeof(double) +
           m.pos.capacity() * sizeof(sim::Vec3) +
           m.mark.capacity() * sizeof(std::uint64_t) + m.agentStamp.capacity() * 4 + 5 * m.n;
  bytes += nested(m.A) + nested(m.W) + nested(m.inA) + nested(m.walls) + nested(m.nbrs) + nested(m.obst);
  bytes += m.edgeQueue.memoryBytes() + m.agentQueue.memoryBytes() + m.pieceIndex.memoryBytes();
  return bytes;
}

}  // namespace steer::environment
