// Starting and stopping `quiver serve --http` for the web view's tests: a database of
// the test's own (the example social graph, imported by `quiver import`), free ports for
// Bolt and HTTP (port 0, read back from the server's stdout), the log kept for a failing
// test to print, and requests to the HTTP endpoint as a client sends them.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnServe } from '../test_util/quiver_serve.mjs';

export { selfSignedCertificate } from '../test_util/quiver_serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, '../..');
export const QUIVER = process.env.QUIVER_BIN || path.join(ROOT, 'build/release/quiver');

export function tempDir(name) {
  const base = process.env.QUIVER_TEST_TMPDIR || os.tmpdir();
  fs.mkdirSync(base, { recursive: true });
  return fs.mkdtempSync(path.join(base, `web-${name}-`));
}

// A fresh copy of examples/data/social as a database: 30 people, 6 companies, 5 cities.
export function socialDatabase(name) {
  const db = path.join(tempDir(name), 'social.db');
  const data = path.join(ROOT, 'examples/data/social');
  const args = ['import', db, '--quiet'];
  for (const f of ['people', 'companies', 'cities']) args.push('--nodes', path.join(data, `${f}.csv`));
  for (const f of ['knows', 'works_at', 'lives_in', 'located_in']) args.push('--relationships', path.join(data, `${f}.csv`));
  execFileSync(QUIVER, args, { stdio: 'ignore' });
  return db;
}

// Starts `quiver serve DB --http` on loopback. `auth`: "user:password", or null for
// --no-auth (unless extraArgs give an --auth-file). Resolves once both listeners are up.
export async function startServer(db, extraArgs = [], { auth = null } = {}) {
  const args = ['serve', db, '--listen', '127.0.0.1:0', '--http', '127.0.0.1:0', ...extraArgs];
  if (auth) args.push('--auth', auth);
  else if (!extraArgs.includes('--auth-file')) args.push('--no-auth');
  if (process.env.QUIVER_WEB_ROOT) args.push('--http-root', process.env.QUIVER_WEB_ROOT);
  const server = await spawnServe(QUIVER, args, /web view on https?:\/\/[^\s]+:(\d+)\//);
  const scheme = extraArgs.includes('--tls-cert') ? 'https' : 'http';
  return { ...server, base: `${scheme}://localhost:${server.port}` };
}

export function basic(user, password) {
  return 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
}

// A request to the endpoint; `body` an object (sent as JSON) or a string (sent as is).
export async function request(server, method, urlPath, body, headers = {}) {
  const init = { method, headers: { 'Content-Type': 'application/json', ...headers } };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await fetch(urlPath.startsWith('http') ? urlPath : server.base + urlPath, init);
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: the test looks at text
  }
  return { status: response.status, headers: response.headers, text, json };
}

// One statement in an auto-commit request, rows and graph: its result ({columns, data,
// errors}); an error throws unless allowErrors. What the page's answers are checked
// against.
export async function query(server, statement, parameters = {}, { allowErrors = false, headers = {} } = {}) {
  const body = { statements: [{ statement, parameters, resultDataContents: ['row', 'graph'] }] };
  const { json } = await request(server, 'POST', '/db/neo4j/tx/commit', body, headers);
  if (json.errors.length && !allowErrors) throw new Error(`${statement}: ${json.errors[0].code}: ${json.errors[0].message}`);
  return { ...(json.results[0] || { columns: [], data: [] }), errors: json.errors };
}

// Nodes per label and relationships per type in an import's CSV files (those with an
// :ID column hold nodes, with :TYPE relationships): what the schema panel must show.
export function csvCounts(dir) {
  const labels = {};
  const types = {};
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.csv'))) {
    const [header, ...rows] = fs.readFileSync(path.join(dir, file), 'utf8').split('\n').filter((l) => l.trim());
    const columns = header.split(',');
    const label = columns.indexOf(':LABEL');
    const type = columns.indexOf(':TYPE');
    for (const row of rows) {
      const fields = row.split(',');  // the example data quotes nothing
      if (label >= 0) for (const l of fields[label].split(';')) labels[l] = (labels[l] || 0) + 1;
      if (type >= 0) types[fields[type]] = (types[fields[type]] || 0) + 1;
    }
  }
  return { labels, types };
}

// Runs statements in one auto-commit request; `statements` strings or statement objects.
export function commit(server, statements, headers = {}) {
  const list = statements.map((s) => (typeof s === 'string' ? { statement: s } : s));
  return request(server, 'POST', '/db/neo4j/tx/commit', { statements: list }, headers);
}
