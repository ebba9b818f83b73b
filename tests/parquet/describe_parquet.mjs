// Prints, for each Parquet file given, DuckDB's view of it: its columns and types, then
// its row count — what tests/cli/export_test.sh compares with what `quiver export
// --format parquet` meant to write.
//   node describe_parquet.mjs FILE...
import { DuckDBInstance } from '@duckdb/node-api';

const instance = await DuckDBInstance.create(':memory:');
const connection = await instance.connect();
for (const file of process.argv.slice(2)) {
  const quoted = `'${file.replaceAll("'", "''")}'`;
  const columns = await connection.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${quoted})`);
  const count = await connection.runAndReadAll(`SELECT count(*) FROM read_parquet(${quoted})`);
  const names = columns.getRows().map((row) => `${row[0]} ${row[1]}`);
  console.log(`${file.split('/').at(-1)}: ${names.join(', ')}; ${count.getRows()[0][0]} rows`);
}
