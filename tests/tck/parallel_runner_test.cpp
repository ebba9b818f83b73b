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

// A hanging scenario is reported as timed out and the others still run. The "hang"
// here ends (after a second) so the abandoned thread does not outlive the test binary.
TEST(ParallelRunnerTest, TimesOutAHangingScenarioAndCarriesOn) {
  Fixture f(5);
  const std::function<ScenarioResult(const Scenario&)> run = [](const Scenario& s) {
    if (s.name == "2") std::this_thread::sleep_for(std::chrono::milliseconds(1000));
    return ScenarioResult{true, false, "", "", ""};
  };
  const auto start = std::chrono::steady_clock::now();
  ParallelRun out = RunAll(f.pointers, f.ids, run, ParallelOptions{1, std::chrono::milliseconds(200), 3});
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(900));
  EXPECT_EQ(out.hung, 1);
  EXPECT_FALSE(out.aborted);
  EXPECT_FALSE(out.results[2].passed);
  EXPECT_EQ(out.results[2].category, "timed out");
  for (int i : {0, 1, 3, 4}) EXPECT_TRUE(out.results[i].passed) << i;
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));  // let the abandoned thread finish
}

TEST(ParallelRunnerTest, StopsAfterTooManyHangs) {
  Fixture f(10);
  const std::function<ScenarioResult(const Scenario&)> run = [](const Scenario& s) {
    if (s.name == "1" || s.name == "2") std::this_thread::sleep_for(std::chrono::milliseconds(600));
    return ScenarioResult{true, false, "", "", ""};
  };
  ParallelRun out = RunAll(f.pointers, f.ids, run, ParallelOptions{1, std::chrono::milliseconds(100), 2});
  EXPECT_EQ(out.hung, 2);
  EXPECT_TRUE(out.aborted);
  EXPECT_TRUE(out.results[0].passed);
  EXPECT_EQ(out.results[1].category, "timed out");
  EXPECT_EQ(out.results[2].category, "timed out");
  for (int i = 3; i < 10; ++i) EXPECT_EQ(out.results[i].category, "not run (run aborted)") << i;
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
}

}  // namespace
}  // namespace quiver::tck
