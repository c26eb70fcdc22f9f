#pragma once
/// @file A harmonic potential over the static obstacles (Goldenstein §6.1.1 and Appendix A.2,
/// (A.13)–(A.16)): λ = 0 on the target, 1 on obstacles and the boundary, Δλ = 0 elsewhere; the
/// agent follows −∇λ.
///
/// Representation. Harmonic potentials decay exponentially along corridors: in a maze, 1 − λ
/// far from the target is 1e-100 or smaller. Stored as λ, such a value rounds to exactly 1.0
/// (doubles near 1 are spaced 1.1e-16 apart) and the descent direction vanishes; no solver
/// tolerance can fix that. So we store the complement u = 1 − λ (target 1, walls 0) as its
/// logarithm, log u, which has no range limit, and compute it by per-region renormalization:
///  1. solve the whole free space once, with the chosen solver to its tolerance;
///  2. accept the cells with u ≥ τ (`acceptThreshold`, default 1e-6): there the solver's
///     absolute error (≈ tolerance / (1 − ρ)) is a small relative error;
///  3. split the remaining free cells into connected regions; for each, solve again with the
///     accepted neighbours as Dirichlet data divided by their largest value (so the data are
///     O(1) again), walls 0; accept u ≥ τ (relative), add back the scale's logarithm; repeat.
/// Every pass gains at least six orders of magnitude, each with full relative precision, so
/// every free cell connected to the target gets a finite log u whose neighbour differences
/// give the descent direction, however far down the potential has fallen. Because the
/// rescaled region's values only feed back into the accepted ones below their accuracy, the
/// composite satisfies (A.14) in relative terms everywhere.
///
/// Direction. −∇λ = ∇u ∥ ∇log u. Node gradients are central differences of log u (one-sided
/// next to obstacles, whose log u is −∞), bilinearly interpolated as unit vectors between the
/// four nodes around the query point.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "steer/planning/grid.hpp"
#include "steer/planning/laplace_solvers.hpp"

namespace steer::planning {

struct HarmonicSettings {
  /// `clearance` for "the largest agent radius" (see clearanceFor).
  static constexpr double kAutoClearance = -1.0;
  int resolution = 256;       ///< cells along the longer side of the world bounds, ≥ 4
  /// Obstacles are inflated by this (m), ≥ 0, or kAutoClearance (the default): the largest
  /// radius of the world's agents. The paper's field lives in the agents' configuration space
  /// (§1: its minima lie "only at the boundary of the agents' configuration space"), i.e. the
  /// obstacles grown by the body. With 0 the streamlines run along the walls, where no body
  /// fits, and into a doorway at a right angle from along the wall: an agent of the local
  /// layer then circled in front of a 1.6 m doorway for ever (steersuite/doorway.xml).
  /// rasterizeStaticObstacles blocks the cells whose centre is within this plus half the cell's
  /// diagonal (h/√2) of an obstacle: h/√2 more per side than the clearance.
  double clearance = kAutoClearance;
  SolverSettings solver;      ///< solver, tolerance (paper: "10e^{-15}", read as 1e-15), ω, iteration cap
  double acceptThreshold = 1e-6;  ///< τ of the renormalization, in (0, 0.1]
  int maxPasses = 100000;         ///< renormalization passes, cap
};

struct HarmonicStats {
  std::string solver;
  std::int64_t iterations = 0;  ///< sweeps or CG iterations, summed over passes
  double finalUpdate = 0.0;     ///< largest final update over all passes
  int passes = 0;               ///< solves (first solve + renormalized regions)
  bool converged = true;        ///< every solve met the tolerance
  double seconds = 0.0;         ///< wall time of the solve (s)
};

class HarmonicField {
 public:
  HarmonicField() = default;
  HarmonicField(Raster raster, std::vector<double> logU, HarmonicStats stats)
      : raster_(std::move(raster)), logU_(std::move(logU)), stats_(std::move(stats)) {}

  const GridSpec& grid() const { return raster_.grid; }
  const std::vector<Cell>& cells() const { return raster_.cells; }
  /// log(1 − λ) per cell: 0 on the target, −∞ on obstacles and on free cells that the target
  /// cannot be reached from.
  const std::vector<double>& logComplement() const { return logU_; }
  const HarmonicStats& stats() const { return stats_; }

  /// λ at a node (1 on obstacles). Far down a corridor this rounds to 1: use
  /// logComplement() for anything but display.
  double potential(int i, int j) const;
  /// True when node (i, j) is free or target and connected to the target.
  bool reachable(int i, int j) const;
  /// ∇log(1 − λ) at a node (1/m): −∇λ = (1 − λ)·this. Central differences, one-sided next
  /// to obstacles; zero on obstacles.
  geometry::Vec2 nodeLogGradient(int i, int j) const;
  /// Unit −∇λ at a node (zero on obstacles and where undefined).
  geometry::Vec2 nodeDescent(int i, int j) const;
  /// Unit −∇λ at a point (m), bilinearly interpolated from the surrounding reachable nodes;
  /// from inside an obstacle cell, towards the nearest reachable cell within a few cells.
  /// Zero when nothing usable is near.
  geometry::Vec2 descentDirection(const geometry::Vec2& p) const;

 private:
  Raster raster_;
  std::vector<double> logU_;
  HarmonicStats stats_;
};

/// Solves the field on a raster that already carries its target cells (withTarget()).
HarmonicField solveHarmonicField(Raster raster, const HarmonicSettings& settings);

/// The clearance the field of `world` is rasterized with: settings.clearance, or with
/// kAutoClearance the largest radius of the world's agents (0 without agents).
double clearanceFor(const HarmonicSettings& settings, const sim::World& world);

struct LocalMinimaReport {
  std::int64_t freeCells = 0;      ///< free cells (not obstacle, not target)
  std::int64_t disconnected = 0;   ///< free cells with no path to the target at all
  std::int64_t localMinima = 0;    ///< connected free cells whose descent does not reach it
};

/// Follows the descent from every free cell: from a cell, step to the 8-neighbour best aligned
/// with nodeDescent() among those of strictly larger log u (diagonal steps may not cut an
/// obstacle corner), with positive alignment. A cell fails when no such neighbour exists. Since
/// log u increases strictly, every walk ends, at the target or at a failure.
LocalMinimaReport countLocalMinima(const HarmonicField& field);

}  // namespace steer::planning
