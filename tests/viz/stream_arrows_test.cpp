// Arrowheads along streamlines (steer/viz/stream_arrows.hpp): where they fall on a line is known
// in closed form for straight and bent polylines; each points the way its line runs; marks too
// close to earlier ones are left out; degenerate lines give no mark and no NaN.
#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "steer/viz/stream_arrows.hpp"

namespace steer::viz {
namespace {

using geometry::Vec2;
using Lines = std::vector<std::vector<Vec2>>;

void expectMark(const ArrowMark& m, const Vec2& position, const Vec2& direction) {
  EXPECT_NEAR((m.position - position).norm(), 0.0, 1e-12) << m.position.transpose();
  EXPECT_NEAR((m.direction - direction).norm(), 0.0, 1e-12) << m.direction.transpose();
}

TEST(StreamArrows, StraightLineHasMarksAtOddHalfSpacings) {
  const auto marks = streamArrows(Lines{{Vec2(0, 0), Vec2(10, 0)}}, 2.0, 0.0);
  ASSERT_EQ(marks.size(), 5u);
  for (int k = 0; k < 5; ++k) expectMark(marks[k], Vec2(1 + 2 * k, 0), Vec2(1, 0));
}

TEST(StreamArrows, BentLineMarksFollowTheArcLengthAroundTheCorner) {
  // 4 m along +x, then 4 m along +y: arc lengths 1.25, 3.75, 6.25.
  const auto marks = streamArrows(Lines{{Vec2(0, 0), Vec2(4, 0), Vec2(4, 4)}}, 2.5, 0.0);
  ASSERT_EQ(marks.size(), 3u);
  expectMark(marks[0], Vec2(1.25, 0), Vec2(1, 0));
  expectMark(marks[1], Vec2(3.75, 0), Vec2(1, 0));
  expectMark(marks[2], Vec2(4, 2.25), Vec2(0, 1));
}

TEST(StreamArrows, MarksPointTheWayTheLineRuns) {
  const auto forward = streamArrows(Lines{{Vec2(0, 0), Vec2(3, 4)}}, 1.0, 0.0);
  const auto backward = streamArrows(Lines{{Vec2(3, 4), Vec2(0, 0)}}, 1.0, 0.0);
  ASSERT_EQ(forward.size(), 5u);
  ASSERT_EQ(backward.size(), 5u);
  for (std::size_t k = 0; k < 5; ++k) {
    EXPECT_NEAR((forward[k].direction - Vec2(0.6, 0.8)).norm(), 0.0, 1e-12);
    EXPECT_NEAR((backward[k].direction + Vec2(0.6, 0.8)).norm(), 0.0, 1e-12);
    EXPECT_NEAR(forward[k].direction.norm(), 1.0, 1e-12);
  }
}

TEST(StreamArrows, MarksNearEarlierOnesAreLeftOut) {
  const std::vector<Vec2> line{Vec2(0, 0), Vec2(10, 0)};
  // A second copy of the line (streamlines merged into one bundle) adds nothing.
  EXPECT_EQ(streamArrows(Lines{line, line}, 2.0, 0.5).size(), 5u);
  // A parallel line 3 m away is farther than the gap (which is below the spacing, so that a line
  // keeps all its own marks): it keeps its marks.
  const std::vector<Vec2> parallel{Vec2(0, 3), Vec2(10, 3)};
  EXPECT_EQ(streamArrows(Lines{line, parallel}, 2.0, 1.9).size(), 10u);
  // 1 m away with a gap of 1.5 m: every mark of the second line is within 1 m of one of the first.
  const std::vector<Vec2> close{Vec2(0, 1), Vec2(10, 1)};
  EXPECT_EQ(streamArrows(Lines{line, close}, 2.0, 1.5).size(), 5u);
  // A gap wider than the spacing thins a single line too: with spacing 1 and gap 1.5, every
  // other mark (0.5, 2.5, 4.5, ...) survives.
  const auto thinned = streamArrows(Lines{line}, 1.0, 1.5);
  ASSERT_EQ(thinned.size(), 5u);
  for (std::size_t k = 0; k < thinned.size(); ++k) expectMark(thinned[k], Vec2(0.5 + 2.0 * k, 0), Vec2(1, 0));
}

TEST(StreamArrows, DegenerateLinesGiveNoMarkAndNoNaN) {
  EXPECT_TRUE(streamArrows(Lines{}, 1.0, 0.0).empty());
  EXPECT_TRUE(streamArrows(Lines{{}}, 1.0, 0.0).empty());
  EXPECT_TRUE(streamArrows(Lines{{Vec2(1, 1)}}, 1.0, 0.0).empty());
  EXPECT_TRUE(streamArrows(Lines{{Vec2(1, 1), Vec2(1, 1), Vec2(1, 1)}}, 1.0, 0.0).empty());
  EXPECT_TRUE(streamArrows(Lines{{Vec2(0, 0), Vec2(0.4, 0)}}, 1.0, 0.0).empty()) << "shorter than half a spacing";
  // Repeated points (a streamline that stalls) are skipped, not turned into NaN directions.
  const auto marks = streamArrows(Lines{{Vec2(0, 0), Vec2(0, 0), Vec2(2, 0), Vec2(2, 0), Vec2(2, 2)}}, 1.0, 0.0);
  ASSERT_EQ(marks.size(), 4u);
  for (const auto& m : marks) EXPECT_TRUE(m.position.allFinite() && m.direction.allFinite());
  expectMark(marks[3], Vec2(2, 1.5), Vec2(0, 1));
  EXPECT_THROW(streamArrows(Lines{}, 0.0, 0.0), std::invalid_argument);
  EXPECT_THROW(streamArrows(Lines{}, std::nan(""), 0.0), std::invalid_argument);
}

TEST(StreamArrows, ArrowheadTipLeadsAndItsBaseIsSymmetric) {
  const Vec2 at(2, 3), direction(0, -2);  // not unit: only the direction counts
  const auto c = arrowheadCorners(at, direction, 1.0);
  EXPECT_NEAR((c[0] - Vec2(2, 2.4)).norm(), 0.0, 1e-12) << "tip 0.6 of the length ahead";
  EXPECT_NEAR(((c[1] + c[2]) / 2 - Vec2(2, 3.4)).norm(), 0.0, 1e-12) << "base 0.4 behind";
  EXPECT_NEAR((c[1] - c[2]).norm(), 0.7, 1e-12);
  const auto fallback = arrowheadCorners(at, Vec2::Zero(), 1.0);
  EXPECT_NEAR((fallback[0] - Vec2(2.6, 3)).norm(), 0.0, 1e-12) << "+x without a direction";
}

}  // namespace
}  // namespace steer::viz
