// `mpirun -np P quiver-mpi query DIR "CYPHER" [--param k=v]… [--format table|csv|json]`:
// a read query over a partitioned database (docs/scale-out.md, "Distributed queries").
// distributed_query.h decides the shape: a scan runs its partial on every rank's
// partition, a point query runs on its anchor's owner; the ranks' rows are gathered on
// rank 0, which combines them with the engine itself (an in-memory database running the
// combining query over them) and prints the answer. Each partition is opened read-only
// through the public quiver::Database API, as `quiver query --read-only` would.
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "commands.h"
#include "distributed_query.h"
#include "manifest.h"
#include "point_neighbourhood.h"
#include "quiver/database.h"
#include "quiver/error.h"
#include "quiver/value_json.h"
#include "value_wire.h"

namespace quiver::mpi {
namespace {

struct QueryOptions {
  std::string dir;
  std::string query;
  std::vector<std::string> params;
  std::string format = "table";
};

// --param name=<Cypher expression>, evaluated as `quiver query` does: by the engine.
Result<ValueMap> EvaluateParams(const std::vector<std::string>& params) {
  ValueMap out;
  if (params.empty()) return out;
  // The database outlives its connection (a connection does not own its database).
  const auto scratch_db = Database::OpenInMemory();
  auto scratch = scratch_db->Connect();
  for (const auto& p : params) {
    const size_t eq = p.find('=');
    if (eq == std::string::npos || eq == 0)
      return Status::InvalidArgument("quiver-mpi query: --param takes name=value, got '" + p + "'");
    try {
      auto value = scratch->Query("RETURN " + p.substr(eq + 1));
      out.Set(p.substr(0, eq), value.rows()[0][0]);
    } catch (const QuiverError& e) {
      return Status::InvalidArgument("quiver-mpi query: --param " + p.substr(0, eq) + ": " + e.what());
    }
  }
  return out;
}

// This rank's partition, checked against the manifest, then opened read-only.
Result<std::unique_ptr<Database>> OpenOwnPartition(const std::string& dir, const Comm& comm) {
  const auto rank = static_cast<uint32_t>(comm.rank());
  QUIVER_ASSIGN_OR_RETURN(Manifest m, ReadManifest(Env::Default(), dir));
  QUIVER_RETURN_IF_ERROR(CheckPartition(Env::Default(), dir, m, rank, static_cast<uint32_t>(comm.size())));
  DatabaseOptions o;
  o.read_only = true;
  // The manifest's generation, which a partition whose rank stopped after the manifest
  // named the build, before its CURRENT moved, keeps under the build's checkpoint.
  o.at_checkpoint = CheckpointToRead(Env::Default(), dir, m, rank);
  try {
    return Database::Open(PartitionPath(dir, rank), o);
  } catch (const QuiverError& e) {
    return Status::IOError(PartitionPath(dir, rank) + ": " + e.what());
  }
}

Result<Rows> RunOn(Database& db, const std::string& query, const ValueMap& params) {
  try {
    auto result = db.Connect()->Query(query, params);
    return result.rows();
  } catch (const QuiverError& e) {
    return Status::InvalidArgument(std::string("quiver-mpi query: ") + e.what());
  }
}

// The far-label round (DistributedQuery::far_label_test), collective: every rank sends
// the global ids of its ghosts, each with its own rank, to their owners; an owner answers
// each asker with the ids among them whose vertex passes the test. Returns the ids of
// this rank's ghosts that pass.
Result<Value> FarIdsPassing(Database& db, const std::string& label_test, const Comm& comm) {
  struct Ask {
    int64_t id;
    int64_t asker;
  };
  const auto ranks = static_cast<uint32_t>(comm.size());
  auto ghosts = RunOn(db, "MATCH (g:" + std::string(kGhostLabel) + ") RETURN g.id", {});
  std::vector<std::vector<Ask>> asks(ranks);
  if (ghosts.ok()) {
    for (const auto& row : *ghosts)
      asks[OwnerOf(static_cast<uint64_t>(row[0].AsInt()), ranks)].push_back({row[0].AsInt(), comm.rank()});
  }
  QUIVER_RETURN_IF_ERROR(comm.Agree(ghosts.status(), "the far ends' labels were not asked"));
  QUIVER_ASSIGN_OR_RETURN(std::vector<Ask> asked, comm.AllToAll(asks));
  std::vector<Value> ids;
  for (const Ask& a : asked) ids.push_back(Value::Int(a.id));
  ValueMap params;
  params.Set("ids", Value::List(std::move(ids)));
  auto passing = RunOn(db,
                       "MATCH (n:" + label_test + ") WHERE NOT n:" + std::string(kGhostLabel) +
                           " AND n.id IN $ids RETURN DISTINCT n.id",
                       params);
  std::vector<std::vector<int64_t>> answers(ranks);
  if (passing.ok()) {
    std::set<int64_t> pass;
    for (const auto& row : *passing) pass.insert(row[0].AsInt());
    for (const Ask& a : asked)
      if (pass.count(a.id)) answers[a.asker].push_back(a.id);
  }
  QUIVER_RETURN_IF_ERROR(comm.Agree(passing.status(), "the far ends' labels were not answered"));
  QUIVER_ASSIGN_OR_RETURN(std::vector<int64_t> mine, comm.AllToAll(answers));
  std::vector<Value> out;
  for (int64_t id : mine) out.push_back(Value::Int(id));
  return Value::List(std::move(out));
}

// The rank owning the point query's anchor.
Result<int> AnchorOwner(const DistributedQuery& q, const ValueMap& params, const Comm& comm) {
  int64_t id = 0;
  if (q.anchor_id) {
    id = *q.anchor_id;
  } else {
    const Value* v = params.Find(q.anchor_parameter);
    if (v == nullptr || !v->IsInt())
      return Status::InvalidArgument("quiver-mpi query: the anchor's id $" + q.anchor_parameter +
                                     " must be given as an integer (--param " + q.anchor_parameter + "=…)");
    id = v->AsInt();
  }
  return static_cast<int>(OwnerOf(static_cast<uint64_t>(id), static_cast<uint32_t>(comm.size())));
}

// Rank 0: the combining query over every rank's rows, with the user's parameters.
Result<QueryResult> Combine(const DistributedQuery& q, const std::string& gathered, ValueMap params) {
  Rows rows;
  QUIVER_RETURN_IF_ERROR(DecodeRows(gathered, &rows));
  std::vector<Value> list;
  list.reserve(rows.size());
  for (auto& row : rows) list.push_back(Value::List(std::move(row)));
  params.Set(std::string(kRowsParameter), Value::List(std::move(list)));
  try {
    const auto db = Database::OpenInMemory();
    auto result = db->Connect()->Query(q.combine, params);
    return QueryResult(result.columns(), result.rows());  // read in full while the database lives
  } catch (const QuiverError& e) {
    return Status::InvalidArgument(std::string("quiver-mpi query: combining the ranks' rows: ") + e.what());
  }
}

// As `quiver query --format …` prints: JSON objects per row, keys in column order; CSV with RFC 4180 quoting
// where a field needs it; a table of Cypher literals between rules, then the row count.
void Print(const QueryResult& result, const std::string& format) {
  if (format == "json") {
    auto rows = nlohmann::ordered_json::array();
    for (const auto& row : result.rows()) {
      auto obj = nlohmann::ordered_json::object();
      for (size_t i = 0; i < row.size(); ++i)  // no entities: value_wire.h refuses them
        obj[result.columns()[i]] =
            ValueToJson<nlohmann::ordered_json>(row[i], [](const Value&) { return nullptr; });
      rows.push_back(std::move(obj));
    }
    std::cout << rows.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
    return;
  }
  const bool csv = format == "csv";
  auto cell = [csv](const Value& v) {
    std::string s = csv && v.IsString() ? std::string(v.AsString()) : ToTckString(v);
    if (!csv || s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string quoted = "\"";
    for (char c : s) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
  };
  std::vector<std::vector<std::string>> lines{result.columns()};
  for (const auto& row : result.rows()) {
    lines.emplace_back();
    for (const Value& v : row) lines.back().push_back(cell(v));
  }
  if (csv) {
    for (const auto& l : lines)
      for (size_t i = 0; i < l.size(); ++i)
        std::cout << (i ? "," : "") << l[i] << (i + 1 == l.size() ? "\n" : "");
    return;
  }
  std::vector<size_t> widths(result.columns().size());
  for (const auto& l : lines)
    for (size_t i = 0; i < l.size(); ++i) widths[i] = std::max(widths[i], l[i].size());
  std::string rule = "+";
  for (size_t w : widths) rule += std::string(w + 2, '-') + "+";
  std::cout << rule << "\n";
  for (size_t n = 0; n < lines.size(); ++n) {
    std::cout << "|";
    for (size_t i = 0; i < lines[n].size(); ++i)
      std::cout << " " << lines[n][i] << std::string(widths[i] - lines[n][i].size(), ' ') << " |";
    std::cout << "\n" << (n == 0 ? rule + "\n" : "");  // the header between rules
  }
  std::cout << rule << "\n" << result.rows().size() << (result.rows().size() == 1 ? " row\n" : " rows\n");
}

int RunQuery(const QueryOptions& o, const Comm& comm) {
  // Every rank plans the same text, so a refused shape fails everywhere at once; rank 0
  // alone says why.
  auto plan = PlanDistributedQuery(o.query);
  Result<ValueMap> params = plan.ok() ? EvaluateParams(o.params) : Result<ValueMap>(plan.status());
  if (!params.ok()) {
    if (comm.rank() == 0) std::cerr << params.status().message() << "\n";
    return kExitFailure;
  }
  auto db = OpenOwnPartition(o.dir, comm);
  Status s = comm.Agree(db.status(), "the partitioned database cannot be opened");
  if (!s.ok()) return ReportFailure(comm, s);
  int runs_on = -1;  // -1: every rank
  if (plan->kind == DistributedQuery::Kind::kPoint) {
    auto owner = AnchorOwner(*plan, *params, comm);
    if (!owner.ok()) {
      if (comm.rank() == 0) std::cerr << owner.status().message() << "\n";
      return kExitFailure;
    }
    runs_on = *owner;
  }
  if (!plan->far_label_test.empty()) {
    auto far_ids = FarIdsPassing(**db, plan->far_label_test, comm);
    if (!far_ids.ok()) return ReportFailure(comm, far_ids.status());
    params->Set(std::string(kFarIdsParameter), std::move(*far_ids));
  }
  // A point query runs over its anchor's neighbourhood, gathered on the owner.
  std::unique_ptr<Database> neighbourhood;
  if (runs_on >= 0) {
    const Value* anchor = plan->anchor_id ? nullptr : params->Find(plan->anchor_parameter);
    const int64_t id = plan->anchor_id ? *plan->anchor_id : anchor->AsInt();  // AnchorOwner checked it
    auto gathered = GatherNeighbourhood(**db, id, runs_on, comm);
    if (!gathered.ok()) return ReportFailure(comm, gathered.status());
    neighbourhood = std::move(*gathered);
  }
  std::string mine;
  Status local;
  if (runs_on < 0 || runs_on == comm.rank()) {
    auto rows = RunOn(neighbourhood ? *neighbourhood : **db, plan->partial, *params);
    auto bytes = rows.ok() ? EncodeRows(*rows) : Result<std::string>(rows.status());
    if (bytes.ok()) mine = std::move(*bytes);
    local = bytes.status();
  }
  s = comm.Agree(local, "the query did not run");
  if (!s.ok()) return ReportFailure(comm, s);
  const std::string gathered = comm.GatherText(mine, 0);
  if (comm.rank() != 0) return kExitOk;
  auto result = Combine(*plan, gathered, *params);
  if (!result.ok()) return ReportFailure(comm, result.status());
  Print(*result, o.format);
  return kExitOk;
}

}  // namespace

void RegisterQueryCommand(CLI::App& app, CommandHandler& handler) {
  auto o = std::make_shared<QueryOptions>();
  auto* cmd = app.add_subcommand("query", "A read query over a partitioned database, answered on rank 0.");
  cmd->add_option("DIR", o->dir, "The partitioned database")->required();
  cmd->add_option("QUERY", o->query, "The Cypher query (a shape docs/scale-out.md lists)")->required();
  cmd->add_option("--param", o->params, "A parameter, name=<Cypher expression>; repeatable");
  cmd->add_option("--format", o->format, "Output format on rank 0")
      ->check(CLI::IsMember({"table", "csv", "json"}));
  cmd->footer(
      "Over the whole graph: MATCH (a[:L])[-[r[:T]]-(b[:L2])] [WHERE ...] [WITH a, ... [WHERE ...]]\n"
      "RETURN keys and count/sum/min/max/avg [DISTINCT] [ORDER BY ...] [SKIP ...] [LIMIT ...]; one end of the\n"
      "relationship may be read whole, the other through its id and a label in the pattern. Anchored on one\n"
      "vertex ({id: X} or WHERE a.id = X), the same shapes with both ends read whole. Any other query is\n"
      "refused with the reason (docs/scale-out.md, \"Distributed queries\").");
  cmd->callback([&handler, o] { handler = [o](const Comm& comm) { return RunQuery(*o, comm); }; });
}

}  // namespace quiver::mpi
