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

Result<IndexDefinition> ReadEntry(CatalogReader& in) {
  IndexDefinition d;
  uint8_t kind = 0, entity = 0;
  uint32_t key_count = 0;
  if (!in.String(&d.name) || !in.U8(&kind) || !in.U8(&entity) || !in.U32(&d.token) || !in.U32(&key_count)) {
    return in.Corruption("truncated index definition");
  }
  if (kind == 0 || entity == 0) return in.Corruption("index kind or entity 0");
  if (kind > static_cast<uint8_t>(IndexKind::kLookup)) return in.NotSupported("index kind " + std::to_string(kind));
  if (entity > static_cast<uint8_t>(IndexEntity::kRelationship)) {
    return in.NotSupported("index entity " + std::to_string(entity));
  }
  d.kind = static_cast<IndexKind>(kind);
  d.entity = static_cast<IndexEntity>(entity);
  if (key_count > in.remaining() / 4) return in.Corruption("key count past the end");
  d.keys.resize(key_count);
  for (PropertyKeyId& key : d.keys) (void)in.U32(&key);
  if (!in.String(&d.provider)) return in.Corruption("truncated provider");
  if (d.name.empty()) return in.Corruption("an index without a name");
  if ((d.kind == IndexKind::kLookup) != d.keys.empty()) {
    return in.Corruption("index " + d.name + ": a LOOKUP index has no keys, any other at least one");
  }
  return d;
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

void SchemaCatalog::EncodeEntry(const IndexDefinition& d, std::string* out) {
  PutString(out, d.name);
  out->push_back(static_cast<char>(d.kind));
  out->push_back(static_cast<char>(d.entity));
  PutU32(out, d.token);
  PutU32(out, static_cast<uint32_t>(d.keys.size()));
  for (PropertyKeyId key : d.keys) PutU32(out, key);
  PutString(out, d.provider);
}

Result<IndexDefinition> SchemaCatalog::DecodeEntry(std::string_view bytes, size_t* at, std::string_view where) {
  CatalogReader in(bytes, where, *at);
  QUIVER_ASSIGN_OR_RETURN(IndexDefinition d, ReadEntry(in));
  *at = in.at();
  return d;
}

std::string SchemaCatalog::Encode() const {
  std::string out;
  PutU32(&out, static_cast<uint32_t>(indexes_.size()));
  for (const IndexDefinition& d : indexes_) EncodeEntry(d, &out);
  return out;
}

Result<SchemaCatalog> SchemaCatalog::Decode(std::string_view bytes, std::string_view where) {
  CatalogReader in(bytes, where);
  uint32_t count = 0;
  if (!in.U32(&count)) return in.Corruption("truncated count");
  SchemaCatalog catalog;
  for (uint32_t i = 0; i < count; ++i) {
    QUIVER_ASSIGN_OR_RETURN(IndexDefinition d, ReadEntry(in));
    if (catalog.CheckAdd(d) != SchemaConflict::kNone) {
      return in.Corruption("index " + d.name + " repeats the name or schema of an earlier one");
    }
    catalog.indexes_.push_back(std::move(d));
  }
  if (in.remaining() != 0) return in.Corruption("bytes after the last index");
  return catalog;
}

std::string GenerateIndexName(const IndexDefinition& definition, std::string_view token_name,
                              std::span<const std::string> key_names) {
  // The parts are joined with a byte no name can hold ambiguously: lengths first.
  std::string schema;
  auto part = [&](std::string_view text) {
    schema.append(std::to_string(text.size())).append(":").append(text);
  };
  part(std::to_string(static_cast<int>(definition.kind)));
  part(std::to_string(static_cast<int>(definition.entity)));
  part(token_name);
  for (const std::string& key : key_names) part(key);
  char name[16];
  std::snprintf(name, sizeof name, "index_%08x", Fnv1a(schema));
  return name;
}

}  // namespace quiver::storage
