#include "storage/property_index_build.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

#include "common/error_status.h"

namespace quiver::storage {
namespace {

// Nodes read between progress reports (and checks of a sibling's failure).
constexpr uint64_t kProgressStride = uint64_t{1} << 16;

// The file's order: by key bytes, then node id.
bool EntryLess(std::string_view key_a, uint64_t node_a, std::string_view key_b, uint64_t node_b) {
  const int c = key_a.compare(key_b);
  return c < 0 || (c == 0 && node_a < node_b);
}

// One worker's sorted entries: keys in `bytes`, entry i at (offset, length).
struct Run {
  struct Entry {
    uint64_t offset;
    uint64_t length;
    uint64_t node;
  };
  std::string bytes;
  std::vector<Entry> entries;
  std::string_view Key(const Entry& e) const { return std::string_view(bytes).substr(e.offset, e.length); }
};

class Builder {
 public:
  Builder(uint64_t total, const IndexEntryEncoder& encode, const IndexBuildProgress& progress)
      : total_(total), encode_(encode), progress_(progress) {}

  // Reads, encodes and sorts the entries of the ids in [begin, end).
  Status Read(uint64_t begin, uint64_t end, Run* run) {
    for (uint64_t from = begin; from < end; from += kProgressStride) {
      if (failed_.load(std::memory_order_relaxed)) return Status::OK();  // a sibling's error is reported
      const uint64_t to = std::min(end, from + kProgressStride);
      for (uint64_t v = from; v < to; ++v) {
        const uint64_t offset = run->bytes.size();
        QUIVER_ASSIGN_OR_RETURN(bool has_entry, encode_(v, run->bytes));
        if (has_entry) run->entries.push_back({offset, run->bytes.size() - offset, v});
      }
      Report(to - from);
    }
    std::sort(run->entries.begin(), run->entries.end(),
              [run](const Run::Entry& a, const Run::Entry& b) {
                return EntryLess(run->Key(a), a.node, run->Key(b), b.node);
              });
    return Status::OK();
  }

  void Fail() { failed_.store(true, std::memory_order_relaxed); }

 private:
  // Under the lock, so the reports a callback sees never go backwards.
  void Report(uint64_t nodes) {
    if (!progress_) return;
    std::lock_guard<std::mutex> l(progress_mu_);
    const uint64_t done = done_.fetch_add(nodes) + nodes;
    progress_(done, total_);
  }

  const uint64_t total_;
  const IndexEntryEncoder& encode_;
  const IndexBuildProgress& progress_;
  std::atomic<uint64_t> done_{0};
  std::atomic<bool> failed_{false};
  std::mutex progress_mu_;
};

// The runs' entries in (key, node) order. The runs are few (one per worker): a linear
// pick of the smallest head is cheaper than a heap at that size.
PropertyIndexData Merge(const IndexDefinition& d, std::vector<Run>& runs) {
  PropertyIndexData out;
  out.definition = d;
  uint64_t entries = 0, bytes = 0;
  for (const Run& r : runs) {
    entries += r.entries.size();
    bytes += r.bytes.size();
  }
  out.nodes.reserve(entries);
  out.key_offsets.reserve(entries + 1);
  out.key_bytes.reserve(bytes);
  std::vector<size_t> head(runs.size(), 0);
  for (uint64_t n = 0; n < entries; ++n) {
    size_t best = runs.size();
    for (size_t r = 0; r < runs.size(); ++r) {
      if (head[r] == runs[r].entries.size()) continue;
      if (best == runs.size()) {
        best = r;
        continue;
      }
      const Run::Entry& a = runs[r].entries[head[r]];
      const Run::Entry& b = runs[best].entries[head[best]];
      if (EntryLess(runs[r].Key(a), a.node, runs[best].Key(b), b.node)) best = r;
    }
    const Run::Entry& e = runs[best].entries[head[best]++];
    out.key_bytes += runs[best].Key(e);
    out.key_offsets.push_back(out.key_bytes.size());
    out.nodes.push_back(e.node);
  }
  return out;
}

}  // namespace

NodeKeyEncoder::NodeKeyEncoder(const Generation& g, const IndexDefinition& d) : g_(g), token_(d.token) {
  for (PropertyKeyId key : d.keys) columns_.push_back(g.NodeColumn(key));
}

Result<bool> NodeKeyEncoder::Append(uint64_t node, std::string& out) const {
  if (columns_.empty() || columns_[0] == nullptr || !columns_[0]->IsPresent(node) || !g_.HasLabel(node, token_)) {
    return false;
  }
  return AppendColumnsKey(columns_, node, out);
}

Result<bool> AppendColumnsKey(std::span<const PropertyColumn* const> columns, uint64_t row, std::string& out) {
  const size_t start = out.size();
  for (size_t k = 0; k < columns.size(); ++k) {
    const PropertyColumn* c = columns[k];
    if (c == nullptr || !c->IsPresent(row)) {
      if (k == 0) return false;
      out.push_back(kIndexKeyAbsent);
      continue;
    }
    QUIVER_ASSIGN_OR_RETURN(PropertyValue v, c->Get(row));
    if (IsIndexable(v)) {
      AppendIndexKey(v, out);
    } else if (k == 0) {
      out.resize(start);
      return false;  // no entry: the seek of such a value is declined
    } else {
      out.push_back(kIndexKeyAbsent);
    }
  }
  return true;
}

Result<PropertyIndexData> BuildPropertyIndex(const Generation& g, const IndexDefinition& d, unsigned workers,
                                             const IndexBuildProgress& progress) {
  if (!d.IsNodePropertyIndex()) {
    return Status::InvalidArgument("index " + d.name + " is not a node property index");
  }
  const NodeKeyEncoder encoder(g, d);
  return BuildSortedIndex(
      d, g.NodeCount(), [&](uint64_t node, std::string& out) { return encoder.Append(node, out); }, workers,
      progress);
}

Result<PropertyIndexData> BuildSortedIndex(const IndexDefinition& d, uint64_t n, const IndexEntryEncoder& encode,
                                           unsigned workers, const IndexBuildProgress& progress) {
  // At least a stride per worker: a thread for a handful of ids costs more than it saves.
  workers = static_cast<unsigned>(std::clamp<uint64_t>((n + kProgressStride - 1) / kProgressStride, 1,
                                                       std::max(1u, workers)));
  Builder builder(n, encode, progress);
  std::vector<Run> runs(workers);
  std::vector<Status> status(workers);
  auto work = [&](unsigned w) {
    const uint64_t begin = n * w / workers, end = n * (w + 1) / workers;
    // A damaged block throws StorageError: returned as its Status.
    status[w] = CatchErrors([&] { return builder.Read(begin, end, &runs[w]); });
    if (!status[w].ok()) builder.Fail();
  };
  std::vector<std::thread> threads;
  for (unsigned w = 1; w < workers; ++w) threads.emplace_back(work, w);
  work(0);
  for (auto& t : threads) t.join();
  for (const Status& s : status) QUIVER_RETURN_IF_ERROR(s);
  return Merge(d, runs);
}

}  // namespace quiver::storage
