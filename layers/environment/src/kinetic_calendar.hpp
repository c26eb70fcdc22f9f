#pragma once
// The certificate queue of the kinetic CDT: a calendar (bucket ring) keyed by the motion clock.
// Entries are pushed with the clock time before which their certificate cannot fail; draining
// up to a time hands back exactly the entries due by then. Entries farther ahead than the ring
// reaches wait in its last bucket and are put back when drained early, so no entry is ever
// handed out late. Push and drain are O(1) per entry (a binary heap would cost O(log n) with
// cache misses on millions of entries).
#include <cmath>
#include <cstdint>
#include <vector>

namespace steer::environment::kinetic {

template <class Entry>  // Entry has a member `due` (a clock offset, kinetic_clock.hpp)
class Calendar {
 public:
  void configure(double width, std::size_t buckets) {
    width_ = width;
    ring_.assign(buckets, {});
    current_ = 0;
    size_ = 0;
  }
  void clear() {
    for (auto& b : ring_) b.clear();
    size_ = 0;
  }
  void push(const Entry& e) {
    if (!std::isfinite(e.due)) return;  // a certificate that can never fail
    std::int64_t k = static_cast<std::int64_t>(std::floor(e.due / width_));
    const auto n = static_cast<std::int64_t>(ring_.size());
    if (k < current_) k = current_;
    if (k >= current_ + n) k = current_ + n - 1;
    ring_[static_cast<std::size_t>(k % n)].push_back(e);
    ++size_;
  }
  /// Appends to `out` every entry with due ≤ until.
  void drain(double until, std::vector<Entry>& out) {
    const auto n = static_cast<std::int64_t>(ring_.size());
    const std::int64_t last = static_cast<std::int64_t>(std::floor(until / width_));
    if (last < current_) {
      takeDue(current_, until, out);
      return;
    }
    const std::int64_t from = current_;
    const std::int64_t to = std::min(last, from + n - 1);
    scratch_.clear();
    for (std::int64_t k = from; k <= to; ++k) {
      auto& bucket = ring_[static_cast<std::size_t>(k % n)];
      scratch_.insert(scratch_.end(), bucket.begin(), bucket.end());
      size_ -= bucket.size();
      // Release, not clear: a bucket refills only when the ring comes round again, and the
      // capacity every bucket kept from its fullest turn added up to more than the live entries.
      std::vector<Entry>().swap(bucket);
    }
    current_ = last;
    for (const Entry& e : scratch_) {
      if (e.due <= until) out.push_back(e);
      else push(e);
    }
  }
  /// Applies `shift` to every entry (the clock's epoch moved) and files them again.
  template <class Shift>
  void rebase(Shift&& shift) {
    scratch_.clear();
    for (auto& b : ring_) {
      for (Entry& e : b) {
        shift(e);
        scratch_.push_back(e);
      }
      std::vector<Entry>().swap(b);
    }
    current_ = 0;
    size_ = 0;
    for (const Entry& e : scratch_) push(e);
    std::vector<Entry>().swap(scratch_);
  }
  std::size_t size() const { return size_; }
  std::size_t memoryBytes() const {
    std::size_t bytes = ring_.capacity() * sizeof(std::vector<Entry>) + scratch_.capacity() * sizeof(Entry);
    for (const auto& b : ring_) bytes += b.capacity() * sizeof(Entry);
    return bytes;
  }

 private:
  void takeDue(std::int64_t k, double until, std::vector<Entry>& out) {
    auto& bucket = ring_[static_cast<std::size_t>(k % static_cast<std::int64_t>(ring_.size()))];
    std::size_t keep = 0;
    for (const Entry& e : bucket) {
      if (e.due <= until) {
        out.push_back(e);
        --size_;
      } else {
        bucket[keep++] = e;
      }
    }
    bucket.resize(keep);
  }

  double width_ = 0.01;
  std::vector<std::vector<Entry>> ring_;
  std::vector<Entry> scratch_;
  std::int64_t current_ = 0;
  std::size_t size_ = 0;
};

}  // namespace steer::environment::kinetic
