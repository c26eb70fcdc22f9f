#pragma once
/// @file The `field` planner (Goldenstein's Abstract: "a pre-specified vector field ... based on
/// user input"; §6.1: "arbitrary velocity fields"): a user velocity field on a regular grid,
/// sampled at the agent's predicted position as in Reynolds' flow-field following (reynolds-1999,
/// "flow field following").
///
/// Agents whose current goal is seek or region follow the field; idle, flee and flow goals keep
/// their own direction (standing, fleeing, the flow), as under the harmonic planner.
/// The agent follows the field everywhere, also with its target in sight: a designer's field is
/// the direction wanted (§6.1: "effects that might not be normal or expected, but that are
/// desired"), where the paper feeds the *harmonic* field in only "whenever the target is not in
/// clear direct sight" (the `harmonic` planner does that).
///
/// The grid: node (i, j) at origin + (i·spacing, j·spacing), i < nx, j < ny, vectors row by
/// row (index j·nx + i). Sampling is bilinear between nodes and clamps to the border outside
/// the grid. The file format (JSON, read by steer::experiments) is in the scenario reference:
/// {"origin": [x, y], "spacing": s, "nx": n, "ny": m, "vectors": [[vx, vy], ...]}.
#include <vector>

#include "steer/sim/planner.hpp"

namespace steer::planning {

struct VelocityField {
  geometry::Vec2 origin = geometry::Vec2::Zero();  ///< position of node (0, 0) (m)
  double spacing = 1.0;                            ///< node spacing (m), > 0
  int nx = 0;                                      ///< nodes along x, ≥ 2
  int ny = 0;                                      ///< nodes along y, ≥ 2
  std::vector<geometry::Vec2> vectors;             ///< nx·ny vectors (any length; only direction is used)

  /// Bilinear sample at p (m), clamped to the grid.
  geometry::Vec2 sample(const geometry::Vec2& p) const;
};

struct FieldPlannerParameters {
  VelocityField field;
  /// The field is sampled at position + predictionTime·velocity (s), ≥ 0 (Reynolds: "a
  /// prediction of its future position").
  double predictionTime = 0.5;
};

class FieldPlanner final : public sim::Planner {
 public:
  explicit FieldPlanner(FieldPlannerParameters parameters) : parameters_(std::move(parameters)) {}
  std::string_view name() const override { return "field"; }
  /// Throws std::invalid_argument for a 3D world: the field is a grid of the x–y plane.
  void prepare(const sim::World& world) override;
  /// Agents seeking a target or region follow the field; where it is zero they head straight for
  /// the goal. Other goals get their own direction (sim::directGoalDirection).
  void plan(const sim::World& world, const sim::NeighborProvider& environment, std::span<sim::Vec3> goals) override;

 private:
  FieldPlannerParameters parameters_;
};

}  // namespace steer::planning
