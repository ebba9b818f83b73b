// JSON lines in APOC's export shape (apoc.export.json.all), one object a line, the
// nodes first:
//   {"type":"node","id":"0","labels":["Person"],"properties":{"name":"Ada"}}
//   {"type":"relationship","id":"0","label":"KNOWS","properties":{},
//    "start":{"id":"0","labels":["Person"]},"end":{"id":"1","labels":["Person"]}}
// Ids are the snapshot's, as strings as APOC writes them; values follow
// quiver/value_json.h (temporals as ISO text, NaN and the infinities as strings).

#include <algorithm>
#include <charconv>
#include <memory>

#include "export/formats.h"
#include "export/value_text.h"

namespace quiver::exporter {
namespace {

void AppendId(std::string& out, uint64_t id) {
  char buf[24];
  buf[0] = '"';
  char* end = std::to_chars(buf + 1, buf + sizeof buf - 1, id).ptr;
  *end++ = '"';
  out.append(buf, end);
}

void AppendLabels(const GraphReader& graph, const std::vector<LabelId>& labels, std::string& out) {
  out += '[';
  for (size_t i = 0; i < labels.size(); ++i) {
    if (i > 0) out += ',';
    AppendJsonString(out, graph.LabelName(labels[i]));
  }
  out += ']';
}

void AppendProperties(const GraphReader& graph, const std::vector<PropertyEntry>& props, std::string& out) {
  AppendPropertyMap(out, props, MapSyntax::kJson, [&](uint32_t key) { return graph.PropertyKeyName(key); });
}
class JsonLinesVisitor final : public EntityVisitor {
 public:
  explicit JsonLinesVisitor(const GraphReader& graph) : graph_(graph) {}

  void Node(NodeId node, const std::vector<LabelId>& labels, const std::vector<PropertyEntry>& props,
            std::string& b) override {
    b += R"({"type":"node","id":)";
    AppendId(b, node);
    b += R"(,"labels":)";
    AppendLabels(graph_, labels, b);
    b += R"(,"properties":)";
    AppendProperties(graph_, props, b);
    b += "}\n";
  }

  void Relationship(const RelationshipRef& rel, const std::vector<LabelId>& start_labels,
                    const std::vector<PropertyEntry>& props, std::string& b) override {
    end_labels_.clear();
    graph_.GetLabels(rel.end, end_labels_);
    std::sort(end_labels_.begin(), end_labels_.end());
    b += R"({"type":"relationship","id":)";
    AppendId(b, rel.id);
    b += R"(,"label":)";
    AppendJsonString(b, graph_.RelTypeName(rel.type));
    b += R"(,"properties":)";
    AppendProperties(graph_, props, b);
    b += R"(,"start":{"id":)";
    AppendId(b, rel.start);
    b += R"(,"labels":)";
    AppendLabels(graph_, start_labels, b);
    b += R"(},"end":{"id":)";
    AppendId(b, rel.end);
    b += R"(,"labels":)";
    AppendLabels(graph_, end_labels_, b);
    b += "}}\n";
  }

 private:
  const GraphReader& graph_;
  std::vector<LabelId> end_labels_;
};

}  // namespace

Status WriteJsonLines(const ExportContext& context, ExportResult* result) {
  QUIVER_ASSIGN_OR_RETURN(uint32_t file, context.files->Create("graph.jsonl"));
  return WriteEntityPasses(
      context, file, [&] { return std::make_unique<JsonLinesVisitor>(context.graph); }, result);
}

}  // namespace quiver::exporter
