#include "ingest/parquet/schema.h"

#include <string>

namespace quiver::ingest::parquet {
namespace {

using LK = LogicalType::Kind;
using P = PhysicalType;

std::string_view UnitName(TimeUnit u) {
  return u == TimeUnit::kMillis ? "MILLIS" : u == TimeUnit::kMicros ? "MICROS" : "NANOS";
}

std::string Annotation(const SchemaElement& e) {
  const LogicalType& l = e.logical;
  switch (l.kind) {
    case LK::kString: return "STRING";
    case LK::kEnum: return "ENUM";
    case LK::kJson: return "JSON";
    case LK::kBson: return "BSON";
    case LK::kUuid: return "UUID";
    case LK::kFloat16: return "FLOAT16";
    case LK::kDate: return "DATE";
    case LK::kNull: return "UNKNOWN";
    case LK::kMap: return "MAP";
    case LK::kList: return "LIST";
    case LK::kDecimal: return "DECIMAL(" + std::to_string(l.precision) + "," + std::to_string(l.scale) + ")";
    case LK::kInteger:
      return std::string(l.is_signed ? "INT(" : "UINT(") + std::to_string(l.bit_width) + ")";
    case LK::kTime:
    case LK::kTimestamp:
      return std::string(l.kind == LK::kTime ? "TIME(" : "TIMESTAMP(") + std::string(UnitName(l.unit)) +
             (l.utc ? ",UTC)" : ")");
    case LK::kOther: return "a logical type newer than this reader";
    case LK::kNone: break;
  }
  if (e.converted == ConvertedType::kInterval) return "INTERVAL";
  if (e.converted == ConvertedType::kBson) return "BSON";
  if (e.converted != ConvertedType::kNone) return "converted type " + std::to_string(static_cast<int>(e.converted));
  return "";
}

// The cell kind of a primitive leaf; false with *why set when Quiver cannot hold it.
bool Resolve(const SchemaElement& e, ColumnDescriptor* c, std::string* why) {
  const LogicalType& l = e.logical;
  P p = *e.type;
  auto is_int = p == P::kInt32 || p == P::kInt64;
  auto is_bytes = p == P::kByteArray || p == P::kFixedLenByteArray;
  // The legacy annotations, as the logical type they stand for.
  LogicalType lt = l;
  if (lt.kind == LK::kNone) {
    switch (e.converted) {
      case ConvertedType::kUtf8: lt.kind = LK::kString; break;
      case ConvertedType::kEnum: lt.kind = LK::kEnum; break;
      case ConvertedType::kJson: lt.kind = LK::kJson; break;
      case ConvertedType::kDate: lt.kind = LK::kDate; break;
      case ConvertedType::kDecimal: lt = {.kind = LK::kDecimal, .scale = e.scale, .precision = e.precision}; break;
      case ConvertedType::kTimeMillis: lt = {.kind = LK::kTime, .utc = true, .unit = TimeUnit::kMillis}; break;
      case ConvertedType::kTimeMicros: lt = {.kind = LK::kTime, .utc = true, .unit = TimeUnit::kMicros}; break;
      case ConvertedType::kTimestampMillis:
        lt = {.kind = LK::kTimestamp, .utc = true, .unit = TimeUnit::kMillis};
        break;
      case ConvertedType::kTimestampMicros:
        lt = {.kind = LK::kTimestamp, .utc = true, .unit = TimeUnit::kMicros};
        break;
      case ConvertedType::kUint8: lt = {.kind = LK::kInteger, .bit_width = 8, .is_signed = false}; break;
      case ConvertedType::kUint16: lt = {.kind = LK::kInteger, .bit_width = 16, .is_signed = false}; break;
      case ConvertedType::kUint32: lt = {.kind = LK::kInteger, .bit_width = 32, .is_signed = false}; break;
      case ConvertedType::kUint64: lt = {.kind = LK::kInteger, .bit_width = 64, .is_signed = false}; break;
      case ConvertedType::kInt8: lt = {.kind = LK::kInteger, .bit_width = 8}; break;
      case ConvertedType::kInt16: lt = {.kind = LK::kInteger, .bit_width = 16}; break;
      case ConvertedType::kInt32: lt = {.kind = LK::kInteger, .bit_width = 32}; break;
      case ConvertedType::kInt64: lt = {.kind = LK::kInteger, .bit_width = 64}; break;
      case ConvertedType::kNone: break;
      default: *why = "unsupported type"; return false;
    }
  }
  c->utc = lt.utc;
  c->unit = lt.unit;
  switch (lt.kind) {
    case LK::kNone:
      switch (p) {
        case P::kBoolean: c->kind = CellKind::kBool; return true;
        case P::kInt32:
        case P::kInt64: c->kind = CellKind::kInt; return true;
        case P::kFloat:
        case P::kDouble: c->kind = CellKind::kDouble; return true;
        case P::kInt96: c->kind = CellKind::kInt96; return true;
        case P::kByteArray: c->kind = CellKind::kString; return true;
        case P::kFixedLenByteArray: break;
      }
      break;
    case LK::kString:
    case LK::kEnum:
    case LK::kJson:
      if (p == P::kByteArray) { c->kind = CellKind::kString; return true; }
      break;
    case LK::kUuid:
      if (p == P::kFixedLenByteArray && e.type_length == 16) { c->kind = CellKind::kUuid; return true; }
      break;
    case LK::kInteger:
      if (!is_int) break;
      // Unsigned values are stored in the signed physical type's bits: an INT32 one is
      // read back as uint32 (always fits), an INT64 one is checked against INT64_MAX.
      c->kind = lt.is_signed ? CellKind::kInt : CellKind::kUnsigned;
      return true;
    case LK::kDecimal:
      if (is_int || is_bytes) {
        if (lt.scale < 0 || lt.scale > 76) { *why = "DECIMAL scale " + std::to_string(lt.scale) + " out of range"; return false; }
        c->kind = CellKind::kDecimal;
        c->scale = lt.scale;
        return true;
      }
      break;
    case LK::kDate:
      if (p == P::kInt32) { c->kind = CellKind::kDate; return true; }
      break;
    case LK::kTime:
      if ((p == P::kInt32 && lt.unit == TimeUnit::kMillis) || (p == P::kInt64 && lt.unit != TimeUnit::kMillis)) {
        c->kind = CellKind::kTime;
        return true;
      }
      break;
    case LK::kTimestamp:
      if (p == P::kInt64) { c->kind = CellKind::kTimestamp; return true; }
      break;
    default:
      break;
  }
  *why = "unsupported type";
  return false;
}

int CountLeaves(const std::vector<SchemaElement>& s, size_t* i, int depth) {
  // Iterative over siblings, recursive over depth (bounded by the caller's check).
  const SchemaElement& e = s[(*i)++];
  if (e.num_children <= 0) return 1;
  if (depth > 64) return -1;
  int leaves = 0;
  for (int c = 0; c < e.num_children; ++c) {
    if (*i >= s.size()) return -1;
    int n = CountLeaves(s, i, depth + 1);
    if (n < 0) return -1;
    leaves += n;
  }
  return leaves;
}

bool IsPrimitive(const SchemaElement& e) { return e.num_children <= 0 && e.type.has_value(); }

}  // namespace

std::string_view CellKindName(CellKind k) {
  switch (k) {
    case CellKind::kBool: return "boolean";
    case CellKind::kInt: return "integer";
    case CellKind::kUnsigned: return "unsigned integer";
    case CellKind::kDouble: return "float";
    case CellKind::kDecimal: return "decimal";
    case CellKind::kString: return "string";
    case CellKind::kUuid: return "uuid";
    case CellKind::kDate: return "date";
    case CellKind::kTime: return "time";
    case CellKind::kTimestamp: return "timestamp";
    case CellKind::kInt96: return "int96 timestamp";
  }
  return "?";
}

Result<std::vector<ColumnDescriptor>> DescribeColumns(const FileMetaData& meta) {
  const auto& s = meta.schema;
  if (s.empty() || s[0].num_children < 0) return Status::Corruption("the schema has no root");
  std::vector<ColumnDescriptor> out;
  size_t i = 1;
  int leaf = 0;
  for (int child = 0; child < s[0].num_children; ++child) {
    if (i >= s.size()) return Status::Corruption("the schema's root has more children than elements");
    size_t at = i;
    int leaves = CountLeaves(s, &i, 1);
    if (leaves < 0) return Status::Corruption("the schema's tree does not add up");
    const SchemaElement& e = s[at];
    ColumnDescriptor c;
    c.name = e.name;
    c.leaf = leaf;
    leaf += leaves;
    Repetition rep = e.repetition.value_or(Repetition::kOptional);
    const SchemaElement* leaf_element = nullptr;
    if (IsPrimitive(e)) {
      leaf_element = &e;
      if (rep == Repetition::kRepeated) {  // a bare repeated field: a list that is never null
        c.is_list = true;
        c.list_def = 0;
        c.element_def = c.max_def = c.max_rep = 1;
      } else {
        c.max_def = rep == Repetition::kOptional ? 1 : 0;
      }
    } else if (e.num_children == 1 && at + 1 < s.size() &&
               s[at + 1].repetition == Repetition::kRepeated && rep != Repetition::kRepeated) {
      const SchemaElement& r = s[at + 1];
      c.is_list = true;
      c.max_rep = 1;
      c.list_def = rep == Repetition::kOptional ? 1 : 0;
      c.element_def = c.list_def + 1;
      if (IsPrimitive(r)) {  // 2-level: the repeated field is the element
        leaf_element = &r;
        c.max_def = c.element_def;
      } else if (r.num_children == 1 && at + 2 < s.size() && IsPrimitive(s[at + 2]) &&
                 s[at + 2].repetition != Repetition::kRepeated) {
        leaf_element = &s[at + 2];
        c.max_def = c.element_def + (leaf_element->repetition == Repetition::kOptional ? 1 : 0);
      }
    }
    if (leaf_element == nullptr) {
      bool is_map = e.logical.kind == LK::kMap || e.converted == ConvertedType::kMap ||
                    e.converted == ConvertedType::kMapKeyValue;
      c.type_text = is_map ? "MAP" : e.logical.kind == LK::kList || e.converted == ConvertedType::kList
                                         ? "nested LIST"
                                         : "group (struct)";
      c.unsupported = "unsupported type " + c.type_text;
      out.push_back(std::move(c));
      continue;
    }
    c.physical = *leaf_element->type;
    c.type_length = leaf_element->type_length;
    std::string annotation = Annotation(*leaf_element);
    c.type_text = PhysicalTypeName(c.physical);
    if (c.physical == P::kFixedLenByteArray) c.type_text += "(" + std::to_string(c.type_length) + ")";
    if (!annotation.empty()) c.type_text += " (" + annotation + ")";
    if (c.is_list) c.type_text = "LIST of " + c.type_text;
    std::string why;
    if (!Resolve(*leaf_element, &c, &why)) c.unsupported = why + " " + c.type_text;
    out.push_back(std::move(c));
  }
  if (i != s.size()) return Status::Corruption("the schema has elements outside the root");
  for (const auto& g : meta.row_groups) {
    if (g.columns.size() != static_cast<size_t>(leaf)) {
      return Status::Corruption("a row group has " + std::to_string(g.columns.size()) + " column chunks, the schema " +
                                std::to_string(leaf) + " leaves");
    }
  }
  return out;
}

}  // namespace quiver::ingest::parquet
