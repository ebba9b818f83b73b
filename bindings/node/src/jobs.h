#pragma once
// Work off the JavaScript thread (docs/node.md, "Threads"). A call that can take time
// becomes a Job: Execute() runs on a worker thread, then the Poster brings the job back
// to the JavaScript thread, where its promise is resolved with what it computed or
// rejected with the error it caught.
//
// Each connection and each database runs its jobs on an Executor: a thread of its own
// that runs them one after another, in the order they were made. The engine wants a
// connection used by one thread (an in-memory transaction holds a lock from BEGIN to
// COMMIT), and a statement that runs for minutes must not hold one of libuv's four
// pool threads. One-off work (a bulk import) gets a thread of its own (RunDetached).

#include <napi.h>

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "errors.h"

namespace quiver::node {

class Job {
 public:
  explicit Job(Napi::Env env) : deferred_(Napi::Promise::Deferred::New(env)) {}
  virtual ~Job() = default;

  Napi::Promise promise() const { return deferred_.Promise(); }
  // Worker thread: Execute(), recording what it throws.
  void Run();
  // JavaScript thread: settles the promise.
  void Finish(Napi::Env env);
  // JavaScript thread, instead of Run(): the job is refused (with this error, if any).
  void Refuse(std::optional<ErrorInfo> error) { error_ = std::move(error); }

 protected:
  virtual void Execute() = 0;
  // The promise's value (JavaScript thread, after Execute() returned).
  virtual Napi::Value Result(Napi::Env env) { return env.Undefined(); }

 private:
  Napi::Promise::Deferred deferred_;
  std::optional<ErrorInfo> error_;
};

// A Job from two functions: `work` on the worker thread, `result` on the JavaScript
// thread. Both are destroyed on the JavaScript thread, so they may hold shared
// pointers to what must not be destroyed on the worker (a connection's own thread).
class FunctionJob final : public Job {
 public:
  FunctionJob(Napi::Env env, std::function<void()> work, std::function<Napi::Value(Napi::Env)> result = {})
      : Job(env), work_(std::move(work)), result_(std::move(result)) {}

 protected:
  void Execute() override { work_(); }
  Napi::Value Result(Napi::Env env) override { return result_ ? result_(env) : env.Undefined(); }

 private:
  std::function<void()> work_;
  std::function<Napi::Value(Napi::Env)> result_;
};

// Brings finished jobs to the JavaScript thread through one thread-safe function per
// environment, and keeps the event loop alive while jobs are outstanding (not while a
// connection merely exists). When the environment is torn down, posting stops: a job
// that finishes after that is left unsettled and not freed (its promise and the objects
// it holds belong to an environment that is gone).
class Poster {
 public:
  static std::shared_ptr<Poster> Create(Napi::Env env);

  // JavaScript thread: a job was handed to a worker / has been settled.
  void JobStarted(Napi::Env env);
  void JobSettled(Napi::Env env);
  // Any thread.
  void Post(Job* job);

 private:
  static void CallJs(napi_env env, napi_value, void* context, void* data);
  static void EnvironmentGone(void* arg);

  napi_threadsafe_function function_ = nullptr;
  std::mutex mu_;
  bool open_ = true;     // guarded by mu_
  int outstanding_ = 0;  // JavaScript thread only
};

// A thread that runs tasks one after another, in the order they were submitted.
class Executor {
 public:
  Executor();
  ~Executor() { Stop(); }
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;

  // False once Stop() was called: the task is not run.
  bool Submit(std::function<void()> task);
  // Runs what was submitted before, then ends the thread; returns when it has ended.
  // Idempotent; from any thread but the executor's own.
  void Stop();

 private:
  void Loop();

  std::mutex mu_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> tasks_;  // guarded by mu_
  bool stopping_ = false;                    // guarded by mu_
  std::once_flag joined_;
  std::thread thread_;
};

// Queues `job` on `executor` and returns its promise. When the executor takes no more
// work, the promise is rejected with `refused` — or, without one, settles as if the job
// had run and found nothing to do (closing what is closed).
Napi::Promise Dispatch(Napi::Env env, Executor& executor, std::unique_ptr<Job> job,
                       const std::optional<ErrorInfo>& refused);
// Runs `job` on a thread of its own.
Napi::Promise RunDetached(Napi::Env env, std::unique_ptr<Job> job);

}  // namespace quiver::node
