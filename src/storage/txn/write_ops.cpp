#include "storage/txn/write_ops.h"

#include <cstring>
#include <vector>

#include "common/assert.h"
#include "storage/property_value.h"
#include "storage/txn/value_convert.h"

namespace quiver::storage {

void OpWriter::U32(uint32_t v) {
  char b[4];
  std::memcpy(b, &v, 4);
  out_.append(b, 4);
}
void OpWriter::U64(uint64_t v) {
  char b[8];
  std::memcpy(b, &v, 8);
  out_.append(b, 8);
}
void OpWriter::Val(const Value& v) {
  Result<PropertyValue> pv = ToPropertyValue(v);
  QUIVER_ASSERT_MSG(pv.ok(), pv.status().ToString());  // callers check storability first
  EncodeValue(*pv, &out_);
}
void OpWriter::Props(std::span<const PropertyEntry> props) {
  U32(static_cast<uint32_t>(props.size()));
  for (const auto& [key, value] : props) {
    U32(key);
    Val(value);
  }
}

void OpWriter::DefineToken(OpCode code, uint32_t id, std::string_view name) {
  U8(static_cast<uint8_t>(code));
  U32(id);
  U32(static_cast<uint32_t>(name.size()));
  out_.append(name);
}
void OpWriter::CreateNode(NodeId id, std::span<const LabelId> labels, std::span<const PropertyEntry> props) {
  U8(static_cast<uint8_t>(OpCode::kCreateNode));
  U64(id);
  U32(static_cast<uint32_t>(labels.size()));
  for (LabelId l : labels) U32(l);
  Props(props);
}
void OpWriter::CreateRelationship(RelId id, RelTypeId type, NodeId start, NodeId end,
                                  std::span<const PropertyEntry> props) {
  U8(static_cast<uint8_t>(OpCode::kCreateRelationship));
  U64(id);
  U32(type);
  U64(start);
  U64(end);
  Props(props);
}
void OpWriter::SetNodeProperty(NodeId node, PropertyKeyId key, const Value& value) {
  U8(static_cast<uint8_t>(OpCode::kSetNodeProperty));
  U64(node);
  U32(key);
  Val(value);
}
void OpWriter::SetRelationshipProperty(RelId rel, PropertyKeyId key, const Value& value) {
  U8(static_cast<uint8_t>(OpCode::kSetRelationshipProperty));
  U64(rel);
  U32(key);
  Val(value);
}
void OpWriter::Label(OpCode code, NodeId node, LabelId label) {
  U8(static_cast<uint8_t>(code));
  U64(node);
  U32(label);
}
void OpWriter::DeleteRelationship(RelId rel) {
  U8(static_cast<uint8_t>(OpCode::kDeleteRelationship));
  U64(rel);
}
void OpWriter::DeleteNode(NodeId node) {
  U8(static_cast<uint8_t>(OpCode::kDeleteNode));
  U64(node);
}
void OpWriter::CreateIndex(const IndexDefinition& definition) {
  U8(static_cast<uint8_t>(OpCode::kCreateIndex));
  SchemaCatalog::EncodeEntry(definition, &out_);
}
void OpWriter::DropIndex(std::string_view name) {
  U8(static_cast<uint8_t>(OpCode::kDropIndex));
  U32(static_cast<uint32_t>(name.size()));
  out_.append(name);
}
void OpWriter::CreateConstraint(const ConstraintDefinition& definition) {
  U8(static_cast<uint8_t>(OpCode::kCreateConstraint));
  SchemaCatalog::EncodeConstraintEntry(definition, &out_);
}
void OpWriter::DropConstraint(std::string_view name) {
  U8(static_cast<uint8_t>(OpCode::kDropConstraint));
  U32(static_cast<uint32_t>(name.size()));
  out_.append(name);
}

namespace {

class OpReader {
 public:
  OpReader(std::string_view bytes, std::string_view where) : b_(bytes), where_(where) {}
  bool done() const { return pos_ == b_.size(); }
  size_t pos() const { return pos_; }
  Status Error(const std::string& what) const {
    return Status::Corruption(std::string(where_) + ": payload byte " + std::to_string(op_start_) + ": " +
                              what);
  }
  void StartOp() { op_start_ = pos_; }
  template <typename T>
  Status Read(T* v) {
    if (b_.size() - pos_ < sizeof(T)) return Error("operation runs past the payload");
    std::memcpy(v, b_.data() + pos_, sizeof(T));
    pos_ += sizeof(T);
    return Status::OK();
  }
  Status Bytes(uint32_t n, std::string_view* s) {
    if (b_.size() - pos_ < n) return Error("name runs past the payload");
    *s = b_.substr(pos_, n);
    pos_ += n;
    return Status::OK();
  }
  // A catalog entry (SchemaCatalog::DecodeEntry): its Corruption or NotSupported names
  // this operation.
  Status Entry(IndexDefinition* d) {
    const std::string here = std::string(where_) + ": payload byte " + std::to_string(op_start_);
    Result<IndexDefinition> entry = SchemaCatalog::DecodeEntry(b_, &pos_, here);
    if (!entry.ok()) return entry.status();
    *d = std::move(entry).value();
    return Status::OK();
  }
  Status ConstraintEntry(ConstraintDefinition* d) {
    const std::string here = std::string(where_) + ": payload byte " + std::to_string(op_start_);
    Result<ConstraintDefinition> entry = SchemaCatalog::DecodeConstraintEntry(b_, &pos_, here);
    if (!entry.ok()) return entry.status();
    *d = std::move(entry).value();
    return Status::OK();
  }
  Status Val(Value* v) {
    uint64_t p = pos_;
    Result<PropertyValue> pv = DecodeValue(b_, &p);
    if (!pv.ok()) return Error(pv.status().message());
    pos_ = p;
    *v = ToValue(*pv);
    return Status::OK();
  }
  Status Props(std::vector<PropertyEntry>* props) {
    uint32_t n = 0;
    QUIVER_RETURN_IF_ERROR(Read(&n));
    if (n > b_.size() - pos_) return Error("property count exceeds the payload");
    for (uint32_t i = 0; i < n; ++i) {
      uint32_t key = 0;
      Value v;
      QUIVER_RETURN_IF_ERROR(Read(&key));
      QUIVER_RETURN_IF_ERROR(Val(&v));
      props->emplace_back(key, std::move(v));
    }
    return Status::OK();
  }

 private:
  std::string_view b_;
  std::string_view where_;
  size_t pos_ = 0;
  size_t op_start_ = 0;
};

// A definition's label or type and keys must be tokens the replay has defined.
Status CheckIndexTokens(const IndexDefinition& d, const TokenCounts& tokens, const OpReader& r) {
  if (d.kind == IndexKind::kLookup) {
    return d.token == 0 ? Status::OK() : r.Error("LOOKUP index " + d.name + " names a token");
  }
  const uint32_t bound = d.entity == IndexEntity::kNode ? tokens.labels : tokens.rel_types;
  if (d.token >= bound) return r.Error("index " + d.name + ": unknown token id " + std::to_string(d.token));
  for (PropertyKeyId key : d.keys) {
    if (key >= tokens.property_keys) return r.Error("index " + d.name + ": unknown property key id " + std::to_string(key));
  }
  return Status::OK();
}

}  // namespace

Status ReplayOps(std::string_view payload, GraphWriter* w, TokenCounts* tokens, std::string_view where) {
  OpReader r(payload, where);
  std::vector<PropertyEntry> props;
  std::vector<LabelId> labels;
  auto keys_known = [&](const std::vector<PropertyEntry>& ps) {
    for (const auto& [key, value] : ps) {
      if (key >= tokens->property_keys) return false;
    }
    return true;
  };
  while (!r.done()) {
    r.StartOp();
    uint8_t code = 0;
    QUIVER_RETURN_IF_ERROR(r.Read(&code));
    const auto op = static_cast<OpCode>(code);
    switch (op) {
      case OpCode::kDefineLabel:
      case OpCode::kDefineRelType:
      case OpCode::kDefinePropertyKey: {
        uint32_t id = 0, len = 0;
        std::string_view name;
        QUIVER_RETURN_IF_ERROR(r.Read(&id));
        QUIVER_RETURN_IF_ERROR(r.Read(&len));
        QUIVER_RETURN_IF_ERROR(r.Bytes(len, &name));
        uint32_t* count = op == OpCode::kDefineLabel     ? &tokens->labels
                          : op == OpCode::kDefineRelType ? &tokens->rel_types
                                                         : &tokens->property_keys;
        const std::optional<uint32_t> existing = op == OpCode::kDefineLabel     ? w->FindLabel(name)
                                                 : op == OpCode::kDefineRelType ? w->FindRelType(name)
                                                                                : w->FindPropertyKey(name);
        if (existing || id != *count) {
          return r.Error("token '" + std::string(name) + "' defined as id " + std::to_string(id) +
                         ", expected a new id " + std::to_string(*count));
        }
        const uint32_t got = op == OpCode::kDefineLabel     ? w->InternLabel(name)
                             : op == OpCode::kDefineRelType ? w->InternRelType(name)
                                                            : w->InternPropertyKey(name);
        QUIVER_ASSERT(got == id);
        ++*count;
        break;
      }
      case OpCode::kCreateNode: {
        uint64_t id = 0;
        uint32_t n = 0;
        QUIVER_RETURN_IF_ERROR(r.Read(&id));
        QUIVER_RETURN_IF_ERROR(r.Read(&n));
        if (n > payload.size()) return r.Error("label count exceeds the payload");
        labels.assign(n, 0);
        for (uint32_t i = 0; i < n; ++i) {
          QUIVER_RETURN_IF_ERROR(r.Read(&labels[i]));
          if (labels[i] >= tokens->labels) return r.Error("unknown label id " + std::to_string(labels[i]));
        }
        props.clear();
        QUIVER_RETURN_IF_ERROR(r.Props(&props));
        if (!keys_known(props)) return r.Error("unknown property key");
        if (id != w->NodeIdBound()) {
          return r.Error("node created as " + std::to_string(id) + ", replay gives " +
                         std::to_string(w->NodeIdBound()));
        }
        w->CreateNode(labels, props);
        break;
      }
      case OpCode::kCreateRelationship: {
        uint64_t id = 0, start = 0, end = 0;
        uint32_t type = 0;
        QUIVER_RETURN_IF_ERROR(r.Read(&id));
        QUIVER_RETURN_IF_ERROR(r.Read(&type));
        QUIVER_RETURN_IF_ERROR(r.Read(&start));
        QUIVER_RETURN_IF_ERROR(r.Read(&end));
        props.clear();
        QUIVER_RETURN_IF_ERROR(r.Props(&props));
        if (type >= tokens->rel_types) return r.Error("unknown relationship type id " + std::to_string(type));
        if (!keys_known(props)) return r.Error("unknown property key");
        if (!w->NodeExists(start) || !w->NodeExists(end))
          return r.Error("relationship endpoint does not exist");
        const RelId got = w->CreateRelationship(type, start, end, props);
        if (got != id) {
          return r.Error("relationship created as " + std::to_string(id) + ", replay gave " +
                         std::to_string(got));
        }
        break;
      }
      case OpCode::kSetNodeProperty:
      case OpCode::kSetRelationshipProperty: {
        uint64_t id = 0;
        uint32_t key = 0;
        Value v;
        QUIVER_RETURN_IF_ERROR(r.Read(&id));
        QUIVER_RETURN_IF_ERROR(r.Read(&key));
        QUIVER_RETURN_IF_ERROR(r.Val(&v));
        if (key >= tokens->property_keys) return r.Error("unknown property key id " + std::to_string(key));
        if (op == OpCode::kSetNodeProperty) {
          if (!w->NodeExists(id)) return r.Error("node " + std::to_string(id) + " does not exist");
          w->SetNodeProperty(id, key, std::move(v));
        } else {
          if (!w->RelationshipExists(id))
            return r.Error("relationship " + std::to_string(id) + " does not exist");
          w->SetRelationshipProperty(id, key, std::move(v));
        }
        break;
      }
      case OpCode::kAddLabel:
      case OpCode::kRemoveLabel: {
        uint64_t node = 0;
        uint32_t label = 0;
        QUIVER_RETURN_IF_ERROR(r.Read(&node));
        QUIVER_RETURN_IF_ERROR(r.Read(&label));
        if (label >= tokens->labels) return r.Error("unknown label id " + std::to_string(label));
        if (!w->NodeExists(node)) return r.Error("node " + std::to_string(node) + " does not exist");
        if (op == OpCode::kAddLabel) {
          w->AddLabel(node, label);
        } else {
          w->RemoveLabel(node, label);
        }
        break;
      }
      case OpCode::kDeleteRelationship: {
        uint64_t rel = 0;
        QUIVER_RETURN_IF_ERROR(r.Read(&rel));
        if (!w->RelationshipExists(rel))
          return r.Error("relationship " + std::to_string(rel) + " does not exist");
        w->DeleteRelationship(rel);
        break;
      }
      case OpCode::kDeleteNode: {
        uint64_t node = 0;
        QUIVER_RETURN_IF_ERROR(r.Read(&node));
        if (!w->NodeExists(node)) return r.Error("node " + std::to_string(node) + " does not exist");
        if (w->Degree(node, quiver::Direction::kBoth, {}) != 0)
          return r.Error("deleted node still has relationships");
        w->DeleteNode(node);
        break;
      }
      case OpCode::kCreateIndex: {
        IndexDefinition d;
        QUIVER_RETURN_IF_ERROR(r.Entry(&d));
        QUIVER_RETURN_IF_ERROR(CheckIndexTokens(d, *tokens, r));
        if (w->Schema().CheckAdd(d) != SchemaConflict::kNone) {
          return r.Error("index " + d.name + " conflicts with one the catalog has");
        }
        w->CreateIndex(d);
        break;
      }
      case OpCode::kDropIndex: {
        uint32_t len = 0;
        std::string_view name;
        QUIVER_RETURN_IF_ERROR(r.Read(&len));
        QUIVER_RETURN_IF_ERROR(r.Bytes(len, &name));
        const IndexDefinition* d = w->Schema().Find(name);
        if (w->Schema().OwnerOf(name) != nullptr) {
          return r.Error("dropping index '" + std::string(name) + "', which a constraint owns");
        }
        if (d == nullptr || d->kind == IndexKind::kLookup) {
          return r.Error("dropping index '" + std::string(name) + "', which the catalog " +
                         (d == nullptr ? "does not have" : "holds as a LOOKUP index"));
        }
        w->DropIndex(name);
        break;
      }
      case OpCode::kCreateConstraint: {
        ConstraintDefinition c;
        QUIVER_RETURN_IF_ERROR(r.ConstraintEntry(&c));
        // The tokens are checked as an index's with the same schema.
        QUIVER_RETURN_IF_ERROR(CheckIndexTokens({c.name, IndexKind::kRange, c.entity, c.token, c.keys, ""}, *tokens, r));
        if (w->Schema().CheckAddConstraint(c) != SchemaConflict::kNone) {
          return r.Error("constraint " + c.name + " conflicts with the catalog");
        }
        w->CreateConstraint(c);
        break;
      }
      case OpCode::kDropConstraint: {
        uint32_t len = 0;
        std::string_view name;
        QUIVER_RETURN_IF_ERROR(r.Read(&len));
        QUIVER_RETURN_IF_ERROR(r.Bytes(len, &name));
        if (w->Schema().FindConstraint(name) == nullptr) {
          return r.Error("dropping constraint '" + std::string(name) + "', which the catalog does not have");
        }
        w->DropConstraint(name);
        break;
      }
      default:
        return Status::NotSupported(std::string(where) + ": payload byte " + std::to_string(r.pos() - 1) +
                                    ": operation code " + std::to_string(code) + " is unknown to this build");
    }
  }
  return Status::OK();
}

}  // namespace quiver::storage
