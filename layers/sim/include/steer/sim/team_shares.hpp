#pragma once
/// @file A pass over `items` agents split into one consecutive share per thread, for the passes
/// whose work may throw (a string or a set that cannot grow: bad_alloc; a planner's exception).
/// An exception may not leave an OpenMP region: it terminated the process. Here each share's
/// exception is caught on its thread, and after every share has finished the lowest thread's is
/// rethrown, the same one for a given count of threads.
#include <cstdint>
#include <functional>

namespace steer::sim {

/// Runs body(thread, begin, end) on `threads` threads (≥ 1), thread t over
/// [items·t/threads, items·(t+1)/threads): consecutive shares in thread order, every item once.
void forShares(int threads, std::int64_t items, const std::function<void(int, std::int64_t, std::int64_t)>& body);

}  // namespace steer::sim
