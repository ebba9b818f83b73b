// Threads (docs/node.md, "Threads, interruption and timeouts"): statements run off the
// JavaScript thread — the event loop keeps turning — one at a time per connection and
// in parallel across connections; interrupt() and timeouts stop them; a read-only
// process reads while this one writes.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { test } from 'node:test';

import { ENDLESS, MODULE_DIR, open, quiver, rows, sleep, tempDir } from './helpers.mjs';

// Settles to 'pending' while `promise` has not settled.
const state = (promise) => Promise.race([promise.then(() => 'resolved', () => 'rejected'), sleep(0).then(() => 'pending')]);

test('interrupt() stops a running statement while the event loop keeps turning', async (t) => {
  const { conn } = await open(t, { workers: 1 });
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 10);
  const started = Date.now();
  const running = conn.query(ENDLESS);
  await sleep(300);
  assert.equal(await state(running), 'pending');
  conn.interrupt();
  const error = await running.then(() => null, (e) => e);
  const stoppedAfter = Date.now() - started;
  clearInterval(ticker);
  assert.ok(error instanceof quiver.errors.QueryInterrupted, String(error));
  assert.deepEqual([error.errorClass, error.detail], ['Interrupted', 'Cancelled']);
  t.diagnostic(`stopped ${stoppedAfter} ms after it started; the 10 ms timer ticked ${ticks} times meanwhile`);
  assert.ok(ticks >= 10, `the event loop ticked only ${ticks} times in ${stoppedAfter} ms`);
  assert.ok(stoppedAfter < 5000);
  assert.deepEqual(await rows(conn, 'RETURN 1 AS one'), [{ one: 1 }]);  // the connection goes on
});

test('interrupt() stops a streaming result, and fails an open transaction', async (t) => {
  const { conn } = await open(t);
  const result = await conn.query('UNWIND range(1, 100000) AS a UNWIND range(1, 100000) AS b RETURN a, b');
  await result.getNext();
  conn.interrupt();
  await assert.rejects(result.getAll(), { name: 'QueryInterrupted', detail: 'Cancelled' });

  await conn.begin();
  const running = conn.query(ENDLESS);
  await sleep(100);
  conn.interrupt();
  await assert.rejects(running, { name: 'QueryInterrupted' });
  await assert.rejects(conn.query('RETURN 1'), { name: 'ClientError', detail: 'TransactionFailed' });
  await conn.rollback();
});

test('setQueryTimeout ends statements that run too long', async (t) => {
  const { conn } = await open(t);
  conn.setQueryTimeout(200);
  const started = Date.now();
  await assert.rejects(conn.query(ENDLESS), (e) =>
    e instanceof quiver.errors.QueryInterrupted && e.detail === 'Timeout' && /200 ms/.test(e.message));
  const took = Date.now() - started;
  assert.ok(took >= 190 && took < 5000, `took ${took} ms`);
  assert.deepEqual(await rows(conn, 'RETURN 2 AS two'), [{ two: 2 }]);
  conn.setQueryTimeout(0);
  const slow = conn.query(ENDLESS);
  await sleep(400);
  assert.equal(await state(slow), 'pending');
  conn.interrupt();
  await assert.rejects(slow, { name: 'QueryInterrupted', detail: 'Cancelled' });
});

test('two connections run statements at the same time', async (t) => {
  const { db, conn } = await open(t, { workers: 1 });
  const other = new quiver.Connection(db);
  await other.init();
  const long = conn.query(ENDLESS);
  await sleep(100);
  // While the first connection's statement runs, the second's start and finish.
  for (let i = 0; i < 5; i++) {
    assert.deepEqual(await rows(other, 'UNWIND range(1, 100000) AS i RETURN sum(i) AS s'), [{ s: 5000050000 }]);
    assert.equal(await state(long), 'pending', 'the long statement ended before the short ones');
  }
  // Both long at once: each started, neither waits for the other.
  const second = other.query(ENDLESS);
  await sleep(200);
  assert.deepEqual([await state(long), await state(second)], ['pending', 'pending']);
  conn.interrupt();
  other.interrupt();
  await assert.rejects(long, { name: 'QueryInterrupted' });
  await assert.rejects(second, { name: 'QueryInterrupted' });
});

test('calls on one connection queue up and run in the order they were made', async (t) => {
  const { conn } = await open(t);
  const long = conn.query(ENDLESS);
  const after = conn.query('RETURN 1 AS one');
  await sleep(200);
  assert.equal(await state(after), 'pending');  // behind the long statement
  conn.interrupt();
  await assert.rejects(long, { name: 'QueryInterrupted' });
  assert.deepEqual(await (await after).getAll(), [{ one: 1 }]);  // statements queued later run normally

  const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => rows(conn, 'CREATE (n:Q {i: $i}) RETURN n.i AS i', { i })));
  assert.deepEqual(answers.map(([row]) => row.i), Array.from({ length: 100 }, (_, i) => i));
  const order = await rows(conn, 'MATCH (n:Q) RETURN n.i AS i ORDER BY id(n)');
  assert.deepEqual(order.map((row) => row.i), Array.from({ length: 100 }, (_, i) => i));
});

test('a read-only process reads while this one writes, and refreshes to see new commits', async (t) => {
  const dir = path.join(tempDir('readers'), 'db');
  const { conn } = await open(t, { path: dir });
  await rows(conn, 'UNWIND range(1, 10) AS i CREATE (:R {i: i})');

  // The reader: counts on every line it reads ('refresh' first refreshes), and tries to write once.
  const script = `
    const quiver = require(${JSON.stringify(path.resolve(MODULE_DIR))});
    const db = new quiver.Database(${JSON.stringify(dir)}, { readOnly: true });
    const conn = new quiver.Connection(db);
    const count = async () => (await (await conn.query('MATCH (n:R) RETURN count(n) AS n')).getAll())[0].n;
    const say = (line) => process.stdout.write(line + '\\n');
    (async () => {
      say('count ' + await count());
      try { await conn.query('CREATE (:R)'); say('wrote'); } catch (e) { say('write refused ' + e.errorClass); }
      for await (const line of require('node:readline').createInterface({ input: process.stdin })) {
        if (line === 'refresh') await db.refresh();
        say('count ' + await count());
      }
      await db.close();
    })().catch((e) => { say('failed ' + e.stack); process.exit(1); });`;
  const reader = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: reader.stdout })[Symbol.asyncIterator]();
  const next = async () => (await lines.next()).value;
  const exited = new Promise((resolve) => reader.on('exit', resolve));

  assert.equal(await next(), 'count 10');
  assert.match(await next(), /^write refused (ClientError|StorageError)$/);
  await rows(conn, 'UNWIND range(1, 5) AS i CREATE (:R {i: i})');  // committed here
  reader.stdin.write('\n');
  assert.equal(await next(), 'count 10');  // its snapshot, until it refreshes
  reader.stdin.write('refresh\n');
  assert.equal(await next(), 'count 15');
  await conn.begin();
  await rows(conn, 'CREATE (:R)');
  reader.stdin.write('refresh\n');
  assert.equal(await next(), 'count 15');  // not committed yet
  await conn.commit();
  reader.stdin.write('refresh\n');
  assert.equal(await next(), 'count 16');
  reader.stdin.end();
  assert.equal(await exited, 0);
});

test('closing the database while a connection waits for the writer another holds', async (t) => {
  const dir = path.join(tempDir('close-waiting'), 'db');
  const db = new quiver.Database(dir);
  const waiting = new quiver.Connection(db);  // first: the database closes it first
  const holder = new quiver.Connection(db);
  await waiting.init();
  await holder.begin();
  await holder.query('CREATE (:W {by: "holder"})');
  const blocked = waiting.query('CREATE (:W {by: "waiting"})');  // waits for holder's transaction
  await sleep(100);
  assert.equal(await state(blocked), 'pending');
  // Every connection's close is queued before any is waited for: holder's rolls back its
  // transaction, so the blocked write goes through; then its connection closes too.
  await db.close();
  await blocked;
  const { conn } = await open(t, { path: dir });
  assert.deepEqual(await rows(conn, 'MATCH (w:W) RETURN w.by AS writer'), [{ writer: 'waiting' }]);
});
