// The libmvec batches of the repellers (layers/local/src/batch_math.hpp): every kernel this CPU
// can run agrees with glibc's scalar libm within libmvec's documented error, and a value's
// result does not depend on where it sits in a batch nor on its neighbours (what makes the
// right-hand side deterministic whatever the order and number of objects).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "batch_math.hpp"

using namespace steer::local::detail;

namespace {

/// libmvec's criterion is 4 ulps from the exact value (glibc wiki, libmvec); glibc's scalar
/// exp, asin and atan2 are within 1 ulp of it: so at most 5 ulps apart.
constexpr std::int64_t kMaxUlps = 5;

/// Distance in units in the last place between two finite doubles (0 for equal ones).
std::int64_t ulpDistance(double a, double b) {
  const auto ordered = [](double v) {
    const auto bits = std::bit_cast<std::int64_t>(v);
    return bits < 0 ? std::numeric_limits<std::int64_t>::min() - bits : bits;
  };
  const std::int64_t d = ordered(a) - ordered(b);
  return d < 0 ? -d : d;
}

std::vector<BatchKernel> availableKernels() {
  std::vector<BatchKernel> out;
  for (BatchKernel k : {BatchKernel::Scalar, BatchKernel::Sse2, BatchKernel::Avx2})
    if (batchKernelAvailable(k)) out.push_back(k);
  return out;
}

/// n values from `draw`, padded to whole vectors.
template <class Draw>
std::vector<double> sample(std::size_t n, Draw draw) {
  std::vector<double> v(n);
  for (double& x : v) x = draw();
  return v;
}

}  // namespace

TEST(BatchMath, TheActiveKernelIsAvailable) {
  EXPECT_TRUE(batchKernelAvailable(activeBatchKernel())) << batchKernelName(activeBatchKernel());
#if defined(__x86_64__)
  EXPECT_NE(activeBatchKernel(), BatchKernel::Scalar);  // libmvec is part of glibc on x86-64
#endif
}

TEST(BatchMath, ExpAgreesWithLibmWithinUlps) {
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> wide(-700.0, 700.0), narrow(-40.0, 5.0);
  std::vector<double> in = sample(4000, [&] { return rng() % 2 ? wide(rng) : narrow(rng); });
  // Arguments the repellers produce: 1 − |u|, −2 h1 (cos x − cos e), −r/d0, and exact cases.
  for (double x : {0.0, -0.0, 1.0, -1.0, 1e-300, -1e-17, 709.0, -708.0, -745.0}) in.push_back(x);
  in.resize((in.size() + kBatchLanes - 1) / kBatchLanes * kBatchLanes, 0.5);
  for (BatchKernel k : availableKernels()) {
    std::vector<double> out = in;
    expBatch(out.data(), out.size(), k);
    std::int64_t worst = 0;
    for (std::size_t i = 0; i < in.size(); ++i) {
      const std::int64_t d = ulpDistance(out[i], std::exp(in[i]));
      worst = std::max(worst, d);
      ASSERT_LE(d, kMaxUlps) << batchKernelName(k) << " exp(" << in[i] << ") = " << out[i];
    }
    if (k == BatchKernel::Scalar) {
      EXPECT_EQ(worst, 0);
    }
    RecordProperty(std::string("exp_worst_ulps_") + batchKernelName(k), static_cast<int>(worst));
  }
}

TEST(BatchMath, AsinAgreesWithLibmWithinUlps) {
  std::mt19937_64 rng(2);
  std::uniform_real_distribution<double> u(-1.0, 1.0), small(-1e-3, 1e-3);
  std::vector<double> in = sample(4000, [&] { return rng() % 4 ? u(rng) : small(rng); });
  for (double x : {0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 0.9999999999, 1e-300}) in.push_back(x);
  in.resize((in.size() + kBatchLanes - 1) / kBatchLanes * kBatchLanes, 0.25);
  for (BatchKernel k : availableKernels()) {
    std::vector<double> out = in;
    asinBatch(out.data(), out.size(), k);
    for (std::size_t i = 0; i < in.size(); ++i)
      ASSERT_LE(ulpDistance(out[i], std::asin(in[i])), kMaxUlps) << batchKernelName(k) << " asin(" << in[i] << ")";
  }
}

TEST(BatchMath, Atan2AgreesWithLibmWithinUlpsInEveryQuadrant) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(-10.0, 10.0), angle(-3.14159265358979, 3.14159265358979);
  std::vector<double> y, x;
  for (int i = 0; i < 4000; ++i) {
    if (i % 2) {
      y.push_back(u(rng));
      x.push_back(u(rng));
    } else {  // unit vectors, as the repellers pass them (sin x, cos x)
      const double t = angle(rng);
      y.push_back(std::sin(t));
      x.push_back(std::cos(t));
    }
  }
  // The axes and signed zeros: atan2(±0, −1) = ±π, atan2(±1, 0) = ±π/2.
  const double axes[][2] = {{0.0, 1.0}, {-0.0, 1.0}, {0.0, -1.0}, {-0.0, -1.0}, {1.0, 0.0}, {-1.0, 0.0}, {1.0, -0.0}};
  for (const auto& a : axes) {
    y.push_back(a[0]);
    x.push_back(a[1]);
  }
  while (y.size() % kBatchLanes) {
    y.push_back(0.0);
    x.push_back(1.0);
  }
  for (BatchKernel k : availableKernels()) {
    std::vector<double> out(y.size());
    atan2Batch(y.data(), x.data(), out.data(), out.size(), k);
    for (std::size_t i = 0; i < y.size(); ++i)
      ASSERT_LE(ulpDistance(out[i], std::atan2(y[i], x[i])), kMaxUlps)
          << batchKernelName(k) << " atan2(" << y[i] << ", " << x[i] << ")";
  }
}

TEST(BatchMath, AValuesResultDependsNeitherOnItsLaneNorOnItsNeighbours) {
  std::mt19937_64 rng(4);
  std::uniform_real_distribution<double> arg(-30.0, 3.0), unit(-1.0, 1.0);
  constexpr std::size_t n = 64;
  std::vector<double> e = sample(n, [&] { return arg(rng); });
  std::vector<double> s = sample(n, [&] { return unit(rng); });
  std::vector<double> c = sample(n, [&] { return unit(rng); });
  for (BatchKernel k : availableKernels()) {
    std::vector<double> e0 = e, s0 = s, t0(n);
    expBatch(e0.data(), n, k);
    asinBatch(s0.data(), n, k);
    atan2Batch(s.data(), c.data(), t0.data(), n, k);
    // Shuffled: every value meets other neighbours in another lane.
    std::vector<std::size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    std::vector<double> e1(n), s1(n), sy(n), cx(n), t1(n);
    for (std::size_t i = 0; i < n; ++i) {
      e1[i] = e[order[i]];
      s1[i] = s[order[i]];
      sy[i] = s[order[i]];
      cx[i] = c[order[i]];
    }
    expBatch(e1.data(), n, k);
    asinBatch(s1.data(), n, k);
    atan2Batch(sy.data(), cx.data(), t1.data(), n, k);
    for (std::size_t i = 0; i < n; ++i) {
      EXPECT_EQ(std::bit_cast<std::uint64_t>(e1[i]), std::bit_cast<std::uint64_t>(e0[order[i]]));
      EXPECT_EQ(std::bit_cast<std::uint64_t>(s1[i]), std::bit_cast<std::uint64_t>(s0[order[i]]));
      EXPECT_EQ(std::bit_cast<std::uint64_t>(t1[i]), std::bit_cast<std::uint64_t>(t0[order[i]]));
    }
    // Alone in a batch, in every lane, among padding.
    for (std::size_t lane = 0; lane < kBatchLanes; ++lane) {
      double one[kBatchLanes];
      std::fill(one, one + kBatchLanes, 0.5);
      one[lane] = e[7];
      expBatch(one, kBatchLanes, k);
      EXPECT_EQ(std::bit_cast<std::uint64_t>(one[lane]), std::bit_cast<std::uint64_t>(e0[7])) << lane;
    }
  }
}
