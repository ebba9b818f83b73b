// What the Node.js module's tests share: the module under test (the package folder the
// build made, $QUIVER_NODE_MODULE), and folders of their own under $QUIVER_TEST_TMPDIR.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export const MODULE_DIR = process.env.QUIVER_NODE_MODULE;
if (!MODULE_DIR) throw new Error('QUIVER_NODE_MODULE must name the built package folder (build/<dir>/node)');

export const quiver = createRequire(import.meta.url)(path.resolve(MODULE_DIR));

export function tempDir(name) {
  const base = path.resolve(process.env.QUIVER_TEST_TMPDIR || os.tmpdir());
  fs.mkdirSync(base, { recursive: true });
  return fs.mkdtempSync(path.join(base, `node-${name}-`));
}

// A database (on disk unless `path` is ':memory:') and a connection to it.
export async function open(t, { path: dbPath, ...options } = {}) {
  const db = new quiver.Database(dbPath ?? path.join(tempDir(t.name.replace(/\W+/g, '-').slice(0, 40)), 'db'), options);
  const conn = new quiver.Connection(db);
  t.after(() => db.close());
  return { db, conn };
}

// The rows of a statement.
export async function rows(conn, statement, params) {
  return (await conn.query(statement, params)).getAll();
}

// The one value of `RETURN $p AS v`.
export async function roundTrip(conn, value) {
  const [row] = await rows(conn, 'RETURN $p AS v', { p: value });
  return row.v;
}

// A statement that runs until it is interrupted (10^10 rows, counted).
export const ENDLESS = 'UNWIND range(1, 100000) AS a UNWIND range(1, 100000) AS b RETURN count(*) AS n';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
