#pragma once
// TaggedNode<Kind>: the base shared by the two polymorphic AST families (expressions
// and clauses). A node carries its kind tag and source position; Is<T>() / As<T>()
// dispatch on the tag (every concrete node declares `static constexpr Kind kKind`), so
// visitors switch on kind() instead of chaining dynamic_casts.

#include "common/assert.h"
#include "cypher/source_position.h"

namespace quiver::cypher {

template <typename Kind>
struct TaggedNode {
  virtual ~TaggedNode() = default;
  TaggedNode(const TaggedNode&) = delete;
  TaggedNode& operator=(const TaggedNode&) = delete;

  Kind kind() const { return kind_; }
  template <typename T>
  bool Is() const {
    return kind_ == T::kKind;
  }
  template <typename T>
  const T& As() const {
    QUIVER_ASSERT(Is<T>());
    return static_cast<const T&>(*this);
  }
  template <typename T>
  T& As() {
    QUIVER_ASSERT(Is<T>());
    return static_cast<T&>(*this);
  }

  SourcePosition pos;

 protected:
  TaggedNode(Kind kind, SourcePosition position) : pos(position), kind_(kind) {}

 private:
  Kind kind_;
};

}  // namespace quiver::cypher
