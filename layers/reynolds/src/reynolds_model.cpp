#include "steer/reynolds/reynolds_model.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <utility>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "steer/sim/planner.hpp"

namespace steer::reynolds {

namespace {

constexpr std::array<std::pair<BehaviorKind, const char*>, 27> kBehaviorNames{{
    {BehaviorKind::SeekGoal, "seek_goal"},
    {BehaviorKind::ArriveGoal, "arrive_goal"},
    {BehaviorKind::FleeGoal, "flee_goal"},
    {BehaviorKind::PursueGoal, "pursue_goal"},
    {BehaviorKind::EvadeGoal, "evade_goal"},
    {BehaviorKind::OffsetPursuit, "offset_pursuit"},
    {BehaviorKind::FlyBy, "fly_by"},
    {BehaviorKind::ShadowGoal, "shadow_goal"},
    {BehaviorKind::SeekPoint, "seek_point"},
    {BehaviorKind::ObstacleAvoidance, "obstacle_avoidance"},
    {BehaviorKind::Wander, "wander"},
    {BehaviorKind::FollowPath, "follow_path"},
    {BehaviorKind::WallFollowing, "wall_following"},
    {BehaviorKind::Containment, "containment"},
    {BehaviorKind::FlowField, "flow_field"},
    {BehaviorKind::UnalignedAvoidance, "unaligned_avoidance"},
    {BehaviorKind::Separation, "separation"},
    {BehaviorKind::Cohesion, "cohesion"},
    {BehaviorKind::Alignment, "alignment"},
    {BehaviorKind::Flocking, "flocking"},
    {BehaviorKind::LeaderFollowing, "leader_following"},
    {BehaviorKind::Interpose, "interpose"},
    {BehaviorKind::Hide, "hide"},
    {BehaviorKind::AvatarAvoidance, "avatar_avoidance"},
    {BehaviorKind::Climb, "climb"},
    {BehaviorKind::Explore, "explore"},
    {BehaviorKind::Forage, "forage"},
}};

// Lists kept on the stack up to N elements, on the heap beyond (boost's small_vector): advance()
// runs for every agent in every step, and three heap lists per call (neighbours, main and
// avoidance forces) were a quarter of a flocking step's instructions. Its stack slots stay
// uninitialized until pushed (zeroing 48 Others per call cost more than the flocking sums).
template <class T, std::size_t N>
using StackList = boost::container::small_vector<T, N>;

Vec3 safeNormalized(const Vec3& v) {
  const double n = v.norm();
  return n > 1e-12 ? Vec3(v / n) : Vec3::Zero();
}

Vec3 levelUp(const Vec3& forward) {
  Vec3 up = Vec3::UnitZ() - forward.z() * forward;
  if (up.norm() < 1e-6) up = Vec3::UnitY() - forward.y() * forward;
  return up.normalized();
}

// Everything a behavior may look at in one step.
struct Context {
  const sim::StepInput& in;
  const ReynoldsParameters& parameters;
  const Character& self;
  std::span<const Other> others;
  Vec3 avatarPosition;
  Vec3 avatarVelocity;
  bool hasAvatar;
  WanderState* wander;
  // Explore's grids and every agent's memory of them, and forage's resources (commit()'s state).
  std::span<const ExploreGrid> grids;
  std::span<const std::vector<double>> lastSeen;
  const ResourceLedger& resources;

  const Other* find(sim::AgentIndex id) const {
    for (std::size_t k = 0; k < in.near.agents.size(); ++k)
      if (in.near.agents[k].id == id) return &others[k];
    return nullptr;
  }
  bool goalTarget(Other& out) const {
    const sim::Goal* goal = in.world.currentGoal(in.agent);
    if (goal == nullptr || (goal->kind != sim::Goal::Kind::Seek && goal->kind != sim::Goal::Kind::Flee)) return false;
    out = {in.world.targetPosition(goal->target), in.world.targetVelocity(goal->target), 0.0};
    if (goal->target.kind == sim::Target::Kind::Agent) {
      out.radius = in.world.agents.at(goal->target.agent).radius;
      out.heading = in.world.agents.at(goal->target.agent).state.direction;
    }
    return true;
  }
};

Vec3 evaluate(const BehaviorSpec& b, const PreparedBehavior& prepared, const Context& c) {
  const Character& self = c.self;
  const sim::StepInput& in = c.in;
  const int dim = in.world.dimension;
  const auto cruise = [&] { return sim::desiredSpeedOf(in.world, in.agent); };  // for the goal behaviors only
  Other target;
  switch (b.kind) {
    case BehaviorKind::SeekGoal:
      if (in.goalDirection.squaredNorm() == 0.0) return -self.velocity;
      return seekDirection(self, in.goalDirection, cruise());
    case BehaviorKind::ArriveGoal: {
      if (in.goalDirection.squaredNorm() == 0.0) return -self.velocity;
      const sim::Goal* goal = in.world.currentGoal(in.agent);
      const bool pointGoal = goal != nullptr && goal->approachesPlace();
      if (!pointGoal) return seekDirection(self, in.goalDirection, cruise());
      // Arrival is seek "eventually slowing to a stop coincident with the target" (Reynolds 1999). An
      // agent that does not stop there (a way-point, or a goal where it leaves) seeks at its
      // cruising speed: slowing for it left the last agents of a crowd at a shared goal resting
      // in a ring around it, the weak pull balanced by separation.
      const bool stopsThere = in.agent.staysAfterGoals && in.agent.goalIndex + 1 >= in.agent.goals.size();
      if (!stopsThere) return seekDirection(self, in.goalDirection, cruise());
      const double distance = (sim::goalPoint(in.world, in.agent) - self.position).norm();
      // A moving target (a path or an agent): arrive relative to it (see arrivalDirection).
      const double targetSpeed = goal->kind == sim::Goal::Kind::Seek ? in.world.targetVelocity(goal->target).norm() : 0.0;
      return arrivalDirection(self, in.goalDirection, distance, cruise(), b.slowingDistance, targetSpeed);
    }
    case BehaviorKind::FleeGoal:
      return c.goalTarget(target) ? flee(self, target.position) : Vec3::Zero();
    case BehaviorKind::PursueGoal:
      return c.goalTarget(target) ? pursuit(self, target, b.predictionFactor) : Vec3::Zero();
    case BehaviorKind::EvadeGoal:
      return c.goalTarget(target) ? evasion(self, target, b.predictionFactor) : Vec3::Zero();
    case BehaviorKind::OffsetPursuit:
      return c.goalTarget(target) ? offsetPursuit(self, target, b.offset, b.predictionFactor, b.slowingDistance)
                                  : Vec3::Zero();
    case BehaviorKind::FlyBy:
      return c.goalTarget(target) ? flyBy(self, target, b.distance, b.predictionFactor) : Vec3::Zero();
    case BehaviorKind::ShadowGoal:
      return c.goalTarget(target) ? shadow(self, target, b.distance, b.predictionFactor) : Vec3::Zero();
    case BehaviorKind::SeekPoint: return seek(self, b.point);
    case BehaviorKind::ObstacleAvoidance: return obstacleAvoidance(self, in.near.obstacles, b.avoidance);
    case BehaviorKind::Wander:
      return wander(self, *c.wander, b.wander, dim, in.noise, in.agent.id, in.step, kStreamWander);
    case BehaviorKind::FollowPath:
      return b.path.points.size() >= 2 ? followPath(self, b.path, b.predictionTime, b.aheadDistance, b.pathDirection)
                                       : Vec3::Zero();
    case BehaviorKind::WallFollowing: return wallFollowing(self, in.near.obstacles, b.distance, b.predictionTime);
    case BehaviorKind::Containment: return containment(self, b.region, b.predictionTime, b.margin, dim);
    case BehaviorKind::FlowField:
      return in.goalDirection.squaredNorm() == 0.0 ? Vec3::Zero() : flowFollowing(self, in.goalDirection, cruise());
    case BehaviorKind::UnalignedAvoidance: return unalignedCollisionAvoidance(self, c.others, b.maxTime, b.margin);
    case BehaviorKind::Separation: return separation(self, c.others, prepared.neighborhood);
    case BehaviorKind::Cohesion: return cohesion(self, c.others, prepared.neighborhood);
    case BehaviorKind::Alignment: return alignment(self, c.others, prepared.neighborhood);
    case BehaviorKind::Flocking: return flocking(self, c.others, prepared.flocking);
    case BehaviorKind::LeaderFollowing: {
      const Other* found = c.find(b.agentA);
      if (found == nullptr) return Vec3::Zero();
      Other leader = *found;
      leader.heading = in.world.agents.at(b.agentA).state.direction;  // when it stands still
      StackList<Other, 48> followers;
      for (std::size_t k = 0; k < in.near.agents.size(); ++k)
        if (in.near.agents[k].id != b.agentA) followers.push_back(c.others[k]);
      return leaderFollowing(self, leader, std::span<const Other>(followers.data(), followers.size()), b.leader);
    }
    case BehaviorKind::Interpose: {
      const Other* a = c.find(b.agentA);
      const Other* bb = c.find(b.agentB);
      return a != nullptr && bb != nullptr ? interpose(self, *a, *bb) : Vec3::Zero();
    }
    case BehaviorKind::Hide: {
      const Other* threat = c.find(b.agentA);
      return threat != nullptr ? hide(self, *threat, in.near.obstacles, b.distance, b.slowingDistance) : Vec3::Zero();
    }
    case BehaviorKind::AvatarAvoidance: {
      if (!c.hasAvatar || !c.parameters.avatar.moveAway.contains(c.avatarPosition, c.avatarVelocity, self.position))
        return Vec3::Zero();
      // Away from the car and away from its path (reynolds-2000 Figure 6), on the ground plane.
      Vec3 fromCar = self.position - c.avatarPosition;
      fromCar.z() = 0.0;
      Vec3 heading = c.avatarVelocity;
      heading.z() = 0.0;
      heading = safeNormalized(heading);
      const Vec3 fromPath = fromCar - fromCar.dot(heading) * heading;
      const Vec3 away = safeNormalized(safeNormalized(fromCar) + safeNormalized(fromPath));
      return away * self.maxSpeed - self.velocity;
    }
    case BehaviorKind::Climb:
      return dim == 3 ? Vec3(0, 0, b.speed - self.velocity.z()) : Vec3::Zero();
    case BehaviorKind::Explore: {
      // The grids exist once the simulation has started (the first commit builds them).
      const auto g = static_cast<std::size_t>(prepared.exploreGrid);
      if (prepared.exploreGrid < 0 || g >= c.grids.size()) return Vec3::Zero();
      const ExploreGrid& grid = c.grids[g];
      std::span<const double> seen;
      if (!c.lastSeen[g].empty()) seen = std::span<const double>(c.lastSeen[g]).subspan(in.agent.id * grid.size(), grid.size());
      return explore(self, grid, seen);
    }
    case BehaviorKind::Forage:
      return forage(self, *c.wander, c.resources, b.forage, b.wander, dim, in.noise, in.agent.id, in.step, kStreamWander);
  }
  return Vec3::Zero();
}

Vec3 readVec(const sim::AgentState& s, int slot) { return Vec3(s.model[slot], s.model[slot + 1], s.model[slot + 2]); }
void writeVec(sim::AgentState& s, int slot, const Vec3& v) {
  s.model[slot] = v.x();
  s.model[slot + 1] = v.y();
  s.model[slot + 2] = v.z();
}

}  // namespace

bool parseBehavior(std::string_view text, BehaviorKind& out) {
  for (const auto& [kind, name] : kBehaviorNames)
    if (text == name) {
      out = kind;
      return true;
    }
  return false;
}

const char* behaviorName(BehaviorKind kind) {
  for (const auto& [k, name] : kBehaviorNames)
    if (k == kind) return name;
  return "?";
}

bool isAvoidanceKind(BehaviorKind kind) {
  return kind == BehaviorKind::ObstacleAvoidance || kind == BehaviorKind::Containment;
}

ReynoldsParameters ReynoldsParameters::crowdDefaults() {
  ReynoldsParameters p;
  // Avoidance is served first from the force budget.
  p.combiner = CombinerKind::TruncatedSum;
  BehaviorSpec avoid;
  avoid.kind = BehaviorKind::ObstacleAvoidance;
  avoid.weight = 3.0;
  avoid.priority = 3;
  avoid.highRate = true;
  BehaviorSpec unaligned;
  unaligned.kind = BehaviorKind::UnalignedAvoidance;
  unaligned.weight = 1.0;
  unaligned.priority = 2;
  BehaviorSpec separate;
  separate.kind = BehaviorKind::Separation;
  separate.weight = 1.0;
  separate.priority = 1;
  separate.neighborhood = {2.0, 3.14159265358979323846};
  BehaviorSpec arrive;
  arrive.kind = BehaviorKind::ArriveGoal;
  arrive.weight = 1.0;
  arrive.priority = 0;
  arrive.slowingDistance = 4.0;
  p.behaviors = {avoid, unaligned, separate, arrive};
  return p;
}

Vec3 upFromRoll(const Vec3& forward, double roll) {
  const Vec3 up0 = levelUp(forward);
  const Vec3 b = forward.cross(up0);
  return std::cos(roll) * up0 + std::sin(roll) * b;
}

double rollOf(const Vec3& forward, const Vec3& up) {
  const Vec3 up0 = levelUp(forward);
  const Vec3 b = forward.cross(up0);
  return std::atan2(up.dot(b), up.dot(up0));
}

namespace {
std::vector<PreparedBehavior> prepare(const std::vector<BehaviorSpec>& behaviors) {
  std::vector<PreparedBehavior> out;
  out.reserve(behaviors.size());
  for (const BehaviorSpec& b : behaviors)
    out.push_back({NeighborhoodTest(b.neighborhood), FlockingTests(b.flocking)});
  return out;
}
}  // namespace

ReynoldsModel::ReynoldsModel(ReynoldsParameters parameters)
    : parameters_(std::move(parameters)),
      prepared_(prepare(parameters_.behaviors)),
      resources_(parameters_.resources) {
  for (const StateSpec& state : parameters_.states) preparedStates_.push_back(prepare(state.behaviors));
  // Number the explore behaviors' grids and note whether anything forages.
  const auto scan = [&](const std::vector<BehaviorSpec>& behaviors, std::vector<PreparedBehavior>& prepared) {
    for (std::size_t k = 0; k < behaviors.size(); ++k) {
      if (behaviors[k].kind == BehaviorKind::Forage) forages_ = true;
      if (behaviors[k].kind != BehaviorKind::Explore) continue;
      prepared[k].exploreGrid = static_cast<int>(exploreSpecs_.size());
      exploreSpecs_.push_back(behaviors[k].explore);
    }
  };
  scan(parameters_.behaviors, prepared_);
  for (std::size_t s = 0; s < parameters_.states.size(); ++s) scan(parameters_.states[s].behaviors, preparedStates_[s]);
}

std::span<const double> ReynoldsModel::lastSeen(std::size_t grid, sim::AgentIndex agent) const {
  if (grid >= lastSeen_.size() || lastSeen_[grid].empty()) return {};
  return std::span<const double>(lastSeen_[grid]).subspan(agent * grids_[grid].size(), grids_[grid].size());
}

std::vector<sim::ReportFigure> ReynoldsModel::report() const {
  std::vector<sim::ReportFigure> out;
  if (forages_ || resources_.size() > 0) {
    const std::size_t consumed = resources_.size() - resources_.remaining();
    out.push_back({"resources", static_cast<double>(resources_.size()), true});
    out.push_back({"resources_consumed", static_cast<double>(consumed), true});
    double last = -1.0;
    for (std::size_t k = 0; k < resources_.size(); ++k)
      if (!resources_.available(k)) last = std::max(last, resources_.consumedAt(k));
    if (consumed > 0) out.push_back({"last_resource_consumed_at", last, false});
  }
  for (std::size_t g = 0; g < grids_.size(); ++g) {
    const ExploreGrid& grid = grids_[g];
    // (Built by appending: GCC 12 warns falsely (-Wrestrict) on "_" + std::to_string(g).)
    const auto named = [&](const char* base) {
      std::string name = base;
      if (grids_.size() > 1) name.append("_").append(std::to_string(g));
      return name;
    };
    // An open cell counts once, whoever saw it (the explorers' memories are per agent).
    const std::size_t cells = grid.size(), agents = cells > 0 ? lastSeen_[g].size() / cells : 0;
    std::size_t seen = 0;
    for (std::size_t c = 0; c < cells; ++c) {
      if (grid.blocked(c)) continue;
      for (std::size_t a = 0; a < agents; ++a)
        if (lastSeen_[g][a * cells + c] != kNeverSeen) {
          ++seen;
          break;
        }
    }
    const std::size_t open = grid.openCells();
    out.push_back({named("explore_open_cells"), static_cast<double>(open), true});
    out.push_back({named("explore_cells_seen"), static_cast<double>(seen), true});
    out.push_back({named("explore_fraction_seen"), open > 0 ? static_cast<double>(seen) / static_cast<double>(open) : 0.0, false});
  }
  return out;
}

std::vector<sim::LocalModel::StateField> ReynoldsModel::stateFields() const {
  if (parameters_.states.empty()) return {};
  return {{"behavior_state", kSlotState}, {"annoyance", kSlotAnnoyance}};
}

void ReynoldsModel::commit(const sim::World& world) {
  if (exploreSpecs_.empty() && !forages_) return;  // nothing shared: the common case
  const std::size_t agents = world.agents.size();
  if (grids_.size() != exploreSpecs_.size()) {
    for (const ExploreParameters& spec : exploreSpecs_) {
      grids_.emplace_back(spec, world.dimension);
      grids_.back().findReachable(world);
      lastSeen_.emplace_back(agents * grids_.back().size(), kNeverSeen);
    }
  }
  // The behaviors an agent runs now: its state's, or the model's without a state machine.
  const auto current = [&](const sim::Agent& agent) -> std::pair<const std::vector<BehaviorSpec>*, const std::vector<PreparedBehavior>*> {
    if (parameters_.states.empty()) return {&parameters_.behaviors, &prepared_};
    const auto state = static_cast<std::size_t>(std::clamp(agent.state.model[kSlotState], 0.0, parameters_.states.size() - 1.0));
    return {&parameters_.states[state].behaviors, &preparedStates_[state]};
  };
  if (!grids_.empty()) {
    for (const sim::Agent& agent : world.agents) {
      if (!agent.enabled) continue;
      const auto [behaviors, prepared] = current(agent);
      for (std::size_t k = 0; k < behaviors->size(); ++k) {
        const int g = (*prepared)[k].exploreGrid;
        if (g < 0) continue;
        double* seen = lastSeen_[g].data() + agent.id * grids_[g].size();
        grids_[g].forEachSensed(agent.state.position, [&](std::size_t cell) { seen[cell] = world.time; });
      }
    }
  }
  if (forages_ && resources_.remaining() > 0) {
    resources_.consume(world, [&](const sim::Agent& agent) {
      const auto* behaviors = current(agent).first;
      return std::any_of(behaviors->begin(), behaviors->end(),
                         [](const BehaviorSpec& b) { return b.kind == BehaviorKind::Forage; });
    });
  }
}

void ReynoldsModel::initialize(sim::Agent& agent, int /*dimension*/) const {
  auto& s = agent.state;
  s.model.fill(0.0);
  s.model[kSlotState] = parameters_.states.empty() ? 0.0 : static_cast<double>(parameters_.initialState);
  if (s.speed < 0.0) {
    s.direction = -s.direction;
    s.speed = -s.speed;
  }
}

bool ReynoldsModel::thinks(const sim::Noise& noise, sim::AgentIndex id, std::uint64_t step, int every) const {
  if (every <= 1) return true;
  const std::uint64_t phase = parameters_.think.randomPhase ? noise.bits(id, 0, kStreamThinkPhase) % every : 0;
  return (step + phase) % static_cast<std::uint64_t>(every) == 0;
}

sim::AgentState ReynoldsModel::advance(const sim::StepInput& in) const {
  const sim::Agent& agent = in.agent;
  const int dim = in.world.dimension;
  const ReynoldsParameters& P = parameters_;
  sim::AgentState next = agent.state;

  Vehicle vehicle;
  vehicle.position = agent.state.position;
  vehicle.forward = agent.state.direction.norm() > 0.0 ? Vec3(agent.state.direction.normalized()) : Vec3::UnitX();
  vehicle.velocity = agent.state.speed * vehicle.forward;
  vehicle.up = dim == 2 ? Vec3::UnitZ() : upFromRoll(vehicle.forward, agent.state.model[kSlotRoll]);
  vehicle.side = vehicle.up.cross(vehicle.forward).normalized();

  const double maxSpeed = std::min(agent.maxSpeed, P.vehicle.maxSpeed);
  Character self{vehicle.position, vehicle.velocity, vehicle.forward, vehicle.side, vehicle.up, agent.radius, maxSpeed};

  StackList<Other, 48> otherList;
  for (const auto& a : in.near.agents) otherList.push_back(toOther(a));
  const std::span<const Other> others(otherList.data(), otherList.size());

  const bool think = thinks(in.noise, agent.id, in.step, P.think.thinkEvery);
  const bool avoidNow = thinks(in.noise, agent.id, in.step, P.think.avoidEvery);

  // ---- behavioral state machine (reynolds-2000): discrete reactions, evaluated when thinking.
  int state = static_cast<int>(next.model[kSlotState]);
  double entered = next.model[kSlotStateEntered];
  // A calm agent has nothing to decay (0·e^x = 0 exactly): exp is skipped, not its result.
  const double annoyanceBefore = next.model[kSlotAnnoyance];
  double annoyance = annoyanceBefore == 0.0 ? annoyanceBefore : annoyanceBefore * std::exp(-in.dt / P.annoyanceDecay);
  double annoyanceWhenStartled = next.model[kSlotAnnoyanceWhenStartled];
  Vec3 avatarPosition = Vec3::Zero(), avatarVelocity = Vec3::Zero();
  const bool hasAvatar = !P.avatar.path.empty();
  if (hasAvatar) {
    avatarPosition = P.avatar.path.at(in.time);
    avatarVelocity = P.avatar.path.velocityAt(in.time);
  }
  const Surface& ground = P.vehicle.surface;
  const double altitude = vehicle.position.z() - ground.heightAt(vehicle.position.x(), vehicle.position.y());
  if (!P.states.empty() && think) {
    const double every = std::max(1, P.think.thinkEvery);
    for (const Transition& tr : P.transitions) {
      if (tr.from != state) continue;
      bool fire = false;
      switch (tr.trigger) {
        case TriggerKind::Clap:
          // Claps since this agent last thought: the windows of successive think steps tile time.
          for (const Clap& clap : P.claps)
            fire = fire || (clap.time > in.time - (every - 1) * in.dt - 1e-12 && clap.time <= in.time + in.dt - 1e-12 &&
                            (vehicle.position - clap.position).norm() <= clap.radius);
          break;
        case TriggerKind::AvatarTakeoff:
          fire = hasAvatar && P.avatar.takeoff.contains(avatarPosition, avatarVelocity, vehicle.position);
          break;
        case TriggerKind::Contagion: {
          int near = 0, rising = 0;
          for (const Other& o : others) {
            if ((o.position - vehicle.position).norm() > P.contagion.distance) continue;
            ++near;
            const double h = o.position.z() - ground.heightAt(o.position.x(), o.position.y());
            if (o.velocity.z() > P.contagion.climbSpeed && h < P.contagion.height) ++rising;
          }
          fire = near > 0 && static_cast<double>(rising) > tr.value * near;  // "exceeds a threshold"
          break;
        }
        case TriggerKind::TimeInState:
          fire = in.time - entered >= tr.value * (1.0 + P.annoyanceScale * annoyanceWhenStartled);
          break;
        case TriggerKind::Grounded: fire = altitude <= P.groundTolerance && vehicle.velocity.z() <= 1e-9; break;
        case TriggerKind::Always: fire = true; break;
      }
      if (!fire) continue;
      state = tr.to;
      entered = in.time;
      if (tr.startles) {
        annoyanceWhenStartled = annoyance;  // how annoyed it already was
        annoyance += P.annoyanceStep;
      }
      break;
    }
  }
  const StateSpec* current = P.states.empty() ? nullptr : &P.states.at(static_cast<std::size_t>(state));
  const std::vector<BehaviorSpec>& behaviors = current != nullptr ? current->behaviors : P.behaviors;
  const std::vector<PreparedBehavior>& prepared =
      current != nullptr ? preparedStates_[static_cast<std::size_t>(state)] : prepared_;
  const bool flying = current != nullptr ? current->flying : dim == 3 && ground.kind == Surface::Kind::None;
  const double stateSpeed = current != nullptr && current->maxSpeed > 0.0 ? std::min(maxSpeed, current->maxSpeed) : maxSpeed;
  self.maxSpeed = stateSpeed;

  // ---- steering: main behaviors at the think rate, avoidance at the avoid rate.
  WanderState wanderState{next.model[kSlotWanderAzimuth], next.model[kSlotWanderElevation]};
  const Context context{in,        P,        self,      others,         avatarPosition, avatarVelocity,
                        hasAvatar, &wanderState, grids_, lastSeen_, resources_};
  Vec3 mainForce = readVec(next, kSlotHeldForce);
  Vec3 avoidForce = readVec(next, kSlotHeldAvoidance);
  StackList<WeightedForce, 8> mainForces, avoidForces;
  if (think || avoidNow) {
    for (std::size_t k = 0; k < behaviors.size(); ++k) {
      const BehaviorSpec& b = behaviors[k];
      const bool high = b.highRate;
      if (high ? !avoidNow : !think) continue;
      const Vec3 f = evaluate(b, prepared[k], context);
      (high ? avoidForces : mainForces).push_back({f, b.weight, b.priority, b.probability});
    }
  }
  if (think)
    mainForce = combine(P.combiner, std::span<const WeightedForce>(mainForces.data(), mainForces.size()), P.vehicle.maxForce, in.noise, agent.id, in.step, kStreamDither);
  if (avoidNow)
    avoidForce =
        combine(P.combiner, std::span<const WeightedForce>(avoidForces.data(), avoidForces.size()), P.vehicle.maxForce, in.noise, agent.id, in.step, kStreamDither + 50);
  // The avoidance layer goes first: its (combined) force and the rest's, combined again.
  const std::array<WeightedForce, 2> layers{WeightedForce{avoidForce, 1.0, 1, 1.0}, WeightedForce{mainForce, 1.0, 0, 1.0}};
  const CombinerKind outer = P.combiner == CombinerKind::PrioritizedDithering ? CombinerKind::PriorityArbitration : P.combiner;
  const Vec3 force = combine(outer, layers, P.vehicle.maxForce, in.noise, agent.id, in.step, kStreamDither + 99);

  // ---- locomotion.
  VehicleParameters vp = P.vehicle;
  if (flying) {
    vp.surface.kind = Surface::Kind::None;
    vp.banking = vp.banking || dim == 3;
  }
  stepVehicle(vehicle, force, vp, stateSpeed, dim, in.time, in.dt, in.integrator);
  if (flying && dim == 3 && ground.kind != Surface::Kind::None) {
    // Flying birds do not go through the ground: touching it ends the descent. (Without a
    // surface there is no ground: Surface::heightAt gives 0 there, and a 3D flock was held
    // above z = 0.)
    const double h = ground.heightAt(vehicle.position.x(), vehicle.position.y());
    if (vehicle.position.z() < h) {
      vehicle.position.z() = h;
      if (vehicle.velocity.z() < 0.0) {
        vehicle.velocity.z() = 0.0;
        // The heading follows what is left of the velocity: the next step rebuilds the velocity
        // as speed × heading, and a heading left pointing into the ground was clamped again at
        // every step, losing speed until the next think landed the bird.
        const double speed = vehicle.velocity.norm();
        if (speed > 1e-9) {
          vehicle.forward = vehicle.velocity / speed;
          orthonormalize(vehicle, vehicle.up);
        }
      }
    }
  }

  next.position = vehicle.position;
  next.speed = vehicle.velocity.norm();
  next.direction = vehicle.forward;
  next.model[kSlotState] = state;
  next.model[kSlotStateEntered] = entered;
  next.model[kSlotAnnoyance] = annoyance;
  next.model[kSlotAnnoyanceWhenStartled] = annoyanceWhenStartled;
  writeVec(next, kSlotHeldForce, mainForce);
  writeVec(next, kSlotHeldAvoidance, avoidForce);
  next.model[kSlotWanderAzimuth] = wanderState.azimuth;
  next.model[kSlotWanderElevation] = wanderState.elevation;
  next.model[kSlotRoll] = dim == 3 ? rollOf(vehicle.forward, vehicle.up) : 0.0;
  return next;
}

}  // namespace steer::reynolds
