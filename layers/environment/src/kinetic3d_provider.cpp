// The 3D kinetic near-neighbour provider (A.3.2). The only translation unit that includes
// CGAL's 3D triangulation; see kinetic_provider_3d.hpp for the method and its invariants.
#include <CGAL/Delaunay_triangulation_3.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/Spatial_sort_traits_adapter_3.h>
#include <CGAL/Triangulation_vertex_base_with_info_3.h>
#include <CGAL/hilbert_sort.h>
#include <CGAL/property_map.h>

#include <algorithm>
#include <cmath>
#include <array>
#include <limits>
#include <stdexcept>
#include <vector>

#include "finite_positions.hpp"
#include "steer/environment/collision.hpp"
#include "kinetic_piece_index.hpp"
#include "steer/environment/kinetic_provider_3d.hpp"

namespace steer::environment {

namespace {

using K = CGAL::Exact_predicates_inexact_constructions_kernel;
using Point = K::Point_3;

/// The agents sitting on a vertex form a singly linked list starting at `head`; `slot` numbers
/// the vertex in the provider's own adjacency arrays (kNoSlot: just created by CGAL).
struct VertexInfo {
  std::int32_t head = kNew;
  std::int32_t slot = kNoSlot;
  static constexpr std::int32_t kNew = -1;     ///< just created by CGAL, no agent yet
  static constexpr std::int32_t kCorner = -2;  ///< one of the far bounding corners
  static constexpr std::int32_t kNoSlot = -1;
};

using Vb = CGAL::Triangulation_vertex_base_with_info_3<VertexInfo, K>;
using Cb = CGAL::Delaunay_triangulation_cell_base_3<K>;
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
  std::array<sim::Vec3, 8> corners;  // the far corners (reset)
  std::vector<std::size_t> jumpers;   // update(): agents whose step is a jump
  std::vector<double> radiusScratch;  // setThreshold()
  bool onCorner(const sim::Vec3& p) const { return std::find(corners.begin(), corners.end(), p) != corners.end(); }
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
  kinetic::PieceIndex staticPieces, movingIndex;  // matchPieces()
  std::vector<sim::PieceIndex> movingPieces;
  double pieceCell = 1.0;
  std::size_t indexedPieces = std::numeric_limits<std::size_t>::max();
  void matchPieces(const sim::World& world);
  std::vector<char> forceCandidates, forceNear;

  // Contacts between steps (detectContacts below), found from the near sets.
  std::vector<sim::Contact> contacts;
  std::vector<sim::ObstaclePiece> piecesBefore;  // at the last update
  double previousTime = 0.0;
  std::vector<sim::AgentIndex> allAgents;
  std::vector<sim::PieceIndex> allPieces;
  void detectContacts(const sim::World& world, std::span<const sim::Vec3> previous);
  void endStep(const sim::World& world) {
    piecesBefore = world.pieces();
    previousTime = world.time;
  }

  // The vertices' own adjacency, by slot (VertexInfo::slot). A walk reads, for each vertex in
  // its ball, that vertex's neighbours: from these compact arrays rather than from CGAL's cells
  // (a cell walk read ~2,500 cells per walk, each a likely cache miss, and 69 % of the step's
  // time went there). A vertex move changes edges only at the inserted and at the removed
  // vertex (every edge an insertion deletes joins two vertices of the conflict cells, which all
  // become neighbours of the new vertex; a removal adds edges only between the removed vertex's
  // neighbours), so their neighbours' arrays are marked stale and re-read from T when a walk
  // next needs them.
  std::vector<Vertex> slotVertex;                    // null: a free slot
  std::vector<sim::Vec3> slotPoint;                  // the vertex's stored point
  std::vector<std::vector<std::int32_t>> adjacency;  // the slots of its finite neighbours
  std::vector<char> adjacencyFresh;
  std::vector<std::int32_t> freeSlots;
  std::vector<Vertex> vertexScratch;

  // Scratch for walks.
  std::vector<std::uint32_t> slotStamp;
  std::uint32_t stampNow = 0;
  std::vector<std::int32_t> slotQueue;
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
    if (v->info().head != kNone) return;
    staleAround(v);
    releaseSlot(v->info().slot);
    dt.remove(v);
  }

  /// Inserts point p (or finds the vertex already there), giving a new vertex its slot.
  Vertex insert(const sim::Vec3& p, Delaunay::Cell_handle hint) {
    const Vertex v = dt.insert(toPoint(p), hint);
    if (v->info().slot == VertexInfo::kNoSlot) {
      std::int32_t slot = static_cast<std::int32_t>(slotVertex.size());
      if (freeSlots.empty()) {
        slotVertex.emplace_back();
        slotPoint.emplace_back();
        adjacency.emplace_back();
        adjacencyFresh.push_back(0);
        slotStamp.push_back(0);
      } else {
        slot = freeSlots.back();
        freeSlots.pop_back();
      }
      assignSlot(v, slot);
      staleAround(v);
    }
    return v;
  }

  /// Gives vertex v the free slot `slot`; its adjacency is read when a walk first needs it.
  void assignSlot(Vertex v, std::int32_t slot) {
    v->info().slot = slot;
    slotVertex[slot] = v;
    slotPoint[slot] = toVec(v->point());
    adjacencyFresh[slot] = 0;
  }

  void releaseSlot(std::int32_t slot) {
    slotVertex[slot] = Vertex();
    adjacency[slot].clear();
    adjacencyFresh[slot] = 0;
    freeSlots.push_back(slot);
  }

  /// Marks the neighbours' adjacency arrays of vertex v stale (v was just inserted, or is
  /// about to be removed).
  void staleAround(Vertex v) {
    vertexScratch.clear();
    dt.finite_adjacent_vertices(v, std::back_inserter(vertexScratch));
    for (const Vertex u : vertexScratch) adjacencyFresh[u->info().slot] = 0;
  }

  /// The slots of the finite neighbours of the vertex in `slot`, re-read from T if stale.
  const std::vector<std::int32_t>& neighboursOf(std::int32_t slot) {
    auto& out = adjacency[slot];
    if (adjacencyFresh[slot]) return out;
    ++stats.adjacencyRefreshes;
    vertexScratch.clear();
    dt.finite_adjacent_vertices(slotVertex[slot], std::back_inserter(vertexScratch));
    out.clear();
    for (const Vertex u : vertexScratch) out.push_back(u->info().slot);
    adjacencyFresh[slot] = 1;
    return out;
  }

  void place(std::size_t i, const sim::Vec3& p, Delaunay::Cell_handle hint = Delaunay::Cell_handle()) {
    Vertex v = insert(p, hint);
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
    const std::int32_t oldSlot = v->info().slot;
    const Vertex w = insert(p, v->cell());
    if (w->info().head == VertexInfo::kCorner) throw std::logic_error("kinetic3d: an agent sits on a bounding corner");
    const bool created = w->info().head == VertexInfo::kNew;  // not a vertex someone sits on
    detach(i);
    attach(i, w);
    // The new vertex takes over the old one's slot when that was freed: slots then stay in the
    // space order of the reset (a walk reads the arrays of nearby slots). No array that is not
    // stale names either slot: both vertices' neighbours were just marked stale.
    if (created && slotVertex[oldSlot] == Vertex()) {
      const std::int32_t newSlot = w->info().slot;
      freeSlots.pop_back();  // oldSlot, which detach() has just released
      assignSlot(w, oldSlot);
      releaseSlot(newSlot);
    }
  }

  // --- walks over the triangulation ------------------------------------------------------------

  /// Calls f(agent) for the agents on every vertex whose stored point is within `reach` of
  /// the stored point of agent i's vertex. The sites of a Delaunay triangulation inside a ball
  /// centred at a site are connected by Delaunay edges inside that ball, so a search along the
  /// edges that expands only vertices in the ball misses nobody.
  template <typename F>
  void walk(std::size_t i, double reach, F&& f) {
    if (++stampNow == 0) {  // wrapped: clear every mark
      std::fill(slotStamp.begin(), slotStamp.end(), 0);
      stampNow = 1;
    }
    const std::int32_t start = vertex[i]->info().slot;
    const sim::Vec3 centre = slotPoint[start];
    const double reach2 = reach * reach;
    const auto reached = [&](std::int32_t slot) {
      ++stats.walkVisits;
      for (std::int32_t a = slotVertex[slot]->info().head; a >= 0; a = nextOnVertex[a]) f(static_cast<std::size_t>(a));
    };
    slotStamp[start] = stampNow;
    slotQueue.assign(1, start);
    reached(start);
    for (std::size_t k = 0; k < slotQueue.size(); ++k) {
      const auto& around = neighboursOf(slotQueue[k]);
      stats.walkEdges += around.size();
      for (const std::int32_t u : around) {
        if (slotStamp[u] == stampNow) continue;
        slotStamp[u] = stampNow;
        if ((slotPoint[u] - centre).squaredNorm() > reach2) continue;
        slotQueue.push_back(u);
        if (slotVertex[u]->info().head >= 0) reached(u);
      }
    }
  }

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

  // Rounding: of the budget's sums over many steps (relative to r) and of coordinates (a few ulps
  // of |p|, 1e-12 is thousands of them). It used to be 1e-9 · (1 + r + |p|): far from the origin
  // or with a tiny radius it exceeded r · skin, and every agent rebuilt its candidates every step
  // with nothing moving (r = 1e-3 m at 7·10^6 m).
  // The budget of a set that no motion changes (an infinite near radius).
  static constexpr double kForever = std::numeric_limits<double>::infinity();
  double slack(double r, const sim::Vec3& p) const { return 1e-9 * r + 1e-12 * p.cwiseAbs().maxCoeff() + 1e-300; }

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
    // The slack covers rounding in the distances and in the budget's own sums. An infinite
    // radius holds every agent whatever the motion (∞ − ∞ was NaN, which no test of the budget
    // ever found spent: the sets stayed stale once the radius became finite).
    candidateBudget[p] = std::isfinite(r) ? r - radius[p] - slack(r, position[p]) : kForever;
  }

  /// The vertex-move threshold from the median finite near radius at reset. Of the smallest,
  /// one agent with a tiny radius made every vertex move every step (a 3,000-agent step cost
  /// what brute force does). A vertex lagging by more than an agent's radius is still exact:
  /// the walks reach past the staleness. It is not made again when radii change: after every
  /// radius shrank 100-fold (to a fiftieth of the spacing), a threshold from the new radii
  /// moved nearly every vertex every step, twice as slow as the longer walks of the old one.
  void setThreshold(const sim::World& world) {
    radiusScratch.clear();
    for (const auto& a : world.agents)
      if (std::isfinite(a.nearRadius)) radiusScratch.push_back(a.nearRadius);
    double typical = 1.0;
    if (!radiusScratch.empty()) {
      const auto middle = radiusScratch.begin() + static_cast<std::ptrdiff_t>(radiusScratch.size() / 2);
      std::nth_element(radiusScratch.begin(), middle, radiusScratch.end());
      typical = *middle;
    }
    threshold = settings.moveThreshold * typical;
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
    nearBudget[p] = std::isfinite(r) ? margin - slack(r, position[p]) : kForever;
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
std::span<const sim::Contact> KineticProvider3D::contacts() const { return impl_->contacts; }
const KineticStats3D& KineticProvider3D::stats() const { return impl_->stats; }

std::vector<sim::WorkCount> KineticProvider3D::work() const {
  const KineticStats3D& s = impl_->stats;
  const auto count = [](const char* name, std::uint64_t total) { return sim::WorkCount{name, static_cast<double>(total)}; };
  return {count("near_evaluations", s.nearEvaluations), count("candidate_rebuilds", s.candidateRebuilds),
          count("reinsertions", s.reinsertions), count("walk_visits", s.walkVisits), count("walk_edges", s.walkEdges),
          count("adjacency_refreshes", s.adjacencyRefreshes), count("rebuilds", s.rebuilds)};
}

// The pieces within each agent's near radius, in ascending piece order, from x–y grids (a column
// of cells holds every piece whose x–y extent meets it: a superset, since a piece's distance in
// 3D is at least its distance in x–y): one of the static pieces, built again when the number of
// pieces changes, as the lattice provider's, and one of the moving pieces, built at every step
// with at most a few cells per piece. Checking every piece for every agent cost O(n × pieces)
// per step, and scanning the moving ones O(n × moving pieces).
void KineticProvider3D::Impl::matchPieces(const sim::World& world) {
  const auto& pieces = world.pieces();
  if (pieces.size() != indexedPieces) {
    double cell = 0.0;
    for (const auto& a : world.agents) cell = std::max(cell, a.nearRadius);
    pieceCell = cell > 0.0 ? cell : 1.0;
    staticPieces.build(pieces, pieceCell);
    movingPieces.clear();
    for (std::size_t k = 0; k < pieces.size(); ++k)
      if (pieces[k].moving) movingPieces.push_back(static_cast<sim::PieceIndex>(k));
    indexedPieces = pieces.size();
  }
  if (!movingPieces.empty()) movingIndex.build(pieces, movingPieces, pieceCell, 4 * movingPieces.size() + 64);
  for (std::size_t i = 0; i < world.agents.size(); ++i) {
    auto& out = obstacleSet[i];
    out.clear();
    const auto& a = world.agents[i];
    if (!a.enabled) continue;
    const auto near = [&](std::uint32_t k) {
      if (sim::distanceToPiece(pieces[k], a.state.position) <= a.nearRadius) out.push_back(static_cast<sim::PieceIndex>(k));
    };
    // The grid is asked a little further than r: x + r rounded could fall short of the cell of a
    // piece at distance exactly r (the distance test above decides).
    const geometry::Vec2 c = geometry::xy(a.state.position);
    const double reach = a.nearRadius + 1e-9 * (a.nearRadius + c.cwiseAbs().maxCoeff());
    staticPieces.forEachNear(c, reach, near);
    if (!movingPieces.empty()) movingIndex.forEachNear(c, reach, near);
    std::sort(out.begin(), out.end());
  }
}

void KineticProvider3D::reset(const sim::World& world) {
  if (world.dimension != 3) throw std::invalid_argument("kinetic3d: the world must be 3D (A.3.2)");
  requireFinitePositions(world, "kinetic3d");
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

  // Eight far corners make every agent an interior vertex, so that hull changes never happen
  // and every cell around an agent is finite: 1000 sizes out from the box of the world's bounds
  // and the agents (one outside the bounds included, so that a rebuild for an agent that came
  // to sit on a corner puts the corners beyond it).
  sim::Vec3 lo = world.bounds.min, hi = world.bounds.max;
  for (const auto& a : world.agents)
    if (a.enabled) {
      lo = lo.cwiseMin(a.state.position);
      hi = hi.cwiseMax(a.state.position);
    }
  const sim::Vec3 centre = 0.5 * (lo + hi);
  const double extent = std::max(1.0, (hi - lo).maxCoeff());
  for (int c = 0; c < 8; ++c) {
    m.corners[c] = centre + 1000.0 * extent * sim::Vec3(c & 1 ? 1 : -1, c & 2 ? 1 : -1, c & 4 ? 1 : -1);
    m.insert(m.corners[c], Delaunay::Cell_handle())->info().head = VertexInfo::kCorner;
  }
  for (std::size_t i = 0; i < n; ++i) {
    const auto& a = world.agents[i];
    m.position[i] = a.state.position;
    m.radius[i] = a.nearRadius;
    m.enabled[i] = a.enabled ? 1 : 0;
  }
  // Inserted in Hilbert order, each from the last one's cell: CGAL's point location is then
  // short, and the vertices' slots follow space (walks read the arrays of nearby slots).
  m.sortOrder();
  Delaunay::Cell_handle hint;
  for (const std::size_t i : m.order) {
    if (!m.enabled[i]) continue;
    m.place(i, m.position[i], hint);
    hint = m.vertex[i]->cell();
  }
  m.setThreshold(world);
  for (std::size_t i = 0; i < n; ++i) {
    if (!m.enabled[i]) continue;
    m.rebuildCandidates(i);
    m.evaluateNear(i);
  }
  m.matchPieces(world);
  m.endStep(world);
}

void KineticProvider3D::update(const sim::World& world, std::span<const sim::Vec3> previous) {
  requireFinitePositions(world, "kinetic3d");
  Impl& m = *impl_;
  if (world.agents.size() != m.vertex.size() || world.dimension != 3) {
    reset(world);
    return;
  }
  const std::size_t n = world.agents.size();
  // An agent that came to sit exactly on a far corner (1000 world sizes out) cannot be a vertex
  // of its own: the structure is made again with the corners beyond it (counted).
  for (std::size_t i = 0; i < n; ++i)
    if (world.agents[i].enabled && m.onCorner(world.agents[i].state.position)) {
      const KineticStats3D stats = m.stats;
      std::vector<sim::ObstaclePiece> piecesAtStart = std::move(m.piecesBefore);
      const double startTime = m.previousTime;
      reset(world);
      Impl& made = *impl_;
      made.stats = stats;
      ++made.stats.rebuilds;
      // The step's contacts, from its start, as any step's.
      if (made.settings.detectContacts && previous.size() == n) {
        made.piecesBefore = std::move(piecesAtStart);
        made.previousTime = startTime;
        made.detectContacts(world, previous);
        made.endStep(world);
      }
      return;
    }
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

  // The motion of this step: every displacement, and radius changes.
  std::vector<double> spend(n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    if (!m.enabled[i]) continue;
    spend[i] = (world.agents[i].state.position - m.position[i]).norm();
    // A new radius makes its sets again (the budgets were made for the old one; an infinite
    // one, before or after, has no finite difference to spend).
    if (world.agents[i].nearRadius != m.radius[i]) m.forceCandidates[i] = 1;
  }

  // Jumpers: agents that moved more than half their near radius (detectContacts calls them
  // fast). As the largest step, one jump spent every agent's budget, and every agent looked
  // again (a teleport a step made 3,000 agents cost a fifth of brute force). A jumper counts as
  // leaving its old place and arriving at the new one instead: whoever may have held it, or
  // may now, looks again. When many jump, the budgets cost no more, and they stay.
  const auto jumps = [&](std::size_t i) { return spend[i] > 0.5 * world.agents[i].nearRadius; };
  m.jumpers.clear();
  for (std::size_t i = 0; i < n; ++i)
    if (m.enabled[i] && jumps(i)) m.jumpers.push_back(i);
  if (m.jumpers.size() * 16 > n) m.jumpers.clear();
  for (const std::size_t i : m.jumpers) {
    m.markAround(i, largest, false);  // from its old vertex
    m.forceCandidates[i] = 1;
  }
  // The largest step of those that did not jump: every budget spends it.
  double largestStep = 0.0;
  for (std::size_t i = 0; i < n; ++i)
    if (m.jumpers.empty() || !jumps(i)) largestStep = std::max(largestStep, spend[i]);
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
  for (const std::size_t i : m.jumpers) m.markAround(i, largest, true);  // from its new vertex

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
  // overlapping balls, and most of what a walk reads is still in the cache from the walk before
  // (in the agents' own order, random in space, the cell walk that came before the adjacency
  // arrays was 30 % slower at 10,000 agents). A walk reads only T and the positions, and an
  // evaluation only its own candidates, so the order does not change the result.
  if (m.order.size() != n || ++m.stepsSinceOrder >= Impl::kReorderSteps) m.sortOrder();
  for (const std::size_t p : m.order) {
    if (!m.enabled[p]) continue;
    const double s = spend[p] + largestStep;
    m.candidateBudget[p] -= s;
    m.nearBudget[p] -= s;
    // Without motion (s = 0) the sets made at these very positions still hold, even where the
    // budget is below zero: a skin smaller than the coordinates' rounding (1e-6 of a 1e-9 m
    // radius at 6 m from the origin) leaves it negative for good.
    // (A budget that is not a number counts as spent.)
    if (m.forceCandidates[p] || (s > 0.0 && !(m.candidateBudget[p] >= 0.0))) {
      m.rebuildCandidates(p);
      m.evaluateNear(p);
    } else if (m.forceNear[p] || (s > 0.0 && !(m.nearBudget[p] > 0.0))) {
      m.evaluateNear(p);
    }
    m.forceCandidates[p] = m.forceNear[p] = 0;
  }
  if (!world.pieces().empty())
    m.matchPieces(world);
  else
    for (auto& o : m.obstacleSet) o.clear();
  m.contacts.clear();
  if (m.settings.detectContacts && previous.size() == n) m.detectContacts(world, previous);
  m.endStep(world);
}

// Two bodies that touch at some moment of the step have end positions within r_p + r_q plus both
// displacements of each other (triangle inequality), and a body that touches a piece ends within
// its radius plus its own displacement plus the piece's of it. Where that reach is inside p's near
// radius, p's near set and obstacle set at the end (exact, and with no walls in 3D nothing hides)
// hold every candidate; otherwise (a body as large as the near disc) p is checked against every
// agent and piece. An agent that moved more than half its near radius is checked against every
// agent and piece, both ways, and left out of the others' reach, so that one jump does not widen
// every agent's. A pair looked at twice gives the same contact twice: kept once.
void KineticProvider3D::Impl::detectContacts(const sim::World& world, std::span<const sim::Vec3> previous) {
  const std::size_t n = world.agents.size();
  const auto& pieces = world.pieces();
  const bool samePieces = piecesBefore.size() == pieces.size();  // else pieces came or went: as static
  const auto stepOf = [&](std::size_t i) { return (world.agents[i].state.position - previous[i]).norm(); };
  const auto fast = [&](std::size_t i) { return stepOf(i) > 0.5 * world.agents[i].nearRadius; };
  double maxBody = 0.0, maxStep = 0.0, maxShift = 0.0;
  for (std::size_t i = 0; i < n; ++i)
    if (world.agents[i].enabled) {
      maxBody = std::max(maxBody, world.agents[i].radius);
      if (!fast(i)) maxStep = std::max(maxStep, stepOf(i));
    }
  if (samePieces)
    for (std::size_t k = 0; k < pieces.size(); ++k) maxShift = std::max(maxShift, pieceShift(piecesBefore[k], pieces[k]).norm());
  const std::span<const sim::ObstaclePiece> before =
      samePieces ? std::span<const sim::ObstaclePiece>(piecesBefore) : std::span<const sim::ObstaclePiece>();
  allAgents.resize(n);
  for (std::size_t q = 0; q < n; ++q) allAgents[q] = static_cast<sim::AgentIndex>(q);
  allPieces.resize(pieces.size());
  for (std::size_t k = 0; k < pieces.size(); ++k) allPieces[k] = static_cast<sim::PieceIndex>(k);
  for (std::size_t i = 0; i < n; ++i) {
    const sim::Agent& a = world.agents[i];
    if (!a.enabled) continue;
    const auto p = static_cast<sim::AgentIndex>(i);
    if (fast(i)) {
      agentContactsInStep(world, previous, before, previousTime, p, allAgents, allPieces, contacts);
      const sim::AgentIndex self[] = {p};
      for (std::size_t q = 0; q < i; ++q)
        if (world.agents[q].enabled)
          agentContactsInStep(world, previous, before, previousTime, static_cast<sim::AgentIndex>(q), self, {}, contacts);
      continue;
    }
    const double step = stepOf(i);
    const bool agentsCovered = a.radius + maxBody + step + maxStep <= a.nearRadius;
    const bool piecesCovered = a.radius + step + maxShift <= a.nearRadius;
    agentContactsInStep(world, previous, before, previousTime, p,
                        agentsCovered ? std::span<const sim::AgentIndex>(nearSet[i]) : allAgents,
                        piecesCovered ? std::span<const sim::PieceIndex>(obstacleSet[i]) : allPieces, contacts);
  }
  sortContacts(contacts);
  contacts.erase(std::unique(contacts.begin(), contacts.end(),
                             [](const sim::Contact& x, const sim::Contact& y) {
                               return x.time == y.time && x.a == y.a && x.b == y.b && x.piece == y.piece &&
                                      x.withObstacle == y.withObstacle;
                             }),
                 contacts.end());
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
  // Every vertex has its slot, and every adjacency array not marked stale is exactly the
  // vertex's finite neighbours in T.
  std::vector<Vertex> around;
  std::vector<std::int32_t> expected, held;
  for (auto v = m.dt.finite_vertices_begin(); v != m.dt.finite_vertices_end(); ++v) {
    const std::int32_t slot = v->info().slot;
    if (slot < 0 || static_cast<std::size_t>(slot) >= m.slotVertex.size() || m.slotVertex[slot] != Vertex(v) ||
        m.slotPoint[slot] != toVec(v->point()))
      return false;
    if (!m.adjacencyFresh[slot]) continue;
    around.clear();
    m.dt.finite_adjacent_vertices(v, std::back_inserter(around));
    expected.clear();
    for (const Vertex u : around) expected.push_back(u->info().slot);
    held = m.adjacency[slot];
    std::sort(expected.begin(), expected.end());
    std::sort(held.begin(), held.end());
    if (held != expected) return false;
  }
  return true;
}

}  // namespace steer::environment
