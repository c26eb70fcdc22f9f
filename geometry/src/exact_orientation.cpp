// The exact orientation test on CGAL's filtered predicate (see exact_orientation.hpp).
#include "exact_orientation.hpp"

#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>

namespace steer::geometry {

int exactOrientation(double ax, double ay, double bx, double by, double cx, double cy) {
  using K = CGAL::Exact_predicates_inexact_constructions_kernel;
  return static_cast<int>(CGAL::orientation(K::Point_2(ax, ay), K::Point_2(bx, by), K::Point_2(cx, cy)));
}

}  // namespace steer::geometry
