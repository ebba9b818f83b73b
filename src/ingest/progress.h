#pragma once
// Progress: what a long ingest reports while it runs. The construction session and the
// producers (CSV reader, generator) report phases and units of work; the command line
// renders them (tools/quiver: a bar on a terminal, periodic lines otherwise, nothing
// with --quiet). Advance() is called from worker threads.

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>

namespace quiver::ingest {

class Progress {
 public:
  virtual ~Progress() = default;
  // total = 0: unknown (no percentage or ETA).
  virtual void BeginPhase(std::string_view name, uint64_t total, std::string_view unit) = 0;
  // units toward the total; rows, when the phase reads rows (CSV), for rows/s.
  virtual void Advance(uint64_t units, uint64_t rows = 0) = 0;
  virtual void EndPhase() = 0;
};

// Counts and otherwise ignores: the default, and what tests use.
class CountingProgress : public Progress {
 public:
  void BeginPhase(std::string_view name, uint64_t total, std::string_view) override {
    phase_ = std::string(name);
    total_ = total;
    done_.store(0);
  }
  void Advance(uint64_t units, uint64_t rows) override {
    done_.fetch_add(units, std::memory_order_relaxed);
    rows_.fetch_add(rows, std::memory_order_relaxed);
  }
  void EndPhase() override {}
  const std::string& phase() const { return phase_; }
  uint64_t done() const { return done_.load(); }
  uint64_t rows() const { return rows_.load(); }

 private:
  std::string phase_;
  uint64_t total_ = 0;
  std::atomic<uint64_t> done_{0};
  std::atomic<uint64_t> rows_{0};
};

}  // namespace quiver::ingest
