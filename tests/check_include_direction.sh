#!/usr/bin/env bash
# Fails when a layer includes a layer above it (src/README.md is the contract):
# storage must never know about the planner, the parser never about storage — and when
# a program built on the library (examples/, bindings/, servers/, tools/) includes
# anything of it but its public headers, include/quiver/.
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
declare -A allowed=(
  [common]="common"
  [storage]="common storage"
  [ingest]="common storage ingest"
  [export]="common storage ingest export"
  [cypher]="common cypher"
  [planner]="common storage cypher planner"
  [exec]="common storage ingest cypher planner exec"
  [algo]="common storage ingest cypher planner exec algo"
  [main]="common storage ingest export cypher planner exec algo main"
  [capi]="capi"  # the C API stands on the public C++ API (quiver/) alone
  [bench]="common storage ingest export cypher planner exec algo main bench"
  [server]="server"  # the Bolt server stands on the public C++ API (quiver/) alone
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

# Programs on the library include only include/quiver/ (and their own headers). The
# quiver tool's admin commands still include the private headers listed here: checking
# and repairing, compacting, importing, generating, the database's files and the
# resource policy, and the benchmark ladder have no public API yet. quiver-mpi builds
# partitions with the construction session, the generator and the CSV import, publishes
# them itself after the ranks' agreement (database directory, log history) and
# checksums its manifest, and runs its algorithms over the partitions' CSR (drawing
# Graph500 roots with the project's SplitMix64): the engine's layers, not the public
# API, are what it distributes. Its `query` reads the Cypher AST (the parser, printer
# and AST equality) to decide which shapes a union of partitions answers exactly, which
# no public API exposes (the queries themselves run through quiver/database.h), and its
# point queries quote tokens with the printer's QuoteSchemaName. Its import reads Parquet
# row groups with the ingest layer's reader and writes their rows as CSV rows with the
# export layer's field writer; its two-phase publish keeps generations with named
# checkpoints; its algorithms map global ids to local ones with the ingest layer's IdMap. The list may only shrink: a private include not on it fails, and so does an entry no
# longer used.
tools_private=$(cat <<'LIST'
tools/quiver/cmd_bench.cpp bench/gate.h
tools/quiver/cmd_bench.cpp bench/ladder.h
tools/quiver/cmd_bench.cpp bench/peer_kuzu.h
tools/quiver/cmd_bench.cpp bench/source_paths.h
tools/quiver/cmd_bench.cpp bench/summary_table.h
tools/quiver/cmd_bench.cpp bench/svg_plot.h
tools/quiver/cmd_bench_overhead.cpp bench/ladder.h
tools/quiver/cmd_bench_overhead.cpp bench/query_overhead.h
tools/quiver/cmd_bench_queries.cpp bench/query_bench.h
tools/quiver/cmd_bench_queries.cpp bench/query_report.h
tools/quiver/cmd_bench_queries.cpp bench/query_runner.h
tools/quiver/cmd_bench_queries.cpp bench/source_paths.h
tools/quiver/cmd_bench_rung.cpp bench/ladder.h
tools/quiver/cmd_bench_rung.cpp bench/rung_ingest.h
tools/quiver/cmd_bench_rung.cpp bench/rung_query.h
tools/quiver/cmd_check.cpp common/file/env.h
tools/quiver/cmd_check.cpp ingest/run_options.h
tools/quiver/cmd_check.cpp ingest/salvage.h
tools/quiver/cmd_check.cpp storage/checker.h
tools/quiver/cmd_compact.cpp common/file/env.h
tools/quiver/cmd_compact.cpp ingest/compaction_build.h
tools/quiver/cmd_compact.cpp storage/txn/transactional_store.h
tools/quiver/cmd_db_info.cpp common/file/env.h
tools/quiver/cmd_db_info.cpp storage/database_dir.h
tools/quiver/cmd_db_info.cpp storage/txn/recovery.h
tools/quiver/cmd_db_info.cpp storage/txn/transactional_store.h
tools/quiver/cmd_generate.cpp common/metrics/phase_recorder.h
tools/quiver/cmd_generate.cpp ingest/g500_output.h
tools/quiver/cmd_generate.cpp ingest/progress_reporter.h
tools/quiver/cmd_generate.cpp ingest/run_options.h
tools/quiver/cmd_import.cpp common/metrics/phase_recorder.h
tools/quiver/cmd_import.cpp ingest/progress_reporter.h
tools/quiver/cmd_import.cpp ingest/run_options.h
tools/quiver/cmd_import.cpp main/export_manifest.h
tools/quiver/cmd_import.cpp main/import_run.h
tools/quiver/cmd_import.cpp main/import_schema.h
tools/quiver/cmd_info.cpp common/resource/resource_policy.h
tools/quiver/cmd_serve.cpp server/auth.h
tools/quiver/cmd_serve.cpp server/bolt_server.h
tools/quiver/cmd_serve.cpp server/http/http_server.h
tools/quiver-mpi/build_flags.cpp ingest/run_options.h
tools/quiver-mpi/cmd_generate.cpp ingest/g500_generator.h
tools/quiver-mpi/cmd_graph500.cpp common/splitmix64.h
tools/quiver-mpi/csv_shuffle.cpp ingest/csv_import.h
tools/quiver-mpi/csv_shuffle.h ingest/csv_header.h
tools/quiver-mpi/csv_shuffle.h ingest/csv_scan.h
tools/quiver-mpi/input_share.cpp export/value_text.h
tools/quiver-mpi/input_share.cpp ingest/parquet/cells.h
tools/quiver-mpi/input_share.cpp ingest/parquet/parquet_file.h
tools/quiver-mpi/input_share.cpp ingest/parquet/parquet_rows.h
tools/quiver-mpi/input_share.cpp storage/txn/value_convert.h
tools/quiver-mpi/input_share.h ingest/csv_header.h
tools/quiver-mpi/input_share.h ingest/csv_scan.h
tools/quiver-mpi/distributed_query.cpp cypher/ast/ast_equal.h
tools/quiver-mpi/distributed_query.cpp cypher/ast/ast_printer.h
tools/quiver-mpi/distributed_query.cpp cypher/parser.h
tools/quiver-mpi/manifest.cpp common/file/checksum.h
tools/quiver-mpi/manifest.cpp storage/checkpoints.h
tools/quiver-mpi/manifest.cpp storage/database_dir.h
tools/quiver-mpi/manifest.h common/file/env.h
tools/quiver-mpi/manifest.h storage/generation.h
tools/quiver-mpi/partition_build.cpp storage/checkpoints.h
tools/quiver-mpi/partition_build.cpp storage/txn/log_segment.h
tools/quiver-mpi/partition_build.h ingest/construction_session.h
tools/quiver-mpi/partition_graph.cpp ingest/worker_pool.h
tools/quiver-mpi/partition_graph.h ingest/id_map.h
tools/quiver-mpi/partition_graph.h storage/generation.h
tools/quiver-mpi/point_neighbourhood.cpp cypher/ast/ast_printer.h
LIST
)
used_private=""
for dir in examples bindings servers tools; do
  [ -d "$root/$dir" ] || continue
  while IFS= read -r line; do
    file="${line%%:*}"
    rel="${file#$root/}"
    included=$(sed -E 's/^[^:]*:[0-9]+:#include "([^"]+)".*/\1/' <<<"$line")
    top="${included%%/*}"
    if [ "$top" = quiver ]; then
      # quiver/build_info.h is generated into the build tree for the tool's `version`.
      if [ ! -f "$root/include/$included" ] && [ "$included" != quiver/build_info.h ]; then
        echo "not a public header: $rel includes $included"
        violations=$((violations + 1))
      fi
      continue
    fi
    case " $layers " in *" $top "*) ;; *) continue ;; esac  # its own headers
    if [ "$dir" = tools ] && grep -qxF "$rel $included" <<<"$tools_private"; then
      used_private+="$rel $included"$'\n'
      continue
    fi
    echo "private header outside src/: $rel includes $included (only quiver/ is public)"
    violations=$((violations + 1))
  done < <(grep -rnE '^#include "[a-z_]+/' "$root/$dir" --include='*.h' --include='*.hpp' --include='*.c' \
             --include='*.cc' --include='*.cpp' || true)
done
while IFS= read -r entry; do
  [ -n "$entry" ] || continue
  if ! grep -qxF "$entry" <<<"$used_private"; then
    echo "no longer included, remove from the list in $(basename "$0"): $entry"
    violations=$((violations + 1))
  fi
done <<<"$tools_private"

if [ "$violations" -gt 0 ]; then
  echo "$violations include-direction violation(s)"
  exit 1
fi
echo "include direction: ok"
