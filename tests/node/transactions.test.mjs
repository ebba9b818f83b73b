// Transactions (docs/node.md, "Transactions"): begin/commit/rollback as calls and as
// statement text, isolation from another connection, the failed transaction.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { open, quiver, rows } from './helpers.mjs';

const count = async (conn) => (await rows(conn, 'MATCH (n:T) RETURN count(n) AS n'))[0].n;

test('commit makes writes visible to other connections; rollback drops them', async (t) => {
  const { db, conn } = await open(t);
  const other = new quiver.Connection(db);
  await conn.begin();
  await rows(conn, 'CREATE (:T {i: 1}), (:T {i: 2})');
  assert.equal(await count(conn), 2);   // its own writes
  assert.equal(await count(other), 0);  // not yet others'
  await conn.commit();
  assert.equal(await count(other), 2);

  await conn.begin();
  await rows(conn, 'MATCH (n:T) DETACH DELETE n');
  assert.equal(await count(conn), 0);
  await conn.rollback();
  assert.equal(await count(conn), 2);
  assert.equal(await count(other), 2);
});

test('BEGIN, COMMIT and ROLLBACK as statement text', async (t) => {
  const { conn } = await open(t);
  const begun = await conn.query('BEGIN');
  assert.deepEqual(begun.getColumnNames(), []);
  assert.deepEqual(await begun.getAll(), []);
  await conn.query('CREATE (:T)');
  await conn.query('rollback;');
  assert.equal(await count(conn), 0);
  await conn.query('begin transaction');
  await conn.query('CREATE (:T)');
  await conn.query('COMMIT TRANSACTION');
  assert.equal(await count(conn), 1);
  await conn.query('BEGIN TRANSACTION READ ONLY');
  await assert.rejects(conn.query('CREATE (:T)'), { name: 'ClientError', detail: 'ReadOnlyTransaction' });
  await conn.query('ROLLBACK');
  await conn.begin({ readOnly: true });
  assert.equal(await count(conn), 1);
  await conn.commit();
});

test('a failing statement fails its transaction until rollback', async (t) => {
  const { conn } = await open(t);
  await conn.begin();
  await conn.query('CREATE (:T)');
  await assert.rejects(conn.query('RETURN 1 / 0'), { name: 'ArithmeticError', detail: 'DivisionByZero' });
  await assert.rejects(conn.query('RETURN 1'), { name: 'ClientError', detail: 'TransactionFailed' });
  await conn.rollback();
  assert.equal(await count(conn), 0);
  await assert.rejects(conn.commit(), { name: 'ClientError', detail: 'NoTransaction' });
  await conn.begin();
  await assert.rejects(conn.begin(), { name: 'ClientError', detail: 'TransactionActive' });
  await conn.rollback();
});

test('closing a connection rolls back its open transaction', async (t) => {
  const { db, conn } = await open(t);
  await conn.begin();
  await conn.query('CREATE (:T)');
  await conn.close();
  const next = new quiver.Connection(db);
  assert.equal(await count(next), 0);
  await next.query('CREATE (:T)');  // the writer was let go
  assert.equal(await count(next), 1);
});

test('an in-memory transaction begins and ends on the connection thread', async (t) => {
  // The in-memory database holds a lock from BEGIN to COMMIT: the calls must all run on
  // one thread (the connection's), however many event-loop turns lie between them.
  const { db, conn } = await open(t, { path: ':memory:' });
  for (let i = 0; i < 20; i++) {
    await conn.begin();
    await new Promise((resolve) => setImmediate(resolve));
    await conn.query('CREATE (:T)');
    await conn.commit();
  }
  const other = new quiver.Connection(db);
  assert.equal(await count(other), 20);
});
