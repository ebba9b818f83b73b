#include "procedure_table.h"

#include <memory>
#include <stdexcept>
#include <string>

#include "tck_value.h"

namespace quiver::tck {
namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

[[noreturn]] void Fail(std::string_view text, const std::string& what) {
  throw std::runtime_error("bad procedure step '" + std::string(text) + "': " + what);
}

// "(a :: INTEGER?, b :: STRING?)" -> {(a, INTEGER?), (b, STRING?)}; "()" -> {}.
std::vector<std::pair<std::string, std::string>> ParseFields(std::string_view full, std::string_view list) {
  std::vector<std::pair<std::string, std::string>> fields;
  list = Trim(list);
  if (list.empty()) return fields;
  size_t start = 0;
  while (start <= list.size()) {
    size_t comma = list.find(',', start);
    if (comma == std::string_view::npos) comma = list.size();
    const std::string_view field = list.substr(start, comma - start);
    const size_t colons = field.find("::");
    if (colons == std::string_view::npos) Fail(full, "field without '::'");
    const std::string_view name = Trim(field.substr(0, colons));
    const std::string_view type = Trim(field.substr(colons + 2));
    if (name.empty() || type.empty()) Fail(full, "empty field name or type");
    fields.emplace_back(std::string(name), std::string(type));
    start = comma + 1;
  }
  return fields;
}

}  // namespace

ProcedureSignature ParseProcedureSignature(std::string_view text) {
  constexpr std::string_view kPrefix = "there exists a procedure ";
  if (text.substr(0, kPrefix.size()) != kPrefix) Fail(text, "missing prefix");
  std::string_view rest = Trim(text.substr(kPrefix.size()));
  if (rest.empty() || rest.back() != ':') Fail(text, "missing trailing ':'");
  rest = Trim(rest.substr(0, rest.size() - 1));

  ProcedureSignature signature;
  const size_t open_in = rest.find('(');
  if (open_in == std::string_view::npos) Fail(text, "missing '('");
  signature.name = std::string(Trim(rest.substr(0, open_in)));
  const size_t close_in = rest.find(')', open_in);
  if (close_in == std::string_view::npos) Fail(text, "missing ')'");
  signature.inputs = ParseFields(text, rest.substr(open_in + 1, close_in - open_in - 1));

  std::string_view outputs = Trim(rest.substr(close_in + 1));
  if (outputs.substr(0, 2) != "::") Fail(text, "missing ':: (outputs)'");
  outputs = Trim(outputs.substr(2));
  if (outputs.size() < 2 || outputs.front() != '(' || outputs.back() != ')') Fail(text, "bad output list");
  signature.outputs = ParseFields(text, outputs.substr(1, outputs.size() - 2));
  if (signature.name.empty()) Fail(text, "empty name");
  return signature;
}

ProcedureFunction MakeTableProcedure(const ProcedureSignature& signature, const DataTable& table) {
  const size_t inputs = signature.inputs.size();
  const size_t outputs = signature.outputs.size();
  std::vector<std::string> header;
  if (!table.rows.empty()) header = table.rows.front();
  std::vector<std::string> wanted;
  for (const auto& [name, type] : signature.inputs) wanted.push_back(name);
  for (const auto& [name, type] : signature.outputs) wanted.push_back(name);
  if (header != wanted) {
    throw std::runtime_error("procedure " + signature.name +
                             ": table header does not list the inputs then the outputs");
  }
  auto rows = std::make_shared<std::vector<std::vector<Value>>>();
  for (size_t r = 1; r < table.rows.size(); ++r) {
    if (table.rows[r].size() != wanted.size()) {
      throw std::runtime_error("procedure " + signature.name + ": row " + std::to_string(r) +
                               " has the wrong width");
    }
    std::vector<Value> row;
    for (const auto& cell : table.rows[r]) row.push_back(ParseTckValue(cell));
    rows->push_back(std::move(row));
  }
  return [rows, inputs, outputs](std::span<const Value> args) {
    std::vector<std::vector<Value>> out;
    if (args.size() != inputs) return out;  // the engine checks arity; nothing matches otherwise
    for (const auto& row : *rows) {
      bool match = true;
      for (size_t i = 0; i < inputs && match; ++i) match = GroupEquals(row[i], args[i]);
      if (!match) continue;
      out.emplace_back(row.begin() + static_cast<std::ptrdiff_t>(inputs),
                       row.begin() + static_cast<std::ptrdiff_t>(inputs + outputs));
    }
    return out;
  };
}

}  // namespace quiver::tck
