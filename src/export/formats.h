#pragma once
// The writers of the formats (one file each), called by ExportGraph (graph_export.cpp)
// with the directory's files not yet created: each creates its files in `files`, fills
// `result` (counts, the files' kinds and labels), and leaves syncing to the caller.

#include "export/graph_export.h"
#include "export/ordered_writer.h"

namespace quiver::exporter {

struct ExportContext {
  Env* env;
  const std::string& dir;  // the export directory (formats that write their own files)
  const GraphReader& graph;
  const Morsels& morsels;
  ingest::WorkerPool* pool;
  OutputFiles* files;
  const ExportOptions& options;
  // Progress of the whole export: the formats pass over the morsels `passes` times.
  std::function<void(uint64_t done, uint64_t total)> progress;
};

Status WriteCsv(const ExportContext& context, ExportResult* result);
Status WriteJsonLines(const ExportContext& context, ExportResult* result);
Status WriteCypher(const ExportContext& context, ExportResult* result);
Status WriteParquet(const ExportContext& context, ExportResult* result);

// What a single-file format (JSON lines, Cypher) writes of each entity, one visitor per
// morsel: the nodes in a first pass over the snapshot, the relationships in a second.
class EntityVisitor {
 public:
  virtual ~EntityVisitor() = default;
  virtual void Node(NodeId node, const std::vector<LabelId>& labels, const std::vector<PropertyEntry>& props,
                    std::string& out) = 0;
  // start_labels: the labels of rel.start.
  virtual void Relationship(const RelationshipRef& rel, const std::vector<LabelId>& start_labels,
                            const std::vector<PropertyEntry>& props, std::string& out) = 0;
  // The end of the morsel (a batching format writes what it holds).
  virtual void Finish(std::string& /*out*/) {}
};

// Runs both passes into `file`, a visitor per morsel from `make`; counts what it wrote.
Status WriteEntityPasses(const ExportContext& context, uint32_t file,
                         const std::function<std::unique_ptr<EntityVisitor>()>& make, ExportResult* result);

// The labels of `node`, ascending ids, and its properties, ascending keys.
void ReadNode(const GraphReader& graph, NodeId node, std::vector<LabelId>& labels, std::vector<PropertyEntry>& props);
// The properties of `rel`, ascending keys.
void ReadRelationship(const GraphReader& graph, RelId rel, std::vector<PropertyEntry>& props);

// The formats with a header (CSV, Parquet): node_fn(file, node, props) for every node of
// [begin, end) and rel_fn(file, rel, props) for each of its outgoing relationships, with
// the layout file each goes to. A template: rel_fn runs once a relationship, inlined.
template <typename NodeFn, typename RelFn>
void VisitLayoutMorsel(const GraphReader& graph, const ExportLayout& layout, NodeId begin, NodeId end,
                       NodeFn&& node_fn, RelFn&& rel_fn) {
  std::vector<NodeId> nodes;
  std::vector<LabelId> labels;
  std::vector<PropertyEntry> props;
  std::vector<Adjacent> out;
  graph.ScanNodes(begin, end, std::nullopt, nodes);
  for (NodeId node : nodes) {
    ReadNode(graph, node, labels, props);
    node_fn(layout.NodeFile(labels, props), node, props);
    out.clear();
    graph.Expand(node, Direction::kOutgoing, {}, out);
    for (const Adjacent& a : out) {
      props.clear();
      if (layout.RelationshipsHaveProperties(a.rel.type)) ReadRelationship(graph, a.rel.id, props);
      rel_fn(layout.RelationshipFile(a.rel.type, props), a.rel, props);
    }
  }
}
// The layout's files as the result lists them, named `names` (in layout order).
void AddLayoutFiles(const GraphReader& graph, const ExportLayout& layout, const std::vector<std::string>& names,
                    ExportResult* result);


}  // namespace quiver::exporter
