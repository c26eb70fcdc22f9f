// The slow full check of the near sets (tests and debug builds): every A_p against a search
// inside C_p from p, its watched boundary and its holder records. The comparison with the
// brute-force oracle cannot see a member that is kept but no longer approachable (line of sight
// filters it out of the output); this check can.
#include <algorithm>
#include <vector>

#include "kinetic_near_sets.hpp"

namespace steer::environment::kinetic {

bool NearSets::consistent() const {
  std::vector<std::uint32_t> reached, stack;
  std::vector<char> seen(t_.vertexCount(), 0);
  for (std::uint32_t p = 0; p < s_.n; ++p) {
    if (!s_.has(p, Shared::kEnabled) || !t_.placed(p)) continue;
    // The approachable set by definition: a search inside C_p from p.
    reached.clear();
    stack.assign(1, p);
    seen[p] = 1;
    while (!stack.empty()) {
      const std::uint32_t x = stack.back();
      stack.pop_back();
      t_.forNeighbors(x, [&](std::uint32_t y) {
        if (seen[y] || !s_.inside(p, y)) return;
        seen[y] = 1;
        reached.push_back(y);
        stack.push_back(y);
      });
    }
    const Entry* e = lists_.data(listRef_[p]);
    const std::uint32_t size = listRef_[p].size();
    const auto has = [&](std::uint32_t q, std::uint32_t flags) {
      for (std::uint32_t k = 0; k < size; ++k)
        if (idOf(e[k]) == q && (e[k].key & flags) == flags) return true;
      return false;
    };
    bool ok = true;
    std::uint32_t members = 0;
    for (std::uint32_t k = 0; k < size; ++k) members += (e[k].key & kA) ? 1 : 0;
    if (members != reached.size()) ok = false;
    for (std::uint32_t q : reached) {
      if (!has(q, kA)) ok = false;
      // p is recorded as a holder of q.
      if (s_.isAgent(q)) {
        const Entry* f = lists_.data(listRef_[q]);
        bool held = false;
        for (std::uint32_t k = 0, m = listRef_[q].size(); k < m; ++k)
          if (idOf(f[k]) == p && (f[k].key & kHeld)) held = true;
        if (!held) ok = false;
      } else {
        const auto& h = staticHolders_[q - s_.n];
        if (std::find(h.begin(), h.end(), p) == h.end()) ok = false;
      }
      // Every neighbour of a member is a member, p, or watched.
      t_.forNeighbors(q, [&](std::uint32_t y) {
        if (y != p && !seen[y] && !has(y, kW)) ok = false;
      });
    }
    t_.forNeighbors(p, [&](std::uint32_t y) {
      if (!seen[y] && !has(y, kW)) ok = false;
    });
    seen[p] = 0;
    for (std::uint32_t q : reached) seen[q] = 0;
    if (!ok) return false;
  }
  return true;
}

}  // namespace steer::environment::kinetic
