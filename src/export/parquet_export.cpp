// Parquet files with the CSV export's grouping and column names (csv_export.cpp), so
// that `quiver import --from` reads them back the same way (docs/ingest.md, "Export"):
//
//   nodes_Person.parquet          :ID int64, :LABEL list<string>, age int64, born date, …
//   relationships_KNOWS.parquet   :START_ID int64, :END_ID int64, :TYPE string, since int64
//
// A column of booleans, integers, floats, strings, dates, local times or local date-times
// (or lists of them) is a typed Parquet column, named by its key (with `:type` where the
// key holds a ':'), so DuckDB and Arrow read it as what it is. Times and date-times with
// an offset or zone and durations have no Parquet type that keeps them: their column is
// text named `key:datetime` (or `key:datetime[]`), read as CSV text is.
//
// Row groups: a morsel's rows of a file are one row group, encoded and compressed on the
// worker that formatted them; smaller pieces (a label whose nodes are spread thin) are
// gathered in order and encoded once they make a row group, on the thread that appends
// the row groups (ordered_writer.h's consumer).

#include <map>
#include <memory>
#include <optional>

#include "export/formats.h"
#include "export/parquet/file_writer.h"
#include "export/value_text.h"

namespace quiver::exporter {
namespace {

using parquet::ColumnBuffer;
using parquet::ColumnSpec;
using parquet::ColumnType;
using parquet::EncodedRowGroup;

constexpr uint64_t kRowGroupRows = 64 * 1024;  // a morsel with fewer rows of a file is gathered

Result<parquet::Codec> CodecNamed(const std::string& name) {
  if (name == "zstd") return parquet::Codec::kZstd;
  if (name == "snappy") return parquet::Codec::kSnappy;
  if (name == "gzip") return parquet::Codec::kGzip;
  if (name == "none") return parquet::Codec::kUncompressed;
  return Status::InvalidArgument("unknown Parquet codec '" + name + "' (choose zstd, snappy, gzip or none)");
}

// How a property column is written: typed, or as text of a declared type.
struct PropertyPlan {
  PropertyKeyId key = 0;
  bool text = false;
};

std::optional<ColumnType> NativeType(ScalarKind kind) {
  switch (kind) {
    case ScalarKind::kBool: return ColumnType::kBoolean;
    case ScalarKind::kInt: return ColumnType::kInt64;
    case ScalarKind::kFloat: return ColumnType::kDouble;
    case ScalarKind::kString: return ColumnType::kString;
    case ScalarKind::kDate: return ColumnType::kDate;
    case ScalarKind::kLocalTime: return ColumnType::kLocalTimeNanos;
    case ScalarKind::kLocalDateTime: return ColumnType::kLocalDateTimeNanos;
    default: return std::nullopt;  // time, datetime, duration: no Parquet type keeps them
  }
}

// One output file's columns: the fixed ones, then a property column per layout column.
struct FilePlan {
  std::vector<ColumnSpec> specs;
  std::vector<PropertyPlan> properties;
  size_t fixed = 0;  // columns before the properties
};

FilePlan PlanFile(const ExportFile& file) {
  FilePlan plan;
  if (file.relationships) {
    plan.specs = {{":START_ID", ColumnType::kInt64, false, true},
                  {":END_ID", ColumnType::kInt64, false, true},
                  {":TYPE", ColumnType::kString, false, true}};
  } else {
    plan.specs = {{":ID", ColumnType::kInt64, false, true}, {":LABEL", ColumnType::kString, true, false}};
  }
  plan.fixed = plan.specs.size();
  for (const PropertyColumn& c : file.columns) {
    const std::optional<ColumnType> native = NativeType(c.shape.kind());
    const std::string type = std::string(ScalarTypeName(c.shape.kind())) + (c.shape.is_list() ? "[]" : "");
    ColumnSpec spec;
    if (native) {
      spec.name = c.name.find(':') == std::string::npos ? c.name : c.name + ":" + type;
      spec.type = *native;
      spec.list = c.shape.is_list();
    } else {
      spec.name = c.name + ":" + type;
      spec.type = ColumnType::kString;
    }
    plan.specs.push_back(std::move(spec));
    plan.properties.push_back({c.key, !native.has_value()});
  }
  return plan;
}

// The nanoseconds of a local date-time since 1970, if an INT64 holds them (1677–2262).
bool TimestampNanos(const LocalDateTimeValue& v, int64_t* out) {
  int64_t ns = 0;
  if (__builtin_mul_overflow(v.seconds, int64_t{1'000'000'000}, &ns)) return false;
  return !__builtin_add_overflow(ns, int64_t{v.nanos}, out);
}

// Appends one native value (a scalar, or a list element); false when Parquet's type
// cannot hold it (a date past the INT32 days, a date-time past the INT64 nanoseconds).
bool AppendNative(ColumnBuffer& b, const Value& v) {
  switch (v.kind()) {
    case ValueKind::kBool: b.AppendBool(v.AsBool()); return true;
    case ValueKind::kInt: b.AppendInt(v.AsInt()); return true;
    case ValueKind::kFloat: b.AppendDouble(v.AsFloat()); return true;
    case ValueKind::kString: b.AppendString(v.AsString()); return true;
    case ValueKind::kDate: {
      const int64_t days = v.AsDate().days;
      if (days < INT32_MIN || days > INT32_MAX) return false;
      b.AppendDate(static_cast<int32_t>(days));
      return true;
    }
    case ValueKind::kLocalTime: b.AppendNanos(v.AsLocalTime().nanos); return true;
    case ValueKind::kLocalDateTime: {
      int64_t ns = 0;
      if (!TimestampNanos(v.AsLocalDateTime(), &ns)) return false;
      b.AppendNanos(ns);
      return true;
    }
    default: return false;
  }
}

// The buffers of one file's rows within a morsel (created when the morsel has one).
struct Piece {
  std::vector<ColumnBuffer> buffers;
  std::optional<EncodedRowGroup> encoded;  // when it was large enough to be a row group
};

class ParquetExport {
 public:
  ParquetExport(const ExportContext& context, const ExportLayout& layout, parquet::WriterOptions options)
      : context_(context), layout_(layout), options_(options) {
    for (const ExportFile& file : layout.files()) plans_.push_back(PlanFile(file));
  }

  Status Run(std::vector<std::string>* names) {
    const std::string& dir = context_.dir;
    for (size_t f = 0; f < plans_.size(); ++f) {
      names->push_back(layout_.files()[f].stem + ".parquet");
      QUIVER_ASSIGN_OR_RETURN(auto writer, parquet::FileWriter::Create(context_.env, JoinPath(dir, names->back()),
                                                                        plans_[f].specs, options_));
      writers_.push_back(std::move(writer));
      pending_.emplace_back();
    }
    std::vector<std::vector<std::optional<Piece>>> window(WindowSize(*context_.pool));
    auto produce = [&](uint64_t morsel, uint64_t slot) {
      return Produce(context_.morsels.Begin(morsel), context_.morsels.Begin(morsel + 1), window[slot]);
    };
    auto consume = [&](uint64_t first_slot, uint64_t n) -> Status {
      for (uint64_t i = first_slot; i < first_slot + n; ++i) {
        for (size_t f = 0; f < plans_.size(); ++f) {
          if (window[i][f]) QUIVER_RETURN_IF_ERROR(Consume(f, std::move(*window[i][f])));
        }
      }
      return Status::OK();
    };
    QUIVER_RETURN_IF_ERROR(RunWindows(context_.morsels.count(), context_.pool, produce, consume, context_.progress));
    for (size_t f = 0; f < plans_.size(); ++f) {
      QUIVER_RETURN_IF_ERROR(FlushPending(f));
      QUIVER_RETURN_IF_ERROR(writers_[f]->Finish());
    }
    return Status::OK();
  }

 private:
  Status Produce(NodeId begin, NodeId end, std::vector<std::optional<Piece>>& pieces) {
    pieces.assign(plans_.size(), std::nullopt);
    Status failed;
    std::string scratch;
    auto piece = [&](uint32_t f) -> std::vector<ColumnBuffer>& {
      if (!pieces[f]) {
        pieces[f].emplace();
        for (const ColumnSpec& spec : plans_[f].specs) pieces[f]->buffers.emplace_back(spec);
      }
      return pieces[f]->buffers;
    };
    VisitLayoutMorsel(
        context_.graph, layout_, begin, end,
        [&](uint32_t f, NodeId node, const std::vector<PropertyEntry>& props) {
          std::vector<ColumnBuffer>& b = piece(f);
          b[0].AppendInt(static_cast<int64_t>(node));
          b[1].BeginList();
          for (LabelId label : layout_.files()[f].labels) b[1].AppendString(context_.graph.LabelName(label));
          b[1].EndList();
          Status s = AppendProperties(f, props, b, scratch, [&] { return "node " + std::to_string(node); });
          if (!s.ok() && failed.ok()) failed = std::move(s);
        },
        [&](uint32_t f, const RelationshipRef& rel, const std::vector<PropertyEntry>& props) {
          std::vector<ColumnBuffer>& b = piece(f);
          b[0].AppendInt(static_cast<int64_t>(rel.start));
          b[1].AppendInt(static_cast<int64_t>(rel.end));
          b[2].AppendString(context_.graph.RelTypeName(rel.type));
          Status s = AppendProperties(f, props, b, scratch, [&] { return "relationship " + std::to_string(rel.id); });
          if (!s.ok() && failed.ok()) failed = std::move(s);
        });
    QUIVER_RETURN_IF_ERROR(failed);
    // Row groups of a morsel's size are encoded here, on the worker.
    for (size_t f = 0; f < pieces.size(); ++f) {
      if (pieces[f] && pieces[f]->buffers[0].rows() >= kRowGroupRows) {
        QUIVER_ASSIGN_OR_RETURN(pieces[f]->encoded,
                                parquet::EncodeRowGroup(plans_[f].specs, pieces[f]->buffers, options_));
        pieces[f]->buffers.clear();
      }
    }
    return Status::OK();
  }

  // Appends a row's property columns; OK, or InvalidArgument naming `entity()` and the
  // key when a value is outside what its Parquet type holds.
  template <typename Entity>
  Status AppendProperties(uint32_t f, const std::vector<PropertyEntry>& props, std::vector<ColumnBuffer>& b,
                          std::string& scratch, Entity&& entity) {
    const FilePlan& plan = plans_[f];
    auto p = props.begin();
    for (size_t c = 0; c < plan.properties.size(); ++c) {
      ColumnBuffer& out = b[plan.fixed + c];
      while (p != props.end() && p->first < plan.properties[c].key) ++p;
      if (p == props.end() || p->first != plan.properties[c].key || p->second.IsNull()) {
        out.AppendNull();
        continue;
      }
      const Value& v = p->second;
      if (plan.properties[c].text) {
        scratch.clear();
        AppendFieldText(scratch, v, layout_.array_delimiter());
        out.AppendString(scratch);
        continue;
      }
      bool fits = true;
      if (v.IsList()) {
        out.BeginList();
        for (const Value& item : v.AsList()) fits = AppendNative(out, item) && fits;
        out.EndList();
      } else {
        fits = AppendNative(out, v);
      }
      if (!fits) {
        const ColumnSpec& spec = plan.specs[plan.fixed + c];
        return Status::InvalidArgument(entity() + " property `" + spec.name + "`: " + ToIsoString(v) +
                                       " is outside what a Parquet " +
                                       std::string(parquet::ColumnTypeName(spec.type)) + " holds (export as csv)");
      }
    }
    return Status::OK();
  }

  Status Consume(size_t f, Piece piece) {
    if (piece.encoded) {
      QUIVER_RETURN_IF_ERROR(FlushPending(f));
      return writers_[f]->Append(std::move(*piece.encoded));
    }
    std::vector<ColumnBuffer>& pending = pending_[f];
    if (pending.empty()) {
      pending = std::move(piece.buffers);
    } else {
      for (size_t c = 0; c < pending.size(); ++c) pending[c].Append(piece.buffers[c]);
    }
    return pending[0].rows() >= kRowGroupRows ? FlushPending(f) : Status::OK();
  }

  Status FlushPending(size_t f) {
    if (pending_[f].empty()) return Status::OK();
    QUIVER_RETURN_IF_ERROR(writers_[f]->Append(pending_[f]));
    pending_[f].clear();
    return Status::OK();
  }

  const ExportContext& context_;
  const ExportLayout& layout_;
  parquet::WriterOptions options_;
  std::vector<FilePlan> plans_;
  std::vector<std::unique_ptr<parquet::FileWriter>> writers_;
  std::vector<std::vector<ColumnBuffer>> pending_;  // per file: small pieces gathered, in order
};

}  // namespace

Status WriteParquet(const ExportContext& context, ExportResult* result) {
  QUIVER_ASSIGN_OR_RETURN(parquet::Codec codec, CodecNamed(context.options.codec));
  QUIVER_ASSIGN_OR_RETURN(ExportLayout layout, ExportLayout::Scan(context.graph, context.morsels, context.pool));
  parquet::WriterOptions options;
  options.codec = codec;
  if (codec == parquet::Codec::kGzip) options.compression_level = 1;  // zlib's 6 is many times slower
  ParquetExport writer(context, layout, options);
  std::vector<std::string> names;
  QUIVER_RETURN_IF_ERROR(writer.Run(&names));
  AddLayoutFiles(context.graph, layout, names, result);
  return Status::OK();
}

}  // namespace quiver::exporter
