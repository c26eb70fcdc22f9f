#pragma once
// Many short variable-length lists (one or a few per agent) in shared pages. A std::vector per
// list costs a 24-byte header, a malloc chunk header and up to 100 % growth slack; with ~100,000
// agents holding three lists each that was a third of the kinetic structure's memory. Here a list
// is an 8-byte Ref into pages of 1,024 entries, capacities come in four classes per octave (4, 5,
// 6, 7, 8, 10, 12, 14, 16, 20, ...: at most 25 % slack), freed blocks are reused by size class,
// and when freed blocks add up to an eighth of the pages, compact() slides every block down over
// them. Lists longer than a page get a block of consecutive page slots of their own.
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

  ListPool() { std::fill(std::begin(free_), std::end(free_), kNil); }

  void clear() {
    slots_.clear();
    pageOwner_.clear();
    pageSpan_.clear();
    pages_ = 0;
    chunks_.clear();
    spare_.clear();
    std::fill(std::begin(free_), std::end(free_), kNil);
    bumpLoc_ = bumpEnd_ = 0;
    freeEntries_ = 0;
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
  /// Gives the block back when the list is empty, or moves it to a smaller class when more than
  /// a fifth of its capacity is unused.
  void shrinkToFit(Ref& r) {
    if (r.cls() == kNoClass) return;
    if (r.size() == 0) {
      release(r);
      return;
    }
    if (r.size() * 5 >= capacityOf(r.cls()) * 4) return;
    const std::uint32_t c = classFor(r.size() + r.size() / 16 + 1);
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

  /// Whether freed blocks hold more than an eighth of the pages (then compact()).
  bool wantsCompaction() const { return freeEntries_ * 8 > std::size_t{pages_} * kPage; }
  /// Slides every block of a page down over the freed ones, in location order, so that the
  /// pages end full and the emptied ones are given back. `forEachRef(f)` must call f(Ref&) for
  /// every list of the pool. Pointers into the pool are invalid afterwards.
  template <class ForEachRef>
  void compact(ForEachRef&& forEachRef) {
    std::vector<Ref*> refs;
    forEachRef([&](Ref& r) {
      if (r.cls() != kNoClass && capacityOf(r.cls()) <= kPage) refs.push_back(&r);
    });
    std::sort(refs.begin(), refs.end(), [](const Ref* a, const Ref* b) { return a->loc < b->loc; });
    // The single pages, in slot order: blocks only ever move down this sequence.
    std::vector<std::uint32_t> pages;
    for (std::uint32_t k = 0; k < slots_.size(); ++k)
      if (slots_[k] != nullptr && pageOwner_[k] == k && pageSpan_[k] == 1) pages.push_back(k);
    std::size_t page = 0;
    std::uint32_t offset = 0;
    for (Ref* r : refs) {
      const std::uint32_t cap = capacityOf(r->cls());
      if (offset + cap > kPage) {
        ++page;
        offset = 0;
      }
      const std::uint32_t loc = pages[page] << kPageBits | offset;
      if (loc != r->loc) std::memmove(static_cast<void*>(at(loc)), at(r->loc), r->size() * sizeof(T));
      r->loc = loc;
      offset += cap;
    }
    for (std::uint32_t c = 0; c < kClasses && capacityOf(c) <= kPage; ++c) free_[c] = kNil;
    freeEntries_ = 0;
    // The page being filled becomes the bump region; the pages after it are given back.
    const std::size_t used = refs.empty() ? 0 : page + 1;
    if (used > 0) {
      bumpLoc_ = (pages[page] << kPageBits) + offset;  // may equal bumpEnd_: the page is full
      bumpEnd_ = (pages[page] << kPageBits) + kPage;
    } else {
      bumpLoc_ = bumpEnd_ = 0;
    }
    for (std::size_t k = used; k < pages.size(); ++k) releasePage(pages[k]);
  }

  /// Heap bytes held (pages and the page table).
  std::size_t memoryBytes() const {
    std::size_t entries = 0;
    for (const auto& c : chunks_) entries += c.entries;
    return entries * sizeof(T) + slots_.capacity() * (sizeof(T*) + 2 * sizeof(std::uint32_t)) +
           chunks_.capacity() * sizeof(Chunk) + spare_.capacity() * sizeof(std::uint32_t);
  }

 private:
  static constexpr std::uint32_t kSizeBits = 25;
  static constexpr std::uint32_t kSizeMask = (1u << kSizeBits) - 1;
  static constexpr std::uint32_t kNoClass = 127;
  static constexpr std::uint32_t kPageBits = 10;
  static constexpr std::uint32_t kPage = 1u << kPageBits;
  static constexpr std::uint32_t kNil = 0xffffffffu;
  static constexpr std::uint32_t kClasses = 4 * 22;

  // Capacities (4 + c mod 4) · 2^(c / 4): 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, ...
  static std::uint32_t capacityOf(std::uint32_t c) { return (4u + c % 4) << (c / 4); }
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
      freeEntries_ -= capacityOf(c);
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
    if (capacityOf(c) <= kPage) freeEntries_ += capacityOf(c);
  }
  // A chunk of `pages` consecutive page slots; returns the location of its first entry. A
  // single page reuses a slot given back by compact().
  std::uint32_t newChunk(std::uint32_t pages) {
    Chunk chunk{std::make_unique_for_overwrite<T[]>(std::size_t{pages} * kPage), std::size_t{pages} * kPage};
    std::uint32_t first;
    if (pages == 1 && !spare_.empty()) {
      first = spare_.back();
      spare_.pop_back();
      slots_[first] = chunk.memory.get();
    } else {
      if ((slots_.size() + pages) >= (std::size_t{1} << (32 - kPageBits)))
        throw std::length_error("kinetic list pool: out of locations");
      first = static_cast<std::uint32_t>(slots_.size());
      for (std::uint32_t k = 0; k < pages; ++k) {
        slots_.push_back(chunk.memory.get() + std::size_t{k} * kPage);
        pageOwner_.push_back(first);
        pageSpan_.push_back(pages);
      }
    }
    if (pages == 1) ++pages_;
    chunks_.push_back(std::move(chunk));
    return first << kPageBits;
  }
  void releasePage(std::uint32_t slot) {
    T* memory = slots_[slot];
    for (std::size_t k = 0; k < chunks_.size(); ++k)
      if (chunks_[k].memory.get() == memory) {
        chunks_[k] = std::move(chunks_.back());
        chunks_.pop_back();
        break;
      }
    slots_[slot] = nullptr;
    spare_.push_back(slot);
    --pages_;
  }

  struct Chunk {
    std::unique_ptr<T[]> memory;
    std::size_t entries;
  };
  std::vector<T*> slots_;                 // page slot → its entries (nullptr: given back)
  std::vector<std::uint32_t> pageOwner_;  // page slot → first slot of its chunk
  std::vector<std::uint32_t> pageSpan_;   // page slot → pages in its chunk
  std::vector<std::uint32_t> spare_;      // single-page slots given back
  std::vector<Chunk> chunks_;             // owned memory
  std::uint32_t pages_ = 0;               // single pages held
  std::size_t freeEntries_ = 0;           // entries in freed blocks of single pages
  std::uint32_t free_[kClasses];
  std::uint32_t bumpLoc_ = 0, bumpEnd_ = 0;
};

}  // namespace steer::environment::kinetic
