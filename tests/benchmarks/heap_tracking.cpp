// Replacement global operator new/delete for steer_bench (heap_tracking.hpp says why). Every
// replaceable form is replaced, the aligned ones too: CGAL's triangulation cells here are
// over-aligned, and std::allocator takes them through the aligned operator new.
#include "benchmarks/heap_tracking.hpp"

#include <malloc.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>

namespace {

// Counting is on only inside a window, so that the other benchmarks (some on several threads)
// do not share one counter.
std::atomic<bool> counting{false};
std::atomic<std::int64_t> live{0};
std::atomic<std::int64_t> peak{0};
std::atomic<std::int64_t> allocations{0};

// What a block costs the heap: its usable size and glibc's chunk header (a size_t before it; the
// usable size alone left out ~8 B per live block, under 1 B per agent here).
std::int64_t chunkBytes(void* p) { return static_cast<std::int64_t>(malloc_usable_size(p) + sizeof(std::size_t)); }

void taken(void* p) {
  if (!counting.load(std::memory_order_relaxed)) return;
  const std::int64_t bytes = chunkBytes(p);
  allocations.fetch_add(1, std::memory_order_relaxed);
  const std::int64_t now = live.fetch_add(bytes, std::memory_order_relaxed) + bytes;
  std::int64_t seen = peak.load(std::memory_order_relaxed);
  while (now > seen && !peak.compare_exchange_weak(seen, now, std::memory_order_relaxed)) {
  }
}

void given(void* p) {
  if (p == nullptr) return;
  if (counting.load(std::memory_order_relaxed))
    live.fetch_sub(chunkBytes(p), std::memory_order_relaxed);
  std::free(p);
}

void* take(std::size_t size) {
  void* p = std::malloc(size == 0 ? 1 : size);
  if (p != nullptr) taken(p);
  return p;
}

void* takeAligned(std::size_t size, std::align_val_t align) {
  const auto a = static_cast<std::size_t>(align);
  if (size > SIZE_MAX - a) return nullptr;
  // aligned_alloc wants a size that is a multiple of the alignment.
  const std::size_t rounded = ((size == 0 ? 1 : size) + a - 1) / a * a;
  void* p = std::aligned_alloc(a, rounded);
  if (p != nullptr) taken(p);
  return p;
}

// The throwing forms call the new-handler until the block is there, as the standard's do.
template <class Take>
void* takeOrThrow(Take take) {
  for (;;) {
    if (void* p = take()) return p;
    const std::new_handler handler = std::get_new_handler();
    if (handler == nullptr) throw std::bad_alloc();
    handler();
  }
}

}  // namespace

namespace steer::bench {

void heapWindowStart() {
  live.store(0, std::memory_order_relaxed);
  peak.store(0, std::memory_order_relaxed);
  allocations.store(0, std::memory_order_relaxed);
  counting.store(true, std::memory_order_relaxed);
}
void heapWindowStop() { counting.store(false, std::memory_order_relaxed); }
std::int64_t heapWindowLive() { return live.load(std::memory_order_relaxed); }
std::int64_t heapWindowPeak() { return peak.load(std::memory_order_relaxed); }
std::int64_t heapWindowAllocations() { return allocations.load(std::memory_order_relaxed); }

}  // namespace steer::bench

void* operator new(std::size_t size) {
  return takeOrThrow([size] { return take(size); });
}
void* operator new[](std::size_t size) { return operator new(size); }
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return take(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return take(size); }
void* operator new(std::size_t size, std::align_val_t align) {
  return takeOrThrow([size, align] { return takeAligned(size, align); });
}
void* operator new[](std::size_t size, std::align_val_t align) { return operator new(size, align); }
void* operator new(std::size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return takeAligned(size, align);
}
void* operator new[](std::size_t size, std::align_val_t align, const std::nothrow_t&) noexcept {
  return takeAligned(size, align);
}

void operator delete(void* p) noexcept { given(p); }
void operator delete[](void* p) noexcept { given(p); }
void operator delete(void* p, std::size_t) noexcept { given(p); }
void operator delete[](void* p, std::size_t) noexcept { given(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { given(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { given(p); }
void operator delete(void* p, std::align_val_t) noexcept { given(p); }
void operator delete[](void* p, std::align_val_t) noexcept { given(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { given(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { given(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { given(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { given(p); }

