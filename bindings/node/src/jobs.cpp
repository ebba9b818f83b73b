#include "jobs.h"

#include "addon_data.h"

namespace quiver::node {

void Job::Run() {
  try {
    Execute();
  } catch (...) {
    error_ = ErrorInfo::FromCurrentException();
  }
}

void Job::Finish(Napi::Env env) {
  Napi::HandleScope scope(env);
  try {
    if (error_) {
      deferred_.Reject(MakeError(env, *error_));
    } else {
      deferred_.Resolve(Result(env));
    }
  } catch (const Napi::Error& e) {  // making the value threw (a JavaScript exception)
    deferred_.Reject(e.Value());
  } catch (...) {
    deferred_.Reject(MakeError(env, ErrorInfo::FromCurrentException()));
  }
}

std::shared_ptr<Poster> Poster::Create(Napi::Env env) {
  auto poster = std::make_shared<Poster>();
  napi_value name = Napi::String::New(env, "quiver");
  NAPI_THROW_IF_FAILED(env,
                       napi_create_threadsafe_function(env, nullptr, nullptr, name, 0, 1, nullptr, nullptr,
                                                       poster.get(), CallJs, &poster->function_),
                       nullptr);
  NAPI_THROW_IF_FAILED(env, napi_unref_threadsafe_function(env, poster->function_), nullptr);
  // Registered after the thread-safe function, so it runs before the function's own
  // cleanup (hooks run last-in, first-out) and no worker posts to a freed function.
  NAPI_THROW_IF_FAILED(env, napi_add_env_cleanup_hook(env, EnvironmentGone, poster.get()), nullptr);
  return poster;
}

void Poster::JobStarted(Napi::Env env) {
  if (outstanding_++ == 0) napi_ref_threadsafe_function(env, function_);
}

void Poster::JobSettled(Napi::Env env) {
  if (--outstanding_ == 0) napi_unref_threadsafe_function(env, function_);
}

void Poster::Post(Job* job) {
  std::lock_guard lock(mu_);
  if (!open_ || napi_call_threadsafe_function(function_, job, napi_tsfn_nonblocking) != napi_ok) {
    return;  // the environment is gone: leave the job (see the class comment)
  }
}

void Poster::CallJs(napi_env env, napi_value, void* context, void* data) {
  std::unique_ptr<Job> job(static_cast<Job*>(data));
  if (env == nullptr) return;  // the function is being torn down
  auto* poster = static_cast<Poster*>(context);
  job->Finish(Napi::Env(env));
  poster->JobSettled(Napi::Env(env));
}

void Poster::EnvironmentGone(void* arg) {
  auto* poster = static_cast<Poster*>(arg);
  std::lock_guard lock(poster->mu_);
  poster->open_ = false;
}

Executor::Executor() : thread_([this] { Loop(); }) {}

bool Executor::Submit(std::function<void()> task) {
  {
    std::lock_guard lock(mu_);
    if (stopping_) return false;
    tasks_.push_back(std::move(task));
  }
  wake_.notify_one();
  return true;
}

void Executor::Stop() {
  {
    std::lock_guard lock(mu_);
    stopping_ = true;
  }
  wake_.notify_one();
  std::call_once(joined_, [this] { thread_.join(); });
}

void Executor::Loop() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock lock(mu_);
      wake_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty()) return;  // stopping, and everything submitted has run
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    task();
  }
}

namespace {

// The task a worker runs for a job: the job, then the trip back.
std::function<void()> JobTask(Job* job, std::shared_ptr<Poster> poster) {
  return [job, poster = std::move(poster)] {
    job->Run();
    poster->Post(job);
  };
}

}  // namespace

Napi::Promise Dispatch(Napi::Env env, Executor& executor, std::unique_ptr<Job> job,
                       const std::optional<ErrorInfo>& refused) {
  const std::shared_ptr<Poster>& poster = AddonData::Get(env).poster;
  Napi::Promise promise = job->promise();
  if (executor.Submit(JobTask(job.get(), poster))) {
    poster->JobStarted(env);
    (void)job.release();  // owned by the task until Post hands it to CallJs
  } else {
    job->Refuse(refused);
    job->Finish(env);
  }
  return promise;
}

Napi::Promise RunDetached(Napi::Env env, std::unique_ptr<Job> job) {
  const std::shared_ptr<Poster>& poster = AddonData::Get(env).poster;
  Napi::Promise promise = job->promise();
  std::thread(JobTask(job.get(), poster)).detach();
  poster->JobStarted(env);
  (void)job.release();
  return promise;
}

}  // namespace quiver::node
