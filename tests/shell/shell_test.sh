#!/usr/bin/env bash
# `quiver shell` in a real terminal — tmux: send-keys types, capture-pane reads the
# screen — and without one (a script on stdin, -c). Checks what a user sees: a
# multi-line statement, history recall, Ctrl-R, :mode and :timing, a long statement
# cancelled with Ctrl-C back at the prompt within a second, a transaction rolled back,
# a wide result fitting an 80-column pane, Ctrl-C twice to leave; and the exit status of
# scripts. The last screens are kept in OUT (docs/shell.md shows one).
#   shell_test.sh QUIVER_BINARY OUT_DIR
set -uo pipefail
quiver="$1"
out="$2"
rm -rf "$out"
mkdir -p "$out"
failures=0
fail() {
  echo "FAIL $*"
  failures=$((failures + 1))
}
ok() { echo "ok   $*"; }

# ---- without a terminal ----
result=$(printf 'CREATE (:P {name: "Ann"});\nMATCH (p:P) RETURN p.name AS name;\n:mode csv\nMATCH (p:P) RETURN p.name AS name;\n' |
  "$quiver" shell 2>&1)
rc=$?
[ "$rc" -eq 0 ] && grep -q "| 'Ann' |" <<<"$result" && grep -qx "Ann" <<<"$result" && ok "a script on stdin" ||
  fail "a script on stdin: rc=$rc $result"
imports=$(mktemp -d)
printf 'x\n7\n' > "$imports/x.csv"
result=$("$quiver" shell --import-dir "$imports" -c "LOAD CSV WITH HEADERS FROM 'file:///x.csv' AS row RETURN row.x AS x" 2>&1)
rc=$?
rm -rf "$imports"
[ "$rc" -eq 0 ] && grep -q "| '7' |" <<<"$result" && ok "LOAD CSV from --import-dir" ||
  fail "LOAD CSV from --import-dir: rc=$rc $result"
result=$(printf 'RETURN 1 AS a;\nRETURN nope;\nRETURN 2 AS b;\n' | "$quiver" shell 2>&1)
rc=$?
[ "$rc" -eq 1 ] && grep -q "UndefinedVariable" <<<"$result" && ! grep -q "| b |" <<<"$result" &&
  ok "a script stops at its first error, status 1" || fail "first error: rc=$rc $result"
result=$(printf 'RETURN nope;\nRETURN 2 AS b;\n' | "$quiver" shell --keep-going 2>&1)
rc=$?
[ "$rc" -eq 1 ] && grep -q "| b |" <<<"$result" && ok "--keep-going" || fail "--keep-going: rc=$rc $result"
result=$("$quiver" shell -c "RETURN 40 + 2 AS answer" -c ":mode json" -c "RETURN 'x' AS s" 2>&1)
[ $? -eq 0 ] && grep -q "|     42 |" <<<"$result" && grep -q '"s": "x"' <<<"$result" && ok "-c" || fail "-c: $result"
result=$("$quiver" shell -c "MATCH (n:Nope) RETURN n" 2>&1 >/dev/null)
[ "$(grep -c 'UnknownLabelWarning' <<<"$result")" -eq 1 ] && ok "an unknown label is one warning on stderr" ||
  fail "unknown label warning: $result"
result=$("$quiver" shell -c ":explain UNWIND [1, 2] AS i RETURN i" -c ":profile UNWIND [7, 8] AS i RETURN i" 2>&1)
grep -q '^Unwind \[1, 2\] AS i  \[est=2\]$' <<<"$result" && ! grep -q '| 1 ' <<<"$result" && grep -q '| 8 ' <<<"$result" &&
  grep -q '^Unwind \[7, 8\] AS i  \[rows=2\]' <<<"$result" && ok ":explain the plan alone, :profile rows then plan" ||
  fail ":explain/:profile: $result"
result=$(printf ':mode jsonl\nUNWIND [1, 2] AS i RETURN i, null AS n, "null" AS s;\n' | "$quiver" shell 2>&1)
grep -qx '{"i":1,"n":null,"s":"null"}' <<<"$result" && ok "jsonl keeps null apart from 'null'" || fail "jsonl: $result"
db="$out/db"
"$quiver" shell "$db" -c "RETURN 1" >/dev/null 2>&1 && fail "a missing database is not created" ||
  ok "a missing database is an error without --create"
"$quiver" shell "$db" --create -c "CREATE (:Kept {v: 1})" >/dev/null 2>&1
result=$("$quiver" shell "$db" --read-only -c "MATCH (k:Kept) RETURN count(k) AS n" -c "CREATE (:X)" 2>&1)
grep -q "| 1 |" <<<"$result" && grep -qi "read" <<<"$result" && ok "--read-only reads and refuses writes" ||
  fail "--read-only: $result"

# ---- in a terminal ----
if ! command -v tmux >/dev/null; then
  echo "skipped the terminal part: tmux is not installed"
  echo "$failures failures"
  [ "$failures" -eq 0 ]
  exit
fi
export TMUX_TMPDIR="$out/tmux"
mkdir -p "$TMUX_TMPDIR"
session=quiver-shell-test
tmux kill-server 2>/dev/null
tmux new-session -d -s "$session" -x 80 -y 60
tmux set-option -t "$session" remain-on-exit on
tmux respawn-pane -k -t "$session" "LANG=C.UTF-8 HOME=$out '$quiver' shell --history $out/history; echo EXIT=\$?"
type_line() {  # the text, literally (tmux would take ';' as its own separator), then Enter
  tmux send-keys -t "$session" -l "${1//;/\\;}"
  tmux send-keys -t "$session" Enter
}
screen() { tmux capture-pane -t "$session" -p -J; }
last_line() { screen | grep -v '^$' | tail -1; }
wait_for() {  # PATTERN [SECONDS]: until the screen shows it
  local deadline=$((SECONDS + ${2:-5}))
  while [ $SECONDS -lt $deadline ]; do
    screen | grep -qE -- "$1" && return 0
    sleep 0.1
  done
  return 1
}
wait_for "quiver> " || fail "no prompt: $(screen)"

type_line "UNWIND range(1, 3) AS i"
type_line "RETURN i, i * 10 AS ten;"
wait_for "3 rows" && screen | grep -q "   ...> RETURN i" && ok "a statement over two lines" || fail "multi-line: $(screen)"

type_line ":mode csv"
type_line ":timing off"
type_line "RETURN 'csv' AS mode;"
wait_for "^csv$" && ok ":mode csv" || fail ":mode csv: $(screen)"
type_line ":mode box"

tmux send-keys -t "$session" Up Up  # :mode box, then the csv statement
sleep 0.3
last_line | grep -q "RETURN 'csv' AS mode" && ok "history: Up recalls an earlier statement" || fail "Up: $(last_line)"
tmux send-keys -t "$session" C-u
tmux send-keys -t "$session" C-r
tmux send-keys -t "$session" -l "ten"
sleep 0.3
last_line | grep -q "ten" && ok "Ctrl-R finds a statement" || fail "Ctrl-R: $(last_line)"
tmux send-keys -t "$session" C-g C-u C-c
wait_for "^quiver> $" 2 || true

type_line "UNWIND range(1, 100000) AS i UNWIND range(1, 100000) AS j WITH i WHERE i < 0 RETURN count(*);"
sleep 1
started=$(date +%s%N)
tmux send-keys -t "$session" C-c
if wait_for "Cancelled" 3; then
  took=$(( ($(date +%s%N) - started) / 1000000 ))
  [ "$took" -lt 1000 ] && ok "Ctrl-C cancels a long statement (${took} ms)" || fail "Ctrl-C took ${took} ms"
else
  fail "Ctrl-C did not cancel: $(screen | tail -5)"
fi

type_line "BEGIN;"
wait_for "quiver\(tx\)> " || fail "no transaction prompt: $(screen | tail -3)"
type_line "CREATE (:Temp);"
type_line "ROLLBACK;"
type_line "MATCH (t:Temp) RETURN count(t) AS temps;"
wait_for "│     0 │" && ok "a transaction rolled back" || fail "rollback: $(screen | tail -8)"

tmux send-keys -t "$session" C-l
type_line "RETURN 'a very long text that goes on and on and on and on and on' AS first, 'another long value that will not fit in eighty columns at all' AS second, 12345 AS n;"
wait_for "1 row"
widest=$(screen | python3 -c 'import sys; print(max((len(l.rstrip("\n")) for l in sys.stdin if l[:1] in "┌│└├"), default=0))')
[ -n "$widest" ] && [ "$widest" -le 80 ] && screen | grep -q "…" && ok "a wide result fits 80 columns (${widest})" ||
  fail "wide: ${widest}: $(screen | tail -8)"
screen >"$out/screen-wide.txt"

type_line ":help"
wait_for ":schema" && ok ":help" || fail ":help: $(screen | tail -5)"
tmux send-keys -t "$session" C-c
sleep 0.2
tmux send-keys -t "$session" C-c
wait_for "EXIT=0" 3 && ok "Ctrl-C twice at an empty prompt leaves (status 0)" || fail "leaving: $(screen | tail -3)"
[ -s "$out/history" ] && ok "the history is saved" || fail "no history file"
screen >"$out/screen-last.txt"
tmux kill-server 2>/dev/null

echo "$failures failures"
[ "$failures" -eq 0 ]
