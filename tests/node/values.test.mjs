// Values both ways (docs/node.md, "Values"): every kind through RETURN $p, the
// number/BigInt rules at their boundaries, temporal values with offsets and zones, and
// the shapes of nodes, relationships and paths.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { open, quiver, roundTrip, rows } from './helpers.mjs';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;  // 2^53 - 1
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

// INTEGER or FLOAT, by how Cypher's toString() writes the number (a FLOAT has a point,
// an exponent, NaN or Infinity).
async function kindOf(conn, value) {
  const [row] = await rows(conn, 'RETURN toString($p) AS s', { p: value });
  return /^-?\d+$/.test(row.s) ? 'INTEGER' : 'FLOAT';
}

test('scalars, lists and maps come back as they went', async (t) => {
  const { conn } = await open(t, { path: ':memory:' });
  for (const value of [null, true, false, 0, 1, -1, 42, 1.5, -0.25, 1e300, 'text', '', 'ünïcødé ✓ 𝄞', 'nul\0inside',
    [], [1, 'two', [3.5, null]], {}, { a: 1, b: { c: [true, 'x'] } }]) {
    assert.deepEqual(await roundTrip(conn, value), value, JSON.stringify(value));
  }
  assert.equal(await roundTrip(conn, undefined), null);
  assert.deepEqual(await roundTrip(conn, { u: undefined }), { u: null });
  assert.deepEqual(await roundTrip(conn, Object.assign(Object.create(null), { k: 1 })), { k: 1 });
  const special = await roundTrip(conn, { ['__proto__']: 1 });
  assert.ok(Object.hasOwn(special, '__proto__'));
  assert.equal(Object.getPrototypeOf(special), Object.prototype);
});

test('numbers: safe integers are INTEGER, everything else FLOAT', async (t) => {
  const { conn } = await open(t, { path: ':memory:' });
  assert.match(await kindOf(conn, 7), /^INTEGER/);
  assert.match(await kindOf(conn, -MAX_SAFE), /^INTEGER/);
  assert.match(await kindOf(conn, MAX_SAFE), /^INTEGER/);
  for (const value of [1.5, 2 ** 53, -(2 ** 53), 1e300, -0, NaN, Infinity, -Infinity]) {
    assert.match(await kindOf(conn, value), /^FLOAT/, String(value));
  }
  assert.ok(Object.is(await roundTrip(conn, -0), -0));
  assert.ok(Number.isNaN(await roundTrip(conn, NaN)));
  assert.equal(await roundTrip(conn, -Infinity), -Infinity);
  assert.equal(await roundTrip(conn, 2 ** 53), 2 ** 53);
});

test('BigInt: INTEGER in, a number back while safe, a BigInt beyond', async (t) => {
  const { conn } = await open(t, { path: ':memory:' });
  assert.match(await kindOf(conn, 5n), /^INTEGER/);
  assert.equal(await roundTrip(conn, 5n), 5);
  assert.equal(await roundTrip(conn, BigInt(MAX_SAFE)), MAX_SAFE);
  assert.equal(await roundTrip(conn, -BigInt(MAX_SAFE)), -MAX_SAFE);
  assert.equal(await roundTrip(conn, BigInt(MAX_SAFE) + 1n), BigInt(MAX_SAFE) + 1n);
  assert.equal(await roundTrip(conn, -BigInt(MAX_SAFE) - 1n), -BigInt(MAX_SAFE) - 1n);
  assert.equal(await roundTrip(conn, INT64_MAX), INT64_MAX);
  assert.equal(await roundTrip(conn, INT64_MIN), INT64_MIN);
  const [row] = await rows(conn, 'RETURN 9223372036854775807 AS max, 9007199254740991 AS safe, 9007199254740992 AS big');
  assert.deepEqual(row, { max: INT64_MAX, safe: MAX_SAFE, big: 2n ** 53n });
  await assert.rejects(roundTrip(conn, INT64_MAX + 1n), RangeError);
  await assert.rejects(roundTrip(conn, INT64_MIN - 1n), RangeError);
});

test('what is not a Cypher value is a TypeError', async (t) => {
  const { conn } = await open(t, { path: ':memory:' });
  for (const value of [Symbol('s'), () => 1, new Map(), new Set(), Buffer.from('x'), new (class Point {})()]) {
    await assert.rejects(roundTrip(conn, value), TypeError);
  }
  await assert.rejects(conn.query('RETURN 1', [1]), TypeError);
  await assert.rejects(conn.query(42), TypeError);
  const cyclic = [];
  cyclic.push(cyclic);
  await assert.rejects(roundTrip(conn, cyclic), RangeError);
  await assert.rejects(roundTrip(conn, new Date(NaN)), RangeError);
});

test('temporal values round-trip field by field, and print as Cypher does', async (t) => {
  const { conn } = await open(t, { path: ':memory:' });
  const values = [
    new quiver.Date(1984, 10, 11),
    new quiver.Date(-44, 3, 15),
    new quiver.LocalTime(12, 31, 14, 645876123),
    new quiver.Time(12, 31, 14, 1, 3600),
    new quiver.Time(23, 59, 0, 0, -5 * 3600 - 30 * 60),
    new quiver.LocalDateTime(2015, 7, 21, 20, 40, 32, 142000000),
    new quiver.DateTime(2015, 6, 24, 12, 50, 35, 556000000, 7200),
    new quiver.DateTime(2015, 6, 24, 12, 50, 35, 0, 0),
    new quiver.DateTime(2024, 7, 1, 9, 0, 0, 123456789, 7200, 'Europe/Stockholm'),
    new quiver.Duration(14, 16, 12 * 3600 + 10, 1),
    new quiver.Duration(0, 0, -2, 500000000),
  ];
  for (const value of values) {
    const [row] = await rows(conn, 'RETURN $p AS v, toString($p) AS s', { p: value });
    assert.deepEqual(row.v, value, row.s);
    assert.equal(row.v.constructor, value.constructor);
    assert.equal(String(value), row.s);
    assert.equal(JSON.stringify(value), JSON.stringify(row.s));
  }
  const [row] = await rows(conn, `RETURN date('2024-02-29') AS d, localtime('10:35') AS lt, time('10:35:01+01:00') AS t,
      localdatetime('2024-02-29T10:35:00.5') AS ldt, datetime('2024-10-27T02:30[Europe/Berlin]') AS dt,
      duration('P1Y2M3DT4H5M6.7S') AS dur`);
  assert.deepEqual(row.d, new quiver.Date(2024, 2, 29));
  assert.deepEqual(row.lt, new quiver.LocalTime(10, 35, 0, 0));
  assert.deepEqual(row.t, new quiver.Time(10, 35, 1, 0, 3600));
  assert.deepEqual(row.ldt, new quiver.LocalDateTime(2024, 2, 29, 10, 35, 0, 500000000));
  // In the autumn overlap the earlier offset wins (+02:00), and the zone is kept.
  assert.deepEqual(row.dt, new quiver.DateTime(2024, 10, 27, 2, 30, 0, 0, 7200, 'Europe/Berlin'));
  assert.deepEqual(row.dur, new quiver.Duration(14, 3, 4 * 3600 + 5 * 60 + 6, 700000000));
});

test('DateTime with a zone: wall clock, gap, overlap, and the offset that picks the instant', async (t) => {
  const { conn } = await open(t, { path: ':memory:' });
  // The spring-forward gap: 02:30 does not exist in Stockholm on 2024-03-31; it is 03:30.
  const inGap = await roundTrip(conn, new quiver.DateTime(2024, 3, 31, 2, 30, 0, 0, undefined, 'Europe/Stockholm'));
  assert.deepEqual([inGap.hour, inGap.offsetSeconds, inGap.timeZoneId], [3, 7200, 'Europe/Stockholm']);
  // The autumn overlap: 02:30 happens twice; no offset gives the earlier, +01:00 the later.
  const earlier = await roundTrip(conn, new quiver.DateTime(2024, 10, 27, 2, 30, 0, 0, undefined, 'Europe/Stockholm'));
  const later = await roundTrip(conn, new quiver.DateTime(2024, 10, 27, 2, 30, 0, 0, 3600, 'Europe/Stockholm'));
  assert.equal(earlier.offsetSeconds, 7200);
  assert.equal(later.offsetSeconds, 3600);
  assert.equal(later.toDate() - earlier.toDate(), 3600 * 1000);
  const [cmp] = await rows(conn, 'RETURN $a < $b AS before, duration.inSeconds($a, $b) AS gap', { a: earlier, b: later });
  assert.deepEqual(cmp, { before: true, gap: new quiver.Duration(0, 0, 3600, 0) });
  // An offset the zone never has there: the wall clock is read by the zone's rules.
  const fixed = await roundTrip(conn, new quiver.DateTime(2024, 7, 1, 12, 0, 0, 0, 0, 'Europe/Stockholm'));
  assert.deepEqual([fixed.hour, fixed.offsetSeconds], [12, 7200]);
  await assert.rejects(roundTrip(conn, new quiver.DateTime(2024, 7, 1, 12, 0, 0, 0, undefined, 'Mars/Olympus')), RangeError);
  await assert.rejects(roundTrip(conn, new quiver.Date(2023, 2, 29)), RangeError);
  await assert.rejects(roundTrip(conn, new quiver.LocalTime(24, 0)), RangeError);
  await assert.rejects(roundTrip(conn, new quiver.Time(1, 0, 0, 0, 19 * 3600)), RangeError);
});

test('a JavaScript Date is a DateTime in UTC; DateTime.toDate and fromDate convert back', async (t) => {
  const { conn } = await open(t, { path: ':memory:' });
  const instant = new Date(Date.UTC(2021, 0, 2, 3, 4, 5, 678));
  const value = await roundTrip(conn, instant);
  assert.deepEqual(value, new quiver.DateTime(2021, 1, 2, 3, 4, 5, 678000000, 0));
  assert.equal(value.toDate().getTime(), instant.getTime());
  assert.deepEqual(quiver.DateTime.fromDate(instant), value);
  const before1970 = new Date(Date.UTC(1969, 11, 31, 23, 59, 59, 999));
  assert.equal((await roundTrip(conn, before1970)).toDate().getTime(), before1970.getTime());
  const [row] = await rows(conn, "RETURN datetime('2021-01-02T04:04:05.678+01:00') = $d AS same", { d: instant });
  assert.equal(row.same, true);
});

test('nodes, relationships and paths', async (t) => {
  const { conn } = await open(t, { path: ':memory:' });
  await rows(conn, "CREATE (:Person:Author {name: 'Ada', born: 1815})-[:WROTE {year: 1843}]->(:Note {n: 'G'})");
  const [row] = await rows(conn, 'MATCH p = (a:Person)-[r:WROTE]->(b) RETURN a, r, b, p');
  assert.equal(typeof row.a._id, 'number');
  assert.deepEqual(row.a, { name: 'Ada', born: 1815, _id: row.a._id, _label: 'Person', _labels: ['Person', 'Author'] });
  assert.deepEqual(row.b, { n: 'G', _id: row.b._id, _label: 'Note', _labels: ['Note'] });
  assert.deepEqual(row.r, { year: 1843, _id: row.r._id, _type: 'WROTE', _label: 'WROTE', _src: row.a._id, _dst: row.b._id });
  assert.deepEqual(row.p, { _nodes: [row.a, row.b], _rels: [row.r] });
  const [types] = await rows(conn, 'MATCH p = (a)-[r]->(b) RETURN a, r, p');
  assert.ok(types);
  const result = await conn.query('MATCH p = (a)-[r]->(b) RETURN a, r, p, a.name AS name, 1 AS one');
  assert.deepEqual(result.getColumnDataTypes(), ['NODE', 'RELATIONSHIP', 'PATH', 'ANY', 'INTEGER']);
  const [unlabelled] = await rows(conn, 'CREATE (n) RETURN n');
  assert.deepEqual(unlabelled.n, { _id: unlabelled.n._id, _label: null, _labels: [] });
});
