#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer targets (clang, AddressSanitizer and
# UndefinedBehaviorSanitizer, every Quiver library instrumented for coverage) in
# BUILD_DIR and runs each for FUZZ_SECONDS, one after the other, on its corpus:
#
#   BUILD_DIR/corpus/<target>/     the working corpus (kept between runs, grows)
#   tests/fuzz/corpus/<target>/    committed seeds      tests/fuzz/regressions/<target>/
#   seeds extracted or written at run time (the TCK's queries; each storage target's
#   own files, QUIVER_FUZZ_WRITE_SEEDS)
#
# A finding (crash, sanitizer report, leak, timeout, out-of-memory, a target's oracle)
# is written to BUILD_DIR/findings/<target>/ by libFuzzer. Prints one line per target
# (executions, seconds, coverage, corpus size, result); exits 1 if any target found
# something. Logs: BUILD_DIR/logs/<target>.log.
#
#   scripts/fuzz.sh [BUILD_DIR]   env: FUZZ_SECONDS (60), FUZZ_TARGETS ("parser cypher
#   csv generation log bolt http"), FUZZ_JOBS (build parallelism, 2), FUZZ_MAX_LEN (4096),
#   FUZZ_FLAGS (more libFuzzer flags, e.g. -seed=1)
set -euo pipefail
src="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-build/fuzz}"
seconds="${FUZZ_SECONDS:-60}"
targets="${FUZZ_TARGETS:-parser cypher csv generation log bolt http}"
jobs="${FUZZ_JOBS:-2}"
max_len="${FUZZ_MAX_LEN:-4096}"
cxx="${FUZZ_CXX:-clang++}"

if ! command -v "$cxx" >/dev/null; then
  echo "fuzz: $cxx not found (Debian: apt-get install clang libclang-rt-14-dev)" >&2
  exit 2
fi
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="$cxx" \
  -DQUIVER_BUILD_FUZZ=ON -DQUIVER_SANITIZE=address,undefined -DQUIVER_BUILD_BENCH=OFF >/dev/null
build_targets=(quiver_fuzz_cypher_seeds)
for t in $targets; do build_targets+=("quiver_${t}_fuzz"); done
cmake --build "$build" -j "$jobs" --target "${build_targets[@]}"

mkdir -p "$build/logs"
found=0
summary=()
for t in $targets; do
  exe="$build/tests/fuzz/quiver_${t}_fuzz"
  corpus="$build/corpus/$t"
  findings="$build/findings/$t"
  mkdir -p "$corpus" "$findings"
  seeds=()
  case "$t" in
    parser|cypher) seeds+=("$build/fuzz-corpus/cypher-seeds" "$src/tests/fuzz/corpus/cypher") ;;
    *) seeds+=("$src/tests/fuzz/corpus/$t") ;;
  esac
  if [ -d "$src/tests/fuzz/regressions/$t" ]; then seeds+=("$src/tests/fuzz/regressions/$t"); fi
  case "$t" in
    generation|log)
      written="$build/fuzz-corpus/$t-written"
      QUIVER_FUZZ_WRITE_SEEDS="$written" "$exe" -runs=0 "$src/tests/fuzz/corpus/$t" >/dev/null 2>&1
      seeds+=("$written") ;;
  esac
  dict=()
  case "$t" in
    parser|cypher) dict=(-dict="$src/tests/fuzz/cypher.dict") ;;
    bolt) dict=(-dict="$src/tests/fuzz/bolt.dict") ;;
  esac
  log="$build/logs/$t.log"
  echo "fuzz: $t for ${seconds}s (log: $log)"
  set +e
  # shellcheck disable=SC2086
  "$exe" -max_total_time="$seconds" -max_len="$max_len" -timeout=25 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix="$findings/" "${dict[@]}" ${FUZZ_FLAGS:-} \
    "$corpus" "${seeds[@]}" >"$log" 2>&1
  rc=$?
  set -e
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
  size=$(find "$corpus" -type f | wc -l)
  if [ "$rc" -eq 0 ]; then
    result="clean"
  else
    found=1
    artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    reason=$(grep -m1 -E '^(==[0-9]+==ERROR|FUZZ FINDING|SUMMARY|.*runtime error)' "$log" | cut -c1-160)
    result="FINDING (exit $rc): ${reason:-see log} -> ${artifact:-$findings}"
  fi
  summary+=("$(printf '%-11s %12s execs  %5ss  %-22s corpus %6s  %s' "$t" "${execs:-?}" "$seconds" "${cov:-cov: ?}" "$size" "$result")")
done
echo
printf '%s\n' "${summary[@]}"
exit "$found"
