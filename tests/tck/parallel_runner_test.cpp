#include "parallel_runner.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace quiver::tck {
namespace {

struct Fixture {
  std::vector<Scenario> scenarios;
  std::vector<const Scenario*> pointers;
  std::vector<std::string> ids;
  explicit Fixture(int n) {
    scenarios.resize(n);
    for (int i = 0; i < n; ++i) {
      scenarios[i].name = std::to_string(i);
      ids.push_back(std::string("S:").append(std::to_string(i)));
    }
    for (auto& s : scenarios) pointers.push_back(&s);
  }
};

TEST(ParallelRunnerTest, RunsEveryScenarioOnceAndKeepsInputOrder) {
  Fixture f(200);
  std::atomic<int> calls{0};
  const std::function<ScenarioResult(const Scenario&)> run = [&](const Scenario& s) {
    ++calls;
    const int i = std::stoi(s.name);
    return ScenarioResult{i % 3 == 0, false, std::string("r").append(s.name), "", ""};
  };
  for (int jobs : {1, 4}) {
    calls = 0;
    ParallelRun out = RunAll(f.pointers, f.ids, run, ParallelOptions{jobs, std::chrono::seconds(10), 3});
    EXPECT_EQ(calls.load(), 200);
    ASSERT_EQ(out.results.size(), 200u);
    EXPECT_EQ(out.hung, 0);
    EXPECT_FALSE(out.aborted);
    for (int i = 0; i < 200; ++i) {
      EXPECT_EQ(out.results[i].reason, std::string("r").append(std::to_string(i)));
      EXPECT_EQ(out.results[i].passed, i % 3 == 0);
    }
  }
}

// A scenario that blocks until the test releases it: a "hang" the test can end, so the
// abandoned thread finishes before the test's locals go away (and the sanitizers see
// the hand-over through atomics rather than a sleep).
struct Hang {
  std::atomic<bool> release{false};
  std::atomic<int> finished{0};
  ScenarioResult Run() {
    while (!release.load()) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    ScenarioResult r{true, false, "", "", ""};
    finished.fetch_add(1);  // the last touch of test state
    return r;
  }
  void EndAll(int threads) {
    release.store(true);
    while (finished.load() < threads) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
};

TEST(ParallelRunnerTest, TimesOutAHangingScenarioAndCarriesOn) {
  Fixture f(5);
  Hang hang;
  const std::function<ScenarioResult(const Scenario&)> run = [&hang](const Scenario& s) {
    if (s.name == "2") return hang.Run();
    return ScenarioResult{true, false, "", "", ""};
  };
  ParallelRun out = RunAll(f.pointers, f.ids, run, ParallelOptions{1, std::chrono::milliseconds(200), 3});
  hang.EndAll(1);
  EXPECT_EQ(out.hung, 1);
  EXPECT_FALSE(out.aborted);
  EXPECT_FALSE(out.results[2].passed);
  EXPECT_EQ(out.results[2].category, "timed out");
  for (int i : {0, 1, 3, 4}) EXPECT_TRUE(out.results[i].passed) << i;
}

TEST(ParallelRunnerTest, StopsAfterTooManyHangs) {
  Fixture f(10);
  Hang hang;
  const std::function<ScenarioResult(const Scenario&)> run = [&hang](const Scenario& s) {
    if (s.name == "1" || s.name == "2") return hang.Run();
    return ScenarioResult{true, false, "", "", ""};
  };
  ParallelRun out = RunAll(f.pointers, f.ids, run, ParallelOptions{1, std::chrono::milliseconds(100), 2});
  hang.EndAll(2);
  EXPECT_EQ(out.hung, 2);
  EXPECT_TRUE(out.aborted);
  EXPECT_TRUE(out.results[0].passed);
  EXPECT_EQ(out.results[1].category, "timed out");
  EXPECT_EQ(out.results[2].category, "timed out");
  for (int i = 3; i < 10; ++i) EXPECT_EQ(out.results[i].category, "not run (run aborted)") << i;
}

}  // namespace
}  // namespace quiver::tck
