#pragma once
// A statement's result: column names and types, rows read incrementally, and a summary.
//
//   quiver::QueryResult r = conn->Query("MATCH (p:Person) RETURN p.name AS name");
//   while (r.Next()) std::cout << r.row()[0].AsString() << "\n";
//   std::cout << r.summary().rows << " rows\n";
//
// A statement that only reads streams: rows are computed batch by batch as Next() asks
// for them, so memory stays bounded however many rows there are, and closing (or
// destroying) the result early stops the work. A statement that writes runs to its end
// and commits before Query/Execute returns (its rows are then held in memory); its
// summary says what it changed.

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "quiver/export.h"
#include "quiver/value.h"

namespace quiver {

// What is known of a column's values before the statement runs (from the expression
// that computes it): kAny when the values may be of several kinds, as `n.prop` can.
// A value of a column typed kInteger is an INTEGER or null.
enum class ColumnType : uint8_t {
  kAny,
  kNull,
  kBoolean,
  kInteger,
  kFloat,
  kString,
  kList,
  kMap,
  kNode,
  kRelationship,
  kPath,
};
// The openCypher name: "ANY", "NULL", "BOOLEAN", "INTEGER", "FLOAT", "STRING", "LIST",
// "MAP", "NODE", "RELATIONSHIP", "PATH".
QUIVER_EXPORT std::string_view ColumnTypeName(ColumnType type);

// What a statement changed, counted as Neo4j's summary counts it: every property
// assignment (SET, REMOVE, and those of CREATE and MERGE) is one "set", a label added
// to a node that had it is not counted.
struct QUIVER_EXPORT UpdateCounters {
  uint64_t nodes_created = 0;
  uint64_t nodes_deleted = 0;
  uint64_t relationships_created = 0;
  uint64_t relationships_deleted = 0;
  uint64_t properties_set = 0;
  uint64_t labels_added = 0;
  uint64_t labels_removed = 0;
  uint64_t indexes_added = 0;
  uint64_t indexes_removed = 0;
  uint64_t constraints_added = 0;
  uint64_t constraints_removed = 0;

  bool ContainsUpdates() const;
  // "created 1 node, set 2 properties, added 1 label", or "no changes".
  std::string ToString() const;
  UpdateCounters& operator+=(const UpdateCounters& other);
  friend bool operator==(const UpdateCounters&, const UpdateCounters&) = default;
};

// Where a notification points in the statement text, as Neo4j's InputPosition: the
// byte offset from 0, the line and the column (in code points) from 1.
struct NotificationPosition {
  uint32_t offset = 0;
  uint32_t line = 1;
  uint32_t column = 1;
  friend bool operator==(const NotificationPosition&, const NotificationPosition&) = default;
};

// A warning about a statement that runs nonetheless, as Neo4j reports one in the result
// summary (its status-code names and fields). Quiver raises one kind at compile time: a
// label, relationship type or property key in a read position (MATCH, WHERE, a
// property read) that the database has never seen — most often a misspelling:
//   Neo.ClientNotification.Statement.UnknownLabelWarning
//   Neo.ClientNotification.Statement.UnknownRelationshipTypeWarning
//   Neo.ClientNotification.Statement.UnknownPropertyKeyWarning
struct Notification {
  std::string code;         // "Neo.ClientNotification.Statement.UnknownLabelWarning"
  std::string title;        // what the code means
  std::string description;  // this case, the name included
  std::string severity;     // "WARNING" (or "INFORMATION")
  std::string category;     // "UNRECOGNIZED"
  NotificationPosition position;
  friend bool operator==(const Notification&, const Notification&) = default;
};

// "warning: <title> <description> (line L, column C)": one line for a terminal.
QUIVER_EXPORT std::string FormatNotification(const Notification& notification);

// The notifications as the value every client surface sends (Bolt's SUCCESS, the HTTP
// answer, the bindings, the C API's JSON): a list of maps with Neo4j's keys — code,
// title, description, severity, category, position {offset, line, column}.
QUIVER_EXPORT Value NotificationsAsValue(const std::vector<Notification>& notifications);

// One operator of a statement's plan, as EXPLAIN and PROFILE report it in the summary
// (Neo4j's ProfiledPlan / Plan). `children` are the operator's inputs, its main input
// first (then subplans, a hash join's build side, a UNION's later branches).
struct QUIVER_EXPORT PlanOperator {
  std::string operator_type;             // Quiver's operator name: "NodeScan", "Expand", ...
  std::string details;                   // what it does: "(a)-[r:KNOWS]->(b)", "n.age > 30"
  std::vector<std::string> identifiers;  // the variables it binds itself (not those it passes on)
  std::optional<double> estimated_rows;  // the planner's estimate, where it has statistics
  // PROFILE only (profiled is false in EXPLAIN's plan):
  bool profiled = false;
  uint64_t rows = 0;  // rows it produced, over every run (a subplan runs once per outer row)
  // The time spent in it, its inputs' excluded. Several logical operators can run as one
  // physical operator (a pipeline, a vectorized fragment): the time is on the first
  // (topmost) of them, the others have none.
  std::optional<std::chrono::nanoseconds> time;
  // Its requests to the storage engine (Neo4j's db hits): an entity, label or property
  // read, an index seek, each node a scan yields, each relationship an expand reads;
  // a batched read counts once per item (docs/query_engine.md, "Db hits").
  uint64_t db_hits = 0;
  std::string note;  // how it ran, where worth saying: "vectorized, 2 workers", "factorized"
  std::vector<PlanOperator> children;

  PlanOperator() = default;
  PlanOperator(const PlanOperator&) = default;
  PlanOperator(PlanOperator&&) noexcept = default;
  PlanOperator& operator=(const PlanOperator&) = default;
  PlanOperator& operator=(PlanOperator&&) noexcept = default;
  // Iterative: a plan can be thousands of operators deep.
  ~PlanOperator();
};

// The plan as text, one operator a line; an operator's main input follows in its column,
// its other inputs come first, indented:
//   ProduceResults f.name, count(*)  [est=12]
//   Aggregate ...
// EXPLAIN's lines end in `  [est=N]` (where estimated); PROFILE's in `  [rows=N]`, a note,
// the operator's own time and its db hits: `(0.123 ms, 4 db hits)`.
QUIVER_EXPORT std::string FormatPlan(const PlanOperator& plan);

struct QuerySummary {
  uint64_t rows = 0;                  // rows the result produced
  std::chrono::nanoseconds elapsed{};  // from Query/Execute to the last row
  UpdateCounters counters;
  // The most memory the statement's operators held at once (sorts, hash tables, groups,
  // collected lists: what its memory limit counts), estimated.
  uint64_t peak_memory_bytes = 0;
  // Warnings about the statement, known once it is compiled (EXPLAIN reports them too);
  // in order of their position.
  std::vector<Notification> notifications;
  // EXPLAIN and PROFILE: the plan (profiled: PROFILE's, with rows and times); null for a
  // plain statement. Shared: summaries are copied, plans can be large.
  std::shared_ptr<const PlanOperator> plan;
};

// The engine's side of a streaming result (implemented in src/main/).
class QUIVER_EXPORT ResultStream {
 public:
  virtual ~ResultStream() = default;
  // Appends the next rows (at least one) to `rows`; false when there are no more.
  virtual bool Fetch(std::vector<std::vector<Value>>& rows) = 0;
  // Valid once Fetch returned false.
  virtual QuerySummary Summary() const = 0;
  // Stops the work and releases what the statement holds (its snapshot). Idempotent.
  virtual void Close() = 0;
};

class QUIVER_EXPORT QueryResult {
 public:
  QueryResult();
  // A result whose rows are already known (EXPLAIN's plan; tests).
  QueryResult(std::vector<std::string> columns, std::vector<std::vector<Value>> rows,
              std::vector<ColumnType> types = {}, QuerySummary summary = {});
  QueryResult(std::vector<std::string> columns, std::vector<ColumnType> types, std::unique_ptr<ResultStream> stream);
  QueryResult(QueryResult&&) noexcept;
  QueryResult& operator=(QueryResult&&) noexcept;
  ~QueryResult();

  const std::vector<std::string>& columns() const { return columns_; }
  const std::vector<ColumnType>& column_types() const { return types_; }

  // Streaming: moves to the next row; false at the end (or after Close).
  bool Next();
  // The row Next() moved to. Valid until the next call to Next().
  const std::vector<Value>& row() const;

  // Every row, read into memory (what is left of the stream; rows Next() already passed
  // are gone: calling rows() after Next() is ClientError/ResultConsumed).
  const std::vector<std::vector<Value>>& rows() const;
  size_t size() const { return rows().size(); }
  bool empty() const { return rows().empty(); }

  // Reads what is left (discarding rows nobody read) and returns the summary.
  const QuerySummary& summary() const;
  // Stops the statement; the summary then counts the rows produced so far.
  void Close();

 private:
  // Fetches the next batch into buffer_; false at the end.
  bool FetchMore() const;
  void Finish() const;

  std::vector<std::string> columns_;
  std::vector<ColumnType> types_;
  // mutable: reading a stream is how a const result shows its rows.
  mutable std::unique_ptr<ResultStream> stream_;
  mutable std::vector<std::vector<Value>> buffer_;  // fetched, not yet passed by Next()
  mutable size_t cursor_ = 0;                       // buffer_[cursor_ - 1] is row()
  mutable bool streamed_ = false;                   // Next() has passed rows
  mutable bool finished_ = false;
  mutable QuerySummary summary_;
};

}  // namespace quiver
