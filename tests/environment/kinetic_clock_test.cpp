// The kinetic provider's clock (layers/environment/src/kinetic_clock.hpp): due times stored as
// float offsets and as 16-bit ticks are never later than the time they stand for, so a
// certificate is looked at no later than it could fail, also across the moves of the epoch and
// of the tick base.
#include <gtest/gtest.h>

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

TEST(KineticClock, TicksRoundTowardsThePast) {
  TickScale ticks;
  EXPECT_EQ(ticks.toTick(5.0f), kTickNow);  // not calibrated: look at once
  ticks.calibrate(0.0, 1.6);                // 0.1 per tick
  EXPECT_EQ(ticks.toTick(kNever), kTickNever);
  EXPECT_EQ(ticks.toTick(kNow), kTickNow);
  for (double t = 0.0; t < 100.0; t += 0.0137) EXPECT_LE(ticks.toTick(static_cast<float>(t)) * 0.1, t + 1e-6);
  EXPECT_EQ(ticks.toTick(1e9f), kTickMax);  // beyond the range: looked at early, never late
}
