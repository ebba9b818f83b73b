#include "storage/format.h"

namespace quiver::storage {

std::string_view FileKindName(FileKind kind) {
  switch (kind) {
    case FileKind::kDatabaseId: return "DatabaseId";
    case FileKind::kManifest: return "Manifest";
    case FileKind::kDictionary: return "Dictionary";
    case FileKind::kNodeLabels: return "NodeLabels";
    case FileKind::kRelationshipType: return "RelationshipType";
    case FileKind::kNodePropertyColumn: return "NodePropertyColumn";
    case FileKind::kEdgePropertyColumn: return "EdgePropertyColumn";
    case FileKind::kExternalIds: return "ExternalIds";
    case FileKind::kSchema: return "Schema";
    case FileKind::kPropertyIndex: return "PropertyIndex";
  }
  return "Unknown";
}

std::string_view SectionTypeName(SectionType type) {
  switch (type) {
    case SectionType::kManifestSummary: return "ManifestSummary";
    case SectionType::kManifestFiles: return "ManifestFiles";
    case SectionType::kManifestFileNames: return "ManifestFileNames";
    case SectionType::kManifestTypeEdgeCounts: return "ManifestTypeEdgeCounts";
    case SectionType::kManifestLabelNodeCounts: return "ManifestLabelNodeCounts";
    case SectionType::kLabelNameOffsets: return "LabelNameOffsets";
    case SectionType::kLabelNameBytes: return "LabelNameBytes";
    case SectionType::kTypeNameOffsets: return "TypeNameOffsets";
    case SectionType::kTypeNameBytes: return "TypeNameBytes";
    case SectionType::kKeyNameOffsets: return "KeyNameOffsets";
    case SectionType::kKeyNameBytes: return "KeyNameBytes";
    case SectionType::kLabelSetOffsets: return "LabelSetOffsets";
    case SectionType::kLabelSetMembers: return "LabelSetMembers";
    case SectionType::kNodeLabelSet: return "NodeLabelSet";
    case SectionType::kLabelNodeCounts: return "LabelNodeCounts";
    case SectionType::kFwdOffsets: return "FwdOffsets";
    case SectionType::kFwdTargets: return "FwdTargets";
    case SectionType::kRevOffsets: return "RevOffsets";
    case SectionType::kRevSources: return "RevSources";
    case SectionType::kRevEdgePositions: return "RevEdgePositions";
    case SectionType::kPresence: return "Presence";
    case SectionType::kInt64Values: return "Int64Values";
    case SectionType::kDoubleValues: return "DoubleValues";
    case SectionType::kBoolBits: return "BoolBits";
    case SectionType::kStringOffsets: return "StringOffsets";
    case SectionType::kHeap: return "Heap";
    case SectionType::kMixedTags: return "MixedTags";
    case SectionType::kMixedSlots: return "MixedSlots";
    case SectionType::kIntKeys: return "IntKeys";
    case SectionType::kKeyPresence: return "KeyPresence";
    case SectionType::kSortedNodes: return "SortedNodes";
    case SectionType::kStringKeyOffsets: return "StringKeyOffsets";
    case SectionType::kStringKeyBytes: return "StringKeyBytes";
    case SectionType::kSchemaCatalog: return "SchemaCatalog";
    case SectionType::kIndexDefinition: return "IndexDefinition";
    case SectionType::kIndexKeyOffsets: return "IndexKeyOffsets";
    case SectionType::kIndexKeyBytes: return "IndexKeyBytes";
    case SectionType::kIndexNodes: return "IndexNodes";
  }
  return "UnknownSection";
}

std::string_view ColumnTypeName(ColumnType type) {
  switch (type) {
    case ColumnType::kInt64: return "int64";
    case ColumnType::kDouble: return "double";
    case ColumnType::kBool: return "bool";
    case ColumnType::kString: return "string";
    case ColumnType::kMixed: return "mixed";
  }
  return "unknown";
}

std::string_view ExternalIdKindName(ExternalIdKind kind) {
  switch (kind) {
    case ExternalIdKind::kNone: return "none";
    case ExternalIdKind::kDense: return "dense";
    case ExternalIdKind::kInt64: return "int64";
    case ExternalIdKind::kString: return "string";
  }
  return "unknown";
}

}  // namespace quiver::storage
