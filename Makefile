# Quiver's front door. `make demo` and `make test` are the two commands in the README.
# Both first run scripts/setup.sh, which installs missing Debian packages (and does
# nothing when all are present).

BUILD_DIR ?= build/release
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=
SANITIZE ?= address,undefined
DEMO_DIR ?= build/demo

.PHONY: all setup configure build demo test sanitize tsan fuzz bench-micro bench-ladder bench-peers bench-queries bench-algorithms bench-mpi bench-bolt bench-web bench-bindings bench-merge bench-parquet bench-export python node format lint clean

all: build

setup:
	@bash scripts/setup.sh

$(BUILD_DIR)/build.ninja:
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

configure: setup $(BUILD_DIR)/build.ninja

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

# The main job on a built-in example. Builds only what the demo runs: the quiver tool.
demo: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target quiver
	bash scripts/demo.sh $(BUILD_DIR)/quiver $(DEMO_DIR)

# Every test; ends with ctest's summary line.
test: build
	bash scripts/run_tests.sh $(BUILD_DIR) $(JOBS)

# The same tests under AddressSanitizer and UndefinedBehaviorSanitizer.
sanitize: setup
	cmake -S . -B build/sanitize -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DQUIVER_SANITIZE=$(SANITIZE) -DQUIVER_BUILD_BENCH=OFF
	cmake --build build/sanitize -j $(JOBS)
	bash scripts/run_tests.sh build/sanitize $(JOBS)

# The concurrency tests under ThreadSanitizer (build/tsan): readers during writes and
# compactions, group commit, parallel ingest and CSR builds, the parallel section writer,
# concurrent queries on one database, the vectorized engine's workers, and the TCK on two
# threads (also with 4 workers per statement). Not part of make test
# (a second full build); docs/reliability.md says what it covers and when it last ran clean.
TSAN_TESTS ?= Concurren|Durab|GroupCommit|Parallel|Session|Spill|Csr|Csv|IdMap|Worker|Compaction|FaultInjection|Kill|VectorEngine|CountStore
tsan: setup
	cmake -S . -B build/tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DQUIVER_SANITIZE=thread -DQUIVER_BUILD_BENCH=OFF
	cmake --build build/tsan -j $(JOBS) --target quiver_common_tests quiver_storage_tests quiver_ingest_tests quiver_exec_tests quiver_tck
	cd build/tsan && TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" ctest --output-on-failure --timeout 1200 -j $(JOBS) -R '$(TSAN_TESTS)' -E 'MemoryBudget'
	TSAN_OPTIONS="halt_on_error=1" build/tsan/tests/tck/quiver_tck --jobs 2 --memory-limit 0 --ratchet tests/tck/passing.txt
	TSAN_OPTIONS="halt_on_error=1" build/tsan/tests/tck/quiver_tck --jobs 2 --memory-limit 0 --workers 4 --vector-size 3 --morsel-nodes 2 --ratchet tests/tck/passing.txt

# libFuzzer targets under ASan+UBSan (clang; docs/testing.md, "Fuzzing"): each runs
# FUZZ_SECONDS on its corpus; findings land in build/fuzz/findings/<target>/. One
# target: make fuzz FUZZ_TARGETS=csv. `make test` runs only a short, unguided smoke.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= parser cypher csv generation log bolt http
fuzz:
	@bash scripts/setup.sh fuzz
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_TARGETS="$(FUZZ_TARGETS)" FUZZ_JOBS=$(JOBS) bash scripts/fuzz.sh build/fuzz

bench-micro: build
	$(BUILD_DIR)/bench/quiver_micro_bench

# The Graph500 scale ladder with the ingest gate (docs/benchmarks.md). LADDER_FROM/TO pick the scales.
# KHOP: *1..3 queries per rung (each about 1 s at scale 20 on 2 cores).
LADDER_FROM ?= 16
LADDER_TO ?= 22
KHOP ?= 100
bench-ladder: build
	$(BUILD_DIR)/quiver bench ladder --from $(LADDER_FROM) --to $(LADDER_TO) --queries-khop $(KHOP) --out build/bench/ladder --gate

# The same rungs side by side with Kuzu (npm package, installed into build/peers/kuzu on
# first use): Quiver/Kuzu ratios per phase. A benchmark, not a test.
PEER_FROM ?= 16
PEER_TO ?= 16
bench-peers: build
	$(BUILD_DIR)/quiver bench ladder --from $(PEER_FROM) --to $(PEER_TO) --queries-khop $(KHOP) --peer kuzu --out build/bench/peers

# The analytical query benchmark, Quiver and Kuzu side by side (docs/benchmarks.md,
# "Analytical queries side by side with Kuzu"): Quiver/Kuzu per query and their geometric
# mean. Graphs and databases are kept under build/bench/queries and reused. Builds only
# the quiver tool. A benchmark, not a test: not part of `make test`.
QUERIES_SCALE ?= 18
QUERIES_REPEAT ?= 5
QUERIES_GRAPHS ?= g500,props
QUERIES_PEER ?= kuzu
QUERIES_TIMEOUT ?= 60s
QUERIES_FILTER ?=
# The gds.* algorithms against GAPBS on a Graph500 graph (bench/algorithms.sh; set
# GAPBS_DIR to a GAPBS source checkout to run it side by side). docs/benchmarks.md.
ALGORITHMS_SCALE ?= 20
bench-algorithms: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target quiver
	bash bench/algorithms.sh $(BUILD_DIR)/quiver $(ALGORITHMS_SCALE) build/bench/algorithms

# quiver-mpi: construction edges/s and Graph500 TEPS (64 validated roots) for 1, 2 and 4
# ranks at scales MPI_FROM..MPI_TO (bench/mpi.sh; docs/scale-out.md). Needs MPI. A
# benchmark, not a test. GRAPH500_DIR (a checkout of github.com/graph500/graph500) runs the
# Graph500 reference implementation side by side on the same scales and ranks.
MPI_FROM ?= 18
MPI_TO ?= 20
MPI_RANKS ?= 1 2 4
bench-mpi: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target quiver-mpi
	bash bench/mpi.sh $(BUILD_DIR)/quiver-mpi $$(command -v mpirun) $(MPI_FROM) $(MPI_TO) "$(MPI_RANKS)" build/bench/mpi

# Bolt point-query throughput and latency with 1, 8 and 32 driver sessions beside the same
# query embedded, and rows/s streaming (bench/bolt/bolt_bench.mjs; docs/bolt.md). Uses
# the Graph500 database of bench-queries at BOLT_SCALE when it exists, else generates one.
BOLT_SCALE ?= 20
BOLT_SECONDS ?= 5
bench-bolt: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target quiver
	@db=build/bench/queries/g500-$(BOLT_SCALE)/quiver.db; \
	if [ ! -d $$db ]; then db=build/bench/bolt/g500-$(BOLT_SCALE); \
	  [ -d $$db ] || $(BUILD_DIR)/quiver generate g500 --scale $(BOLT_SCALE) --db $$db --quiet; fi; \
	node bench/bolt/bolt_bench.mjs --quiver $(BUILD_DIR)/quiver --db $$db --scale $(BOLT_SCALE) \
	  --seconds $(BOLT_SECONDS) --out build/bench/bolt-$(BOLT_SCALE).json

# The HTTP endpoint of `quiver serve --http` (docs/web.md): a point query and RETURN 1 per
# request over keep-alive, and a 1 M-row result (bench/web/http_bench.py), on the
# Graph500 database of bench-bolt.
bench-web: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target quiver
	@db=build/bench/queries/g500-$(BOLT_SCALE)/quiver.db; \
	if [ ! -d $$db ]; then db=build/bench/bolt/g500-$(BOLT_SCALE); \
	  [ -d $$db ] || $(BUILD_DIR)/quiver generate g500 --scale $(BOLT_SCALE) --db $$db --quiet; fi; \
	/usr/bin/python3 bench/web/http_bench.py $(BUILD_DIR)/quiver $$db

# Quiver's Node.js module against Kuzu's (npm) on the Graph500 CSV of bench-queries at
# BINDINGS_SCALE: loading, 1,000 1-hop and 100 2-hop prepared key seeks, 1 M rows read
# (bench/bindings/node_vs_kuzu.mjs); then the Python module on the same work
# (bench/bindings/python_bench.py) beside Kuzu's Node.js numbers (docs/benchmarks.md).
BINDINGS_SCALE ?= 20
bench-bindings: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target quiver quiver_node quiver_python
	@csv=build/bench/queries/g500-$(BINDINGS_SCALE)/csv; \
	[ -f $$csv/edges.csv ] || $(BUILD_DIR)/quiver generate g500 --scale $(BINDINGS_SCALE) --out $$csv --quiet; \
	[ -d build/peers/kuzu/node_modules/kuzu ] || (mkdir -p build/peers/kuzu && cp bench/peers/kuzu/package.json \
	  build/peers/kuzu/ && cd build/peers/kuzu && npm install --no-audit --no-fund --loglevel=error); \
	node bench/bindings/node_vs_kuzu.mjs --quiver-module $(BUILD_DIR)/node --kuzu-dir build/peers/kuzu \
	  --csv $$csv --work build/bench/bindings-$(BINDINGS_SCALE) --out build/bench/bindings-$(BINDINGS_SCALE).json; \
	PYTHONPATH=$(BUILD_DIR)/python /usr/bin/python3 bench/bindings/python_bench.py $$csv \
	  build/bench/bindings-$(BINDINGS_SCALE) build/bench/bindings-$(BINDINGS_SCALE).json

# MERGE into a growing graph with a property index (bench/schema/merge_bench.py): rows/s
# per 100k nodes to MERGE_NODES, then seeks against scans and CREATE INDEX on the result.
MERGE_NODES ?= 1000000
bench-merge: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target quiver quiver_python
	PYTHONPATH=$(BUILD_DIR)/python /usr/bin/python3 -u bench/schema/merge_bench.py $(MERGE_NODES) \
	  --json build/bench/merge-$(MERGE_NODES).json

# Parquet import against CSV import on a Graph500 graph (bench/ingest/parquet_bench.py):
# DuckDB converts the CSV to Parquet with each codec; the imports alternate round by
# round. PARQUET_CSV names an existing CSV directory (else one is generated at PARQUET_SCALE).
PARQUET_SCALE ?= 20
PARQUET_CSV ?=
# quiver export against quiver import of the same Graph500 graph (docs/benchmarks.md, "Export").
EXPORT_SCALE ?= 20
bench-export: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target quiver
	/usr/bin/python3 -u bench/ingest/export_bench.py $(BUILD_DIR)/quiver --scale $(EXPORT_SCALE) \
	  $(if $(EXPORT_CSV),--csv $(EXPORT_CSV)) --formats csv,parquet,jsonl --work build/bench/export --json build/bench/export-$(EXPORT_SCALE).json

bench-parquet: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target quiver
	/usr/bin/python3 -u bench/ingest/parquet_bench.py $(BUILD_DIR)/quiver --scale $(PARQUET_SCALE) \
	  $(if $(PARQUET_CSV),--csv $(PARQUET_CSV)) --work build/bench/parquet --json build/bench/parquet-$(PARQUET_SCALE).json

bench-queries: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target quiver
	$(BUILD_DIR)/quiver bench queries --scale $(QUERIES_SCALE) --repeat $(QUERIES_REPEAT) --graphs $(QUERIES_GRAPHS) \
		--peer $(QUERIES_PEER) --query-timeout $(QUERIES_TIMEOUT) --out build/bench/queries \
		$(if $(QUERIES_FILTER),--filter '$(QUERIES_FILTER)')

# The language modules (bindings/): the Python module into build/<dir>/python/ (docs/python.md)
# and the Node.js module into build/<dir>/node/ (docs/node.md). `make test` builds and tests both.
python: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target quiver_python
node: configure
	cmake --build $(BUILD_DIR) -j $(JOBS) --target quiver_node

format:
	git ls-files '*.h' '*.cpp' | xargs clang-format -i

# clang-tidy (.clang-tidy: the naming rules the code follows) over the C++ files changed
# since LINT_BASE (default: the merge base with origin/main, else HEAD), or LINT_FILES.
LINT_BASE ?=
LINT_FILES ?=
lint: configure
	bash scripts/lint.sh $(BUILD_DIR) "$(LINT_BASE)" $(LINT_FILES)

clean:
	rm -rf build
