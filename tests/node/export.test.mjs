// quiver.exportDatabase and quiver.importExported (docs/node.md, "Export"): a snapshot
// written beside an open connection, read back as the same graph; misuse rejects.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { quiver, rows, tempDir } from './helpers.mjs';

test('exportDatabase writes a snapshot that importExported reads back', async () => {
  const dir = tempDir('export');
  const source = path.join(dir, 'db');
  const database = new quiver.Database(source);
  const conn = new quiver.Connection(database);
  await conn.query("CREATE (:City {name: 'Oslo', founded: date('1048-01-01')})<-[:LIVES_IN {since: 2001}]-(:Person {name: 'Ann', tags: ['a', 'b']})");
  const summary = await quiver.exportDatabase(source, path.join(dir, 'out'), { threads: 2 });
  assert.deepEqual([summary.nodes, summary.relationships], [2, 1]);
  assert.equal(summary.files.at(-1), 'export.json');
  const imported = await quiver.importExported(path.join(dir, 'copy'), path.join(dir, 'out'));
  assert.deepEqual([imported.nodes, imported.relationships, imported.badRows], [2, 1, 0]);
  const copy = new quiver.Connection(new quiver.Database(path.join(dir, 'copy')));
  const query = 'MATCH (p)-[l]->(c) RETURN p.name AS p, p.tags AS tags, l.since AS since, c.name AS c, toString(c.founded) AS f';
  assert.deepEqual(await rows(copy, query), await rows(conn, query));

  const jsonl = await quiver.exportDatabase(source, path.join(dir, 'jsonl'), { format: 'jsonl' });
  const lines = fs.readFileSync(path.join(dir, 'jsonl', 'graph.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(lines.length, jsonl.nodes + jsonl.relationships);
});

test('exportDatabase rejects a bad format and an occupied directory', async () => {
  const dir = tempDir('export-errors');
  const source = path.join(dir, 'db');
  await new quiver.Connection(new quiver.Database(source)).query('CREATE (:X)');
  await assert.rejects(quiver.exportDatabase(source, path.join(dir, 'x'), { format: 'xml' }), /unknown export format 'xml'/);
  fs.mkdirSync(path.join(dir, 'full'));
  fs.writeFileSync(path.join(dir, 'full', 'f'), 'x');
  await assert.rejects(quiver.exportDatabase(source, path.join(dir, 'full')), /exists and is not empty/);
  await assert.rejects(quiver.importExported(path.join(dir, 'n'), path.join(dir, 'full')), /holds no export.json/);
});
