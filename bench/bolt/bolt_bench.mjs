// make bench-bolt: point-query throughput and latency over Bolt with 1, 8 and 32
// concurrent driver sessions, and the same query embedded (in-process), so the
// protocol's cost is visible; rows per second streaming a large result both ways.
// A benchmark, not a test (docs/bolt.md, "Measured").
//
//   node bench/bolt/bolt_bench.mjs --quiver build/release/quiver --db DB [--scale 20]
//        [--seconds 5] [--concurrency 1,8,32] [--rows 2000000] [--out FILE.json]
//
// DB is a Graph500 database (quiver generate g500 --scale S --db DB). The server runs
// read-only without authentication on a free loopback port; the driver is the one the
// tests pin (tests/bolt/node_modules). Embedded, each of C clients is a process running
// `quiver bench query-overhead` (one prepared statement executed in a loop, as one
// driver session does), so C embedded clients use C cores' worth as C sessions do.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../tests/bolt/package.json'));
const neo4j = require('neo4j-driver');

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const quiver = args.quiver;
const db = args.db;
const scale = Number(args.scale ?? 20);
const seconds = Number(args.seconds ?? 5);
const levels = (args.concurrency ?? '1,8,32').split(',').map(Number);
const streamRows = Number(args.rows ?? 2000000);
if (!quiver || !db) {
  console.error('usage: bolt_bench.mjs --quiver BIN --db DB [--scale S] [--seconds N] [--concurrency 1,8,32]');
  process.exit(2);
}
const QUERY = 'MATCH (a:V {id: $id})-[:E]->(b) RETURN count(b)';
const STREAM = `MATCH (a:V)-[:E]->(b:V) RETURN a.id AS a, b.id AS b LIMIT ${streamRows}`;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

// A seeded stream of keys in [0, 2^scale) (xorshift), one per client.
function keys(seed) {
  let x = BigInt(seed) * 0x9e3779b97f4a7c15n + 1n;
  const mask = (1n << 64n) - 1n;
  return () => {
    x ^= (x << 13n) & mask;
    x ^= x >> 7n;
    x ^= (x << 17n) & mask;
    return Number(x % (1n << BigInt(scale)));
  };
}

async function startServer() {
  const proc = spawn(quiver, ['serve', db, '--read-only', '--no-auth', '--listen', '127.0.0.1:0', '--quiet',
    '--max-connections', '1024'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    proc.stdout.on('data', (d) => {
      const m = String(d).match(/:(\d+)\s*$/m);
      if (m) resolve(Number(m[1]));
    });
    proc.on('exit', (code) => reject(new Error(`quiver serve exited ${code}`)));
  });
  return { proc, port };
}

async function boltPoint(driver, clients) {
  const deadline = performance.now() + seconds * 1000;
  const latencies = [];
  // A warm-up: each session's connection is opened and the statement prepared.
  await Promise.all(Array.from({ length: clients }, async () => {
    const s = driver.session();
    await s.run(QUERY, { id: neo4j.int(1) });
    await s.close();
  }));
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, async (_, c) => {
    const next = keys(c + 1);
    const session = driver.session();
    try {
      while (performance.now() < deadline) {
        const t = performance.now();
        await session.run(QUERY, { id: neo4j.int(next()) });
        latencies.push((performance.now() - t) * 1000);
      }
    } finally {
      await session.close();
    }
  }));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { clients, queries: latencies.length, qps: latencies.length / elapsed, p50_us: percentile(latencies, 50),
    p99_us: percentile(latencies, 99) };
}

async function embeddedPoint(clients, totalQueries) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bolt-bench-'));
  const perClient = Math.ceil(totalQueries / clients);
  const started = performance.now();
  const runs = await Promise.all(Array.from({ length: clients }, (_, c) => new Promise((resolve, reject) => {
    const json = path.join(dir, `c${c}.json`);
    // --fresh-only: open, prepare, then the statement executed perClient times.
    const p = spawn(quiver, ['bench', 'query-overhead', '--db', db, '--queries', String(perClient), '--fresh-only',
      '--id-range', String(2 ** scale), '--seed', String(c + 1), '--json', json], { stdio: 'ignore' });
    p.on('exit', (code) => (code === 0 ? resolve(JSON.parse(fs.readFileSync(json, 'utf8'))) : reject(new Error(`exit ${code}`))));
  })));
  // Throughput: every client's queries over the wall time of all of them (process start
  // and open included: a few tens of milliseconds).
  const wall = (performance.now() - started) / 1000;
  const phases = runs.map((r) => r.phases.fresh);
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  fs.rmSync(dir, { recursive: true, force: true });
  return { clients, queries: clients * perClient, qps: (clients * perClient) / wall, p50_us: median(phases.map((w) => w.median_us)),
    p99_us: median(phases.map((w) => w.p99_us)), wall_s: wall };
}

async function boltStream(driver, fetchSize) {
  const session = driver.session({ fetchSize });
  const started = performance.now();
  let rows = 0;
  for await (const record of session.run(STREAM)) {
    if (record) rows += 1;
  }
  await session.close();
  const s = (performance.now() - started) / 1000;
  return { fetch_size: fetchSize, rows, seconds: s, rows_per_s: rows / s };
}

function embeddedStream() {
  // --timing's line is on stderr: "(N rows, X ms)", the statement from the call to its
  // last row read; the rows are written as CSV to /dev/null.
  const r = spawnSync(quiver, ['query', '--db', db, '--read-only', '--timing', '--format', 'csv', STREAM],
    { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  return r.stderr;
}

const machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model, load: os.loadavg() };
const { proc, port } = await startServer();
const driver = neo4j.driver(`bolt://127.0.0.1:${port}`, undefined, { maxConnectionPoolSize: 1024 });
const report = { db, scale, seconds, machine, query: QUERY, point: [], stream: [] };
try {
  for (const c of levels) {
    const bolt = await boltPoint(driver, c);
    const embedded = await embeddedPoint(c, 2000000);
    report.point.push({ clients: c, bolt, embedded });
    console.log(`point, ${c} client(s): Bolt ${bolt.qps.toFixed(0)} q/s p50 ${bolt.p50_us.toFixed(0)} us p99 ` +
      `${bolt.p99_us.toFixed(0)} us | embedded ${embedded.qps.toFixed(0)} q/s p50 ${embedded.p50_us.toFixed(1)} us ` +
      `p99 ${embedded.p99_us.toFixed(1)} us`);
  }
  for (const fetch of [1000, -1]) {
    const s = await boltStream(driver, fetch);
    report.stream.push(s);
    console.log(`stream over Bolt, fetch size ${fetch}: ${s.rows} rows in ${s.seconds.toFixed(2)} s, ` +
      `${(s.rows_per_s / 1e6).toFixed(2)} M rows/s`);
  }
  const timing = embeddedStream();
  const m = timing.match(/\((\d+) rows?, ([\d.]+) ms\)/);
  if (m) {
    const rows = Number(m[1]);
    const s = Number(m[2]) / 1000;
    report.stream.push({ embedded: true, rows, seconds: s, rows_per_s: rows / s });
    console.log(`stream embedded (quiver query, CSV to /dev/null): ${rows} rows in ${s.toFixed(2)} s, ` +
      `${(rows / s / 1e6).toFixed(2)} M rows/s`);
  }
} finally {
  await driver.close();
  proc.kill('SIGTERM');
}
if (args.out) fs.writeFileSync(args.out, JSON.stringify(report, null, 2));
