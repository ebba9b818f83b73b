#pragma once
// RawVector<T>: a std::vector whose resize() leaves trivial elements uninitialized.
// CSR arrays are hundreds of megabytes that the build overwrites entirely; zeroing them
// first would be one more pass over memory for nothing.

#include <memory>
#include <utility>
#include <vector>

namespace quiver::ingest {

template <typename T>
struct DefaultInitAllocator : std::allocator<T> {
  template <typename U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  DefaultInitAllocator() = default;
  template <typename U>
  DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}  // NOLINT: allocator rebinding
  template <typename U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;  // default-initialized: no zeroing for trivial U
  }
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

template <typename T>
using RawVector = std::vector<T, DefaultInitAllocator<T>>;

// Frees a container's memory now. (`v = {}` does not: it picks the initializer_list
// assignment, which clears but keeps the capacity.)
template <typename V>
void Release(V& v) {
  V().swap(v);
}

}  // namespace quiver::ingest
