#include "storage/schema_catalog.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "common/assert.h"

namespace quiver::storage {

namespace {

void PutU32(std::string* out, uint32_t v) {
  char b[4];
  std::memcpy(b, &v, 4);
  out->append(b, 4);
}

void PutString(std::string* out, std::string_view s) {
  PutU32(out, static_cast<uint32_t>(s.size()));
  out->append(s);
}

// Reads the encoding front to back; the first failure sticks and names the byte.
class CatalogReader {
 public:
  CatalogReader(std::string_view bytes, std::string_view where, size_t at = 0)
      : bytes_(bytes), where_(where), at_(at) {}

  bool U8(uint8_t* v) {
    if (!Need(1)) return false;
    *v = static_cast<uint8_t>(bytes_[at_++]);
    return true;
  }
  bool U32(uint32_t* v) {
    if (!Need(4)) return false;
    std::memcpy(v, bytes_.data() + at_, 4);
    at_ += 4;
    return true;
  }
  bool String(std::string* s) {
    uint32_t length = 0;
    if (!U32(&length) || !Need(length)) return false;
    s->assign(bytes_.substr(at_, length));
    at_ += length;
    return true;
  }
  size_t at() const { return at_; }
  size_t remaining() const { return bytes_.size() - at_; }
  Status Corruption(std::string_view what) const {
    return Status::Corruption(std::string(where_) + ": schema byte " + std::to_string(at_) + ": " +
                              std::string(what));
  }
  Status NotSupported(std::string_view what) const {
    return Status::NotSupported(std::string(where_) + ": " + std::string(what) +
                                " (written by a newer version of Quiver)");
  }

 private:
  bool Need(uint64_t n) const { return n <= bytes_.size() - at_; }
  std::string_view bytes_;
  std::string_view where_;
  size_t at_;
};

// The fields every entry has (an index's or a constraint's: the layout is shared).
struct RawEntry {
  std::string name;
  uint8_t kind = 0, entity = 0;
  uint32_t token = 0;
  std::vector<PropertyKeyId> keys;
  std::string text;  // an index's provider, a constraint's property type
};

bool IsConstraintKind(uint8_t kind) {
  return kind >= static_cast<uint8_t>(ConstraintKind::kUnique) &&
         kind <= static_cast<uint8_t>(ConstraintKind::kPropertyType);
}

Result<RawEntry> ReadRaw(CatalogReader& in) {
  RawEntry e;
  uint32_t key_count = 0;
  if (!in.String(&e.name) || !in.U8(&e.kind) || !in.U8(&e.entity) || !in.U32(&e.token) || !in.U32(&key_count)) {
    return in.Corruption("truncated schema definition");
  }
  if (e.kind == 0 || e.entity == 0) return in.Corruption("index kind or entity 0");
  if (e.kind > static_cast<uint8_t>(IndexKind::kLookup) && !IsConstraintKind(e.kind)) {
    return in.NotSupported("index kind " + std::to_string(e.kind));
  }
  if (e.entity > static_cast<uint8_t>(IndexEntity::kRelationship)) {
    return in.NotSupported("index entity " + std::to_string(e.entity));
  }
  if (key_count > in.remaining() / 4) return in.Corruption("key count past the end");
  e.keys.resize(key_count);
  for (PropertyKeyId& key : e.keys) (void)in.U32(&key);
  if (!in.String(&e.text)) return in.Corruption("truncated provider");
  if (e.name.empty()) return in.Corruption("a definition without a name");
  return e;
}

Result<IndexDefinition> ToIndex(RawEntry e, const CatalogReader& in) {
  if (IsConstraintKind(e.kind)) return in.Corruption(e.name + ": a constraint where an index was expected");
  IndexDefinition d{std::move(e.name), static_cast<IndexKind>(e.kind), static_cast<IndexEntity>(e.entity),
                    e.token, std::move(e.keys), std::move(e.text)};
  if ((d.kind == IndexKind::kLookup) != d.keys.empty()) {
    return in.Corruption("index " + d.name + ": a LOOKUP index has no keys, any other at least one");
  }
  return d;
}

Result<ConstraintDefinition> ToConstraint(RawEntry e, const CatalogReader& in) {
  if (!IsConstraintKind(e.kind)) return in.Corruption(e.name + ": an index where a constraint was expected");
  ConstraintDefinition d{std::move(e.name), static_cast<ConstraintKind>(e.kind),
                         static_cast<IndexEntity>(e.entity), e.token, std::move(e.keys), std::move(e.text)};
  const bool single = d.kind == ConstraintKind::kNotNull || d.kind == ConstraintKind::kPropertyType;
  if (d.keys.empty() || (single && d.keys.size() != 1)) return in.Corruption("constraint " + d.name + ": key count");
  if ((d.kind == ConstraintKind::kPropertyType) == d.property_type.empty()) {
    return in.Corruption("constraint " + d.name + ": a property type constraint needs its type, no other has one");
  }
  return d;
}

Result<IndexDefinition> ReadEntry(CatalogReader& in) {
  QUIVER_ASSIGN_OR_RETURN(RawEntry e, ReadRaw(in));
  return ToIndex(std::move(e), in);
}

void WriteRaw(std::string_view name, uint8_t kind, IndexEntity entity, uint32_t token,
              const std::vector<PropertyKeyId>& keys, std::string_view text, std::string* out) {
  PutString(out, name);
  out->push_back(static_cast<char>(kind));
  out->push_back(static_cast<char>(entity));
  PutU32(out, token);
  PutU32(out, static_cast<uint32_t>(keys.size()));
  for (PropertyKeyId key : keys) PutU32(out, key);
  PutString(out, text);
}

// FNV-1a, 32 bits: small, and stable across builds and platforms (std::hash is not).
uint32_t Fnv1a(std::string_view text) {
  uint32_t hash = 2166136261u;
  for (char c : text) {
    hash ^= static_cast<uint8_t>(c);
    hash *= 16777619u;
  }
  return hash;
}

}  // namespace

SchemaCatalog SchemaCatalog::Initial() {
  SchemaCatalog catalog;
  catalog.indexes_.push_back({"index_343aff4e", IndexKind::kLookup, IndexEntity::kNode, 0, {}, ""});
  catalog.indexes_.push_back({"index_f7700477", IndexKind::kLookup, IndexEntity::kRelationship, 0, {}, ""});
  return catalog;
}

const IndexDefinition* SchemaCatalog::Find(std::string_view name) const {
  auto it = std::find_if(indexes_.begin(), indexes_.end(),
                         [&](const IndexDefinition& d) { return d.name == name; });
  return it == indexes_.end() ? nullptr : &*it;
}

SchemaConflict SchemaCatalog::CheckAdd(const IndexDefinition& definition) const {
  if (FindConstraint(definition.name) != nullptr) return SchemaConflict::kNameTaken;
  if (const IndexDefinition* named = Find(definition.name)) {
    return named->SameSchema(definition) ? SchemaConflict::kEquivalentExists : SchemaConflict::kNameTaken;
  }
  for (const IndexDefinition& d : indexes_) {
    if (d.SameSchema(definition)) return SchemaConflict::kAlreadyIndexed;
  }
  return SchemaConflict::kNone;
}

void SchemaCatalog::Add(IndexDefinition definition) {
  QUIVER_ASSERT(!definition.name.empty() && CheckAdd(definition) == SchemaConflict::kNone);
  indexes_.push_back(std::move(definition));
}

bool SchemaCatalog::Drop(std::string_view name) {
  auto it = std::find_if(indexes_.begin(), indexes_.end(),
                         [&](const IndexDefinition& d) { return d.name == name; });
  if (it == indexes_.end()) return false;
  indexes_.erase(it);
  return true;
}

const ConstraintDefinition* SchemaCatalog::FindConstraint(std::string_view name) const {
  auto it = std::find_if(constraints_.begin(), constraints_.end(),
                         [&](const ConstraintDefinition& d) { return d.name == name; });
  return it == constraints_.end() ? nullptr : &*it;
}

const ConstraintDefinition* SchemaCatalog::OwnerOf(std::string_view index_name) const {
  const ConstraintDefinition* c = FindConstraint(index_name);
  return c != nullptr && c->OwnsIndex() ? c : nullptr;
}

SchemaConflict SchemaCatalog::CheckAddConstraint(const ConstraintDefinition& definition) const {
  if (const ConstraintDefinition* named = FindConstraint(definition.name)) {
    return named->SameSchema(definition) ? SchemaConflict::kEquivalentExists : SchemaConflict::kNameTaken;
  }
  if (Find(definition.name) != nullptr) return SchemaConflict::kNameTaken;
  for (const ConstraintDefinition& c : constraints_) {
    if (c.entity != definition.entity || c.token != definition.token || c.keys != definition.keys) continue;
    if (c.kind == definition.kind) {
      return c.property_type == definition.property_type ? SchemaConflict::kConstraintExists
                                                         : SchemaConflict::kConflictingKind;
    }
    if (c.OwnsIndex() && definition.OwnsIndex()) return SchemaConflict::kConflictingKind;
  }
  if (definition.OwnsIndex()) {
    for (const IndexDefinition& d : indexes_) {
      if (d.kind == IndexKind::kRange && d.entity == definition.entity && d.token == definition.token &&
          d.keys == definition.keys) {
        return SchemaConflict::kIndexExists;
      }
    }
  }
  return SchemaConflict::kNone;
}

void SchemaCatalog::AddConstraint(ConstraintDefinition definition) {
  QUIVER_ASSERT(!definition.name.empty() && CheckAddConstraint(definition) == SchemaConflict::kNone);
  if (definition.OwnsIndex()) {
    indexes_.push_back({definition.name, IndexKind::kRange, definition.entity, definition.token, definition.keys, ""});
  }
  constraints_.push_back(std::move(definition));
}

bool SchemaCatalog::DropConstraint(std::string_view name) {
  auto it = std::find_if(constraints_.begin(), constraints_.end(),
                         [&](const ConstraintDefinition& d) { return d.name == name; });
  if (it == constraints_.end()) return false;
  if (it->OwnsIndex()) Drop(name);
  constraints_.erase(it);
  return true;
}

std::string_view ConstraintKindName(ConstraintKind kind) {
  switch (kind) {
    case ConstraintKind::kUnique: return "UNIQUENESS";
    case ConstraintKind::kNodeKey: return "NODE_KEY";
    case ConstraintKind::kNotNull: return "PROPERTY_EXISTENCE";
    case ConstraintKind::kPropertyType: return "PROPERTY_TYPE";
  }
  return "";
}

void SchemaCatalog::EncodeEntry(const IndexDefinition& d, std::string* out) {
  WriteRaw(d.name, static_cast<uint8_t>(d.kind), d.entity, d.token, d.keys, d.provider, out);
}

void SchemaCatalog::EncodeConstraintEntry(const ConstraintDefinition& d, std::string* out) {
  WriteRaw(d.name, static_cast<uint8_t>(d.kind), d.entity, d.token, d.keys, d.property_type, out);
}

Result<ConstraintDefinition> SchemaCatalog::DecodeConstraintEntry(std::string_view bytes, size_t* at,
                                                                  std::string_view where) {
  CatalogReader in(bytes, where, *at);
  QUIVER_ASSIGN_OR_RETURN(RawEntry e, ReadRaw(in));
  QUIVER_ASSIGN_OR_RETURN(ConstraintDefinition d, ToConstraint(std::move(e), in));
  *at = in.at();
  return d;
}

Result<IndexDefinition> SchemaCatalog::DecodeEntry(std::string_view bytes, size_t* at, std::string_view where) {
  CatalogReader in(bytes, where, *at);
  QUIVER_ASSIGN_OR_RETURN(IndexDefinition d, ReadEntry(in));
  *at = in.at();
  return d;
}

std::string SchemaCatalog::Encode() const {
  std::string out;
  PutU32(&out, static_cast<uint32_t>(indexes_.size() + constraints_.size()));
  for (const IndexDefinition& d : indexes_) EncodeEntry(d, &out);
  for (const ConstraintDefinition& d : constraints_) EncodeConstraintEntry(d, &out);
  return out;
}

Result<SchemaCatalog> SchemaCatalog::Decode(std::string_view bytes, std::string_view where) {
  CatalogReader in(bytes, where);
  uint32_t count = 0;
  if (!in.U32(&count)) return in.Corruption("truncated count");
  SchemaCatalog catalog;
  for (uint32_t i = 0; i < count; ++i) {
    QUIVER_ASSIGN_OR_RETURN(RawEntry e, ReadRaw(in));
    if (IsConstraintKind(e.kind)) {
      QUIVER_ASSIGN_OR_RETURN(ConstraintDefinition d, ToConstraint(std::move(e), in));
      // Its backing index was written before it, as AddConstraint adds it.
      const IndexDefinition* owned = catalog.Find(d.name);
      if (catalog.FindConstraint(d.name) != nullptr || (owned != nullptr) != d.OwnsIndex() ||
          (owned != nullptr && (owned->kind != IndexKind::kRange || owned->token != d.token || owned->keys != d.keys))) {
        return in.Corruption("constraint " + d.name + " repeats a name or lacks its index");
      }
      catalog.constraints_.push_back(std::move(d));
      continue;
    }
    if (!catalog.constraints_.empty()) return in.Corruption("an index after the constraints");
    QUIVER_ASSIGN_OR_RETURN(IndexDefinition d, ToIndex(std::move(e), in));
    if (catalog.CheckAdd(d) != SchemaConflict::kNone) {
      return in.Corruption("index " + d.name + " repeats the name or schema of an earlier one");
    }
    catalog.indexes_.push_back(std::move(d));
  }
  if (in.remaining() != 0) return in.Corruption("bytes after the last index");
  return catalog;
}

namespace {

// `prefix` and eight hex digits of the hash of the parts, joined with their lengths first
// so that no two lists of parts hash the same text.
std::string HashedName(std::string_view prefix, std::initializer_list<std::string_view> parts,
                       std::span<const std::string> more) {
  std::string schema;
  auto part = [&](std::string_view text) { schema.append(std::to_string(text.size())).append(":").append(text); };
  for (std::string_view p : parts) part(p);
  for (const std::string& p : more) part(p);
  char hash[16];
  std::snprintf(hash, sizeof hash, "%08x", Fnv1a(schema));
  return std::string(prefix) + hash;
}

}  // namespace

std::string GenerateIndexName(const IndexDefinition& definition, std::string_view token_name,
                              std::span<const std::string> key_names) {
  return HashedName("index_",
                    {std::to_string(static_cast<int>(definition.kind)), std::to_string(static_cast<int>(definition.entity)),
                     token_name},
                    key_names);
}

// The property type comes after the keys, so two types on one property get two names.
std::string GenerateConstraintName(const ConstraintDefinition& definition, std::string_view token_name,
                                   std::span<const std::string> key_names) {
  std::vector<std::string> rest(key_names.begin(), key_names.end());
  rest.push_back(definition.property_type);
  return HashedName("constraint_",
                    {std::to_string(static_cast<int>(definition.kind)), std::to_string(static_cast<int>(definition.entity)),
                     token_name},
                    rest);
}

std::string_view IndexKindName(IndexKind kind) {
  switch (kind) {
    case IndexKind::kText: return "TEXT";
    case IndexKind::kPoint: return "POINT";
    case IndexKind::kLookup: return "LOOKUP";
    case IndexKind::kRange: break;
  }
  return "RANGE";
}

IndexKind IndexKindOf(std::string_view word) {
  for (IndexKind kind : {IndexKind::kText, IndexKind::kPoint, IndexKind::kLookup}) {
    if (word == IndexKindName(kind)) return kind;
  }
  return IndexKind::kRange;
}

}  // namespace quiver::storage
