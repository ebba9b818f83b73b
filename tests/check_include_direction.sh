#!/usr/bin/env bash
# Fails when a layer includes a layer above it (src/README.md is the contract):
# storage must never know about the planner, the parser never about storage.
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
declare -A allowed=(
  [common]="common"
  [storage]="common storage"
  [ingest]="common storage ingest"
  [cypher]="common cypher"
  [planner]="common storage cypher planner"
  [exec]="common storage ingest cypher planner exec"
  [main]="common storage ingest cypher planner exec main"
  [capi]="capi"  # the C API stands on the public C++ API (quiver/) alone
  [bench]="common storage ingest cypher planner exec main bench"
  [server]="common storage ingest cypher planner exec main server"
)
layers="${!allowed[*]}"
violations=0
for layer in $layers; do
  dir="$root/src/$layer"
  [ -d "$dir" ] || continue
  while IFS= read -r line; do
    file="${line%%:*}"
    included=$(sed -E 's/.*#include "([a-z_]+)\/.*/\1/' <<<"$line")
    case " $layers " in *" $included "*) ;; *) continue ;; esac
    case " ${allowed[$layer]} " in
      *" $included "*) ;;
      *) echo "layer violation: ${file#$root/} ($layer) includes $included"; violations=$((violations + 1)) ;;
    esac
  done < <(grep -rnE '^#include "[a-z_]+/' "$dir" --include='*.h' --include='*.cpp' || true)
done
if [ "$violations" -gt 0 ]; then
  echo "$violations include-direction violation(s)"
  exit 1
fi
echo "include direction: ok"
