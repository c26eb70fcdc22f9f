#include "steer/sim/team_shares.hpp"

#include <algorithm>
#include <exception>
#include <vector>

namespace steer::sim {

void forShares(int threads, std::int64_t items, const std::function<void(int, std::int64_t, std::int64_t)>& body) {
  threads = std::max(1, threads);
  std::vector<std::exception_ptr> failures(static_cast<std::size_t>(threads));
  // Each thread takes its share by its number: no worksharing construct, so a share that throws
  // leaves no thread waiting at a barrier the others never reach.
#pragma omp parallel for num_threads(threads) schedule(static, 1)
  for (int t = 0; t < threads; ++t) {
    try {
      body(t, items * t / threads, items * (t + 1) / threads);
    } catch (...) {
      failures[static_cast<std::size_t>(t)] = std::current_exception();
    }
  }
  for (const auto& failure : failures)
    if (failure) std::rethrow_exception(failure);
}

}  // namespace steer::sim
