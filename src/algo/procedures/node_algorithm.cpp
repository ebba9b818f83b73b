#include "algo/procedures/node_algorithm.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "exec/procedure_context.h"
#include "quiver/error.h"

namespace quiver::algo {

namespace {

using Clock = std::chrono::steady_clock;

int64_t MillisBetween(Clock::time_point start, Clock::time_point end) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(end - start).count();
}

int64_t MillisSince(Clock::time_point start) { return MillisBetween(start, Clock::now()); }

enum class Mode { kStream, kStats, kWrite };

ProcedureSignature SignatureFor(const NodeAlgorithm& algorithm, Mode mode, std::string name) {
  ProcedureSignature signature;
  signature.name = std::move(name);
  signature.inputs = {{"graphName", "STRING?"}, {"configuration", "MAP?"}};
  signature.optional_inputs = mode == Mode::kWrite ? 0 : 1;
  signature.writes = mode == Mode::kWrite;
  switch (mode) {
    case Mode::kStream:
      signature.outputs = {{"nodeId", "INTEGER?"}, {algorithm.column, algorithm.column_type}};
      break;
    case Mode::kStats:
      signature.outputs = algorithm.stats;
      signature.outputs.push_back({"computeMillis", "INTEGER?"});
      signature.outputs.push_back({"postProcessingMillis", "INTEGER?"});
      signature.outputs.push_back({"configuration", "MAP?"});
      break;
    case Mode::kWrite:
      signature.outputs = {{"nodePropertiesWritten", "INTEGER?"}};
      signature.outputs.insert(signature.outputs.end(), algorithm.stats.begin(), algorithm.stats.end());
      signature.outputs.push_back({"computeMillis", "INTEGER?"});
      signature.outputs.push_back({"postProcessingMillis", "INTEGER?"});
      signature.outputs.push_back({"writeMillis", "INTEGER?"});
      signature.outputs.push_back({"configuration", "MAP?"});
      break;
  }
  return signature;
}

int64_t WriteValues(exec::ExecProcedureContext& call, const GraphProjection& graph, const std::string& property,
                    const std::vector<Value>& values) {
  GraphWriter& writer = call.exec().writer();
  const PropertyKeyId key = writer.InternPropertyKey(property);
  int64_t written = 0;
  for (DenseId v = 0; v < graph.node_count(); ++v) {
    if ((v & 0xfff) == 0) call.CheckInterrupt();
    const NodeId node = graph.OriginalId(v);
    // A node deleted since the projection was made has nothing to write to.
    if (!writer.NodeExists(node)) continue;
    writer.SetNodeProperty(node, key, values[v]);
    ++written;
  }
  call.exec().counters().properties_set += static_cast<uint64_t>(written);
  return written;
}

}  // namespace

std::shared_ptr<const GraphProjection> NamedGraph(const GraphCatalog& catalog, const Value& name,
                                                  const std::string& procedure) {
  if (!name.IsString()) {
    throw ProcedureError("ProcedureCallFailed",
                         procedure + ": graphName must be a string, not " + std::string(name.TypeName()));
  }
  return catalog.Get(std::string(name.AsString()), procedure);
}

uint32_t Concurrency(const ProcedureConfig& config) {
  return static_cast<uint32_t>(config.IntIn("concurrency", 1, 1024).value_or(0));
}

void AddNodeAlgorithm(ProcedureList& procedures, std::shared_ptr<GraphCatalog> catalog, NodeAlgorithm algorithm) {
  auto shared = std::make_shared<const NodeAlgorithm>(std::move(algorithm));
  for (Mode mode : {Mode::kStream, Mode::kStats, Mode::kWrite}) {
    const std::string name = shared->name + (mode == Mode::kStream ? ".stream" : mode == Mode::kStats ? ".stats" : ".write");
    auto body = [catalog, shared, mode, name](exec::ExecProcedureContext& call) {
      const auto args = call.arguments();
      auto graph = NamedGraph(*catalog, args[0], name);
      std::vector<std::string> keys = shared->keys;
      keys.push_back("concurrency");
      if (mode == Mode::kWrite) keys.push_back("writeProperty");
      ProcedureConfig config(name, args[1], keys);
      std::optional<std::string> property;
      if (mode == Mode::kWrite) {
        property = config.String("writeProperty");
        if (!property || property->empty()) config.Fail("the configuration needs a writeProperty");
      }
      AlgoContext context(call.exec(), Concurrency(config));
      const auto started = Clock::now();
      NodeResult result = shared->run(*graph, config, context);
      const auto finished = Clock::now();
      const auto computed = context.computed().value_or(finished);
      const int64_t compute_millis = MillisBetween(started, computed);
      const int64_t post_processing_millis = MillisBetween(computed, finished);
      if (mode == Mode::kStream) {
        for (DenseId v = 0; v < graph->node_count(); ++v) {
          call.Emit({Value::Int(static_cast<int64_t>(graph->OriginalId(v))), std::move(result.values[v])});
        }
        return;
      }
      std::vector<Value> row;
      if (mode == Mode::kWrite) {
        const auto write_started = Clock::now();
        const int64_t written = WriteValues(call, *graph, *property, result.values);
        row.push_back(Value::Int(written));
        for (auto& s : result.stats) row.push_back(std::move(s));
        row.push_back(Value::Int(compute_millis));
        row.push_back(Value::Int(post_processing_millis));
        row.push_back(Value::Int(MillisSince(write_started)));
      } else {
        for (auto& s : result.stats) row.push_back(std::move(s));
        row.push_back(Value::Int(compute_millis));
        row.push_back(Value::Int(post_processing_millis));
      }
      row.push_back(config.AsValue());
      call.Emit(std::move(row));
    };
    procedures.push_back({SignatureFor(*shared, mode, name), std::move(body)});
  }
}

Value Distribution(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  auto quantile = [&](double q) {
    if (values.empty()) return Value::Float(0);
    const auto at = static_cast<size_t>(std::ceil(q * static_cast<double>(values.size()))) ;
    return Value::Float(values[std::min(values.size() - 1, at == 0 ? 0 : at - 1)]);
  };
  double sum = 0;
  for (double v : values) sum += v;
  ValueMap map;
  map.Set("min", Value::Float(values.empty() ? 0 : values.front()));
  map.Set("max", Value::Float(values.empty() ? 0 : values.back()));
  map.Set("mean", Value::Float(values.empty() ? 0 : sum / static_cast<double>(values.size())));
  map.Set("p50", quantile(0.5));
  map.Set("p75", quantile(0.75));
  map.Set("p90", quantile(0.9));
  map.Set("p95", quantile(0.95));
  map.Set("p99", quantile(0.99));
  map.Set("p999", quantile(0.999));
  return Value::Map(std::move(map));
}

Value CentralityDistribution(std::span<const Value> scores) {
  std::vector<double> values;
  values.reserve(scores.size());
  for (const Value& v : scores) values.push_back(v.IsInt() ? static_cast<double>(v.AsInt()) : v.AsFloat());
  return Distribution(std::move(values));
}

std::pair<Value, Value> CommunitySummary(std::span<const DenseId> community) {
  std::vector<uint64_t> size(community.size(), 0);
  for (DenseId c : community) ++size[c];
  std::vector<double> sizes;
  for (uint64_t s : size) {
    if (s > 0) sizes.push_back(static_cast<double>(s));
  }
  const auto count = static_cast<int64_t>(sizes.size());
  return {Value::Int(count), Distribution(std::move(sizes))};
}

std::vector<Value> AsNodeIds(const GraphProjection& graph, std::span<const DenseId> dense) {
  std::vector<Value> values;
  values.reserve(dense.size());
  for (DenseId d : dense) values.push_back(Value::Int(static_cast<int64_t>(graph.OriginalId(d))));
  return values;
}

}  // namespace quiver::algo
