#include "steer/sim/world.hpp"

#include <algorithm>

namespace steer::sim {

namespace {
Vec3 velocityAt(const Obstacle& o, double time) { return o.isStatic() ? Vec3::Zero() : o.path.velocityAt(time); }
}  // namespace

void World::refreshPieces() {
  pieces_.clear();
  moving_.clear();
  for (std::uint32_t i = 0; i < obstacles.size(); ++i) {
    const Obstacle& o = obstacles[i];
    const auto first = static_cast<std::uint32_t>(pieces_.size());
    appendPieces(o, i, obstacleOffset(o, time), velocityAt(o, time), pieces_);
    if (!o.isStatic()) moving_.push_back({i, first, static_cast<std::uint32_t>(pieces_.size()) - first});
  }
  piecesBuilt_ = true;
}

void World::advancePieces() {
  if (!piecesBuilt_) return refreshPieces();
  std::vector<ObstaclePiece> fresh;
  for (const MovingRange& m : moving_) {
    const Obstacle& o = obstacles[m.obstacle];
    fresh.clear();
    appendPieces(o, m.obstacle, obstacleOffset(o, time), velocityAt(o, time), fresh);
    // The count depends only on the shape; if the obstacles were changed after all (against
    // the contract), a full refresh at least keeps pieces() whole.
    if (fresh.size() != m.count) return refreshPieces();
    std::copy(fresh.begin(), fresh.end(), pieces_.begin() + m.first);
  }
}

std::vector<geometry::Segment> World::staticWalls() const {
  std::vector<ObstaclePiece> pieces;
  for (std::uint32_t i = 0; i < obstacles.size(); ++i)
    if (obstacles[i].isStatic()) appendPieces(obstacles[i], i, Vec3::Zero(), Vec3::Zero(), pieces);
  std::vector<geometry::Segment> walls;
  for (const auto& p : pieces)
    if (p.kind == ObstaclePiece::Kind::Segment) walls.push_back(p.segment);
  return walls;
}

Vec3 World::targetPosition(const Target& target) const {
  switch (target.kind) {
    case Target::Kind::Point: return target.point;
    case Target::Kind::Path: return target.path.at(time);
    case Target::Kind::Agent: return agents.at(target.agent).state.position;
  }
  return target.point;
}

Vec3 World::targetVelocity(const Target& target) const {
  switch (target.kind) {
    case Target::Kind::Point: return Vec3::Zero();
    case Target::Kind::Path: return target.path.velocityAt(time);
    case Target::Kind::Agent: return agents.at(target.agent).state.velocity();
  }
  return Vec3::Zero();
}

const Goal* World::currentGoal(const Agent& agent) const {
  return agent.goalIndex < agent.goals.size() ? &agent.goals[agent.goalIndex] : nullptr;
}

std::size_t World::enabledCount() const {
  std::size_t n = 0;
  for (const auto& a : agents) n += a.enabled ? 1 : 0;
  return n;
}

const char* goalKindName(Goal::Kind kind) {
  switch (kind) {
    case Goal::Kind::Seek: return "seek";
    case Goal::Kind::Flee: return "flee";
    case Goal::Kind::FlowDirection: return "flowStaticDirection";
    case Goal::Kind::SeekRegion: return "seekAxisAlignedBoxRegion";
    case Goal::Kind::Idle: return "idle";
  }
  return "?";
}

}  // namespace steer::sim
