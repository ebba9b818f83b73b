#include "ingest/g500_output.h"

#include <algorithm>
#include <charconv>

namespace quiver::ingest {
namespace {

void AppendNumber(std::string* out, uint64_t v) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof(buf), v);
  out->append(buf, r.ptr);
}

}  // namespace

Status GenerateIntoSession(const G500Generator& g, ConstructionSession* s) {
  const uint64_t n = g.vertex_count();
  const uint32_t label = s->Label(kG500Label);
  const uint32_t type = s->RelType(kG500Type);
  const uint32_t id_key = s->PropertyKey(kG500KeyProperty);
  QUIVER_ASSIGN_OR_RETURN(uint32_t space, s->IdSpace("", KeyType::kInteger));
  NodeBatch nodes;
  nodes.count = n;
  nodes.label_sets = {{label}};
  nodes.id_space = space;
  nodes.keys.type = KeyType::kInteger;
  nodes.keys.sequence = true;
  nodes.keys.first = 0;
  nodes.keys.count = n;
  nodes.key_property = id_key;
  std::vector<NodeBatch> batch;
  batch.push_back(std::move(nodes));
  QUIVER_RETURN_IF_ERROR(s->AddNodes(std::move(batch)));
  QUIVER_RETURN_IF_ERROR(s->FinishNodes(false, nullptr));

  const uint64_t m = g.edge_count();
  // Batches in flight: four per worker, at most a sixteenth of the budget together.
  const uint64_t wave = uint64_t{s->workers()} * 4;
  const uint64_t task_edges =
      std::clamp<uint64_t>(s->memory_budget() / 16 / 8 / wave, uint64_t{1} << 12, kG500TaskEdges);
  s->ReserveProducerMemory(wave * task_edges * 8);
  const uint64_t tasks = (m + task_edges - 1) / task_edges;
  Progress* progress = s->progress();
  if (progress) progress->BeginPhase("generate", m, "edges");
  for (uint64_t first = 0; first < tasks; first += wave) {
    const uint64_t count = std::min(wave, tasks - first);
    std::vector<EdgeBatch> batches(count);
    s->pool()->ParallelFor(count, [&](size_t i, uint32_t) {
      const uint64_t b = (first + i) * task_edges, e = std::min(m, b + task_edges);
      EdgeBatch& batch = batches[i];
      batch.type = type;
      batch.src.resize(e - b);
      batch.dst.resize(e - b);
      g.Generate(b, e, batch.src.data(), batch.dst.data());
      if (progress) progress->Advance(e - b);
    });
    QUIVER_RETURN_IF_ERROR(s->AddEdges(std::move(batches)));
  }
  if (progress) progress->EndPhase();
  return Status::OK();
}

Result<CsvOutput> WriteG500Csv(const G500Generator& g, Env* env, const std::string& dir, WorkerPool* pool,
                               Progress* progress) {
  QUIVER_RETURN_IF_ERROR(env->CreateDirs(dir));
  CsvOutput out;
  const uint64_t wave = uint64_t{pool->size()} * 4;
  // Formats [0, total) in tasks of task_rows; writes each wave's texts in task order.
  auto write = [&](const std::string& path, std::string_view header, uint64_t total, uint64_t task_rows,
                   auto&& format) -> Result<uint64_t> {
    QUIVER_ASSIGN_OR_RETURN(auto file, env->NewWritableFile(path));
    std::string head(header);
    head.push_back('\n');
    QUIVER_RETURN_IF_ERROR(file->Append(head));
    const uint64_t tasks = (total + task_rows - 1) / task_rows;
    std::vector<std::string> texts(wave);
    for (uint64_t first = 0; first < tasks; first += wave) {
      const uint64_t count = std::min(wave, tasks - first);
      pool->ParallelFor(count, [&](size_t i, uint32_t) {
        const uint64_t b = (first + i) * task_rows, e = std::min(total, b + task_rows);
        texts[i].clear();
        format(b, e, &texts[i]);
        if (progress) progress->Advance(e - b);
      });
      for (uint64_t i = 0; i < count; ++i) QUIVER_RETURN_IF_ERROR(file->Append(texts[i]));
    }
    QUIVER_RETURN_IF_ERROR(file->Sync());
    const uint64_t size = file->Size();
    QUIVER_RETURN_IF_ERROR(file->Close());
    return size;
  };
  if (progress) progress->BeginPhase("write nodes.csv", g.vertex_count(), "nodes");
  QUIVER_ASSIGN_OR_RETURN(
      out.nodes_bytes, write(JoinPath(dir, "nodes.csv"), kG500NodesHeader, g.vertex_count(), kG500TaskEdges,
                             [&](uint64_t b, uint64_t e, std::string* text) {
                               text->reserve((e - b) * 12);
                               for (uint64_t v = b; v < e; ++v) {
                                 AppendNumber(text, v);
                                 text->append(",V\n");
                               }
                             }));
  if (progress) progress->EndPhase();
  if (progress) progress->BeginPhase("write edges.csv", g.edge_count(), "edges");
  QUIVER_ASSIGN_OR_RETURN(out.edges_bytes,
                          write(JoinPath(dir, "edges.csv"), kG500EdgesHeader, g.edge_count(), kG500TaskEdges,
                                [&](uint64_t b, uint64_t e, std::string* text) {
                                  std::vector<uint32_t> src(e - b), dst(e - b);
                                  g.Generate(b, e, src.data(), dst.data());
                                  text->reserve((e - b) * 20);
                                  for (uint64_t i = 0; i < e - b; ++i) {
                                    AppendNumber(text, src[i]);
                                    text->push_back(',');
                                    AppendNumber(text, dst[i]);
                                    text->append(",E\n");
                                  }
                                }));
  if (progress) progress->EndPhase();
  QUIVER_RETURN_IF_ERROR(env->SyncDir(dir));
  return out;
}

}  // namespace quiver::ingest
