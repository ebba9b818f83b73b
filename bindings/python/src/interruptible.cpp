#include "interruptible.h"

#include <pybind11/pybind11.h>

namespace py = pybind11;

namespace quiver::python {

Worker::Worker() : thread_([this] { Loop(); }) {}

Worker::~Worker() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

void Worker::Start(std::function<void()> task) {
  {
    std::lock_guard lock(mu_);
    task_ = std::move(task);
    busy_ = true;
  }
  cv_.notify_all();
}

bool Worker::Wait(std::optional<std::chrono::milliseconds> slice) {
  std::unique_lock lock(mu_);
  if (!slice) {
    cv_.wait(lock, [&] { return !busy_; });
    return true;
  }
  return cv_.wait_for(lock, *slice, [&] { return !busy_; });
}

void Worker::Loop() {
  std::unique_lock lock(mu_);
  for (;;) {
    cv_.wait(lock, [&] { return stop_ || task_; });
    if (stop_) return;
    std::function<void()> task = std::move(task_);
    task_ = nullptr;
    lock.unlock();
    task();  // catches everything itself (RunReleasedImpl)
    lock.lock();
    busy_ = false;
    cv_.notify_all();
  }
}

bool OnMainThread() {
  // The main thread's id, read once under the GIL (the module may be imported on
  // another thread; no function-local static, whose guard would be held across a call
  // into Python that can release the GIL).
  static unsigned long main_id = 0;
  if (main_id == 0) {
    main_id = py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
  }
  return PyThread_get_thread_ident() == main_id;
}

void RunReleasedImpl(std::optional<Worker>& worker, const std::function<void()>& cancel,
                     const std::function<void()>& work) {
  std::exception_ptr error;
  auto task = [&] {
    try {
      work();
    } catch (...) {
      error = std::current_exception();
    }
  };
  if (!OnMainThread()) {
    py::gil_scoped_release release;
    task();
  } else {
    if (!worker) worker.emplace();
    worker->Start(task);
    for (;;) {
      bool done;
      {
        py::gil_scoped_release release;
        done = worker->Wait(kSignalSlice);
      }
      if (done) break;
      if (PyErr_CheckSignals() != 0) {
        py::error_already_set signal_error;  // takes the pending exception
        cancel();
        {
          py::gil_scoped_release release;
          worker->Wait(std::nullopt);
        }
        throw signal_error;
      }
    }
  }
  if (error) std::rethrow_exception(error);
}

std::unique_lock<std::mutex> LockReleasingGil(std::mutex& mutex) {
  std::unique_lock lock(mutex, std::try_to_lock);
  if (lock.owns_lock()) return lock;
  if (PyGILState_Check()) {
    py::gil_scoped_release release;
    lock.lock();
  } else {
    lock.lock();
  }
  return lock;
}

}  // namespace quiver::python
