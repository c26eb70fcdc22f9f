#pragma once
/// @file Means and confidence intervals over seeds, for the tables of `steer compare` and
/// `steer sweep`.
#include <cstddef>
#include <optional>
#include <vector>

namespace steer::experiments {

/// The mean of a sample and the half-width of its two-sided confidence interval from Student's
/// t distribution with n − 1 degrees of freedom: mean ± t_{(1+c)/2, n−1} · s / √n, s the sample
/// standard deviation. One value has no interval.
struct MeanInterval {
  std::size_t n = 0;
  double mean = 0.0;
  std::optional<double> halfWidth;  ///< none when n < 2
};

/// Throws std::invalid_argument for an empty sample or a confidence outside (0, 1).
MeanInterval meanInterval(const std::vector<double>& sample, double confidence = 0.95);

}  // namespace steer::experiments
