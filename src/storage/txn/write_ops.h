#pragma once
// The operations of one committed transaction, as the payload of a Commit record of the
// write log (docs/format/log.md, "Commit payload"). A transaction appends each change as
// it makes it (OpWriter); recovery reads them back and re-applies them through the
// GraphWriter interface (ReplayOps), checking that every id comes out as recorded.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "quiver/status.h"
#include "storage/graph.h"
#include "storage/schema_catalog.h"

namespace quiver::storage {

// Operation codes: explicit numbers, 0 invalid.
enum class OpCode : uint8_t {
  kDefineLabel = 1,
  kDefineRelType = 2,
  kDefinePropertyKey = 3,
  kCreateNode = 4,
  kCreateRelationship = 5,
  kSetNodeProperty = 6,
  kSetRelationshipProperty = 7,
  kAddLabel = 8,
  kRemoveLabel = 9,
  kDeleteRelationship = 10,
  kDeleteNode = 11,
  kCreateIndex = 12,  // one catalog entry, in the catalog's bytes (SchemaCatalog::EncodeEntry)
  kDropIndex = 13,
  // One constraint entry (SchemaCatalog::EncodeConstraintEntry); its backing index is
  // implied by its kind, so a constraint and its index cannot be logged apart.
  kCreateConstraint = 14,
  kDropConstraint = 15,  // u32 length, name; drops the owned index too
};

class OpWriter {
 public:
  const std::string& bytes() const { return out_; }
  bool empty() const { return out_.empty(); }
  size_t size() const { return out_.size(); }
  void Clear() { std::string().swap(out_); }

  void DefineToken(OpCode code, uint32_t id, std::string_view name);
  // Values must have passed CheckStorable (value_convert.h).
  void CreateNode(NodeId id, std::span<const LabelId> labels, std::span<const PropertyEntry> props);
  void CreateRelationship(RelId id, RelTypeId type, NodeId start, NodeId end,
                          std::span<const PropertyEntry> props);
  void SetNodeProperty(NodeId node, PropertyKeyId key, const Value& value);
  void SetRelationshipProperty(RelId rel, PropertyKeyId key, const Value& value);
  void Label(OpCode code, NodeId node, LabelId label);  // kAddLabel / kRemoveLabel
  void DeleteRelationship(RelId rel);
  void DeleteNode(NodeId node);
  void CreateIndex(const IndexDefinition& definition);
  void DropIndex(std::string_view name);
  void CreateConstraint(const ConstraintDefinition& definition);
  void DropConstraint(std::string_view name);

 private:
  void U8(uint8_t v) { out_.push_back(static_cast<char>(v)); }
  void U32(uint32_t v);
  void U64(uint64_t v);
  void Val(const Value& v);
  void Props(std::span<const PropertyEntry> props);
  std::string out_;
};

// Re-applies an encoded payload to w. Every op is checked before it is applied (ids
// exist, created ids and token ids are the recorded ones), so a payload that does not
// fit the state gives Corruption instead of an assertion; an op code this build does
// not know gives NotSupported. `where` names the record in messages.
struct TokenCounts {
  uint32_t labels = 0, rel_types = 0, property_keys = 0;
};
// `tokens` holds w's token counts on entry and is advanced by the definitions replayed.
Status ReplayOps(std::string_view payload, GraphWriter* w, TokenCounts* tokens, std::string_view where);

}  // namespace quiver::storage
