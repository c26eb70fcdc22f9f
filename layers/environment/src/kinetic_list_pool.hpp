#pragma once
// Many short variable-length lists (one or a few per agent) in shared pages. A std::vector per
// list costs a 24-byte header, a malloc chunk header and up to 100 % growth slack; with ~100,000
// agents holding three lists each that was a third of the kinetic structure's memory. Here a list
// is an 8-byte Ref into pages of 1,024 entries, and capacities come in four classes per octave
// (4, 5, 6, 7, 8, 10, 12, 14, 16, 20, ...: at most 25 % slack).
//
// Blocks are only ever taken at the end (a bump pointer into the newest page); a page counts the
// entries of its live blocks and is given back as soon as that count drops to zero. The owner
// keeps the lists in the order it visits them by moving each list to the end as it visits it
// (moveToEnd): pages then hold the lists of consecutive owners, a visit in that order reads
// memory in order, and the pages left behind empty out and are given back as the visit passes.
// When holes (blocks moved away from pages that still hold others) add up to a sixteenth of the
// pages, compact() slides every block down over them. Lists longer than a page get a block of
// consecutive page slots of their own.
//
// Pointers into the pool stay valid until the next call that allocates or frees a block
// (push_back, insertAt, reserve, shrinkToFit, moveToEnd, release, compact): callers re-read data()
// after those. T must be trivially copyable.
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
  static_assert(std::is_trivially_copyable_v<T>);

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
    spare_.clear();
    bumpLoc_ = bumpEnd_ = 0;
    bumpSlot_ = kNil;
    pages_ = 0;
    live_ = 0;
  }

  T* data(const Ref& r) { return r.cls() == kNoClass ? nullptr : at(r.loc); }
  const T* data(const Ref& r) const { return r.cls() == kNoClass ? nullptr : at(r.loc); }
  std::span<T> view(const Ref& r) { return {data(r), r.size()}; }
  std::span<const T> view(const Ref& r) const { return {data(r), r.size()}; }
  static std::uint32_t capacity(const Ref& r) { return r.cls() == kNoClass ? 0 : capacityOf(r.cls()); }

  void push_back(Ref& r, const T& v) {
    if (r.size() == capacity(r)) move(r, classFor(r.size() + 1));
    at(r.loc)[r.size()] = v;
    ++r.packed;
  }
  /// Inserts v at index k (0 ≤ k ≤ size), shifting the tail up.
  void insertAt(Ref& r, std::uint32_t k, const T& v) {
    if (r.size() == capacity(r)) move(r, classFor(r.size() + 1));
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
    if (size > capacity(r)) move(r, classFor(size));
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
    if (c < r.cls()) move(r, c);
  }
  /// Moves the list to the end of the pool (unless it is the last block already).
  void moveToEnd(Ref& r) {
    if (r.cls() == kNoClass || capacityOf(r.cls()) > kPage) return;
    if (isLast(r)) return;
    move(r, r.cls());
  }
  void release(Ref& r) {
    if (r.cls() != kNoClass) deallocate(r.loc, capacityOf(r.cls()));
    r = Ref{};
  }

  /// Whether holes hold more than 1/share of the pages (a sixteenth unless told), and more than a
  /// few pages (then compact()). The free end of the bump page is not a hole: compact() cannot
  /// give it back (counted, a pool of 5-8 pages asked for compaction again right after one, and
  /// a step of ~100-300 agents compacted after every agent).
  bool wantsCompaction(std::size_t share = 16) const {
    const std::size_t held = std::size_t{pages_} * kPage;
    const std::size_t tail = bumpSlot_ == kNil ? 0 : bumpEnd_ - bumpLoc_;
    return pages_ > 4 && (held - live_ - tail) * share > held;
  }
  /// Slides every block of a single page down over the holes, in location order, so that the
  /// pages end full and the emptied ones are given back. `forEachRef(f)` must call f(Ref&) for
  /// every list of the pool.
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
      if (slots_[k].memory != nullptr && slots_[k].span == 1) pages.push_back(k);
    for (std::uint32_t k : pages) slots_[k].live = 0;
    std::size_t page = 0;
    std::uint32_t offset = 0;
    for (Ref* r : refs) {
      const std::uint32_t cap = capacityOf(r->cls());
      if (offset + cap > kPage) {
        ++page;
        offset = 0;
      }
      const std::uint32_t loc = (pages[page] << kPageBits) + offset;
      if (loc != r->loc) std::memmove(static_cast<void*>(at(loc)), at(r->loc), r->size() * sizeof(T));
      r->loc = loc;
      slots_[pages[page]].live += cap;
      offset += cap;
    }
    // The page being filled becomes the bump page; the pages after it are given back.
    const std::size_t used = refs.empty() ? 0 : page + 1;
    if (used > 0) {
      bumpSlot_ = pages[page];
      bumpLoc_ = (pages[page] << kPageBits) + offset;  // may equal bumpEnd_: the page is full
      bumpEnd_ = (pages[page] << kPageBits) + kPage;
    } else {
      bumpSlot_ = kNil;
      bumpLoc_ = bumpEnd_ = 0;
    }
    for (std::size_t k = used; k < pages.size(); ++k) releaseSlots(pages[k]);
  }

  /// Heap bytes held (pages and the page table).
  std::size_t memoryBytes() const {
    std::size_t entries = 0;
    for (const auto& s : slots_)
      if (s.memory != nullptr) entries += std::size_t{s.span} * kPage;
    return entries * sizeof(T) + slots_.capacity() * sizeof(Slot) + spare_.capacity() * sizeof(std::uint32_t);
  }

 private:
  static constexpr std::uint32_t kSizeBits = 25;
  static constexpr std::uint32_t kSizeMask = (1u << kSizeBits) - 1;
  static constexpr std::uint32_t kNoClass = 127;
  static constexpr std::uint32_t kPageBits = 10;
  static constexpr std::uint32_t kPage = 1u << kPageBits;
  static constexpr std::uint32_t kNil = 0xffffffffu;
  static constexpr std::uint32_t kClasses = 4 * 22;

  // A page slot. A block longer than a page takes `span` consecutive slots of one allocation,
  // owned (memory, live count) by the first; the others point into it (`base` = the first).
  struct Slot {
    std::unique_ptr<T[]> memory;  // owned allocation (first slot only)
    T* entries = nullptr;         // this slot's entries
    std::uint32_t base = 0;       // first slot of the allocation
    std::uint32_t span = 0;       // slots in the allocation (first slot only; 0: given back)
    std::uint32_t live = 0;       // entries of live blocks (first slot only)
  };

  // Capacities (4 + c mod 4) · 2^(c / 4): 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, ...
  static std::uint32_t capacityOf(std::uint32_t c) { return (4u + c % 4) << (c / 4); }
  static std::uint32_t classFor(std::uint32_t size) {
    std::uint32_t c = 0;
    while (capacityOf(c) < size) ++c;
    if (c >= kClasses) throw std::length_error("kinetic list pool: list too long");
    return c;
  }

  // Whether the list's block is the last one taken from the bump page.
  bool isLast(const Ref& r) const {
    return bumpSlot_ != kNil && capacityOf(r.cls()) <= kPage && r.loc + capacityOf(r.cls()) == bumpLoc_ &&
           (r.loc >> kPageBits) == bumpSlot_;
  }

  T* at(std::uint32_t loc) { return slots_[loc >> kPageBits].entries + (loc & (kPage - 1)); }
  const T* at(std::uint32_t loc) const { return slots_[loc >> kPageBits].entries + (loc & (kPage - 1)); }

  // Moves the list into a new block of class c (at the end), keeping its entries. The last block
  // of the bump page grows or shrinks in place instead (when the page has room): a list being
  // built entry by entry, or just moved to the end, then leaves no hole behind (reset() builds
  // every list that way; the holes used to triple the heap until the first compaction).
  void move(Ref& r, std::uint32_t c) {
    if (r.cls() != kNoClass && isLast(r)) {
      const std::uint32_t oldCap = capacityOf(r.cls()), newCap = capacityOf(c);
      if (newCap <= bumpEnd_ - r.loc) {
        bumpLoc_ = r.loc + newCap;
        slots_[bumpSlot_].live = slots_[bumpSlot_].live - oldCap + newCap;
        live_ = live_ - oldCap + newCap;
        r.packed = r.size() | c << kSizeBits;
        return;
      }
    }
    const std::uint32_t loc = allocate(capacityOf(c));
    if (r.cls() != kNoClass) {
      std::memcpy(static_cast<void*>(at(loc)), at(r.loc), r.size() * sizeof(T));
      deallocate(r.loc, capacityOf(r.cls()));
    }
    r.loc = loc;
    r.packed = r.size() | c << kSizeBits;
  }

  std::uint32_t allocate(std::uint32_t cap) {
    if (cap > kPage) {
      const std::uint32_t first = newSlots((cap + kPage - 1) / kPage);
      slots_[first].live = cap;
      return first << kPageBits;
    }
    if (bumpEnd_ - bumpLoc_ < cap) {
      const std::uint32_t old = bumpSlot_;
      bumpSlot_ = newSlots(1);
      bumpLoc_ = bumpSlot_ << kPageBits;
      bumpEnd_ = bumpLoc_ + kPage;
      if (old != kNil && slots_[old].live == 0) releaseSlots(old);
    }
    const std::uint32_t loc = bumpLoc_;
    bumpLoc_ += cap;
    slots_[bumpSlot_].live += cap;
    live_ += cap;
    return loc;
  }
  void deallocate(std::uint32_t loc, std::uint32_t cap) {
    const std::uint32_t slot = slots_[loc >> kPageBits].base;
    Slot& s = slots_[slot];
    s.live -= cap;
    if (s.span == 1) live_ -= cap;
    if (s.live == 0 && slot != bumpSlot_) releaseSlots(slot);
  }
  // An allocation of `span` consecutive slots; returns the first. A single page reuses a slot
  // given back earlier.
  std::uint32_t newSlots(std::uint32_t span) {
    auto memory = std::make_unique_for_overwrite<T[]>(std::size_t{span} * kPage);
    std::uint32_t first;
    if (span == 1 && !spare_.empty()) {
      first = spare_.back();
      spare_.pop_back();
    } else {
      if (slots_.size() + span >= (std::size_t{1} << (32 - kPageBits)))
        throw std::length_error("kinetic list pool: out of locations");
      first = static_cast<std::uint32_t>(slots_.size());
      slots_.resize(slots_.size() + span);
    }
    for (std::uint32_t k = 0; k < span; ++k) {
      slots_[first + k].entries = memory.get() + std::size_t{k} * kPage;
      slots_[first + k].base = first;
    }
    slots_[first].memory = std::move(memory);
    slots_[first].span = span;
    slots_[first].live = 0;
    if (span == 1) ++pages_;
    return first;
  }
  void releaseSlots(std::uint32_t first) {
    Slot& s = slots_[first];
    const std::uint32_t span = s.span;
    if (span == 1) {
      --pages_;
      live_ -= s.live;
    }
    s.memory.reset();
    s.span = 0;
    s.live = 0;
    for (std::uint32_t k = 0; k < span; ++k) {
      slots_[first + k].entries = nullptr;
      slots_[first + k].base = first + k;
      spare_.push_back(first + k);  // each comes back as a single page
    }
    if (first == bumpSlot_) {
      bumpSlot_ = kNil;
      bumpLoc_ = bumpEnd_ = 0;
    }
  }

  std::vector<Slot> slots_;
  std::vector<std::uint32_t> spare_;  // slots given back
  std::uint32_t bumpLoc_ = 0, bumpEnd_ = 0, bumpSlot_ = kNil;
  std::uint32_t pages_ = 0;  // single pages held
  std::size_t live_ = 0;     // entries of live blocks in single pages
};

}  // namespace steer::environment::kinetic
