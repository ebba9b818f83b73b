// make bench-bindings: Quiver's Node.js module against Kùzu's (npm `kuzu`, the version the
// query benchmark's peer installs) in one run, on the same Graph500 CSV files: loading
// them through each module, 1,000 prepared 1-hop and 100 2-hop key-seek queries, and a
// 1 M-row result read in full. The two APIs have the same shape (Database, Connection,
// prepare, execute, getAll), so the same code runs both. A benchmark, not a test
// (docs/benchmarks.md, "The Node.js module against Kùzu's").
//
//   node bench/bindings/node_vs_kuzu.mjs --quiver-module build/release/node --kuzu-dir build/peers/kuzu
//        --csv DIR (nodes.csv, edges.csv from `quiver generate g500 --out DIR`) --work DIR [--out FILE.json]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
for (const required of ['quiver-module', 'kuzu-dir', 'csv', 'work']) {
  if (!args[required]) {
    console.error(`usage: node_vs_kuzu.mjs --quiver-module DIR --kuzu-dir DIR --csv DIR --work DIR; missing --${required}`);
    process.exit(2);
  }
}
const quiver = createRequire(path.resolve(args['quiver-module'], 'package.json'))('./');
const kuzu = createRequire(path.resolve(args['kuzu-dir'], 'package.json'))('kuzu');
const nodesCsv = path.resolve(args.csv, 'nodes.csv');
const edgesCsv = path.resolve(args.csv, 'edges.csv');
fs.mkdirSync(args.work, { recursive: true });

const ONE_HOP = 'MATCH (a:V {id: $id})-[:E]->(b) RETURN count(b)';
const TWO_HOP = 'MATCH (a:V {id: $id})-[:E]->(:V)-[:E]->(c:V) WHERE c.id <> a.id RETURN count(c)';
const ROWS = 'MATCH (a:V)-[:E]->(b:V) RETURN a.id AS a, b.id AS b LIMIT 1000000';

// Keys with an outgoing edge, uniformly (as the ladder draws its sources: not weighted by
// degree), in a fixed pseudo-random order: asked of the Quiver database once it is loaded.
async function sources(count) {
  const db = new quiver.Database(quiverDb, { readOnly: true });
  const conn = new quiver.Connection(db);
  const r = await conn.query(
    'MATCH (a:V) WHERE (a)-[:E]->() RETURN a.id AS id ORDER BY (a.id * 7919) % 1000003, id LIMIT $n',
    { n: count });
  const ids = (await r.getAll()).map((row) => Number(row.id));
  await conn.close();
  await db.close();
  return ids;
}

function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))];
}

async function points(conn, text, ids, param) {
  const ps = await conn.prepare(text);
  const lat = [];
  let checksum = 0;
  for (const id of ids) {
    const t = performance.now();
    const r = await conn.execute(ps, { id: param(id) });
    const rows = await r.getAll();
    lat.push((performance.now() - t) * 1000);
    checksum += Number(Object.values(rows[0])[0]);
  }
  return { queries: ids.length, p50_us: percentile(lat, 50), p99_us: percentile(lat, 99),
    mean_us: lat.reduce((a, b) => a + b, 0) / lat.length, checksum };
}

async function bigResult(conn) {
  const t = performance.now();
  const r = await conn.query(ROWS);
  const rows = await r.getAll();
  return { rows: rows.length, seconds: (performance.now() - t) / 1000 };
}

const report = { machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, load: os.loadavg() }, csv: args.csv };

// Loading the CSV through each module.
const quiverDb = path.resolve(args.work, 'quiver.db');
const kuzuDb = path.resolve(args.work, 'kuzu.db');
fs.rmSync(quiverDb, { recursive: true, force: true });
fs.rmSync(kuzuDb, { recursive: true, force: true });
let t = performance.now();
await quiver.importCsv(quiverDb, { nodes: { V: nodesCsv }, relationships: { E: edgesCsv } });
report.load = { quiver_s: (performance.now() - t) / 1000 };
t = performance.now();
{
  const db = new kuzu.Database(kuzuDb);
  const conn = new kuzu.Connection(db);
  await conn.query('CREATE NODE TABLE V(id INT64, label STRING, PRIMARY KEY(id))');
  await conn.query('CREATE REL TABLE E(FROM V TO V, type STRING)');
  await conn.query(`COPY V FROM '${nodesCsv}' (HEADER=true)`);
  await conn.query(`COPY E FROM '${edgesCsv}' (HEADER=true)`);
  await conn.close?.();
  await db.close?.();
}
report.load.kuzu_s = (performance.now() - t) / 1000;
console.log(`load: Quiver ${report.load.quiver_s.toFixed(2)} s, Kuzu ${report.load.kuzu_s.toFixed(2)} s`);

const oneHopIds = await sources(1000);
const twoHopIds = oneHopIds.slice(0, 100);
for (const [name, open, param] of [
  ['quiver', () => { const db = new quiver.Database(quiverDb, { readOnly: true }); return [db, new quiver.Connection(db)]; },
    (id) => id],
  ['kuzu', () => { const db = new kuzu.Database(kuzuDb, undefined, undefined, true); return [db, new kuzu.Connection(db)]; },
    (id) => id],
]) {
  const [db, conn] = open();
  await points(conn, ONE_HOP, oneHopIds.slice(0, 20), param);  // warm-up
  const one = await points(conn, ONE_HOP, oneHopIds, param);
  const two = await points(conn, TWO_HOP, twoHopIds, param);
  const big = await bigResult(conn);
  report[name] = { one_hop: one, two_hop: two, rows: big };
  console.log(`${name}: 1-hop p50 ${one.p50_us.toFixed(1)} us (mean ${one.mean_us.toFixed(1)}), 2-hop p50 ` +
    `${two.p50_us.toFixed(0)} us, 1 M rows in ${big.seconds.toFixed(2)} s (${big.rows} rows)`);
  await conn.close?.();
  await db.close?.();
}
for (const q of ['one_hop', 'two_hop']) {
  if (report.quiver[q].checksum !== report.kuzu[q].checksum) console.log(`ANSWERS DIFFER for ${q}`);
}
console.log(`Quiver/Kuzu: 1-hop mean ${(report.quiver.one_hop.mean_us / report.kuzu.one_hop.mean_us).toFixed(3)}, ` +
  `2-hop mean ${(report.quiver.two_hop.mean_us / report.kuzu.two_hop.mean_us).toFixed(3)}, ` +
  `1 M rows ${(report.quiver.rows.seconds / report.kuzu.rows.seconds).toFixed(3)}, ` +
  `load ${(report.load.quiver_s / report.load.kuzu_s).toFixed(3)}`);
if (args.out) fs.writeFileSync(args.out, JSON.stringify(report, null, 2));
