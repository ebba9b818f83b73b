// A Cypher script that creates the graph again, for small graphs (`quiver shell DB <
// graph.cypher`), in the shape of APOC's cypher-shell export: every node is created
// with a temporary label and id property, which an index makes the relationships'
// endpoint lookups cheap, both removed at the end, and the schema created last (so the
// data is not checked row by row):
//
//   CREATE RANGE INDEX `__quiver_export_id` FOR (n:`__QuiverExport`) ON (n.`__quiver_export_id`);
//   UNWIND [{i: 0, p: {name: 'Ada'}}, …] AS row
//     CREATE (n:`__QuiverExport`:`Person` {`__quiver_export_id`: row.i}) SET n += row.p;
//   UNWIND [{s: 0, e: 1, p: {}}, …] AS row
//     MATCH (a:`__QuiverExport` {`__quiver_export_id`: row.s}), (b:`__QuiverExport` {`__quiver_export_id`: row.e})
//     CREATE (a)-[r:`KNOWS`]->(b) SET r += row.p;
//   MATCH (n:`__QuiverExport`) REMOVE n:`__QuiverExport`, n.`__quiver_export_id`;
//   DROP INDEX `__quiver_export_id`;
//   CREATE CONSTRAINT …;
//
// A statement carries at most kBatchRows rows, each statement its own transaction.

#include <map>
#include <memory>

#include "export/formats.h"
#include "export/value_text.h"

namespace quiver::exporter {
namespace {

constexpr uint64_t kBatchRows = 1000;
constexpr std::string_view kLabel = "`__QuiverExport`";
constexpr std::string_view kKey = "`__quiver_export_id`";

// The rows of one UNWIND statement being built, and the text around them.
struct Batch {
  std::string rows;
  uint64_t count = 0;
};

void AppendProperties(const GraphReader& graph, const std::vector<PropertyEntry>& props, std::string& out) {
  AppendPropertyMap(out, props, MapSyntax::kCypher, [&](uint32_t key) { return graph.PropertyKeyName(key); });
}
std::string NodeStatementTail(const GraphReader& graph, const std::vector<LabelId>& labels) {
  std::string out = "] AS row CREATE (n:" + std::string(kLabel);
  for (LabelId label : labels) {
    out += ':';
    AppendCypherName(out, graph.LabelName(label));
  }
  return out + " {" + std::string(kKey) + ": row.i}) SET n += row.p;\n";
}

std::string RelationshipStatementTail(const GraphReader& graph, RelTypeId type) {
  std::string out = "] AS row MATCH (a:" + std::string(kLabel) + " {" + std::string(kKey) + ": row.s}), (b:" +
                    std::string(kLabel) + " {" + std::string(kKey) + ": row.e}) CREATE (a)-[r:";
  AppendCypherName(out, graph.RelTypeName(type));
  return out + "]->(b) SET r += row.p;\n";
}

// Rows batched per label set (nodes) or type (relationships) within a morsel.
class CypherVisitor final : public EntityVisitor {
 public:
  explicit CypherVisitor(const GraphReader& graph) : graph_(graph) {}

  void Node(NodeId node, const std::vector<LabelId>& labels, const std::vector<PropertyEntry>& props,
            std::string& out) override {
    row_ = "{i: " + std::to_string(node) + ", p: ";
    AppendProperties(graph_, props, row_);
    row_ += '}';
    if (Add(node_batches_[labels], out)) out += NodeStatementTail(graph_, labels);
  }

  void Relationship(const RelationshipRef& rel, const std::vector<LabelId>&, const std::vector<PropertyEntry>& props,
                    std::string& out) override {
    row_ = "{s: " + std::to_string(rel.start) + ", e: " + std::to_string(rel.end) + ", p: ";
    AppendProperties(graph_, props, row_);
    row_ += '}';
    if (Add(rel_batches_[rel.type], out)) out += RelationshipStatementTail(graph_, rel.type);
  }

  void Finish(std::string& out) override {
    for (auto& [labels, batch] : node_batches_) {
      if (batch.count > 0) out += batch.rows + NodeStatementTail(graph_, labels);
    }
    for (auto& [type, batch] : rel_batches_) {
      if (batch.count > 0) out += batch.rows + RelationshipStatementTail(graph_, type);
    }
  }

 private:
  // Adds row_ to `batch`; when it is full, writes its rows to `out` and returns true
  // (the caller writes the statement's tail).
  bool Add(Batch& batch, std::string& out) {
    batch.rows += batch.count == 0 ? "UNWIND [" : ", ";
    batch.rows += row_;
    if (++batch.count < kBatchRows) return false;
    out += batch.rows;
    batch = {};
    return true;
  }

  const GraphReader& graph_;
  std::string row_;
  std::map<std::vector<LabelId>, Batch> node_batches_;
  std::map<RelTypeId, Batch> rel_batches_;
};

}  // namespace

Status WriteCypher(const ExportContext& context, ExportResult* result) {
  QUIVER_ASSIGN_OR_RETURN(uint32_t file, context.files->Create("graph.cypher"));
  QUIVER_RETURN_IF_ERROR(context.files->Append(
      file, "CREATE RANGE INDEX " + std::string(kKey) + " FOR (n:" + std::string(kLabel) + ") ON (n." +
                std::string(kKey) + ");\n"));
  QUIVER_RETURN_IF_ERROR(WriteEntityPasses(
      context, file, [&] { return std::make_unique<CypherVisitor>(context.graph); }, result));
  std::string tail = "MATCH (n:" + std::string(kLabel) + ") REMOVE n:" + std::string(kLabel) + ", n." +
                     std::string(kKey) + ";\nDROP INDEX " + std::string(kKey) + ";\n";
  for (const std::string& statement : context.options.schema) tail += statement + ";\n";
  for (const std::string& statement : context.options.schema_after_import) tail += statement + ";\n";
  return context.files->Append(file, tail);
}

}  // namespace quiver::exporter
