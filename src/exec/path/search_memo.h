#pragma once
// SearchMemo: what every path search keeps besides its frontier — the node test's answer
// for each node it asked about (a test may evaluate a Cypher predicate: ask once a node)
// and the memory it holds, charged to the statement's limit at about one hash-map entry
// per thing kept.

#include <cstdint>
#include <functional>
#include <unordered_map>

#include "exec/exec_context.h"
#include "exec/query_memory.h"
#include "storage/graph.h"

namespace quiver::exec {

class SearchMemo {
 public:
  // What a node kept in a hash map costs, about: its node, bucket and list entry.
  static constexpr uint64_t kBytesPerEntry = 64;

  SearchMemo(ExecContext& ctx, std::function<bool(NodeId)> node_ok)
      : node_ok_(std::move(node_ok)), memory_(&ctx.memory()) {}

  // A new search: the answers and the charge start over.
  void Reset() {
    memory_.Reset();
    answers_.clear();
  }
  void Charge(size_t entries) { memory_.Add(entries * kBytesPerEntry); }
  // Whether a path may cross `node` (true without a node test).
  bool NodeOk(NodeId node) {
    if (!node_ok_) return true;
    auto [it, fresh] = answers_.try_emplace(node, false);
    if (fresh) {
      Charge(1);
      it->second = node_ok_(node);
    }
    return it->second;
  }

 private:
  std::function<bool(NodeId)> node_ok_;
  std::unordered_map<NodeId, bool> answers_;
  MemoryCharge memory_;
};

}  // namespace quiver::exec
