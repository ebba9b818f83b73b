#pragma once
// `Given there exists a procedure NAME(IN :: TYPE?, ...) :: (OUT :: TYPE?, ...):` with a
// table whose header names the inputs, then the outputs, and whose rows say which
// outputs a call with those inputs yields (Call1..Call6). A call returns, in table
// order, the output cells of every row whose input cells match the arguments; a
// procedure with no inputs returns every row. Arguments match cells by openCypher
// equivalence (GroupEquals): null matches null (Call4) and the integer 42 matches the
// float 42.0 (Call3 #5, an INTEGER passed where FLOAT is declared).

#include <string_view>

#include "gherkin.h"
#include "quiver/database.h"

namespace quiver::tck {

// Reads the signature from the step text ("there exists a procedure ...:"). Throws
// std::runtime_error on malformed text.
ProcedureSignature ParseProcedureSignature(std::string_view step_text);

// The procedure's behaviour from its table. Throws std::runtime_error when the header
// is not the inputs followed by the outputs, or a cell is not a TCK value.
ProcedureFunction MakeTableProcedure(const ProcedureSignature& signature, const DataTable& table);

}  // namespace quiver::tck
