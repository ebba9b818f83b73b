#!/usr/bin/env bash
# The C API's tests under AddressSanitizer + UndefinedBehaviorSanitizer in minutes, not
# a whole sanitize build: src/capi/ and tests/unit/capi/ are compiled instrumented and
# linked with a release build's (uninstrumented) layers. LeakSanitizer watches every
# allocation of the process, so a leak anywhere a C API call reaches is reported; memory
# errors and undefined behaviour only in the C API's own code (`make sanitize` covers
# the rest).
#   scripts/asan_capi.sh [BUILD_DIR]   (default build/release, already built)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rel=$(cd "${1:-$root/build/release}" && pwd)
out="$rel/asan-capi"
mkdir -p "$out"
flags=(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all -g -O1)
inc=(-I"$root/include" -I"$root/src" -I"$root/tests" -I"$rel/generated")
defs=(-DHAS_STRING_VIEW=1 -DONLY_C_LOCALE=1 -DUSE_OS_TZDB=1)  # date-tz's, as the layers have them
objs=()
for f in "$root"/src/capi/*.cpp; do
  o="$out/$(basename "$f" .cpp).o"
  g++ -std=c++20 "${flags[@]}" "${inc[@]}" "${defs[@]}" -c "$f" -o "$o"
  objs+=("$o")
done
layers=()
for layer in main exec planner ingest cypher storage common; do layers+=("$rel/src/libquiver_$layer.a"); done
libs=(-lxxhash -lutf8proc -lz -ldate-tz -pthread)
g++ -std=c++20 "${flags[@]}" "${inc[@]}" "${defs[@]}" -c "$root/tests/unit/capi/capi_test.cpp" -o "$out/capi_test.o"
g++ "${flags[@]}" -o "$out/capi_tests" "$out/capi_test.o" "${objs[@]}" "${layers[@]}" -lgtest -lgtest_main "${libs[@]}"
gcc -std=c99 -pedantic-errors -Wall -Wextra -Werror "${flags[@]}" -I"$root/include" \
  -c "$root/tests/unit/capi/capi_c_test.c" -o "$out/capi_c_test.o"
g++ "${flags[@]}" -o "$out/capi_c_test" "$out/capi_c_test.o" "${objs[@]}" "${layers[@]}" "${libs[@]}"

export QUIVER_TEST_TMPDIR="$out/tmp" ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
mkdir -p "$QUIVER_TEST_TMPDIR"
"$out/capi_tests"
for c in version_and_open transactions prepared_and_stream errors cancel timeout in_memory; do
  "$out/capi_c_test" "$c"
done
echo "asan capi: ok"
