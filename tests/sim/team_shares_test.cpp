// sim::forShares: consecutive shares in thread order covering every item once, and an exception
// in a share comes out of the pass (inside an OpenMP region it terminated the process) once
// every share has run, the lowest thread's when several throw.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "steer/sim/team_shares.hpp"

using steer::sim::forShares;

TEST(TeamShares, ConsecutiveSharesInThreadOrderCoverEveryItemOnce) {
  for (const int threads : {1, 2, 3, 5})
    for (const std::int64_t items : {0, 1, 7, 100}) {
      std::vector<std::pair<std::int64_t, std::int64_t>> shares(static_cast<std::size_t>(threads), {-1, -1});
      std::vector<std::atomic<int>> visits(static_cast<std::size_t>(items));
      forShares(threads, items, [&](int t, std::int64_t begin, std::int64_t end) {
        shares[static_cast<std::size_t>(t)] = {begin, end};
        for (std::int64_t i = begin; i < end; ++i) ++visits[static_cast<std::size_t>(i)];
      });
      EXPECT_EQ(shares.front().first, 0) << threads << " threads, " << items << " items";
      EXPECT_EQ(shares.back().second, items);
      for (int t = 1; t < threads; ++t) EXPECT_EQ(shares[t].first, shares[t - 1].second);
      for (const auto& v : visits) EXPECT_EQ(v.load(), 1);
    }
}

TEST(TeamShares, AnExceptionInAShareComesOutAfterEveryShareRan) {
  std::mutex m;
  std::vector<int> finished;
  try {
    forShares(4, 40, [&](int t, std::int64_t, std::int64_t) {
      if (t == 2) throw std::runtime_error("share 2");
      std::lock_guard lock(m);
      finished.push_back(t);
    });
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "share 2");
  }
  EXPECT_EQ(finished.size(), 3u);
}

TEST(TeamShares, SeveralSharesThrowingGiveTheLowestThreadsException) {
  for (int repeat = 0; repeat < 20; ++repeat) {  // whichever thread throws first in time
    try {
      forShares(4, 40, [&](int t, std::int64_t, std::int64_t) {
        if (t >= 1) throw std::runtime_error("share " + std::to_string(t));
      });
      FAIL() << "no exception";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), "share 1");
    }
  }
}
