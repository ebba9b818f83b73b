#include "bench/query_overhead.h"

#include <sys/resource.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <chrono>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "bench/latency_stats.h"
#include "quiver/database.h"

namespace quiver::bench {
namespace {

using Clock = std::chrono::steady_clock;

uint64_t SplitMix64(uint64_t* state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

uint64_t MinorFaults() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return static_cast<uint64_t>(u.ru_minflt);
}

// Bytes the allocator holds from the kernel: the heap (brk) plus mmapped chunks.
nlohmann::json HeapJson() {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  const struct mallinfo2 m = ::mallinfo2();
  return {{"arena_bytes", m.arena}, {"mmapped_bytes", m.hblkhd}, {"in_use_bytes", m.uordblks}};
#else
  return nullptr;
#endif
}

struct Keys {
  uint64_t state;
  uint64_t range;
  int64_t Next() { return static_cast<int64_t>(SplitMix64(&state) % range); }
};

// How one phase calls the engine.
enum class Call : uint8_t { kExecute, kQuery };

struct PhaseResult {
  std::vector<uint64_t> latencies_ns;
  int64_t count_sum = 0;
  uint64_t minor_faults = 0;
};

PhaseResult RunPhase(Connection& conn, PreparedStatement* prepared, const std::string& text, Call call,
                     Keys& keys, uint32_t n, bool measure) {
  PhaseResult r;
  if (measure) r.latencies_ns.reserve(n);
  const uint64_t faults_before = MinorFaults();
  for (uint32_t i = 0; i < n; ++i) {
    const ValueMap params{{"id", Value::Int(keys.Next())}};
    const auto t0 = Clock::now();
    {
      QueryResult result =
          call == Call::kExecute ? conn.Execute(*prepared, params) : conn.Query(text, params);
      while (result.Next()) {
        const Value& v = result.row()[0];
        if (v.IsInt()) r.count_sum += v.AsInt();
      }
    }
    const auto t1 = Clock::now();
    if (measure) {
      r.latencies_ns.push_back(
          static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count()));
    }
  }
  r.minor_faults = MinorFaults() - faults_before;
  return r;
}

nlohmann::json PhaseJson(const PhaseResult& r, const char* call) {
  nlohmann::json j = LatencySummary::Of(r.latencies_ns).ToJson();
  j["call"] = call;
  j["count_sum"] = r.count_sum;
  j["minor_faults"] = r.minor_faults;
  j["minor_faults_per_query"] = r.latencies_ns.empty() ? 0.0
                                                       : static_cast<double>(r.minor_faults) /
                                                             static_cast<double>(r.latencies_ns.size());
  j["heap"] = HeapJson();
  return j;
}

}  // namespace

Result<nlohmann::json> RunQueryOverhead(const OverheadOptions& o) {
  if (o.queries == 0) return Status::InvalidArgument("--queries must be at least 1");
  if (o.id_range == 0) return Status::InvalidArgument("--id-range must be at least 1");
  nlohmann::json out;
  out["query"] = o.query;
  out["options"] = {
      {"db", o.db_path},           {"queries", o.queries}, {"warmup", o.warmup},
      {"id_range", o.id_range},    {"seed", o.seed},       {"fresh_call", o.unprepared ? "query" : "execute"},
      {"fresh_only", o.fresh_only}};
  try {
    const auto open_start = Clock::now();
    DatabaseOptions options;
    options.read_only = true;
    options.create_if_missing = false;
    std::unique_ptr<Database> db = Database::Open(o.db_path, options);
    std::unique_ptr<Connection> conn = db->Connect();
    const auto open_end = Clock::now();
    out["open_us"] =
        static_cast<double>(
            std::chrono::duration_cast<std::chrono::nanoseconds>(open_end - open_start).count()) /
        1000.0;

    Keys keys{o.seed ^ 0x0e7e7a5eedULL, o.id_range};
    const std::string text = o.query;
    nlohmann::json phases;
    std::unique_ptr<PreparedStatement> prepared;
    const auto prepare = [&] {
      const auto start = Clock::now();
      prepared = conn->Prepare(text, {{"id", Value::Int(0)}});
      out["prepare_us"] =
          static_cast<double>(
              std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count()) /
          1000.0;
    };
    // The unprepared fresh phase comes before anything is prepared: nothing but the
    // open precedes the first query either way.
    if (o.unprepared) {
      phases["fresh"] =
          PhaseJson(RunPhase(*conn, nullptr, text, Call::kQuery, keys, o.queries, true), "query");
      if (!o.fresh_only) prepare();
    } else {
      prepare();
      phases["fresh"] =
          PhaseJson(RunPhase(*conn, prepared.get(), text, Call::kExecute, keys, o.queries, true), "execute");
    }
    if (!o.fresh_only) {
      (void)RunPhase(*conn, prepared.get(), text, Call::kExecute, keys, o.warmup, false);
      phases["warm_prepared"] =
          PhaseJson(RunPhase(*conn, prepared.get(), text, Call::kExecute, keys, o.queries, true), "execute");
      phases["warm_unprepared"] =
          PhaseJson(RunPhase(*conn, prepared.get(), text, Call::kQuery, keys, o.queries, true), "query");
    }
    out["phases"] = phases;
  } catch (const std::exception& e) {
    return Status::Aborted(e.what());
  }
  return out;
}

std::string FormatOverhead(const nlohmann::json& report) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(1);
  s << "query   " << report["query"].get<std::string>() << "\n";
  s << "open    " << report["open_us"].get<double>() << " us";
  if (report.contains("prepare_us")) s << ", prepare " << report["prepare_us"].get<double>() << " us";
  s << "\n";
  s << "phase            call     queries  median_us  p95_us  p99_us  minor_faults/query\n";
  for (const char* name : {"fresh", "warm_prepared", "warm_unprepared"}) {
    if (!report["phases"].contains(name)) continue;
    const nlohmann::json& p = report["phases"][name];
    s << std::left << std::setw(17) << name << std::setw(9) << p["call"].get<std::string>() << std::right
      << std::setw(7) << p["count"].get<uint64_t>() << std::setw(11) << p["median_us"].get<double>()
      << std::setw(8) << p["p95_us"].get<double>() << std::setw(8) << p["p99_us"].get<double>()
      << std::setw(20) << p["minor_faults_per_query"].get<double>() << "\n";
  }
  return s.str();
}

}  // namespace quiver::bench
