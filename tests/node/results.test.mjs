// Results (docs/node.md, "Results"): reading row by row, in batches from the engine,
// all at once or by async iteration; summaries; a million rows streamed in bounded
// memory; prepared statements.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { open, quiver, rows } from './helpers.mjs';

test('getNext, hasNext, getAll and the column names and types', async (t) => {
  const { conn } = await open(t, { path: ':memory:' });
  const typed = await conn.query("RETURN 1 AS i, 'x' AS s, 0.5 AS f, [1] AS l, {a: 1} AS m, true AS b, null AS z");
  assert.deepEqual(typed.getColumnDataTypes(), ['INTEGER', 'STRING', 'FLOAT', 'LIST', 'MAP', 'BOOLEAN', 'NULL']);
  const result = await conn.query('UNWIND range(1, 5000) AS i RETURN i, toString(i) AS s, i * 0.5 AS f');
  assert.deepEqual(result.getColumnNames(), ['i', 's', 'f']);
  assert.equal(result.hasNext(), true);
  assert.deepEqual(await result.getNext(), { i: 1, s: '1', f: 0.5 });
  assert.deepEqual(await result.getNext(), { i: 2, s: '2', f: 1 });
  const rest = await result.getAll();  // what was not read yet, past several batches
  assert.equal(rest.length, 4998);
  assert.deepEqual(rest.at(-1), { i: 5000, s: '5000', f: 2500 });
  assert.equal(result.hasNext(), false);
  assert.equal(await result.getNext(), null);
  const summary = await result.getSummary();
  assert.equal(summary.rows, 5000);
  assert.ok(summary.elapsedMs >= 0);
  assert.equal(summary.containsUpdates, false);
  const empty = await conn.query('UNWIND [] AS x RETURN x');
  assert.equal(empty.hasNext(), false);
  assert.equal(await empty.getNext(), null);
  assert.deepEqual(await empty.getAll(), []);
});

test('concurrent getNext calls on one result hand out the rows in order', async (t) => {
  const { conn } = await open(t);
  const result = await conn.query('UNWIND range(1, 5000) AS i RETURN i');
  const got = await Promise.all(Array.from({ length: 5001 }, () => result.getNext()));
  assert.deepEqual(got.slice(0, 5000).map((row) => row.i), Array.from({ length: 5000 }, (_, k) => k + 1));
  assert.equal(got[5000], null);
});

test('for await reads every row; breaking out closes the result', async (t) => {
  const { conn } = await open(t);
  const result = await conn.query('UNWIND range(1, 10000) AS i RETURN i');
  let sum = 0;
  for await (const row of result) sum += row.i;
  assert.equal(sum, 10000 * 10001 / 2);
  assert.equal((await result.getSummary()).rows, 10000);

  const early = await conn.query('UNWIND range(1, 10000) AS i RETURN i');
  for await (const row of early) if (row.i === 3) break;
  await assert.rejects(early.getNext(), { name: 'ClientError', detail: 'ResultClosed' });
  assert.throws(() => early.hasNext(), quiver.errors.ClientError);
});

test('summaries count what a statement changed', async (t) => {
  const { conn } = await open(t);
  const result = await conn.query("CREATE (a:Person {name: 'Ada', age: 36})-[:KNOWS]->(b:Person {name: 'Bob'}) RETURN a.name AS n");
  assert.deepEqual(await result.getAll(), [{ n: 'Ada' }]);
  const summary = await result.getSummary();
  assert.deepEqual(summary.counters, {
    nodesCreated: 2, nodesDeleted: 0, relationshipsCreated: 1, relationshipsDeleted: 0,
    propertiesSet: 3, labelsAdded: 2, labelsRemoved: 0,
    indexesAdded: 0, indexesRemoved: 0, constraintsAdded: 0, constraintsRemoved: 0,
  });
  const index = await conn.query('CREATE INDEX person_name FOR (n:Person) ON (n.name)');
  assert.equal((await index.getSummary()).counters.indexesAdded, 1);
  assert.equal(summary.containsUpdates, true);
  assert.match(summary.countersText, /created 2 nodes/);
  const removal = await conn.query('MATCH (p:Person) DETACH DELETE p');
  assert.equal((await removal.getSummary()).counters.nodesDeleted, 2);
});

test('summaries carry the warnings about unknown names', async (t) => {
  const { conn } = await open(t, { path: ':memory:' });
  await (await conn.query('CREATE (:Known)')).getAll();
  const summary = await (await conn.query('MATCH (n:Unknown) RETURN n')).getSummary();
  assert.equal(summary.notifications.length, 1);
  assert.equal(summary.notifications[0].code, 'Neo.ClientNotification.Statement.UnknownLabelWarning');
  assert.deepEqual(summary.notifications[0].position, { offset: 9, line: 1, column: 10 });
  assert.deepEqual((await (await conn.query('MATCH (n:Known) RETURN n')).getSummary()).notifications, []);
});

test('EXPLAIN and PROFILE put the plan in the summary; PROFILE yields the rows', async (t) => {
  const { conn } = await open(t, { path: ':memory:' });
  await (await conn.query('UNWIND range(1, 5) AS i CREATE (:P {i: i})')).getAll();
  const explained = await conn.query('EXPLAIN MATCH (p:P) WHERE p.i > 2 RETURN p.i AS i');
  assert.deepEqual(await explained.getAll(), []);
  const plan = (await explained.getSummary()).plan;
  assert.equal(plan.operatorType, 'ProduceResults');
  assert.deepEqual(plan.identifiers, ['i']);
  assert.equal(plan.profiled, false);
  const profiled = await conn.query('PROFILE MATCH (p:P) WHERE p.i > 2 RETURN p.i AS i');
  assert.equal((await profiled.getAll()).length, 3);
  const summary = await profiled.getSummary();
  assert.equal(summary.plan.profiled, true);
  assert.equal(summary.plan.rows, 3);
  assert.match(summary.planText, /^ProduceResults i {2}\[rows=3\]/);
  // Db hits: a node per scanned row, then p.i per filtered and per projected row.
  const hits = (op) => op.dbHits + op.children.reduce((sum, child) => sum + hits(child), 0);
  assert.equal(hits(summary.plan), 5 + 5 + 3);
  assert.equal(plan.dbHits, 0);
  assert.equal((await (await conn.query('RETURN 1')).getSummary()).plan, null);
});

test('a million rows stream through in bounded memory', async (t) => {
  // On disk: a read-only statement there runs lazily, batch by batch (the in-memory
  // database runs every statement to its end).
  const { conn } = await open(t, { workers: 1 });
  const pad = 'x'.repeat(1000);
  const statement = `UNWIND range(1, 1000000) AS i RETURN i, '${pad}' + toString(i) AS s`;
  const before = process.memoryUsage().rss;
  let peak = before;
  let count = 0;
  let last = 0;
  const result = await conn.query(statement);
  for await (const row of result) {
    count++;
    last = row.i;
    if (count % 20000 === 0) peak = Math.max(peak, process.memoryUsage().rss);
  }
  assert.equal(count, 1000000);
  assert.equal(last, 1000000);
  // Materialized, the strings alone are over 950 MiB (the rows' objects and the engine's
  // copies more); streamed, the process holds a few batches and what the GC has not yet
  // collected (60-120 MiB, however long the strings).
  const grown = (peak - before) / 2 ** 20;
  const materializedAtLeast = (1000000 * pad.length) / 2 ** 20;
  t.diagnostic(`resident memory grew by ${grown.toFixed(1)} MiB; materialized, the strings alone are ${materializedAtLeast.toFixed(0)} MiB`);
  assert.ok(grown < materializedAtLeast / 4, `grew by ${grown} MiB`);
});

test('prepared statements run many times with different parameters', async (t) => {
  const { conn } = await open(t);
  await rows(conn, 'UNWIND range(1, 10) AS i CREATE (:V {id: i, sq: i * i})');
  // Prepared without its parameters, a statement is planned at its first execution.
  const unplanned = await conn.prepare('MATCH (v:V {id: $id}) RETURN v.sq AS sq');
  assert.deepEqual(unplanned.getColumnNames(), []);
  assert.deepEqual(await (await conn.execute(unplanned, { id: 2 })).getAll(), [{ sq: 4 }]);
  const byId = await conn.prepare('MATCH (v:V {id: $id}) RETURN v.sq AS sq', { id: 1 });
  assert.deepEqual(byId.getColumnNames(), ['sq']);
  assert.equal(byId.isReadOnly(), true);
  assert.equal(byId.text, 'MATCH (v:V {id: $id}) RETURN v.sq AS sq');
  for (const id of [3, 7, 10]) {
    assert.deepEqual(await (await conn.execute(byId, { id })).getAll(), [{ sq: id * id }]);
  }
  // Another kind of value re-plans transparently.
  assert.deepEqual(await (await conn.execute(byId, { id: 4n })).getAll(), [{ sq: 16 }]);
  assert.deepEqual(await (await conn.execute(byId, { id: 'x' })).getAll(), []);
  const insert = await conn.prepare('CREATE (:V {id: $id})');
  assert.equal(insert.isReadOnly(), false);
  await conn.execute(insert, { id: 11 });
  assert.deepEqual(await rows(conn, 'MATCH (v:V) RETURN count(*) AS n'), [{ n: 11 }]);
  await assert.rejects(conn.execute(byId, {}), { name: 'ParameterMissing' });
  await assert.rejects(conn.prepare('MATCH (v RETURN v'), { name: 'SyntaxError', phase: 'compile time' });

  const other = new quiver.Connection(conn._database);
  await assert.rejects(other.execute(byId, { id: 1 }), { name: 'ClientError', detail: 'ForeignStatement' });
  await assert.rejects(other.execute('RETURN 1'), TypeError);
  byId.close();
  await assert.rejects(conn.execute(byId, { id: 1 }), { name: 'ClientError', detail: 'StatementClosed' });
});
