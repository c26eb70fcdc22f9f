// The kinetic CDT: construction, the τ sweep with flips, the end-of-step checks and the
// scheduling of certificates. See kinetic_triangulation.hpp for the scheme.
#include "kinetic_triangulation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "steer/geometry/distance.hpp"
#include "wall_split.hpp"

namespace steer::environment::kinetic {

using namespace cdt;
using geometry::Vec2;

// The speed bound fills the vertex record's padding: it stays at 32 bytes; a face is one line.
static_assert(sizeof(CDT::Vertex) == 32 && alignof(CDT::Vertex) == 32);
static_assert(sizeof(CDT::Face) == 64 && alignof(CDT::Face) == 64);

namespace {
Vec2 toVec(const Point& p) { return {p.x(), p.y()}; }
Point toPoint(const Vec2& v) { return {v.x(), v.y()}; }
constexpr double kInf = std::numeric_limits<double>::infinity();
}  // namespace

// =============================================================================================
// Construction.

void Triangulation::build(const Vec2& lo, const Vec2& hi, const std::vector<geometry::Segment>& walls,
                          std::vector<std::uint32_t>& unplaced) {
  cdt_.clear();
  ticks_.reset();
  nowTick_ = kTickNow;
  while (!events_.empty()) events_.pop();
  const std::size_t n = s_.n;
  // Four far corners: every agent stays strictly inside their square, so the convex hull never
  // changes and no hull event exists.
  const Vec2 mid = 0.5 * (lo + hi);
  // Relative to the world's own size, never a fixed length: at a spacing of 1e-6 m a 1 m floor put
  // the corners ~10^6 spacings away, the in-circle polynomials of the faces at the corners lost the
  // agents' motion to rounding, and their event times folded faces over (a rebuild in one step of
  // three). A world of one point (a lone agent in degenerate bounds) takes 1.
  double extent = std::max(hi.x() - lo.x(), hi.y() - lo.y());
  if (!(extent > 0.0)) extent = std::max(1.0, std::max(std::abs(mid.x()), std::abs(mid.y())));
  const double far = 64.0 * extent;
  for (Vec2 corner : {Vec2(-far, -far), Vec2(far, -far), Vec2(far, far), Vec2(-far, far)})
    cdt_.insert(toPoint(mid + corner));
  // All wall end points at once: CGAL sorts them in space and inserts each from the last one's
  // face. Inserting the walls one by one located each end point from an arbitrary face, which
  // walks across the triangulation: O(walls²) for a long wall of many short pieces (a SteerSuite
  // wall with 12,800 doorways took 7 s to build, the lattice provider 0.2 s).
  // The walls go in already split where they cross (wall_split.hpp): CGAL's own splitting of
  // crossing constraints could bend one far off its line.
  const WallPieces split = splitAtCrossings(walls);
  wallStraying_ = split.straying;
  std::vector<Point> ends;
  ends.reserve(split.points.size());
  for (const Vec2& e : split.points) ends.push_back(toPoint(e));
  cdt_.insert_constraints(ends.begin(), ends.end(), split.pieces.begin(), split.pieces.end());
  handle_.assign(n, VH());
  const std::size_t total = n + cdt_.number_of_vertices();
  handle_.reserve(total);
  // Exactly `total` records (64 B each). shrink_to_fit after a reserve gave the reserve back,
  // and the static vertices' push_back then doubled the array: 64 B per agent held for nothing.
  s_.v.resize(n);
  if (s_.v.capacity() != total) {  // a renumbering keeps the array as it is
    std::vector<Shared::Vertex> exact;
    exact.reserve(total);
    exact.assign(s_.v.begin(), s_.v.end());
    s_.v.swap(exact);
  }
  for (auto v = cdt_.finite_vertices_begin(); v != cdt_.finite_vertices_end(); ++v) {
    v->info().id = static_cast<std::uint32_t>(handle_.size());
    v->info().speed = 0.0f;  // static
    handle_.push_back(v);
    Shared::Vertex corner;  // static: no speed, no body, no agent
    corner.pos = geometry::lift(toVec(v->point()));
    corner.prev = toVec(v->point());
    s_.v.push_back(corner);
  }
  if (handle_.size() >= (std::size_t{1} << 27)) throw std::length_error("KineticProvider: too many agents");
  // Agents in internal order (already the Hilbert order of their positions): each insertion
  // starts its point location at the previous agent's face.
  unplaced.clear();
  FH hint;
  for (std::uint32_t i = 0; i < n; ++i) {
    if (!s_.has(i, Shared::kEnabled)) continue;
    const Point at = toPoint(s_.xy(i));
    CDT::Locate_type lt;
    int li = 0;
    FH loc = cdt_.locate(at, lt, li, hint);
    if (lt == CDT::VERTEX || (lt == CDT::EDGE && loc->is_constrained(li))) {
      unplaced.push_back(i);
      continue;
    }
    handle_[i] = cdt_.insert(at, lt, loc, li);
    handle_[i]->info() = {i, s_.speed(i)};
    hint = handle_[i]->face();
  }
  for (auto e = cdt_.finite_edges_begin(); e != cdt_.finite_edges_end(); ++e) schedule(e->first, e->second);
  // A pass over every face costs O(static vertices) each step: with 20 agents among 25,600
  // boxes it took ~5 ms per step, where the faces around the agents take microseconds.
  aroundAgents_ = handle_.size() - n > 2 * n;
}

bool Triangulation::allStatic(FH f) const {
  for (int k = 0; k < 3; ++k)
    if (s_.isAgent(idOf(f->vertex(k)))) return false;
  return true;
}

template <class F>
void Triangulation::forFacesWithAgents(F&& f, bool loadRecords) {
  if (!aroundAgents_) {
    s_.counters.facesVisited += cdt_.number_of_faces();
    // The faces come in memory order, their corners' CGAL vertices and records (end positions)
    // do not: with loadRecords they are loaded ahead, in two stages (the vertices 16 faces
    // ahead, then from them the records 8 faces ahead), so that a face's certificates do not
    // wait for them (without it both cursors start at the end and load nothing).
    constexpr int kVertexAhead = 16, kRecordAhead = 8;
    const auto end = cdt_.finite_faces_end();
    auto vertexAhead = loadRecords ? cdt_.finite_faces_begin() : end, recordAhead = vertexAhead;
    for (int k = 0; k < kVertexAhead && vertexAhead != end; ++k) ++vertexAhead;
    for (int k = 0; k < kRecordAhead && recordAhead != end; ++k) ++recordAhead;
    for (auto face = cdt_.finite_faces_begin(); face != end; ++face) {
      if (vertexAhead != end) {
        for (int k = 0; k < 3; ++k) __builtin_prefetch(&*vertexAhead->vertex(k));
        ++vertexAhead;
      }
      if (recordAhead != end) {
        for (int k = 0; k < 3; ++k) {
          const std::uint32_t id = idOf(recordAhead->vertex(k));
          if (s_.isAgent(id)) s_.prefetch(id);
        }
        ++recordAhead;
      }
      f(FH(face));
    }
    return;
  }
  for (std::uint32_t id = 0; id < s_.n; ++id) {
    if (handle_[id] == VH()) continue;
    auto fc = cdt_.incident_faces(handle_[id]), done = fc;
    do {
      ++s_.counters.facesVisited;
      if (cdt_.is_infinite(fc)) continue;
      // Visited from its lowest agent corner only (agents have the lowest ids; idOf of the
      // infinite vertex is kNone, but infinite faces were skipped).
      const std::uint32_t lowest = std::min({idOf(fc->vertex(0)), idOf(fc->vertex(1)), idOf(fc->vertex(2))});
      if (lowest == id) f(FH(fc));
    } while (++fc != done);
  }
}

// =============================================================================================
// Certificates.

Motion Triangulation::motionOf(VH v) const {
  const Vec2 p0 = toVec(v->point());
  const std::uint32_t id = v->info().id;
  if (sweeping_ && s_.isAgent(id) && s_.has(id, Shared::kMoving)) return {p0, s_.xy(id) - p0};
  return {p0, Vec2::Zero()};
}

void Triangulation::beginStep() {
  atEnd_ = false;
  flips_.clear();
  staticNow_.clear();
  nowTick_ = ticks_.beginStep(s_.clock, [&](auto&& f) {
    for (auto face = cdt_.all_faces_begin(); face != cdt_.all_faces_end(); ++face)
      for (Tick& due : face->info().due) due = f(due);
  });
}

Tick Triangulation::dueIn(double budget) const {
  if (!(budget < kInf)) return kTickNever;
  if (!ticks_.calibrated()) return kTickNow;
  // Before the end of the step CGAL holds the start positions: the budget runs from there.
  const double from = atEnd_ ? s_.clock.endOffset() : s_.clock.endOffset() - (s_.clock.end() - s_.clock.start());
  return ticks_.ticks(from + budget);
}

void Triangulation::setDue(FH f, int i, Tick due) {
  f->info().due[i] = due;
  FH g = f->neighbor(i);
  g->info().due[cdt_.mirror_index(f, i)] = due;
}

bool Triangulation::sameQuad(const Event& ev) const {
  FH f = ev.face;
  const int i = ev.index;
  if (cdt_.is_infinite(f) || cdt_.is_infinite(f->neighbor(i))) return false;
  return idOf(f->vertex(CDT::ccw(i))) == ev.a && idOf(f->vertex(CDT::cw(i))) == ev.b &&
         idOf(f->vertex(i)) == ev.c && idOf(f->neighbor(i)->vertex(cdt_.mirror_index(f, i))) == ev.d;
}

// Looks at the certificate of edge (f, i) from τ0 on (inside the sweep). A failure inside the
// step becomes an event; in any case the edge is scheduled again at the end of the step.
void Triangulation::certifyInStep(FH f, int i, double tau0) {
  setDue(f, i, kTickNow);
  if (!certifiable(f, i)) return;
  FH g = f->neighbor(i);
  if (aroundAgents_ && allStatic(f) && allStatic(g)) staticNow_.push_back({f->vertex(CDT::ccw(i)), f->vertex(CDT::cw(i))});
  VH va = f->vertex(CDT::ccw(i)), vb = f->vertex(CDT::cw(i));
  VH vc = f->vertex(i), vd = g->vertex(cdt_.mirror_index(f, i));
  if (f->is_constrained(i)) {
    // The apexes of a wall edge may not cross it; a crossing is caught at the end of the step
    // by the exact orientation check of the faces of every edge looked at (this one included).
    ++s_.counters.orientationEvaluations;
    return;
  }
  ++s_.counters.inCircleEvaluations;
  const auto poly = inCirclePolynomial(motionOf(vc), motionOf(va), motionOf(vb), motionOf(vd));
  bool solved = false;
  const auto failure = firstFailure(poly, tau0, solved);
  if (solved) ++s_.counters.quarticSolves;
  if (!failure.fails) return;
  const Event ev{failure.tau, failure.probe, idOf(va), idOf(vb), idOf(vc), idOf(vd), f, i};
  if (collecting_)
    initial_.push_back(ev);
  else
    events_.push(ev);
}

// Clock time for which edge (f, i) cannot fail, from its margin at the positions CGAL holds.
double Triangulation::budget(FH f, int i, double& margin) const {
  margin = kInf;
  if (!certifiable(f, i)) return kInf;
  FH g = f->neighbor(i);
  VH va = f->vertex(CDT::ccw(i)), vb = f->vertex(CDT::cw(i));
  VH vc = f->vertex(i), vd = g->vertex(cdt_.mirror_index(f, i));
  const double wa = va->info().speed, wb = vb->info().speed, wc = vc->info().speed, wd = vd->info().speed;
  if (!(std::max({wa, wb, wc, wd}) > 0.0)) {
    // Four static points: the certificate cannot change, but it may be failing already. A flip
    // made at a floating-point event time next to a degeneracy (cocircular wall end points, as
    // in a regular maze) can leave a static quadrilateral that is not Delaunay; with an infinite
    // margin finish() never repaired it, and the triangulation stayed non-Delaunay for good.
    if (!f->is_constrained(i) && cdt_.is_flipable(f, i, false)) margin = 0.0;
    return margin > 0.0 ? kInf : 0.0;
  }
  const Vec2 a = toVec(va->point()), b = toVec(vb->point()), c = toVec(vc->point()), d = toVec(vd->point());
  if (f->is_constrained(i)) {
    // Orientation certificates of both apexes: the wall's end points are static, so an apex
    // must travel its distance to the wall's line before its triangle can fold.
    const double hc = std::abs(signedLineDistance(a, b, c));
    const double hd = std::abs(signedLineDistance(a, b, d));
    margin = std::min(hc, hd);
    const double w = std::max(wc, wd);
    return w > 0.0 ? 0.999 * margin / w : kInf;
  }
  const InCircleBound bound = inCircleBound(a, b, c, d, wa, wb, wc, wd);
  margin = bound.margin;
  return bound.budget;
}

void Triangulation::schedule(FH f, int i) {
  double margin = 0.0;
  const double t = budget(f, i, margin);
  // Before the end of the step CGAL holds the start positions: the budget runs from there.
  setDue(f, i, dueIn(t));
}

void Triangulation::scheduleAround(VH v) {
  if (v == VH()) return;
  auto fc = cdt_.incident_faces(v), done = fc;
  do {
    for (int i = 0; i < 3; ++i) schedule(fc, i);
  } while (++fc != done);
}

bool Triangulation::faceOk(FH f) const {
  if (cdt_.is_infinite(f)) return true;
  return CGAL::orientation(f->vertex(0)->point(), f->vertex(1)->point(), f->vertex(2)->point()) ==
         CGAL::LEFT_TURN;
}

void Triangulation::flip(FH f, int i) {
  VH vc = f->vertex(i), va = f->vertex(CDT::ccw(i)), vb = f->vertex(CDT::cw(i));
  VH vd = f->neighbor(i)->vertex(cdt_.mirror_index(f, i));
  ++s_.counters.flips;
  cdt_.flip(f, i);
  flips_.push_back({idOf(va), idOf(vb), idOf(vc), idOf(vd)});
}

// =============================================================================================
// The τ sweep: due certificates, then events in time order, flips only.

void Triangulation::sweep() {
  sweeping_ = true;
  // Every edge whose certificate came due, seen from one of its two faces: the one in which its
  // end points run from the lower id to the higher counter-clockwise (the other face sees them
  // the other way round). The face decides the order of the corners in the in-circle polynomial
  // and in the event's tie-break, so the choice must not depend on where CGAL's blocks of faces
  // happen to sit in memory (it once compared the faces' addresses: the work counters of one
  // scenario then depended on the heap's history, e.g. on whether a harmonic field came from
  // the cache).
  // An edge seen from an agent's face whose other face has no agent corner is taken from here,
  // in whichever face is its own: the other face is not visited.
  collecting_ = true;
  initial_.clear();
  edgeEvents_.clear();
  forFacesWithAgents(
      [&](FH f) {
        for (int i = 0; i < 3; ++i) {
          if (f->info().due[i] > nowTick_) continue;
          if (idOf(f->vertex(CDT::ccw(i))) < idOf(f->vertex(CDT::cw(i)))) {
            certifyInStep(f, i, 0.0);
          } else if (aroundAgents_) {
            const FH g = f->neighbor(i);
            if (!cdt_.is_infinite(g) && allStatic(g)) certifyInStep(g, cdt_.mirror_index(f, i), 0.0);
          }
        }
      },
      true);
  collecting_ = false;
  // Events come in τ order, i.e. in no order in memory: at 100,000 agents each one's faces and
  // vertices are cache misses. Those of the next few initial events are loaded ahead, in stages
  // (what locates the data, then the data). The near sets are told of the flips afterwards, in
  // space order (NearSets::flipsDone), not here.
  std::sort(initial_.begin(), initial_.end(), [](const Event& x, const Event& y) { return y > x; });
  constexpr std::size_t kAhead[3] = {12, 8, 4};  // events ahead, by stage
  for (int stage = 0; stage < 3; ++stage)
    for (std::size_t k = 0; k < std::min(kAhead[stage], initial_.size()); ++k) prefetch(initial_[k], stage);
  std::size_t next = 0;
  // A safety valve against an endless flip loop from inconsistent floating-point roots: the
  // end-of-step pass with exact predicates finishes whatever is left.
  std::size_t budgetLeft = 64 * s_.n + 4096;
  while ((next < initial_.size() || !events_.empty()) && budgetLeft > 0) {
    Event ev;
    if (!events_.empty() && (next == initial_.size() || initial_[next] > events_.top())) {
      ev = events_.top();
      events_.pop();
    } else {
      ev = initial_[next++];
      for (int stage = 0; stage < 3; ++stage)
        if (next + kAhead[stage] < initial_.size()) prefetch(initial_[next + kAhead[stage]], stage);
    }
    FH f = ev.face;
    const int i = ev.index;
    if (!sameQuad(ev)) continue;  // flipped away, or its quadrilateral changed since
    if (f->is_constrained(i)) continue;
    // Where four points stay cocircular (a ring contracting uniformly: the circle swap under the
    // straight model) the in-circle polynomial is rounding noise around zero. Its roots promised
    // failures that the exact predicate did not confirm, each look moving on by at most 1e-4 of
    // the step, or confirmed flips that the next look undid (rounding of the interpolated
    // positions), until the safety valve below stopped the sweep: ~100-240 in-circle tests per
    // agent-step, 90 ms per step for 100 agents. An edge with more events than this in one step
    // is left due now: finish() decides it with exact predicates at the end positions.
    const std::uint64_t edge = std::uint64_t{std::min(ev.a, ev.b)} << 32 | std::max(ev.a, ev.b);
    if (++edgeEvents_[edge] > kEventsPerEdge) continue;
    --budgetLeft;
    FH g = f->neighbor(i);
    VH vc = f->vertex(i), va = f->vertex(CDT::ccw(i)), vb = f->vertex(CDT::cw(i));
    VH vd = g->vertex(cdt_.mirror_index(f, i));
    // Exact confirmation: d strictly inside the circle of (c, a, b), and the quadrilateral
    // convex, so that the flip yields two positively oriented triangles. Just after a true
    // event both hold; the window can be very short when two points pass close to each other
    // (it scales with their distance over their relative speed), so probes closer to the
    // event are tried when the first one is too late.
    auto confirmedAt = [&](double t) {
      const Point pa = toPoint(motionOf(va).at(t)), pb = toPoint(motionOf(vb).at(t)), pc = toPoint(motionOf(vc).at(t)),
                  pd = toPoint(motionOf(vd).at(t));
      return CGAL::side_of_oriented_circle(pc, pa, pb, pd) == CGAL::ON_POSITIVE_SIDE &&
             CGAL::orientation(pc, pa, pd) == CGAL::LEFT_TURN && CGAL::orientation(pc, pd, pb) == CGAL::LEFT_TURN;
    };
    double probe = ev.probe;
    bool confirmed = false;
    if (!cdt_.is_edge(vc, vd)) {
      for (double offset = ev.probe - ev.tau; !confirmed && offset > 1e-15; offset *= 1e-2) {
        probe = ev.tau + offset;
        confirmed = probe > ev.tau && confirmedAt(probe);
      }
    }
    if (!confirmed) {
      certifyInStep(f, i, std::nextafter(ev.probe, 2.0));
      continue;
    }
    ++s_.counters.events;
    flip(f, i);
    // CGAL's flip keeps both faces: f and g now share the new edge cd, and their other edges are
    // the quadrilateral's four sides (found here without a walk around a vertex).
    const int fi = f->index(g), gi = g->index(f);
    // The new edge is Delaunay exactly where the old one was not, i.e. at least up to the
    // probe where the exact predicate confirmed the event. Certifying it from the probe (not
    // from ev.tau) keeps near-degenerate quadrilaterals from flipping back and forth at one τ
    // on rounding of the interpolated positions.
    certifyInStep(f, fi, probe);
    for (int k = 0; k < 3; ++k) {
      if (k != fi) certifyInStep(f, k, ev.tau);
      if (k != gi) certifyInStep(g, k, ev.tau);
    }
  }
  while (!events_.empty()) events_.pop();
  initial_.clear();
  sweeping_ = false;
}

void Triangulation::prefetch(const Event& ev, int stage) const {
  const std::uint32_t corners[4] = {ev.a, ev.b, ev.c, ev.d};
  FH f = ev.face;
  switch (stage) {
    case 0:  // what the event itself names: its face, the corners' records and handles
      __builtin_prefetch(&*f);
      for (std::uint32_t x : corners)
        if (x != kNone) {
          s_.prefetch(x);
          __builtin_prefetch(&handle_[x]);
        }
      return;
    case 1:  // one step further: the faces around f, CGAL's vertices
      for (int k = 0; k < 3; ++k) __builtin_prefetch(&*f->neighbor(k));
      for (std::uint32_t x : corners)
        if (x != kNone) __builtin_prefetch(&*handle_[x]);
      return;
    default: {  // the faces around the other face of the edge (the flip rewires them)
      FH g = f->neighbor(ev.index);
      for (int k = 0; k < 3; ++k) __builtin_prefetch(&*g->neighbor(k));
      return;
    }
  }
}

// =============================================================================================
// End of the step.

bool Triangulation::finish() {
  for (std::uint32_t i = 0; i < s_.n; ++i)
    if (s_.has(i, Shared::kMoving)) handle_[i]->set_point(toPoint(s_.xy(i)));
  atEnd_ = true;

  // Fold-overs: a face of a looked-at edge that is not positively oriented. A face whose
  // certificates were all not due cannot have folded (their budgets bound the motion). A
  // fold-over means the sweep met an inconsistency (floating-point event times near a
  // degeneracy); removing a vertex from a folded star is not safe (CGAL fills the hole assuming
  // a simple polygon), so the caller rebuilds, counted: the tests require it to be rare.
  // The certificates looked at in this step are the edges marked kNow; one pass over the faces
  // with an agent corner finds them, and staticNow_ those between two faces without one. Each
  // is seen from both its faces: the first schedules it.
  folded_.clear();
  work_.clear();
  const auto lookAt = [&](FH f, int i) {
    for (FH face : {f, f->neighbor(i)}) {
      if (faceOk(face)) continue;
      for (int k = 0; k < 3; ++k) {
        const std::uint32_t id = idOf(face->vertex(k));
        if (s_.isAgent(id) && s_.has(id, Shared::kMoving)) folded_.push_back(id);
      }
    }
    if (!folded_.empty()) return;  // the step is rebuilt: only count
    double margin = 0.0;
    const double t = budget(f, i, margin);
    if (!(margin > 1e-9) && certifiable(f, i) && !f->is_constrained(i) && cdt_.is_flipable(f, i, false)) {
      setDue(f, i, dueIn(0.0));
      work_.push_back({f->vertex(CDT::ccw(i)), f->vertex(CDT::cw(i))});
      return;
    }
    setDue(f, i, dueIn(t));
  };
  forFacesWithAgents([&](FH f) {
    for (int i = 0; i < 3; ++i)
      if (f->info().due[i] == kTickNow) lookAt(f, i);
  });
  // Edges between two faces without an agent corner that the sweep looked at (the sides of a
  // flipped quadrilateral): forFacesWithAgents() does not reach them when it walks around the
  // agents.
  for (auto [x, y] : staticNow_) {
    FH f;
    int i;
    if (cdt_.is_edge(x, y, f, i) && f->info().due[i] == kTickNow) lookAt(f, i);
  }
  staticNow_.clear();
  if (!folded_.empty()) {
    std::sort(folded_.begin(), folded_.end());
    s_.counters.foldOvers += static_cast<std::uint64_t>(std::unique(folded_.begin(), folded_.end()) - folded_.begin());
    return false;
  }
  done_.clear();
  std::size_t guard = 64 * s_.n + 4096;
  while (!work_.empty() && guard-- > 0) {
    auto [x, y] = work_.back();
    work_.pop_back();
    FH f;
    int i;
    if (!cdt_.is_edge(x, y, f, i)) continue;
    done_.push_back({x, y});
    if (!certifiable(f, i) || f->is_constrained(i)) continue;
    if (!cdt_.is_flipable(f, i, false)) continue;
    FH g = f->neighbor(i);
    VH vc = f->vertex(i), va = f->vertex(CDT::ccw(i)), vb = f->vertex(CDT::cw(i));
    VH vd = g->vertex(cdt_.mirror_index(f, i));
    if (cdt_.is_edge(vc, vd)) continue;
    if (CGAL::orientation(vc->point(), va->point(), vd->point()) != CGAL::LEFT_TURN ||
        CGAL::orientation(vc->point(), vd->point(), vb->point()) != CGAL::LEFT_TURN)
      continue;
    flip(f, i);
    for (auto e : {std::pair{vc, vd}, {vc, va}, {va, vd}, {vd, vb}, {vb, vc}}) work_.push_back(e);
  }
  for (auto [x, y] : done_) {
    FH f;
    int i;
    if (cdt_.is_edge(x, y, f, i)) schedule(f, i);
  }
  return true;
}

void Triangulation::agentsInDisc(std::uint32_t from, double radius, std::vector<std::uint32_t>& out) {
  const VH v = handle_[from];
  const Vec2 centre = toVec(v->point());
  discFaces_.clear();
  discStack_.clear();
  if (!discSeen_.empty()) discSeen_.clear();  // clear() writes every bucket, even of an empty set
  // Few faces meet a body-sized disc: a list searched linearly marks the ones seen. A disc that
  // meets many (a reach widened by a teleport, after the safety net's rebuild) goes on with a
  // hash set: the list alone made each call quadratic in the faces, and such a step cubic in
  // the agents (4,311 agents took a minute per step).
  constexpr std::size_t kLinearFaces = 48;
  const auto visit = [&](FH f) {
    if (cdt_.is_infinite(f)) return;
    if (discFaces_.size() < kLinearFaces) {
      if (std::find(discFaces_.begin(), discFaces_.end(), f) != discFaces_.end()) return;
      discFaces_.push_back(f);
      if (discFaces_.size() == kLinearFaces)
        for (const FH g : discFaces_) discSeen_.insert(&*g);
    } else if (!discSeen_.insert(&*f).second) {
      return;
    }
    discStack_.push_back(f);
  };
  auto fc = cdt_.incident_faces(v), done = fc;
  do visit(fc);
  while (++fc != done);
  while (!discStack_.empty()) {
    const FH f = discStack_.back();
    discStack_.pop_back();
    ++s_.counters.facesVisited;
    for (int i = 0; i < 3; ++i) {
      const VH w = f->vertex(i);
      const std::uint32_t id = idOf(w);
      if (s_.isAgent(id) && (toVec(w->point()) - centre).norm() <= radius) out.push_back(id);
      const geometry::Segment edge{toVec(f->vertex(CDT::ccw(i))->point()), toVec(f->vertex(CDT::cw(i))->point())};
      if (geometry::distanceToSegment(centre, edge) <= radius) visit(f->neighbor(i));
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

// =============================================================================================
// Structure changes outside the sweep.

void Triangulation::removeAgent(std::uint32_t id, std::vector<std::uint32_t>& neighbours) {
  neighbours.clear();
  VH v = handle_[id];
  if (v == VH()) return;
  std::vector<VH> around;
  auto vc = cdt_.incident_vertices(v), done = vc;
  do {
    if (!cdt_.is_infinite(vc)) {
      around.push_back(vc);
      neighbours.push_back(vc->info().id);
    }
  } while (++vc != done);
  cdt_.remove(v);
  handle_[id] = VH();
  for (VH u : around) scheduleAround(u);
}

bool Triangulation::insertAgent(std::uint32_t id, std::vector<std::uint32_t>& neighbours) {
  neighbours.clear();
  CDT::Locate_type lt;
  int li = 0;
  const Point at = toPoint(s_.xy(id));
  // Locating from an arbitrary face walks O(√n) faces; agents close in the internal (Hilbert)
  // order were close in space at reset(), so start from the nearest placed one.
  FH hint;
  for (std::uint32_t k = 1; k <= 64 && hint == FH(); ++k)
    for (const std::uint32_t j : {id - k, id + k})
      if (j < s_.n && placed(j)) {
        hint = handle_[j]->face();
        break;
      }
  FH loc = cdt_.locate(at, lt, li, hint);
  if (lt == CDT::VERTEX || (lt == CDT::EDGE && loc->is_constrained(li))) return false;
  VH v = cdt_.insert(at, lt, loc, li);
  v->info() = {id, s_.speed(id)};
  handle_[id] = v;
  auto vc = cdt_.incident_vertices(v), done = vc;
  do {
    if (!cdt_.is_infinite(vc)) {
      neighbours.push_back(vc->info().id);
      scheduleAround(vc);
    }
  } while (++vc != done);
  scheduleAround(v);
  return true;
}

void Triangulation::rebase(double shift) { ticks_.shiftEpoch(shift); }

// =============================================================================================
// Checks.

bool Triangulation::valid() const {
  if (!cdt_.is_valid()) return false;
  for (auto f = cdt_.finite_faces_begin(); f != cdt_.finite_faces_end(); ++f)
    if (!faceOk(f)) return false;
  for (auto e = cdt_.finite_edges_begin(); e != cdt_.finite_edges_end(); ++e)
    if (certifiable(e->first, e->second) && !e->first->is_constrained(e->second) &&
        cdt_.is_flipable(e->first, e->second, false))
      return false;
  for (std::uint32_t i = 0; i < s_.n; ++i)
    if (handle_[i] != VH() && toVec(handle_[i]->point()) != s_.xy(i)) return false;
  return true;
}

std::size_t Triangulation::memoryBytes() const {
  return (cdt_.number_of_vertices() + 1) * sizeof(CDT::Vertex) + (cdt_.number_of_faces() + 8) * sizeof(CDT::Face) +
         handle_.capacity() * sizeof(VH) + folded_.capacity() * sizeof(std::uint32_t) + flips_.capacity() * sizeof(Flip) +
         (work_.capacity() + done_.capacity()) * sizeof(std::pair<VH, VH>);
}

}  // namespace steer::environment::kinetic
