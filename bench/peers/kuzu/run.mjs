// The Kùzu side of `quiver bench ladder --peer kuzu` (docs/benchmarks.md, "The peer").
//
// Loads the CSV files `quiver generate g500 --out DIR` wrote into a fresh Kùzu database
// with COPY, then runs the three query shapes of a Quiver rung over the same seeded
// sources (the rung's sources.json), timing each phase the way the rung does:
//   open        new Database + Connection on an empty directory
//   schema      CREATE NODE TABLE V(id INT64 ...) / CREATE REL TABLE E(FROM V TO V ...)
//   copy-nodes  COPY V FROM nodes.csv
//   copy-edges  COPY E FROM edges.csv
//   reopen      a NEW process (this script re-runs itself with --stage query) opens the
//               database; then query-1hop, query-2hop, query-khop, count
// Peak RSS comes from /proc/self/status VmHWM of each process; database size is the
// directory's (or file's) bytes after the load.
//
// Usage: node run.mjs --csv DIR --db PATH --sources FILE --q1 N --q2 N --qk N --out FILE
//        [--copy-mode direct|subquery] [--threads N] [--query-timeout-ms MS]
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

// Resolved next to this script: the ladder copies it into the folder npm installed kuzu in.
const require = createRequire(import.meta.url);
const kuzu = require('kuzu');

function parseArgs(argv) {
  const a = { stage: 'load', copyMode: 'direct', q1: 1000, q2: 300, qk: 100, threads: 0, timeoutMs: 0 };
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i].replace(/^--/, ''), v = argv[i + 1];
    if (k === 'csv') a.csv = v; else if (k === 'db') a.db = v; else if (k === 'sources') a.sources = v;
    else if (k === 'q1') a.q1 = Number(v); else if (k === 'q2') a.q2 = Number(v); else if (k === 'qk') a.qk = Number(v);
    else if (k === 'out') a.out = v; else if (k === 'stage') a.stage = v; else if (k === 'copy-mode') a.copyMode = v;
    else if (k === 'threads') a.threads = Number(v);
    else if (k === 'query-timeout-ms') a.timeoutMs = Number(v);
    else throw new Error(`unknown flag --${k}`);
  }
  return a;
}

function procStatus(field) {
  const m = fs.readFileSync('/proc/self/status', 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return m ? Number(m[1]) * 1024 : null;
}
function cpuSeconds() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}
function sizeOf(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.size;
  return fs.readdirSync(p).reduce((s, f) => s + sizeOf(path.join(p, f)), 0);
}

async function timed(phases, name, fn, units) {
  const cpu0 = cpuSeconds(), t0 = process.hrtime.bigint();
  const result = await fn();
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = cpuSeconds() - cpu0;
  console.error(`kuzu: ${name} ${wall.toFixed(3)} s`);  // progress, into the peer's log
  phases.push({ name, wall_s: wall, cpu_s: cpu, effective_cores: wall > 0 ? cpu / wall : 0,
                peak_rss_bytes: procStatus('VmHWM'), units: units ?? null });
  return result;
}

async function all(conn, text) {
  const r = await conn.query(text);
  return r.getAll();
}

function single(rows) {
  const row = rows[0];
  return Number(Object.values(row)[0]);
}

function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
}

// A query past --query-timeout-ms is interrupted by Kùzu; it counts in the latencies at
// the timeout (a lower bound), is listed in `timeouts`, and leaves count_sum null.
async function shape(conn, text, sources, n, timeoutMs) {
  const ps = await conn.prepare(text);
  if (!ps.isSuccess()) throw new Error(`prepare failed: ${ps.getErrorMessage()}`);
  if (timeoutMs > 0) conn.setQueryTimeout(timeoutMs);
  const lat = [];
  let sum = 0, timeouts = 0;
  for (let i = 0; i < n && i < sources.length; i++) {
    const t0 = process.hrtime.bigint();
    try {
      const r = await conn.execute(ps, { id: sources[i] });
      sum += single(await r.getAll());
    } catch (e) {
      if (!/interrupt|timeout/i.test(String(e))) throw e;
      timeouts++;
    }
    lat.push(Number(process.hrtime.bigint() - t0) / 1e3);
  }
  const sorted = [...lat].sort((x, y) => x - y);
  return { query: text, count: lat.length, first_us: lat[0] ?? null, median_us: percentile(sorted, 50),
           p95_us: percentile(sorted, 95), p99_us: percentile(sorted, 99), count_sum: timeouts ? null : sum,
           timeouts, timeout_ms: timeoutMs };
}

function openDb(a) {
  const db = new kuzu.Database(a.db);
  const conn = new kuzu.Connection(db, a.threads > 0 ? a.threads : undefined);
  return { db, conn };
}

async function load(a) {
  fs.rmSync(a.db, { recursive: true, force: true });
  const phases = [];
  const { db, conn } = await timed(phases, 'open', async () => openDb(a));
  const nodes = path.resolve(a.csv, 'nodes.csv'), edges = path.resolve(a.csv, 'edges.csv');
  await timed(phases, 'schema', async () => {
    if (a.copyMode === 'direct') {
      // The files' extra :LABEL / :TYPE columns become a string property each.
      await all(conn, 'CREATE NODE TABLE V(id INT64, label STRING, PRIMARY KEY(id))');
      await all(conn, 'CREATE REL TABLE E(FROM V TO V, type STRING)');
    } else {
      await all(conn, 'CREATE NODE TABLE V(id INT64, PRIMARY KEY(id))');
      await all(conn, 'CREATE REL TABLE E(FROM V TO V)');
    }
  });
  await timed(phases, 'copy-nodes', async () => {
    if (a.copyMode === 'direct') return all(conn, `COPY V FROM '${nodes}' (HEADER=true)`);
    return all(conn, `COPY V FROM (LOAD FROM '${nodes}' (header=false, skip=1) RETURN CAST(column0 AS INT64))`);
  });
  await timed(phases, 'copy-edges', async () => {
    if (a.copyMode === 'direct') return all(conn, `COPY E FROM '${edges}' (HEADER=true)`);
    return all(conn, `COPY E FROM (LOAD FROM '${edges}' (header=false, skip=1) RETURN CAST(column0 AS INT64), CAST(column1 AS INT64))`);
  });
  // Close (checkpoint, release the lock) before the query process opens the database.
  await timed(phases, 'close', async () => {
    await conn.close();
    await db.close();
  });
  return { phases, peak_rss_bytes: procStatus('VmHWM') };
}

async function query(a) {
  const sources = JSON.parse(fs.readFileSync(a.sources, 'utf8')).sources;
  const phases = [];
  const t0 = process.hrtime.bigint();
  const { conn } = await timed(phases, 'reopen', async () => openDb(a));
  const reopen_us = Number(process.hrtime.bigint() - t0) / 1e3;
  const q = {};
  const result = { phases, queries: q };
  // Written after every phase, so what was measured survives a kill of this process.
  const save = () => fs.writeFileSync(a.out + '.query.json', JSON.stringify({ ...result, peak_rss_bytes: procStatus('VmHWM') }));
  q['1hop'] = await timed(phases, 'query-1hop', () => shape(conn, 'MATCH (a:V {id: $id})-[:E]->(b) RETURN count(b)', sources, a.q1, a.timeoutMs), a.q1);
  result.cold = { reopen_us, first_query_us: q['1hop'].first_us, reopen_plus_first_query_us: reopen_us + (q['1hop'].first_us ?? 0) };
  save();
  q['2hop'] = await timed(phases, 'query-2hop', () => shape(conn, 'MATCH (a:V {id: $id})-[:E]->()-[:E]->(c) RETURN count(c)', sources, a.q2, a.timeoutMs), a.q2);
  save();
  q['khop'] = await timed(phases, 'query-khop', () => shape(conn, 'MATCH (a:V {id: $id})-[:E*1..3]->(c) RETURN count(DISTINCT c)', sources, a.qk, a.timeoutMs), a.qk);
  save();
  result.count = await timed(phases, 'count', async () => ({
    nodes: single(await all(conn, 'MATCH (n) RETURN count(n)')),
    edges: single(await all(conn, 'MATCH ()-[r]->() RETURN count(r)')),
  }));
  save();
}

const a = parseArgs(process.argv.slice(2));
if (a.stage === 'query') {
  await query(a);
  process.exit(0);
}
const loaded = await load(a);
// The query stage runs in a new process, as Quiver's does: a cold reopen.
const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), ...process.argv.slice(2), '--stage', 'query'],
                        { stdio: ['ignore', 'inherit', 'inherit'] });
const queried = fs.existsSync(a.out + '.query.json') ? JSON.parse(fs.readFileSync(a.out + '.query.json', 'utf8')) : null;
const out = {
  system: 'kuzu', version: kuzu.VERSION, copy_mode: a.copyMode, load: loaded, query: queried,
  query_status: child.status === 0 ? 'ok' : `failed: status ${child.status} signal ${child.signal}`,
  database_bytes: sizeOf(a.db),
};
fs.writeFileSync(a.out, JSON.stringify(out, null, 2) + '\n');
console.log(`kuzu ${kuzu.VERSION}: load ${loaded.phases.map((p) => `${p.name} ${p.wall_s.toFixed(3)}s`).join(', ')}; ` +
            `db ${out.database_bytes} bytes; query stage ${out.query_status}`);
process.exit(child.status === 0 ? 0 : 1);
