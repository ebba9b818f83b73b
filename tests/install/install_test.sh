#!/usr/bin/env bash
# The installable library, as a user meets it: `cmake --install` into a temporary
# prefix, then the examples (examples/c, examples/cpp) built against that prefix alone
# and run, their output checked:
#   * the C++ example with find_package(Quiver), against libquiver.so and libquiver.a;
#   * the C example with find_package(Quiver), and with pkg-config (shared, and static
#     through `pkg-config --static`);
# and what is installed: the headers include only standard headers and each other, and
# libquiver.so exports the C API and the public C++ API but none of the internals.
#
# usage: install_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
base="${QUIVER_TEST_TMPDIR:-${TMPDIR:-/tmp}}"
mkdir -p "$base"
tmp=$(mktemp -d "$base/install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

echo "== cmake --install $build --prefix $prefix"
cmake --install "$build" --prefix "$prefix" >"$tmp/install.log"
libdir=$(dirname "$(find "$prefix" -name libquiver.so -print -quit)")
[ -n "$libdir" ] && [ -d "$libdir" ] || { cat "$tmp/install.log"; echo "FAIL: no libquiver.so installed"; exit 1; }
for f in include/quiver/quiver.h include/quiver/database.h include/quiver/export.h bin/quiver; do
  [ -f "$prefix/$f" ] || fail "$f is not installed"
done
for f in libquiver.a cmake/Quiver/QuiverConfig.cmake cmake/Quiver/QuiverConfigVersion.cmake pkgconfig/quiver.pc; do
  [ -f "$libdir/$f" ] || fail "${libdir#$prefix/}/$f is not installed"
done
"$prefix/bin/quiver" version >/dev/null || fail "the installed quiver tool does not run"

echo "== the installed headers include only standard headers and each other"
other=$(find "$prefix/include" -type f ! -path "$prefix/include/quiver/*" | sed "s|^$prefix/||")
[ -z "$other" ] || fail "headers outside include/quiver/: $other"
while IFS= read -r line; do
  header="${line%%:*}"
  included=$(sed -E 's/^[^:]*:[0-9]+:#include ([<"][^>"]*[>"]).*/\1/' <<<"$line")
  case "$included" in
    \"quiver/*\") [ -f "$prefix/include/${included//\"/}" ] || fail "${header#$prefix/} includes $included, not installed" ;;
    \<stddef.h\> | \<stdint.h\>) ;;                 # the C header's
    \<[a-z_]*\>) ;;                                  # the C++ standard library
    *) fail "${header#$prefix/} includes $included: not a public header or a standard one" ;;
  esac
done < <(grep -nE '^#include' "$prefix"/include/quiver/*.h)

# A sanitizer build's libraries need the sanitizer runtime in every program that links them.
san_flags=()
if [ -n "${QUIVER_SANITIZE:-}" ]; then
  san_flags=("-fsanitize=$QUIVER_SANITIZE" -fno-omit-frame-pointer)
fi
san_cmake=()
if [ ${#san_flags[@]} -gt 0 ]; then
  san_cmake=("-DCMAKE_C_FLAGS=${san_flags[*]}" "-DCMAKE_CXX_FLAGS=${san_flags[*]}"
             "-DCMAKE_EXE_LINKER_FLAGS=${san_flags[0]}")
fi

launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
generator=()
if command -v ninja >/dev/null; then generator=(-G Ninja); fi

# build NAME SOURCE_DIR [CMAKE ARGS...]: configures and builds an example against the prefix only.
build_example() {
  local name="$1" dir="$2"
  shift 2
  if ! cmake -S "$dir" -B "$tmp/$name" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_PREFIX_PATH="$prefix" "${launcher[@]}" "${san_cmake[@]}" "$@" >"$tmp/$name.log" 2>&1 ||
     ! cmake --build "$tmp/$name" >>"$tmp/$name.log" 2>&1; then
    cat "$tmp/$name.log"
    fail "$name did not build"
    return 1
  fi
}

# check NAME EXE: runs an example on a fresh database and checks what it prints.
check() {
  local name="$1"
  shift
  local out
  if ! out=$("$@" "$tmp/db-$name" 2>&1); then
    echo "$out"
    fail "$name exited with an error"
    return
  fi
  local expected
  expected=$(printf '%s\n' "quiver 0.1.0" "wrote: created 3 nodes, set 6 properties, added 3 labels" \
    "name, born" "Grace, 1906" "Edsger, 1930" "2 rows")
  if [ "$(head -6 <<<"$out")" != "$expected" ]; then
    echo "$out"
    fail "$name printed something else than expected"
  fi
  grep -q '^as expected, a SyntaxError: SyntaxError' <<<"$out" || { echo "$out"; fail "$name: no syntax error reported"; }
  echo "ok: $name"
}

echo "== the C++ example (find_package, shared and static)"
build_example cpp-shared "$src/examples/cpp" && check cpp-shared "$tmp/cpp-shared/quiver_example_cpp"
build_example cpp-static "$src/examples/cpp" -DQUIVER_EXAMPLE_STATIC=ON &&
  check cpp-static "$tmp/cpp-static/quiver_example_cpp"
if [ -x "$tmp/cpp-static/quiver_example_cpp" ] &&
   readelf -d "$tmp/cpp-static/quiver_example_cpp" | grep -q 'libquiver\.so'; then
  fail "the static C++ example links libquiver.so"
fi

echo "== the C example (find_package)"
build_example c-cmake "$src/examples/c" && check c-cmake "$tmp/c-cmake/quiver_example_c"

echo "== the C example (pkg-config, shared and static)"
export PKG_CONFIG_PATH="$libdir/pkgconfig"
cc=${CC:-cc}
# shellcheck disable=SC2046 # pkg-config's output is words
if $cc -std=c99 -Wall "${san_flags[@]}" -o "$tmp/c-pc-shared" "$src/examples/c/example.c" $(pkg-config --cflags --libs quiver); then
  check c-pkg-config-shared env LD_LIBRARY_PATH="$libdir" "$tmp/c-pc-shared"
else
  fail "the C example did not build with pkg-config --cflags --libs quiver"
fi
static_libs=$(pkg-config --static --libs quiver | sed -E 's/(^| )-lquiver( |$)/ /')
# shellcheck disable=SC2046,SC2086
if $cc -std=c99 -Wall "${san_flags[@]}" -o "$tmp/c-pc-static" "$src/examples/c/example.c" $(pkg-config --cflags quiver) \
    "$libdir/libquiver.a" $static_libs; then
  check c-pkg-config-static "$tmp/c-pc-static"
else
  fail "the C example did not link libquiver.a with pkg-config --static --libs quiver"
fi

echo "== what libquiver.so exports"
nm -D --defined-only "$libdir/libquiver.so" | awk '{print $3}' >"$tmp/exported"
# Every function of the C API...
for fn in $(grep -oE '\bquiver_[a-z0-9_]+\(' "$prefix/include/quiver/quiver.h" | tr -d '(' | sort -u); do
  grep -qx "$fn" "$tmp/exported" || fail "libquiver.so does not export $fn"
done
# ...and the C++ API the examples use (they linked), but nothing of the engine's insides.
c++filt <"$tmp/exported" >"$tmp/demangled"
internal=$(grep -E 'quiver::(common|storage|ingest|cypher|planner|exec|main|capi|bench)::' "$tmp/demangled" || true)
[ -z "$internal" ] || fail "libquiver.so exports internals: $(head -5 <<<"$internal")"
foreign=$(grep -vE '^(quiver_[a-z0-9_]+|(typeinfo for |typeinfo name for |vtable for )?quiver::.*)$' \
  "$tmp/demangled" || true)
[ -z "$foreign" ] || fail "libquiver.so exports symbols outside the public API: $(head -5 <<<"$foreign")"
# Every symbol the public headers mark QUIVER_EXPORT (default visibility in the objects of
# libquiver.a; the rest are hidden) is exported: cmake/libquiver.map misses none.
readelf -sW "$libdir/libquiver.a" | awk '($5 == "GLOBAL" || $5 == "WEAK") && $6 == "DEFAULT" && $7 != "UND" {print $8}' |
  c++filt | grep -E '^(quiver_|quiver::|typeinfo for quiver::|typeinfo name for quiver::|vtable for quiver::)' |
  sort -u >"$tmp/marked"
missing=$(sort -u "$tmp/demangled" | comm -23 "$tmp/marked" - || true)
[ -z "$missing" ] || fail "marked QUIVER_EXPORT but not exported by libquiver.so: $(head -5 <<<"$missing")"
echo "libquiver.so exports $(grep -c '^quiver_' "$tmp/exported") C functions and" \
  "$(grep -c 'quiver::' "$tmp/demangled") C++ symbols of namespace quiver" \
  "($(wc -l <"$tmp/exported") symbols in all)"

if [ "$failures" -gt 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "install: ok"
