// The official Neo4j JavaScript driver (neo4j-driver, pinned in package.json) against
// `quiver serve`: connecting (bolt://, neo4j://), transactions, retries, every value
// type both ways, errors, streaming in bounded memory, concurrency, authentication.
// Run by ctest `bolt_driver` (node --test); each test starts its own server.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import neo4j from 'neo4j-driver';

import { PASSWORD, USER, startServer, tempDir } from './server.mjs';

const auth = neo4j.auth.basic(USER, PASSWORD);

describe('one server', () => {
  let server;
  let driver;
  before(async () => {
    server = await startServer(tempDir('driver'));
    driver = neo4j.driver(server.url(), auth);
  });
  after(async () => {
    await driver?.close();
    const { code } = await server.stop();
    assert.equal(code, 0, `the server's exit status after SIGTERM\n${server.log()}`);
  });

  it('connects with bolt:// and neo4j:// and says what it is', async () => {
    for (const scheme of ['bolt', 'neo4j']) {
      const d = neo4j.driver(server.url(scheme), auth);
      try {
        const info = await d.getServerInfo();
        assert.match(info.agent, /Quiver/);
        assert.ok(info.protocolVersion >= 5.0, `protocol ${info.protocolVersion}`);
        const s = d.session();
        const r = await s.run('RETURN 1 + 1 AS two');
        assert.equal(r.records[0].get('two').toNumber(), 2);
        await s.close();
      } finally {
        await d.close();
      }
    }
  });

  it('puts EXPLAIN\'s plan in summary.plan and PROFILE\'s in summary.profile, with the rows', async () => {
    const session = driver.session();
    try {
      await session.run('UNWIND range(1, 6) AS i CREATE (:PlanP {i: i})-[:PLAN_KNOWS]->(:PlanQ {i: i})');
      const query = 'MATCH (p:PlanP)-[:PLAN_KNOWS]->(q) WHERE p.i > 3 RETURN q.i AS i ORDER BY i';
      const explained = await session.run(`EXPLAIN ${query}`);
      assert.equal(explained.records.length, 0);
      assert.equal(explained.summary.hasPlan(), true);
      assert.equal(explained.summary.hasProfile(), false);
      const plan = explained.summary.plan;
      assert.equal(plan.operatorType, 'ProduceResults');
      assert.deepEqual(plan.identifiers, ['i']);
      assert.equal(plan.arguments.Details, 'i');
      const find = (op, type) => op.operatorType === type ? op : op.children.map((c) => find(c, type)).find(Boolean);
      const scan = find(plan, 'NodeScan');
      assert.equal(scan.arguments.Details, '(p:PlanP)');
      assert.deepEqual(scan.identifiers, ['p']);

      const profiled = await session.run(`PROFILE ${query}`);
      assert.deepEqual(profiled.records.map((r) => r.get('i').toNumber()), [4, 5, 6]);
      assert.equal(profiled.summary.hasProfile(), true);
      const profile = profiled.summary.profile;
      assert.equal(profile.operatorType, 'ProduceResults');
      assert.equal(profile.rows, 3);
      assert.equal(profile.dbHits, 0);  // the results are the client's to read
      assert.ok(profile.time >= 0);
      const profiledScan = find(profile, 'NodeScan');
      assert.equal(profiledScan.rows, 6);
      assert.equal(find(profile, 'Filter').rows, 3);
      assert.equal(profiledScan.arguments.Rows.toNumber(), 6);
      // Db hits: a node per scanned row, a property read per filtered one.
      assert.equal(profiledScan.dbHits, 6);
      assert.equal(profiledScan.arguments.DbHits.toNumber(), 6);
      assert.equal(find(profile, 'Filter').dbHits, 6);
      assert.equal(profiledScan.pageCacheHits, 0);  // no page cache: the driver's default
      assert.equal(scan.arguments.DbHits, undefined);  // EXPLAIN ran nothing

      const plain = await session.run(query);
      assert.equal(plain.summary.hasPlan(), false);
      assert.equal(plain.summary.hasProfile(), false);
    } finally {
      await session.close();
    }
  });

  it('reports unknown names in summary.notifications and answers the introspection calls', async () => {
    const session = driver.session();
    try {
      await session.run('CREATE (:Known {k: 1})-[:LINKS]->(:Known)');
      const r = await session.run('MATCH (n:Unknwn) WHERE n.k = 1 RETURN n');
      assert.equal(r.records.length, 0);
      const [n] = r.summary.notifications;
      assert.equal(r.summary.notifications.length, 1);
      assert.equal(n.code, 'Neo.ClientNotification.Statement.UnknownLabelWarning');
      assert.equal(n.title, 'The provided label is not in the database.');
      assert.match(n.description, /Unknwn/);
      assert.equal(n.severityLevel, 'WARNING');
      assert.equal(n.rawCategory, 'UNRECOGNIZED');
      assert.deepEqual(n.position, { offset: 9, line: 1, column: 10 });
      const clean = await session.run('MATCH (n:Known) RETURN n.k');
      assert.deepEqual(clean.summary.notifications, []);

      const labels = await session.run('CALL db.labels()');
      assert.ok(labels.records.map((rec) => rec.get('label')).includes('Known'));
      const kernel = await session.run(
        "CALL dbms.components() YIELD name, versions, edition WHERE name = 'Neo4j Kernel' RETURN versions[0] AS v");
      assert.match(kernel.records[0].get('v'), /^5\./);
      const dbs = await session.run('SHOW DATABASES YIELD name, currentStatus');
      assert.equal(dbs.records[0].get('name'), 'neo4j');
      const txs = await session.run('SHOW TRANSACTIONS YIELD username, currentQuery');
      assert.equal(txs.records[0].get('username'), USER);
      const me = await session.run('CALL dbms.showCurrentUser()');
      assert.equal(me.records[0].get('username'), USER);
    } finally {
      await session.close();
    }
  });

  it('commits and rolls back explicit transactions, and counts what they change', async () => {
    const session = driver.session();
    try {
      const rolled = await session.beginTransaction();
      await rolled.run('CREATE (:Tx {k: "rolled back"})');
      await rolled.rollback();
      const tx = await session.beginTransaction();
      const created = await tx.run('CREATE (n:Tx {k: $k, n: 1}) RETURN n.k AS k', { k: 'committed' });
      assert.equal(created.records[0].get('k'), 'committed');
      assert.equal(created.summary.counters.updates().nodesCreated, 1);
      assert.equal(created.summary.counters.updates().propertiesSet, 2);
      assert.equal(created.summary.counters.updates().labelsAdded, 1);
      await tx.commit();
      const auto = await session.run('MATCH (n:Tx) RETURN collect(n.k) AS ks');
      assert.deepEqual(auto.records[0].get('ks'), ['committed']);
      assert.equal(auto.summary.queryType, 'r');
      const write = await session.run('CREATE (:Tx2)');
      assert.equal(write.summary.queryType, 'w');
      assert.ok(session.lastBookmarks().length > 0, 'a bookmark after a write');
    } finally {
      await session.close();
    }
  });

  it('runs executeRead and executeWrite', async () => {
    const session = driver.session();
    try {
      const id = await session.executeWrite(async (tx) => {
        const r = await tx.run('CREATE (p:Person {name: $name}) RETURN p.name AS name', { name: 'Ann' });
        return r.records[0].get('name');
      });
      assert.equal(id, 'Ann');
      const count = await session.executeRead(async (tx) => {
        const r = await tx.run('MATCH (p:Person {name: "Ann"}) RETURN count(p) AS c');
        return r.records[0].get('c').toNumber();
      });
      assert.equal(count, 1);
    } finally {
      await session.close();
    }
  });

  it('round-trips every value type as a parameter', async () => {
    const session = driver.session();
    try {
      const values = {
        nothing: null,
        yes: true,
        no: false,
        small: neo4j.int(-7),
        large: neo4j.int('9223372036854775807'),
        negative: neo4j.int('-9223372036854775808'),
        float: 3.25,
        tiny: 5e-324,
        text: 'größer ✓ 𝄞',
        empty: '',
        list: [neo4j.int(1), 'two', [3.5, null], { four: neo4j.int(4) }],
        map: { a: neo4j.int(1), b: { c: ['d'] } },
        date: new neo4j.types.Date(2024, 2, 29),
        localTime: new neo4j.types.LocalTime(23, 59, 58, 123456789),
        time: new neo4j.types.Time(12, 30, 0, 5, 3600),
        localDateTime: new neo4j.types.LocalDateTime(1969, 7, 20, 20, 17, 40, 0),
        dateTimeOffset: new neo4j.types.DateTime(2024, 3, 31, 2, 30, 0, 0, -18000),
        dateTimeZone: new neo4j.types.DateTime(2024, 7, 1, 12, 30, 15, 999, undefined, 'Europe/Stockholm'),
        duration: new neo4j.types.Duration(14, 3, 3661, 500),
      };
      for (const [name, value] of Object.entries(values)) {
        const r = await session.run('RETURN $v AS v', { v: value });
        const back = r.records[0].get('v');
        if (name === 'dateTimeZone') {
          // Sent without an offset (the driver leaves it to the zone), it comes back with
          // the one in force then: +02:00, Stockholm's summer time.
          assert.equal(back.toString(), '2024-07-01T12:30:15.000000999+02:00[Europe/Stockholm]');
          continue;
        }
        assert.equal(stringOf(back), stringOf(value), name);
      }
    } finally {
      await session.close();
    }
  });

  it('returns temporal values, nodes, relationships and paths as the driver knows them', async () => {
    const session = driver.session();
    try {
      const r = await session.run(
        "RETURN date('2024-02-29') AS d, time('12:00:01.5+01:00') AS t, localtime('23:59') AS lt, " +
          "localdatetime('2000-01-01T00:00:00.000000001') AS ldt, datetime('2024-03-31T02:30:00[Europe/Stockholm]') AS dt, " +
          "datetime('1990-01-01T12:00:00-05:00') AS dto, duration('P1Y2M3DT4H5M6.7S') AS dur",
      );
      const rec = r.records[0];
      assert.equal(rec.get('d').toString(), '2024-02-29');
      assert.equal(rec.get('t').toString(), '12:00:01.500000000+01:00');
      assert.equal(rec.get('lt').toString(), '23:59:00');
      assert.equal(rec.get('ldt').toString(), '2000-01-01T00:00:00.000000001');
      // 02:30 does not exist that night in Stockholm: java.time's rule moves it to 03:30+02:00.
      assert.equal(rec.get('dt').toString(), '2024-03-31T03:30:00+02:00[Europe/Stockholm]');
      assert.equal(rec.get('dto').toString(), '1990-01-01T12:00:00-05:00');
      assert.equal(rec.get('dur').toString(), 'P1Y2M3DT4H5M6.700000000S');
      const g = await session.run(
        'CREATE p = (a:A:Start {name: "a"})-[r:R {w: 2}]->(b:B {name: "b"})<-[s:S]-(c:C) RETURN a, r, b, p',
      );
      const a = g.records[0].get('a');
      const rel = g.records[0].get('r');
      const b = g.records[0].get('b');
      assert.deepEqual([...a.labels].sort(), ['A', 'Start']);
      assert.deepEqual(a.properties, { name: 'a' });
      assert.equal(typeof a.elementId, 'string');
      assert.equal(rel.type, 'R');
      assert.equal(rel.properties.w.toNumber(), 2);
      assert.equal(rel.startNodeElementId, a.elementId);
      assert.equal(rel.endNodeElementId, b.elementId);
      const p = g.records[0].get('p');
      assert.equal(p.length, 2);
      assert.equal(p.start.properties.name, 'a');
      assert.deepEqual(p.end.labels, ['C']);
      assert.equal(p.segments[1].relationship.type, 'S');
      assert.equal(p.segments[1].start.properties.name, 'b');
      // The second step runs against S's direction: S goes from c to b.
      assert.equal(p.segments[1].relationship.startNodeElementId, p.end.elementId);
      const again = await session.run('MATCH (n) WHERE elementId(n) = $id RETURN n.name AS name', { id: a.elementId });
      assert.equal(again.records[0].get('name'), 'a');
    } finally {
      await session.close();
    }
  });

  it('answers a failing query with its Neo4j code and goes on', async () => {
    const session = driver.session();
    try {
      await assert.rejects(session.run('RETURN 1 +'), { code: 'Neo.ClientError.Statement.SyntaxError' });
      await assert.rejects(session.run('RETURN $missing'), { code: 'Neo.ClientError.Statement.ParameterMissing' });
      await assert.rejects(session.run('RETURN 1 / 0'), { code: 'Neo.ClientError.Statement.ArithmeticError' });
      await assert.rejects(session.run('RETURN toInteger([1])'), { code: 'Neo.ClientError.Statement.TypeError' });
      const r = await session.run('RETURN "still here" AS s');
      assert.equal(r.records[0].get('s'), 'still here');
      const tx = await session.beginTransaction();
      await assert.rejects(tx.run('RETURN 1 +'), { code: 'Neo.ClientError.Statement.SyntaxError' });
      await tx.close().catch(() => {});
      const after = await session.run('RETURN 2 AS x');
      assert.equal(after.records[0].get('x').toNumber(), 2);
    } finally {
      await session.close();
    }
  });

  it('reports a constraint violation with Neo4j\'s schema code, at COMMIT too', async () => {
    const session = driver.session();
    try {
      const created = await session.run('CREATE CONSTRAINT bolt_key FOR (n:BoltKey) REQUIRE n.k IS UNIQUE');
      assert.equal(created.summary.counters.updates().constraintsAdded, 1);
      await session.run('CREATE (:BoltKey {k: 1})');
      await assert.rejects(session.run('CREATE (:BoltKey {k: 1})'), {
        code: 'Neo.ClientError.Schema.ConstraintValidationFailed',
      });
      const tx = await session.beginTransaction();
      await tx.run('CREATE (:BoltKey {k: 2}), (:BoltKey {k: 2})');
      await assert.rejects(tx.commit(), { code: 'Neo.ClientError.Schema.ConstraintValidationFailed' });
      await assert.rejects(session.run('DROP CONSTRAINT no_such_constraint'), {
        code: 'Neo.DatabaseError.Schema.ConstraintDropFailed',
      });
      const count = await session.run('MATCH (n:BoltKey) RETURN count(n) AS c');
      assert.equal(count.records[0].get('c').toNumber(), 1);
      await session.run('DROP CONSTRAINT bolt_key');
    } finally {
      await session.close();
    }
  });

  it('refuses a database it does not have', async () => {
    const session = driver.session({ database: 'other' });
    try {
      await assert.rejects(session.run('RETURN 1'), { code: 'Neo.ClientError.Database.DatabaseNotFound' });
    } finally {
      await session.close();
    }
  });

  it('streams a million rows with a small fetch size in bounded server memory', async () => {
    const session = driver.session({ fetchSize: 1000 });
    try {
      const before = server.rssKiB();
      let rows = 0;
      let peak = before;
      const padding = 'x'.repeat(100);
      const result = session.run('UNWIND range(1, 1000000) AS i RETURN i, $pad + toString(i) AS s', { pad: padding });
      for await (const record of result) {
        rows += 1;
        if (rows % 50000 === 0) peak = Math.max(peak, server.rssKiB());
        if (rows === 1) assert.equal(record.get('s'), `${padding}1`);
      }
      assert.equal(rows, 1000000);
      // Materialized, a million rows of ~110 bytes are over 200 MB in the server.
      const grewMiB = (peak - before) / 1024;
      assert.ok(grewMiB < 64, `the server grew by ${grewMiB.toFixed(1)} MiB while streaming`);
    } finally {
      await session.close();
    }
  });

  it('serves 50 concurrent sessions, and every acknowledged write is there', async () => {
    const acknowledged = [];
    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const session = driver.session();
        try {
          for (let j = 0; j < 10; j += 1) {
            const k = i * 100 + j;
            if ((i + j) % 3 === 0) {
              await session.executeRead((tx) => tx.run('MATCH (c:Concurrent) RETURN count(c) AS n'));
            } else {
              await session.executeWrite((tx) => tx.run('CREATE (:Concurrent {k: $k})', { k: neo4j.int(k) }));
              acknowledged.push(k);
            }
          }
        } finally {
          await session.close();
        }
      }),
    );
    const session = driver.session();
    try {
      const r = await session.run('MATCH (c:Concurrent) RETURN c.k AS k ORDER BY k');
      const stored = r.records.map((rec) => rec.get('k').toNumber());
      assert.deepEqual(stored, [...acknowledged].sort((x, y) => x - y));
    } finally {
      await session.close();
    }
  });

  it('rejects a wrong password and a client without credentials', async () => {
    for (const token of [neo4j.auth.basic(USER, 'wrong'), neo4j.auth.basic('nobody', PASSWORD), undefined]) {
      const d = neo4j.driver(server.url(), token);
      try {
        await assert.rejects(d.verifyConnectivity(), { code: 'Neo.ClientError.Security.Unauthorized' });
      } finally {
        await d.close();
      }
    }
  });

  it('ends a query at the transaction timeout the client gives', async () => {
    const session = driver.session();
    try {
      const started = Date.now();
      await assert.rejects(
        session.run('UNWIND range(1, 100000) AS i UNWIND range(1, 100000) AS j WITH i WHERE i < 0 RETURN count(*)', {}, {
          timeout: 300,
        }),
        { code: 'Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration' },
      );
      assert.ok(Date.now() - started < 10000);
      const r = await session.run('RETURN 1 AS one');
      assert.equal(r.records[0].get('one').toNumber(), 1);
    } finally {
      await session.close();
    }
  });
});

// A value as text, the same for what was sent and what came back.
function stringOf(v) {
  if (v === null || v === undefined) return 'null';
  if (neo4j.isInt(v)) return `int:${v.toString()}`;
  if (typeof v === 'number') return Object.is(v, -0) ? 'float:-0' : `float:${v}`;
  if (Array.isArray(v)) return `[${v.map(stringOf).join(',')}]`;
  if (typeof v === 'object' && v.constructor === Object) {
    return `{${Object.keys(v).sort().map((k) => `${k}:${stringOf(v[k])}`).join(',')}}`;
  }
  return `${v.constructor?.name ?? typeof v}:${v.toString()}`;
}
