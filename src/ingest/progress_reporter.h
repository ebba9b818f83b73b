#pragma once
// ProgressReporter: renders Progress for people. On a terminal, one line redrawn in
// place: phase, a bar, done/total, rate and ETA. Otherwise (a pipe, a log file, CI), a
// plain line every `interval`, and one at the end of each phase, so logs stay readable.
// A background thread samples the counters; workers only add to an atomic.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

#include "ingest/progress.h"

namespace quiver::ingest {

class ProgressReporter : public Progress {
 public:
  // out: where lines go (stderr in the CLI). terminal: redraw in place.
  ProgressReporter(std::FILE* out, bool terminal, std::chrono::milliseconds interval);
  ~ProgressReporter() override;

  void BeginPhase(std::string_view name, uint64_t total, std::string_view unit) override;
  void Advance(uint64_t units, uint64_t rows) override {
    done_.fetch_add(units, std::memory_order_relaxed);
    rows_.fetch_add(rows, std::memory_order_relaxed);
  }
  void EndPhase() override;

  // "1.23M", "456.7K", "789".
  static std::string Count(double v);
  // One rendered line (without newline) for the given state; for tests.
  // rows > 0: rows and rows/s are shown, the percentage and ETA still follow units.
  static std::string Line(const std::string& phase, uint64_t done, uint64_t total, const std::string& unit,
                          uint64_t rows, double seconds, bool bar);

 private:
  void Loop(std::stop_token stop);
  void Print(bool final);

  std::FILE* out_;
  bool terminal_;
  std::chrono::milliseconds interval_;
  std::mutex mu_;
  std::condition_variable_any cv_;
  std::string phase_, unit_;  // guarded by mu_
  uint64_t total_ = 0;        // guarded by mu_
  bool active_ = false;       // guarded by mu_
  std::chrono::steady_clock::time_point start_;
  std::atomic<uint64_t> done_{0};
  std::atomic<uint64_t> rows_{0};
  std::jthread thread_;
};

}  // namespace quiver::ingest
