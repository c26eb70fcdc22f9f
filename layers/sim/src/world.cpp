#include "steer/sim/world.hpp"

namespace steer::sim {

void World::refreshPieces() {
  pieces_.clear();
  for (std::uint32_t i = 0; i < obstacles.size(); ++i) {
    const Obstacle& o = obstacles[i];
    const Vec3 offset = o.isStatic() ? Vec3::Zero() : Vec3(o.path.at(time) - o.path.at(0.0));
    const Vec3 velocity = o.isStatic() ? Vec3::Zero() : o.path.velocityAt(time);
    appendPieces(o, i, offset, velocity, pieces_);
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
