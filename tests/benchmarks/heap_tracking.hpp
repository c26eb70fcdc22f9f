// The heap's high-water mark, as the kinetic benchmarks report it (issue #4: peak memory of the
// kinetic structure <= 1 KB per agent).
//
// steer_bench replaces the global operator new and delete (heap_tracking.cpp) so that every
// block the C++ code takes is counted when it is taken and when it is given back: a peak read
// this way includes the blocks that live only inside one update (a vector grown and dropped
// within a step), which a reading of mallinfo2 between steps cannot see. Blocks are counted at
// their usable size (malloc_usable_size) plus glibc's 8-byte chunk header (left out until
// 2026-11-30: ~2 B per agent at 1,000 to 100,000 agents). malloc()
// called directly (C code, libraries that do not go through operator new) is not counted.
#pragma once

#include <cstdint>

namespace steer::bench {

// Starts a window: the live count and the peak restart at zero. Blocks taken before the window
// and freed inside it make the live count negative; the peak is relative to the start.
void heapWindowStart();
// Ends the window: the counts keep their values, and later blocks are not counted. Outside a
// window the replaced operators cost one load more than malloc and free.
void heapWindowStop();
// Bytes taken and not given back since the window started (may be negative, see above).
std::int64_t heapWindowLive();
// The largest heapWindowLive() since the window started.
std::int64_t heapWindowPeak();
// Blocks taken since the window started.
std::int64_t heapWindowAllocations();

}  // namespace steer::bench
