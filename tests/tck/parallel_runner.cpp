#include "parallel_runner.h"

#include <unistd.h>

#include <array>
#include <atomic>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>

namespace quiver::tck {
namespace {

using Clock = std::chrono::steady_clock;

// The scenario each worker slot is running, for the crash reporter. A signal handler
// can reach nothing but globals, hence this one piece of global state; the slots hold
// pointers into the caller's id strings, which outlive the run.
constexpr size_t kMaxSlots = 1024;
std::array<std::atomic<const char*>, kMaxSlots> g_in_flight{};

void WriteAll(const char* text) {
  size_t len = std::strlen(text);
  while (len > 0) {
    const ssize_t n = ::write(STDERR_FILENO, text, len);
    if (n <= 0) return;
    text += n;
    len -= static_cast<size_t>(n);
  }
}

extern "C" void OnFatalSignal(int sig) {
  WriteAll("\nquiver_tck: fatal signal ");
  WriteAll(strsignal(sig));  // not strictly async-signal-safe, but we are dying anyway
  WriteAll("\n");
  for (const auto& slot : g_in_flight) {
    if (const char* id = slot.load(std::memory_order_relaxed)) {
      WriteAll("CRASH while running ");
      WriteAll(id);
      WriteAll("\n");
    }
  }
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

struct Worker {
  size_t slot = 0;
  std::thread thread;
  bool abandoned = false;     // guarded by the run's mutex
  size_t task = SIZE_MAX;     // guarded by the run's mutex; SIZE_MAX when idle
  Clock::time_point started;  // guarded by the run's mutex
};

class Pool : public std::enable_shared_from_this<Pool> {
 public:
  Pool(const std::vector<const Scenario*>& scenarios, const std::vector<std::string>& ids,
       const std::function<ScenarioResult(const Scenario&)>& run_one, const ParallelOptions& options)
      : scenarios_(scenarios), ids_(ids), run_one_(run_one), options_(options) {
    run_.results.resize(scenarios.size());
    done_.assign(scenarios.size(), false);
  }

  ParallelRun Run() {
    const int jobs = std::max(1, std::min<int>(options_.jobs, static_cast<int>(kMaxSlots / 2)));
    {
      std::lock_guard lock(mu_);
      for (int i = 0; i < jobs; ++i) StartWorker();
    }
    std::unique_lock lock(mu_);
    while (completed_ < scenarios_.size()) {
      cv_.wait_for(lock, std::chrono::milliseconds(50));
      const auto now = Clock::now();
      for (size_t w = 0; w < workers_.size(); ++w) {
        Worker& worker = *workers_[w];
        if (worker.abandoned || worker.task == SIZE_MAX || now - worker.started < options_.timeout) continue;
        Abandon(worker);
      }
      if (run_.hung >= options_.max_hung && !run_.aborted) Abort();
      if (run_.aborted && active_ == 0) break;
    }
    for (auto& worker : workers_) {
      if (!worker->abandoned && worker->thread.joinable()) {
        lock.unlock();
        worker->thread.join();
        lock.lock();
      }
    }
    return std::move(run_);
  }

 private:
  // Requires mu_.
  void StartWorker() {
    auto worker = std::make_unique<Worker>();
    worker->slot = next_slot_++ % kMaxSlots;
    Worker* raw = worker.get();
    ++active_;
    // Each thread co-owns the pool: an abandoned thread may outlive RunAll, and the pool
    // then goes away when it finishes.
    worker->thread = std::thread([self = shared_from_this(), raw] { self->Loop(*raw); });
    workers_.push_back(std::move(worker));
  }

  // Requires mu_.
  void Abandon(Worker& worker) {
    const size_t task = worker.task;
    const auto seconds = std::chrono::duration<double>(options_.timeout).count();
    run_.results[task] = ScenarioResult{false, false,
                                        "timed out after " + std::to_string(static_cast<int>(seconds)) +
                                            " s (its thread was abandoned; it may still be running)",
                                        "timed out", ""};
    run_.results[task].seconds = std::chrono::duration<double>(Clock::now() - worker.started).count();
    done_[task] = true;
    ++completed_;
    ++run_.hung;
    worker.abandoned = true;
    worker.thread.detach();
    g_in_flight[worker.slot].store(nullptr, std::memory_order_relaxed);
    --active_;
    if (!run_.aborted && run_.hung < options_.max_hung) StartWorker();
  }

  // Requires mu_: no new scenarios start; the ones not yet started are reported.
  void Abort() {
    run_.aborted = true;
    for (size_t i = 0; i < scenarios_.size(); ++i) {
      bool running = false;
      for (const auto& worker : workers_) running |= !worker->abandoned && worker->task == i;
      if (done_[i] || running || i < next_task_) continue;
      run_.results[i] = ScenarioResult{
          false, false,
          "not run: the run stopped after " + std::to_string(run_.hung) + " scenarios timed out",
          "not run (run aborted)", ""};
      done_[i] = true;
      ++completed_;
    }
    next_task_ = scenarios_.size();
  }

  void Loop(Worker& worker) {
    while (true) {
      size_t task;
      {
        std::lock_guard lock(mu_);
        if (worker.abandoned) return;
        if (next_task_ >= scenarios_.size()) {
          worker.task = SIZE_MAX;
          --active_;
          cv_.notify_all();
          return;
        }
        task = next_task_++;
        worker.task = task;
        worker.started = Clock::now();
        g_in_flight[worker.slot].store(ids_[task].c_str(), std::memory_order_relaxed);
      }
      ScenarioResult result = run_one_(*scenarios_[task]);
      std::lock_guard lock(mu_);
      if (worker.abandoned) return;  // the watchdog already reported it
      result.seconds = std::chrono::duration<double>(Clock::now() - worker.started).count();
      g_in_flight[worker.slot].store(nullptr, std::memory_order_relaxed);
      run_.results[task] = std::move(result);
      done_[task] = true;
      ++completed_;
      worker.task = SIZE_MAX;
      cv_.notify_all();
    }
  }

  const std::vector<const Scenario*>& scenarios_;
  const std::vector<std::string>& ids_;
  const std::function<ScenarioResult(const Scenario&)>& run_one_;
  const ParallelOptions options_;

  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::unique_ptr<Worker>> workers_;  // never shrinks: abandoned threads keep their Worker
  ParallelRun run_;
  std::vector<bool> done_;
  size_t next_task_ = 0;
  size_t completed_ = 0;
  int active_ = 0;
  size_t next_slot_ = 0;
};

}  // namespace

ParallelRun RunAll(const std::vector<const Scenario*>& scenarios, const std::vector<std::string>& ids,
                   const std::function<ScenarioResult(const Scenario&)>& run_one,
                   const ParallelOptions& options) {
  return std::make_shared<Pool>(scenarios, ids, run_one, options)->Run();
}

void InstallCrashReporter() {
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) std::signal(sig, OnFatalSignal);
}

}  // namespace quiver::tck
