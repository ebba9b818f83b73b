#include "ingest/progress_reporter.h"

#include <cmath>

namespace quiver::ingest {

ProgressReporter::ProgressReporter(std::FILE* out, bool terminal, std::chrono::milliseconds interval)
    : out_(out), terminal_(terminal), interval_(interval) {
  thread_ = std::jthread([this](std::stop_token stop) { Loop(stop); });
}

ProgressReporter::~ProgressReporter() {
  thread_.request_stop();
  cv_.notify_all();
  thread_ = {};
}

std::string ProgressReporter::Count(double v) {
  char buf[32];
  if (v >= 1e9) {
    std::snprintf(buf, sizeof(buf), "%.2fG", v / 1e9);
  } else if (v >= 1e6) {
    std::snprintf(buf, sizeof(buf), "%.2fM", v / 1e6);
  } else if (v >= 1e4) {
    std::snprintf(buf, sizeof(buf), "%.1fK", v / 1e3);
  } else {
    std::snprintf(buf, sizeof(buf), "%.0f", v);
  }
  return buf;
}

std::string ProgressReporter::Line(const std::string& phase, uint64_t done, uint64_t total,
                                   const std::string& unit, uint64_t rows, double seconds, bool bar) {
  std::string line = phase;
  line += ": ";
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
  // What the rate is shown in: rows when the phase counts them.
  const double shown = rows > 0 ? static_cast<double>(rows) : static_cast<double>(done);
  const std::string shown_unit = rows > 0 ? "rows" : unit;
  const double shown_rate = seconds > 0 ? shown / seconds : 0.0;
  if (total > 0) {
    const double frac = std::min(1.0, static_cast<double>(done) / static_cast<double>(total));
    if (bar) {
      constexpr int kWidth = 24;
      const int filled = static_cast<int>(frac * kWidth);
      line += '[';
      line.append(filled, '#');
      line.append(kWidth - filled, '.');
      line += "] ";
    }
    char pct[16];
    std::snprintf(pct, sizeof(pct), "%3.0f%% ", frac * 100);
    line += pct;
    if (rows > 0) {
      line += Count(shown);
      line += " rows";
    } else {
      line += Count(static_cast<double>(done));
      line += '/';
      line += Count(static_cast<double>(total));
      line += ' ';
      line += unit;
    }
    line += ", ";
    line += Count(shown_rate);
    line += ' ';
    line += shown_unit;
    line += "/s";
    if (rate > 0 && done < total) {
      char eta[32];
      std::snprintf(eta, sizeof(eta), ", ETA %.0fs", static_cast<double>(total - done) / rate);
      line += eta;
    }
  } else {
    line += Count(shown);
    line += ' ';
    line += shown_unit;
    line += ", ";
    line += Count(shown_rate);
    line += ' ';
    line += shown_unit;
    line += "/s";
  }
  return line;
}

void ProgressReporter::Print(bool final) {
  std::string phase, unit;
  uint64_t total = 0;
  std::chrono::steady_clock::time_point start;
  {
    std::lock_guard lock(mu_);
    if (!active_) return;
    phase = phase_;
    unit = unit_;
    total = total_;
    start = start_;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::string line = Line(phase, done_.load(std::memory_order_relaxed), total, unit,
                                rows_.load(std::memory_order_relaxed), secs, terminal_);
  if (terminal_) {
    std::fprintf(out_, "\r\033[K%s%s", line.c_str(), final ? "\n" : "");
  } else {
    std::fprintf(out_, "%s\n", line.c_str());
  }
  std::fflush(out_);
}

void ProgressReporter::BeginPhase(std::string_view name, uint64_t total, std::string_view unit) {
  {
    std::lock_guard lock(mu_);
    phase_ = std::string(name);
    unit_ = std::string(unit);
    total_ = total;
    active_ = true;
    start_ = std::chrono::steady_clock::now();
    done_.store(0);
    rows_.store(0);
  }
  cv_.notify_all();
}

void ProgressReporter::EndPhase() {
  {
    // The phase is over: show it complete (byte totals include headers no row counts).
    std::lock_guard lock(mu_);
    if (total_ > 0) done_.store(total_);
  }
  Print(true);
  std::lock_guard lock(mu_);
  active_ = false;
}

void ProgressReporter::Loop(std::stop_token stop) {
  std::unique_lock lock(mu_);
  while (!stop.stop_requested()) {
    cv_.wait_for(lock, stop, interval_, [] { return false; });
    if (stop.stop_requested()) break;
    lock.unlock();
    Print(false);
    lock.lock();
  }
}

}  // namespace quiver::ingest
