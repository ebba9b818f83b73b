#include "ratchet.h"

#include <fstream>
#include <stdexcept>

namespace quiver::tck {

std::vector<std::string> ReadRatchet(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read ratchet file " + path);
  std::vector<std::string> ids;
  std::string line;
  while (std::getline(in, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.empty() || line.front() == '#') continue;
    ids.push_back(line);
  }
  return ids;
}

void WriteRatchet(const std::string& path, const std::vector<std::string>& ids) {
  std::ofstream out(path, std::ios::trunc);
  if (!out) throw std::runtime_error("cannot write ratchet file " + path);
  out << "# openCypher TCK scenarios that pass (Scenario::Id(): <feature>:<line>[#<example>] <name>).\n"
         "# CI fails when one of them fails. Regenerate with `quiver_tck --update-ratchet`;\n"
         "# see docs/testing.md. Do not edit by hand except to remove a scenario on purpose.\n";
  for (const auto& id : ids) out << id << '\n';
  out.flush();
  if (!out) throw std::runtime_error("failed writing ratchet file " + path);
}

}  // namespace quiver::tck
