// The 3D kinetic near-neighbour provider (A.3.2). The only translation unit that includes
// CGAL's 3D triangulation; see kinetic_provider_3d.hpp for the method and its invariants.
#include <CGAL/Delaunay_triangulation_3.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Spatial_sort_traits_adapter_3.h>
#include <CGAL/Triangulation_cell_base_with_info_3.h>
#include <CGAL/Triangulation_vertex_base_with_info_3.h>
#include <CGAL/hilbert_sort.h>
#include <CGAL/property_map.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "steer/environment/kinetic_provider_3d.hpp"

namespace steer::environment {

namespace {

using K = CGAL::Exact_predicates_inexact_constructions_kernel;
using Point = K::Point_3;

/// The agents sitting on a vertex form a singly linked list starting at `head`.
struct VertexInfo {
  std::int32_t head = kNew;
  static constexpr std::int32_t kNew = -1;     ///< just created by CGAL, no agent yet
  static constexpr std::int32_t kCorner = -2;  ///< one of the far bounding corners
};

/// Marks the cells a walk has reached (0: never).
struct CellInfo {
  std::uint32_t stamp = 0;
};

using Vb = CGAL::Triangulation_vertex_base_with_info_3<VertexInfo, K>;
using Cb = CGAL::Triangulation_cell_base_with_info_3<CellInfo, K, CGAL::Delaunay_triangulation_cell_base_3<K>>;
using Tds = CGAL::Triangulation_data_structure_3<Vb, Cb>;
using Delaunay = CGAL::Delaunay_triangulation_3<K, Tds>;
using Vertex = Delaunay::Vertex_handle;

Point toPoint(const sim::Vec3& p) { return {p.x(), p.y(), p.z()}; }
sim::Vec3 toVec(const Point& p) { return {p.x(), p.y(), p.z()}; }

constexpr std::int32_t kNone = -1;

}  // namespace

struct KineticProvider3D::Impl {
  KineticSettings3D settings;
  Delaunay dt;
  KineticStats3D stats;
  double threshold = 0.0;  // staleness that triggers a vertex move (m)

  // Per agent.
  std::vector<Vertex> vertex;
  std::vector<std::int32_t> nextOnVertex;
  std::vector<sim::Vec3> position;  // true position at the last update
  std::vector<double> radius;       // near radius at the last update
  std::vector<char> enabled;
  std::vector<std::vector<sim::AgentIndex>> candidates;
  std::vector<std::size_t> order;       // every agent, in Hilbert order of its position
  int stepsSinceOrder = 0;
  static constexpr int kReorderSteps = 64;
  std::vector<double> candidateRadius;  // R_p the candidates were made for
  std::vector<double> candidateBudget;  // distance budget left before they may be incomplete
  std::vector<std::vector<sim::AgentIndex>> nearSet;
  std::vector<double> nearBudget;  // distance budget left before the near set may change
  std::vector<std::vector<sim::PieceIndex>> obstacleSet;
  std::vector<char> forceCandidates, forceNear;

  // Scratch for walks.
  std::vector<std::uint32_t> stamp;
  std::uint32_t stampNow = 0;
  double maxStale = 0.0;

  // --- vertices and the agents on them -------------------------------------------------------

  void attach(std::size_t i, Vertex v) {
    nextOnVertex[i] = v->info().head >= 0 ? v->info().head : kNone;
    v->info().head = static_cast<std::int32_t>(i);
    vertex[i] = v;
  }

  /// Takes agent i off its vertex; removes the vertex when nobody is left on it.
  void detach(std::size_t i) {
    Vertex v = vertex[i];
    std::int32_t* link = &v->info().head;
    while (*link != static_cast<std::int32_t>(i)) link = &nextOnVertex[*link];
    *link = nextOnVertex[i];
    nextOnVertex[i] = kNone;
    vertex[i] = Vertex();
    if (v->info().head == kNone) dt.remove(v);
  }

  void place(std::size_t i, const sim::Vec3& p, Delaunay::Cell_handle hint = Delaunay::Cell_handle()) {
    Vertex v = dt.insert(toPoint(p), hint);
    if (v->info().head == VertexInfo::kCorner) throw std::logic_error("kinetic3d: an agent sits on a bounding corner");
    attach(i, v);
  }


  /// Brings agent i's vertex to its true position p (it is stale by more than the threshold).
  void moveVertex(std::size_t i, const sim::Vec3& p) {
    // Local repair: insert at the new point (or join the vertex already there), then remove
    // the old vertex if nobody is left on it. Two shortcuts were tried and dropped because
    // CGAL then asserted on cospherical stars (grids) in a later removal: CGAL's
    // move_if_no_collision, and writing the point after a local check of the star's
    // orientations and in-sphere tests.
    ++stats.reinsertions;
    const Vertex v = vertex[i];
    const Vertex w = dt.insert(toPoint(p), v->cell());
    if (w->info().head == VertexInfo::kCorner) throw std::logic_error("kinetic3d: an agent sits on a bounding corner");
    detach(i);
    attach(i, w);
  }

  // --- walks over the triangulation ------------------------------------------------------------

  /// Calls f(agent) for the agents on every vertex whose stored point is within `reach` of
  /// the stored point of agent i's vertex. The sites of a Delaunay triangulation inside a ball
  /// centred at a site are connected by Delaunay edges inside that ball, so the union of their
  /// stars is connected through facets that have a vertex in the ball (the cells of one star
  /// are, through the facets at their centre, and the stars of the two ends of an edge share
  /// the cells around it): the walk crosses only those facets, and misses nobody. (Crossing
  /// every facet of a cell with a vertex in the ball also read the layer of cells just outside
  /// it: 18 % more cells for the same vertices, each a likely cache miss.)
  template <typename F>
  void walk(std::size_t i, double reach, F&& f) {
    if (++stampNow == 0) {  // wrapped: clear every mark
      std::fill(stamp.begin(), stamp.end(), 0);
      for (auto c : dt.all_cell_handles()) c->info().stamp = 0;
      stampNow = 1;
    }
    const Vertex start = vertex[i];
    const Point centre = start->point();
    const double reach2 = reach * reach;
    cellQueue.clear();
    dt.incident_cells(start, std::back_inserter(cellQueue));
    for (const auto& c : cellQueue) c->info().stamp = stampNow;
    stamp[start->info().head] = stampNow;
    for (std::int32_t a = start->info().head; a != kNone; a = nextOnVertex[a]) f(static_cast<std::size_t>(a));
    ++stats.walkVisits;
    for (std::size_t k = 0; k < cellQueue.size(); ++k) {
      const auto c = cellQueue[k];
      unsigned inBall = 0;  // bit j: vertex j of c is in the ball
      for (int j = 0; j < 4; ++j) {
        const Vertex u = c->vertex(j);
        const std::int32_t h = u->info().head;
        if (h < 0 || dt.is_infinite(u)) continue;
        if (stamp[h] == stampNow) {
          inBall |= 1u << j;
          continue;
        }
        if (CGAL::squared_distance(u->point(), centre) > reach2) continue;
        inBall |= 1u << j;
        stamp[h] = stampNow;
        ++stats.walkVisits;
        for (std::int32_t a = h; a != kNone; a = nextOnVertex[a]) f(static_cast<std::size_t>(a));
      }
      for (int j = 0; j < 4; ++j) {
        if ((inBall & ~(1u << j)) == 0) continue;  // the facet opposite vertex j has none in the ball
        const auto n = c->neighbor(j);
        if (n->info().stamp == stampNow) continue;
        n->info().stamp = stampNow;
        cellQueue.push_back(n);
      }
    }
    stats.walkCells += cellQueue.size();
  }
  std::vector<Delaunay::Cell_handle> cellQueue;

  /// `order` from the current positions. hilbert_sort, unlike spatial_sort, does not shuffle:
  /// the same positions give the same order.
  void sortOrder() {
    std::vector<Point> points(position.size());
    for (std::size_t i = 0; i < points.size(); ++i) points[i] = toPoint(position[i]);
    order.resize(points.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    using Pmap = CGAL::Pointer_property_map<Point>::type;
    CGAL::hilbert_sort(order.begin(), order.end(),
                       CGAL::Spatial_sort_traits_adapter_3<K, Pmap>(CGAL::make_property_map(points)));
    stepsSinceOrder = 0;
  }

  double slack(double r, const sim::Vec3& p) const { return 1e-9 * (1.0 + r + p.cwiseAbs().maxCoeff()); }

  double staleness(std::size_t i) const { return (position[i] - toVec(vertex[i]->point())).norm(); }

  void rebuildCandidates(std::size_t p) {
    ++stats.candidateRebuilds;
    const double r = radius[p] * (1.0 + settings.skin);
    const double reach = r + staleness(p) + maxStale + slack(r, position[p]);
    auto& out = candidates[p];
    out.clear();
    walk(p, reach, [&](std::size_t q) {
      if (q != p && (position[q] - position[p]).norm() <= r) out.push_back(static_cast<sim::AgentIndex>(q));
    });
    std::sort(out.begin(), out.end());
    candidateRadius[p] = r;
    // The slack covers rounding in the distances and in the budget's own sums.
    candidateBudget[p] = r - radius[p] - slack(r, position[p]);
  }

  void evaluateNear(std::size_t p) {
    ++stats.nearEvaluations;
    auto& out = nearSet[p];
    out.clear();
    const double r = radius[p];
    // Agents outside the candidates are covered by the candidate certificate.
    double margin = std::max(0.0, candidateBudget[p]);
    for (const auto q : candidates[p]) {
      if (!enabled[q]) continue;
      // The same expression as the oracle's, so that the boundary cases agree exactly.
      const double d = (position[q] - position[p]).norm();
      if (d <= r) out.push_back(q);
      margin = std::min(margin, std::abs(d - r));
    }
    nearBudget[p] = margin - slack(r, position[p]);
  }

  /// Marks for re-evaluation every agent whose near or candidate set may contain agent i,
  /// which is about to leave or has just entered T.
  void markAround(std::size_t i, double largestCandidateRadius, bool candidatesToo) {
    const double reach = 2 * largestCandidateRadius + 2 * maxStale + slack(largestCandidateRadius, position[i]);
    walk(i, reach, [&](std::size_t q) {
      if (candidatesToo)
        forceCandidates[q] = 1;
      else
        forceNear[q] = 1;
    });
  }
};

KineticProvider3D::KineticProvider3D(KineticSettings3D settings) : impl_(std::make_unique<Impl>()) {
  if (!(settings.skin > 0.0) || !(settings.moveThreshold > 0.0))
    throw std::invalid_argument("kinetic3d: skin and moveThreshold must be > 0");
  impl_->settings = settings;
}
KineticProvider3D::~KineticProvider3D() = default;
KineticProvider3D::KineticProvider3D(KineticProvider3D&&) noexcept = default;
KineticProvider3D& KineticProvider3D::operator=(KineticProvider3D&&) noexcept = default;

std::span<const sim::AgentIndex> KineticProvider3D::neighbors(sim::AgentIndex agent) const {
  return impl_->nearSet[agent];
}
std::span<const sim::PieceIndex> KineticProvider3D::obstacles(sim::AgentIndex agent) const {
  return impl_->obstacleSet[agent];
}
const KineticStats3D& KineticProvider3D::stats() const { return impl_->stats; }

std::vector<sim::WorkCount> KineticProvider3D::work() const {
  const KineticStats3D& s = impl_->stats;
  const auto count = [](const char* name, std::uint64_t total) { return sim::WorkCount{name, static_cast<double>(total)}; };
  return {count("near_evaluations", s.nearEvaluations), count("candidate_rebuilds", s.candidateRebuilds),
          count("reinsertions", s.reinsertions), count("walk_visits", s.walkVisits), count("walk_cells", s.walkCells)};
}

namespace {
void matchPieces(const sim::World& world, std::vector<std::vector<sim::PieceIndex>>& out) {
  const auto& pieces = world.pieces();
  for (std::size_t i = 0; i < world.agents.size(); ++i) {
    out[i].clear();
    const auto& a = world.agents[i];
    if (!a.enabled) continue;
    for (std::size_t k = 0; k < pieces.size(); ++k)
      if (sim::distanceToPiece(pieces[k], a.state.position) <= a.nearRadius)
        out[i].push_back(static_cast<sim::PieceIndex>(k));
  }
}
}  // namespace

void KineticProvider3D::reset(const sim::World& world) {
  if (world.dimension != 3) throw std::invalid_argument("kinetic3d: the world must be 3D (A.3.2)");
  const KineticSettings3D settings = impl_->settings;
  impl_ = std::make_unique<Impl>();
  Impl& m = *impl_;
  m.settings = settings;
  const std::size_t n = world.agents.size();
  m.vertex.assign(n, Vertex());
  m.nextOnVertex.assign(n, kNone);
  m.position.resize(n);
  m.radius.resize(n);
  m.enabled.assign(n, 0);
  m.candidates.assign(n, {});
  m.candidateRadius.assign(n, 0.0);
  m.candidateBudget.assign(n, 0.0);
  m.nearSet.assign(n, {});
  m.nearBudget.assign(n, 0.0);
  m.obstacleSet.assign(n, {});
  m.forceCandidates.assign(n, 0);
  m.forceNear.assign(n, 0);
  m.stamp.assign(n, 0);

  // Eight far corners make every agent an interior vertex, so that hull changes never happen
  // and every cell around an agent is finite.
  const sim::Vec3 centre = 0.5 * (world.bounds.min + world.bounds.max);
  const double extent = std::max(1.0, (world.bounds.max - world.bounds.min).maxCoeff());
  for (int c = 0; c < 8; ++c) {
    const sim::Vec3 corner =
        centre + 1000.0 * extent * sim::Vec3(c & 1 ? 1 : -1, c & 2 ? 1 : -1, c & 4 ? 1 : -1);
    m.dt.insert(toPoint(corner))->info().head = VertexInfo::kCorner;
  }
  double smallest = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < n; ++i) {
    const auto& a = world.agents[i];
    m.position[i] = a.state.position;
    m.radius[i] = a.nearRadius;
    smallest = std::min(smallest, a.nearRadius);
    if (!a.enabled) continue;
    m.enabled[i] = 1;
    m.place(i, a.state.position);
  }
  m.threshold = settings.moveThreshold * (std::isfinite(smallest) ? smallest : 1.0);
  for (std::size_t i = 0; i < n; ++i) {
    if (!m.enabled[i]) continue;
    m.rebuildCandidates(i);
    m.evaluateNear(i);
  }
  matchPieces(world, m.obstacleSet);
}

void KineticProvider3D::update(const sim::World& world, std::span<const sim::Vec3>) {
  Impl& m = *impl_;
  if (world.agents.size() != m.vertex.size() || world.dimension != 3) {
    reset(world);
    return;
  }
  const std::size_t n = world.agents.size();
  double largest = 0.0;
  for (std::size_t i = 0; i < n; ++i)
    if (world.agents[i].enabled) largest = std::max(largest, world.agents[i].nearRadius * (1.0 + m.settings.skin));
  for (std::size_t i = 0; i < n; ++i) largest = std::max(largest, m.enabled[i] ? m.candidateRadius[i] : 0.0);

  // Agents that leave: whoever may hold them in a near set looks again.
  for (std::size_t i = 0; i < n; ++i) {
    if (world.agents[i].enabled || !m.enabled[i]) continue;
    m.markAround(i, largest, false);
    m.detach(i);
    m.enabled[i] = 0;
    m.nearSet[i].clear();
    m.candidates[i].clear();
  }

  // The motion of this step: every displacement, the largest one, and radius changes.
  double largestStep = 0.0;
  std::vector<double> spend(n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    if (!m.enabled[i]) continue;
    const double d = (world.agents[i].state.position - m.position[i]).norm();
    spend[i] = d + std::abs(world.agents[i].nearRadius - m.radius[i]);
    largestStep = std::max(largestStep, d);
  }
  for (std::size_t i = 0; i < n; ++i) {
    m.position[i] = world.agents[i].state.position;
    m.radius[i] = world.agents[i].nearRadius;
  }

  // Vertices that lag too far behind their agents move (insert the new point, remove the old).
  m.maxStale = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!m.enabled[i]) continue;
    if (m.staleness(i) > m.threshold) m.moveVertex(i, m.position[i]);
  }
  for (std::size_t i = 0; i < n; ++i)
    if (m.enabled[i]) m.maxStale = std::max(m.maxStale, m.staleness(i));

  // Agents that arrive: insert them, and whoever may now see them re-makes its candidates.
  for (std::size_t i = 0; i < n; ++i) {
    if (!world.agents[i].enabled || m.enabled[i]) continue;
    m.enabled[i] = 1;
    m.place(i, m.position[i]);
    m.maxStale = std::max(m.maxStale, m.staleness(i));
    m.markAround(i, largest, true);
  }

  // Certificates: only agents whose budget ran out are looked at, in Hilbert order of their
  // positions (refreshed now and then as they drift): consecutive candidate walks then cover
  // overlapping balls, and most of a walk's cells are still in the cache from the walk before
  // (in the agents' own order, random in space, each walk read its ~2,400 cells from memory:
  // 30 % slower at 10,000 agents). A walk reads only T and the positions, and an evaluation
  // only its own candidates, so the order does not change the result.
  if (m.order.size() != n || ++m.stepsSinceOrder >= Impl::kReorderSteps) m.sortOrder();
  for (const std::size_t p : m.order) {
    if (!m.enabled[p]) continue;
    const double s = spend[p] + largestStep;
    m.candidateBudget[p] -= s;
    m.nearBudget[p] -= s;
    if (m.forceCandidates[p] || m.candidateBudget[p] < 0.0) {
      m.rebuildCandidates(p);
      m.evaluateNear(p);
    } else if (m.forceNear[p] || (s > 0.0 && m.nearBudget[p] <= 0.0)) {
      m.evaluateNear(p);
    }
    m.forceCandidates[p] = m.forceNear[p] = 0;
  }
  if (!world.pieces().empty())
    matchPieces(world, m.obstacleSet);
  else
    for (auto& o : m.obstacleSet) o.clear();
}

bool KineticProvider3D::isValid() const {
  const Impl& m = *impl_;
  if (!m.dt.is_valid()) return false;
  for (std::size_t i = 0; i < m.vertex.size(); ++i) {
    if (!m.enabled[i]) continue;
    if (m.vertex[i] == Vertex()) return false;
    bool found = false;
    for (std::int32_t a = m.vertex[i]->info().head; a != kNone; a = m.nextOnVertex[a])
      found = found || a == static_cast<std::int32_t>(i);
    if (!found || m.staleness(i) > m.threshold + 1e-12) return false;
  }
  return true;
}

}  // namespace steer::environment
