// The Kùzu side of `quiver bench queries` (docs/benchmarks.md, "Analytical queries side
// by side with Kùzu"; the driver is src/bench/query_bench.cpp). Two stages:
//
//   --stage load  --graph g500|props --csv DIR --db PATH --out FILE
//       a fresh database, CREATE NODE/REL TABLE, COPY of the very CSV files Quiver
//       imports (COPY maps columns by position and skips the header row), close — the
//       checkpoint that makes the load durable, as Quiver's import is when it publishes.
//   --stage query --db PATH --queries FILE --out FILE [--only a,b,...]
//       the query set the driver wrote (src/bench/query_set.h) in one process, with the
//       protocol of Quiver's runner (src/bench/query_runner.h): each analytic query once
//       cold, then `repeat` times; each point query prepared once and executed per source,
//       one cold pass then `repeat` passes; a run is timed from the call until getAll()
//       has every row. The results file is rewritten after every query with "running"
//       naming the one in progress. Kùzu interrupts a query past `timeout_ms` (status
//       "timeout"); one still running at 2 x timeout + 30 s ends this process with exit
//       code 4 (the driver records "hung" and starts a new process after it).
//
// Answers are digested exactly as src/bench/result_digest.cpp does it (the two must stay
// in step): canonical values, rows joined by ',', FNV-1a 64 over the rows each followed by
// '\n', sorted first unless the query orders its rows.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

// Resolved next to this script: EnsureKuzuInstalled copies it into the folder npm installed kuzu in.
const require = createRequire(import.meta.url);
const kuzu = require('kuzu');

const HUNG_EXIT_CODE = 4;
const SAMPLE_ROWS = 10;

// What the driver's CSV files are, as Kùzu tables. The :LABEL / :TYPE columns of the
// Graph500 files become a string property each (as in run.mjs); the props files have none.
const SCHEMAS = {
  g500: {
    ddl: ['CREATE NODE TABLE V(id INT64, label STRING, PRIMARY KEY(id))', 'CREATE REL TABLE E(FROM V TO V, type STRING)'],
    copies: [['V', 'nodes.csv'], ['E', 'edges.csv']],
  },
  props: {
    ddl: ['CREATE NODE TABLE Person(id INT64, age INT64, score DOUBLE, name STRING, city STRING, PRIMARY KEY(id))',
          'CREATE REL TABLE KNOWS(FROM Person TO Person, since INT64)'],
    copies: [['Person', 'person.csv'], ['KNOWS', 'knows.csv']],
  },
};

function parseArgs(argv) {
  const a = { only: [] };
  for (let i = 0; i < argv.length; i += 2) {
    const k = argv[i].replace(/^--/, ''), v = argv[i + 1];
    if (v === undefined) throw new Error(`--${k} needs a value`);
    if (['stage', 'graph', 'csv', 'db', 'out', 'queries'].includes(k)) a[k] = v;
    else if (k === 'only') a.only = v.split(',').filter((s) => s);
    else throw new Error(`unknown flag --${k}`);
  }
  return a;
}

function procStatus(field) {
  const m = fs.readFileSync('/proc/self/status', 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return m ? Number(m[1]) * 1024 : null;
}

function writeJson(file, value) {
  const tmp = file + '.tmp';
  fs.writeFileSync(tmp, JSON.stringify(value, null, 2) + '\n');
  fs.renameSync(tmp, file);
}

async function all(conn, text) {
  const r = await conn.query(text);
  return r.getAll();
}

async function load(a) {
  const schema = SCHEMAS[a.graph];
  if (!schema) throw new Error(`unknown graph '${a.graph}'`);
  fs.rmSync(a.db, { recursive: true, force: true });
  const phases = [];
  const timed = async (name, fn) => {
    const t0 = process.hrtime.bigint();
    await fn();
    const wall = Number(process.hrtime.bigint() - t0) / 1e9;
    console.error(`kuzu: ${a.graph} ${name} ${wall.toFixed(3)} s`);
    phases.push({ name, wall_s: wall });
  };
  let db, conn;
  await timed('open', async () => {
    db = new kuzu.Database(a.db);
    conn = new kuzu.Connection(db);
  });
  await timed('schema', async () => {
    for (const ddl of schema.ddl) await all(conn, ddl);
  });
  for (const [table, file] of schema.copies) {
    await timed(`copy-${table}`, () => all(conn, `COPY ${table} FROM '${path.resolve(a.csv, file)}' (HEADER=true)`));
  }
  await timed('close', async () => {
    await conn.close();
    await db.close();
  });
  writeJson(a.out, { system: 'kuzu', version: kuzu.VERSION, graph: a.graph, phases, peak_rss_bytes: procStatus('VmHWM') });
}

// --- the canonical form (result_digest.h)

function canonFloat(x) {
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity';
  // toExponential rounds the exact value half away from zero: the C++ side does the same.
  const s = Math.abs(x).toExponential(5);
  const digits = s[0] + s.slice(2, 7);
  const exponent = Number(s.slice(s.indexOf('e') + 1));
  if (digits === '000000') return '0';
  const sign = x < 0 ? '-' : '';
  if (exponent < 15) {
    const fraction = 5 - exponent;
    let integral = fraction <= 0;
    if (!integral && fraction <= 5) integral = /^0*$/.test(digits.slice(6 - fraction));
    if (integral) return sign + (fraction <= 0 ? digits + '0'.repeat(-fraction) : digits.slice(0, 6 - fraction));
  }
  return `${sign}${digits[0]}.${digits.slice(1)}e${exponent}`;
}

const isFloatType = (t) => /^(DOUBLE|FLOAT|DECIMAL)/.test(t);

function canonValue(v, type) {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return isFloatType(type) || !Number.isInteger(v) ? canonFloat(v) : String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) {
    const inner = type.endsWith('[]') ? type.slice(0, -2) : type;
    return '[' + v.map((x) => canonValue(x, inner)).join(',') + ']';
  }
  return '<object>';
}

class Digest {
  constructor() { this.rows = 0; this.hash = 0xcbf29ce484222325n; this.sample = []; }
  add(rows, ordered) {
    if (!ordered) rows = [...rows].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));  // byte order, as std::sort
    for (const r of rows) {
      for (const c of Buffer.from(r + '\n', 'utf8')) this.hash = ((this.hash ^ BigInt(c)) * 0x100000001b3n) & 0xffffffffffffffffn;
      if (this.sample.length < SAMPLE_ROWS) this.sample.push(r);
    }
    this.rows += rows.length;
  }
  hex() { return this.hash.toString(16).padStart(16, '0'); }
  json() { return { rows: this.rows, hash: this.hex(), sample: this.sample }; }
}

// --- the query stage

const median = (v) => {
  if (v.length === 0) return 0;
  const s = [...v].sort((x, y) => x - y);
  return s[(s.length - 1) >> 1];  // the lower median, as the C++ side: a time that was measured
};

class TimeoutError extends Error {}

function isInterrupt(e) { return /interrupt|timeout/i.test(String(e && e.message ? e.message : e)); }

async function runOnce(conn, text, prepared, params, watchdogMs) {
  const dog = setTimeout(() => process.exit(HUNG_EXIT_CODE), watchdogMs);  // the results file names the query
  try {
    const t0 = process.hrtime.bigint();
    const r = prepared ? await conn.execute(prepared, params) : await conn.query(text);
    const rows = await r.getAll();
    const us = Number(process.hrtime.bigint() - t0) / 1e3;
    const names = await r.getColumnNames();
    const types = await r.getColumnDataTypes();
    if (typeof r.close === 'function') r.close();
    return { us, rows: rows.map((row) => names.map((n, i) => canonValue(row[n], types[i])).join(',')) };
  } finally {
    clearTimeout(dog);
  }
}

async function runQuery(conn, q, repeat, timeoutMs) {
  const out = { name: q.name, kind: q.kind };
  const watchdogMs = 2 * timeoutMs + 30000;
  // Kùzu's own text where its dialect differs (shortest paths), else the shared one.
  const text = q.peer_text || q.text;
  let status = 'ok';
  try {
    const digest = new Digest();
    if (q.kind !== 'point') {
      const cold = await runOnce(conn, text, null, null, watchdogMs);
      out.cold_us = cold.us;
      digest.add(cold.rows, q.ordered);
      const runs = [];
      for (let i = 0; i < repeat; i++) {
        const r = await runOnce(conn, text, null, null, watchdogMs);
        runs.push(r.us);
        const again = new Digest();
        again.add(r.rows, q.ordered);
        if (again.hex() !== digest.hex()) status = 'unstable';
      }
      out.runs_us = runs;
      out.median_us = runs.length ? median(runs) : cold.us;
    } else {
      if (!q.sources || q.sources.length === 0) throw new Error('no sources for a point query');
      // Pair queries take $to too: targets[i] goes with sources[i].
      const targets = q.targets || null;
      const ps = await conn.prepare(text);
      if (!ps.isSuccess()) throw new Error(`prepare failed: ${ps.getErrorMessage()}`);
      const measured = [], passMedians = [];
      let coldDigest = null;
      for (let pass = 0; pass <= repeat; pass++) {
        const passDigest = new Digest();
        const lat = [];
        let passUs = 0;
        for (let i = 0; i < q.sources.length; i++) {
          const params = targets ? { id: q.sources[i], to: targets[i] } : { id: q.sources[i] };
          const r = await runOnce(conn, text, ps, params, watchdogMs);
          lat.push(r.us);
          passUs += r.us;
          passDigest.add(r.rows, q.ordered);
          if (passUs > timeoutMs * 1000) throw new TimeoutError('one pass over the sources ran past the query timeout');
        }
        if (pass === 0) {
          out.cold_us = lat[0];
          out.cold_pass_median_us = median(lat);
          coldDigest = passDigest;
        } else {
          if (passDigest.hex() !== coldDigest.hex()) status = 'unstable';
          measured.push(...lat);
          passMedians.push(median(lat));
        }
      }
      out.executions = q.sources.length;
      out.runs_us = passMedians;
      out.median_us = measured.length ? median(measured) : out.cold_pass_median_us;
      Object.assign(out, coldDigest.json());
    }
    if (q.kind !== 'point') Object.assign(out, digest.json());
  } catch (e) {
    const timeout = e instanceof TimeoutError || isInterrupt(e);
    status = timeout ? 'timeout' : 'error';
    out.error = String(e && e.message ? e.message : e);
    if (timeout) out.timeout_ms = timeoutMs;
  }
  out.status = status;
  return out;
}

async function query(a) {
  const set = JSON.parse(fs.readFileSync(a.queries, 'utf8'));
  const repeat = set.repeat ?? 5, timeoutMs = set.timeout_ms ?? 60000;
  const out = { engine: 'kuzu', version: kuzu.VERSION, running: null, results: [] };
  const t0 = process.hrtime.bigint();
  const db = new kuzu.Database(a.db, undefined, undefined, /* readOnly */ true);
  const conn = new kuzu.Connection(db);
  out.open_us = Number(process.hrtime.bigint() - t0) / 1e3;
  conn.setQueryTimeout(timeoutMs);
  for (const q of set.queries) {
    if (a.only.length && !a.only.includes(q.name)) continue;
    out.running = q.name;
    writeJson(a.out, out);
    console.error(`kuzu: ${q.name}`);
    out.results.push(await runQuery(conn, q, repeat, timeoutMs));
    out.running = null;
    out.peak_rss_bytes = procStatus('VmHWM');
    writeJson(a.out, out);
  }
}

const a = parseArgs(process.argv.slice(2));
if (a.stage === 'load') await load(a);
else if (a.stage === 'query') await query(a);
else throw new Error(`--stage must be load or query, not '${a.stage}'`);
process.exit(0);
