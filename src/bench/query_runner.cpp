#include "bench/query_runner.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "bench/ladder.h"
#include "bench/machine_info.h"
#include "bench/result_digest.h"
#include "quiver/database.h"

namespace quiver::bench {
namespace {

using Clock = std::chrono::steady_clock;

double MicrosSince(Clock::time_point t0, Clock::time_point t1) {
  return static_cast<double>(std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count()) / 1000.0;
}

double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[(v.size() - 1) / 2];  // the lower median: a time that was measured
}

// Ends the process when one run outlives its limit: the engine did not honour its own
// timeout, and nothing else would stop it.
class Watchdog {
 public:
  explicit Watchdog(std::chrono::milliseconds limit) : limit_(limit), thread_([this] { Loop(); }) {}
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  void Arm() {
    std::lock_guard<std::mutex> lock(mu_);
    deadline_ = Clock::now() + limit_;
    armed_ = true;
    cv_.notify_all();
  }
  void Disarm() {
    std::lock_guard<std::mutex> lock(mu_);
    armed_ = false;
  }

 private:
  void Loop() {
    std::unique_lock<std::mutex> lock(mu_);
    while (!stop_) {
      if (!armed_) {
        cv_.wait(lock);
        continue;
      }
      if (cv_.wait_until(lock, deadline_) == std::cv_status::timeout && armed_ && Clock::now() >= deadline_) {
        std::_Exit(kHungExitCode);  // the results file already names the query
      }
    }
  }
  std::chrono::milliseconds limit_;
  std::mutex mu_;
  std::condition_variable cv_;
  Clock::time_point deadline_{};
  bool armed_ = false;
  bool stop_ = false;
  std::thread thread_;
};

struct Run {
  double us = 0;
  std::vector<std::string> rows;
};

// One statement, timed until its rows are in memory; canonical rows rendered after.
Run RunOnce(Connection& conn, PreparedStatement* prepared, const std::string& text, const ValueMap& params,
            Watchdog& dog) {
  dog.Arm();
  const auto t0 = Clock::now();
  QueryResult result = prepared ? conn.Execute(*prepared, params) : conn.Query(text, params);
  const std::vector<std::vector<Value>>& rows = result.rows();
  const auto t1 = Clock::now();
  dog.Disarm();
  Run r;
  r.us = MicrosSince(t0, t1);
  r.rows.reserve(rows.size());
  for (const auto& row : rows) r.rows.push_back(CanonicalRow(row));
  return r;
}

nlohmann::json RunQuery(Connection& conn, const nlohmann::json& q, uint32_t repeat, uint64_t timeout_ms,
                        Watchdog& dog) {
  const std::string name = q.at("name").get<std::string>();
  const std::string text = q.at("text").get<std::string>();
  const bool point = q.value("kind", "analytic") == "point";
  const bool ordered = q.value("ordered", false);
  nlohmann::json out = {{"name", name}, {"kind", point ? "point" : "analytic"}};
  ResultDigest digest;
  std::string status = "ok";
  try {
    if (!point) {
      Run cold = RunOnce(conn, nullptr, text, {}, dog);
      out["cold_us"] = cold.us;
      digest.AddRows(std::move(cold.rows), ordered);
      std::vector<double> runs;
      for (uint32_t i = 0; i < repeat; ++i) {
        Run r = RunOnce(conn, nullptr, text, {}, dog);
        runs.push_back(r.us);
        ResultDigest again;
        again.AddRows(std::move(r.rows), ordered);
        if (again.HashHex() != digest.HashHex()) status = "unstable";
      }
      out["runs_us"] = runs;
      out["median_us"] = runs.empty() ? out["cold_us"].get<double>() : Median(runs);
    } else {
      const std::vector<int64_t> sources = q.at("sources").get<std::vector<int64_t>>();
      if (sources.empty()) throw std::runtime_error("no sources for a point query");
      // Pair queries take $to too: targets[i] goes with sources[i].
      const std::vector<int64_t> targets = q.value("targets", std::vector<int64_t>{});
      if (!targets.empty() && targets.size() != sources.size()) throw std::runtime_error("targets do not match sources");
      auto parameters = [&](size_t i) {
        ValueMap p{{"id", Value::Int(sources[i])}};
        if (!targets.empty()) p.Set("to", Value::Int(targets[i]));
        return p;
      };
      std::unique_ptr<PreparedStatement> prepared = conn.Prepare(text, parameters(0));
      std::vector<double> measured, pass_medians;
      for (uint32_t pass = 0; pass <= repeat; ++pass) {
        ResultDigest pass_digest;
        std::vector<double> lat;
        double pass_us = 0;
        for (size_t i = 0; i < sources.size(); ++i) {
          Run r = RunOnce(conn, prepared.get(), text, parameters(i), dog);
          lat.push_back(r.us);
          pass_us += r.us;
          pass_digest.AddRows(std::move(r.rows), ordered);
          if (pass_us > static_cast<double>(timeout_ms) * 1000.0) {
            throw QueryInterrupted("Timeout", "one pass over the sources ran past the query timeout");
          }
        }
        if (pass == 0) {
          out["cold_us"] = lat.front();
          out["cold_pass_median_us"] = Median(lat);
          digest = pass_digest;
        } else {
          if (pass_digest.HashHex() != digest.HashHex()) status = "unstable";
          measured.insert(measured.end(), lat.begin(), lat.end());
          pass_medians.push_back(Median(lat));
        }
      }
      out["executions"] = sources.size();
      out["runs_us"] = pass_medians;
      out["median_us"] = measured.empty() ? out["cold_pass_median_us"].get<double>() : Median(measured);
    }
    const nlohmann::json d = digest.ToJson();
    out.update(d);
  } catch (const QueryInterrupted& e) {
    dog.Disarm();
    status = "timeout";
    out["error"] = e.what();
    out["timeout_ms"] = timeout_ms;
  } catch (const std::exception& e) {
    dog.Disarm();
    status = "error";
    out["error"] = e.what();
  }
  out["status"] = status;
  return out;
}

}  // namespace

Status RunQuiverQueries(const QueryRunOptions& o) {
  QUIVER_ASSIGN_OR_RETURN(nlohmann::json set, ReadJsonFile(o.queries_path));
  const uint32_t repeat = set.value("repeat", 5u);
  const uint64_t timeout_ms = set.value("timeout_ms", uint64_t{60000});
  nlohmann::json out = {{"engine", "quiver"},
                        {"build", BuildJson()},
                        {"running", nullptr},
                        {"results", nlohmann::json::array()}};
  std::unique_ptr<Database> db;
  std::unique_ptr<Connection> conn;
  try {
    const auto t0 = Clock::now();
    DatabaseOptions options;
    options.read_only = true;
    options.create_if_missing = false;
    db = Database::Open(o.db_path, options);
    conn = db->Connect();
    out["open_us"] = MicrosSince(t0, Clock::now());
    conn->SetQueryTimeout(std::chrono::milliseconds(timeout_ms));
  } catch (const std::exception& e) {
    return Status::Aborted("cannot open " + o.db_path + ": " + e.what());
  }
  Watchdog dog(std::chrono::milliseconds(2 * timeout_ms + 30000));
  for (const nlohmann::json& q : set.at("queries")) {
    const std::string name = q.at("name").get<std::string>();
    if (!o.only.empty() && std::find(o.only.begin(), o.only.end(), name) == o.only.end()) continue;
    out["running"] = name;
    QUIVER_RETURN_IF_ERROR(WriteJsonFile(o.out_path, out));
    out["results"].push_back(RunQuery(*conn, q, repeat, timeout_ms, dog));
    out["running"] = nullptr;
    QUIVER_RETURN_IF_ERROR(WriteJsonFile(o.out_path, out));
  }
  return Status::OK();
}

}  // namespace quiver::bench
