// quiver.importCsv (docs/node.md, "Bulk import"): CSV files into a new database, off the
// JavaScript thread; bad rows fail it (naming file:line) or are skipped and reported.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { quiver, rows, tempDir } from './helpers.mjs';

function files(dir, contents) {
  const paths = {};
  for (const [name, text] of Object.entries(contents)) {
    paths[name] = path.join(dir, name);
    fs.writeFileSync(paths[name], text);
  }
  return paths;
}

test('importCsv builds a database from node and relationship files', async () => {
  const dir = tempDir('import');
  const csv = files(dir, {
    'people.csv': 'id:ID,name,age:int\n1,Ann,30\n2,Bob,40\n',
    'more-people.csv': '3,Cy,50\n',
    'cities.csv': 'id:ID(City),name\nc1,Oslo\n',
    'knows.csv': ':START_ID,:END_ID,since:int\n1,2,2001\n2,3,2002\n',
    'lives.csv': ':START_ID,:END_ID(City)\n1,c1\n',
  });
  const db = path.join(dir, 'db');
  const summary = await quiver.importCsv(db, {
    nodes: { 'Person:Human': [csv['people.csv'], csv['more-people.csv']], City: csv['cities.csv'] },
    relationships: { KNOWS: csv['knows.csv'], LIVES_IN: csv['lives.csv'] },
    threads: 2,
  });
  assert.deepEqual([summary.nodes, summary.relationships, summary.badRows], [4, 3, 0]);
  assert.ok(summary.generation >= 1 && summary.seconds >= 0);

  const database = new quiver.Database(db);
  const conn = new quiver.Connection(database);
  assert.deepEqual(await rows(conn, 'MATCH (p:Human)-[k:KNOWS]->(q:Person) RETURN p.name AS p, q.name AS q, k.since AS since ORDER BY since'),
    [{ p: 'Ann', q: 'Bob', since: 2001 }, { p: 'Bob', q: 'Cy', since: 2002 }]);
  assert.deepEqual(await rows(conn, 'MATCH (p)-[:LIVES_IN]->(c:City) RETURN p.age AS age, c.name AS city'), [{ age: 30, city: 'Oslo' }]);
  await database.close();

  // A database that holds a graph takes another only with replace.
  await assert.rejects(quiver.importCsv(db, { nodes: { Person: csv['people.csv'] } }), { name: 'ArgumentError' });
  const replaced = await quiver.importCsv(db, { nodes: { Person: csv['people.csv'] }, replace: true });
  assert.equal(replaced.nodes, 2);
  // Or with incremental, adds to it: the totals after the import.
  const added = await quiver.importCsv(db, { nodes: { Person: csv['cities.csv'] }, incremental: true });
  assert.equal(added.nodes, 3);
});

test('bad rows fail the import, naming the file and line, or are skipped and reported', async () => {
  const dir = tempDir('import-bad');
  const csv = files(dir, { 'people.csv': 'id:ID,age:int\n1,30\n2,forty\n3,50\n' });
  const db = path.join(dir, 'db');
  await assert.rejects(quiver.importCsv(db, { nodes: { Person: csv['people.csv'] } }),
    (e) => e instanceof quiver.errors.ArgumentError && e.detail === 'InvalidInput' && /people\.csv:3/.test(e.message));
  const report = path.join(dir, 'bad.txt');
  const summary = await quiver.importCsv(db, { nodes: { Person: csv['people.csv'] }, skipBadRows: true, reportPath: report });
  assert.deepEqual([summary.nodes, summary.badRows], [2, 1]);
  assert.match(fs.readFileSync(report, 'utf8'), /people\.csv:3/);
  await assert.rejects(quiver.importCsv(db, { nodes: { Person: [] } }), TypeError);
  await assert.rejects(quiver.importCsv(db, {}), { name: 'ArgumentError' });
});
