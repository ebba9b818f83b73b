#include "bench/child_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "bench/cgroup_memory.h"
#include "common/metrics/process_snapshot.h"
#include "quiver/byte_size.h"

namespace quiver::bench {
namespace {

std::atomic<uint64_t> group_counter{0};

// In the forked child: only async-signal-safe calls until exec.
[[noreturn]] void ExecChild(const std::vector<char*>& args, int log_fd, const char* cgroup_procs) {
  ::setpgid(0, 0);
  if (cgroup_procs != nullptr) {
    const int fd = ::open(cgroup_procs, O_WRONLY);
    if (fd >= 0) {
      (void)!::write(fd, "0", 1);
      ::close(fd);
    }
  }
  if (log_fd >= 0) {
    ::dup2(log_fd, STDOUT_FILENO);
    ::dup2(log_fd, STDERR_FILENO);
  }
  const int devnull = ::open("/dev/null", O_RDONLY);
  if (devnull >= 0) ::dup2(devnull, STDIN_FILENO);
  ::execv(args[0], args.data());
  const char msg[] = "exec failed\n";
  (void)!::write(STDERR_FILENO, msg, sizeof(msg) - 1);
  ::_exit(127);
}

}  // namespace

std::string_view ChildEndName(ChildEnd end) {
  switch (end) {
    case ChildEnd::kExited: return "exited";
    case ChildEnd::kSignaled: return "signaled";
    case ChildEnd::kMemoryKilled: return "killed_memory";
    case ChildEnd::kTimeKilled: return "killed_time";
    case ChildEnd::kSpawnFailed: return "spawn_failed";
  }
  return "unknown";
}

uint64_t ReadVmRss(int pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::ostringstream s;
  s << in.rdbuf();
  auto memory = ParseProcStatusMemory(s.str());
  return memory ? memory->rss_bytes : 0;
}

std::string FileTail(const std::string& path, size_t max_bytes) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return "";
  const std::streamoff size = in.tellg();
  const std::streamoff start = size > static_cast<std::streamoff>(max_bytes) ? size - static_cast<std::streamoff>(max_bytes) : 0;
  in.seekg(start);
  std::string text(static_cast<size_t>(size - start), '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  return text;
}

ChildOutcome RunSupervised(const std::vector<std::string>& argv, const std::string& log_path,
                           const SupervisorLimits& limits) {
  ChildOutcome out;
  if (argv.empty()) {
    out.error = "no program";
    return out;
  }
  std::unique_ptr<CgroupMemoryGroup> group;
  out.enforcement = "none";
  if (limits.memory_bytes != 0) {
    out.enforcement = "rss watchdog";
    if (limits.try_cgroup) {
      auto created = CgroupMemoryGroup::Create(
          "quiver-bench-" + std::to_string(::getpid()) + "-" + std::to_string(group_counter++), limits.memory_bytes);
      if (created.ok()) {
        group = std::move(created).value();
        out.enforcement = "cgroup v2 memory.max (" + group->path() + ") + rss watchdog";
      }
    }
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const int log_fd = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  const char* procs = group ? group->procs_path().c_str() : nullptr;

  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid < 0) {
    out.error = std::string("fork: ") + std::strerror(errno);
    if (log_fd >= 0) ::close(log_fd);
    return out;
  }
  if (pid == 0) ExecChild(args, log_fd, procs);
  ::setpgid(pid, pid);  // also here, so a kill before the child ran setpgid still finds the group
  if (log_fd >= 0) ::close(log_fd);

  bool killed_memory = false, killed_time = false, reaped = false;
  int status = 0, wait_errno = 0;
  while (true) {
    const pid_t r = ::waitpid(pid, &status, WNOHANG);
    if (r == pid) {
      reaped = true;
      break;
    }
    if (r < 0 && errno != EINTR) {
      wait_errno = errno;
      break;
    }
    const uint64_t rss = ReadVmRss(pid);
    out.peak_rss_sampled = std::max(out.peak_rss_sampled, rss);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    if (!killed_memory && !killed_time) {
      if (limits.memory_bytes != 0 && rss > limits.memory_bytes) {
        killed_memory = true;
        ::kill(-pid, SIGKILL);
        ::kill(pid, SIGKILL);
      } else if (limits.wall_time.count() > 0 && elapsed > limits.wall_time) {
        killed_time = true;
        ::kill(-pid, SIGKILL);
        ::kill(pid, SIGKILL);
      }
    }
    std::this_thread::sleep_for(limits.sample_interval);
  }
  // The group may still hold grandchildren: take them too.
  ::kill(-pid, SIGKILL);
  out.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (group) {
    out.cgroup_peak = group->PeakBytes();
    if (group->OomKills() > 0) killed_memory = true;
  }
  if (!reaped) {
    out.end = ChildEnd::kSpawnFailed;
    out.error = std::string("waitpid: ") + std::strerror(wait_errno);
  } else if (killed_memory) {
    out.end = ChildEnd::kMemoryKilled;
  } else if (killed_time) {
    out.end = ChildEnd::kTimeKilled;
  } else if (WIFEXITED(status)) {
    out.end = ChildEnd::kExited;
    out.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    out.end = ChildEnd::kSignaled;
    out.signal = WTERMSIG(status);
  }
  if (WIFSIGNALED(status)) out.signal = WTERMSIG(status);
  return out;
}

std::string ChildOutcome::Describe(const SupervisorLimits& limits) const {
  switch (end) {
    case ChildEnd::kExited: return "exit " + std::to_string(exit_code);
    case ChildEnd::kSignaled: return "died of signal " + std::to_string(signal) + " (" + strsignal(signal) + ")";
    case ChildEnd::kMemoryKilled:
      return "killed: memory limit " + FormatBytes(limits.memory_bytes) + " passed (largest sampled VmRSS " +
             FormatBytes(peak_rss_sampled) + ", " + enforcement + ")";
    case ChildEnd::kTimeKilled: {
      std::ostringstream s;
      s << "killed: time limit " << limits.wall_time.count() / 1000.0 << " s passed";
      return s.str();
    }
    case ChildEnd::kSpawnFailed: return "could not start: " + error;
  }
  return "unknown";
}

nlohmann::json ChildOutcome::ToJson(const SupervisorLimits& limits) const {
  return {{"end", std::string(ChildEndName(end))},
          {"exit_code", exit_code},
          {"signal", signal},
          {"wall_s", wall_seconds},
          {"peak_rss_sampled_bytes", peak_rss_sampled},
          {"cgroup_peak_bytes", cgroup_peak},
          {"enforcement", enforcement},
          {"memory_limit_bytes", limits.memory_bytes},
          {"time_limit_s", static_cast<double>(limits.wall_time.count()) / 1000.0},
          {"description", Describe(limits)}};
}

}  // namespace quiver::bench
