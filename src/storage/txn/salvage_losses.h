#pragma once
// SalvageLosses: what `quiver check --repair` could not carry from a damaged database into
// the repaired one — every fact it had to leave out, counted by kind, and the first of
// them listed with where and why. "Report exactly what was lost": nothing is dropped
// without a line here. Thread-safe: a salvaging CompactionSource reads nodes on many
// threads.

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace quiver::storage {

class SalvageLosses {
 public:
  enum class Kind : uint8_t {
    kFile,                  // a file left out at open (everything in it)
    kNodeLabels,            // a node's labels
    kNodeProperty,          // one property of a node
    kNodeKey,               // a node's external id
    kRelationship,          // a relationship, unreadable in both directions
    kRelationshipProperty,  // one property of a relationship
    kLog,                   // commits past damage in the write log
  };
  static constexpr int kKinds = 7;
  static constexpr size_t kMaxListed = 10000;

  // One lost fact: `what` names it ("node 12: property 'age'"), `why` the damage.
  void Lose(Kind kind, std::string what, const std::string& why, uint64_t count = 1) {
    std::lock_guard<std::mutex> l(mu_);
    counts_[static_cast<int>(kind)] += count;
    if (lines_.size() < kMaxListed) lines_.push_back(what + ": " + why);
  }
  // Relationships a damaged forward CSR lost but the reverse CSR gave back.
  void Recovered(uint64_t relationships) {
    std::lock_guard<std::mutex> l(mu_);
    recovered_ += relationships;
  }

  uint64_t count(Kind kind) const {
    std::lock_guard<std::mutex> l(mu_);
    return counts_[static_cast<int>(kind)];
  }
  uint64_t recovered() const {
    std::lock_guard<std::mutex> l(mu_);
    return recovered_;
  }
  uint64_t total() const {
    std::lock_guard<std::mutex> l(mu_);
    uint64_t t = 0;
    for (uint64_t c : counts_) t += c;
    return t;
  }
  // The listed losses (the first kMaxListed), in the order found.
  std::vector<std::string> lines() const {
    std::lock_guard<std::mutex> l(mu_);
    return lines_;
  }

 private:
  mutable std::mutex mu_;
  uint64_t counts_[kKinds] = {};
  uint64_t recovered_ = 0;
  std::vector<std::string> lines_;
};

}  // namespace quiver::storage
