// neo4j-admin import CSVs: a file per group of ExportLayout, its header typed, so that
// `quiver import` (and neo4j-admin import) read the same graph back:
//   nodes_Person.csv         :ID{id-type:int},:LABEL,age:long,name:string
//   relationships_KNOWS.csv  :START_ID,:END_ID,:TYPE,since:long
// The ids are the snapshot's node ids; the relationships refer to them.

#include <algorithm>
#include <charconv>
#include <cstring>

#include "export/formats.h"
#include "export/value_text.h"

namespace quiver::exporter {
namespace {

std::string Header(const ExportFile& file) {
  std::string out = file.relationships ? ":START_ID,:END_ID,:TYPE" : ":ID{id-type:int},:LABEL";
  for (const PropertyColumn& c : file.columns) {
    out += ',';
    std::string field = c.name + ":" + std::string(ScalarTypeName(c.shape.kind()));
    if (c.shape.is_list()) field += "[]";
    AppendCsvText(out, field);
  }
  return out + "\n";
}

// The fixed field of a file: its labels joined by the delimiter, or its type.
std::string OwnerField(const GraphReader& graph, const ExportFile& file, char delimiter) {
  std::string text;
  if (file.relationships) {
    text = graph.RelTypeName(file.type);
  } else {
    for (LabelId label : file.labels) {
      if (!text.empty()) text += delimiter;
      text += graph.LabelName(label);
    }
  }
  std::string out;
  AppendCsvText(out, text);
  return out;
}

// The columns' fields of one row: props (ascending keys) merged with the file's columns.
void AppendColumns(const ExportFile& file, const std::vector<PropertyEntry>& props, char delimiter, std::string& out) {
  auto p = props.begin();
  for (const PropertyColumn& c : file.columns) {
    out += ',';
    while (p != props.end() && p->first < c.key) ++p;
    if (p != props.end() && p->first == c.key && !p->second.IsNull()) AppendCsvField(out, p->second, delimiter);
  }
  out += '\n';
}

void AppendId(std::string& out, uint64_t id) {
  char buf[24];
  out.append(buf, std::to_chars(buf, buf + sizeof buf, id).ptr);
}

// "start,end,TYPE" written in one go: the line most of an export's bytes are (AppendColumns
// ends it). The buffer grows once for the longest such text and is cut back.
void AppendEndpoints(std::string& out, uint64_t start, uint64_t end, std::string_view type) {
  const size_t at = out.size();
  out.resize(at + 2 * 20 + 2 + type.size());
  char* p = out.data() + at;
  char* const limit = out.data() + out.size();
  p = std::to_chars(p, limit, start).ptr;
  *p++ = ',';
  p = std::to_chars(p, limit, end).ptr;
  *p++ = ',';
  std::memcpy(p, type.data(), type.size());
  out.resize(static_cast<size_t>(p - out.data()) + type.size());
}

}  // namespace

Status WriteCsv(const ExportContext& context, ExportResult* result) {
  const GraphReader& graph = context.graph;
  QUIVER_ASSIGN_OR_RETURN(ExportLayout layout, ExportLayout::Scan(graph, context.morsels, context.pool));
  const char delimiter = layout.array_delimiter();
  std::vector<std::string> owner_fields;
  for (const ExportFile& file : layout.files()) {
    QUIVER_ASSIGN_OR_RETURN(uint32_t f, context.files->Create(file.stem + ".csv"));
    QUIVER_RETURN_IF_ERROR(context.files->Append(f, Header(file)));
    owner_fields.push_back(OwnerField(graph, file, delimiter));
  }
  const uint64_t total = context.morsels.count();
  auto progress = [&](uint64_t done, uint64_t) {
    if (context.progress) context.progress(done, total);
  };
  QUIVER_RETURN_IF_ERROR(WriteMorsels(
      context.morsels, context.pool, context.files,
      [&](NodeId begin, NodeId end, std::vector<std::string>& buffers) {
        VisitLayoutMorsel(
            graph, layout, begin, end,
            [&](uint32_t f, NodeId node, const std::vector<PropertyEntry>& props) {
              std::string& b = buffers[f];
              AppendId(b, node);
              b += ',';
              b += owner_fields[f];
              AppendColumns(layout.files()[f], props, delimiter, b);
            },
            [&](uint32_t f, const RelationshipRef& rel, const std::vector<PropertyEntry>& props) {
              std::string& b = buffers[f];
              AppendEndpoints(b, rel.start, rel.end, owner_fields[f]);
              AppendColumns(layout.files()[f], props, delimiter, b);
            });
        return Status::OK();
      },
      progress));
  std::vector<std::string> names;
  for (uint32_t f = 0; f < layout.files().size(); ++f) names.push_back(context.files->name(f));
  AddLayoutFiles(graph, layout, names, result);
  return Status::OK();
}

}  // namespace quiver::exporter
