#pragma once
/// @file The Reynolds baseline as a sim::LocalModel (`--model reynolds`): steering behaviors
/// (reynolds-1999), combined by one of four combiners (combining-steering-behaviours.txt),
/// applied through the simple vehicle model, with reynolds-2000's think-rate decoupling and
/// behavioral state machines (the "Pigeons in the Park" case study).
///
/// Two layers of behaviors. The high-rate ones (`highRate`: obstacle avoidance and containment
/// by default) are evaluated every `think.avoidEvery` steps, as the 2000 paper thinks about
/// obstacle avoidance "at a higher rate", the others every `think.thinkEvery` steps; each layer's
/// force is combined by the combiner and held until its next update. The two layers are then
/// combined again with the avoidance layer first, as the 1999 paper's example of priorities
/// puts it ("first priority is obstacle avoidance"): with `blend` they add; with `arbitration`,
/// `dithering` (whose draws then stay within each layer) and `truncated_sum` a non-zero
/// avoidance force comes before every other behavior, whatever their `priority` and
/// `probability`. A behavior given `high_rate: false` joins the main layer and is combined with
/// the rest on equal terms. Between updates the held forces are applied as they are: the 2000
/// paper's damping of the acceleration ("temporal blending") is not modelled.
///
/// Per-agent state lives in sim::AgentState so that advance() is a pure function of its input:
/// `position`, `direction` (the vehicle's forward), `speed` (|velocity| ≥ 0), and the model slots
/// below. Randomness comes from sim::Noise keyed by (agent id, step, stream). The two exceptions
/// are the state that does not fit there, explore's memory of the cells each agent has seen and
/// the resources that foragers consume: the model keeps them and changes them only in commit(),
/// the step's serial commit phase, from the committed world (so never during advance()).
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "steer/reynolds/behaviors.hpp"
#include "steer/reynolds/combiners.hpp"
#include "steer/reynolds/state_machine.hpp"
#include "steer/reynolds/vehicle.hpp"
#include "steer/sim/local_model.hpp"

namespace steer::reynolds {

/// Slots of sim::AgentState::model used by ReynoldsModel.
inline constexpr int kSlotState = 0;            ///< state-machine state index
inline constexpr int kSlotStateEntered = 1;     ///< time the state was entered (s)
inline constexpr int kSlotAnnoyance = 2;        ///< annoyance, ≥ 0, decays exponentially
inline constexpr int kSlotHeldForce = 3;        ///< 3..5: combined force of the last think step
inline constexpr int kSlotHeldAvoidance = 6;    ///< 6..8: avoidance force of the last avoid step
inline constexpr int kSlotWanderAzimuth = 9;    ///< wander point on its sphere (rad)
inline constexpr int kSlotWanderElevation = 10; ///< wander point on its sphere (rad), 0 in 2D
inline constexpr int kSlotRoll = 11;            ///< roll of the up vector about forward (rad)
/// The annoyance the agent had when it was last startled, before that startle added to it: what
/// the time triggers stretch by until the next startle. Reynolds 2000: "the first time a bird is
/// startled it will fly a few feet"; one already annoyed flies further. (They read the current
/// annoyance, which the startle had just raised, so even a first flight was stretched.)
inline constexpr int kSlotAnnoyanceWhenStartled = 12;

/// Noise streams (so that no two draws of one agent and step coincide).
inline constexpr std::uint64_t kStreamThinkPhase = 100;
inline constexpr std::uint64_t kStreamWander = 110;
inline constexpr std::uint64_t kStreamDither = 120;

enum class BehaviorKind {
  SeekGoal,            ///< seek along the planner's goal direction at the desired speed
  ArriveGoal,          ///< arrival along the goal direction, slowing near the goal point where
                       ///< the agent stops (its last goal, when it stays); seek_goal elsewhere.
                       ///< Once the goal counts as reached (within its reach radius) the vehicle
                       ///< brakes (steering −velocity, coasting about mass × speed): it comes to
                       ///< rest within about the reach radius of the point, not on it
  FleeGoal,            ///< flee the goal's target point
  PursueGoal,          ///< pursuit of the goal's (moving) target, T = D·c
  EvadeGoal,           ///< evasion of the goal's target
  OffsetPursuit,       ///< station-keeping at an offset in the goal target's frame
  FlyBy,               ///< the paper's offset pursuit: pass the goal's target at `distance`
  ShadowGoal,          ///< shadow the goal's target
  SeekPoint,           ///< seek a fixed point
  ObstacleAvoidance,   ///< forward-cylinder test against balls and walls
  Wander,              ///< constrained random walk on a sphere ahead
  FollowPath,          ///< path following along a poly-line spine
  WallFollowing,       ///< keep an offset from the nearest wall
  Containment,         ///< stay inside a box or sphere
  FlowField,           ///< follow the planner's field direction
  UnalignedAvoidance,  ///< nearest-approach collision avoidance
  Separation,
  Cohesion,
  Alignment,
  Flocking,            ///< the three above with nine parameters
  LeaderFollowing,     ///< follow agent `agentA`
  Interpose,           ///< between agents `agentA` and `agentB`
  Hide,                ///< hide from agent `agentA` behind a ball obstacle
  AvatarAvoidance,     ///< move away from the avatar and its path (reynolds-2000 Figure 6)
  Climb,               ///< hold a vertical speed `speed` (m/s): take-off, landing
  Explore,             ///< cover a box: seek the least recently seen reachable cell (explore.hpp)
  Forage,              ///< wander; arrive at resources in sight, consumed on contact (forage.hpp)
};
bool parseBehavior(std::string_view text, BehaviorKind& out);
const char* behaviorName(BehaviorKind kind);
/// Obstacle avoidance and containment run at the higher "avoid" rate by default.
bool isAvoidanceKind(BehaviorKind kind);

/// One behavior in a combination: what it is, how it combines, and its parameters (only those
/// of its kind are used).
struct BehaviorSpec {
  BehaviorKind kind = BehaviorKind::SeekGoal;
  double weight = 1.0;       ///< ≥ 0
  int priority = 0;          ///< higher first (arbitration, dithering, truncated sum)
  double probability = 1.0;  ///< dithering, [0, 1]
  bool highRate = false;     ///< computed at the avoid rate (set from isAvoidanceKind by default)

  double slowingDistance = 6.0;   ///< arrival (m), > 0
  double predictionFactor = 0.5;  ///< pursuit/evasion c (s/m), ≥ 0
  double predictionTime = 1.0;    ///< path/wall/containment look-ahead (s), ≥ 0
  double aheadDistance = 2.0;     ///< path following target ahead (m)
  int pathDirection = 1;          ///< +1 / −1
  double distance = 1.0;          ///< wall offset, hide distance, shadow approach, fly-by R (m)
  double margin = 0.3;            ///< containment / unaligned avoidance margin (m)
  double maxTime = 3.0;           ///< unaligned avoidance horizon (s)
  double speed = 1.0;             ///< climb speed (m/s)
  Vec3 point = Vec3::Zero();      ///< seek point
  Vec3 offset = Vec3(-2, 0, 0);   ///< offset pursuit (forward, side, up) (m)
  sim::AgentIndex agentA = sim::kNoAgent;
  sim::AgentIndex agentB = sim::kNoAgent;
  Neighborhood neighborhood;      ///< separation / cohesion / alignment
  FlockingParameters flocking;
  ObstacleAvoidanceParameters avoidance;
  WanderParameters wander;
  PathSpine path;
  Region region;
  LeaderFollowingParameters leader;
  ExploreParameters explore;
  ForageParameters forage;    ///< with `wander` for its wandering
};

/// One state of a behavioral state machine.
struct StateSpec {
  std::string name;
  bool flying = false;  ///< free 3D flight with banking; else walking (surface hugging)
  double maxSpeed = 0.0;  ///< speed limit in this state (m/s); ≤ 0: the vehicle's and agent's
  std::vector<BehaviorSpec> behaviors;
};

/// reynolds-2000 "Thinking": behaviors run every `thinkEvery` steps, obstacle avoidance every
/// `avoidEvery` steps; in between the last force is held. The phase is randomized per agent.
struct ThinkRate {
  int thinkEvery = 1;  ///< ≥ 1 (the pigeons: 6, i.e. 10 Hz at 60 Hz)
  int avoidEvery = 1;  ///< ≥ 1 (the pigeons: 2, i.e. 30 Hz)
  bool randomPhase = true;
};

struct ReynoldsParameters {
  VehicleParameters vehicle;
  CombinerKind combiner = CombinerKind::WeightedBlend;
  std::vector<BehaviorSpec> behaviors;  ///< used when there is no state machine
  ThinkRate think;

  std::vector<StateSpec> states;  ///< empty: no state machine
  std::vector<Transition> transitions;
  int initialState = 0;

  double annoyanceStep = 1.0;       ///< added by a startling transition
  double annoyanceDecay = 20.0;     ///< e-folding time (s), > 0
  double annoyanceScale = 1.0;      ///< time triggers stretch by (1 + scale·annoyance)
  double groundTolerance = 0.05;    ///< m
  Avatar avatar;
  std::vector<Clap> claps;
  ContagionPerception contagion;

  std::vector<Resource> resources;  ///< what forage behaviours seek and consume

  /// Defaults for crowds (`--model reynolds` without a configuration): obstacle avoidance,
  /// unaligned collision avoidance and separation around arrival at the goal.
  static ReynoldsParameters crowdDefaults();
};

/// What ReynoldsModel computes once per behavior instead of every step: its neighbourhoods'
/// cosines, and which explore grid is an explore behavior's.
struct PreparedBehavior {
  NeighborhoodTest neighborhood;  ///< separation / cohesion / alignment
  FlockingTests flocking;
  int exploreGrid = -1;  ///< index into ReynoldsModel::exploreGrids(), explore only
};

class ReynoldsModel final : public sim::LocalModel {
 public:
  explicit ReynoldsModel(ReynoldsParameters parameters = ReynoldsParameters::crowdDefaults());
  std::string_view name() const override { return "reynolds"; }
  void initialize(sim::Agent& agent, int dimension) const override;
  sim::AgentState advance(const sim::StepInput& in) const override;
  /// The commit phase (a no-op without explore or forage behaviors): on the first call, builds
  /// each explore behavior's grid over the world's static obstacles; then every enabled agent
  /// whose current behaviors explore marks the cells it senses as seen at `world.time`, and the
  /// resources in contact with a forager are consumed (the lowest agent id wins a resource).
  void commit(const sim::World& world) override;
  /// With a state machine: the state's index in `states` (`behavior_state`) and the annoyance.
  std::vector<StateField> stateFields() const override;
  /// With forage behaviors: `resources`, `resources_consumed` and `last_resource_consumed_at`
  /// (s; when one was); with explore behaviors, per grid (suffix _<k> when there are several):
  /// `explore_open_cells`, `explore_cells_seen` (by any agent) and `explore_fraction_seen`.
  std::vector<sim::ReportFigure> report() const override;
  std::string_view ownIntegrator() const override { return parameters_.vehicle.paperEuler ? "paper_euler" : ""; }
  const ReynoldsParameters& parameters() const { return parameters_; }

  /// One grid per explore behavior (in the order of `behaviors`, then of each state's), built
  /// by the first commit(); empty before.
  std::span<const ExploreGrid> exploreGrids() const { return grids_; }
  /// Agent `agent`'s memory of grid `grid`: the time it last saw each cell (kNeverSeen before);
  /// empty before the first commit().
  std::span<const double> lastSeen(std::size_t grid, sim::AgentIndex agent) const;
  /// The scenario's resources, and who consumed which when.
  const ResourceLedger& resources() const { return resources_; }

  /// True when agent `id` runs its behaviors in `step` with period `every` (randomized phase).
  bool thinks(const sim::Noise& noise, sim::AgentIndex id, std::uint64_t step, int every) const;

 private:
  ReynoldsParameters parameters_;
  // Parallel to parameters_.behaviors and to each state's behaviors (indices, not pointers, so
  // that a copied model stays valid).
  std::vector<PreparedBehavior> prepared_;
  std::vector<std::vector<PreparedBehavior>> preparedStates_;

  // Shared and long-lived state, written only by commit().
  std::vector<ExploreParameters> exploreSpecs_;  ///< parallel to the grids
  std::vector<ExploreGrid> grids_;
  std::vector<std::vector<double>> lastSeen_;    ///< per grid: agents × cells, row per agent
  ResourceLedger resources_;
  bool forages_ = false;                         ///< some behavior list has a forage behavior
};

/// The up vector for a forward direction and a roll angle (0: as level as possible).
Vec3 upFromRoll(const Vec3& forward, double roll);
/// The roll angle of `up` about `forward`.
double rollOf(const Vec3& forward, const Vec3& up);

}  // namespace steer::reynolds
