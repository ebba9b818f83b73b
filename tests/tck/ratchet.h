#pragma once
// The ratchet file (tests/tck/passing.txt): the ids (Scenario::Id()) of the scenarios
// that pass, one per line; lines starting with '#' and blank lines are ignored. CI runs
// `quiver_tck --ratchet passing.txt`, which fails when any listed scenario fails, so
// the passing set only grows. See docs/testing.md.

#include <string>
#include <vector>

namespace quiver::tck {

// Throws std::runtime_error when the file cannot be read.
std::vector<std::string> ReadRatchet(const std::string& path);

// Writes the header comment and the ids in the given order. Throws on I/O failure.
void WriteRatchet(const std::string& path, const std::vector<std::string>& ids);

}  // namespace quiver::tck
