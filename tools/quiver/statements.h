#pragma once
// Cypher scripts cut into statements at the semicolons outside strings, quoted names
// and comments — for `quiver query --file` and the shell, which also has to know when a
// line typed so far ends a statement.

#include <string>
#include <vector>

namespace quiver::cli {

// Every statement of a script (empty ones dropped); the text after the last semicolon
// counts as one.
std::vector<std::string> SplitStatements(const std::string& text);

// The statements of `buffer` that a semicolon ends (empty ones dropped), into
// `complete`; what follows the last such semicolon stays in `buffer` (a statement still
// being typed).
void TakeCompleteStatements(std::string& buffer, std::vector<std::string>& complete);

}  // namespace quiver::cli
