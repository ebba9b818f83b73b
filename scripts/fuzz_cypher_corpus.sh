#!/usr/bin/env bash
# Writes the seed corpus of the cypher and parser fuzz targets into OUT_DIR, one query
# per file: every query of tests/cypher/*.test, and, when the openCypher TCK is found,
# every query of its feature files (the """ blocks of its steps). The TCK is read where
# it lies, never copied into the repository; only this build directory holds the copies.
#
#   scripts/fuzz_cypher_corpus.sh OUT_DIR [TCK_DIR]
#
# TCK_DIR defaults to $QUIVER_TCK_DIR, else ../shared/tck or ../../shared/tck beside the
# source tree (as tests/CMakeLists.txt finds it). Prints how many queries it wrote.
set -euo pipefail
out="$1"
src="$(cd "$(dirname "$0")/.." && pwd)"
tck="${2:-${QUIVER_TCK_DIR:-}}"
if [ -z "$tck" ]; then
  for d in "$src/../shared/tck" "$src/../../shared/tck"; do
    if [ -d "$d/features" ]; then tck="$d"; break; fi
  done
fi
rm -rf "$out"
mkdir -p "$out"

# .test files: the text after a `statement ...` or `query ...` line, up to `----` or a
# blank line (tests/unit/exec/cypher_file_test.cpp reads them the same way).
for f in "$src"/tests/cypher/*.test; do
  awk -v out="$out/test-$(basename "$f" .test)" '
    function flush() { if (q != "") { n++; file = out "-" n; printf "%s", q > file; close(file) } q = ""; inq = 0 }
    /^(statement|query)( |$)/ { flush(); inq = 1; next }
    inq && (/^----$/ || /^[[:space:]]*$/) { flush(); next }
    inq { q = q (q == "" ? "" : "\n") $0 }
    END { flush() }
  ' "$f"
done

# TCK feature files: each """ ... """ block is one query; its indentation is removed.
if [ -n "$tck" ] && [ -d "$tck/features" ]; then
  find "$tck/features" -name '*.feature' | sort | while read -r f; do
    awk -v out="$out/tck-$(basename "$f" .feature)" '
      /^[[:space:]]*"""[[:space:]]*$/ {
        if (!inq) { inq = 1; q = ""; match($0, /^[[:space:]]*/); indent = RLENGTH; next }
        n++; file = out "-" n; printf "%s", q > file; close(file); inq = 0; next
      }
      inq { line = substr($0, indent + 1); q = q (q == "" ? "" : "\n") line }
    ' "$f"
  done
else
  echo "fuzz_cypher_corpus: no openCypher TCK found (set QUIVER_TCK_DIR); seeds from tests/cypher only" >&2
fi
# Identical queries (the TCK repeats many) are one seed.
find "$out" -type f -empty -delete
find "$out" -type f -print0 | xargs -0 md5sum | sort | awk 'seen[$1]++ { print $2 }' | xargs -r rm -f
echo "fuzz_cypher_corpus: $(find "$out" -type f | wc -l) queries in $out"
