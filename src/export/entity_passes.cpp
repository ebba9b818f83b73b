#include <algorithm>
#include <atomic>

#include "export/formats.h"

namespace quiver::exporter {

void ReadNode(const GraphReader& graph, NodeId node, std::vector<LabelId>& labels, std::vector<PropertyEntry>& props) {
  labels.clear();
  graph.GetLabels(node, labels);
  std::sort(labels.begin(), labels.end());
  props.clear();
  graph.GetNodeProperties(node, props);
  if (!std::is_sorted(props.begin(), props.end(), [](auto& a, auto& b) { return a.first < b.first; })) {
    std::sort(props.begin(), props.end(), [](auto& a, auto& b) { return a.first < b.first; });
  }
}

void ReadRelationship(const GraphReader& graph, RelId rel, std::vector<PropertyEntry>& props) {
  props.clear();
  graph.GetRelationshipProperties(rel, props);
  if (!std::is_sorted(props.begin(), props.end(), [](auto& a, auto& b) { return a.first < b.first; })) {
    std::sort(props.begin(), props.end(), [](auto& a, auto& b) { return a.first < b.first; });
  }
}

void AddLayoutFiles(const GraphReader& graph, const ExportLayout& layout, const std::vector<std::string>& names,
                    ExportResult* result) {
  result->nodes = layout.nodes();
  result->relationships = layout.relationships();
  result->array_delimiter = layout.array_delimiter();
  for (uint32_t f = 0; f < layout.files().size(); ++f) {
    const ExportFile& file = layout.files()[f];
    ExportedFile e;
    e.name = names[f];
    e.kind = file.relationships ? "relationships" : "nodes";
    if (file.relationships) {
      e.type = graph.RelTypeName(file.type);
    } else {
      for (LabelId label : file.labels) e.labels.emplace_back(graph.LabelName(label));
    }
    e.rows = file.rows;
    result->files.push_back(std::move(e));
  }
}

Status WriteEntityPasses(const ExportContext& context, uint32_t file,
                         const std::function<std::unique_ptr<EntityVisitor>()>& make, ExportResult* result) {
  const GraphReader& graph = context.graph;
  const uint64_t total = 2 * context.morsels.count();
  std::vector<char> may_have_props(graph.RelTypeTokenCount());
  for (RelTypeId t = 0; t < may_have_props.size(); ++t) may_have_props[t] = graph.RelationshipTypeMayHaveProperties(t);
  for (const bool rels : {false, true}) {
    std::atomic<uint64_t> written{0};
    auto progress = [&](uint64_t done, uint64_t) {
      if (context.progress) context.progress((rels ? total / 2 : 0) + done, total);
    };
    QUIVER_RETURN_IF_ERROR(WriteMorsels(
        context.morsels, context.pool, context.files,
        [&](NodeId begin, NodeId end, std::vector<std::string>& buffers) {
          std::unique_ptr<EntityVisitor> visitor = make();
          std::vector<NodeId> ids;
          std::vector<LabelId> labels;
          std::vector<PropertyEntry> props;
          std::vector<Adjacent> out;
          std::string& b = buffers[file];
          uint64_t count = 0;
          graph.ScanNodes(begin, end, std::nullopt, ids);
          for (NodeId node : ids) {
            ReadNode(graph, node, labels, props);
            if (!rels) {
              visitor->Node(node, labels, props, b);
              ++count;
              continue;
            }
            out.clear();
            graph.Expand(node, Direction::kOutgoing, {}, out);
            for (const Adjacent& a : out) {
              props.clear();
              if (may_have_props[a.rel.type]) ReadRelationship(graph, a.rel.id, props);
              visitor->Relationship(a.rel, labels, props, b);
              ++count;
            }
          }
          visitor->Finish(b);
          written += count;
          return Status::OK();
        },
        progress));
    (rels ? result->relationships : result->nodes) = written.load();
  }
  result->files.push_back({context.files->name(file), "graph", {}, "", result->nodes + result->relationships, 0});
  return Status::OK();
}

}  // namespace quiver::exporter
