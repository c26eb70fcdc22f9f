#pragma once
// exp, asin and atan2 over arrays, through glibc's vector math library (libmvec). Private to
// steer::local: the repellers of one right-hand-side evaluation gather their arguments into
// small arrays and evaluate them here, a few lanes per call, instead of one libm call each
// (docs/benchmarks.md, local layer).
//
// Determinism. libmvec is accurate to within 4 ulps (glibc manual, "Errors in Math Functions")
// but not correctly rounded, and each of its ISA variants (SSE4, AVX2, AVX-512, the SSE2
// fallback) may round differently. So:
//  - one kernel is chosen per process from the CPU (activeBatchKernel) and used for every call;
//  - every lane goes through the same vector code: arrays are padded to whole vectors
//    (kBatchLanes) and no scalar tail exists, so a value's result depends neither on its
//    position nor on its neighbours in the array (batch_math_test checks this);
//  - hence the same inputs give the same bits on one machine whatever the thread count, the
//    order of evaluation or the neighbour provider. Across machines with different vector
//    units, trajectories may differ in the last bits (as with glibc's scalar libm, whose
//    FMA/non-FMA variants are also chosen per CPU).
#include <cstddef>

namespace steer::local::detail {

/// How the batches are evaluated. Scalar (std:: functions lane by lane) is the reference and
/// the fallback off x86-64.
enum class BatchKernel { Scalar, Sse2, Avx2 };

/// Arrays handed to the batch functions hold a multiple of this many values (pad with any
/// finite value in the functions' domains).
constexpr std::size_t kBatchLanes = 4;

/// The kernel of this process: Avx2 when the CPU and the OS support AVX2, else Sse2 on x86-64
/// (libmvec's 2-lane variant, present on every x86-64), else Scalar.
BatchKernel activeBatchKernel();
bool batchKernelAvailable(BatchKernel kernel);
const char* batchKernelName(BatchKernel kernel);

/// values[i] ← e^{values[i]}, i < n; n a multiple of kBatchLanes.
void expBatch(double* values, std::size_t n, BatchKernel kernel = activeBatchKernel());
/// values[i] ← asin(values[i]), values in [−1, 1]; n a multiple of kBatchLanes.
void asinBatch(double* values, std::size_t n, BatchKernel kernel = activeBatchKernel());
/// out[i] ← atan2(y[i], x[i]) ∈ [−π, π]; n a multiple of kBatchLanes. `out` may alias y or x.
void atan2Batch(const double* y, const double* x, double* out, std::size_t n,
                BatchKernel kernel = activeBatchKernel());

}  // namespace steer::local::detail
