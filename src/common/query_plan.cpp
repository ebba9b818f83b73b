// The plan in a result summary (quiver/result.h): its text layout and its destruction.

#include <cstdio>
#include <utility>

#include "quiver/result.h"

namespace quiver {

PlanOperator::~PlanOperator() {
  std::vector<PlanOperator> pending = std::move(children);
  while (!pending.empty()) {
    PlanOperator op = std::move(pending.back());
    pending.pop_back();
    for (auto& child : op.children) pending.push_back(std::move(child));
    op.children.clear();
  }
}

namespace {

// Whole rows, but huge estimates (var-length paths) in scientific notation.
std::string EstimateText(double rows) {
  char text[32];
  std::snprintf(text, sizeof text, rows < 1e15 ? "%.0f" : "%.3g", rows);
  return text;
}

std::string Milliseconds(std::chrono::nanoseconds time) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f ms", static_cast<double>(time.count()) / 1e6);
  return text;
}

}  // namespace

std::string FormatPlan(const PlanOperator& plan) {
  // An operator's main input continues in the operator's column, so a chain of clauses
  // reads down one column and the text stays linear in the plan's size; other inputs
  // are indented under their operator, printed before the main one, last first. So the
  // text is a tree without brackets (the web view draws it so). Iterative: plans can be
  // thousands of operators deep.
  std::string out;
  std::vector<std::pair<const PlanOperator*, size_t>> stack{{&plan, 0}};
  while (!stack.empty()) {
    auto [op, level] = stack.back();
    stack.pop_back();
    out.append(level * 2, ' ');
    out += op->operator_type;
    if (!op->details.empty()) out += " " + op->details;
    if (op->profiled) {
      out += "  [rows=" + std::to_string(op->rows) + "]";
      if (!op->note.empty()) out += " " + op->note;
      // Every profiled operator has its db hits, also those without a time of their own.
      out += " (";
      if (op->time) out += Milliseconds(*op->time) + ", ";
      out += std::to_string(op->db_hits) + (op->db_hits == 1 ? " db hit)" : " db hits)");
    } else if (op->estimated_rows) {
      out += "  [est=" + EstimateText(*op->estimated_rows) + "]";
    }
    out += "\n";
    for (size_t i = 0; i < op->children.size(); ++i) stack.emplace_back(&op->children[i], i == 0 ? level : level + 1);
  }
  return out;
}

}  // namespace quiver
