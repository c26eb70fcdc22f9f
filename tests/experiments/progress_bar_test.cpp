// The time left that the progress bar and the log lines tell: the steps' pace so far carried to
// the end, said in the unit a reader wants, and nothing while it is too early to tell.
#include <gtest/gtest.h>

#include "progress_bar.hpp"

namespace steer::experiments {
namespace {

TEST(ProgressBar, TheTimeLeftIsTheStepsPaceCarriedToTheEnd) {
  EXPECT_DOUBLE_EQ(secondsLeft(0.25, 10.0), 30.0);
  EXPECT_DOUBLE_EQ(secondsLeft(0.5, 120.0), 120.0);
  EXPECT_DOUBLE_EQ(secondsLeft(1.0, 50.0), 0.0);
  // Too early: under 1 % done, or under 2 s of steps (the first steps' pace says little).
  EXPECT_LT(secondsLeft(0.005, 100.0), 0.0);
  EXPECT_LT(secondsLeft(0.5, 1.0), 0.0);
}

TEST(ProgressBar, TheTimeLeftIsSaidInSecondsMinutesOrHours) {
  EXPECT_EQ(leftText(-1.0), "");
  EXPECT_EQ(leftText(29.2), "about 30 s left");
  EXPECT_EQ(leftText(89.0), "about 89 s left");
  EXPECT_EQ(leftText(720.0), "about 12 min left");
  EXPECT_EQ(leftText(9000.0), "about 2.5 h left");
}

}  // namespace
}  // namespace steer::experiments
