#pragma once
/// @file The regular grid a harmonic field lives on, and the rasterization of the static world
/// onto it (Goldenstein §6.1.1: the boundary conditions are "the obstacles' potential, which
/// include the configuration space boundary"; Appendix A.2 sets "the obstacle and boundary
/// potential to 1").
#include <cstdint>
#include <vector>

#include "steer/sim/world.hpp"

namespace steer::planning {

/// A cell-centred grid over a rectangle of the x–y plane. Node (i, j) sits at the centre of its
/// square cell: origin + ((i + ½)·h, (j + ½)·h). Cells are stored row by row, index j·nx + i.
struct GridSpec {
  geometry::Vec2 origin = geometry::Vec2::Zero();  ///< lower-left corner of cell (0, 0) (m)
  double h = 1.0;                                  ///< cell size (m), > 0
  int nx = 1;                                      ///< cells along x, ≥ 1
  int ny = 1;                                      ///< cells along y, ≥ 1

  /// `resolution` cells along the longer side of `bounds` (x–y), square cells.
  static GridSpec over(const sim::Bounds& bounds, int resolution);

  std::size_t size() const { return static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny); }
  std::size_t index(int i, int j) const { return static_cast<std::size_t>(j) * nx + i; }
  bool inside(int i, int j) const { return i >= 0 && j >= 0 && i < nx && j < ny; }
  geometry::Vec2 center(int i, int j) const { return origin + h * geometry::Vec2(i + 0.5, j + 0.5); }
};

/// What a cell is for the Laplace problem: unknown (free), Dirichlet 1 (obstacle or outside) or
/// Dirichlet 0 (target), in the paper's λ convention.
enum class Cell : std::uint8_t { Free = 0, Obstacle = 1, Target = 2 };

struct Raster {
  GridSpec grid;
  std::vector<Cell> cells;  ///< grid.size() entries
};

/// Marks as Obstacle every cell whose circumscribed disc (radius h/√2) comes within
/// `clearance` (m, ≥ 0) of a static obstacle of the world (balls, segments, polygons, boxes,
/// oriented boxes; moving obstacles are ignored: the local layer avoids them). Inflating by the
/// half diagonal closes thin walls, so no diagonal leak joins two sides of a segment; gaps
/// narrower than about 1.4·h + 2·clearance close as well: choose the resolution accordingly.
Raster rasterizeStaticObstacles(const sim::World& world, const GridSpec& grid, double clearance);

/// A static target region: a disc around a point, or an axis-aligned box.
struct TargetRegion {
  enum class Kind : std::uint8_t { Disc, Box };
  Kind kind = Kind::Disc;
  geometry::Vec2 center = geometry::Vec2::Zero();  ///< Disc
  double radius = 0.0;                             ///< Disc (m)
  geometry::AlignedBox box{};                      ///< Box
};

/// Copy of `raster` whose cells covered by the target are Target (overriding obstacles). The
/// cell containing the target's centre is always a Target (on the grid's upper edges, the last
/// cell; a box reaching out of the grid, the point of box ∩ grid nearest its centre), so every
/// target that lies inside the grid, on its edge or, for a box, reaches into it has a cell.
Raster withTarget(const Raster& raster, const TargetRegion& target);

}  // namespace steer::planning
