#include "steer/experiments/statistics.hpp"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace steer::experiments {

MeanInterval meanInterval(const std::vector<double>& sample, double confidence) {
  if (sample.empty()) throw std::invalid_argument("meanInterval: empty sample");
  if (!(confidence > 0.0 && confidence < 1.0)) throw std::invalid_argument("meanInterval: confidence must be in (0, 1)");
  MeanInterval r;
  r.n = sample.size();
  double sum = 0.0;
  for (double v : sample) sum += v;
  r.mean = sum / static_cast<double>(r.n);
  if (r.n < 2) return r;
  // Equal values have no spread: their rounded mean can differ from each of them by an ulp, which
  // showed as "± 4.932e-15" in the tables.
  if (std::all_of(sample.begin(), sample.end(), [&](double v) { return v == sample.front(); })) {
    r.mean = sample.front();
    r.halfWidth = 0.0;
    return r;
  }
  double squares = 0.0;
  for (double v : sample) squares += (v - r.mean) * (v - r.mean);
  const double sd = std::sqrt(squares / static_cast<double>(r.n - 1));
  const boost::math::students_t t(static_cast<double>(r.n - 1));
  r.halfWidth = boost::math::quantile(t, 0.5 + confidence / 2.0) * sd / std::sqrt(static_cast<double>(r.n));
  return r;
}

}  // namespace steer::experiments
