// The ES module face of the package: `import { Database, Connection } from 'quiver'`
// (index.js is the implementation; docs/node.md).
import quiver from './index.js';

export const {
  version,
  Database,
  Connection,
  PreparedStatement,
  QueryResult,
  QuiverError,
  errors,
  Date,
  LocalTime,
  Time,
  LocalDateTime,
  DateTime,
  Duration,
  importCsv,
} = quiver;
export default quiver;
