#pragma once
// Human-readable byte sizes, for environment variables, flags and reports — public, so
// that every front end (the quiver tool, bindings, servers) reads "4G" the same way.
//
// Units are powers of two, as in systemd's MemoryMax= and docker's --memory: K, M, G,
// T, P (each with an optional "B" or "iB" suffix, any case) mean KiB, MiB, GiB, TiB,
// PiB. "512M", "4G", "1.5GiB", "64 mib" and plain "1048576" are all accepted. Memory is
// allocated in pages, so a decimal reading of "MB" would only ever surprise someone.

#include <cstdint>
#include <string>
#include <string_view>

#include "quiver/export.h"
#include "quiver/status.h"

namespace quiver {

// Parses a size; a fraction is rounded down to whole bytes. InvalidArgument names the
// text and what was wrong (empty, not a number, unknown unit, too large).
QUIVER_EXPORT Result<uint64_t> ParseByteSize(std::string_view text);
// A limit: a size, or "0" / "none" for no limit (0).
QUIVER_EXPORT Result<uint64_t> ParseByteLimit(std::string_view text);

// "512 B", "64 MiB", "1.5 GiB", "23.25 GiB": the largest unit the value reaches, at
// most two decimals, trailing zeros dropped.
QUIVER_EXPORT std::string FormatBytes(uint64_t bytes);

}  // namespace quiver
