#include "steer/reynolds/combiners.hpp"

#include <cmath>

#include <boost/container/small_vector.hpp>

namespace steer::reynolds {

namespace {
// Indices in descending priority, stable so that equal priorities keep their listed order: an
// insertion sort (an index moves before another only for a strictly higher priority) into a list
// on the stack, since every agent combines a few forces several times per step (this was a heap
// list and std::stable_sort, which allocates a buffer too, per call).
using Order = boost::container::small_vector<std::size_t, 16>;
Order byPriority(std::span<const WeightedForce> forces) {
  Order order;
  for (std::size_t i = 0; i < forces.size(); ++i) {
    order.push_back(i);
    std::size_t j = order.size() - 1;
    for (; j > 0 && forces[order[j - 1]].priority < forces[i].priority; --j) order[j] = order[j - 1];
    order[j] = i;
  }
  return order;
}
}  // namespace

bool parseCombiner(std::string_view text, CombinerKind& out) {
  if (text == "blend") out = CombinerKind::WeightedBlend;
  else if (text == "arbitration") out = CombinerKind::PriorityArbitration;
  else if (text == "dithering") out = CombinerKind::PrioritizedDithering;
  else if (text == "truncated_sum") out = CombinerKind::TruncatedSum;
  else return false;
  return true;
}

const char* combinerName(CombinerKind kind) {
  switch (kind) {
    case CombinerKind::WeightedBlend: return "blend";
    case CombinerKind::PriorityArbitration: return "arbitration";
    case CombinerKind::PrioritizedDithering: return "dithering";
    case CombinerKind::TruncatedSum: return "truncated_sum";
  }
  return "?";
}

Vec3 weightedBlend(std::span<const WeightedForce> forces) {
  Vec3 sum = Vec3::Zero();
  for (const auto& f : forces) sum += f.weight * f.force;
  return sum;
}

Vec3 priorityArbitration(std::span<const WeightedForce> forces) {
  for (std::size_t i : byPriority(forces))
    if (forces[i].force.norm() > kZeroForce) return forces[i].force;
  return Vec3::Zero();
}

Vec3 prioritizedDithering(std::span<const WeightedForce> forces, const sim::Noise& noise, std::uint64_t agent,
                          std::uint64_t step, std::uint64_t stream) {
  const auto order = byPriority(forces);
  for (std::size_t rank = 0; rank < order.size(); ++rank) {
    const auto& f = forces[order[rank]];
    if (noise.uniform(agent, step, stream + rank) < f.probability && f.force.norm() > kZeroForce) return f.force;
  }
  return priorityArbitration(forces);
}

Vec3 truncatedSum(std::span<const WeightedForce> forces, double maxForce) {
  Vec3 total = Vec3::Zero();
  double left = maxForce;
  for (std::size_t i : byPriority(forces)) {
    if (left <= 0.0) break;
    const Vec3 f = forces[i].weight * forces[i].force;
    double n = f.norm();
    if (std::isinf(n)) n = f.stableNorm();  // as truncate(): a huge force is not a zero one
    if (n <= left) {
      total += f;
      left -= n;
    } else {
      total += f * (left / n);
      left = 0.0;
    }
  }
  return total;
}

Vec3 combine(CombinerKind kind, std::span<const WeightedForce> forces, double maxForce, const sim::Noise& noise,
             std::uint64_t agent, std::uint64_t step, std::uint64_t stream) {
  switch (kind) {
    case CombinerKind::WeightedBlend: return weightedBlend(forces);
    case CombinerKind::PriorityArbitration: return priorityArbitration(forces);
    case CombinerKind::PrioritizedDithering: return prioritizedDithering(forces, noise, agent, step, stream);
    case CombinerKind::TruncatedSum: return truncatedSum(forces, maxForce);
  }
  return Vec3::Zero();
}

}  // namespace steer::reynolds
