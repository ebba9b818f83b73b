#pragma once
// The ladder's summary for people: one row per rung with the figures that matter
// (rung_figures.h), aligned columns, "-" where a figure is missing, and the failure of
// a rung that did not pass written out below the table.

#include <nlohmann/json_fwd.hpp>
#include <string>

namespace quiver::bench {

// From ladder.json's content.
std::string FormatSummaryTable(const nlohmann::json& ladder);

}  // namespace quiver::bench
