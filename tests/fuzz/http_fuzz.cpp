// Fuzz target: the HTTP endpoint's request reader (src/server/http/) — the input is one
// request body, read by ParseStatements as POST /db/{name}/tx/commit reads it.
// InvalidRequest is the one correct answer to bad input; a crash, a sanitizer report or
// any other exception is a finding. Oracle, for a body that reads: every parameter,
// written back as the endpoint writes values (RowJson), parses again to the same value
// bit for bit — except a float JSON cannot carry (an infinity from `1e400`), which the
// endpoint writes as a string by design (docs/web.md).
//
// Seeds (tests/fuzz/corpus/http/): statements with parameters of every JSON kind,
// result formats, row limits, nesting, numbers at the INTEGER's edges.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include "fuzz/fuzz_support.h"
#include "server/http/json_values.h"
#include "server/http/statement_batch.h"
#include "test_util/value_identity.h"

namespace {

using quiver::Value;
using quiver::fuzz::Finding;
using namespace quiver::server::http;

// Whether `v` holds a float JSON has no number for.
bool HasNonFinite(const Value& v) {
  if (v.IsFloat()) return !std::isfinite(v.AsFloat());
  if (v.IsList()) {
    for (const Value& item : v.AsList()) {
      if (HasNonFinite(item)) return true;
    }
  }
  if (v.IsMap()) {
    for (const auto& [key, item] : v.AsMap()) {
      if (HasNonFinite(item)) return true;
    }
  }
  return false;
}

void CheckRoundTrip(const std::string& name, const Value& value) {
  if (HasNonFinite(value)) return;
  const std::string text = RowJson(value).dump();
  Value back;
  try {
    back = ValueFromJson(ParseRequestJson(text), name);
  } catch (const InvalidRequest& e) {
    Finding("parameter " + name + " does not read back once written: " + e.what() + "\n" + text);
  }
  if (!quiver::testing::IdenticalValues(value, back)) {
    Finding("parameter " + name + " reads back as another value: " + text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view body(reinterpret_cast<const char*>(data), size);
  std::vector<StatementRequest> statements;
  try {
    statements = ParseStatements(body);
  } catch (const InvalidRequest&) {
    return 0;
  } catch (const std::exception& e) {
    Finding(std::string("ParseStatements threw something other than InvalidRequest: ") + e.what());
  }
  for (const StatementRequest& statement : statements) {
    for (const auto& [name, value] : statement.parameters) CheckRoundTrip(name, value);
  }
  return 0;
}
