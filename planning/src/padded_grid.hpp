#pragma once
// A LaplaceProblem copied into arrays with a ring of fixed zero nodes, so that the inner loops
// need no bounds checks.
#include <cstdint>
#include <vector>

#include "steer/planning/laplace_solvers.hpp"

namespace steer::planning::detail {

template <typename T = double>
struct PaddedT {
  int nx, ny, stride;
  std::vector<T> value;
  std::vector<std::uint8_t> unknown;

  explicit PaddedT(const LaplaceProblem& p)
      : nx(p.nx), ny(p.ny), stride(p.nx + 2),
        value(static_cast<std::size_t>(p.nx + 2) * (p.ny + 2), T(0)),
        unknown(static_cast<std::size_t>(p.nx + 2) * (p.ny + 2), 0) {
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        value[at(i, j)] = p.value[p.index(i, j)];
        unknown[at(i, j)] = p.unknown[p.index(i, j)];
      }
  }
  /// Padded index of problem node (i, j).
  std::size_t at(int i, int j) const { return static_cast<std::size_t>(j + 1) * stride + (i + 1); }
  void store(LaplaceProblem& p) const {
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) p.value[p.index(i, j)] = static_cast<double>(value[at(i, j)]);
  }
};

using Padded = PaddedT<double>;

}  // namespace steer::planning::detail
