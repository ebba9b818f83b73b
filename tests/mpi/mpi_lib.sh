# Sourced by the quiver-mpi tests: check_lib.sh's $quiver, $tmp and `check`, plus
# $quiver_mpi (the second argument), and `ranks N ARGS...`, which runs quiver-mpi on N
# ranks of this machine (loopback; oversubscribed, since the ranks may outnumber cores).
source "$(dirname "$0")/../cli/check_lib.sh"
quiver_mpi="$2"
mpirun="$3"
python="${4:-}"
# Open MPI refuses root without both variables (CI containers run as root).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
ranks() {
  local n="$1"
  shift
  "$mpirun" --oversubscribe -np "$n" "$quiver_mpi" "$@" 2>&1
}
# Every partition's rows of a read query, without the CSV header, sorted.
partition_rows() {
  local dir="$1" query="$2"
  for part in "$dir"/part-*/; do
    "$quiver" query --db "$part" --read-only --format csv "$query" | tail -n +2
  done | sort
}
single_rows() {
  "$quiver" query --db "$1" --read-only --format csv "$2" 2>/dev/null | tail -n +2 | sort  # no label warnings
}
# Checks that two files of rows are the same, non-empty.
same_rows() {
  local name="$1" a="$2" b="$3"
  if [ -s "$a" ] && cmp -s "$a" "$b"; then
    echo "ok   $name ($(wc -l <"$a") rows)"
  else
    echo "FAIL $name: $(wc -l <"$a") partitioned rows, $(wc -l <"$b") single-machine rows differ"
    diff "$a" "$b" | head -5
    failures=$((failures + 1))
  fi
}
# The Graph500 graph of SCALE and SEED on one machine ($tmp/single) and on 4 ranks
# ($tmp/parts).
single_and_parts() {
  "$quiver" generate g500 --scale "$1" --seed "$2" --db "$tmp/single" --quiet > /dev/null
  ranks 4 generate g500 --scale "$1" --seed "$2" "$tmp/parts" > /dev/null
}
# same_values NAME scores|components GOT WANT [TOLERANCE]: a quiver-mpi result file
# against the single-machine procedure's rows (same_vertex_values.py).
same_values() {
  local name="$1" msg
  shift
  if msg=$("$python" "$(dirname "$0")/same_vertex_values.py" "$@"); then
    echo "$msg ($name)"
  else
    echo "$msg ($name)"
    failures=$((failures + 1))
  fi
}
