// Obstacle pieces near each agent, with their certificate; see kinetic_obstacles.hpp.
#include "kinetic_obstacles.hpp"

#include <algorithm>
#include <cmath>

#include "kinetic_certificates.hpp"
#include "steer/environment/collision.hpp"
#include "steer/geometry/distance.hpp"

namespace steer::environment::kinetic {

using geometry::Vec2;

void Obstacles::build(const std::vector<sim::ObstaclePiece>& pieces) {
  attach(pieces);
  moving_.clear();
  movingSlot_.assign(pieces.size(), kStatic);
  for (std::size_t k = 0; k < pieces.size(); ++k)
    if (pieces[k].moving) {
      movingSlot_[k] = static_cast<std::uint32_t>(moving_.size());
      moving_.push_back(static_cast<sim::PieceIndex>(k));
    }
  endStep();
  double cell = 1.0;
  for (std::uint32_t p = 0; p < s_.n; ++p) cell = std::max(cell, s_.radius[p]);
  cell_ = cell;
  index_.build(pieces, cell);
  pool_.clear();
  obstRef_.assign(s_.n, {});
  sightRef_.assign(s_.n, {});
  due_.assign(s_.n, kNow);
}

// Per step, O(moving pieces): a grid of at most a few cells per piece (a handful of pieces spread
// over a huge world must not get millions of cells).
void Obstacles::indexMoving() {
  movingIndexed_ = true;
  if (moving_.empty()) return;
  movingIndex_.build(*pieces_, moving_, cell_, 4 * moving_.size() + 64);
  movingShift_.resize(moving_.size());
  maxShift_ = 0.0;
  for (std::size_t m = 0; m < moving_.size(); ++m) {
    movingShift_[m] = geometry::xy(pieceShift(movingBefore_[m], (*pieces_)[moving_[m]]));
    maxShift_ = std::max(maxShift_, movingShift_[m].norm());
  }
}

void Obstacles::endStep() {
  movingBefore_.clear();
  for (const sim::PieceIndex k : moving_) movingBefore_.push_back((*pieces_)[k]);
}

bool Obstacles::due(std::uint32_t p, const sim::Vec3* previous, double dt) {
  if (due_[p] == kNow || s_.clock.isDue(due_[p])) return true;
  if (moving_.empty()) return false;
  if (s_.has(p, Shared::kMovingPieces)) return true;  // to drop the pieces that left
  if (!movingIndexed_) indexMoving();
  // The grid's cells are coarse, and points beyond it clamp to its border cells: look at the
  // pieces' own boxes (a piece within a distance of p has its box within that square of p).
  const Vec2 c = s_.xy(p);
  const double half = movingReach(p, previous, dt);
  bool near = false;
  movingIndex_.forEachNear(c, half, [&](std::uint32_t k) {
    const sim::PieceBounds b = sim::pieceBounds((*pieces_)[k]);
    near = near || (b.lo.x() <= c.x() + half && b.hi.x() >= c.x() - half && b.lo.y() <= c.y() + half &&
                    b.hi.y() >= c.y() - half);
  });
  return near;
}

// refresh() reads the moving pieces within the sight reach of p (lists), and, with contacts,
// those within the square of half side ½|path| + body + (their motion in the step) around the
// midpoint of p's path: all inside this square around p's end position.
double Obstacles::movingReach(std::uint32_t p, const sim::Vec3* previous, double dt) const {
  const double reach = sightReach(p);
  if (previous == nullptr || !(dt >= 0.0) || !s_.detectContacts) return reach;
  const double path = (geometry::xy(*previous) - s_.xy(p)).norm();
  return std::max(reach, (path + s_.bodyRadius(p) + maxShift_) * (1 + 1e-9) + 1e-9);
}

void Obstacles::refresh(std::uint32_t p, const sim::Vec3* previous, double t0, double dt,
                        std::vector<sim::Contact>& contacts) {
  if (!movingIndexed_) indexMoving();
  const auto& pieces = *pieces_;
  const sim::Vec3& at = s_.pos(p);
  const Vec2 c = s_.xy(p);
  const double r = s_.radius[p], body = s_.bodyRadius(p);
  const double reach = sightReach(p);
  const double searched = 2.0 * std::max(reach, body);
  auto& obst = obstRef_[p];
  auto& sight = sightRef_[p];
  pool_.truncate(obst, 0);
  pool_.truncate(sight, 0);
  bool staticWall = false, losMoving = false, onStraying = false;
  // Certificate margin: a piece beyond the searched square is farther than `searched`.
  double margin = searched - std::max(reach, body);
  index_.forEachNear(c, searched, [&](std::uint32_t k) {
    const sim::ObstaclePiece& piece = pieces[k];
    const double d = sim::distanceToPiece(piece, at);
    if (!straying_.empty() && straying_[k] > 0.0) {
      if (d <= straying_[k]) onStraying = true;
      else margin = std::min(margin, d - straying_[k]);
    }
    if (d <= r) pool_.push_back(obst, k);
    margin = std::min(margin, std::abs(d - r));
    if (s_.detectContacts) margin = std::min(margin, std::abs(d - body));
    if (piece.kind == sim::ObstaclePiece::Kind::Segment) {
      margin = std::min({margin, std::abs(d - reach), d});  // d: the step may not cross it
      if (d <= reach) {
        pool_.push_back(sight, k);
        staticWall = true;
      }
    }
  });
  // Moving pieces: within r_p or the sight reach (≥ r_p) of p, so within the square of half side reach.
  bool movingNear = false;
  movingIndex_.forEachNear(c, reach, [&](std::uint32_t k) {
    const sim::ObstaclePiece& piece = pieces[k];
    const double d = sim::distanceToPiece(piece, at);
    if (d <= r) {
      pool_.push_back(obst, k);
      movingNear = true;
    }
    if (piece.kind == sim::ObstaclePiece::Kind::Segment && d <= reach) {
      pool_.push_back(sight, k);
      losMoving = movingNear = true;
    }
  });
  ++s_.counters.pieceRefreshes;
  auto o = pool_.view(obst);
  std::sort(o.begin(), o.end());
  auto v = pool_.view(sight);
  std::sort(v.begin(), v.end());
  pool_.shrinkToFit(obst);
  pool_.shrinkToFit(sight);
  if (staticWall) s_.set(p, Shared::kWallsNow);
  else s_.unset(p, Shared::kWallsNow);
  if (losMoving) s_.set(p, Shared::kLosMoving);
  else s_.unset(p, Shared::kLosMoving);
  if (movingNear) s_.set(p, Shared::kMovingPieces);
  else s_.unset(p, Shared::kMovingPieces);
  if (onStraying) s_.set(p, Shared::kOnStrayingWall);
  else s_.unset(p, Shared::kOnStrayingWall);
  margin -= 1e-12 * (r + searched);
  due_[p] = margin > 0.0 ? s_.clock.dueAfter(0.999 * margin / s_.speed(p)) : s_.clock.dueAfter(0.0);

  if (previous == nullptr || !(dt >= 0.0) || !s_.detectContacts) return;
  // Contacts: every piece the body may touch along its path (a fast agent may hit a wall that
  // is near neither end), and the moving pieces.
  const Vec2 q0 = geometry::xy(*previous);
  const geometry::Segment path{q0, c};
  candidates_.clear();
  index_.forEachNear(path.midpoint(), 0.5 * path.length() + body + 1e-9,
                     [&](std::uint32_t k) { candidates_.push_back(k); });
  // A moving piece moved at most maxShift_ in the step: where it is now, it is within that of the
  // path's square grown by the body.
  movingIndex_.forEachNear(path.midpoint(), (0.5 * path.length() + body + maxShift_) * (1 + 1e-9) + 1e-9,
                           [&](std::uint32_t k) { candidates_.push_back(k); });
  std::sort(candidates_.begin(), candidates_.end());
  candidates_.erase(std::unique(candidates_.begin(), candidates_.end()), candidates_.end());
  // The oracle's function on the same operands (collision.hpp), so that a contact at the edge of
  // rounding (a body exactly touching a wall at the start of the step, moving away) is found by
  // both or by neither: the kinetic's own formula put one such contact at τ = 9e-16.
  for (sim::PieceIndex k : candidates_) {
    const std::uint32_t slot = movingSlot_[k];
    const auto& start = slot == kStatic ? pieces[k] : movingBefore_[slot];
    const Vec2 su = slot == kStatic ? Vec2::Zero() : movingShift_[slot];
    const auto tau = firstContactPiece(*previous, at, body, start, geometry::lift(su), 2);
    if (tau) contacts.push_back({s_.ext(p), sim::kNoAgent, k, true, t0 + *tau * dt});
  }
}

bool Obstacles::wallWithin(const Vec2& c, double radius) const {
  bool near = false;
  index_.forEachNear(c, radius, [&](std::uint32_t k) {
    const auto& piece = (*pieces_)[k];
    if (piece.kind == sim::ObstaclePiece::Kind::Segment && geometry::distanceToSegment(c, piece.segment) <= radius)
      near = true;
  });
  return near;
}

bool Obstacles::crossesWall(const Vec2& from, const Vec2& to) const {
  const geometry::Segment path{from, to};
  bool crosses = false;
  index_.forEachNear(path.midpoint(), 0.5 * path.length() * (1 + 1e-9) + 1e-12, [&](std::uint32_t k) {
    const auto& piece = (*pieces_)[k];
    if (piece.kind == sim::ObstaclePiece::Kind::Segment && geometry::segmentsIntersect(path, piece.segment))
      crosses = true;
  });
  return crosses;
}

void Obstacles::tidy() {
  if (pool_.wantsCompaction())
    pool_.compact([&](auto&& f) {
      for (auto& r : obstRef_) f(r);
      for (auto& r : sightRef_) f(r);
    });
}

void Obstacles::clearAgent(std::uint32_t p) {
  pool_.release(obstRef_[p]);
  pool_.release(sightRef_[p]);
  due_[p] = kNow;
  s_.unset(p, Shared::kWallsNow | Shared::kLosMoving | Shared::kMovingPieces);
}

void Obstacles::rebase(double shift) {
  for (float& d : due_) d = MotionClock::shifted(d, shift);
}

std::size_t Obstacles::memoryBytes() const {
  return pool_.memoryBytes() + (obstRef_.capacity() + sightRef_.capacity()) * sizeof(ListPool<sim::PieceIndex>::Ref) +
         due_.capacity() * sizeof(float) + moving_.capacity() * sizeof(sim::PieceIndex) + index_.memoryBytes() + movingIndex_.memoryBytes() +
         candidates_.capacity() * sizeof(sim::PieceIndex);
}

}  // namespace steer::environment::kinetic
