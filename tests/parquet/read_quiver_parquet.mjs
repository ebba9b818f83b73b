// DuckDB, the real reader, reads the Parquet files Quiver's writer wrote
// (write_quiver_parquet: tests/unit/export/parquet_cases.h) and must find in each what
// expected.json says: the column types (DESCRIBE), the schema's logical and converted
// types (parquet_schema), the row groups, codec and statistics (parquet_metadata), and
// every value of every row in order.
//   node read_quiver_parquet.mjs DIR
import { DuckDBInstance } from '@duckdb/node-api';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node read_quiver_parquet.mjs DIR');
const expected = JSON.parse(readFileSync(`${dir}/expected.json`, 'utf8'));

const db = await DuckDBInstance.create(':memory:');
const c = await db.connect();
const json = async (sql) => (await c.runAndReadAll(sql)).getRowObjectsJson();
const raw = async (sql) => (await c.runAndReadAll(sql)).getRowObjects();

const duckType = { INT64: 'BIGINT', DOUBLE: 'DOUBLE', BOOLEAN: 'BOOLEAN', STRING: 'VARCHAR', DATE: 'DATE',
                   'TIME(NANOS)': 'TIME_NS', 'TIMESTAMP(NANOS)': 'TIMESTAMP_NS' };
// The leaf's converted type (parquet_schema) and the logical type's name in DuckDB's text of it.
const annotation = { INT64: ['INT_64', /IntType/], DOUBLE: [null, null], BOOLEAN: [null, null],
                     STRING: ['UTF8', /StringType/], DATE: ['DATE', /DateType/],
                     'TIME(NANOS)': [null, /TimeType\(isAdjustedToUTC=0, unit=TimeUnit\(.*NANOS=NanoSeconds/],
                     'TIMESTAMP(NANOS)': [null, /TimestampType\(isAdjustedToUTC=0, unit=TimeUnit\(.*NANOS=NanoSeconds/] };

// A DuckDB value in expected.json's form (see parquet_cases.h's ExpectedJson).
function canonical(type, v) {
  if (v === null) return null;
  switch (type) {
    case 'INT64': return String(v);
    case 'DOUBLE': return v;  // compared with Object.is against Number(expected)
    case 'DATE': return v.days;
    case 'TIME(NANOS)': case 'TIMESTAMP(NANOS)': return String(v.nanos);
    default: return v;
  }
}

function same(type, got, want, where) {
  if (type === 'DOUBLE' && want !== null) {
    assert.ok(Object.is(got, Number(want)), `${where}: DuckDB read ${got}, Quiver wrote ${want}`);
  } else {
    assert.deepStrictEqual(got, want, where);
  }
}

let checked = 0;
for (const file of expected) {
  const path = `${dir}/${file.file}`;
  const src = `read_parquet('${path}')`;
  const types = await json(`DESCRIBE SELECT * FROM ${src}`);
  assert.deepStrictEqual(types.map((t) => t.column_name), file.columns.map((col) => col.name), `${file.file}: columns`);
  file.columns.forEach((col, i) => {
    assert.equal(types[i].column_type, duckType[col.type] + (col.list ? '[]' : ''), `${file.file}: type of ${col.name}`);
  });

  const schema = await json(`SELECT * FROM parquet_schema('${path}')`);
  for (const col of file.columns) {
    const leafName = col.list ? 'element' : col.name;
    const top = schema.find((e) => e.name === col.name);
    assert.equal(top.repetition_type, col.required ? 'REQUIRED' : 'OPTIONAL', `${file.file}: repetition of ${col.name}`);
    if (col.list) {
      assert.equal(top.converted_type, 'LIST', `${file.file}: ${col.name} converted type`);
      assert.match(String(top.logical_type), /ListType/, `${file.file}: ${col.name} logical type`);
    }
    // The leaf: the top element itself, or the element after the top and its 'list'.
    const leaf = col.list ? schema[schema.indexOf(top) + 2] : top;
    assert.equal(leaf.name, leafName);
    const [converted, logical] = annotation[col.type];
    assert.equal(leaf.converted_type ?? null, converted, `${file.file}: ${col.name} converted type`);
    if (logical) assert.match(String(leaf.logical_type), logical, `${file.file}: ${col.name} logical type`);
  }

  const meta = await json(`SELECT * FROM parquet_metadata('${path}')`);
  assert.equal(new Set(meta.map((m) => m.row_group_id)).size, file.row_groups, `${file.file}: row groups`);
  for (const m of meta) {
    assert.equal(m.compression, file.codec, `${file.file}: codec`);
    const top = m.path_in_schema.split(', ')[0];
    if (file.dictionary_columns.includes(top)) {
      assert.match(m.encodings, /RLE_DICTIONARY/, `${file.file}: ${top} dictionary-encoded`);
      assert.notEqual(m.dictionary_page_offset, null, `${file.file}: ${top} dictionary page`);
    }
  }
  const created = await json(`SELECT created_by FROM parquet_file_metadata('${path}')`);
  assert.match(created[0].created_by, /^quiver \d+\.\d+\.\d+/, `${file.file}: created_by`);

  const rows = await raw(`SELECT * FROM ${src}`);
  assert.equal(rows.length, file.rows.length, `${file.file}: row count`);
  rows.forEach((row, r) => {
    file.columns.forEach((col, i) => {
      const where = `${file.file}: row ${r}, column ${col.name}`;
      const v = row[col.name];
      const want = file.rows[r][i];
      if (!col.list || v === null) return same(col.type, canonical(col.type, v), want, where);
      assert.ok(Array.isArray(want), `${where}: DuckDB read a list, Quiver wrote ${JSON.stringify(want)}`);
      assert.equal(v.items.length, want.length, `${where}: list length`);
      v.items.forEach((e, k) => same(col.type, canonical(col.type, e), want[k], `${where}[${k}]`));
    });
  });
  checked += rows.length;

  // The id column's statistics let DuckDB skip row groups; the filter must still be exact.
  if (file.columns[0].name === 'id' && file.rows.length > 0) {
    const stats = meta.find((m) => m.path_in_schema === 'id' && String(m.row_group_id) === '0');
    assert.equal(String(stats.stats_min_value), '0', `${file.file}: id min`);
    const hits = await json(`SELECT count(*) AS n FROM ${src} WHERE id BETWEEN 100 AND 2000`);
    const want = file.rows.filter((row) => BigInt(row[0]) >= 100n && BigInt(row[0]) <= 2000n).length;
    assert.equal(String(hits[0].n), String(want), `${file.file}: filtered count`);
  }
}
console.log(`DuckDB read ${expected.length} files, ${checked} rows, as written`);
