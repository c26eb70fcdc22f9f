// Splitting the static walls where they cross, for the kinetic CDT (see wall_split.hpp).
#include "wall_split.hpp"

#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/box_intersection_d.h>
#include <CGAL/intersections.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

namespace steer::environment::kinetic {

using geometry::Segment;
using geometry::Vec2;

namespace {

using K = CGAL::Exact_predicates_inexact_constructions_kernel;
using KE = CGAL::Exact_predicates_exact_constructions_kernel;

K::Point_2 pointOf(const Vec2& v) { return {v.x(), v.y()}; }
K::Segment_2 segmentOf(const Segment& s) { return {pointOf(s.a), pointOf(s.b)}; }

// A wall's bounding box for CGAL's box intersection (the BoxIntersectionBox_d concept); the
// wall's index is its id, so that the pairs do not depend on where the boxes sit in memory.
struct WallBox {
  using NT = double;
  using ID = std::size_t;
  static int dimension() { return 2; }
  ID id() const { return wall; }
  NT min_coord(int d) const { return lo[d]; }
  NT max_coord(int d) const { return hi[d]; }
  double lo[2], hi[2];
  std::size_t wall;
};

WallBox boxOf(const Segment& w, std::size_t id) {
  return {{std::min(w.a.x(), w.b.x()), std::min(w.a.y(), w.b.y())}, {std::max(w.a.x(), w.b.x()), std::max(w.a.y(), w.b.y())}, id};
}

// The largest coordinate of the walls, in magnitude: the scale of their rounding.
double scaleOf(std::span<const Segment> walls) {
  double scale = 0.0;
  for (const Segment& w : walls) scale = std::max({scale, w.a.cwiseAbs().maxCoeff(), w.b.cwiseAbs().maxCoeff()});
  return scale;
}

// A segment from a to b as the same key either way round (the lower end first), to sort copies
// of one segment together.
std::array<double, 4> undirected(const Vec2& a, const Vec2& b) {
  const bool forward = a.x() != b.x() ? a.x() < b.x() : a.y() <= b.y();
  const Vec2 &lo = forward ? a : b, &hi = forward ? b : a;
  return {lo.x(), lo.y(), hi.x(), hi.y()};
}

// Units in the last place at the size of the walls' coordinates.
double ulpAt(double magnitude) {
  const double m = std::abs(magnitude);
  return std::nextafter(m, std::numeric_limits<double>::infinity()) - m;
}

}  // namespace

double touchTolerance(std::span<const Segment> walls) { return 4.0 * ulpAt(scaleOf(walls)); }

bool nearlyInside(const Segment& wall, const Vec2& e, double tolerance) {
  const Vec2 along = wall.b - wall.a, off = e - wall.a;
  const double length2 = along.squaredNorm(), t = off.dot(along);
  if (!(t > 0.0 && t < length2)) return false;  // beyond an end (or a length that overflows)
  const double cross = along.x() * off.y() - along.y() * off.x();
  return std::isfinite(cross) && std::abs(cross) <= tolerance * std::sqrt(length2);
}

namespace {

// One pass: the walls split at their crossings and touches, the pieces' walls in `wallOf`.
WallPieces splitOnce(std::span<const Segment> input) {
  std::vector<Segment> walls;
  std::vector<std::size_t> inputOf;  // per kept wall: its index in `input`
  for (std::size_t k = 0; k < input.size(); ++k)
    if (input[k].a != input[k].b) {
      walls.push_back(input[k]);
      inputOf.push_back(k);
    }
  // Cuts: (wall, point). An end point on another wall cuts it exactly there; a proper crossing
  // gets a constructed point, the same for both walls.
  std::vector<std::pair<std::size_t, Vec2>> cuts;
  std::vector<std::uint8_t> strays(walls.size(), 0);  // cut at a constructed or merged point

  std::vector<WallBox> boxes;
  boxes.reserve(walls.size());
  for (std::size_t k = 0; k < walls.size(); ++k) boxes.push_back(boxOf(walls[k], k));
  const double tolerance = touchTolerance(walls);  // points this close are one point (below)
  // Whether `e` is on wall `w`: exactly, or within the tolerance of a point inside it (then the
  // cut is off the wall's line, and the wall strays). Walls along one line whose end points are
  // only near each other's lines (a diagonal line in decimal coordinates) crossed each other at
  // tiny angles, each round of splitting below made crossings of the last one's rounding, and 40
  // such walls grew to 1.5 million pieces in four rounds; cut at each other's end points, they
  // share their stretches as walls exactly along a line do.
  const auto cutsAt = [&](std::size_t w, const K::Segment_2& on, const Vec2& e) {
    if (on.has_on(pointOf(e))) return true;
    if (!nearlyInside(walls[w], e, tolerance)) return false;
    strays[w] = 1;
    return true;
  };
  // Each pair of walls whose boxes meet (closed boxes: walls that only touch count), once.
  CGAL::box_self_intersection_d(boxes.begin(), boxes.end(), [&](const WallBox& boxA, const WallBox& boxB) {
    const std::size_t i = std::min(boxA.wall, boxB.wall), j = std::max(boxA.wall, boxB.wall);
    const Segment &s = walls[i], &t = walls[j];
    const K::Segment_2 si = segmentOf(s), sj = segmentOf(t);
    // An end point on the other wall: the walls meet there, or overlap along a line between such
    // end points. Either way those end points are all the cuts.
    bool touch = false;
    for (const Vec2& e : {t.a, t.b})
      if (cutsAt(i, si, e)) {
        cuts.emplace_back(i, e);
        touch = true;
      }
    for (const Vec2& e : {s.a, s.b})
      if (cutsAt(j, sj, e)) {
        cuts.emplace_back(j, e);
        touch = true;
      }
    if (touch || !CGAL::do_intersect(si, sj)) return;
    // Constructed exactly, then rounded once: from doubles, the crossing of two walls at a tiny
    // angle is ill-conditioned (one came out 1.8e-4 m beyond a wall's end at a scale of 1e-4 m,
    // and that wall's pieces ran past its end and back across other walls).
    const auto exact = [](const Segment& w) { return KE::Segment_2(KE::Point_2(w.a.x(), w.a.y()), KE::Point_2(w.b.x(), w.b.y())); };
    const auto crossing = CGAL::intersection(exact(s), exact(t));
    if (!crossing) return;
    const KE::Point_2* p = boost::get<KE::Point_2>(&*crossing);
    if (p == nullptr) return;  // an overlap always has an end point on the other wall (above)
    const Vec2 at(CGAL::to_double(CGAL::exact(p->x())), CGAL::to_double(CGAL::exact(p->y())));
    cuts.emplace_back(i, at);
    cuts.emplace_back(j, at);
    strays[i] = strays[j] = 1;
  });

  // Points within rounding of each other are one point: where three walls cross at one place
  // (a grid of walls), the three constructed crossings differ in the last bits, and pieces
  // ending at them would cross each other there. Each cluster of points (and wall end points)
  // within 4 ulps at the walls' scale takes the smallest of them, end points first.
  std::vector<std::pair<Vec2, bool>> points;  // (point, is a wall's end point)
  for (const Segment& w : walls) points.insert(points.end(), {{w.a, true}, {w.b, true}});
  for (const auto& cut : cuts) points.emplace_back(cut.second, false);
  const auto before = [](const std::pair<Vec2, bool>& u, const std::pair<Vec2, bool>& v) {
    return u.first.x() != v.first.x() ? u.first.x() < v.first.x() : u.first.y() < v.first.y();
  };
  // One entry per distinct point (an end point if any of its copies is one): 500 walls through
  // one point made 250,000 copies of it, and comparing them pairwise took minutes.
  std::sort(points.begin(), points.end(), [&](const auto& u, const auto& v) {
    return u.first != v.first ? before(u, v) : u.second > v.second;  // end points first
  });
  points.erase(std::unique(points.begin(), points.end(), [](const auto& u, const auto& v) { return u.first == v.first; }),
               points.end());
  std::vector<std::size_t> parent(points.size());
  for (std::size_t k = 0; k < parent.size(); ++k) parent[k] = k;
  const auto root = [&](std::size_t k) {
    while (parent[k] != k) k = parent[k] = parent[parent[k]];
    return k;
  };
  // Pairs within the tolerance on both axes, found through a grid of cells of that side (a point
  // meets only its own and the eight cells around): a sweep along x compared every pair of
  // points with the same x, i.e. all the crossings on one vertical wall.
  struct Cell {
    std::int64_t x, y;
    std::size_t point;
    auto operator<=>(const Cell&) const = default;
  };
  const auto cellOf = [&](const Vec2& p, std::size_t k) {
    return Cell{static_cast<std::int64_t>(std::floor(p.x() / tolerance)), static_cast<std::int64_t>(std::floor(p.y() / tolerance)), k};
  };
  std::vector<Cell> cells;
  cells.reserve(points.size());
  for (std::size_t k = 0; k < points.size(); ++k) cells.push_back(cellOf(points[k].first, k));
  std::sort(cells.begin(), cells.end());
  for (const Cell& c : cells)
    for (std::int64_t dx = -1; dx <= 1; ++dx)
      for (std::int64_t dy = -1; dy <= 1; ++dy) {
        const Cell lo{c.x + dx, c.y + dy, 0}, hi{c.x + dx, c.y + dy, std::numeric_limits<std::size_t>::max()};
        for (auto it = std::lower_bound(cells.begin(), cells.end(), lo); it != cells.end() && *it < hi; ++it) {
          const std::size_t k = c.point, m = it->point;
          if (m <= k || std::abs(points[m].first.x() - points[k].first.x()) > tolerance ||
              std::abs(points[m].first.y() - points[k].first.y()) > tolerance)
            continue;
          // The representative: an end point over a constructed point, then the earlier.
          const std::size_t a = root(k), b = root(m);
          if (a == b) continue;
          const bool aFirst = points[a].second != points[b].second ? points[a].second : before(points[a], points[b]);
          if (aFirst) parent[b] = a;
          else parent[a] = b;
        }
      }
  const auto representative = [&](const Vec2& x) {
    const auto it = std::lower_bound(points.begin(), points.end(), std::pair<Vec2, bool>{x, false}, before);
    return points[root(static_cast<std::size_t>(it - points.begin()))].first;
  };

  std::vector<std::vector<Vec2>> splits(walls.size());
  for (const auto& [wall, x] : cuts) {
    const Vec2 at = representative(x);
    if (at != x) strays[wall] = 1;  // moved by the merging: off the wall's line too
    splits[wall].push_back(at);
  }
  WallPieces out;
  out.straying.assign(input.size(), 0.0);
  for (std::size_t k = 0; k < walls.size(); ++k) {
    const Segment w{representative(walls[k].a), representative(walls[k].b)};
    // A constructed cut is off the wall's line by rounding, and a merged point by up to the
    // merging tolerance: 64 ulps at the walls' scale covers both, and the rounding of a distance.
    if (strays[k] || w.a != walls[k].a || w.b != walls[k].b) out.straying[inputOf[k]] = 16.0 * tolerance;
    const Vec2 along = w.b - w.a;
    auto& on = splits[k];
    // Along the wall; its own end points are not cuts.
    std::sort(on.begin(), on.end(), [&](const Vec2& u, const Vec2& v) {
      const double tu = (u - w.a).dot(along), tv = (v - w.a).dot(along);
      return tu != tv ? tu < tv : (u.x() != v.x() ? u.x() < v.x() : u.y() < v.y());
    });
    on.erase(std::unique(on.begin(), on.end()), on.end());
    Vec2 from = w.a;
    const auto piece = [&](const Vec2& to) {
      if (to == from) return;
      out.pieces.emplace_back(out.points.size(), out.points.size() + 1);
      out.points.push_back(from);
      out.points.push_back(to);
      from = to;
    };
    for (const Vec2& c : on)
      if (c != w.a && c != w.b) piece(c);
    piece(w.b);
    out.wallOf.resize(out.pieces.size(), inputOf[k]);
  }
  return out;
}

// Pieces that are the same segment (either way round) kept once, in the order of their first
// copy, each with every wall it is part of (`owners`, per piece, sorted; merged on return).
// Walls that overlap along one line give each stretch between two of their end points once per
// wall over it: n such walls gave ~n²/2 pieces, and the pairs among them ~n³ (1,000 walls along
// one line, each overlapping all others, took 75 s to set up).
void mergeSamePieces(WallPieces& w, std::vector<std::vector<std::size_t>>& owners) {
  const auto key = [&](std::size_t k) { return undirected(w.points[w.pieces[k].first], w.points[w.pieces[k].second]); };
  std::vector<std::size_t> order(w.pieces.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t u, std::size_t v) { return key(u) < key(v); });
  std::vector<std::size_t> firstCopy(w.pieces.size());
  bool copies = false;
  for (std::size_t n = 0; n < order.size(); ++n) {
    const bool copy = n > 0 && key(order[n]) == key(order[n - 1]);
    firstCopy[order[n]] = copy ? firstCopy[order[n - 1]] : order[n];
    copies = copies || copy;
  }
  if (!copies) return;
  for (std::size_t k = 0; k < w.pieces.size(); ++k)
    if (firstCopy[k] != k) owners[firstCopy[k]].insert(owners[firstCopy[k]].end(), owners[k].begin(), owners[k].end());
  WallPieces kept;
  kept.straying = std::move(w.straying);
  std::vector<std::vector<std::size_t>> keptOwners;
  for (std::size_t k = 0; k < w.pieces.size(); ++k) {
    if (firstCopy[k] != k) continue;
    kept.pieces.emplace_back(kept.points.size(), kept.points.size() + 1);
    kept.points.push_back(w.points[w.pieces[k].first]);
    kept.points.push_back(w.points[w.pieces[k].second]);
    kept.wallOf.push_back(w.wallOf[k]);
    auto& own = keptOwners.emplace_back(std::move(owners[k]));
    std::sort(own.begin(), own.end());
    own.erase(std::unique(own.begin(), own.end()), own.end());
  }
  w = std::move(kept);
  owners = std::move(keptOwners);
}

// The walls of pieces that meet other than at a shared end point (exact predicates): a proper
// crossing, an end point inside another piece, or an overlap along a line. Pieces that only share
// an end point are fine; there are no two of one segment (mergeSamePieces).
std::vector<std::size_t> wallsOfMeetingPieces(const WallPieces& w, const std::vector<std::vector<std::size_t>>& owners) {
  std::vector<WallBox> boxes;
  boxes.reserve(w.pieces.size());
  for (std::size_t k = 0; k < w.pieces.size(); ++k) boxes.push_back(boxOf({w.points[w.pieces[k].first], w.points[w.pieces[k].second]}, k));
  std::vector<std::size_t> walls;
  CGAL::box_self_intersection_d(boxes.begin(), boxes.end(), [&](const WallBox& boxA, const WallBox& boxB) {
    const std::size_t i = boxA.wall, j = boxB.wall;
    const Vec2 &a = w.points[w.pieces[i].first], &b = w.points[w.pieces[i].second];
    const Vec2 &c = w.points[w.pieces[j].first], &d = w.points[w.pieces[j].second];
    if ((a == c && b == d) || (a == d && b == c)) return;
    const K::Segment_2 si = segmentOf({a, b}), sj = segmentOf({c, d});
    if (!CGAL::do_intersect(si, sj)) return;
    // Sharing an end point e, they meet only there unless they run along one line the same way
    // from it (then one's other end lies on the other).
    const bool shared = a == c || a == d || b == c || b == d;
    if (shared) {
      const Vec2& otherOfI = (a == c || a == d) ? b : a;
      const Vec2& otherOfJ = (c == a || c == b) ? d : c;
      if (!sj.has_on(pointOf(otherOfI)) && !si.has_on(pointOf(otherOfJ))) return;
    }
    walls.insert(walls.end(), owners[i].begin(), owners[i].end());
    walls.insert(walls.end(), owners[j].begin(), owners[j].end());
  });
  std::sort(walls.begin(), walls.end());
  walls.erase(std::unique(walls.begin(), walls.end()), walls.end());
  return walls;
}

// splitAtCrossings for walls that are all different segments.
WallPieces splitDistinct(std::span<const Segment> input) {
  WallPieces out = splitOnce(input);
  std::vector<std::vector<std::size_t>> owners(out.pieces.size());  // per piece: the walls it is part of
  for (std::size_t k = 0; k < owners.size(); ++k) owners[k] = {out.wallOf[k]};
  mergeSamePieces(out, owners);
  // Rounding makes crossings of its own: a constructed cut is off its wall's line by an ulp or
  // two, and a piece ending there may cross a third wall within rounding of that line (two walls
  // collinear to rounding, and a wall crossing one of them near the other: found by a
  // differential fuzzer at 3·10^5 m from the origin). CGAL constructed that crossing itself and
  // bent the third wall, which was not marked straying, and an agent 8e-12 m from it was put on
  // the wrong side. So the pieces are split again, as walls, until no two of them meet but at
  // shared end points; each round's rounding adds to the straying of the walls it cuts (every
  // wall a cut piece is part of).
  constexpr int kRounds = 8;
  std::vector<std::size_t> meeting = wallsOfMeetingPieces(out, owners);
  for (int round = 0; round < kRounds && !meeting.empty(); ++round) {
    std::vector<Segment> pieces;
    pieces.reserve(out.pieces.size());
    for (const auto& [a, b] : out.pieces) pieces.push_back({out.points[a], out.points[b]});
    WallPieces next = splitOnce(pieces);
    std::vector<double> added(input.size(), 0.0);
    for (std::size_t k = 0; k < pieces.size(); ++k)
      for (const std::size_t wall : owners[k]) added[wall] = std::max(added[wall], next.straying[k]);
    for (std::size_t wall = 0; wall < input.size(); ++wall) added[wall] += out.straying[wall];
    std::vector<std::vector<std::size_t>> nextOwners(next.pieces.size());
    for (std::size_t p = 0; p < next.pieces.size(); ++p) {
      nextOwners[p] = owners[next.wallOf[p]];
      next.wallOf[p] = out.wallOf[next.wallOf[p]];
    }
    next.straying = std::move(added);
    out = std::move(next);
    owners = std::move(nextOwners);
    mergeSamePieces(out, owners);
    meeting = wallsOfMeetingPieces(out, owners);
  }
  // Still meeting after the rounds (never seen): CGAL constructs those crossings, with the
  // rounding of one more cut.
  const double oneMoreCut = meeting.empty() ? 0.0 : 64.0 * ulpAt(scaleOf(input));
  for (const std::size_t wall : meeting) out.straying[wall] += oneMoreCut;
  return out;
}

}  // namespace

WallPieces splitAtCrossings(std::span<const Segment> input) {
  // A wall given more than once (the same segment, either way round) is split once, for all its
  // copies. Every copy overlaps every other along its whole length, and as each pair of copies
  // made cuts, time and memory grew with the square of the copies (a box repeated 1,000 times in
  // a scenario file took 4.9 s and 1.3 GB before the first step; found by mutation fuzzing of the
  // scenario files).
  const auto key = [&](std::size_t k) { return undirected(input[k].a, input[k].b); };
  std::vector<std::size_t> order(input.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t u, std::size_t v) { return key(u) < key(v); });
  std::vector<std::size_t> firstCopy(input.size());  // per input wall: the index of its first copy
  for (std::size_t n = 0; n < order.size(); ++n)
    firstCopy[order[n]] = n > 0 && key(order[n]) == key(order[n - 1]) ? firstCopy[order[n - 1]] : order[n];  // (stable)
  // The distinct walls in the order of their first copies, as the caller gave them.
  std::vector<std::size_t> copyOf(input.size());  // per input wall: its index in `distinct`
  std::vector<std::size_t> firstInput;            // per distinct wall: its first copy's index
  std::vector<Segment> distinct;
  for (std::size_t k = 0; k < input.size(); ++k) {
    if (firstCopy[k] == k) {
      copyOf[k] = distinct.size();
      distinct.push_back(input[k]);
      firstInput.push_back(k);
    } else {
      copyOf[k] = copyOf[firstCopy[k]];
    }
  }
  if (distinct.size() == input.size()) return splitDistinct(input);
  WallPieces split = splitDistinct(distinct);
  std::vector<double> straying(input.size());
  for (std::size_t k = 0; k < input.size(); ++k) straying[k] = split.straying[copyOf[k]];
  split.straying = std::move(straying);
  for (auto& wall : split.wallOf) wall = firstInput[wall];
  return split;
}

}  // namespace steer::environment::kinetic
