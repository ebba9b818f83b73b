#!/usr/bin/env bash
# A damaged file is an error, never an answer: a flipped bit or a zeroed 4 KiB block in a
# relationship, labels or property file makes the query that reads it fail with
# Corruption naming the file (exit 1), and a damaged write log makes the open fail and
# `quiver check` report it — instead of answering from the damage or silently opening
# short (docs/reliability.md).
set -uo pipefail
quiver="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
expect() {  # expect NAME WANT_RC PATTERN -- ARGS...
  local name="$1" want="$2" pattern="$3"
  shift 4
  local out rc
  out=$("$quiver" "$@" 2>&1)
  rc=$?
  if [ "$rc" -ne "$want" ] || ! grep -qE "$pattern" <<<"$out"; then
    echo "FAIL $name: rc=$rc (want $want), output:"
    echo "$out" | head -5
    failures=$((failures + 1))
  else
    echo "ok   $name"
  fi
}
# Damage byte OFFSET of FILE: flip bit 0, or zero 4 KiB from there with "zero".
damage() {  # damage FILE OFFSET [zero]
  python3 - "$@" <<'PY'
import sys
path, at = sys.argv[1], int(sys.argv[2])
data = bytearray(open(path, 'rb').read())
if len(sys.argv) > 3:
    data[at:at + 4096] = bytes(len(data[at:at + 4096]))
else:
    data[at] ^= 1
open(path, 'wb').write(data)
PY
}
# A body byte of a generation file: the first data section's first byte (offset 64).
base="$tmp/base"
"$quiver" generate g500 --scale 10 --db "$base" --quiet > /dev/null
gen=$(cat "$base/CURRENT")
fresh() { rm -rf "$tmp/db"; cp -r "$base" "$tmp/db"; }

# (Filters on both ends make the query expand from a along the forward CSR and read
# every relationship: a bare count(*) is the manifest's count, which is right, and reads
# no CSR at all; with a filter on b alone the planner starts at b, the end with fewer
# estimated rows, and reads the reverse CSR.)
fresh; damage "$tmp/db/$gen/rel-000000.qv" 64
expect rel-bit 1 'Corruption.*rel-000000.qv' -- query --db "$tmp/db" "MATCH (a)-[:E]->(b) WHERE a.id >= 0 AND b.id >= 0 RETURN count(*)"
expect rel-bit-check 1 'BROKEN: .*rel-000000.qv' -- check "$tmp/db"
fresh; damage "$tmp/db/$gen/rel-000000.qv" 4096 zero
expect rel-zeroed 1 'Corruption.*rel-000000.qv' -- query --db "$tmp/db" "MATCH (a)-[:E]->(b) WHERE a.id >= 0 AND b.id >= 0 RETURN count(*)"
fresh; damage "$tmp/db/$gen/labels.qv" 64
expect labels-bit 1 'Corruption.*labels.qv' -- query --db "$tmp/db" "MATCH (n:V) RETURN count(n)"
fresh; damage "$tmp/db/$gen/node-prop-000000.qv" 64 zero
expect property-zeroed 1 'Corruption.*node-prop-000000.qv' -- query --db "$tmp/db" "MATCH (n) RETURN sum(n.id)"
fresh; damage "$tmp/db/$gen/node-prop-000000.qv" 200
expect property-bit 1 'Corruption.*node-prop-000000.qv' -- query --db "$tmp/db" "MATCH (n) RETURN sum(n.id)"
# A query that does not read the damaged block still answers, and answers right.
fresh; damage "$tmp/db/$gen/node-prop-000000.qv" 200
expect untouched 0 '\| 1024 +\|' -- query --db "$tmp/db" "MATCH (n) RETURN count(n)"

# The write log: commits, then damage.
fresh
"$quiver" query --db "$tmp/db" "UNWIND range(1, 50) AS i CREATE (:Extra {i: i})" > /dev/null
"$quiver" query --db "$tmp/db" "CREATE (:Last)" > /dev/null
cp -r "$tmp/db" "$tmp/logged"
segment=$(cd "$tmp/db" && ls log-*.qlog | head -1)
damage "$tmp/db/$segment" 200
expect log-bit-open 1 'Corruption.*damage, not a crash' -- query --db "$tmp/db" "MATCH (n) RETURN count(n)"
expect log-bit-check 1 "BROKEN: $segment" -- check "$tmp/db"
rm -rf "$tmp/db"; cp -r "$tmp/logged" "$tmp/db"
truncate -s 1000 "$tmp/db/$segment"
expect log-truncated 1 'Corruption.*cut short' -- query --db "$tmp/db" "MATCH (n) RETURN count(n)"
rm -rf "$tmp/db"; cp -r "$tmp/logged" "$tmp/db"
: > "$tmp/db/$segment"
expect log-emptied 1 'Corruption' -- query --db "$tmp/db" "MATCH (n) RETURN count(n)"
rm -rf "$tmp/db"; cp -r "$tmp/logged" "$tmp/db"
rm "$tmp/db/$segment"
expect log-deleted 1 'Corruption.*is missing' -- query --db "$tmp/db" "MATCH (n) RETURN count(n)"
expect log-deleted-check 1 'BROKEN' -- check "$tmp/db"
rm -rf "$tmp/db"; cp -r "$tmp/logged" "$tmp/db"
expect log-intact 0 '\| 1075 +\|' -- query --db "$tmp/db" "MATCH (n) RETURN count(n)"
expect log-intact-check 0 'write log: 1 segment, 2 commits' -- check "$tmp/db"

# --repair salvages a damaged database into a new one: a zeroed property block loses
# those values only, every node and the write log's commits come through, the new
# database checks OK, and the report lists the loss.
rm -rf "$tmp/db" "$tmp/repaired"; cp -r "$tmp/logged" "$tmp/db"
damage "$tmp/db/$gen/node-prop-000000.qv" 64 zero
expect repair 0 'LOST [0-9]+ node properties lost' -- check "$tmp/db" --repair "$tmp/repaired"
expect repaired-count 0 '\| 1075 +\|' -- query --db "$tmp/repaired" "MATCH (n) RETURN count(n)"
expect repaired-check 0 '^OK' -- check "$tmp/repaired"
if grep -q '^LOST node' "$tmp/repaired.repair-report"; then echo "ok   repair-report"; else
  echo "FAIL repair-report: no LOST line"; failures=$((failures + 1)); fi
expect repair-refuses-existing 1 'exists' -- check "$tmp/db" --repair "$tmp/repaired"
[ "$failures" -eq 0 ]
