// The public QueryResult (quiver/result.h): a buffer of fetched rows over the engine's
// ResultStream, and the summary types.

#include "quiver/result.h"

#include <cctype>

#include "quiver/error.h"

namespace quiver {

std::string_view ColumnTypeName(ColumnType type) {
  switch (type) {
    case ColumnType::kAny: return "ANY";
    case ColumnType::kNull: return "NULL";
    case ColumnType::kBoolean: return "BOOLEAN";
    case ColumnType::kInteger: return "INTEGER";
    case ColumnType::kFloat: return "FLOAT";
    case ColumnType::kString: return "STRING";
    case ColumnType::kList: return "LIST";
    case ColumnType::kMap: return "MAP";
    case ColumnType::kNode: return "NODE";
    case ColumnType::kRelationship: return "RELATIONSHIP";
    case ColumnType::kPath: return "PATH";
  }
  return "ANY";
}

bool UpdateCounters::ContainsUpdates() const { return *this != UpdateCounters{}; }

UpdateCounters& UpdateCounters::operator+=(const UpdateCounters& o) {
  nodes_created += o.nodes_created;
  nodes_deleted += o.nodes_deleted;
  relationships_created += o.relationships_created;
  relationships_deleted += o.relationships_deleted;
  properties_set += o.properties_set;
  labels_added += o.labels_added;
  labels_removed += o.labels_removed;
  indexes_added += o.indexes_added;
  indexes_removed += o.indexes_removed;
  constraints_added += o.constraints_added;
  constraints_removed += o.constraints_removed;
  return *this;
}

std::string UpdateCounters::ToString() const {
  std::string out;
  auto add = [&](uint64_t n, const char* verb, const char* one, const char* many) {
    if (n == 0) return;
    if (!out.empty()) out += ", ";
    out += std::string(verb) + " " + std::to_string(n) + " " + (n == 1 ? one : many);
  };
  add(nodes_created, "created", "node", "nodes");
  add(nodes_deleted, "deleted", "node", "nodes");
  add(relationships_created, "created", "relationship", "relationships");
  add(relationships_deleted, "deleted", "relationship", "relationships");
  add(properties_set, "set", "property", "properties");
  add(labels_added, "added", "label", "labels");
  add(labels_removed, "removed", "label", "labels");
  add(indexes_added, "added", "index", "indexes");
  add(indexes_removed, "removed", "index", "indexes");
  add(constraints_added, "added", "constraint", "constraints");
  add(constraints_removed, "removed", "constraint", "constraints");
  return out.empty() ? "no changes" : out;
}

std::string FormatNotification(const Notification& n) {
  std::string severity = n.severity;
  for (char& c : severity) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const std::string_view code = std::string_view(n.code).substr(n.code.rfind('.') + 1);
  return severity + ": " + n.description + " (" + std::string(code) + ", line " + std::to_string(n.position.line) +
         ", column " + std::to_string(n.position.column) + ")";
}

Value NotificationsAsValue(const std::vector<Notification>& notifications) {
  std::vector<Value> out;
  out.reserve(notifications.size());
  for (const Notification& n : notifications) {
    ValueMap position{{"offset", Value::Int(n.position.offset)},
                      {"line", Value::Int(n.position.line)},
                      {"column", Value::Int(n.position.column)}};
    out.push_back(Value::Map(ValueMap{{"code", Value::String(n.code)},
                                      {"title", Value::String(n.title)},
                                      {"description", Value::String(n.description)},
                                      {"severity", Value::String(n.severity)},
                                      {"category", Value::String(n.category)},
                                      {"position", Value::Map(std::move(position))}}));
  }
  return Value::List(std::move(out));
}

QueryResult::QueryResult() { finished_ = true; }

QueryResult::QueryResult(std::vector<std::string> columns, std::vector<std::vector<Value>> rows,
                         std::vector<ColumnType> types, QuerySummary summary)
    : columns_(std::move(columns)), types_(std::move(types)), buffer_(std::move(rows)), finished_(true),
      summary_(summary) {
  types_.resize(columns_.size(), ColumnType::kAny);
  if (summary_.rows == 0) summary_.rows = buffer_.size();
}

QueryResult::QueryResult(std::vector<std::string> columns, std::vector<ColumnType> types,
                         std::unique_ptr<ResultStream> stream)
    : columns_(std::move(columns)), types_(std::move(types)), stream_(std::move(stream)) {
  types_.resize(columns_.size(), ColumnType::kAny);
}

QueryResult::QueryResult(QueryResult&&) noexcept = default;
QueryResult& QueryResult::operator=(QueryResult&&) noexcept = default;

QueryResult::~QueryResult() {
  if (stream_) stream_->Close();
}

bool QueryResult::FetchMore() const {
  if (finished_) return false;
  if (stream_->Fetch(buffer_)) return true;
  Finish();
  return false;
}

void QueryResult::Finish() const {
  if (finished_) return;
  finished_ = true;
  summary_ = stream_->Summary();
  stream_->Close();
  stream_.reset();
}

bool QueryResult::Next() {
  if (cursor_ < buffer_.size()) {
    ++cursor_;
    streamed_ = true;
    return true;
  }
  // Every buffered row has been passed: drop them, so memory stays bounded.
  buffer_.clear();
  cursor_ = 0;
  if (!FetchMore()) return false;
  cursor_ = 1;
  streamed_ = true;
  return true;
}

const std::vector<Value>& QueryResult::row() const {
  if (cursor_ == 0) throw ClientError("NoRow", "row() before Next() returned true");
  return buffer_[cursor_ - 1];
}

const std::vector<std::vector<Value>>& QueryResult::rows() const {
  if (streamed_) {
    throw ClientError("ResultConsumed", "rows() after Next(): the rows already read are gone");
  }
  while (FetchMore()) {
  }
  return buffer_;
}

const QuerySummary& QueryResult::summary() const {
  if (!finished_) {
    // What nobody read is not kept: read on in batches, dropping them.
    std::vector<std::vector<Value>> discard;
    while (stream_->Fetch(discard)) discard.clear();
    Finish();
  }
  return summary_;
}

void QueryResult::Close() {
  if (stream_ && !finished_) {
    stream_->Close();
    finished_ = true;
    summary_ = stream_->Summary();
    stream_.reset();
  }
  buffer_.clear();
  cursor_ = 0;
}

}  // namespace quiver
