#pragma once
/// @file Run metrics (ARCHITECTURE.md §5): arrival, time to goal, path length, minimum clearance,
/// unique collisions, and SteerBench's composite scores as SteerSuite defines them, sampled at
/// 20 frames per second whatever the integration step.
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "steer/sim/simulation.hpp"

namespace steer::experiments {

/// A collision is an overlap deeper than this (m) between two agents' discs or an agent and an
/// obstacle; each contact counts once, when it starts (SteerBench's unique collisions).
inline constexpr double kCollisionOverlap = 1e-3;
/// SteerBench samples its scores at 20 frames per second.
inline constexpr double kSteerBenchFrame = 0.05;
/// An enabled agent whose centre moves slower than this over a step (m/s) is standing still:
/// a walker's speeds are ~1 m/s, and the heading noise alone moves a stalled agent by far less.
inline constexpr double kStallSpeed = 0.05;
/// An agent that did not reach and had been standing still for this long or longer (s) when the
/// run ended is stuck in place (summary.json's standing_at_end, the summary line of steer run).
inline constexpr double kStandingAtEnd = 5.0;

struct AgentMetrics {
  bool reached = false;
  double timeToGoal = -1.0;  ///< s; −1 when not reached
  double pathLength = 0.0;   ///< m
  std::uint32_t collisions = 0;
  double timeEnabled = 0.0;       ///< s
  double kineticSum = 0.0;        ///< Σ over frames of ½|v|²
  double accelerationSum = 0.0;   ///< Σ over frames of |Δv| / frame
  std::uint64_t frames = 0;
  /// Time enabled while standing still (slower than kStallSpeed), s. Together with reached it
  /// tells an agent stuck in place ("agents that sometimes get stuck", Goldenstein §7) from one
  /// still moving about, e.g. cycling in a trap (§6).
  double timeStalled = 0.0;
  /// How long the agent had been standing still when it was last enabled (s): 0 for an agent
  /// moving at the end.
  double stalledAtEnd = 0.0;
  bool presentAtEnd = false;  ///< still in the world (enabled) when the run ended
  /// How far (m) its centre went beyond the world's bounds, the most over the run; 0 when it
  /// stayed within them. The bounds are not walls: an agent out of them may be walking round a
  /// wall that ends at the world's edge (the doorway and theater cases did until 2026-11-28).
  double farthestOutsideWorld = 0.0;
};

struct RunMetrics {
  std::vector<AgentMetrics> agents;
  std::uint64_t agentAgentCollisions = 0;
  std::uint64_t agentObstacleCollisions = 0;
  /// Contacts that began during the steps, in continuous time, as the environment layer reports
  /// them (StepObserver::onContacts): each time two bodies come to touch, and each time a body
  /// comes to touch a piece of an obstacle (a wall, a circle, one side of a box or polygon) it
  /// was not touching at the step's start, once per obstacle and step: a body walking through a
  /// box touches its near side and, later, its far side (two), where it collides once. They
  /// include touches too light to be collisions and passes through each other within one step,
  /// which the step ends never show.
  std::uint64_t agentAgentContacts = 0;
  std::uint64_t agentObstacleContacts = 0;
  std::optional<double> minClearance;  ///< smallest surface gap seen (m; < 0 is overlap)
  /// The same between agents and obstacles only (m): how close agents pass walls and boxes.
  std::optional<double> minObstacleClearance;
  std::size_t reached() const;
  /// Agents that did not reach and stood still for the last kStandingAtEnd seconds or more.
  std::size_t standingAtEnd() const;
  /// Agents whose centre went beyond the world's bounds at the end of some step.
  std::size_t outsideWorld() const;
  /// The farthest (m) any agent went beyond the world's bounds; 0 when none left them.
  double farthestOutsideWorld() const;
  double successRate() const;
  std::optional<double> meanTimeToGoal() const;
  double meanPathLength() const;
  double composite01() const;
  double composite02() const;
};

struct PieceGrid;
class ContactGrid;
class AgentCells;

/// Accumulates RunMetrics over a run. Collisions and clearance are found with uniform grids,
/// independently of the run's environment provider. The obstacles must be those of onStart()
/// for the whole run (as in a Simulation): the static pieces are indexed once, there.
class MetricsRecorder final : public sim::StepObserver {
 public:
  /// Gaps larger than this (m) are not looked for when measuring clearance. The contact search
  /// runs on up to `threads` threads (the run's), at least `minAgentsPerThread` agents each (a
  /// team costs more than it saves below); its results do not depend on their number.
  explicit MetricsRecorder(double clearanceHorizon = 2.0, int threads = 1, int minAgentsPerThread = 512);
  ~MetricsRecorder() override;
  MetricsRecorder(const MetricsRecorder&) = delete;
  MetricsRecorder& operator=(const MetricsRecorder&) = delete;
  void onStart(const sim::World& world, const sim::Planner& planner) override;
  void onContacts(const sim::World& world, std::span<const sim::Contact> contacts) override;
  void onStep(const sim::World& world, const sim::Planner& planner, std::span<const sim::Vec3> previous) override;
  void onFinish(const sim::World& world) override;
  const RunMetrics& metrics() const { return metrics_; }

 private:
  bool present(const sim::Agent& a) const;      // in the picture of the step's end
  double reach(const sim::World& world) const;  // how far apart (m) two bodies are looked at
  void indexStaticPieces(const sim::World& world);
  void contacts(const sim::World& world);
  struct ContactShare;
  /// One agent's gaps and contacts (with the agents of higher id and the obstacles) into `share`.
  void contactsAround(const sim::World& world, const AgentCells& cells, std::size_t entry, double reach,
                      const PieceGrid& moving, ContactShare& share) const;
  void frames(const sim::World& world, std::span<const sim::Vec3> previous, double t0, double t1);

  double horizon_;
  int threads_, minAgentsPerThread_;
  RunMetrics metrics_;
  std::unique_ptr<PieceGrid> staticPieces_;     // indices into World::pieces()
  std::vector<std::uint32_t> movingPieces_;     // indices into World::pieces()
  // The solid obstacles (polygons, boxes), so that an agent inside one collides with it however
  // far its sides are: the static ones by their x–y box (those too large for the grid listed
  // apart), the moving ones listed; and each obstacle's run of pieces [first, first + count).
  std::unique_ptr<ContactGrid> staticSolids_;   // indices into World::obstacles
  std::vector<std::uint32_t> largeSolids_, movingSolids_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> piecesOf_;
  std::unique_ptr<AgentCells> agentCells_;      // the agents of the step's end by cell, rebuilt each step
  std::set<std::pair<std::uint32_t, std::uint32_t>> agentContacts_;
  std::set<std::pair<std::uint32_t, std::uint32_t>> obstacleContacts_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> stepObstacleContacts_;  // onContacts()
  std::vector<sim::Vec3> lastFrameVelocity_;
  std::vector<bool> wasEnabled_;
  double lastTime_ = 0.0;
  std::uint64_t nextFrame_ = 1;
};

}  // namespace steer::experiments
