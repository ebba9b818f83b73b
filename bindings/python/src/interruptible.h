#pragma once
// Engine work with the GIL released, and Ctrl-C that cancels it.
//
// Python runs signal handlers on its main thread only, between bytecodes: a main thread
// blocked in a long query would see Ctrl-C only after the query ended. So on the main
// thread the work runs on a helper thread (one per connection, started on first use)
// while the main thread waits in slices of kSignalSlice, taking the GIL back after each
// to run PyErr_CheckSignals(). When a handler raises (KeyboardInterrupt), `cancel` is
// called (Connection::Cancel), the work is waited for — it ends within milliseconds —
// and the exception propagates. On other threads the work runs in place, GIL released.

#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>
#include <utility>

namespace quiver::python {

inline constexpr std::chrono::milliseconds kSignalSlice{20};

// A thread that runs one task at a time, for Run() below.
class Worker {
 public:
  Worker();
  ~Worker();
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  void Start(std::function<void()> task);
  // Waits up to `slice` for the task to end (forever when nullopt); true when it has.
  bool Wait(std::optional<std::chrono::milliseconds> slice);

 private:
  void Loop();

  std::mutex mu_;
  std::condition_variable cv_;
  std::function<void()> task_;  // guarded by mu_
  bool busy_ = false;           // guarded by mu_
  bool stop_ = false;           // guarded by mu_
  std::thread thread_;
};

// True on the interpreter's main thread.
bool OnMainThread();

// Runs `work` as the header says. Call with the GIL held; `worker` is created on the
// first call that needs it. Throws what `work` threw, or pybind11::error_already_set
// for a signal handler's exception.
void RunReleasedImpl(std::optional<Worker>& worker, const std::function<void()>& cancel,
                     const std::function<void()>& work);

template <typename F>
auto RunReleased(std::optional<Worker>& worker, const std::function<void()>& cancel, F&& work) {
  using T = std::invoke_result_t<F&>;
  if constexpr (std::is_void_v<T>) {
    RunReleasedImpl(worker, cancel, work);
  } else {
    std::optional<T> out;
    RunReleasedImpl(worker, cancel, [&] { out.emplace(work()); });
    return std::move(*out);
  }
}

// Locks `mutex`, releasing the GIL while it waits when this thread holds it: a thread
// holding `mutex` may need the GIL before it lets go (Run() takes it to check signals).
std::unique_lock<std::mutex> LockReleasingGil(std::mutex& mutex);

}  // namespace quiver::python
