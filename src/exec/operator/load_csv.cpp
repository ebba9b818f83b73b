// LOAD CSV: per input row, the file its URL names (exec/csv/csv_source.h: inside the
// import directory only), a record at a time — a list of strings, or with headers a map
// from the first record's names, where an empty unquoted field is null (Neo4j's rule;
// a quoted "" stays an empty string) and a missing one is null.

#include "exec/csv/csv_source.h"
#include "exec/exec_context.h"
#include "exec/expression/evaluator.h"
#include "exec/operator/operators.h"
#include "quiver/error.h"

namespace quiver::exec {

namespace {

using planner::LogicalLoadCsv;

class LoadCsvOp final : public StreamOperator {
 public:
  using StreamOperator::StreamOperator;

  void BeginRow(ExecContext& ctx, Value* row) override {
    const auto& load = logical().As<LogicalLoadCsv>();
    reader_.reset();
    Value url = Evaluate(*load.url, row, ctx);
    if (!url.IsString()) {
      throw TypeError("InvalidArgumentType",
                      "LOAD CSV FROM takes a string URL, not " + std::string(url.TypeName()), ErrorPhase::kRuntime);
    }
    const std::string path = ResolveCsvUrl(url.AsString(), ctx.execution().import_directory);
    reader_ = std::make_unique<CsvRecordReader>(path, std::string(url.AsString()), load.field_terminator);
    file_ = Value::String(path);
    header_.clear();
    if (load.with_headers) {
      uint64_t line = 0;
      if (!reader_->Next(fields_, line)) {
        reader_.reset();  // an empty file: no rows
        return;
      }
      for (const auto& field : fields_) header_.emplace_back(field.text);
    }
  }

  bool NextRow(ExecContext& ctx, Value* row) override {
    if (!reader_) return false;
    uint64_t line = 0;
    if (!reader_->Next(fields_, line)) {
      reader_.reset();
      return false;
    }
    ctx.Tick();
    const auto& load = logical().As<LogicalLoadCsv>();
    row[load.line_slot] = Value::Int(static_cast<int64_t>(line));
    row[load.file_slot] = file_;
    if (!load.with_headers) {
      std::vector<Value> items;
      items.reserve(fields_.size());
      for (const auto& field : fields_) items.push_back(Value::String(field.text));
      row[load.slot] = Value::List(std::move(items));
      return true;
    }
    std::vector<ValueMap::Entry> entries;
    entries.reserve(header_.size());
    for (size_t i = 0; i < header_.size(); ++i) {
      Value value;
      if (i < fields_.size() && (fields_[i].quoted || !fields_[i].text.empty())) {
        value = Value::String(fields_[i].text);
      }
      entries.emplace_back(header_[i], std::move(value));
    }
    row[load.slot] = Value::Map(ValueMap(std::move(entries)));
    return true;
  }

 private:
  std::unique_ptr<CsvRecordReader> reader_;
  std::vector<ingest::Field> fields_;
  std::vector<std::string> header_;
  Value file_;  // file(): the path, shared by the rows (a string value is reference counted)
};

}  // namespace

StreamOperatorPtr MakeLoadCsv(const LogicalOperator& op) {
  return std::make_unique<LoadCsvOp>(op);
}

}  // namespace quiver::exec
