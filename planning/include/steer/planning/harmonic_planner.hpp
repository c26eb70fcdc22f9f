#pragma once
/// @file The `harmonic` planner (Goldenstein §6.1, Appendix A.2): agents follow −∇λ of a
/// harmonic potential over the static obstacles "whenever the target is not in clear direct
/// sight", and head straight for the target otherwise.
///
/// - One field per distinct static target (point goals: a disc of the goal's reach radius;
///   region goals: the box), computed in prepare() and shared by every agent with that target.
/// - Clear sight: the segment from the agent to the target stays farther than the agent's
///   radius from every static wall and static ball, so the straight run cannot graze a corner.
/// - Moving targets (a path or another agent), flee and flow goals: no static field exists for
///   them, so these agents get the direct planner's direction (with pursuit prediction when
///   configured). The local layer still avoids obstacles.
/// - mode(i) is "field" while an agent follows the field, "sight" while the target is in clear
///   sight, and "direct" when the field cannot lead it: no static target (above), or no
///   direction where it stands (cut off from the target, or deep inside an inflated obstacle).
///   The last two were reported as "sight", though the target was hidden.
#include <filesystem>
#include <map>
#include <memory>
#include <tuple>
#include <vector>

#include "steer/planning/direct_planner.hpp"
#include "steer/planning/harmonic_field.hpp"
#include "steer/planning/wall_grid.hpp"

namespace steer::planning {

/// The fields of a world's static targets, computed once (or loaded from the cache).
class HarmonicFieldSet {
 public:
  HarmonicFieldSet(HarmonicSettings settings, std::filesystem::path cacheDir)
      : settings_(std::move(settings)), cacheDir_(std::move(cacheDir)) {}

  /// Rasterizes the static obstacles and solves the field of every distinct static target of
  /// every agent's goal list.
  void prepare(const sim::World& world);
  /// The field for the agent's current goal, or nullptr (moving target, no goal...).
  const HarmonicField* fieldFor(const sim::World& world, const sim::Agent& agent) const;
  /// True when the agent's body can move straight to `to` without touching a static obstacle.
  bool clearSight(const geometry::Vec2& from, const geometry::Vec2& to, double radius) const;

  std::size_t fieldCount() const { return fields_.size(); }
  std::size_t cacheHits() const { return cacheHits_; }
  /// What the solves found, summed over the fields (in the planner's report()):
  /// fields, fields_from_cache, fields_not_converged, field_iterations, field_final_update (the
  /// largest), field_solve_seconds (of the solves this run made), field_free_cells,
  /// field_local_minimum_cells and field_disconnected_cells (countLocalMinima), and
  /// agents_cut_off_at_start (agents whose first static target's field gives no direction where
  /// they start: cut off from it, so they head straight for it). A field whose
  /// solve stopped at its iteration cap, or that has local-minimum cells, can hold agents still
  /// ("converged" is the solver's stopping rule only: see docs/experiments.md).
  std::vector<sim::PlannerFigure> figures() const;
  const HarmonicSettings& settings() const { return settings_; }

  /// The target region of a goal when it is static; false otherwise.
  static bool staticTarget(const sim::Goal& goal, TargetRegion& out);

 private:
  using Key = std::tuple<int, double, double, double, double, double>;
  static Key keyOf(const TargetRegion& t);

  HarmonicSettings settings_;
  std::filesystem::path cacheDir_;
  Raster raster_;
  WallGrid walls_;  ///< the static walls and circles, for clearSight
  std::map<Key, std::shared_ptr<const HarmonicField>> fields_;
  std::map<Key, LocalMinimaReport> minima_;
  std::size_t cacheHits_ = 0;
  std::size_t agentsCutOff_ = 0;
  double solveSeconds_ = 0.0;
};

struct HarmonicPlannerParameters {
  HarmonicSettings field;              ///< grid, clearance and solver
  std::filesystem::path cacheDir;      ///< field cache folder; empty: no cache
  DirectPlannerParameters direct;      ///< for moving targets
};

class HarmonicPlanner final : public sim::Planner {
 public:
  explicit HarmonicPlanner(HarmonicPlannerParameters parameters);
  std::string_view name() const override { return "harmonic"; }
  void prepare(const sim::World& world) override;
  void plan(const sim::World& world, const sim::NeighborProvider& environment, std::span<sim::Vec3> goals) override;
  std::string_view mode(sim::AgentIndex agent) const override;
  std::vector<sim::PlannerFigure> report() const override { return fields_.figures(); }

  const HarmonicFieldSet& fields() const { return fields_; }

 private:
  HarmonicPlannerParameters parameters_;
  HarmonicFieldSet fields_;
  DirectPlanner direct_;
  enum class Mode : std::uint8_t { Direct, Sight, Field };
  std::vector<Mode> modes_;
  std::vector<sim::Vec3> directGoals_;
};

}  // namespace steer::planning
