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

class Builder {
 public:
  Builder(uint64_t total, const IndexEntryEncoder& encode, const IndexBuildProgress& progress,
          IndexEntrySorter& sorter)
      : total_(total), encode_(encode), progress_(progress), sorter_(sorter) {}

  // Reads and encodes the entries of the ids in [begin, end) into worker w's buffer
  // (which spills past its share of the budget).
  Status Read(uint64_t begin, uint64_t end, unsigned w) {
    std::string& keys = sorter_.KeyBuffer(w);
    for (uint64_t from = begin; from < end; from += kProgressStride) {
      if (failed_.load(std::memory_order_relaxed)) return Status::OK();  // a sibling's error is reported
      const uint64_t to = std::min(end, from + kProgressStride);
      for (uint64_t v = from; v < to; ++v) {
        const size_t start = keys.size();
        QUIVER_ASSIGN_OR_RETURN(bool has_entry, encode_(v, keys));
        if (has_entry) QUIVER_RETURN_IF_ERROR(sorter_.Add(w, start, v));
      }
      Report(to - from);
    }
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
  IndexEntrySorter& sorter_;
  std::atomic<uint64_t> done_{0};
  std::atomic<bool> failed_{false};
  std::mutex progress_mu_;
};

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
                                             const IndexBuildProgress& progress, const IndexSpill& spill) {
  if (!d.IsNodePropertyIndex()) {
    return Status::InvalidArgument("index " + d.name + " is not a node property index");
  }
  const NodeKeyEncoder encoder(g, d);
  return BuildSortedIndex(
      d, g.NodeCount(), [&](uint64_t node, std::string& out) { return encoder.Append(node, out); }, workers,
      progress, spill);
}

Result<PropertyIndexData> BuildSortedIndex(const IndexDefinition& d, uint64_t n, const IndexEntryEncoder& encode,
                                           unsigned workers, const IndexBuildProgress& progress,
                                           const IndexSpill& spill) {
  // At least a stride per worker: a thread for a handful of ids costs more than it saves.
  workers = static_cast<unsigned>(std::clamp<uint64_t>((n + kProgressStride - 1) / kProgressStride, 1,
                                                       std::max(1u, workers)));
  auto sorter = std::make_shared<IndexEntrySorter>(spill, workers);
  Builder builder(n, encode, progress, *sorter);
  std::vector<Status> status(workers);
  auto work = [&](unsigned w) {
    const uint64_t begin = n * w / workers, end = n * (w + 1) / workers;
    // A damaged block throws StorageError: returned as its Status.
    status[w] = CatchErrors([&] { return builder.Read(begin, end, w); });
    if (!status[w].ok()) builder.Fail();
  };
  std::vector<std::thread> threads;
  for (unsigned w = 1; w < workers; ++w) threads.emplace_back(work, w);
  work(0);
  for (auto& t : threads) t.join();
  for (const Status& s : status) QUIVER_RETURN_IF_ERROR(s);
  sorter->Finish();
  PropertyIndexData out;
  out.definition = d;
  if (sorter->spilled()) {
    out.sorted = std::move(sorter);  // merged as the file is written
    return out;
  }
  out.nodes.reserve(sorter->size());
  out.key_offsets.reserve(sorter->size() + 1);
  out.key_bytes.reserve(sorter->key_bytes());
  QUIVER_RETURN_IF_ERROR(sorter->ForEach([&](std::string_view key, uint64_t id) {
    out.key_bytes += key;
    out.key_offsets.push_back(out.key_bytes.size());
    out.nodes.push_back(id);
    return Status::OK();
  }));
  return out;
}

}  // namespace quiver::storage
