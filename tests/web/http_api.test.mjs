// The HTTP endpoint of `quiver serve --http` with plain requests, as existing HTTP
// clients of Neo4j's transaction endpoint send them (docs/web.md): formats, explicit
// transactions, cancellation, timeouts, limits, authentication, and bad input.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { socialDatabase, startServer, request, commit, basic, tempDir, selfSignedCertificate } from './server.mjs';

const LONG = 'UNWIND range(1, 100000) AS x UNWIND range(1, 100000) AS y RETURN count(*)';

function rows(response, i = 0) {
  assert.deepEqual(response.json.errors, [], JSON.stringify(response.json.errors));
  return response.json.results[i].data.map((d) => d.row);
}

function errorCode(response) {
  assert.ok(response.json, `not JSON: ${response.text}`);
  assert.equal(response.json.errors.length, 1, JSON.stringify(response.json));
  return response.json.errors[0].code;
}

describe('an open server', () => {
  let server;
  before(async () => {
    server = await startServer(socialDatabase('api'), ['--http-tx-timeout', '1s', '--http-max-transactions', '4',
                                                       '--max-message', '64K']);
  });
  after(async () => {
    const { code } = await server.stop();
    assert.equal(code, 0, server.log());
  });

  test('the discovery document names the endpoint and the database', async () => {
    const r = await request(server, 'GET', '/', undefined, { Accept: 'application/json' });
    assert.equal(r.status, 200);
    assert.equal(r.json.transaction, `${server.base}/db/{databaseName}/tx`);
    assert.match(r.json.bolt_direct, /^bolt:\/\/[\w.]+:\d+$/);
    assert.equal(r.json.quiver.database, 'neo4j');
    assert.equal(r.json.quiver.auth_required, false);
    assert.equal(r.json.quiver.transaction_timeout_seconds, 1);
  });

  test('EXPLAIN and PROFILE: the plan in a result\'s plan.root, as Neo4j\'s API; PROFILE\'s rows too', async () => {
    const query = 'MATCH (p:Person) WHERE p.name STARTS WITH "A" RETURN p.name AS name';
    const r = await commit(server, [{ statement: `EXPLAIN ${query}` }, { statement: `PROFILE ${query}` }, { statement: query }]);
    assert.equal(r.status, 200);
    assert.deepEqual(r.json.errors, []);
    const [explained, profiled, plain] = r.json.results;
    assert.deepEqual(explained.columns, ['name']);
    assert.deepEqual(explained.data, []);
    const root = explained.plan.root;
    assert.equal(root.operatorType, 'ProduceResults');
    assert.equal(root.Details, 'name');
    assert.deepEqual(root.identifiers, ['name']);
    assert.equal(root.Rows, undefined, 'EXPLAIN counts nothing');
    assert.equal(root.DbHits, undefined, 'EXPLAIN reads nothing');
    const find = (op, type) => (op.operatorType === type ? op : op.children.map((c) => find(c, type)).find(Boolean));
    assert.equal(find(root, 'NodeScan').Details, '(p:Person)');
    assert.deepEqual(find(root, 'NodeScan').identifiers, ['p']);

    assert.ok(profiled.data.length > 0);
    assert.ok(profiled.data.every((d) => d.row[0].startsWith('A')));
    const top = profiled.plan.root;
    assert.equal(top.Rows, profiled.data.length);
    assert.ok(top.Time >= 0);
    assert.equal(find(top, 'Filter').Rows, profiled.data.length);
    assert.ok(find(top, 'NodeScan').Rows >= profiled.data.length);
    // Db hits: a node per scanned row, a property read per row the filter tests.
    assert.equal(find(top, 'NodeScan').DbHits, find(top, 'NodeScan').Rows);
    assert.ok(find(top, 'Filter').DbHits >= find(top, 'NodeScan').Rows);
    assert.equal(plain.plan, undefined);
  });

  test('a name the database has never seen is a notification at the top level', async () => {
    const r = await commit(server, [
      { statement: 'MATCH (p:Persn) RETURN p' },
      { statement: 'EXPLAIN MATCH (a:Person)-[:KNOWZ]->(b) RETURN b.nme' },
    ]);
    assert.equal(r.status, 200);
    assert.deepEqual(r.json.errors, []);
    const codes = r.json.notifications.map((n) => n.code);
    assert.deepEqual(codes, ['Neo.ClientNotification.Statement.UnknownLabelWarning',
                             'Neo.ClientNotification.Statement.UnknownRelationshipTypeWarning',
                             'Neo.ClientNotification.Statement.UnknownPropertyKeyWarning']);
    const [label] = r.json.notifications;
    assert.equal(label.severity, 'WARNING');
    assert.equal(label.title, 'The provided label is not in the database.');
    assert.match(label.description, /the missing label name is: Persn\)$/);
    assert.deepEqual(label.position, { offset: 9, line: 1, column: 10 });
    const clean = await commit(server, [{ statement: 'MATCH (p:Person) RETURN count(p)' }]);
    assert.equal(clean.json.notifications, undefined);
  });

  test('a browser gets the page; its files come from the server', async () => {
    const page = await request(server, 'GET', '/', undefined, { Accept: 'text/html' });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type'), /^text\/html/);
    assert.match(page.text, /<html|<!doctype/i);
    const missing = await request(server, 'GET', '/no-such-file.js');
    assert.equal(missing.status, 404);
    assert.equal(errorCode(missing), 'Neo.ClientError.Request.Invalid');
  });

  test('rows, meta and the graph of a result', async () => {
    const r = await commit(server, [{
      statement: "MATCH (a:Person {id: 'alice'})-[k:KNOWS]->(b) RETURN a, k, b, [a, b] AS both ORDER BY b.name LIMIT 1",
      resultDataContents: ['row', 'graph'],
    }]);
    assert.equal(r.status, 200);
    const result = r.json.results[0];
    assert.deepEqual(result.columns, ['a', 'k', 'b', 'both']);
    const [a, k, b, both] = result.data[0].row;
    assert.equal(a.name, 'Alice Smith');
    assert.equal(typeof k.since, 'number');
    assert.equal(both.length, 2);
    const meta = result.data[0].meta;
    assert.equal(meta[0].type, 'node');
    assert.equal(meta[1].type, 'relationship');
    assert.equal(meta[0].deleted, false);
    assert.equal(meta[0].elementId, String(meta[0].id));
    assert.deepEqual(meta[3].map((m) => m.id), [meta[0].id, meta[2].id]);
    const graph = result.data[0].graph;
    assert.equal(graph.nodes.length, 2, 'a node returned twice is drawn once');
    assert.equal(graph.relationships.length, 1);
    const rel = graph.relationships[0];
    assert.equal(rel.type, 'KNOWS');
    assert.equal(rel.startNode, String(meta[0].id));
    assert.equal(rel.endNode, String(meta[2].id));
    assert.ok(graph.nodes.find((n) => n.id === rel.startNode).labels.includes('Person'));
    assert.equal(r.json.lastBookmarks.length, 1);
  });

  test('graph only, and paths', async () => {
    const r = await commit(server, [{
      statement: "MATCH p = (:Person {id: 'alice'})-[:KNOWS]->()-[:KNOWS]->() RETURN p LIMIT 1",
      resultDataContents: ['graph'],
    }]);
    const d = r.json.results[0].data[0];
    assert.equal(d.row, undefined);
    assert.equal(d.graph.nodes.length, 3);
    assert.equal(d.graph.relationships.length, 2);
    const row = rows(await commit(server, [
      "MATCH p = (:Person {id: 'alice'})-[:KNOWS]->() RETURN p LIMIT 1"]))[0];
    assert.equal(row[0].length, 3, 'a path in row format alternates nodes and relationships');
  });

  test('values: temporal as ISO text with their type in meta, NaN and infinities as text', async () => {
    const r = await commit(server, ["RETURN date('2024-02-29') AS d, duration('P1DT2H') AS u, " +
      "datetime('2024-01-02T03:04:05.5+01:00') AS t, 0.0 / 0.0 AS nan, -1.0 / 0.0 AS ninf, 1.5 AS f, " +
      "9007199254740993 AS big, null AS n, 'null' AS s"]);
    assert.deepEqual(rows(r)[0], ['2024-02-29', 'P1DT2H', '2024-01-02T03:04:05.5+01:00', 'NaN', '-Infinity',
      1.5, 9007199254740993, null, 'null']);
    assert.ok(r.text.includes('9007199254740993'), 'an INTEGER past 2^53 keeps every digit in the text');
    const meta = r.json.results[0].data[0].meta;
    assert.deepEqual(meta.slice(0, 3), [{ type: 'date' }, { type: 'duration' }, { type: 'datetime' }]);
    assert.equal(meta[3], null);
  });

  test('parameters of every JSON type', async () => {
    const r = await commit(server, [{
      statement: 'RETURN $i AS i, $f AS f, $s AS s, $b AS b, $l AS l, $m.k AS mk, $n IS NULL AS n, ' +
                 'toString($i) AS ti, toString($f) AS tf',
      parameters: { i: 42, f: 2.5, s: 'é', b: true, l: [1, 'a'], m: { k: [null] }, n: null },
    }]);
    assert.deepEqual(rows(r)[0], [42, 2.5, 'é', true, [1, 'a'], [null], true, '42', '2.5']);
    // 2.0 is a FLOAT: the JSON text says so even where JavaScript's numbers do not.
    const float = await request(server, 'POST', '/db/neo4j/tx/commit',
      '{"statements": [{"statement": "RETURN toString($f), toString($i)", "parameters": {"f": 2.0, "i": 2}}]}');
    assert.deepEqual(rows(float)[0], ['2.0', '2']);
  });

  test('a parameter past the largest INTEGER is refused, naming it', async () => {
    const r = await request(server, 'POST', '/db/neo4j/tx/commit',
      '{"statements": [{"statement": "RETURN $x", "parameters": {"x": [1, 18446744073709551615]}}]}');
    assert.equal(r.status, 400);
    assert.equal(errorCode(r), 'Neo.ClientError.Request.InvalidFormat');
    assert.match(r.json.errors[0].message, /statements\[0\]\.parameters\.x\[1\]/);
  });

  test('includeStats counts what a write changed', async () => {
    const r = await commit(server, [{ statement: 'CREATE (n:Probe {x: 1}) SET n.y = 2 RETURN n', includeStats: true }]);
    const stats = r.json.results[0].stats;
    assert.equal(stats.contains_updates, true);
    assert.equal(stats.nodes_created, 1);
    assert.equal(stats.labels_added, 1);
    assert.equal(stats.properties_set, 2);
    assert.deepEqual(rows(await commit(server, ['MATCH (n:Probe) DELETE n RETURN count(*)']))[0], [1]);
  });

  test('rowLimit stops a result and says so', async () => {
    const r = await commit(server, [{ statement: 'UNWIND range(1, 1000000) AS x RETURN x', rowLimit: 3 },
                                    { statement: 'UNWIND range(1, 3) AS x RETURN x', rowLimit: 3 }]);
    assert.deepEqual(rows(r, 0), [[1], [2], [3]]);
    assert.equal(r.json.results[0].quiver.truncated, true);
    assert.equal(r.json.results[1].quiver.truncated, false);
    assert.equal(r.json.results[1].quiver.rows, 3);
  });

  test('a large result streams whole', async () => {
    const r = await commit(server, ['UNWIND range(1, 200000) AS x RETURN x, toString(x) AS s']);
    const data = rows(r);
    assert.equal(data.length, 200000);
    assert.deepEqual(data[199999], [200000, '200000']);
  });

  test('statements of one request share a transaction: an error rolls back the earlier ones', async () => {
    const r = await commit(server, ['CREATE (:Doomed) RETURN 1 AS one', 'RETURN 1 / 0 AS boom', 'CREATE (:Never)']);
    assert.ok(r.json.results.length < 3, 'the failing statement ends the results; the third never ran');
    assert.deepEqual(r.json.results[0].data[0].row, [1]);
    assert.equal(errorCode(r), 'Neo.ClientError.Statement.ArithmeticError');
    assert.deepEqual(rows(await commit(server, ['MATCH (n) WHERE n:Doomed OR n:Never RETURN count(n)']))[0], [0]);
  });

  test('errors carry Neo4j status codes', async () => {
    assert.equal(errorCode(await commit(server, ['MATCH (n RETURN n'])), 'Neo.ClientError.Statement.SyntaxError');
    assert.equal(errorCode(await commit(server, ['RETURN $missing'])), 'Neo.ClientError.Statement.ParameterMissing');
  });

  test('an explicit transaction: begin, run, see its own writes, commit', async () => {
    const begin = await request(server, 'POST', '/db/neo4j/tx', { statements: [{ statement: "CREATE (:Tx {k: 'a'})" }] });
    assert.equal(begin.status, 201);
    const location = begin.headers.get('location');
    assert.match(location, /\/db\/neo4j\/tx\/\d+$/);
    assert.equal(begin.json.commit, `${location}/commit`);
    assert.ok(Date.parse(begin.json.transaction.expires) > Date.now() - 5000);
    const inside = await request(server, 'POST', location, { statements: [{ statement: 'MATCH (n:Tx) RETURN n.k' }] });
    assert.deepEqual(rows(inside), [['a']]);
    assert.deepEqual(rows(await commit(server, ['MATCH (n:Tx) RETURN count(n)']))[0], [0], 'not visible outside');
    const done = await request(server, 'POST', begin.json.commit, { statements: [] });
    assert.deepEqual(done.json.errors, []);
    assert.equal(done.json.commit, undefined);
    assert.deepEqual(rows(await commit(server, ['MATCH (n:Tx) DELETE n RETURN count(*)']))[0], [1]);
    const again = await request(server, 'POST', location, { statements: [] });
    assert.equal(again.status, 404);
    assert.equal(errorCode(again), 'Neo.ClientError.Transaction.TransactionNotFound');
  });

  test('DELETE rolls a transaction back', async () => {
    const begin = await request(server, 'POST', '/db/neo4j/tx', { statements: [{ statement: 'CREATE (:Gone)' }] });
    const location = begin.headers.get('location');
    const rolled = await request(server, 'DELETE', location);
    assert.equal(rolled.status, 200);
    assert.deepEqual(rolled.json.errors, []);
    assert.deepEqual(rows(await commit(server, ['MATCH (n:Gone) RETURN count(n)']))[0], [0]);
    assert.equal((await request(server, 'DELETE', location)).status, 404);
  });

  test('an error in an explicit transaction rolls it back', async () => {
    const begin = await request(server, 'POST', '/db/neo4j/tx', { statements: [{ statement: 'CREATE (:Half)' }] });
    const location = begin.headers.get('location');
    const failed = await request(server, 'POST', location, { statements: [{ statement: 'RETURN 1 / 0' }] });
    assert.equal(errorCode(failed), 'Neo.ClientError.Statement.ArithmeticError');
    assert.equal(failed.json.commit, undefined, 'no commit link: the transaction is gone');
    assert.equal((await request(server, 'POST', `${location}/commit`, {})).status, 404);
    assert.deepEqual(rows(await commit(server, ['MATCH (n:Half) RETURN count(n)']))[0], [0]);
  });

  test('DELETE cancels the statement running in the transaction; the server goes on', async () => {
    const begin = await request(server, 'POST', '/db/neo4j/tx', {});
    const location = begin.headers.get('location');
    const started = Date.now();
    const running = request(server, 'POST', `${location}/commit`, { statements: [{ statement: LONG }] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const busy = await request(server, 'POST', location, { statements: [] });
    assert.equal(busy.status, 409, 'one request at a time in a transaction');
    assert.equal(errorCode(busy), 'Neo.ClientError.Transaction.ConcurrentRequest');
    assert.equal((await request(server, 'DELETE', location)).status, 200);
    const r = await running;
    assert.equal(errorCode(r), 'Neo.TransientError.Transaction.Terminated');
    assert.ok(Date.now() - started < 5000, `cancelled after ${Date.now() - started} ms`);
    assert.deepEqual(rows(await commit(server, ['RETURN 1']))[0], [1]);
  });

  test('an idle transaction rolls back after its timeout', async () => {
    const begin = await request(server, 'POST', '/db/neo4j/tx', { statements: [{ statement: 'CREATE (:Idle)' }] });
    const location = begin.headers.get('location');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const late = await request(server, 'POST', location, { statements: [] });
    assert.equal(late.status, 404);
    assert.deepEqual(rows(await commit(server, ['MATCH (n:Idle) RETURN count(n)']))[0], [0]);
    assert.match(server.log(), /rolled back: idle past the transaction timeout/);
  });

  test('a read-only transaction does not hold the writer: a writer goes on beside it', async () => {
    // Open, then run a read and commit in one request (the web view's way): the read
    // must not wait for, or block, a write in another transaction.
    const writer = await request(server, 'POST', '/db/neo4j/tx', { statements: [{ statement: 'CREATE (:W)' }] });
    const reader = await request(server, 'POST', '/db/neo4j/tx', {});
    const read = await request(server, 'POST', reader.json.commit, { statements: [{ statement: 'MATCH (n:W) RETURN count(n)' }] });
    assert.deepEqual(rows(read), [[0]]);
    await request(server, 'DELETE', writer.headers.get('location'));
  });

  test('open transactions are limited', async () => {
    const opened = [];
    for (let i = 0; i < 4; ++i) opened.push(await request(server, 'POST', '/db/neo4j/tx', {}));
    assert.ok(opened.every((r) => r.status === 201));
    const refused = await request(server, 'POST', '/db/neo4j/tx', {});
    assert.equal(refused.status, 503);
    assert.equal(errorCode(refused), 'Neo.TransientError.Transaction.MaximumTransactionLimitReached');
    for (const r of opened) await request(server, 'DELETE', r.headers.get('location'));
    assert.equal((await request(server, 'POST', '/db/neo4j/tx', {})).status, 201);
  });

  test('bad requests are refused with a reason', async () => {
    const cases = [
      ['{"statements": [', 400, /not valid JSON: parse error at line 1, column 17/],
      ['[1, 2]', 400, /must be an object/],
      ['{"statements": {}}', 400, /"statements" must be an array/],
      ['{"statements": [{"parameters": {}}]}', 400, /statements\[0\] has no "statement"/],
      ['{"statements": [{"statement": 7}]}', 400, /statements\[0\]\.statement must be a string/],
      ['{"statements": [{"statement": "RETURN 1", "resultDataContents": ["rest"]}]}', 400, /"rest" is not "row" or "graph"/],
      ['{"statements": [{"statement": "RETURN 1", "rowLimit": -1}]}', 400, /rowLimit must be a non-negative integer/],
      ['{"statements": [{"statement": "RETURN $p", "parameters": {"p": 1e400}}]}', 400, /not valid JSON: number overflow parsing '1e400'/],
      [`{"statements": [{"statement": "RETURN $p", "parameters": {"p": ${'['.repeat(300)}${']'.repeat(300)}}}]}`, 400, /deeper than 256/],
    ];
    for (const [body, status, message] of cases) {
      const r = await request(server, 'POST', '/db/neo4j/tx/commit', body);
      assert.equal(r.status, status, body);
      assert.equal(errorCode(r), 'Neo.ClientError.Request.InvalidFormat');
      assert.match(r.json.errors[0].message, message);
    }
    const wrongType = await request(server, 'POST', '/db/neo4j/tx/commit', '{"statements": []}', { 'Content-Type': 'text/plain' });
    assert.equal(wrongType.status, 415, 'a cross-site form cannot send JSON');
    const big = await commit(server, [{ statement: `RETURN '${'x'.repeat(70 * 1024)}'` }]);
    assert.equal(big.status, 413);
    const otherDb = await request(server, 'POST', '/db/system/tx/commit', { statements: [] });
    assert.equal(otherDb.status, 404);
    assert.equal(errorCode(otherDb), 'Neo.ClientError.Database.DatabaseNotFound');
    const empty = await request(server, 'POST', '/db/neo4j/tx/commit', '');
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.json.results, []);
  });

  test('a loopback server answers only requests for a loopback host', async () => {
    // fetch() will not set Host; a raw request does (as a DNS-rebinding page would).
    const net = await import('node:net');
    const answer = await new Promise((resolve, reject) => {
      const socket = net.connect(server.port, '127.0.0.1', () => {
        socket.write('GET / HTTP/1.1\r\nHost: attacker.example:80\r\nAccept: application/json\r\nConnection: close\r\n\r\n');
      });
      let text = '';
      socket.on('data', (d) => { text += d; });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    assert.match(answer, /^HTTP\/1\.1 403/);
    assert.match(answer, /answers requests for localhost only/);
  });

  test('a client that goes away mid-result stops the statement', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.base}/db/neo4j/tx/commit`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, signal: controller.signal,
      body: JSON.stringify({ statements: [{ statement: 'UNWIND range(1, 100000000) AS x RETURN x' }] }),
    });
    const reader = response.body.getReader();
    await reader.read();
    controller.abort();
    await assert.rejects(reader.read());
    // The server notices at its next write, stops the statement and logs it.
    const deadline = Date.now() + 5000;
    while (!/client closed the connection/.test(server.log()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.match(server.log(), /client closed the connection/);
    assert.deepEqual(rows(await commit(server, ['RETURN 2']))[0], [2]);
  });
});

describe('a server with users', () => {
  let server;
  before(async () => {
    const dir = tempDir('users');
    const users = path.join(dir, 'users.txt');
    fs.writeFileSync(users, 'alice:alice-secret\nbob:bob-secret\n');
    server = await startServer(socialDatabase('auth'), ['--auth-file', users]);
  });
  after(async () => {
    await server.stop();
  });

  test('without credentials: 401, and a browser is asked for them', async () => {
    const r = await commit(server, ['RETURN 1']);
    assert.equal(r.status, 401);
    assert.equal(errorCode(r), 'Neo.ClientError.Security.Unauthorized');
    assert.match(r.headers.get('www-authenticate'), /^Basic realm=/);
    const discovery = await request(server, 'GET', '/', undefined, { Accept: 'application/json' });
    assert.equal(discovery.status, 200, 'discovery needs no credentials');
    assert.equal(discovery.json.quiver.auth_required, true);
  });

  test("a page's script gets 401 without the browser's password dialog", async () => {
    const r = await commit(server, ['RETURN 1'], { 'X-Requested-With': 'XMLHttpRequest' });
    assert.equal(r.status, 401);
    assert.equal(r.headers.get('www-authenticate'), null);
  });

  test('a wrong password or a malformed header is refused', async () => {
    for (const header of [basic('alice', 'wrong'), basic('carol', 'alice-secret'), 'Basic !!!', 'Bearer x']) {
      const r = await commit(server, ['RETURN 1'], { Authorization: header });
      assert.equal(r.status, 401, header);
    }
  });

  test("the right password gets in; one user cannot use another's transaction", async () => {
    const alice = { Authorization: basic('alice', 'alice-secret') };
    const bob = { Authorization: basic('bob', 'bob-secret') };
    assert.deepEqual(rows(await commit(server, ['RETURN 1'], alice))[0], [1]);
    const begin = await request(server, 'POST', '/db/neo4j/tx', {}, alice);
    const location = begin.headers.get('location');
    assert.equal((await request(server, 'POST', location, { statements: [] }, bob)).status, 404);
    assert.equal((await request(server, 'DELETE', location, undefined, bob)).status, 404);
    assert.equal((await request(server, 'DELETE', location, undefined, alice)).status, 200);
  });
});

describe('a read-only server', () => {
  let server;
  before(async () => {
    server = await startServer(socialDatabase('ro'), ['--read-only']);
  });
  after(async () => {
    await server.stop();
  });

  test('reads, and refuses writes as Neo4j does', async () => {
    assert.deepEqual(rows(await commit(server, ['MATCH (p:Person) RETURN count(p)']))[0], [30]);
    const write = await commit(server, ['CREATE (:X)']);
    assert.equal(errorCode(write), 'Neo.ClientError.General.ForbiddenOnReadOnlyDatabase');
    const begin = await request(server, 'POST', '/db/neo4j/tx', { statements: [{ statement: 'CREATE (:X)' }] });
    assert.equal(errorCode(begin), 'Neo.ClientError.General.ForbiddenOnReadOnlyDatabase');
  });
});

test('SIGTERM stops a server with an open HTTP transaction within the grace period', async () => {
  const server = await startServer(socialDatabase('stop'), ['--shutdown-grace', '1s']);
  const begin = await request(server, 'POST', '/db/neo4j/tx', { statements: [{ statement: 'CREATE (:Pending)' }] });
  assert.equal(begin.status, 201);
  const running = request(server, 'POST', begin.json.commit, { statements: [{ statement: LONG }] }).catch((e) => e);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const started = Date.now();
  const { code } = await server.stop();
  assert.equal(code, 0, server.log());
  assert.ok(Date.now() - started < 5000, `stopped after ${Date.now() - started} ms`);
  await running;
});

test('with --tls-cert the endpoint is HTTPS only', async () => {
  const { cert, key } = selfSignedCertificate(tempDir('tls'));
  const server = await startServer(socialDatabase('tls'), ['--tls-cert', cert, '--tls-key', key]);
  try {
    assert.match(server.base, /^https:/);
    const body = JSON.stringify({ statements: [{ statement: 'MATCH (c:City) RETURN count(c)' }] });
    const answer = await new Promise((resolve, reject) => {
      const req = https.request(`${server.base}/db/neo4j/tx/commit`, {
        method: 'POST', ca: fs.readFileSync(cert), headers: { 'Content-Type': 'application/json' },
      }, (res) => {
        let text = '';
        res.on('data', (d) => { text += d; });
        res.on('end', () => resolve(JSON.parse(text)));
      });
      req.on('error', reject);
      req.end(body);
    });
    assert.deepEqual(answer.results[0].data[0].row, [5]);
    await assert.rejects(fetch(`http://localhost:${server.port}/`), 'plain HTTP gets no answer');
  } finally {
    await server.stop();
  }
});
