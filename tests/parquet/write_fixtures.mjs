// Writes the Parquet files the reader's tests read, with DuckDB (@duckdb/node-api):
// every codec, data page v1 and v2 (the delta and byte-stream-split encodings),
// dictionary and plain pages, nulls, lists, several row groups, an empty file, the
// values Quiver refuses, and a small property graph as Parquet and as CSV. Beside each
// table, expected.json holds what DuckDB says the rows are, in a canonical form the
// tests compare the reader's values with (integers as decimal text, temporals as counts
// since the epoch, decimals as DuckDB's exact text).
//   node write_fixtures.mjs OUT_DIR
import { DuckDBInstance } from '@duckdb/node-api';
import { mkdirSync, writeFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const finalDir = process.argv[2];
if (!finalDir) throw new Error('usage: node write_fixtures.mjs OUT_DIR');
// Written aside and renamed, so a reader never sees half a directory.
const out = `${finalDir}.tmp-${process.pid}`;
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const db = await DuckDBInstance.create(':memory:');
const c = await db.connect();
const run = (sql) => c.run(sql);
const rows = async (sql) => (await c.runAndReadAll(sql)).getRowObjectsJson();

// 5000 rows: with ROW_GROUP_SIZE 2048, three row groups. Every column has nulls except
// id; values cover each type's extremes.
await run(`CREATE TABLE t AS SELECT
  i::BIGINT AS id,
  CASE WHEN i % 7 = 3 THEN NULL ELSE ((i * 37) % 256 - 128)::TINYINT END AS i8,
  CASE WHEN i % 11 = 0 THEN NULL ELSE ((i * 7919) % 65536 - 32768)::SMALLINT END AS i16,
  CASE WHEN i = 1 THEN 2147483647 WHEN i = 2 THEN -2147483648 ELSE (i * 104729 - 99999)::INTEGER END AS i32,
  CASE WHEN i = 1 THEN 9223372036854775807 WHEN i = 2 THEN -9223372036854775808 WHEN i % 5 = 0 THEN NULL
       ELSE i * 1000000007 END::BIGINT AS i64,
  ((i * 13) % 256)::UTINYINT AS u8,
  ((i * 7907) % 65536)::USMALLINT AS u16,
  CASE WHEN i = 1 THEN 4294967295 ELSE i * 859 END::UINTEGER AS u32,
  CASE WHEN i = 1 THEN 9223372036854775807 ELSE i * 3 END::UBIGINT AS u64,
  CASE WHEN i % 13 = 0 THEN NULL ELSE (i / 7.0 - 300)::FLOAT END AS f,
  CASE WHEN i = 4 THEN 'NaN'::DOUBLE WHEN i = 5 THEN 'inf'::DOUBLE WHEN i = 6 THEN -0.0
       ELSE i * 0.1 - 250.125 END AS d,
  CASE WHEN i % 3 = 0 THEN NULL ELSE i % 2 = 0 END AS b,
  CASE WHEN i % 17 = 0 THEN NULL WHEN i % 17 = 1 THEN '' WHEN i % 5 = 0 THEN 'Zürich ☃ ' || i
       ELSE 'name-' || (i % 300) END AS s,
  ['red', 'green', 'blue'][1 + i % 3]::ENUM('red', 'green', 'blue') AS e,
  CASE WHEN i % 19 = 0 THEN NULL ELSE DATE '1970-01-01' + INTERVAL (i * 17 - 40000) DAY END::DATE AS dt,
  (TIME '00:00:00' + INTERVAL (i * 17279) SECOND)::TIME AS t,
  (TIMESTAMP '1969-12-31 23:59:59.123456' + INTERVAL (i * 999983) SECOND) AS ts,
  (TIMESTAMP '2001-02-03 04:05:06.789' + INTERVAL (i * 86399) SECOND)::TIMESTAMP_MS AS ts_ms,
  (TIMESTAMP_NS '2262-01-01 00:00:00.123456789' - INTERVAL (i * 999983) SECOND)::TIMESTAMP_NS AS ts_ns,
  (TIMESTAMPTZ '1999-12-31 23:00:00+00' + INTERVAL (i * 3600) SECOND) AS tstz,
  CASE WHEN i % 23 = 0 THEN NULL ELSE ((i % 19999) - 9999) / 100 END::DECIMAL(4, 2) AS dec4,
  (i * 1234567.891011 - 7)::DECIMAL(18, 6) AS dec18,
  (i * 98765432109876.5432109876 - 3)::DECIMAL(38, 10) AS dec38,
  CASE WHEN i % 10 = 0 THEN NULL WHEN i % 10 = 1 THEN []::INTEGER[]
       ELSE [i, -i, i * 2][1:(i % 3) + 1] END AS list_i,
  CASE WHEN i % 9 = 0 THEN NULL ELSE ['x' || i, 'y'][1:(i % 2) + 1] END AS list_s,
  CASE WHEN i % 29 = 0 THEN NULL ELSE ('0000000' || (i % 10) || '-0000-4000-8000-' || lpad(i::VARCHAR, 12, '0'))::UUID END AS uuid
FROM range(5000) r(i)`);

// The canonical expected form.
const expected = await rows(`SELECT
  id::VARCHAR AS id, i8::VARCHAR AS i8, i16::VARCHAR AS i16, i32::VARCHAR AS i32, i64::VARCHAR AS i64,
  u8::VARCHAR AS u8, u16::VARCHAR AS u16, u32::VARCHAR AS u32, u64::VARCHAR AS u64,
  f::DOUBLE::VARCHAR AS f, d::VARCHAR AS d, b, s, e::VARCHAR AS e,
  (dt - DATE '1970-01-01')::VARCHAR AS dt, epoch_us(t)::VARCHAR AS t,
  epoch_us(ts)::VARCHAR AS ts, epoch_ms(ts_ms)::VARCHAR AS ts_ms, epoch_ns(ts_ns)::VARCHAR AS ts_ns,
  epoch_us(tstz)::VARCHAR AS tstz,
  dec4::VARCHAR AS dec4, dec18::VARCHAR AS dec18, dec38::VARCHAR AS dec38,
  list_transform(list_i, x -> x::VARCHAR) AS list_i, list_s, uuid::VARCHAR AS uuid
FROM t ORDER BY t.id`);
writeFileSync(join(out, 'expected.json'), JSON.stringify(expected));

// Every codec, data page v1 (PLAIN and RLE_DICTIONARY).
const codecs = ['uncompressed', 'snappy', 'gzip', 'zstd', 'lz4', 'lz4_raw'];
for (const codec of codecs) {
  await run(`COPY t TO '${join(out, `types_${codec}.parquet`)}' (FORMAT parquet, COMPRESSION ${codec}, ROW_GROUP_SIZE 2048)`);
}
// Data page v2: DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, BYTE_STREAM_SPLIT.
for (const codec of ['uncompressed', 'zstd', 'snappy']) {
  await run(`COPY t TO '${join(out, `types_v2_${codec}.parquet`)}' (FORMAT parquet, COMPRESSION ${codec}, ROW_GROUP_SIZE 2048, PARQUET_VERSION v2)`);
}
// No dictionaries: every page PLAIN (v1) or delta (v2).
await run(`COPY t TO '${join(out, 'types_plain.parquet')}' (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 2048, DICTIONARY_SIZE_LIMIT 1)`);
await run(`COPY t TO '${join(out, 'types_v2_plain.parquet')}' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 2048, DICTIONARY_SIZE_LIMIT 1, PARQUET_VERSION v2)`);
// A codec the reader refuses by name.
await run(`COPY t TO '${join(out, 'types_brotli.parquet')}' (FORMAT parquet, COMPRESSION brotli)`);
// An empty file: the schema and no row.
await run(`COPY (SELECT * FROM t WHERE false) TO '${join(out, 'empty.parquet')}' (FORMAT parquet)`);

// Values Quiver cannot hold, each in its own file; and types it does not read.
await run(`COPY (SELECT i AS id, CASE WHEN i = 2 THEN 18446744073709551615 ELSE i END::UBIGINT AS big FROM range(4) r(i))
           TO '${join(out, 'uint64_big.parquet')}' (FORMAT parquet)`);
await run(`COPY (SELECT i AS id, CASE WHEN i = 1 THEN [1, NULL, 3] ELSE [i] END AS l FROM range(3) r(i))
           TO '${join(out, 'list_null_element.parquet')}' (FORMAT parquet)`);
await run(`COPY (SELECT i AS id, CASE WHEN i = 1 THEN '\\xFF\\x41'::BLOB ELSE 'ok'::BLOB END AS raw FROM range(3) r(i))
           TO '${join(out, 'bad_utf8.parquet')}' (FORMAT parquet)`);
await run(`COPY (SELECT i AS "id:ID", (i * 0.5)::DOUBLE AS "score:int" FROM range(3) r(i))
           TO '${join(out, 'declared_mismatch.parquet')}' (FORMAT parquet)`);
await run(`COPY (SELECT i AS id, {'a': i, 'b': 'x'} AS st, INTERVAL (i) DAY AS iv, MAP {'k': i} AS m, [[i]] AS nested FROM range(3) r(i))
           TO '${join(out, 'unsupported.parquet')}' (FORMAT parquet)`);

// A small property graph, as Parquet and as CSV in neo4j-admin's header format: the
// import of either must give the same database (so every column is typed, as CSV needs).
// Two row groups of knows: the Parquet import reads them in parallel.
await run(`CREATE TABLE person AS SELECT i AS "id:ID(Person)", 'person ' || i AS name,
  CASE WHEN i % 4 = 0 THEN NULL ELSE 20 + i % 50 END AS "age:int", i * 1.5 AS "score:double",
  i % 2 = 0 AS "active:boolean", 'Person' || CASE WHEN i % 3 = 0 THEN ';Admin' ELSE '' END AS ":LABEL",
  CASE WHEN i % 5 = 0 THEN NULL ELSE ['t' || (i % 3), 't' || (i % 7)] END AS "tags:string[]"
  FROM range(300) r(i)`);
await run(`CREATE TABLE knows AS SELECT (i * 7) % 300 AS ":START_ID(Person)", (i * 13 + 1) % 300 AS ":END_ID(Person)",
  CASE WHEN i % 3 = 0 THEN 'KNOWS' ELSE 'LIKES' END AS ":TYPE", 2000 + i % 20 AS "since:int", i / 3.0 AS "weight:double"
  FROM range(3000) r(i)`);
await run(`COPY person TO '${join(out, 'graph_person.parquet')}' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 2048)`);
await run(`COPY knows TO '${join(out, 'graph_knows.parquet')}' (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 2048)`);
await run(`COPY (SELECT * REPLACE (array_to_string("tags:string[]", ';') AS "tags:string[]") FROM person)
           TO '${join(out, 'graph_person.csv')}' (HEADER, DELIMITER ',')`);
await run(`COPY knows TO '${join(out, 'graph_knows.csv')}' (HEADER, DELIMITER ',')`);
// The same graph with the plain column names another tool writes: imported with a CSV
// header file before the Parquet file (neo4j-admin's "header.csv,part" form).
await run(`COPY (SELECT "id:ID(Person)" AS person_id, name, "age:int" AS age, "score:double" AS score,
  "active:boolean" AS active, ":LABEL" AS labels, "tags:string[]" AS tags FROM person)
  TO '${join(out, 'plain_person.parquet')}' (FORMAT parquet, ROW_GROUP_SIZE 2048)`);
await run(`COPY (SELECT ":START_ID(Person)" AS src, ":END_ID(Person)" AS dst, ":TYPE" AS kind, "since:int" AS since,
  "weight:double" AS weight FROM knows) TO '${join(out, 'plain_knows.parquet')}' (FORMAT parquet, ROW_GROUP_SIZE 2048)`);

// Relationships without properties (the import's fast path): unknown endpoints, null and
// empty types, type changes.
await run(`CREATE TABLE plain_edges AS SELECT (i * 7) % 310 AS ":START_ID(Person)", (i * 13 + 1) % 300 AS ":END_ID(Person)",
  CASE WHEN i % 50 = 0 THEN NULL WHEN i % 50 = 1 THEN '' WHEN i % 7 < 3 THEN 'KNOWS' ELSE 'LIKES' END AS ":TYPE"
  FROM range(5000) r(i)`);
await run(`COPY plain_edges TO '${join(out, 'graph_plain_edges.parquet')}' (FORMAT parquet, ROW_GROUP_SIZE 2048)`);
await run(`COPY plain_edges TO '${join(out, 'graph_plain_edges.csv')}' (HEADER, DELIMITER ',')`);

// Tiny files for the fuzz target's seed corpus (tests/fuzz/corpus/parquet holds copies):
// a few rows each, under 4 KiB, across codecs, page versions and column shapes.
mkdirSync(join(out, 'seeds'));
const seed = (name, sql, options) =>
  run(`COPY (${sql}) TO '${join(out, 'seeds', name + '.parquet')}' (FORMAT parquet, ${options})`);
await seed('ints_strings_snappy', `SELECT i AS "id:ID", 'n' || i AS name, CASE WHEN i = 2 THEN NULL ELSE i * 3 END AS v FROM range(5) r(i)`, 'COMPRESSION snappy');
await seed('lists_v2_zstd', `SELECT i AS id, CASE WHEN i = 1 THEN NULL ELSE [i, i + 1] END AS l, ['a', 'b'][1:i % 3] AS s FROM range(5) r(i)`, 'COMPRESSION zstd, PARQUET_VERSION v2');
await seed('temporal_gzip', `SELECT DATE '2020-01-01' + i::INTEGER AS d, TIMESTAMPTZ '2020-01-01 00:00:00+00' + INTERVAL (i) HOUR AS t, (i / 3)::DECIMAL(9, 3) AS dec, i::DOUBLE / 7 AS f FROM range(4) r(i)`, 'COMPRESSION gzip');
await seed('dictionary_lz4', `SELECT ['x', 'y'][1 + i % 2] AS k, i % 2 = 0 AS b, (i % 3)::UTINYINT AS u FROM range(12) r(i)`, 'COMPRESSION lz4_raw');
await seed('plain_uncompressed', `SELECT i::SMALLINT AS s, i::FLOAT AS f, uuid() IS NULL AS nothing FROM range(6) r(i)`, 'COMPRESSION uncompressed, DICTIONARY_SIZE_LIMIT 1');

c.closeSync?.();
rmSync(finalDir, { recursive: true, force: true });
renameSync(out, finalDir);
console.log(`wrote ${finalDir}`);
