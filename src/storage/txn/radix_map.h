#pragma once
// RadixMap<V>: a persistent (immutable, structurally shared) map from uint64 keys to V,
// the building block of the delta store's snapshots.
//
// A 32-way radix trie with bitmap-compressed nodes (a node stores only the children or
// values that exist, indexed by popcount). A published map never changes: a reader that
// holds a copy of the handle keeps reading exactly that version while the writer builds
// the next one. The writer changes a map by path copying: a node reached on the way to
// the key is cloned unless it already carries the writer's edit token (it was made by
// this transaction and nobody else can see it), in which case it changes in place.
// So a transaction that touches k keys copies O(k · depth) nodes at most, once each,
// and a bulk transaction writing consecutive ids fills its own leaves in place.
//
// Iteration is in ascending key order. When V is an empty type the map is a set and
// its leaves store nothing but the bitmap.
//
// Threads: const methods of a published map may run on any number of threads; the
// mutating methods belong to the one transaction whose edit token they are given.

#include <bit>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/assert.h"
#include "storage/txn/memory_account.h"

namespace quiver::storage {

struct SetMember {};  // RadixMap<SetMember> is a set of keys

template <typename V>
class RadixMap {
  static constexpr int kBits = 5;
  static constexpr uint32_t kMask = (1u << kBits) - 1;
  static constexpr bool kIsSet = std::is_empty_v<V>;

  struct Node : Charged {
    Node(const EditContext& ctx) : Charged(ctx.account), edit(ctx.edit) {}  // NOLINT
    uint64_t edit;
    uint32_t bitmap = 0;
    std::vector<std::shared_ptr<Node>> children;  // interior nodes
    std::vector<V> values;                        // leaves of a map
    void Charge(const EditContext& ctx) {
      size_t bytes = sizeof(Node) + kAllocOverhead;
      if (children.capacity() != 0) bytes += children.capacity() * sizeof(children[0]) + kAllocOverhead;
      if (values.capacity() != 0) bytes += values.capacity() * sizeof(V) + kAllocOverhead;
      Recharge(bytes, ctx);
    }
  };
  using NodePtr = std::shared_ptr<Node>;

 public:
  RadixMap() = default;

  uint64_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  // The value at key, or nullptr.
  const V* Find(uint64_t key) const {
    const Node* n = root_.get();
    if (n == nullptr || !Covers(key)) return nullptr;
    for (int s = shift_; s > 0; s -= kBits) {
      const uint32_t bit = 1u << ((key >> s) & kMask);
      if ((n->bitmap & bit) == 0) return nullptr;
      n = n->children[Rank(n->bitmap, bit)].get();
    }
    const uint32_t bit = 1u << (key & kMask);
    if ((n->bitmap & bit) == 0) return nullptr;
    if constexpr (kIsSet) {
      static const V kMember{};
      return &kMember;
    } else {
      return &n->values[Rank(n->bitmap, bit)];
    }
  }
  bool Contains(uint64_t key) const { return Find(key) != nullptr; }

  // Inserts or replaces. Returns a pointer to the stored value, valid until the next
  // change of this map.
  V* Set(uint64_t key, V value, const EditContext& ctx) {
    QUIVER_ASSERT(ctx.edit != 0);
    if (!root_) {
      root_ = std::make_shared<Node>(ctx);
      root_->Charge(ctx);
      shift_ = 0;
    }
    while (!Covers(key)) {  // grow upwards: the old root becomes child 0
      auto r = std::make_shared<Node>(ctx);
      r->bitmap = 1;
      r->children.push_back(std::move(root_));
      r->Charge(ctx);
      root_ = std::move(r);
      shift_ += kBits;
    }
    Node* n = Editable(root_, ctx);
    for (int s = shift_; s > 0; s -= kBits) {
      const uint32_t bit = 1u << ((key >> s) & kMask);
      const uint32_t pos = Rank(n->bitmap, bit);
      if ((n->bitmap & bit) == 0) {
        n->bitmap |= bit;
        n->children.insert(n->children.begin() + pos, std::make_shared<Node>(ctx));
        n->children[pos]->Charge(ctx);
        n->Charge(ctx);
      }
      n = Editable(n->children[pos], ctx);
    }
    const uint32_t bit = 1u << (key & kMask);
    const uint32_t pos = Rank(n->bitmap, bit);
    const bool present = (n->bitmap & bit) != 0;
    if (!present) {
      n->bitmap |= bit;
      ++size_;
    }
    if constexpr (kIsSet) {
      n->Charge(ctx);
      return nullptr;
    } else {
      if (present) {
        n->values[pos] = std::move(value);
      } else {
        n->values.insert(n->values.begin() + pos, std::move(value));
        n->Charge(ctx);
      }
      return &n->values[pos];
    }
  }

  // The stored value for in-place change by this transaction (the path to it is made
  // private first); nullptr when absent.
  V* Mutable(uint64_t key, const EditContext& ctx) {
    if constexpr (kIsSet) {
      return nullptr;
    } else {
      if (Find(key) == nullptr) return nullptr;
      Node* n = Editable(root_, ctx);
      for (int s = shift_; s > 0; s -= kBits) {
        const uint32_t bit = 1u << ((key >> s) & kMask);
        n = Editable(n->children[Rank(n->bitmap, bit)], ctx);
      }
      return &n->values[Rank(n->bitmap, 1u << (key & kMask))];
    }
  }

  // Removes key; returns whether it was present. Empty nodes are pruned.
  bool Erase(uint64_t key, const EditContext& ctx) {
    QUIVER_ASSERT(ctx.edit != 0);
    if (Find(key) == nullptr) return false;
    EraseIn(root_, shift_, key, ctx);
    --size_;
    if (root_->bitmap == 0) {
      root_.reset();
      shift_ = 0;
    }
    return true;
  }

  // f(key, const V&) for every entry, ascending.
  template <typename F>
  void ForEach(F&& f) const {
    if (root_) Walk(root_.get(), shift_, 0, 0, ~uint64_t{0}, f);
  }
  // f(key, const V&) for the entries with lo <= key < hi, ascending.
  template <typename F>
  void ForEachInRange(uint64_t lo, uint64_t hi, F&& f) const {
    if (root_ && lo < hi) Walk(root_.get(), shift_, 0, lo, hi - 1, f);
  }

 private:
  static uint32_t Rank(uint32_t bitmap, uint32_t bit) {
    return static_cast<uint32_t>(std::popcount(bitmap & (bit - 1)));
  }
  bool Covers(uint64_t key) const { return shift_ + kBits >= 64 || (key >> (shift_ + kBits)) == 0; }

  // The node in slot, cloned into the transaction first unless it already belongs to it.
  static Node* Editable(NodePtr& slot, const EditContext& ctx) {
    if (slot->edit != ctx.edit) {
      auto copy = std::make_shared<Node>(ctx);
      copy->bitmap = slot->bitmap;
      copy->children = slot->children;
      copy->values = slot->values;
      copy->Charge(ctx);
      slot = std::move(copy);
    }
    return slot.get();
  }

  static void EraseIn(NodePtr& slot, int shift, uint64_t key, const EditContext& ctx) {
    Node* n = Editable(slot, ctx);
    const uint32_t bit = 1u << ((key >> shift) & kMask);
    const uint32_t pos = Rank(n->bitmap, bit);
    if (shift > 0) {
      EraseIn(n->children[pos], shift - kBits, key, ctx);
      if (n->children[pos]->bitmap != 0) return;
      n->children.erase(n->children.begin() + pos);
    } else if constexpr (!kIsSet) {
      n->values.erase(n->values.begin() + pos);
    }
    n->bitmap &= ~bit;
    n->Charge(ctx);
  }

  // Visits the keys in [lo, hi] under n, whose keys share `prefix` above `shift + kBits`.
  template <typename F>
  static void Walk(const Node* n, int shift, uint64_t prefix, uint64_t lo, uint64_t hi, F& f) {
    uint32_t bits = n->bitmap;
    uint32_t pos = 0;
    while (bits != 0) {
      const uint32_t idx = static_cast<uint32_t>(std::countr_zero(bits));
      bits &= bits - 1;
      const uint64_t first = prefix | (uint64_t{idx} << shift);
      const uint64_t last = first + ((uint64_t{1} << shift) - 1);  // no overflow: idx < 16 at shift 60
      const uint32_t here = pos++;
      if (last < lo) continue;
      if (first > hi) return;
      if (shift > 0) {
        Walk(n->children[here].get(), shift - kBits, first, lo, hi, f);
      } else if constexpr (kIsSet) {
        f(first, V{});
      } else {
        f(first, n->values[here]);
      }
    }
  }

  NodePtr root_;
  int shift_ = 0;  // the root's level: it covers keys below 2^(shift_ + kBits)
  uint64_t size_ = 0;
};

using IdSet = RadixMap<SetMember>;

}  // namespace quiver::storage
