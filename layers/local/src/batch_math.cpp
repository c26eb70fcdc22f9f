#include "batch_math.hpp"

#include <cmath>

#if defined(__x86_64__)
#include <immintrin.h>

// libmvec's entry points, named by the x86-64 vector function ABI: _ZGV, ISA (b = SSE,
// d = AVX2), N (unmasked), lane count, one v per vector argument, then the scalar name.
// Declared here rather than through <math.h>'s OpenMP `declare simd` attributes, which glibc
// only exposes under -ffast-math.
extern "C" {
__m128d _ZGVbN2v_exp(__m128d);
__m128d _ZGVbN2v_asin(__m128d);
__m128d _ZGVbN2vv_atan2(__m128d, __m128d);
__attribute__((target("avx2"))) __m256d _ZGVdN4v_exp(__m256d);
__attribute__((target("avx2"))) __m256d _ZGVdN4v_asin(__m256d);
__attribute__((target("avx2"))) __m256d _ZGVdN4vv_atan2(__m256d, __m256d);
}
#endif

namespace steer::local::detail {

namespace {

static_assert(kBatchLanes % 4 == 0, "the AVX2 kernel takes 4 lanes, the SSE2 kernel 2");

BatchKernel detectKernel() {
#if defined(__x86_64__)
  // __builtin_cpu_supports also checks that the OS saves the AVX registers (XCR0).
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") ? BatchKernel::Avx2 : BatchKernel::Sse2;
#else
  return BatchKernel::Scalar;
#endif
}

#if defined(__x86_64__)
void expSse2(double* v, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 2) _mm_storeu_pd(v + i, _ZGVbN2v_exp(_mm_loadu_pd(v + i)));
}
void asinSse2(double* v, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 2) _mm_storeu_pd(v + i, _ZGVbN2v_asin(_mm_loadu_pd(v + i)));
}
void atan2Sse2(const double* y, const double* x, double* out, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 2)
    _mm_storeu_pd(out + i, _ZGVbN2vv_atan2(_mm_loadu_pd(y + i), _mm_loadu_pd(x + i)));
}
__attribute__((target("avx2"))) void expAvx2(double* v, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 4) _mm256_storeu_pd(v + i, _ZGVdN4v_exp(_mm256_loadu_pd(v + i)));
}
__attribute__((target("avx2"))) void asinAvx2(double* v, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 4) _mm256_storeu_pd(v + i, _ZGVdN4v_asin(_mm256_loadu_pd(v + i)));
}
__attribute__((target("avx2"))) void atan2Avx2(const double* y, const double* x, double* out, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 4)
    _mm256_storeu_pd(out + i, _ZGVdN4vv_atan2(_mm256_loadu_pd(y + i), _mm256_loadu_pd(x + i)));
}
#endif

}  // namespace

BatchKernel activeBatchKernel() {
  static const BatchKernel kernel = detectKernel();
  return kernel;
}

bool batchKernelAvailable(BatchKernel kernel) {
  switch (kernel) {
    case BatchKernel::Scalar: return true;
#if defined(__x86_64__)
    case BatchKernel::Sse2: return true;
    case BatchKernel::Avx2: return activeBatchKernel() == BatchKernel::Avx2;
#else
    default: return false;
#endif
  }
  return false;
}

const char* batchKernelName(BatchKernel kernel) {
  switch (kernel) {
    case BatchKernel::Scalar: return "scalar";
    case BatchKernel::Sse2: return "sse2";
    case BatchKernel::Avx2: return "avx2";
  }
  return "?";
}

void expBatch(double* values, std::size_t n, BatchKernel kernel) {
  switch (kernel) {
#if defined(__x86_64__)
    case BatchKernel::Avx2: expAvx2(values, n); return;
    case BatchKernel::Sse2: expSse2(values, n); return;
#endif
    default:
      for (std::size_t i = 0; i < n; ++i) values[i] = std::exp(values[i]);
  }
}

void asinBatch(double* values, std::size_t n, BatchKernel kernel) {
  switch (kernel) {
#if defined(__x86_64__)
    case BatchKernel::Avx2: asinAvx2(values, n); return;
    case BatchKernel::Sse2: asinSse2(values, n); return;
#endif
    default:
      for (std::size_t i = 0; i < n; ++i) values[i] = std::asin(values[i]);
  }
}

void atan2Batch(const double* y, const double* x, double* out, std::size_t n, BatchKernel kernel) {
  switch (kernel) {
#if defined(__x86_64__)
    case BatchKernel::Avx2: atan2Avx2(y, x, out, n); return;
    case BatchKernel::Sse2: atan2Sse2(y, x, out, n); return;
#endif
    default:
      for (std::size_t i = 0; i < n; ++i) out[i] = std::atan2(y[i], x[i]);
  }
}

}  // namespace steer::local::detail
