// Errors (docs/node.md, "Errors"): every class the engine raises reaches JavaScript as
// a quiver.QuiverError of its subclass with class, detail, phase and message; closed
// objects throw instead of crashing, in whatever order they are closed or collected.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';

import { MODULE_DIR, open, quiver, rows, tempDir } from './helpers.mjs';

const { errors, QuiverError } = quiver;

test('every error class the engine raises', async (t) => {
  const { conn } = await open(t);
  const cases = [
    ['RETURN (', errors.SyntaxError, 'SyntaxError', 'UnexpectedSyntax', 'compile time'],
    ['RETURN x', errors.SyntaxError, 'SyntaxError', 'UndefinedVariable', 'compile time'],
    ['OPTIONAL MATCH (a:Nope) CREATE (a)-[:R]->(b)', errors.SemanticError, 'SemanticError', 'CreateRelationshipWithNullNode', 'runtime'],
    ['UNWIND [1] AS x RETURN x.prop', errors.TypeError, 'TypeError', 'InvalidArgumentType', 'runtime'],
    ["RETURN date('nope')", errors.ArgumentError, 'ArgumentError', 'InvalidArgumentValue', 'runtime'],
    ['RETURN 1 / 0', errors.ArithmeticError, 'ArithmeticError', 'DivisionByZero', 'runtime'],
    ['CREATE (a)-[:R]->(b) WITH a DELETE a', errors.ConstraintVerificationFailed, 'ConstraintVerificationFailed', 'DeleteConnectedNode', 'runtime'],
    ['CREATE (a {p: 1}) WITH a DELETE a RETURN a.p', errors.EntityNotFound, 'EntityNotFound', 'DeletedEntityAccess', 'runtime'],
    ['CALL no.such.proc()', errors.ProcedureError, 'ProcedureError', 'ProcedureNotFound', 'compile time'],
    ['RETURN $missing', errors.ParameterMissing, 'ParameterMissing', 'MissingParameter', 'compile time'],
  ];
  for (const [statement, cls, errorClass, detail, phase] of cases) {
    const error = await conn.query(statement).then(() => null, (e) => e);
    assert.ok(error instanceof cls, `${statement}: ${error}`);
    assert.ok(error instanceof QuiverError);
    assert.ok(error instanceof Error);
    assert.deepEqual([error.errorClass, error.detail, error.phase], [errorClass, detail, phase], statement);
    assert.equal(error.name, cls.name);
    assert.ok(error.message.length > 0 && !error.message.startsWith(errorClass));
    assert.match(error.stack, new RegExp(`^${cls.name}: `));
  }

  conn.setQueryMemoryLimit(1 << 20);
  await assert.rejects(conn.query('UNWIND range(1, 2000000) AS i RETURN collect(i)'),
    (e) => e instanceof errors.ResourceExhaustedError && e.errorClass === 'ResourceExhausted' && e.detail === 'MemoryLimitExceeded');
  conn.setQueryMemoryLimit(0);
  assert.equal((await rows(conn, 'UNWIND range(1, 2000000) AS i RETURN size(collect(i)) AS n'))[0].n, 2000000);

  await assert.rejects(conn.commit(), (e) => e instanceof errors.ClientError && e.detail === 'NoTransaction');

  const missing = new quiver.Database(path.join(tempDir('missing'), 'none'), { createIfMissing: false });
  await assert.rejects(missing.init(), (e) => e instanceof errors.StorageError && e.detail === 'NotFound');
  await assert.rejects(new quiver.Connection(missing).query('RETURN 1'), errors.StorageError);
  // QueryInterrupted: concurrency.test.mjs.
});

test('options are checked when the database is made', () => {
  assert.throws(() => new quiver.Database(':memory:', { durability: 'sometimes' }), TypeError);
  assert.throws(() => new quiver.Database(':memory:', { memoryBudget: -1 }), RangeError);
  assert.throws(() => new quiver.Database(':memory:', { workers: 1.5 }), RangeError);
  assert.throws(() => new quiver.Database(''), TypeError);
  assert.throws(() => new quiver.Database(42), TypeError);
  assert.throws(() => new quiver.Connection({}), TypeError);
});

test('closed objects throw a ClientError', async (t) => {
  const { db, conn } = await open(t);
  const result = await conn.query('UNWIND range(1, 10000) AS i RETURN i');
  const statement = await conn.prepare('RETURN $x AS x', { x: 1 });
  await conn.close();
  await conn.close();  // twice is fine
  await assert.rejects(conn.query('RETURN 1'), { name: 'ClientError', detail: 'ConnectionClosed' });
  assert.throws(() => conn.interrupt(), { name: 'ClientError', detail: 'ConnectionClosed' });
  assert.throws(() => conn.setQueryTimeout(10), { name: 'ClientError' });
  // The result and the statement went with their connection.
  await assert.rejects(result.getNext(), { name: 'ClientError', detail: 'ConnectionClosed' });
  await assert.rejects(result.getSummary(), { name: 'ClientError' });
  result.close();
  await assert.rejects(result.getAll(), { name: 'ClientError', detail: 'ResultClosed' });
  await assert.rejects(conn.execute(statement, { x: 2 }), { name: 'ClientError', detail: 'ConnectionClosed' });

  const live = new quiver.Connection(db);
  const streaming = await live.query('UNWIND range(1, 10000) AS i RETURN i');
  await db.close();  // closes `live` and `streaming` too
  await assert.rejects(live.query('RETURN 1'), { name: 'ClientError', detail: 'ConnectionClosed' });
  await assert.rejects(streaming.getNext(), { name: 'ClientError', detail: 'ConnectionClosed' });
  assert.throws(() => new quiver.Connection(db), { name: 'ClientError', detail: 'DatabaseClosed' });
  await assert.rejects(db.refresh(), { name: 'ClientError', detail: 'DatabaseClosed' });
  await db.close();
});

test('objects collected or closed in any order never crash the process', () => {
  // In a process of its own, with the garbage collector at hand.
  const script = `
    const quiver = require(${JSON.stringify(path.resolve(MODULE_DIR))});
    const dir = ${JSON.stringify(tempDir('gc'))};
    async function scenario(order) {
      let db = new quiver.Database(order % 2 ? ':memory:' : dir + '/db' + order);
      let conn = new quiver.Connection(db);
      let result = await conn.query('UNWIND range(1, 100000) AS i RETURN i');
      let statement = await conn.prepare('RETURN 1 AS one');
      await conn.begin();
      await conn.query('CREATE (:X)');
      await result.getNext();
      if (order === 0) { db = null; conn = null; result = null; statement = null; }
      if (order === 1) { result = null; statement = null; conn = null; db = null; }
      if (order === 2) { await db.close(); conn = null; result = null; }
      if (order === 3) { conn.close(); db.close(); db = null; conn = null; result = null; statement = null; }
      if (order === 4) { db.close(); conn.close(); result.close(); statement.close(); }
      if (order === 5) { conn = null; db = null; }  // the result and statement keep them
      for (let i = 0; i < 3; i++) { global.gc(); await new Promise((r) => setTimeout(r, 10)); }
      if (order === 5) { await result.getAll(); result = null; statement = null; global.gc(); }
    }
    (async () => {
      for (let order = 0; order < 6; order++) await scenario(order);
      for (let i = 0; i < 3; i++) { global.gc(); await new Promise((r) => setTimeout(r, 10)); }
      console.log('survived');
    })();`;
  const run = spawnSync(process.execPath, ['--expose-gc', '-e', script], { encoding: 'utf8', timeout: 60000 });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /survived/);
});
