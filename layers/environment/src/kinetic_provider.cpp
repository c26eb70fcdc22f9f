// The kinetic near-environment provider (Goldenstein et al. 2001, §5, A.3.1 and Lemma 1): the
// order of one update. The parts live in their own files:
//   kinetic_triangulation   the kinetic CDT (certificates, τ sweep, flips, end-of-step checks)
//   kinetic_near_sets       A_p, W_p, per-pair certificates, neighbour lists, pair contacts
//     _walls                  near a wall: whether members stay connected, and the walk
//     _check                  the slow full check of every near set (tests)
//   kinetic_obstacles       pieces near each agent, wall contacts, wall crossings
//   kinetic_clock           the motion clock and the due times read from it
//   kinetic_shared          numbering, positions and speed bounds they all read
#include "steer/environment/kinetic_provider.hpp"

#include <CGAL/Spatial_sort_traits_adapter_2.h>
#include <CGAL/hilbert_sort.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <tuple>

#include "finite_positions.hpp"
#include "kinetic_near_sets.hpp"
#include "kinetic_obstacles.hpp"
#include "kinetic_shared.hpp"
#include "kinetic_triangulation.hpp"
#include "steer/environment/collision.hpp"
#include "steer/geometry/distance.hpp"

namespace steer::environment {

using geometry::Vec2;
using kinetic::kNone;
namespace cdt = kinetic::cdt;
using kinetic::Shared;

namespace {
// A speed bound as a float no smaller than the double (the clock and the budgets read the same
// value, so any positive bound keeps them consistent).
// Canonical order (time, agents, piece), each contact once: a pair is looked at from both sides.
void sortUnique(std::vector<sim::Contact>& contacts) {
  const auto key = [](const sim::Contact& c) { return std::tie(c.time, c.a, c.b, c.piece, c.withObstacle); };
  std::sort(contacts.begin(), contacts.end(), [&](const sim::Contact& x, const sim::Contact& y) { return key(x) < key(y); });
  contacts.erase(std::unique(contacts.begin(), contacts.end(),
                             [&](const sim::Contact& x, const sim::Contact& y) { return key(x) == key(y); }),
                 contacts.end());
}

float roundUp(double v) {
  float f = static_cast<float>(v);
  if (static_cast<double>(f) < v) f = std::nextafter(f, std::numeric_limits<float>::infinity());
  return f;
}
// Any finite positive bound is valid: the clock advances by each agent's displacement over its
// own bound, so a bound below the truth only makes certificates come due sooner. Clamped into
// float's range: a max_speed above ~3.4e38 (1e300 for "no cap") became +inf, every moved / inf
// was 0, the clock never advanced, and no certificate was looked at again (near sets frozen).
// A bound that is not a number is taken as the smallest, the most cautious.
float speedBound(double maxSpeed) { return roundUp(!(maxSpeed > 1e-12) ? 1e-12 : std::min(maxSpeed, 1e30)); }
// Smaller worlds are not renumbered: their structure (~1 KB per agent) stays in the caches, and
// the layout decayed by only ~3 % at 1,000 agents after 900 steps (docs/benchmarks.md).
constexpr std::size_t kRenumberFrom = 1000;

constexpr double kInf = std::numeric_limits<double>::infinity();
// The box for the triangulation's far corners: what it holds (agents and walls, `lo`-`hi`, empty
// when lo > hi) and the world's bounds, but the bounds only up to 16 times the contents' size
// around them. The corners sit 64 box sizes out; at 1e-6 m spacing in bounds of 80 m they were
// ~10^10 spacings away, the in-circle polynomials of the faces at the corners lost the agents'
// motion to rounding, and their event times folded faces over (a rebuild in many steps). An
// agent that later walks out of the corners' square is caught as a fold-over (a counted rebuild).
std::pair<Vec2, Vec2> cornerBox(Vec2 lo, Vec2 hi, const Vec2& boundsLo, const Vec2& boundsHi) {
  if (!(lo.x() <= hi.x())) return {boundsLo.cwiseMin(boundsHi), boundsLo.cwiseMax(boundsHi)};
  const double size = (hi - lo).maxCoeff();
  if (!(size > 0.0)) return {lo.cwiseMin(boundsLo), hi.cwiseMax(boundsHi)};
  const Vec2 reach = Vec2::Constant(16.0 * size);
  return {lo.cwiseMin(boundsLo.cwiseMax(lo - reach)), hi.cwiseMax(boundsHi.cwiseMin(hi + reach))};
}
}  // namespace

struct KineticProvider::Impl {
  Shared s;
  kinetic::Triangulation tri{s};
  kinetic::Obstacles obstacles{s};
  kinetic::NearSets near{s, tri, obstacles};
  std::vector<std::uint32_t> unplaced;  // enabled agents off the triangulation (internal ids)
  bool hadUnplaced = false;
  std::vector<sim::Contact> contacts;
  double lastTime = 0.0;
  std::vector<std::uint32_t> neighbours, link, leaving, arriving, forced, jumpers;
  double renumberAfter = 0.0;  // KineticSettings::renumberAfter
  double walked = 0.0;         // mean near radii walked per agent since the last build()

  void build(const sim::World& w);
  void rebuildKeeping(const sim::World& w, bool keepAgentContacts);
  void update(const sim::World& w, std::span<const sim::Vec3> previous);
  void remove(std::uint32_t p);
  void contactsBeyondNearSets();
  bool wallWithin(std::uint32_t i, double reach) const;
  void pairContactsAfterRebuild(const sim::World& w, std::span<const sim::Vec3> previous, double t0);
  bool valid() const;
  std::vector<std::uint32_t> inDisc;  // contactsBeyondNearSets()
  std::vector<sim::Vec3> arrivedPrevious;  // update(): `previous` with agents enabled again where they are
};

// =============================================================================================
void KineticProvider::Impl::build(const sim::World& w) {
  if (w.dimension != 2) throw std::invalid_argument("KineticProvider: 2D worlds only");
  s.world = &w;
  const std::size_t n = w.agents.size();
  s.n = n;
  // Internal numbering: enabled agents in the Hilbert order of their positions, then the others.
  std::vector<cdt::Point> points(n);
  std::vector<std::ptrdiff_t> order;  // the index type CGAL's sort adapter expects
  std::vector<std::uint32_t> off;
  for (std::uint32_t e = 0; e < n; ++e) {
    points[e] = cdt::Point(w.agents[e].state.position.x(), w.agents[e].state.position.y());
    if (w.agents[e].enabled)
      order.push_back(e);
    else
      off.push_back(e);
  }
  CGAL::hilbert_sort(order.begin(), order.end(),
                     CGAL::Spatial_sort_traits_adapter_2<cdt::K, cdt::Point*>(points.data()));
  order.insert(order.end(), off.begin(), off.end());
  s.v.assign(n, {});
  s.intOf.assign(n, 0);
  for (std::uint32_t i = 0; i < n; ++i) {
    s.v[i].ext = static_cast<std::uint32_t>(order[i]);
    s.intOf[s.v[i].ext] = i;
  }
  s.radius.assign(n, 0.0);
  s.flags.assign(n, 0);
  // The box the triangulation's far corners must enclose (Triangulation::build): the agents and
  // the walls, and the world's bounds where the agents may go.
  Vec2 lo = Vec2::Constant(kInf), hi = Vec2::Constant(-kInf);
  for (std::uint32_t i = 0; i < n; ++i) {
    const sim::Agent& a = w.agents[s.ext(i)];
    s.v[i].pos = a.state.position;
    s.v[i].speed = speedBound(a.maxSpeed);
    s.radius[i] = a.nearRadius;
    s.v[i].body = roundUp(a.radius);
    s.v[i].radius = a.radius;
    s.flags[i] = a.enabled ? Shared::kEnabled : 0;
    // A disabled agent is enclosed too (it may be enabled where it stands), unless its position
    // is not finite: that position is not read (requireFinitePositions), and an infinite box put
    // the far corners at infinity, where the exact predicates fail.
    if (!a.state.position.allFinite()) continue;
    lo = lo.cwiseMin(geometry::xy(a.state.position));
    hi = hi.cwiseMax(geometry::xy(a.state.position));
  }
  std::vector<geometry::Segment> walls;
  std::vector<std::size_t> wallPiece;  // per wall: its piece index
  for (std::size_t k = 0; k < w.pieces().size(); ++k)
    if (const auto& piece = w.pieces()[k]; !piece.moving && piece.kind == sim::ObstaclePiece::Kind::Segment) {
      walls.push_back(piece.segment);
      wallPiece.push_back(k);
      lo = lo.cwiseMin(piece.segment.a).cwiseMin(piece.segment.b);
      hi = hi.cwiseMax(piece.segment.a).cwiseMax(piece.segment.b);
    }
  std::tie(lo, hi) = cornerBox(lo, hi, geometry::xy(w.bounds.min), geometry::xy(w.bounds.max));
  s.clock.reset();
  s.counters = {};
  tri.build(lo, hi, walls, unplaced);
  obstacles.attach(w.pieces());
  obstacles.build(w.pieces());
  std::vector<double> straying;
  for (std::size_t k = 0; k < walls.size(); ++k)
    if (tri.wallStraying()[k] > 0.0) {
      straying.resize(w.pieces().size(), 0.0);
      straying[wallPiece[k]] = tri.wallStraying()[k];
    }
  obstacles.setStraying(std::move(straying));
  for (std::uint32_t p = 0; p < n; ++p) {
    if (!s.has(p, Shared::kEnabled)) continue;
    obstacles.refresh(p, nullptr, 0.0, 0.0, contacts);
    if (s.has(p, Shared::kWallsNow)) s.set(p, Shared::kWalls);
    // Within rounding of a wall whose constraint pieces stray from it: off the triangulation
    // (checked directly, as an agent on a wall is), before the near sets are built.
    if (s.has(p, Shared::kOnStrayingWall) && tri.placed(p)) {
      tri.removeAgent(p, neighbours);
      unplaced.push_back(p);
    }
  }
  std::sort(unplaced.begin(), unplaced.end());
  near.build();
  contacts.clear();
  hadUnplaced = !unplaced.empty();
  if (hadUnplaced) near.process({}, w.time, 0.0, unplaced, true, contacts);
  contacts.clear();
  lastTime = w.time;
  walked = 0.0;
}

// build() at the end of a step, keeping the step's counters and contacts (those between agent
// pairs only if they were all found: the safety net comes before the near sets looked for them).
void KineticProvider::Impl::rebuildKeeping(const sim::World& w, bool keepAgentContacts) {
  const KineticCounters kept = s.counters;
  std::vector<sim::Contact> keptContacts;
  for (const auto& c : contacts)
    if (keepAgentContacts || c.withObstacle) keptContacts.push_back(c);
  build(w);
  s.counters = kept;
  contacts = std::move(keptContacts);
  sortUnique(contacts);
}

// An agent leaves the triangulation (disabled, or its step crosses a wall).
void KineticProvider::Impl::remove(std::uint32_t p) {
  link.clear();
  tri.forLink(p, [&](std::uint32_t u) { link.push_back(u); });
  near.vertexLeaving(p, link);
  tri.removeAgent(p, neighbours);
  near.vertexLeft(link);
}

void KineticProvider::Impl::update(const sim::World& w, std::span<const sim::Vec3> given) {
  if (w.agents.size() != s.n || w.dimension != 2) {
    build(w);
    return;
  }
  s.world = &w;
  obstacles.attach(w.pieces());
  ++s.counters.steps;
  const double t0 = lastTime, dt = w.time - lastTime;
  lastTime = w.time;
  contacts.clear();
  const bool hasPrevious = given.size() == s.n;

  // The world's agents, read once in their own order.
  bool bodies = false, staleArrival = false;
  leaving.clear();
  arriving.clear();
  forced.clear();
  for (std::uint32_t e = 0; e < s.n; ++e) {
    const sim::Agent& a = w.agents[e];
    const std::uint32_t i = s.intOf[e];
    if (!a.enabled) {
      if (s.has(i, Shared::kEnabled)) leaving.push_back(i);
      continue;
    }
    const bool arrives = !s.has(i, Shared::kEnabled);
    if (arrives) {
      arriving.push_back(i);
      forced.push_back(i);
      s.set(i, Shared::kEnabled);
      if (hasPrevious && !(given[e] == a.state.position)) staleArrival = true;
    }
    s.pos(i) = a.state.position;
    if (a.nearRadius != s.radius[i]) {
      s.radius[i] = a.nearRadius;
      near.markDirty(i);
      forced.push_back(i);
    }
    s.v[i].radius = a.radius;
    if (roundUp(a.radius) != s.v[i].body) {
      s.v[i].body = roundUp(a.radius);
      bodies = true;
      // Its wall-contact certificate's margin |d − body| was the old body's: look again (a body
      // grown into a wall was not found touching it).
      forced.push_back(i);
    }
    s.unset(i, Shared::kMovedNow | Shared::kFast);
    s.v[i].prev = geometry::xy(hasPrevious && !arrives ? given[e] : a.state.position);
    if (hasPrevious && !arrives && given[e] != a.state.position) {
      s.set(i, Shared::kMovedNow);
      if ((a.state.position - given[e]).norm() > 0.5 * a.nearRadius) s.set(i, Shared::kFast);
    }
  }
  if (bodies) near.forceAll();
  // An agent enabled again arrives where it is (neighbor_provider.hpp): its entry of `given` is
  // where it stood while disabled, stale or not even finite (a NaN there sent the search for its
  // wall contacts outside the piece grid), so the rest of the step reads its end position there.
  std::span<const sim::Vec3> previous = given;
  if (staleArrival) {
    arrivedPrevious.assign(given.begin(), given.end());
    for (const std::uint32_t i : arriving) arrivedPrevious[s.ext(i)] = w.agents[s.ext(i)].state.position;
    previous = arrivedPrevious;
  }

  // Agents disabled since the last call leave the triangulation (an event, not a rebuild).
  std::sort(leaving.begin(), leaving.end());
  for (std::uint32_t p : leaving) {
    if (tri.placed(p)) remove(p);
    else near.clearAgent(p);
    unplaced.erase(std::remove(unplaced.begin(), unplaced.end(), p), unplaced.end());
    obstacles.clearAgent(p);
    s.flags[p] = 0;
  }

  // Jumpers: agents that moved more than half their near radius since their vertex was placed (a
  // teleport, or motion beyond the speed bound). As the step's largest displacement in units of
  // its speed bound, one jump advanced the clock below by all of it: every certificate came due
  // and every agent looked at its whole list (a teleport a step tripled the certificate work). A
  // jumper leaves its old place and arrives at its new one instead, events for the agents around
  // both, as an agent crossing a wall does; its pieces are looked at afresh. When more than a
  // sixteenth of the agents jump, the clock costs no more than the events would, and they stay.
  jumpers.clear();
  std::uint32_t enabled = 0;
  for (std::uint32_t i = 0; i < s.n; ++i) {
    if (!s.has(i, Shared::kEnabled)) continue;
    ++enabled;
    if (tri.placed(i) && (s.xy(i) - tri.point(i)).norm() > 0.5 * s.radius[i]) jumpers.push_back(i);
  }
  if (!jumpers.empty() && jumpers.size() * 16 <= enabled) {
    for (std::uint32_t p : jumpers) {
      remove(p);
      arriving.push_back(p);
      forced.push_back(p);
      s.set(p, Shared::kFast);  // its contacts: against every agent, bounded by its displacement
      ++s.counters.jumps;
    }
    // Every list's entries of a jumper come due (the differential fuzzer found an agent that
    // jumped back near a watcher and then walked in unseen: that watch kept its old due time).
    near.jumped();
  }

  // The motion clock advances by the largest displacement measured in units of each agent's
  // own speed bound: every agent then moved at most speed_i × advance, whatever the true speeds.
  // Agents off the triangulation (on a wall, or on another agent) count too: the certificates
  // of their obstacle pieces and of their contacts with other agents read the same clock.
  double advance = 0.0, walkedNow = 0.0;
  std::uint32_t placed = 0;
  for (std::uint32_t i = 0; i < s.n; ++i) {
    s.unset(i, Shared::kMoving);
    if (!s.has(i, Shared::kEnabled) || !tri.placed(i)) continue;
    ++placed;
    const Vec2 p0 = tri.point(i), p1 = s.xy(i);
    if (p0 == p1) continue;
    s.set(i, Shared::kMoving);
    const double moved = (p1 - p0).norm();
    advance = std::max(advance, moved / static_cast<double>(s.speed(i)));
    if (s.radius[i] > 0.0) walkedNow += moved / s.radius[i];
  }
  for (std::uint32_t p : unplaced)  // (not the agents enabled in this step: they arrive afresh)
    if (s.has(p, Shared::kEnabled)) advance = std::max(advance, (s.xy(p) - s.v[p].prev).norm() / static_cast<double>(s.speed(p)));
  if (placed > 0) walked += walkedNow / placed;
  if (s.clock.wantsRebase()) {
    const double shift = s.clock.rebaseShift();
    tri.rebase(shift);
    near.rebase(shift);
    obstacles.rebase(shift);
    s.clock.rebase();
  }
  s.clock.begin(advance);
  tri.beginStep();

  // Pieces near the agents whose certificate came due (their end positions), wall contacts,
  // and whether a wall appeared in or left C_p (then its near set is recomputed by a walk). The
  // agents off the triangulation are looked at every step: they are few, and without previous
  // positions the clock cannot bound how far they went.
  const bool motion = advance > 0.0 || obstacles.anyMoving();
  for (std::uint32_t p : unplaced)
    if (s.has(p, Shared::kEnabled)) forced.push_back(p);
  std::sort(forced.begin(), forced.end());
  for (std::uint32_t i = 0; i < s.n; ++i) {
    if (!s.has(i, Shared::kEnabled)) continue;
    const sim::Vec3* start = hasPrevious ? &previous[s.ext(i)] : nullptr;
    if (!(motion && obstacles.due(i, start, dt)) && !std::binary_search(forced.begin(), forced.end(), i)) continue;
    // A moving wall that blocked a sight line within r_i and has now left its reach: the
    // lines it hid are looked at again (kLosMoving forced that every step while it was near;
    // once refresh() clears it, nothing else would, if no agent moves).
    const bool losMovingBefore = s.has(i, Shared::kLosMoving);
    obstacles.refresh(i, start, t0, dt, contacts);
    if (s.has(i, Shared::kWalls) != s.has(i, Shared::kWallsNow) || (losMovingBefore && !s.has(i, Shared::kLosMoving)))
      near.markDirty(i);
    // An agent whose path meets a wall (the local layer should prevent it, but positions are
    // input) cannot be carried through the constraint by flips: it leaves the triangulation
    // before the sweep, while every triangle is still valid, and comes back at its end position
    // afterwards (counted).
    // So does an agent within rounding of a wall whose constraint pieces stray from it
    // (wall_split.hpp): it may be on the other side of a piece than of the wall; it stays off the
    // triangulation until it leaves (the arrivals below).
    const bool crosses = s.has(i, Shared::kMoving) && obstacles.crossesWall(tri.point(i), s.xy(i));
    if (crosses || (s.has(i, Shared::kOnStrayingWall) && tri.placed(i))) {
      if (crosses) ++s.counters.wallCrossings;
      remove(i);
      s.unset(i, Shared::kMoving);
      arriving.push_back(i);
    }
  }

  obstacles.tidy();
  if (advance > 0.0) {
    tri.sweep();
  }
  if (!tri.finish()) {
    // Safety net (see Triangulation::finish): rebuild from the current positions. Wall contacts
    // of this step are kept; agent-pair contacts of this step are not detected.
    rebuildKeeping(w, false);
    ++s.counters.rebuilds;
    if (s.detectContacts && hasPrevious) pairContactsAfterRebuild(w, previous, t0);
    return;
  }
  near.flipsDone(tri.flips());

  // Agents enabled again, agents back from a wall crossing, and agents that were off the
  // triangulation: place them.
  const bool unplacedBefore = hadUnplaced || !unplaced.empty();
  for (std::uint32_t p : unplaced) arriving.push_back(p);
  unplaced.clear();
  std::sort(arriving.begin(), arriving.end());
  arriving.erase(std::unique(arriving.begin(), arriving.end()), arriving.end());
  for (std::uint32_t p : arriving) {
    if (tri.placed(p)) continue;
    if (!s.has(p, Shared::kOnStrayingWall) && tri.insertAgent(p, neighbours))
      near.vertexArrived(p, neighbours);
    else
      unplaced.push_back(p);
  }

  near.process(previous, t0, dt, unplaced, unplacedBefore, contacts);
  if (s.detectContacts && hasPrevious) contactsBeyondNearSets();
  obstacles.endStep();
  hadUnplaced = !unplaced.empty();
  for (std::uint32_t i = 0; i < s.n; ++i) {
    if (s.has(i, Shared::kWallsNow)) s.set(i, Shared::kWalls);
    else s.unset(i, Shared::kWalls);
  }
  s.clock.finish();
  sortUnique(contacts);
  // The Hilbert numbering of reset() decays as the crowd mixes (KineticSettings::renumberAfter):
  // lay the structure out again in space order, from the positions the step ended with.
  if (renumberAfter > 0.0 && walked >= renumberAfter && s.n >= kRenumberFrom) {
    rebuildKeeping(w, true);
    ++s.counters.renumberings;
  }
}

// Whether a static wall comes within `reach` of agent i: from its sight pieces (the segments
// within r_i, kept up to date by their certificates, empty for most agents) when the reach is
// inside r_i, else from the grid of the walls.
bool KineticProvider::Impl::wallWithin(std::uint32_t i, double reach) const {
  if (!(reach <= s.radius[i])) return obstacles.wallWithin(s.xy(i), reach);
  const auto& pieces = s.world->pieces();
  for (const sim::PieceIndex k : obstacles.sightPieces(i))
    if (!pieces[k].moving && geometry::distanceToSegment(s.xy(i), pieces[k].segment) <= reach) return true;
  return false;
}

// The pair certificates look only at the vertices each agent tracks (A_p and its watched ring),
// but two bodies can touch through a wall between them, where neither is approachable from the
// other, or beyond the near disc of an agent whose near radius is smaller than the reach of
// bodies (near_radius 0.3 with bodies of 0.3: the oracle found ~60 % of the kinetic provider's
// contacts missing). So an agent with a wall within the reach of its body in this step (its
// radius and step plus the largest of both), or whose reach leaves its near disc, looks at
// every agent within that reach, walls or not, found by a walk over the triangles that meet the
// disc. Found by the oracle comparison of the contacts (environment/oracle.hpp); agents off the
// triangulation are checked directly (reportDirect), and agents that moved more than half their
// near radius against every agent (NearSets::fastMovers): they are left out here, so that one
// jump does not widen every agent's reach.
void KineticProvider::Impl::contactsBeyondNearSets() {
  double maxBody = 0.0, maxStep = 0.0;
  for (std::uint32_t i = 0; i < s.n; ++i)
    if (s.has(i, Shared::kEnabled)) {
      maxBody = std::max(maxBody, s.bodyRadius(i));
      if (!s.has(i, Shared::kFast)) maxStep = std::max(maxStep, (s.xy(i) - s.v[i].prev).norm());
    }
  for (std::uint32_t i = 0; i < s.n; ++i) {
    if (!s.has(i, Shared::kEnabled) || !tri.placed(i) || s.has(i, Shared::kFast)) continue;
    const double reach =
        (s.bodyRadius(i) + maxBody + (s.xy(i) - s.v[i].prev).norm() + maxStep) * (1 + 1e-9) + 1e-12;
    if (reach <= s.radius[i] && !wallWithin(i, reach)) continue;
    inDisc.clear();
    tri.agentsInDisc(i, reach, inDisc);
    near.pairContacts(i, inDisc, contacts);
  }
}

// After the safety net's rebuild the pair certificates did not look at this step: every agent is
// checked against the agents within the reach of its body in the step (the triangles around its
// end position, walls or not) and against those off the triangulation. Rare (fold-overs).
// Agents that moved more than half their near radius (teleports, which are what folds the
// triangles most often) are checked against every agent instead, and stay out of the others'
// reach: one jump across the world widened every agent's disc to the whole triangulation.
void KineticProvider::Impl::pairContactsAfterRebuild(const sim::World& w, std::span<const sim::Vec3> previous,
                                                    double t0) {
  const auto step = [&](std::size_t e) { return (w.agents[e].state.position - previous[e]).norm(); };
  const auto jumped = [&](std::size_t e) { return step(e) > 0.5 * w.agents[e].nearRadius; };
  double maxBody = 0.0, maxStep = 0.0;
  std::vector<sim::AgentIndex> fast;
  for (std::size_t e = 0; e < w.agents.size(); ++e)
    if (w.agents[e].enabled) {
      maxBody = std::max(maxBody, w.agents[e].radius);
      if (jumped(e)) fast.push_back(static_cast<sim::AgentIndex>(e));
      else maxStep = std::max(maxStep, step(e));
    }
  std::vector<sim::AgentIndex> others;
  for (std::size_t e = 0; e < w.agents.size(); ++e) {
    const sim::Agent& a = w.agents[e];
    if (!a.enabled) continue;
    const std::uint32_t i = s.intOf[e];
    others.clear();
    if (tri.placed(i) && !jumped(e)) {
      const double reach = (a.radius + maxBody + step(e) + maxStep) * (1 + 1e-9) + 1e-12;
      inDisc.clear();
      tri.agentsInDisc(i, reach, inDisc);
      for (const std::uint32_t q : inDisc) others.push_back(s.ext(q));
      for (const std::uint32_t q : unplaced) others.push_back(s.ext(q));
      // A pair is looked at from its lower index (agentContactsInStep): the jumpers above e
      // are not in its disc.
      others.insert(others.end(), fast.begin(), fast.end());
    } else {
      for (std::size_t q = 0; q < w.agents.size(); ++q) others.push_back(static_cast<sim::AgentIndex>(q));
    }
    agentContactsInStep(w, previous, {}, t0, static_cast<sim::AgentIndex>(e), others, {}, contacts);
  }
  sortUnique(contacts);
}

bool KineticProvider::Impl::valid() const {
  if (!tri.valid() || !near.consistent()) return false;
  for (std::uint32_t i = 0; i < s.n; ++i) {
    const sim::Agent& a = s.world->agents[s.ext(i)];
    if (!a.enabled && tri.placed(i)) return false;
    if (a.enabled && !tri.placed(i) && std::find(unplaced.begin(), unplaced.end(), i) == unplaced.end()) return false;
    if (tri.placed(i) && tri.point(i) != geometry::xy(a.state.position)) return false;
  }
  return true;
}

// =============================================================================================
KineticProvider::KineticProvider(KineticSettings settings) : impl_(std::make_unique<Impl>()) {
  impl_->s.detectContacts = settings.detectContacts;
  impl_->renumberAfter = settings.renumberAfter;
}
KineticProvider::~KineticProvider() = default;

void KineticProvider::reset(const sim::World& world) {
  requireFinitePositions(world, "kinetic");
  impl_->build(world);
}
void KineticProvider::update(const sim::World& world, std::span<const sim::Vec3> previous) {
  requireFinitePositions(world, "kinetic");
  impl_->update(world, previous);
}
std::span<const sim::AgentIndex> KineticProvider::neighbors(sim::AgentIndex agent) const {
  return impl_->near.neighbours(impl_->s.intOf[agent]);
}
std::span<const sim::PieceIndex> KineticProvider::obstacles(sim::AgentIndex agent) const {
  return impl_->obstacles.obstacles(impl_->s.intOf[agent]);
}
std::span<const sim::Contact> KineticProvider::contacts() const { return impl_->contacts; }
const KineticCounters& KineticProvider::counters() const { return impl_->s.counters; }

std::vector<sim::WorkCount> KineticProvider::work() const {
  const KineticCounters& c = impl_->s.counters;
  const auto count = [](const char* name, std::uint64_t total) { return sim::WorkCount{name, static_cast<double>(total)}; };
  return {count("certificate_evaluations", c.certificateEvaluations()),
          count("in_circle_evaluations", c.inCircleEvaluations),
          count("quartic_solves", c.quarticSolves),
          count("orientation_evaluations", c.orientationEvaluations),
          count("distance_evaluations", c.distanceEvaluations),
          count("events", c.events),
          count("flips", c.flips),
          count("fold_overs", c.foldOvers),
          count("wall_crossings", c.wallCrossings),
          count("jumps", c.jumps),
          count("rebuilds", c.rebuilds),
          count("renumberings", c.renumberings),
          count("enters", c.enters),
          count("exits", c.exits),
          count("near_set_walks", c.nearSetWalks),
          count("agent_visits", c.agentVisits),
          count("faces_visited", c.facesVisited),
          count("piece_refreshes", c.pieceRefreshes)};
}
bool KineticProvider::isValid() const { return impl_->valid(); }

std::size_t KineticProvider::memoryBytes() const {
  const Impl& m = *impl_;
  const Shared& s = m.s;
  std::size_t bytes = s.v.capacity() * sizeof(Shared::Vertex) + s.intOf.capacity() * 4 + s.radius.capacity() * 8 +
                      s.flags.capacity() * sizeof(std::uint16_t);
  bytes += m.tri.memoryBytes() + m.near.memoryBytes() + m.obstacles.memoryBytes() +
           m.arrivedPrevious.capacity() * sizeof(sim::Vec3);
  return bytes;
}

}  // namespace steer::environment
