#pragma once
/// @file The bin-lattice spatial subdivision of Reynolds, "Interaction with Groups of
/// Autonomous Characters" (GDC 2000), section "Locality Queries": an axis-aligned box
/// cut into equal bins, each bin the head of an intrusive doubly linked list of proxies, so
/// that moving an object to another bin costs O(1) whatever the bin's population, and a
/// locality query (a sphere) visits only the bins that overlap its bounding box.
///
/// Objects are identified by dense indices 0..capacity−1 chosen by the caller (agent ids).
/// Positions outside the box are kept in the nearest border bin, so queries stay exact for
/// objects anywhere in space (they just get slower far outside the box).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "steer/geometry/vec.hpp"

namespace steer::environment {

class BinLattice {
 public:
  using Id = std::uint32_t;
  static constexpr std::int32_t kAbsent = -1;

  /// An empty lattice over the box [min, max] with `divisions` bins along x, y, z (each ≥ 1;
  /// use 1 along z in 2D).
  BinLattice(const geometry::Vec3& min, const geometry::Vec3& max, std::array<int, 3> divisions);
  BinLattice() : BinLattice(geometry::Vec3::Zero(), geometry::Vec3::Ones(), {1, 1, 1}) {}

  /// Divisions for bins of about `binSize` (m, > 0) over [min, max] in `dimension` (2 or 3)
  /// axes, capped so that the lattice has at most `maxBins` bins.
  static std::array<int, 3> divisionsFor(const geometry::Vec3& min, const geometry::Vec3& max, double binSize,
                                         int dimension, std::size_t maxBins = std::size_t{1} << 22);

  /// Makes room for ids below `capacity`.
  void reserve(std::size_t capacity);
  /// Adds object `id` (not yet present) at `p`. O(1).
  void insert(Id id, const geometry::Vec3& p);
  /// Updates the position of a present object; re-links it only when its bin changed. O(1).
  void move(Id id, const geometry::Vec3& p);
  /// Removes a present object. O(1).
  void remove(Id id);
  /// Removes every object.
  void clear();

  bool contains(Id id) const { return id < bin_.size() && bin_[id] != kAbsent; }
  const geometry::Vec3& position(Id id) const { return position_[id]; }
  std::size_t size() const { return count_; }
  std::size_t binCount() const { return head_.size(); }
  const std::array<int, 3>& divisions() const { return n_; }
  /// The first object of bin `bin` (kAbsent when empty) and the object after `id` in its bin:
  /// walking every bin's list in bin order lays the objects out sorted by bin.
  std::int32_t first(std::size_t bin) const { return head_[bin]; }
  std::int32_t next(Id id) const { return next_[id]; }
  /// Number of bin changes done by move() since construction (for tests of O(1) re-binning).
  std::uint64_t rebinCount() const { return rebins_; }

  /// The bin coordinate of x along axis k, clamped to the lattice. Monotone in x.
  int coordinate(int k, double x) const {
    const double c = std::floor((x - min_[k]) * inverseWidth_[k]);
    if (!(c > 0.0)) return 0;  // also catches NaN
    return c >= n_[k] - 1 ? n_[k] - 1 : static_cast<int>(c);
  }
  std::int32_t binOf(const geometry::Vec3& p) const {
    return static_cast<std::int32_t>((coordinate(2, p.z()) * n_[1] + coordinate(1, p.y())) * n_[0] +
                                     coordinate(0, p.x()));
  }

  /// Calls f(id, position) for every object in the bins that overlap the box [lo, hi]: a
  /// superset of the objects inside it.
  template <typename F>
  void forEachInBins(const geometry::Vec3& lo, const geometry::Vec3& hi, F&& f) const {
    const int x0 = coordinate(0, lo.x()), x1 = coordinate(0, hi.x());
    const int y0 = coordinate(1, lo.y()), y1 = coordinate(1, hi.y());
    const int z0 = coordinate(2, lo.z()), z1 = coordinate(2, hi.z());
    for (int z = z0; z <= z1; ++z)
      for (int y = y0; y <= y1; ++y) {
        const std::int32_t row = (z * n_[1] + y) * n_[0];
        for (int x = x0; x <= x1; ++x)
          for (std::int32_t i = head_[row + x]; i != kAbsent; i = next_[i]) f(static_cast<Id>(i), position_[i]);
      }
  }

  /// Calls f(id, position) for every object p with |p − center| ≤ radius (the Reynolds
  /// locality query), the distance in 3D (2D worlds keep z = 0).
  template <typename F>
  void forEachWithin(const geometry::Vec3& center, double radius, F&& f) const {
    const geometry::Vec3 r = geometry::Vec3::Constant(radius);
    forEachInBins(center - r, center + r, [&](Id id, const geometry::Vec3& p) {
      if ((p - center).norm() <= radius) f(id, p);
    });
  }

  /// The ids within `radius` of `center`, appended to `out` in bin order (not sorted).
  void queryWithin(const geometry::Vec3& center, double radius, std::vector<Id>& out) const {
    forEachWithin(center, radius, [&](Id id, const geometry::Vec3&) { out.push_back(id); });
  }

 private:
  void link(Id id, std::int32_t bin);
  void unlink(Id id);

  geometry::Vec3 min_;
  std::array<double, 3> inverseWidth_{};
  std::array<int, 3> n_{};
  std::vector<std::int32_t> head_;  ///< first proxy of each bin
  // Proxies, indexed by id (structure of arrays).
  std::vector<geometry::Vec3> position_;
  std::vector<std::int32_t> bin_;  ///< kAbsent when the id is not in the lattice
  std::vector<std::int32_t> next_;
  std::vector<std::int32_t> prev_;
  std::size_t count_ = 0;
  std::uint64_t rebins_ = 0;
};

}  // namespace steer::environment
