#pragma once
// The agents of a step's end sorted by grid cell, rebuilt every step for the run metrics' contact and
// clearance search (metrics.cpp). A hash map of one vector per cell, rebuilt each step, and
// queries that read whole Agent records cost 17-49 % of a run's step loop at 10,000-100,000
// agents: here one sort places each cell's agents (position, radius, id) in one contiguous run,
// and the buffers are kept from step to step.
#include <algorithm>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "cell_key.hpp"
#include "steer/sim/world.hpp"

namespace steer::experiments {

class AgentCells {
 public:
  struct Entry {
    sim::Vec3 position;
    double radius;
    std::uint32_t id;
  };

  /// Sorts the agents of `world` for which present(agent) holds into cells of side `cell` (m).
  template <class Present>
  void rebuild(const sim::World& world, double cell, Present&& present) {
    cell_ = cell;
    keyed_.clear();
    for (const auto& a : world.agents)
      if (present(a)) keyed_.push_back({keyOf(a.state.position), a.id});
    std::sort(keyed_.begin(), keyed_.end());
    entries_.clear();
    runs_.clear();
    runs_.reserve(keyed_.size());
    zLow_ = zHigh_ = 0;
    std::pair<std::size_t, std::size_t>* run = nullptr;
    for (std::size_t k = 0; k < keyed_.size(); ++k) {
      const sim::Agent& a = world.agents[keyed_[k].second];
      entries_.push_back({a.state.position, a.radius, a.id});
      if (k == 0 || keyed_[k].first != keyed_[k - 1].first) {
        run = &runs_[keyed_[k].first];
        run->first = k;
      }
      run->second = k + 1;
      const long z = cellIndex(a.state.position.z(), cell_);
      zLow_ = k == 0 ? z : std::min(zLow_, z);
      zHigh_ = k == 0 ? z : std::max(zHigh_, z);
    }
  }

  /// The agents in cell order (neighbours in the grid are near in memory).
  const std::vector<Entry>& entries() const { return entries_; }

  /// Calls f(entry) for every agent in a cell the box [lo, hi] overlaps (and, rarely, in a far
  /// cell whose key wraps to the same one: see cell_key.hpp).
  template <class F>
  void query(const sim::Vec3& lo, const sim::Vec3& hi, F&& f) const {
    // No agent lies outside the z cells of the lowest and highest agent: a plane crowd looks
    // in one layer, not two or three.
    const long z0 = std::max(cellIndex(lo.z(), cell_), zLow_), z1 = std::min(cellIndex(hi.z(), cell_), zHigh_);
    for (long x = cellIndex(lo.x(), cell_); x <= cellIndex(hi.x(), cell_); ++x)
      for (long y = cellIndex(lo.y(), cell_); y <= cellIndex(hi.y(), cell_); ++y)
        for (long z = z0; z <= z1; ++z) {
          const auto it = runs_.find(cellKey(x, y, z));
          if (it == runs_.end()) continue;
          for (std::size_t k = it->second.first; k < it->second.second; ++k) f(entries_[k]);
        }
  }

 private:
  std::uint64_t keyOf(const sim::Vec3& p) const {
    return cellKey(cellIndex(p.x(), cell_), cellIndex(p.y(), cell_), cellIndex(p.z(), cell_));
  }

  double cell_ = 1.0;
  long zLow_ = 0, zHigh_ = 0;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> keyed_;  // (cell key, agent id), sorted
  std::vector<Entry> entries_;                                   // keyed_'s agents, in its order
  std::unordered_map<std::uint64_t, std::pair<std::size_t, std::size_t>> runs_;  // key → [begin, end)
};

}  // namespace steer::experiments
