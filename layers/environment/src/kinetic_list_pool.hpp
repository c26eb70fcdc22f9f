#pragma once
// Many short variable-length lists (one or a few per agent) in shared pages. A std::vector per
// list costs a 24-byte header, a malloc chunk header and up to 100 % growth slack; with ~100,000
// agents holding three lists each that was a third of the kinetic structure's memory. Here a list
// is an 8-byte Ref into pages of 4,096 entries, capacities grow by factors 1.5 and 4/3 (4, 6, 8,
// 12, 16, ...), and freed blocks are reused by size class. Lists longer than a page get a block
// of consecutive page slots of their own.
//
// Pointers into the pool stay valid until the next call that allocates (push_back, insertAt,
// reserve): callers re-read data() after those. T must be trivially copyable and at least 4
// bytes (a freed block keeps its free-list link in its first bytes).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace steer::environment::kinetic {

template <class T>
class ListPool {
  static_assert(std::is_trivially_copyable_v<T> && sizeof(T) >= sizeof(std::uint32_t));

 public:
  /// A list: where its block starts, its length and its size class (kNoClass: no block).
  struct Ref {
    std::uint32_t loc = 0;
    std::uint32_t packed = kNoClass << kSizeBits;  // size | class << kSizeBits
    std::uint32_t size() const { return packed & kSizeMask; }
    std::uint32_t cls() const { return packed >> kSizeBits; }
  };

  void clear() {
    slots_.clear();
    chunks_.clear();
    std::fill(std::begin(free_), std::end(free_), kNil);
    bumpLoc_ = bumpEnd_ = 0;
  }

  T* data(const Ref& r) { return r.cls() == kNoClass ? nullptr : at(r.loc); }
  const T* data(const Ref& r) const { return r.cls() == kNoClass ? nullptr : at(r.loc); }
  std::span<T> view(const Ref& r) { return {data(r), r.size()}; }
  std::span<const T> view(const Ref& r) const { return {data(r), r.size()}; }
  static std::uint32_t capacity(const Ref& r) { return r.cls() == kNoClass ? 0 : capacityOf(r.cls()); }

  void push_back(Ref& r, const T& v) {
    if (r.size() == capacity(r)) grow(r, r.size() + 1);
    at(r.loc)[r.size()] = v;
    ++r.packed;
  }
  /// Inserts v at index k (0 ≤ k ≤ size), shifting the tail up.
  void insertAt(Ref& r, std::uint32_t k, const T& v) {
    if (r.size() == capacity(r)) grow(r, r.size() + 1);
    T* d = at(r.loc);
    std::memmove(static_cast<void*>(d + k + 1), d + k, (r.size() - k) * sizeof(T));
    d[k] = v;
    ++r.packed;
  }
  /// Removes index k, shifting the tail down (keeps the order).
  void eraseAt(Ref& r, std::uint32_t k) {
    T* d = at(r.loc);
    std::memmove(static_cast<void*>(d + k), d + k + 1, (r.size() - k - 1) * sizeof(T));
    --r.packed;
  }
  /// Removes index k by moving the last entry into it (order not kept).
  void swapErase(Ref& r, std::uint32_t k) {
    T* d = at(r.loc);
    d[k] = d[r.size() - 1];
    --r.packed;
  }
  void truncate(Ref& r, std::uint32_t size) { r.packed = (r.packed & ~kSizeMask) | size; }
  void reserve(Ref& r, std::uint32_t size) {
    if (size > capacity(r)) grow(r, size);
  }
  /// Gives the block back when the list is empty, or moves it to a smaller class when it uses
  /// less than a third of its capacity.
  void shrinkToFit(Ref& r) {
    if (r.cls() == kNoClass) return;
    if (r.size() == 0) {
      release(r);
      return;
    }
    if (r.cls() < 3 || r.size() * 3 > capacityOf(r.cls())) return;
    const std::uint32_t c = classFor(r.size() + r.size() / 4 + 1);
    if (c >= r.cls()) return;
    const std::uint32_t loc = allocate(c);
    std::memcpy(static_cast<void*>(at(loc)), at(r.loc), r.size() * sizeof(T));
    deallocate(r.loc, r.cls());
    r.loc = loc;
    r.packed = r.size() | c << kSizeBits;
  }
  void release(Ref& r) {
    if (r.cls() != kNoClass) deallocate(r.loc, r.cls());
    r = Ref{};
  }

  /// Heap bytes held (pages and the page table).
  std::size_t memoryBytes() const {
    std::size_t entries = 0;
    for (const auto& c : chunks_) entries += c.entries;
    return entries * sizeof(T) + slots_.capacity() * sizeof(T*) + chunks_.capacity() * sizeof(Chunk);
  }

 private:
  static constexpr std::uint32_t kSizeBits = 26;
  static constexpr std::uint32_t kSizeMask = (1u << kSizeBits) - 1;
  static constexpr std::uint32_t kNoClass = 63;
  static constexpr std::uint32_t kPageBits = 12;
  static constexpr std::uint32_t kPage = 1u << kPageBits;
  static constexpr std::uint32_t kNil = 0xffffffffu;
  static constexpr std::uint32_t kClasses = 48;

  // Capacities 4, 6, 8, 12, 16, 24, ...: class 2k holds 4·2^k entries, class 2k+1 6·2^k.
  static std::uint32_t capacityOf(std::uint32_t c) { return (c % 2 ? 6u : 4u) << (c / 2); }
  static std::uint32_t classFor(std::uint32_t size) {
    std::uint32_t c = 0;
    while (capacityOf(c) < size) ++c;
    if (c >= kClasses) throw std::length_error("kinetic list pool: list too long");
    return c;
  }

  T* at(std::uint32_t loc) { return slots_[loc >> kPageBits] + (loc & (kPage - 1)); }
  const T* at(std::uint32_t loc) const { return slots_[loc >> kPageBits] + (loc & (kPage - 1)); }

  void grow(Ref& r, std::uint32_t need) {
    const std::uint32_t c = classFor(need);
    const std::uint32_t loc = allocate(c);
    if (r.cls() != kNoClass) {
      std::memcpy(static_cast<void*>(at(loc)), at(r.loc), r.size() * sizeof(T));
      deallocate(r.loc, r.cls());
    }
    r.loc = loc;
    r.packed = r.size() | c << kSizeBits;
  }

  std::uint32_t allocate(std::uint32_t c) {
    if (free_[c] != kNil) {
      const std::uint32_t loc = free_[c];
      std::memcpy(&free_[c], at(loc), sizeof(std::uint32_t));
      return loc;
    }
    const std::uint32_t cap = capacityOf(c);
    if (cap > kPage) return newChunk((cap + kPage - 1) / kPage);
    if (bumpEnd_ - bumpLoc_ < cap) {
      // Hand the rest of the page to the free lists, largest classes first, then open a page.
      std::uint32_t rest = bumpEnd_ - bumpLoc_;
      for (std::uint32_t k = kClasses; k-- > 0 && rest >= capacityOf(0);) {
        while (capacityOf(k) <= rest) {
          deallocate(bumpLoc_, k);
          bumpLoc_ += capacityOf(k);
          rest -= capacityOf(k);
        }
      }
      bumpLoc_ = newChunk(1);
      bumpEnd_ = bumpLoc_ + kPage;
    }
    const std::uint32_t loc = bumpLoc_;
    bumpLoc_ += cap;
    return loc;
  }
  void deallocate(std::uint32_t loc, std::uint32_t c) {
    std::memcpy(at(loc), &free_[c], sizeof(std::uint32_t));
    free_[c] = loc;
  }
  // A chunk of `pages` consecutive page slots; returns the location of its first entry.
  std::uint32_t newChunk(std::uint32_t pages) {
    if ((slots_.size() + pages) >= (std::size_t{1} << (32 - kPageBits)))
      throw std::length_error("kinetic list pool: out of locations");
    Chunk chunk{std::make_unique_for_overwrite<T[]>(std::size_t{pages} * kPage), std::size_t{pages} * kPage};
    const auto first = static_cast<std::uint32_t>(slots_.size());
    for (std::uint32_t k = 0; k < pages; ++k) slots_.push_back(chunk.memory.get() + std::size_t{k} * kPage);
    chunks_.push_back(std::move(chunk));
    return first << kPageBits;
  }

  struct Chunk {
    std::unique_ptr<T[]> memory;
    std::size_t entries;
  };
  std::vector<T*> slots_;       // page slot → its entries
  std::vector<Chunk> chunks_;   // owned memory
  std::uint32_t free_[kClasses] = {kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil,
                                   kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil,
                                   kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil,
                                   kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil, kNil};
  std::uint32_t bumpLoc_ = 0, bumpEnd_ = 0;
};

}  // namespace steer::environment::kinetic
