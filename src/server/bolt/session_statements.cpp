// BoltSession's requests that run statements: RUN, PULL, DISCARD, BEGIN, COMMIT and
// ROLLBACK, over the engine connection (quiver/database.h).

#include <algorithm>

#include "quiver/plan_tree.h"
#include "server/bolt/bolt_session.h"
#include "server/bolt/responses.h"
#include "server/status_codes.h"

namespace quiver::server::bolt {

namespace {

using Clock = std::chrono::steady_clock;

int64_t MillisSince(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
}

// A request the session refuses before running anything: FAILURE with its code.
struct RequestError {
  std::string code;
  std::string message;
};

// Neo4j's statistics keys, the non-zero counters only (as Neo4j sends them).
// SUCCESS's `plan` (EXPLAIN) or `profile` (PROFILE) as Neo4j sends them (the drivers'
// summary.plan and summary.profile): operatorType, args (Details, EstimatedRows, and for
// a profile Rows, DbHits and Time), identifiers, children; a profile also has rows,
// dbHits and time (nanoseconds) at the top of each operator. No page cache counts:
// Quiver maps its files and has no page cache (the drivers read the missing
// pageCacheHits, pageCacheMisses and pageCacheHitRatio as 0).
Value PlanMetadata(const PlanOperator& plan) {
  return ConvertPlan<Value>(plan, [](const PlanOperator& op, std::vector<Value> children) {
    ValueMap args;
    if (!op.details.empty()) args.Set("Details", Value::String(op.details));
    if (op.estimated_rows) args.Set("EstimatedRows", Value::Float(*op.estimated_rows));
    if (!op.note.empty()) args.Set("Note", Value::String(op.note));
    std::vector<Value> identifiers;
    for (const auto& name : op.identifiers) identifiers.push_back(Value::String(name));
    ValueMap out{{"operatorType", Value::String(op.operator_type)},
                 {"identifiers", Value::List(std::move(identifiers))},
                 {"children", Value::List(std::move(children))}};
    if (op.profiled) {
      const auto rows = Value::Int(static_cast<int64_t>(op.rows));
      args.Set("Rows", rows);
      out.Set("rows", rows);
      const auto db_hits = Value::Int(static_cast<int64_t>(op.db_hits));
      args.Set("DbHits", db_hits);
      out.Set("dbHits", db_hits);
      // Only where measured: the stages of a pipeline share its first's (the drivers
      // read a missing time as 0).
      if (op.time) {
        const auto time = Value::Int(static_cast<int64_t>(op.time->count()));
        args.Set("Time", time);
        out.Set("time", time);
      }
    }
    out.Set("args", Value::Map(std::move(args)));
    return Value::Map(std::move(out));
  });
}

Value Statistics(const UpdateCounters& c) {
  ValueMap stats;
  auto add = [&](const char* key, uint64_t n) {
    if (n > 0) stats.Set(key, Value::Int(static_cast<int64_t>(n)));
  };
  add("nodes-created", c.nodes_created);
  add("nodes-deleted", c.nodes_deleted);
  add("relationships-created", c.relationships_created);
  add("relationships-deleted", c.relationships_deleted);
  add("properties-set", c.properties_set);
  add("labels-added", c.labels_added);
  add("labels-removed", c.labels_removed);
  add("indexes-added", c.indexes_added);
  add("indexes-removed", c.indexes_removed);
  add("constraints-added", c.constraints_added);
  add("constraints-removed", c.constraints_removed);
  return Value::Map(std::move(stats));
}

int64_t IntEntry(const ValueMap& map, std::string_view key, int64_t otherwise) {
  const Value* v = map.Find(key);
  if (v == nullptr || v->kind() == ValueKind::kNull) return otherwise;
  if (v->kind() != ValueKind::kInt) throw RequestError{kRequestInvalid, std::string(key) + " must be an integer"};
  return v->AsInt();
}

}  // namespace

void BoltSession::ApplyExtra(const Value& extra, bool read_mode_allowed, bool& read_mode) {
  read_mode = false;
  if (extra.kind() == ValueKind::kNull) return;
  if (extra.kind() != ValueKind::kMap) throw RequestError{kRequestInvalid, "the request's extra field must be a map"};
  const ValueMap& map = extra.AsMap();
  if (const Value* db = map.Find("db"); db != nullptr && db->kind() == ValueKind::kString) {
    if (db->AsString() != server_.database_name) {
      throw RequestError{kDatabaseNotFound, "Database does not exist. Database name: '" + std::string(db->AsString()) +
                                                "'. This server has one database, '" + server_.database_name + "'."};
    }
  }
  if (const Value* user = map.Find("imp_user"); user != nullptr && user->kind() != ValueKind::kNull) {
    throw RequestError{"Neo.ClientError.Security.Forbidden", "impersonation (imp_user) is not supported"};
  }
  if (const Value* mode = map.Find("mode"); mode != nullptr && mode->kind() == ValueKind::kString) {
    read_mode = read_mode_allowed && mode->AsString() == "r";
  }
  const int64_t timeout = IntEntry(map, "tx_timeout", -1);
  if (timeout >= 0) tx_timeout_ = std::chrono::milliseconds(timeout);
}

PreparedStatement& BoltSession::Prepared(const std::string& text, const ValueMap& parameters) {
  if (auto it = prepared_index_.find(text); it != prepared_index_.end()) {
    prepared_.splice(prepared_.begin(), prepared_, it->second);
    return *it->second->second;
  }
  std::unique_ptr<PreparedStatement> statement = connection_->Prepare(text, parameters);
  prepared_.emplace_front(text, std::move(statement));
  prepared_index_[text] = prepared_.begin();
  if (prepared_.size() > kCacheSize) {
    prepared_index_.erase(prepared_.back().first);
    prepared_.pop_back();
  }
  return *prepared_.front().second;
}

void BoltSession::Run(const BoltMessage& message) {
  const Clock::time_point started = Clock::now();
  const bool in_tx = state_ == State::kTxReady || state_ == State::kTxStreaming;
  const Value& text_value = message.fields[0];
  const Value& parameters_value = message.fields[1];
  std::string text;
  try {
    if (text_value.kind() != ValueKind::kString) throw RequestError{kRequestInvalid, "RUN's query must be a string"};
    if (parameters_value.kind() != ValueKind::kMap && parameters_value.kind() != ValueKind::kNull) {
      throw RequestError{kRequestInvalid, "RUN's parameters must be a map"};
    }
    text = std::string(text_value.AsString());
    const ValueMap parameters = parameters_value.kind() == ValueKind::kMap ? parameters_value.AsMap() : ValueMap{};
    bool read_mode = false;
    if (!in_tx) tx_timeout_ = std::chrono::milliseconds{0};
    ApplyExtra(message.fields[2], /*read_mode_allowed=*/!in_tx, read_mode);
    std::chrono::milliseconds timeout = server_.query_timeout;
    if (tx_timeout_.count() > 0 && (timeout.count() == 0 || tx_timeout_ < timeout)) timeout = tx_timeout_;
    connection_->SetQueryTimeout(timeout);
    PreparedStatement& statement = Prepared(text, parameters);
    if (read_mode && !statement.read_only()) {
      throw RequestError{"Neo.ClientError.Statement.AccessMode",
                         "Writing in read access mode not allowed: the session's access mode is READ"};
    }
    OpenResult open;
    open.result = connection_->Execute(statement, parameters);
    open.started = Clock::now();
    open.type = statement.read_only() ? "r" : (open.result.columns().empty() ? "w" : "rw");
    if (!in_tx && !statement.read_only()) server_.commits.fetch_add(1);
    std::vector<Value> fields;
    for (const auto& c : open.result.columns()) fields.push_back(Value::String(c));
    ValueMap metadata{{"fields", Value::List(std::move(fields))}, {"t_first", Value::Int(MillisSince(started))}};
    if (in_tx) {
      open.qid = next_qid_++;
      metadata.Set("qid", Value::Int(open.qid));
    }
    results_.push_back(std::move(open));
    state_ = in_tx ? State::kTxStreaming : State::kStreaming;
    Success(metadata);
  } catch (const RequestError& e) {
    Failure(e.code, e.message);
    server_.log.Line(connection_id_ + " " + user_ + "@" + client_address_ + " FAILURE " + e.code + ": " + e.message);
    state_ = State::kFailed;
  } catch (const QuiverError& e) {
    if (resets_handled_ < resets_arrived_.load()) {
      Ignored();  // stopped by a RESET that follows
      state_ = State::kInterrupted;
      return;
    }
    Failed(e, text);
  }
}

std::deque<BoltSession::OpenResult>::iterator BoltSession::FindResult(int64_t qid) {
  if (qid == -1) return results_.empty() ? results_.end() : std::prev(results_.end());
  return std::find_if(results_.begin(), results_.end(), [&](const OpenResult& r) { return r.qid == qid; });
}

void BoltSession::Pull(const BoltMessage& message, bool discard) {
  const bool in_tx = state_ == State::kTxStreaming;
  try {
    if (message.fields[0].kind() != ValueKind::kMap) {
      throw RequestError{kRequestInvalid, std::string(discard ? "DISCARD" : "PULL") + " takes a map"};
    }
    const ValueMap& extra = message.fields[0].AsMap();
    const int64_t n = IntEntry(extra, "n", -1);
    const int64_t qid = IntEntry(extra, "qid", -1);
    if (n == 0 || n < -1) throw RequestError{kRequestInvalid, "n must be -1 (all) or at least 1"};
    const auto open = FindResult(qid);
    if (open == results_.end()) throw RequestError{kRequestInvalid, "no open result with qid " + std::to_string(qid)};
    bool exhausted = false;
    if (discard && n == -1) {
      open->result.Close();
      exhausted = true;
    }
    for (int64_t sent = 0; !exhausted && (n == -1 || sent < n); ++sent) {
      if (!open->row_ahead && !open->result.Next()) {
        exhausted = true;
        break;
      }
      open->row_ahead = false;
      if (discard) continue;
      AppendRecord(pending_, open->result.row(), version_, scratch_);
      if (pending_.size() >= kFlushBytes && !Flush()) return;  // the connection is closing
    }
    // `n` rows sent: one more read tells has_more (the row waits for the next PULL).
    if (!exhausted) {
      if (open->result.Next()) {
        open->row_ahead = true;
        Success({{"has_more", Value::Bool(true)}});
        return;
      }
      exhausted = true;
    }
    const QuerySummary& summary = open->result.summary();
    ValueMap metadata{{"t_last", Value::Int(MillisSince(open->started))},
                      {"type", Value::String(open->type)},
                      {"db", Value::String(server_.database_name)}};
    if (summary.counters.ContainsUpdates()) metadata.Set("stats", Statistics(summary.counters));
    if (!summary.notifications.empty()) metadata.Set("notifications", NotificationsAsValue(summary.notifications));  // the drivers' summary.notifications
    if (summary.plan) metadata.Set(summary.plan->profiled ? "profile" : "plan", PlanMetadata(*summary.plan));
    if (!in_tx) metadata.Set("bookmark", Value::String(server_.Bookmark()));
    results_.erase(open);
    if (in_tx) {
      state_ = results_.empty() ? State::kTxReady : State::kTxStreaming;
    } else {
      state_ = State::kReady;
    }
    Success(metadata);
  } catch (const RequestError& e) {
    Failure(e.code, e.message);
    state_ = State::kFailed;
  } catch (const QuiverError& e) {
    CloseResults();
    if (resets_handled_ < resets_arrived_.load()) {
      Ignored();
      state_ = State::kInterrupted;
      return;
    }
    Failed(e, "");
  }
}

void BoltSession::Begin(const BoltMessage& message) {
  try {
    bool read_mode = false;
    tx_timeout_ = std::chrono::milliseconds{0};
    ApplyExtra(message.fields[0], /*read_mode_allowed=*/true, read_mode);
    // On a read-only server every transaction reads (a write in it is then refused).
    tx_read_only_ = read_mode || server_.read_only;
    connection_->Begin(tx_read_only_ ? TransactionMode::kReadOnly : TransactionMode::kReadWrite);
    next_qid_ = 0;
    state_ = State::kTxReady;
    Success({});
  } catch (const RequestError& e) {
    Failure(e.code, e.message);
    state_ = State::kFailed;
  } catch (const QuiverError& e) {
    Failed(e, "BEGIN");
  }
}

void BoltSession::Commit() {
  CloseResults();
  try {
    connection_->Commit();
    if (!tx_read_only_) server_.commits.fetch_add(1);
    state_ = State::kReady;
    Success({{"bookmark", Value::String(server_.Bookmark())}});
  } catch (const QuiverError& e) {
    Failed(e, "COMMIT");
  }
}

void BoltSession::Rollback() {
  CloseResults();
  try {
    connection_->Rollback();
    state_ = State::kReady;
    Success({});
  } catch (const QuiverError& e) {
    Failed(e, "ROLLBACK");
  }
}

}  // namespace quiver::server::bolt
