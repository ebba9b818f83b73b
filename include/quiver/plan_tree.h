#pragma once
// Converts a summary's plan (quiver/result.h PlanOperator) into another tree, bottom up
// and without recursion (a plan can be thousands of operators deep): Bolt's metadata
// maps, the HTTP API's JSON, the bindings' objects. `make` gets each operator with its
// children already converted, in order.
//
//   Json json = ConvertPlan<Json>(plan, [](const PlanOperator& op, std::vector<Json> children) { ... });

#include <utility>
#include <vector>

#include "quiver/result.h"

namespace quiver {

template <class Out, class Make>
Out ConvertPlan(const PlanOperator& root, Make make) {
  struct Frame {
    const PlanOperator* op;
    std::vector<Out> children;
  };
  std::vector<Frame> stack;
  stack.push_back({&root, {}});
  Out result{};
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.children.size() < top.op->children.size()) {
      const PlanOperator* next = &top.op->children[top.children.size()];
      stack.push_back({next, {}});
      continue;
    }
    Out made = make(*top.op, std::move(top.children));
    stack.pop_back();
    if (stack.empty()) {
      result = std::move(made);
    } else {
      stack.back().children.push_back(std::move(made));
    }
  }
  return result;
}

}  // namespace quiver
