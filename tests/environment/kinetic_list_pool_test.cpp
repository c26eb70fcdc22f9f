// The kinetic provider's list pool (layers/environment/src/kinetic_list_pool.hpp): many short
// lists in shared pages. Random operations on a few hundred lists, checked against one
// std::vector per list after every operation batch, with compactions in between; lists long
// enough to need their own multi-page block are included.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "kinetic_list_pool.hpp"

using steer::environment::kinetic::ListPool;

namespace {

struct Item {
  std::uint32_t id;
  float value;
  bool operator==(const Item& o) const { return id == o.id && value == o.value; }
};

using Pool = ListPool<Item>;

void expectSame(const Pool& pool, const std::vector<Pool::Ref>& refs, const std::vector<std::vector<Item>>& model) {
  for (std::size_t k = 0; k < refs.size(); ++k) {
    const auto view = pool.view(refs[k]);
    ASSERT_EQ(view.size(), model[k].size()) << "list " << k;
    ASSERT_TRUE(std::equal(view.begin(), view.end(), model[k].begin())) << "list " << k;
    ASSERT_GE(Pool::capacity(refs[k]), refs[k].size());
  }
}

}  // namespace

TEST(KineticListPool, MatchesVectorsUnderRandomEditsAndCompactions) {
  std::mt19937 rng(12);
  const std::size_t lists = 300;
  Pool pool;
  std::vector<Pool::Ref> refs(lists);
  std::vector<std::vector<Item>> model(lists);
  std::uint32_t next = 0;
  int compactions = 0;
  for (int round = 0; round < 400; ++round) {
    for (int op = 0; op < 200; ++op) {
      const std::size_t k = rng() % lists;
      auto& ref = refs[k];
      auto& m = model[k];
      // A few lists grow past a page (4 per mille of the pushes go to list 0 in bulk).
      const int kind = static_cast<int>(rng() % 10);
      if (kind <= 3 || m.empty()) {
        const Item item{next++, static_cast<float>(rng() % 1000)};
        pool.push_back(ref, item);
        m.push_back(item);
      } else if (kind == 4) {
        const auto at = static_cast<std::uint32_t>(rng() % (m.size() + 1));
        const Item item{next++, -1.0f};
        pool.insertAt(ref, at, item);
        m.insert(m.begin() + at, item);
      } else if (kind == 5) {
        const auto at = static_cast<std::uint32_t>(rng() % m.size());
        pool.eraseAt(ref, at);
        m.erase(m.begin() + at);
      } else if (kind == 6) {
        const auto at = static_cast<std::uint32_t>(rng() % m.size());
        pool.swapErase(ref, at);
        m[at] = m.back();
        m.pop_back();
      } else if (kind == 7) {
        const auto size = static_cast<std::uint32_t>(rng() % (m.size() + 1));
        pool.truncate(ref, size);
        m.resize(size);
        pool.shrinkToFit(ref);
      } else if (kind == 8) {
        pool.data(ref)[rng() % m.size()].value = 7.0f;  // writes land in the list's own block
        m.clear();
        for (const Item& i : pool.view(ref)) m.push_back(i);
      } else if (rng() % 50 == 0) {
        pool.release(ref);
        m.clear();
      }
    }
    if (round % 40 == 7)
      for (int j = 0; j < 5000; ++j) {  // one list longer than a page
        const Item item{next++, 1.0f};
        pool.push_back(refs[0], item);
        model[0].push_back(item);
      }
    expectSame(pool, refs, model);
    if (pool.wantsCompaction() || round % 50 == 0) {
      pool.compact([&](auto&& f) {
        for (auto& r : refs) f(r);
      });
      ++compactions;
      expectSame(pool, refs, model);
    }
  }
  EXPECT_GT(compactions, 8);
}

TEST(KineticListPool, CompactionFillsPagesAndGivesTheRestBack) {
  Pool pool;
  std::vector<Pool::Ref> refs(2000);
  std::vector<std::vector<Item>> model(refs.size());
  for (std::size_t k = 0; k < refs.size(); ++k)
    for (std::uint32_t j = 0; j < 16 + k % 23; ++j) {
      pool.push_back(refs[k], {j, static_cast<float>(k)});
      model[k].push_back({j, static_cast<float>(k)});
    }
  const std::size_t full = pool.memoryBytes();
  // Free most lists: the pages they held stay until a compaction.
  for (std::size_t k = 0; k < refs.size(); ++k)
    if (k % 4 != 0) {
      pool.release(refs[k]);
      model[k].clear();
    }
  EXPECT_TRUE(pool.wantsCompaction());
  pool.compact([&](auto&& f) {
    for (auto& r : refs) f(r);
  });
  expectSame(pool, refs, model);
  EXPECT_LT(pool.memoryBytes(), full / 2);
  // The pool keeps working after: new lists reuse the space.
  for (std::size_t k = 0; k < refs.size(); ++k)
    if (k % 4 != 0)
      for (std::uint32_t j = 0; j < 30; ++j) {
        pool.push_back(refs[k], {j, 2.0f});
        model[k].push_back({j, 2.0f});
      }
  expectSame(pool, refs, model);
}

// wantsCompaction(share): holes more than 1/share of the pages held. Ten full pages (160 lists
// of capacity 64); releasing one list in most pages keeps every page held and makes holes of
// exactly 64 entries each.
TEST(KineticListPool, CompactionThresholdIsAShareOfThePages) {
  Pool pool;
  std::vector<Pool::Ref> refs(160);
  for (auto& r : refs)
    for (std::uint32_t j = 0; j < 64; ++j) pool.push_back(r, {j, 1.0f});
  std::size_t released = 0;
  const auto releaseInPages = [&](std::size_t lists) {  // lists 16 k + 1 of each page k, then 16 k + 2, ...
    for (const std::size_t end = released + lists; released < end; ++released)
      pool.release(refs[16 * (released % 10) + 1 + released / 10]);
  };
  EXPECT_FALSE(pool.wantsCompaction());
  releaseInPages(10);  // 640 of 10,240 entries: exactly a sixteenth, not more
  EXPECT_FALSE(pool.wantsCompaction());
  releaseInPages(1);   // 704
  EXPECT_TRUE(pool.wantsCompaction());
  EXPECT_TRUE(pool.wantsCompaction(16));
  EXPECT_FALSE(pool.wantsCompaction(8));
  releaseInPages(10);  // 1,344: more than an eighth
  EXPECT_TRUE(pool.wantsCompaction(8));
  EXPECT_FALSE(pool.wantsCompaction(4));
}

// Right after a compaction there is nothing left to compact, whatever the share: the free end of
// the last page is not a hole (counted as one, a pool of 5 pages asked for compaction again
// after every compaction, and the near sets compacted after every agent they visited).
TEST(KineticListPool, NothingToCompactRightAfterACompaction) {
  for (const std::uint32_t lists : {76u, 150u, 300u})
    for (const std::size_t releaseEvery : {0u, 3u}) {
      Pool pool;
      std::vector<Pool::Ref> refs(lists);
      for (auto& r : refs)
        for (std::uint32_t j = 0; j < 56; ++j) pool.push_back(r, {j, 1.0f});
      if (releaseEvery > 0)
        for (std::size_t k = 0; k < refs.size(); k += releaseEvery) pool.release(refs[k]);
      pool.compact([&](auto&& f) {
        for (auto& r : refs) f(r);
      });
      for (const std::size_t share : {2u, 4u, 8u, 16u})
        EXPECT_FALSE(pool.wantsCompaction(share)) << lists << " lists, every " << releaseEvery << " released, 1/" << share;
    }
}

// Blocks that fill their pages exactly: after a compaction the next block must go to a new page,
// not over the last one (a bump pointer one page too far back once overwrote a live list).
TEST(KineticListPool, CompactionOfExactlyFullPages) {
  Pool pool;
  std::vector<Pool::Ref> refs(33);
  std::vector<std::vector<Item>> model(refs.size());
  for (std::size_t k = 0; k < 32; ++k)  // 32 lists of capacity 64: two pages of 1,024 entries
    for (std::uint32_t j = 0; j < 64; ++j) {
      pool.push_back(refs[k], {j, static_cast<float>(k)});
      model[k].push_back({j, static_cast<float>(k)});
    }
  for (std::size_t k = 0; k < 32; ++k) ASSERT_EQ(Pool::capacity(refs[k]), 64u);
  pool.compact([&](auto&& f) {
    for (auto& r : refs) f(r);
  });
  expectSame(pool, refs, model);
  for (std::uint32_t j = 0; j < 100; ++j) {
    pool.push_back(refs[32], {j, -2.0f});
    model[32].push_back({j, -2.0f});
  }
  expectSame(pool, refs, model);
}

// Visiting the lists in order and moving each to the end, step after step, keeps them in that
// order and the memory flat: the pages left behind empty out and are given back.
TEST(KineticListPool, MovingListsToTheEndInVisitOrder) {
  std::mt19937 rng(3);
  Pool pool;
  std::vector<Pool::Ref> refs(3000);
  std::vector<std::vector<Item>> model(refs.size());
  for (std::size_t k = 0; k < refs.size(); ++k)
    for (std::uint32_t j = 0; j < 20 + k % 17; ++j) {
      pool.push_back(refs[k], {j, 0.0f});
      model[k].push_back({j, 0.0f});
    }
  std::size_t most = 0;
  for (int step = 0; step < 30; ++step) {
    for (std::size_t k = 0; k < refs.size(); ++k) {
      pool.moveToEnd(refs[k]);
      // Lists change a little as they are visited (and sometimes lists visited later do).
      const std::size_t other = rng() % refs.size();
      if (rng() % 2) {
        pool.push_back(refs[other], {static_cast<std::uint32_t>(step), 1.0f});
        model[other].push_back({static_cast<std::uint32_t>(step), 1.0f});
      } else if (!model[other].empty()) {
        pool.swapErase(refs[other], 0);
        model[other][0] = model[other].back();
        model[other].pop_back();
      }
    }
    expectSame(pool, refs, model);
    // In visit order: each list (of a page) starts after the one visited before it.
    std::size_t ordered = 0;
    for (std::size_t k = 1; k < refs.size(); ++k) ordered += refs[k].loc > refs[k - 1].loc;
    EXPECT_GT(ordered, refs.size() * 9 / 10) << "step " << step;
    if (step > 0) most = std::max(most, pool.memoryBytes());
  }
  std::size_t entries = 0;
  for (const auto& m : model) entries += m.size();
  EXPECT_LT(most, 2 * entries * sizeof(Item));
}
