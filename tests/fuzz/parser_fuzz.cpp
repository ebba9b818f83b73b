// libFuzzer target for the Cypher front end. For any input the parser must either
// return an AST or throw SyntaxError (no crash, hang, leak or other exception), and any
// AST it returns must print to text that parses back to an equal AST, in both the
// minimal and the fully parenthesized form.
//
// Run: `make fuzz FUZZ_TARGETS=parser` (clang, libFuzzer; docs/testing.md, "Fuzzing");
// `make test` runs it briefly without coverage guidance (ctest fuzz_smoke_parser).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cypher/ast/ast_equal.h"
#include "cypher/ast/ast_printer.h"
#include "cypher/parser.h"
#include "quiver/error.h"

namespace {

using quiver::cypher::Equal;
using quiver::cypher::ParseStatement;
using quiver::cypher::PrintOptions;
using quiver::cypher::Statement;
using quiver::cypher::ToCypher;

[[noreturn]] void Die(std::string_view what, std::string_view input, std::string_view printed) {
  std::fprintf(stderr, "%.*s\ninput:   %.*s\nprinted: %.*s\n", static_cast<int>(what.size()), what.data(),
               static_cast<int>(input.size()), input.data(), static_cast<int>(printed.size()),
               printed.data());
  std::abort();
}

void CheckRoundTrip(const Statement& ast, std::string_view input, const PrintOptions& options) {
  std::string printed = ToCypher(ast, options);
  std::unique_ptr<Statement> again;
  try {
    again = ParseStatement(printed);
  } catch (const quiver::SyntaxError& e) {
    // The fully parenthesized form nests one level per operator, so an input within the
    // limits on prefix operators and chains (docs/cypher.md, "Limits") can print deeper
    // than the nesting limit: that is the limit, not a printer bug.
    if (options.fully_parenthesize && e.detail() == "QueryTooComplex") return;
    Die(std::string("printed text does not parse: ") + e.what(), input, printed);
  }
  if (!Equal(ast, *again)) Die("printed text parses to a different AST", input, printed);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  std::unique_ptr<Statement> ast;
  try {
    ast = ParseStatement(input);
  } catch (const quiver::SyntaxError&) {
    return 0;
  }
  CheckRoundTrip(*ast, input, PrintOptions{});
  CheckRoundTrip(*ast, input, PrintOptions{true});
  return 0;
}
