#pragma once
/// @file The `hybrid` planner: a hybrid automaton for global planning (Goldenstein §6.2). Each
/// discrete mode is a continuous steering strategy; guards on the agent's state and
/// environment fire instantaneous transitions. Modes, transitions and the initial mode come
/// from the scenario. §6.2 names two strategies in words, "go in the direction of the target"
/// and "ignore the target for now, just escape this apparent local minimum", and leaves the
/// automata to its reference [2]; HybridAutomaton::seekOrEscape(), the default, is our
/// construction of those two: its guards, thresholds and wall-following escape are ours.
///
/// Strategies:
///  - seek:        the target's direction (direct planner);
///  - field:       −∇λ of the harmonic field when the target is out of clear sight;
///  - follow_wall_left / follow_wall_right: keep the nearest obstacle piece on that side at
///                 `wallDistance` from the body, circling round its ends (the "escape" of
///                 Bug-type algorithms; needs no precomputed field);
///  - flee:        away from the target;
///  - wait:        stand still.
/// Guards (a transition fires when all its guards hold; the first such transition of the
/// current mode, in declaration order, fires, at most one per agent and step):
///  - target_visible / target_hidden: clear sight to the target (body-wide, static obstacles);
///  - progress_below {window W (s), threshold (m)}: the distance to the target shrank by less
///    than the threshold over the last W seconds, evaluated once the mode is W old;
///  - time_in_mode_above {value (s)}: the time in the mode has reached `value` (≥, not >);
///  - distance_below / distance_above {value (m)}: distance to the target;
///  - closer_than_entry {value (m)}: the distance to the target is at least `value` smaller
///    than when the mode was entered (the leave condition of Bug algorithms).
/// The automaton runs for goals that approach a place (seek, region), and starts again in its
/// initial mode with each new goal; an agent with an idle, flee or flow goal, or with none left,
/// gets that goal's own direction (the direct planner's) and keeps its mode.
/// Per-agent state (mode, entry time and distance, distance history) changes only inside
/// plan(), agent by agent, from the world snapshot: deterministic for any thread count.
#include <deque>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "steer/planning/harmonic_planner.hpp"

namespace steer::planning {

struct HybridGuard {
  enum class Kind { TargetVisible, TargetHidden, ProgressBelow, TimeInModeAbove, DistanceBelow, DistanceAbove, CloserThanEntry };
  Kind kind = Kind::TargetVisible;
  double value = 0.0;   ///< threshold (m or s, see the kind)
  double window = 0.0;  ///< ProgressBelow only (s), > 0
};

struct HybridTransition {
  std::string from;
  std::string to;
  std::vector<HybridGuard> guards;  ///< all must hold
};

struct HybridMode {
  enum class Strategy { Seek, Field, FollowWallLeft, FollowWallRight, Flee, Wait };
  std::string name;
  Strategy strategy = Strategy::Seek;
};

struct HybridAutomaton {
  std::vector<HybridMode> modes;
  std::vector<HybridTransition> transitions;
  std::string initial;

  /// The default (ours, after §6.2's two strategies): `seek` until progress over 3 s falls below 0.5 m, then `escape`
  /// (follow the wall on the left) until the target is in clear sight (after at least 1 s) or
  /// the agent is 1 m closer than where it started escaping; back to `seek`.
  static HybridAutomaton seekOrEscape();
  /// Empty when valid, else what is wrong (unknown mode names, no modes...).
  std::string validate() const;
};

const char* strategyName(HybridMode::Strategy strategy);
bool parseStrategy(const std::string& name, HybridMode::Strategy& out);
const char* guardName(HybridGuard::Kind kind);
bool parseGuard(const std::string& name, HybridGuard::Kind& out);

struct HybridPlannerParameters {
  HybridAutomaton automaton = HybridAutomaton::seekOrEscape();
  double wallDistance = 0.6;   ///< clearance kept while following a wall (m), > 0
  double wallSensing = 4.0;    ///< walls farther than this (m) are not followed, > 0
  HarmonicSettings field;      ///< for modes with the field strategy
  std::filesystem::path cacheDir;
};

/// One transition taken: for traces and tests.
struct ModeChange {
  double time;
  sim::AgentIndex agent;
  std::string from;
  std::string to;
};

class HybridPlanner final : public sim::Planner {
 public:
  explicit HybridPlanner(HybridPlannerParameters parameters);
  std::string_view name() const override { return "hybrid"; }
  void prepare(const sim::World& world) override;
  void plan(const sim::World& world, const sim::NeighborProvider& environment, std::span<sim::Vec3> goals) override;
  std::string_view mode(sim::AgentIndex agent) const override;
  /// The harmonic fields' figures when a mode follows the field (HarmonicFieldSet::figures).
  std::vector<sim::PlannerFigure> report() const override {
    return needsField_ ? fields_.figures() : std::vector<sim::PlannerFigure>{};
  }

  /// Every transition taken so far, in order.
  const std::vector<ModeChange>& modeChanges() const { return changes_; }

 private:
  struct AgentMode {
    int mode = 0;
    double enteredAt = 0.0;
    double entryDistance = 0.0;
    std::size_t goalIndex = 0;  // the goal the automaton runs for: a new goal starts it again
    std::deque<std::pair<double, double>> history;  // (time, distance to target) in this mode
  };
  int modeIndex(const std::string& name) const;
  bool holds(const HybridGuard& guard, const sim::World& world, const sim::Agent& agent, const AgentMode& state,
             double distance, bool visible) const;
  sim::Vec3 steer(const HybridMode& mode, const sim::World& world, const sim::Agent& agent) const;

  HybridPlannerParameters parameters_;
  HarmonicFieldSet fields_;
  bool needsField_ = false;
  std::vector<AgentMode> agents_;
  std::vector<ModeChange> changes_;
  std::vector<std::vector<int>> transitionsFrom_;
};

}  // namespace steer::planning
