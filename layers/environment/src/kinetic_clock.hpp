#pragma once
// The motion clock of the kinetic structure and the due times read from it.
//
// Every certificate (in-circle, orientation, near-set distance, visibility, obstacle piece) is
// looked at again only when it could have failed. Its next check is a time on the motion clock,
// which advances in each step by max_i |Δp_i| / maxSpeed_i: whatever the true speeds, every agent
// i then moved at most maxSpeed_i × (clock advance), so a certificate whose margin needs the
// points to move m (m) before it can fail is safe for m / (sum of their speed bounds) of clock.
// A step without motion does not advance the clock and looks at no certificate.
//
// Due times are stored as floats (4 bytes: there are tens of them per agent), as offsets from an
// epoch that moves forward every few thousand steps so that the offsets stay small and precise.
// Conversion rounds towards the past: a certificate may be looked at a little early, never late.
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace steer::environment::kinetic {

inline constexpr float kNever = std::numeric_limits<float>::infinity();  // cannot fail
inline constexpr float kNow = -std::numeric_limits<float>::infinity();   // look at it this step

class MotionClock {
 public:
  /// Steps (with motion) between two moves of the epoch: offsets then stay below a few thousand
  /// typical advances, where a float resolves a thousandth of one.
  static constexpr std::uint32_t kRebaseSteps = 4096;

  void reset() { start_ = end_ = epoch_ = 0.0; steps_ = 0; }
  /// Begins a step in which the clock advances by `advance` (≥ 0), or by a little more.
  void begin(double advance) {
    // Rounded up, so that the clock never runs slower than the motion: rounded to nearest, an
    // advance far below the clock's resolution (after a huge one, from an agent that exceeded
    // its speed bound many times over) was lost entirely, end_ == start_ read as a step without
    // motion, and no certificate was looked at while agents moved.
    end_ = advance > 0.0 ? std::nextafter(start_ + advance, std::numeric_limits<double>::infinity()) : start_;
    endOffset_ = end_ - epoch_;
  }
  /// Ends the step: the end positions become the start of the next one.
  void finish() {
    if (end_ > start_) ++steps_;
    start_ = end_;
  }
  /// True when the epoch should move to start() before this step's certificates are looked at
  /// (every stored due time must then be shifted by rebaseShift()).
  bool wantsRebase() const { return steps_ >= kRebaseSteps; }
  double rebaseShift() const { return start_ - epoch_; }
  void rebase() {
    epoch_ = start_;
    endOffset_ = end_ - epoch_;
    steps_ = 0;
  }

  double start() const { return start_; }
  double end() const { return end_; }
  /// The due time `budget` of clock after the end of this step, as a stored offset.
  float dueAfter(double budget) const { return offset(end_ + budget); }
  /// Whether a certificate due at `due` must be looked at in this step.
  bool isDue(float due) const { return static_cast<double>(due) <= endOffset_; }
  /// The end of this step as an offset (for calendars keyed by offsets).
  double endOffset() const { return endOffset_; }

  /// A stored offset moved to the new epoch (rounded towards the past).
  static float shifted(float due, double shift) {
    if (!std::isfinite(due)) return due;
    return roundDown(static_cast<double>(due) - shift);
  }

 private:
  float offset(double t) const {
    if (!(t < std::numeric_limits<double>::infinity())) return kNever;
    return roundDown(t - epoch_);
  }
  static float roundDown(double x) {
    float f = static_cast<float>(x);
    if (static_cast<double>(f) > x) {  // one float step towards −∞ (finite f: x is finite)
      if (f == 0.0f) return -std::numeric_limits<float>::denorm_min();
      std::uint32_t bits = std::bit_cast<std::uint32_t>(f);
      bits = f > 0.0f ? bits - 1 : bits + 1;
      f = std::bit_cast<float>(bits);
    }
    return f;
  }

  double start_ = 0.0, end_ = 0.0, epoch_ = 0.0, endOffset_ = 0.0;
  std::uint32_t steps_ = 0;
};

}  // namespace steer::environment::kinetic

namespace steer::environment::kinetic {

/// Due times in 16 bits, for the tens of per-pair certificates every agent holds: whole ticks of
/// one length from a base on the clock (both in the offsets above), rounded towards the past.
/// kTickNow: look at it in the next step; kTickNever: no certificate. When the present passes the
/// middle of the range the base moves forward, and the tick doubles if a step spans many ticks.
using Tick = std::uint16_t;
inline constexpr Tick kTickNow = 0;
inline constexpr Tick kTickMax = 0xfffe;
inline constexpr Tick kTickNever = 0xffff;

class TickScale {
 public:
  void reset() {
    base_ = 0.0;
    size_ = inverse_ = 0.0;
  }
  /// The first step with motion sets the tick to a sixteenth of its clock advance (a step is
  /// then about 16 ticks; the range spans about 4,000 steps).
  void calibrate(double start, double advance) {
    if (size_ > 0.0 || !(advance > 0.0)) return;
    size_ = advance / 16.0;
    inverse_ = 1.0 / size_;
    base_ = start;
  }
  Tick toTick(float offset) const {
    if (offset == kNever) return kTickNever;
    if (!(size_ > 0.0) || !(offset > kNow)) return kTickNow;  // not calibrated yet: look again
    return ticks(static_cast<double>(offset));
  }
  /// The tick of a clock offset given in double (rounded towards the past).
  Tick ticks(double offset) const {
    // A product instead of a quotient (this runs for every pair looked at): off by an ulp or
    // two of t, i.e. a relative 1e-16 of the time, far inside the 0.1 % slack of the margins.
    const double t = (offset - base_) * inverse_;
    // Truncation is the floor for t > 0.
    return !(t > 1.0) ? kTickNow : t >= kTickMax ? kTickMax : static_cast<Tick>(t);
  }
  /// The last tick that has begun by clock offset `end` (due ticks ≤ it are looked at).
  Tick now(double end) const {
    if (!(size_ > 0.0)) return kTickNow;
    const double t = std::floor((end - base_) / size_);
    return t <= 0.0 ? kTickNow : t >= kTickMax ? kTickMax : static_cast<Tick>(t);
  }
  bool calibrated() const { return size_ > 0.0; }
  /// Whether the ticks of `end` passed the middle of the range: then call rebase().
  bool wantsRebase(double end) const { return size_ > 0.0 && (end - base_) / size_ > 0x8000; }
  /// Moves the base to `start` and doubles the tick until a step of `advance` spans at most 64;
  /// `shift(f)` must apply f to every stored tick.
  template <class ForEachTick>
  void rebase(double start, double advance, ForEachTick&& forEachTick) {
    const double oldBase = base_, oldSize = size_;
    double size = size_;
    while (advance / size > 64.0) size *= 2.0;
    base_ = start;
    size_ = size;
    inverse_ = 1.0 / size_;
    forEachTick([&](Tick t) -> Tick {
      if (t == kTickNever) return t;
      const double at = std::floor((oldBase + t * oldSize - base_) / size_);
      return at <= 0.0 ? kTickNow : at >= kTickMax ? kTickMax : static_cast<Tick>(at);
    });
  }
  /// The clock's epoch moved by `shift` (offsets decrease by it).
  void shiftEpoch(double shift) { base_ -= shift; }
  /// A step of `clock` begins (after its begin()): calibrates on the first step with motion,
  /// rebases when due (`forEachTick` as for rebase()), and returns the step's end tick (due
  /// ticks ≤ it are looked at).
  template <class ForEachTick>
  Tick beginStep(const MotionClock& clock, ForEachTick&& forEachTick) {
    const double advance = clock.end() - clock.start(), from = clock.endOffset() - advance;
    calibrate(from, advance);
    if (wantsRebase(clock.endOffset())) rebase(from, advance, forEachTick);
    return now(clock.endOffset());
  }

 private:
  double base_ = 0.0, size_ = 0.0, inverse_ = 0.0;
};

}  // namespace steer::environment::kinetic
