#include "steer/reynolds/forage.hpp"

#include <algorithm>

namespace steer::reynolds {

ResourceLedger::ResourceLedger(std::vector<Resource> resources)
    : resources_(std::move(resources)),
      consumedBy_(resources_.size(), sim::kNoAgent),
      consumedAt_(resources_.size(), -1.0) {}

std::size_t ResourceLedger::remaining() const {
  return static_cast<std::size_t>(std::count(consumedBy_.begin(), consumedBy_.end(), sim::kNoAgent));
}

bool ResourceLedger::touches(const sim::Agent& agent, const Resource& r) {
  const double reach = agent.radius + r.radius;
  return (agent.state.position - r.position).squaredNorm() <= reach * reach;
}

std::size_t forageTarget(const ResourceLedger& ledger, const Vec3& position, double perception) {
  std::size_t best = ledger.size();
  double bestDistance = perception * perception;
  for (std::size_t k = 0; k < ledger.size(); ++k) {
    if (!ledger.available(k)) continue;
    const double d = (ledger.resources()[k].position - position).squaredNorm();
    if (d < bestDistance || (d == bestDistance && best == ledger.size())) {  // nearest, then lowest index
      best = k;
      bestDistance = d;
    }
  }
  return best;
}

}  // namespace steer::reynolds
