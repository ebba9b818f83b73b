#pragma once
// Runs scenarios on N worker threads, each scenario with its own database, under a
// watchdog: a scenario still running after `timeout` is reported as failed ("timed
// out") and its thread is abandoned (detached; a thread cannot be cancelled safely) and
// replaced, so one hanging query costs `timeout`, not the whole run. After `max_hung`
// abandoned threads the run stops taking new scenarios (they burn CPU and memory) and
// the rest are reported as not run.
//
// When RunAll returns with `hung > 0`, abandoned threads may still be running the
// caller's `run_one` on its scenarios (they co-own the pool itself): the caller must
// keep those alive, and a program ends with std::_Exit after printing rather than
// returning from main while such a thread runs.

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "gherkin.h"
#include "scenario_runner.h"

namespace quiver::tck {

struct ParallelOptions {
  int jobs = 1;
  std::chrono::milliseconds timeout{10'000};
  int max_hung = 3;
};

struct ParallelRun {
  std::vector<ScenarioResult> results;  // one per scenario, in input order
  int hung = 0;                         // scenarios that timed out (threads abandoned)
  bool aborted = false;                 // stopped after max_hung
};

// `ids` parallels `scenarios` and must outlive the process's last use of it (the crash
// reporter prints them from a signal handler).
ParallelRun RunAll(const std::vector<const Scenario*>& scenarios, const std::vector<std::string>& ids,
                   const std::function<ScenarioResult(const Scenario&)>& run_one,
                   const ParallelOptions& options);

// Installs handlers for SIGSEGV, SIGBUS, SIGFPE, SIGILL and SIGABRT that print the ids
// of the scenarios in flight ("CRASH while running <id>") before the default action, so
// a crashing query is findable. Call once, before RunAll.
void InstallCrashReporter();

}  // namespace quiver::tck
