// The kinetic provider's clock (layers/environment/src/kinetic_clock.hpp): due times stored as
// float offsets and as 16-bit ticks are never later than the time they stand for, so a
// certificate is looked at no later than it could fail, also across the moves of the epoch and
// of the tick base.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "kinetic_clock.hpp"

using namespace steer::environment::kinetic;

TEST(KineticClock, StoredDueTimesAreNeverLate) {
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> advance(0.0, 0.2), budget(0.0, 50.0);
  MotionClock clock;
  TickScale ticks;
  struct Cert {
    double due;  // absolute clock time
    float offset;
    Tick tick;
  };
  std::vector<Cert> certs;
  int looked = 0;
  for (int step = 0; step < 20000; ++step) {
    const double a = step % 997 == 0 ? 0.0 : advance(rng);  // some steps without motion
    if (clock.wantsRebase()) {
      const double shift = clock.rebaseShift();
      for (auto& c : certs) c.offset = MotionClock::shifted(c.offset, shift);
      ticks.shiftEpoch(shift);
      clock.rebase();
    }
    clock.begin(a);
    const double endOffset = clock.endOffset();
    ticks.calibrate(endOffset - a, a);
    if (ticks.wantsRebase(endOffset))
      ticks.rebase(endOffset - a, a, [&](auto&& f) {
        for (auto& c : certs) c.tick = f(c.tick);
      });
    const Tick now = ticks.now(endOffset);
    for (auto& c : certs) {
      const bool dueNow = c.due <= clock.end();
      if (dueNow) {
        // Whatever the representation, it says "look now" by the time the certificate is due.
        EXPECT_TRUE(clock.isDue(c.offset)) << "step " << step;
        EXPECT_LE(c.tick, now) << "step " << step;
        ++looked;
      }
      if (clock.isDue(c.offset) || dueNow) {  // looked at: schedule again
        c.due = clock.end() + budget(rng);
        c.offset = clock.dueAfter(c.due - clock.end());
        c.tick = ticks.toTick(c.offset);
      }
    }
    if (certs.size() < 200) {
      const double b = budget(rng);
      certs.push_back({clock.end() + b, clock.dueAfter(b), ticks.toTick(clock.dueAfter(b))});
    }
    clock.finish();
  }
  EXPECT_GT(looked, 10000);
}

// The clock never runs slower than the motion: a step's end is at least its advance past its
// start, also when the clock has grown far beyond the advance (an agent that exceeded its speed
// bound by 15 orders of magnitude moved it by 1e15 in one step). Rounded to nearest, the next
// step's 0.015 was lost (ulp(1e15) = 0.125): end == start, a step without motion.
TEST(KineticClock, AnAdvanceIsNeverLostToTheClocksResolution) {
  MotionClock clock;
  clock.begin(1e15);
  EXPECT_GE(clock.end(), 1e15);
  clock.finish();
  for (const double a : {0.015, 1e-300, 0.0625, 0.2}) {
    clock.begin(a);
    // Rounding is monotonic: if the true end is at least start + a, the computed difference is
    // at least a (a double).
    EXPECT_GE(clock.end() - clock.start(), a) << a;
    EXPECT_GT(clock.endOffset(), clock.start()) << a;
    clock.finish();
  }
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> exponent(-30.0, 30.0);
  MotionClock random;
  for (int step = 0; step < 100000; ++step) {
    const double a = std::pow(2.0, exponent(rng));
    const double start = random.start();
    random.begin(a);
    ASSERT_GE(random.end() - start, a) << "step " << step;
    random.finish();
  }
  // A step without motion does not advance it.
  const double before = clock.start();
  clock.begin(0.0);
  EXPECT_EQ(clock.end(), before);
}

TEST(KineticClock, TicksRoundTowardsThePast) {
  TickScale ticks;
  EXPECT_EQ(ticks.toTick(5.0f), kTickNow);  // not calibrated: look at once
  ticks.calibrate(0.0, 1.6);                // 0.1 per tick
  EXPECT_EQ(ticks.toTick(kNever), kTickNever);
  EXPECT_EQ(ticks.toTick(kNow), kTickNow);
  for (double t = 0.0; t < 100.0; t += 0.0137) EXPECT_LE(ticks.toTick(static_cast<float>(t)) * 0.1, t + 1e-6);
  EXPECT_EQ(ticks.toTick(1e9f), kTickMax);  // beyond the range: looked at early, never late
}
