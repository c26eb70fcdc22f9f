#pragma once
/// @file The four ways of combining steering behaviors of combining-steering-behaviours.txt
/// (and reynolds-1999 §"Combining Behaviors"): weighted blending, priority arbitration,
/// prioritized dithering and the weighted prioritized truncated sum.
#include <span>
#include <string_view>

#include "steer/geometry/vec.hpp"
#include "steer/sim/noise.hpp"

namespace steer::reynolds {

using geometry::Vec3;

enum class CombinerKind { WeightedBlend, PriorityArbitration, PrioritizedDithering, TruncatedSum };

/// "blend", "arbitration", "dithering" or "truncated_sum"; false for anything else.
bool parseCombiner(std::string_view text, CombinerKind& out);
const char* combinerName(CombinerKind kind);

/// One behavior's output and its combination settings.
struct WeightedForce {
  Vec3 force = Vec3::Zero();
  double weight = 1.0;       ///< blending / truncated-sum weight, ≥ 0
  int priority = 0;          ///< higher goes first
  double probability = 1.0;  ///< dithering: chance of being considered, [0, 1]
};

/// A force counts as "zero" (no opinion) below this length.
inline constexpr double kZeroForce = 1e-9;

/// Σ weight·force.
Vec3 weightedBlend(std::span<const WeightedForce> forces);
/// The highest-priority non-zero force (ties: the earlier one); zero when all are zero.
Vec3 priorityArbitration(std::span<const WeightedForce> forces);
/// In priority order, each non-zero force is taken with its probability (uniform draws from
/// `noise` keyed by (agent, step, stream + rank)); the first one taken wins. When none is
/// taken, falls back to arbitration, so a non-zero opinion is never lost.
Vec3 prioritizedDithering(std::span<const WeightedForce> forces, const sim::Noise& noise, std::uint64_t agent,
                          std::uint64_t step, std::uint64_t stream);
/// In priority order, add weight·force while the force budget lasts: each added force uses up
/// its length of `maxForce`; the one that exceeds what is left is truncated to it, and the rest
/// are dropped. The lengths accumulate, not the running total's length, as in the scheme the
/// 1999 paper recalls from Reynolds 1987 ("by adjusting their magnitude, higher priority behaviors
/// could decide whether or not to leave any steering force for use by lower priority behaviors").
/// The combining-steering-behaviours post compares "the total (weighted) force accumulated so
/// far" with the maximum, which also reads as |running total| (Buckland's AccumulateForce: what
/// is left is max − |total|; or: add, then truncate the total to max). Opposed forces then leave
/// budget for more behaviours, where here every force spends its length. The post's worked
/// example, (1.75, 2), assumes "the maximum force is exceeded after ... behaviour B" and gives no
/// maximum: this reading gives it with max = |A_w| + |B_w|, the truncate-the-total one with
/// max = |A_w + B_w|, and Buckland's with none (B fits whole only if C then partly fits too).
Vec3 truncatedSum(std::span<const WeightedForce> forces, double maxForce);

/// Dispatches on `kind`.
Vec3 combine(CombinerKind kind, std::span<const WeightedForce> forces, double maxForce, const sim::Noise& noise,
             std::uint64_t agent, std::uint64_t step, std::uint64_t stream);

}  // namespace steer::reynolds
