#pragma once
// What every fuzz target shares: reading structured choices out of the input bytes,
// reporting a finding, and the rule that separates a finding from an expected error.
//
// A finding is anything a user must never see: a crash or sanitizer report, an
// exception that is not a typed QuiverError (std::bad_alloc, std::out_of_range, ...), an
// InternalError (a failed QUIVER_ASSERT: a bug by definition, ADR 0002), or an oracle of
// the target failing (e.g. a damaged file that opens without an error). A Finding()
// aborts, so libFuzzer and the standalone driver both keep the input.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>

#include "quiver/error.h"
#include "quiver/status.h"

namespace quiver::fuzz {

[[noreturn]] inline void Finding(std::string_view what) {
  std::fprintf(stderr, "FUZZ FINDING: %.*s\n", static_cast<int>(what.size()), what.data());
  std::fflush(stderr);
  std::abort();
}

// QUIVER_FUZZ_VERBOSE=1: targets say what each input came to (to see what seeds reach).
inline bool Verbose() {
  static const bool verbose = std::getenv("QUIVER_FUZZ_VERBOSE") != nullptr;
  return verbose;
}

// Runs f(); a typed QuiverError other than InternalError is an expected outcome of bad
// input (returned as false), anything else thrown is a finding.
template <typename F>
bool NoInternalError(std::string_view where, F&& f) {
  try {
    f();
    if (Verbose()) std::fprintf(stderr, "%.*s: OK\n", static_cast<int>(where.size()), where.data());
    return true;
  } catch (const InternalError& e) {
    Finding(std::string(where) + ": InternalError: " + e.what());
  } catch (const QuiverError& e) {
    if (Verbose()) std::fprintf(stderr, "%.*s: %s\n", static_cast<int>(where.size()), where.data(), e.what());
    return false;
  } catch (const std::exception& e) {
    Finding(std::string(where) + ": non-Quiver exception: " + e.what());
  } catch (...) {
    Finding(std::string(where) + ": unknown exception");
  }
}

// Runs f(), which returns a Status or Result and must not throw at all: storage and file
// code reports damage through its return value (ADR 0002).
template <typename F>
auto NoThrow(std::string_view where, F&& f) -> decltype(f()) {
  try {
    return f();
  } catch (const std::exception& e) {
    Finding(std::string(where) + ": threw instead of returning a Status: " + e.what());
  } catch (...) {
    Finding(std::string(where) + ": threw instead of returning a Status");
  }
}

// Structured choices taken from the front of the input (FuzzedDataProvider's idea, which
// only clang ships): past the end every read yields zeros, so any input is a valid one.
class FuzzInput {
 public:
  FuzzInput(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  size_t remaining() const { return size_ - pos_; }
  bool empty() const { return pos_ >= size_; }
  uint8_t U8() { return pos_ < size_ ? data_[pos_++] : 0; }
  uint16_t U16() { return static_cast<uint16_t>(U8() | (U8() << 8)); }
  uint32_t U32() { return static_cast<uint32_t>(U16()) | (static_cast<uint32_t>(U16()) << 16); }
  uint64_t U64() { return static_cast<uint64_t>(U32()) | (static_cast<uint64_t>(U32()) << 32); }
  // Up to n bytes.
  std::string_view Bytes(size_t n) {
    n = std::min(n, remaining());
    std::string_view out(reinterpret_cast<const char*>(data_) + pos_, n);
    pos_ += n;
    return out;
  }
  std::string_view Rest() { return Bytes(remaining()); }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

// The status must be OK or one of the codes damage and bad input may produce; anything
// else (say, a Busy from a lock the target itself leaked) is a finding.
inline void ExpectDamageStatus(std::string_view where, const Status& s) {
  switch (s.code()) {
    case StatusCode::kOk:
    case StatusCode::kCorruption:
    case StatusCode::kNotSupported:
    case StatusCode::kInvalidArgument:
    case StatusCode::kNotFound:
      return;
    default:
      Finding(std::string(where) + ": unexpected status " + s.ToString());
  }
}

}  // namespace quiver::fuzz
