#include "steer/environment/bin_lattice.hpp"

#include <cmath>
#include <stdexcept>

namespace steer::environment {

using geometry::Vec3;

BinLattice::BinLattice(const Vec3& min, const Vec3& max, std::array<int, 3> divisions)
    : min_(min), n_(divisions) {
  for (int k = 0; k < 3; ++k) {
    if (n_[k] < 1) throw std::invalid_argument("BinLattice: every axis needs at least one bin");
    const double width = (max[k] - min[k]) / n_[k];
    // A flat axis (2D worlds) gets one bin; its width does not matter.
    inverseWidth_[k] = width > 0.0 ? 1.0 / width : 0.0;
  }
  head_.assign(static_cast<std::size_t>(n_[0]) * n_[1] * n_[2], kAbsent);
}

std::array<int, 3> BinLattice::divisionsFor(const Vec3& min, const Vec3& max, double binSize, int dimension,
                                            std::size_t maxBins) {
  if (!(binSize > 0.0)) throw std::invalid_argument("BinLattice: bin size must be > 0");
  // An extent that overflows (bounds of ±1e308) never fits, however large the bins grow.
  for (int k = 0; k < dimension; ++k)
    if (!std::isfinite(max[k] - min[k])) throw std::invalid_argument("BinLattice: the world's extent must be finite");
  std::array<int, 3> n{1, 1, 1};
  double size = binSize;
  // Grow the bins until the lattice fits the cap (a huge world with tiny near disks).
  for (;;) {
    std::size_t total = 1;
    for (int k = 0; k < dimension; ++k) {
      const double cells = std::ceil((max[k] - min[k]) / size);
      n[k] = static_cast<int>(std::clamp(cells, 1.0, 1.0e6));
      total *= static_cast<std::size_t>(n[k]);
    }
    if (total <= maxBins) return n;
    size *= 1.5;
  }
}

void BinLattice::reserve(std::size_t capacity) {
  if (capacity <= bin_.size()) return;
  position_.resize(capacity, Vec3::Zero());
  bin_.resize(capacity, kAbsent);
  next_.resize(capacity, kAbsent);
  prev_.resize(capacity, kAbsent);
}

void BinLattice::link(Id id, std::int32_t bin) {
  const auto i = static_cast<std::int32_t>(id);
  bin_[id] = bin;
  prev_[id] = kAbsent;
  next_[id] = head_[bin];
  if (head_[bin] != kAbsent) prev_[head_[bin]] = i;
  head_[bin] = i;
}

void BinLattice::unlink(Id id) {
  const std::int32_t bin = bin_[id];
  if (prev_[id] != kAbsent)
    next_[prev_[id]] = next_[id];
  else
    head_[bin] = next_[id];
  if (next_[id] != kAbsent) prev_[next_[id]] = prev_[id];
  bin_[id] = kAbsent;
  next_[id] = prev_[id] = kAbsent;
}

void BinLattice::insert(Id id, const Vec3& p) {
  if (id >= bin_.size()) reserve(std::max<std::size_t>(id + 1, 2 * bin_.size()));
  if (bin_[id] != kAbsent) throw std::logic_error("BinLattice::insert: id already present");
  position_[id] = p;
  link(id, binOf(p));
  ++count_;
}

void BinLattice::move(Id id, const Vec3& p) {
  position_[id] = p;
  const std::int32_t bin = binOf(p);
  if (bin == bin_[id]) return;
  unlink(id);
  link(id, bin);
  ++rebins_;
}

void BinLattice::remove(Id id) {
  if (!contains(id)) return;
  unlink(id);
  --count_;
}

void BinLattice::clear() {
  std::fill(head_.begin(), head_.end(), kAbsent);
  std::fill(bin_.begin(), bin_.end(), kAbsent);
  std::fill(next_.begin(), next_.end(), kAbsent);
  std::fill(prev_.begin(), prev_.end(), kAbsent);
  count_ = 0;
}

}  // namespace steer::environment
