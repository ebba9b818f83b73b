#include "common/value/value_utf8.h"

#include <vector>

#include "common/utf8.h"

namespace quiver {
namespace {

constexpr size_t kRoot = SIZE_MAX;

// A depth-first walk with a stack of its own. Paths are recorded as steps (a parent
// and a suffix), so only a failure builds one: building every value's path as the walk
// goes would be quadratic in the depth.
class Walk {
 public:
  std::optional<InvalidUtf8Text> Run(const Value& root) {
    stack_.push_back({&root, kRoot});
    while (!stack_.empty()) {
      Pending p = stack_.back();
      stack_.pop_back();
      if (Visit(*p.value, p.step)) return std::move(found_);
    }
    return std::nullopt;
  }

 private:
  struct Pending {
    const Value* value;
    size_t step;  // where p.value is: an index into steps_, or kRoot
  };
  struct Step {
    size_t parent;
    std::string suffix;  // "[3]", ".name", ...
  };

  size_t AddStep(size_t parent, std::string suffix) {
    steps_.push_back({parent, std::move(suffix)});
    return steps_.size() - 1;
  }
  std::string PathOf(size_t step) const {
    std::vector<const std::string*> parts;
    for (size_t s = step; s != kRoot; s = steps_[s].parent) parts.push_back(&steps_[s].suffix);
    std::string out;
    for (size_t i = parts.size(); i-- > 0;) out += *parts[i];
    return out;
  }
  // Checks one text; records it and returns true when it is invalid.
  bool Invalid(std::string_view text, size_t step, std::string_view suffix) {
    const size_t bad = FindInvalidUtf8(text);
    if (bad == std::string_view::npos) return false;
    found_ = InvalidUtf8Text{PathOf(step) + std::string(suffix), bad, DescribeInvalidUtf8Byte(text, bad)};
    return true;
  }
  bool Properties(const ValueMap& map, size_t step) {
    for (const auto& [key, item] : map) {
      if (Invalid(key, step, " (a map key)")) return true;
    }
    // Pushed in reverse so that they come off the stack in order.
    for (auto it = map.entries().rbegin(); it != map.entries().rend(); ++it) {
      stack_.push_back({&it->second, AddStep(step, "." + it->first)});
    }
    return false;
  }
  bool Node(const NodeValue& node, size_t step) {
    for (size_t i = 0; i < node.labels.size(); ++i) {
      if (Invalid(node.labels[i], step, ".labels[" + std::to_string(i) + "]")) return true;
    }
    return Properties(node.properties, step);
  }
  bool Relationship(const RelationshipValue& rel, size_t step) {
    return Invalid(rel.type, step, ".type") || Properties(rel.properties, step);
  }
  bool Visit(const Value& v, size_t step) {
    switch (v.kind()) {
      case ValueKind::kString:
        return Invalid(v.AsString(), step, "");
      case ValueKind::kList: {
        const auto& items = v.AsList();
        for (size_t i = items.size(); i-- > 0;) {
          stack_.push_back({&items[i], AddStep(step, "[" + std::to_string(i) + "]")});
        }
        return false;
      }
      case ValueKind::kMap:
        return Properties(v.AsMap(), step);
      case ValueKind::kNode:
        return Node(v.AsNode(), step);
      case ValueKind::kRelationship:
        return Relationship(v.AsRelationship(), step);
      case ValueKind::kPath: {
        const PathValue& path = v.AsPath();
        for (size_t i = 0; i < path.nodes.size(); ++i) {
          if (Node(path.nodes[i], AddStep(step, ".nodes[" + std::to_string(i) + "]"))) return true;
        }
        for (size_t i = 0; i < path.relationships.size(); ++i) {
          if (Relationship(path.relationships[i], AddStep(step, ".relationships[" + std::to_string(i) + "]"))) {
            return true;
          }
        }
        return false;
      }
      default:
        return false;  // numbers, booleans, temporals: no text
    }
  }

  std::vector<Pending> stack_;
  std::vector<Step> steps_;
  std::optional<InvalidUtf8Text> found_;
};

}  // namespace

std::optional<InvalidUtf8Text> FindInvalidUtf8Text(const Value& value) {
  return Walk().Run(value);
}

}  // namespace quiver
