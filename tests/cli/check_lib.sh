# Sourced by the CLI scripts: $quiver (the binary, the script's first argument), $tmp (a
# directory removed at exit), and `check NAME WANT_PATTERN OUTPUT`, which prints ok or
# FAIL and counts the failures in $failures.
set -uo pipefail
quiver="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
check() {
  if grep -qE -- "$2" <<<"$3"; then
    echo "ok   $1"
  else
    echo "FAIL $1: no line matches /$2/ in:"
    echo "$3" | head -20
    failures=$((failures + 1))
  fi
}
