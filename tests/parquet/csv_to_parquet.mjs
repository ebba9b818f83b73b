// Converts neo4j-admin CSV files to Parquet with DuckDB, the column names kept (they are
// the header fields `quiver import` reads) and the column types DuckDB detects: the
// Parquet import benchmark's input (bench/ingest/parquet_bench.py).
//   node csv_to_parquet.mjs OUT_DIR CODEC FILE.csv...   (CODEC: zstd, snappy, uncompressed, ...)
// ROW_GROUP_SIZE=N in the environment caps the rows of a row group (DuckDB's default
// otherwise), so a small file can still have several.
import { DuckDBInstance } from '@duckdb/node-api';
import { basename, join } from 'node:path';

const [outDir, codec, ...files] = process.argv.slice(2);
if (!outDir || !codec || files.length === 0) throw new Error('usage: node csv_to_parquet.mjs OUT_DIR CODEC FILE.csv...');
const db = await DuckDBInstance.create(':memory:');
const c = await db.connect();
for (const f of files) {
  const out = join(outDir, basename(f).replace(/\.csv$/, '.parquet'));
  const groups = process.env.ROW_GROUP_SIZE ? `, ROW_GROUP_SIZE ${Number(process.env.ROW_GROUP_SIZE)}` : '';
  await c.run(`COPY (SELECT * FROM read_csv('${f}', header = true)) TO '${out}' (FORMAT parquet, COMPRESSION ${codec}${groups})`);
  console.log(`${f} -> ${out}`);
}
