// LOAD CSV [WITH HEADERS] FROM url AS row [FIELDTERMINATOR 'c']: the row variable is a
// list of strings, or a map by the header's names. The file is opened when the
// statement runs (exec/operator/load_csv.cpp), per input row: the URL may use them.

#include "planner/binder_impl.h"

namespace quiver::planner {

using namespace cypher;  // NOLINT

LogicalOperatorPtr Binder::BindLoadCsv(const LoadCsvClause& clause, LogicalOperatorPtr input, Scope& scope) {
  ExprContext ctx;
  ctx.scope = &scope;
  auto url = BindExpr(*clause.url, ctx);
  if (!MayBe(url->type, StaticType::kString)) {
    Fail(clause.url->pos, "InvalidArgumentType",
         "LOAD CSV FROM takes a string URL, not a " + std::string(StaticTypeName(url->type)));
  }
  if (scope.Find(clause.variable) != nullptr) {
    Fail(clause.pos, "VariableAlreadyBound", "variable `" + clause.variable + "` is already bound");
  }
  auto op = MakeOp<LogicalLoadCsv>(std::move(input));
  op->url = std::move(url);
  op->slot = NewSlot(clause.variable);
  op->with_headers = clause.with_headers;
  if (!clause.field_terminator.empty()) op->field_terminator = clause.field_terminator[0];
  scope.Add({clause.variable, op->slot, clause.with_headers ? StaticType::kMap : StaticType::kList});
  // linenumber() and file() from here on read these (BindLoadCsvFunction).
  op->line_slot = load_csv_line_slot_ = NewSlot("linenumber()");
  op->file_slot = load_csv_file_slot_ = NewSlot("file()");
  return op;
}

BoundExprPtr Binder::BindLoadCsvFunction(const FunctionCallExpr& call) const {
  if (load_csv_line_slot_ == kNoSlot || !call.args.empty() || call.distinct) return nullptr;
  std::string name = call.name;
  for (char& c : name) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  if (name == "linenumber") return MakeSlotRef(load_csv_line_slot_, StaticType::kInt);
  if (name == "file") return MakeSlotRef(load_csv_file_slot_, StaticType::kString);
  return nullptr;
}

}  // namespace quiver::planner
