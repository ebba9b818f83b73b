// Quiver for Node.js: the typed API (docs/node.md is the manual).

export const version: string;

// ---- values -----------------------------------------------------------------------------

/** The temporal values (below), both ways. */
export type TemporalValue = Date | LocalTime | Time | LocalDateTime | DateTime | Duration;

/**
 * What a result holds (engine -> JavaScript). An INTEGER is a `number` when
 * |v| <= 2^53 - 1 (Number.MAX_SAFE_INTEGER), else a `bigint`.
 */
export type Value =
  | null
  | boolean
  | number
  | bigint
  | string
  | Value[]
  | { [key: string]: Value }
  | Node
  | Relationship
  | Path
  | TemporalValue;

/**
 * What a parameter may be (JavaScript -> engine). A `number` is an INTEGER when it is a
 * safe integer (Number.isSafeInteger, and not -0), else a FLOAT; a `bigint` an INTEGER
 * (RangeError outside 64 bits); a JavaScript Date a DateTime in UTC (offset 0); a plain
 * object a MAP; undefined is null.
 */
export type Parameter =
  | null
  | undefined
  | boolean
  | number
  | bigint
  | string
  | globalThis.Date
  | Parameter[]
  | { [key: string]: Parameter }
  | TemporalValue;

export type Parameters = { [name: string]: Parameter };

/** A node: its properties, and `_id`, `_label` (the first label, or null), `_labels`. */
export interface Node {
  _id: number | bigint;
  _label: string | null;
  _labels: string[];
  [property: string]: Value;
}

/** A relationship: its properties, `_id`, `_type` (also `_label`), `_src`, `_dst` (node ids). */
export interface Relationship {
  _id: number | bigint;
  _type: string;
  _label: string;
  _src: number | bigint;
  _dst: number | bigint;
  [property: string]: Value;
}

/** `_rels[i]` joins `_nodes[i]` and `_nodes[i + 1]`. */
export interface Path {
  _nodes: Node[];
  _rels: Relationship[];
}

declare abstract class Temporal {
  /** The ISO-8601 text Cypher's toString() writes. */
  toString(): string;
  toJSON(): string;
}

interface DateFields {
  year: number;
  month: number;
  day: number;
}

interface TimeFields {
  hour: number;
  minute: number;
  second: number;
  nanosecond: number;
}

export interface Date extends DateFields {}
export class Date extends Temporal {
  constructor(year: number, month: number, day: number);
}

export interface LocalTime extends TimeFields {}
export class LocalTime extends Temporal {
  constructor(hour?: number, minute?: number, second?: number, nanosecond?: number);
}

export interface Time extends TimeFields {}
export class Time extends Temporal {
  constructor(hour?: number, minute?: number, second?: number, nanosecond?: number, offsetSeconds?: number);
  offsetSeconds: number;
}

export interface LocalDateTime extends DateFields, TimeFields {}
export class LocalDateTime extends Temporal {
  constructor(year: number, month: number, day: number, hour?: number, minute?: number, second?: number,
              nanosecond?: number);
}

/**
 * A wall clock with its UTC offset and, when it has one, its IANA zone. Made with a zone
 * and no offset, the zone's rules place the wall clock; with both, the offset picks the
 * instant when the zone has that offset there.
 */
export interface DateTime extends DateFields, TimeFields {}
export class DateTime extends Temporal {
  constructor(year: number, month: number, day: number, hour?: number, minute?: number, second?: number,
              nanosecond?: number, offsetSeconds?: number | null, timeZoneId?: string | null);
  /** null only when made with a zone and no offset. */
  offsetSeconds: number | null;
  timeZoneId: string | null;
  /** The instant of a JavaScript Date, in UTC. */
  static fromDate(date: globalThis.Date): DateTime;
  /** The instant as a JavaScript Date (milliseconds; the zone is not kept). */
  toDate(): globalThis.Date;
}

export class Duration extends Temporal {
  constructor(months?: number | bigint, days?: number | bigint, seconds?: number | bigint, nanoseconds?: number);
  months: number | bigint;
  days: number | bigint;
  seconds: number | bigint;
  nanoseconds: number;
}

// ---- errors -----------------------------------------------------------------------------

export type ErrorClass =
  | 'SyntaxError'
  | 'SemanticError'
  | 'TypeError'
  | 'ArgumentError'
  | 'ArithmeticError'
  | 'ConstraintVerificationFailed'
  | 'EntityNotFound'
  | 'ProcedureError'
  | 'ParameterMissing'
  | 'ResourceExhausted'
  | 'StorageError'
  | 'InternalError'
  | 'ClientError'
  | 'Interrupted';

/** Every error of the engine, and every use of a closed object. */
export class QuiverError extends Error {
  constructor(message: string, fields?: { errorClass?: ErrorClass; detail?: string; phase?: 'compile time' | 'runtime' });
  /** The openCypher class. */
  errorClass: ErrorClass;
  /** The code within it ('UndefinedVariable', 'Cancelled', 'Timeout', ...); may be ''. */
  detail: string;
  phase: 'compile time' | 'runtime';
}

/** One subclass of QuiverError per class, named as in C++ (quiver/error.h). */
export const errors: {
  SyntaxError: typeof QuiverError;
  SemanticError: typeof QuiverError;
  TypeError: typeof QuiverError;
  ArgumentError: typeof QuiverError;
  ArithmeticError: typeof QuiverError;
  ConstraintVerificationFailed: typeof QuiverError;
  EntityNotFound: typeof QuiverError;
  ProcedureError: typeof QuiverError;
  ParameterMissing: typeof QuiverError;
  ResourceExhaustedError: typeof QuiverError;
  StorageError: typeof QuiverError;
  InternalError: typeof QuiverError;
  ClientError: typeof QuiverError;
  QueryInterrupted: typeof QuiverError;
};

// ---- databases, connections, results ----------------------------------------------------

export interface DatabaseOptions {
  /** Open for reading only: other processes may write; refresh() catches up with them. */
  readOnly?: boolean;
  /** Create the database when the directory holds none (default true). */
  createIfMissing?: boolean;
  /** Bytes for the delta store, log buffers and query operators (default: the resource policy's). */
  memoryBudget?: number | bigint;
  /** 'durable' (default): a commit returns once the log is fsynced; 'async': at once. */
  durability?: 'durable' | 'async';
  /** Bytes one statement's operators may hold (0: no limit; default half the memory budget). */
  queryMemoryLimit?: number | bigint;
  /** Threads one statement may use (0, the default: the resource policy's cores). */
  workers?: number;
}

export class Database {
  /** A directory, or undefined / ':memory:' for a database in memory. Opened by init() or at first use. */
  constructor(path?: string, options?: DatabaseOptions);
  init(): Promise<void>;
  /** A read-only database moves to what the writing process has committed since. */
  refresh(): Promise<void>;
  /** Closes every connection (after the calls already made on them), then the database. */
  close(): Promise<void>;
}

export type Row = { [column: string]: Value };

export interface UpdateCounters {
  nodesCreated: number;
  nodesDeleted: number;
  relationshipsCreated: number;
  relationshipsDeleted: number;
  propertiesSet: number;
  labelsAdded: number;
  labelsRemoved: number;
}

export interface QuerySummary {
  rows: number;
  /** From the call that started the statement to its last row. */
  elapsedMs: number;
  counters: UpdateCounters;
  containsUpdates: boolean;
  /** 'created 1 node, set 2 properties', or 'no changes'. */
  countersText: string;
  /** The most the statement's operators held at once (estimated). */
  peakMemoryBytes: number;
  /** Warnings about the statement, as Neo4j's (UnknownLabelWarning, ...). */
  notifications: Notification[];
  /** EXPLAIN's and PROFILE's plan (null for a plain statement). */
  plan: PlanOperator | null;
  /** The plan as text, one operator a line (the CLI's layout); null without a plan. */
  planText: string | null;
}

export interface PlanOperator {
  /** Quiver's operator name: 'NodeScan', 'Expand', 'Filter', ... */
  operatorType: string;
  /** What it does: '(a)-[r:KNOWS]->(b)', '(n.age > 30)'. */
  details: string;
  /** The variables the operator binds itself. */
  identifiers: string[];
  /** The planner's estimate, where it has statistics. */
  estimatedRows: number | null;
  /** True in PROFILE's plan: rows and timeNs are measured. */
  profiled: boolean;
  rows: number;
  /** Its requests to the storage engine (Neo4j's db hits), in PROFILE; 0 in EXPLAIN. */
  dbHits: number;
  /** Own time (inputs excluded); on the first operator of a pipeline only. */
  timeNs: number | null;
  /** How it ran: 'vectorized: 2 workers, 3 morsels', ... */
  note: string;
  /** Its inputs, the main one first. */
  children: PlanOperator[];
}

export interface Notification {
  /** 'Neo.ClientNotification.Statement.UnknownLabelWarning', ... */
  code: string;
  title: string;
  description: string;
  /** 'WARNING' */
  severity: string;
  /** 'UNRECOGNIZED' */
  category: string;
  /** Offset from 0, line and column from 1, in the statement's text. */
  position: { offset: number; line: number; column: number };
}

export class QueryResult implements AsyncIterable<Row> {
  getColumnNames(): string[];
  /** 'INTEGER', 'FLOAT', 'STRING', 'BOOLEAN', 'LIST', 'MAP', 'NODE', 'RELATIONSHIP', 'PATH', 'NULL' or 'ANY'. */
  getColumnDataTypes(): string[];
  /** Whether getNext() returns a row. */
  hasNext(): boolean;
  /** The next row, or null after the last. */
  getNext(): Promise<Row | null>;
  /** The rows not read yet. */
  getAll(): Promise<Row[]>;
  /** Reads and drops the rows not read yet. */
  getSummary(): Promise<QuerySummary>;
  /** Leaving the loop early closes the result. */
  [Symbol.asyncIterator](): AsyncIterator<Row>;
  close(): void;
}

export class PreparedStatement {
  readonly text: string;
  getColumnNames(): string[];
  getColumnDataTypes(): string[];
  isReadOnly(): boolean;
  close(): void;
}

export class Connection {
  constructor(database: Database);
  /** Opens the database if need be and connects (every call does it first). */
  init(): Promise<void>;
  /** One statement, or BEGIN [TRANSACTION] [READ ONLY] / COMMIT / ROLLBACK. */
  query(statement: string, params?: Parameters): Promise<QueryResult>;
  prepare(statement: string, params?: Parameters): Promise<PreparedStatement>;
  execute(preparedStatement: PreparedStatement, params?: Parameters): Promise<QueryResult>;
  begin(options?: { readOnly?: boolean }): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  /** Statements started after this call end with QueryInterrupted (Timeout) past `ms`; 0: no limit. */
  setQueryTimeout(ms: number): void;
  /** Bytes one statement's operators may hold; 0: no limit. */
  setQueryMemoryLimit(bytes: number | bigint): void;
  /** Stops the statements running or streaming now (QueryInterrupted, Cancelled). */
  interrupt(): void;
  /** After the calls already made; open results and statements close with it. */
  close(): Promise<void>;
}

// ---- bulk import ------------------------------------------------------------------------

export interface ImportSpec {
  /** {'Person': 'people.csv', 'Person:Employee': ['header.csv', 'rows.csv'], '': 'labelled-by-column.csv'} */
  nodes?: { [labels: string]: string | string[] };
  /** {'KNOWS': 'knows.csv', '': 'typed-by-column.csv'} */
  relationships?: { [type: string]: string | string[] };
  integerIds?: boolean;
  skipBadRows?: boolean;
  reportPath?: string;
  replace?: boolean;
  /** add to the graph the database holds (docs/ingest.md, "Incremental import"); excludes replace */
  incremental?: boolean;
  threads?: number;
  memoryBudget?: number | bigint;
  delimiter?: string;
  quote?: string;
  arrayDelimiter?: string;
}

export interface ImportSummary {
  nodes: number;
  relationships: number;
  badRows: number;
  generation: number;
  seconds: number;
}

/** Imports CSV files into the database at dbPath, which no process may have open. */
export function importCsv(dbPath: string, spec: ImportSpec): Promise<ImportSummary>;

// ---- export ----------------------------------------------------------------------------

export interface ExportOptions {
  /** 'csv' (default), 'parquet', 'jsonl' or 'cypher' */
  format?: string;
  /** Parquet compression: 'zstd' (default), 'snappy', 'gzip' or 'none' */
  codec?: string;
  /** a named checkpoint instead of the latest commit */
  atCheckpoint?: string;
  threads?: number;
}

export interface ExportSummary {
  nodes: number;
  relationships: number;
  generation: number;
  sequence: number;
  bytes: number;
  files: string[];
  seconds: number;
}

/** Writes one snapshot of the database at dbPath into directory (new or empty). */
export function exportDatabase(dbPath: string, directory: string, options?: ExportOptions): Promise<ExportSummary>;

/** Imports a CSV export (its export.json) into the new database at dbPath. */
export function importExported(
  dbPath: string,
  directory: string,
  options?: { skipBadRows?: boolean; reportPath?: string; threads?: number },
): Promise<ImportSummary>;

declare const quiver: {
  version: typeof version;
  Database: typeof Database;
  Connection: typeof Connection;
  PreparedStatement: typeof PreparedStatement;
  QueryResult: typeof QueryResult;
  QuiverError: typeof QuiverError;
  errors: typeof errors;
  Date: typeof Date;
  LocalTime: typeof LocalTime;
  Time: typeof Time;
  LocalDateTime: typeof LocalDateTime;
  DateTime: typeof DateTime;
  Duration: typeof Duration;
  importCsv: typeof importCsv;
  exportDatabase: typeof exportDatabase;
  importExported: typeof importExported;
};
export default quiver;
