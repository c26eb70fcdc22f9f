#pragma once
/// @file Arrowheads that show which way streamlines run. A streamline of −∇λ ends at the target,
/// but a plain line does not say which end that is; arrowheads placed at even arc lengths do.
/// Where streamlines merge into a bundle each would carry its own row of arrows at its own
/// offsets, so a mark close to an earlier one is left out: the arrows spread evenly over the
/// picture instead of piling up along the bundles.
#include <array>
#include <vector>

#include "steer/geometry/vec.hpp"

namespace steer::viz {

struct ArrowMark {
  geometry::Vec2 position = geometry::Vec2::Zero();    ///< on the line (m)
  geometry::Vec2 direction = geometry::Vec2::UnitX();  ///< unit tangent, the way the line runs
};

/// Marks along each polyline (points in the direction of travel) at arc lengths every/2,
/// 3·every/2, ... (m), each with the direction of the segment it lies on. Lines are taken in
/// order and a mark closer than `minGap` (m) to one already kept is dropped. Zero-length
/// segments and lines shorter than every/2 give no mark. `every` must be > 0.
std::vector<ArrowMark> streamArrows(const std::vector<std::vector<geometry::Vec2>>& lines, double every,
                                    double minGap);

/// The corners of an arrowhead (isosceles triangle) of length `size` (m) centred on `position`
/// and pointing along `direction` (+x when it is zero): the tip first.
std::array<geometry::Vec2, 3> arrowheadCorners(const geometry::Vec2& position, const geometry::Vec2& direction,
                                               double size);

}  // namespace steer::viz
