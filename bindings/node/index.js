'use strict';
// Quiver for Node.js: an embedded property-graph database (openCypher). docs/node.md is
// the manual; index.d.ts the typed API. The engine runs in quiver.node (bindings/node/src):
// every call that can take time runs on the connection's (or the database's) own
// thread and returns a Promise, so the event loop never waits for a statement.

const native = require('./quiver.node');
const { version } = require('./package.json');

// Rows a QueryResult asks the engine for at a time: what one trip to the connection's
// thread brings back (the engine computes a read-only statement's rows as they are
// asked for, so a result holds at most about this many).
const BATCH_SIZE = 2048;

// ---- errors -------------------------------------------------------------------------

// Every error of the engine: errorClass is the openCypher class ('SyntaxError',
// 'TypeError', ..., 'ClientError', 'Interrupted'), detail the code within it
// ('UndefinedVariable', 'Cancelled', ...), phase 'compile time' or 'runtime'.
class QuiverError extends Error {
  constructor(message, { errorClass = 'InternalError', detail = '', phase = 'runtime' } = {}) {
    super(message);
    this.errorClass = errorClass;
    this.detail = detail;
    this.phase = phase;
  }

  get name() {
    return this.constructor.name;
  }
}

// One subclass per class, named as in C++ (quiver/error.h): errorClass -> class.
const errors = {};
const errorsByClass = {};
for (const [name, errorClass] of [
  ['SyntaxError', 'SyntaxError'],
  ['SemanticError', 'SemanticError'],
  ['TypeError', 'TypeError'],
  ['ArgumentError', 'ArgumentError'],
  ['ArithmeticError', 'ArithmeticError'],
  ['ConstraintVerificationFailed', 'ConstraintVerificationFailed'],
  ['EntityNotFound', 'EntityNotFound'],
  ['ProcedureError', 'ProcedureError'],
  ['ParameterMissing', 'ParameterMissing'],
  ['ResourceExhaustedError', 'ResourceExhausted'],
  ['StorageError', 'StorageError'],
  ['InternalError', 'InternalError'],
  ['ClientError', 'ClientError'],
  ['QueryInterrupted', 'Interrupted'],
  ['SchemaError', 'SchemaError'],
]) {
  const cls = { [name]: class extends QuiverError {} }[name];
  errors[name] = cls;
  errorsByClass[errorClass] = cls;
}

function makeError(errorClass, detail, phase, message) {
  const cls = errorsByClass[errorClass] || QuiverError;
  const error = new cls(message, { errorClass, detail, phase });
  Error.captureStackTrace(error, makeError);  // the stack starts where the error surfaced
  return error;
}

function closedError(what, detail) {
  return makeError('ClientError', detail, 'runtime', `the ${what} is closed`);
}

// ---- temporal values ----------------------------------------------------------------
// Field by field, as the engine holds them (docs/temporal.md): a JavaScript Date has no
// nanoseconds, no zone, and no date without a time. toString() is the ISO text Cypher's
// toString() writes; JSON.stringify writes the same.

class Temporal {
  toString() {
    return native.isoString(this);
  }

  toJSON() {
    return this.toString();
  }
}

const QuiverDate = class Date extends Temporal {
  constructor(year, month, day) {
    super();
    Object.assign(this, { year, month, day });
  }
};

const LocalTime = class LocalTime extends Temporal {
  constructor(hour = 0, minute = 0, second = 0, nanosecond = 0) {
    super();
    Object.assign(this, { hour, minute, second, nanosecond });
  }
};

const Time = class Time extends Temporal {
  constructor(hour = 0, minute = 0, second = 0, nanosecond = 0, offsetSeconds = 0) {
    super();
    Object.assign(this, { hour, minute, second, nanosecond, offsetSeconds });
  }
};

const LocalDateTime = class LocalDateTime extends Temporal {
  constructor(year, month, day, hour = 0, minute = 0, second = 0, nanosecond = 0) {
    super();
    Object.assign(this, { year, month, day, hour, minute, second, nanosecond });
  }
};

// A wall clock with its UTC offset, and the IANA zone when it has one. Made with a zone
// and no offset, the zone's rules place the wall clock (as Cypher's datetime() does).
const DateTime = class DateTime extends Temporal {
  constructor(year, month, day, hour = 0, minute = 0, second = 0, nanosecond = 0, offsetSeconds, timeZoneId = null) {
    super();
    Object.assign(this, { year, month, day, hour, minute, second, nanosecond });
    this.offsetSeconds = offsetSeconds ?? (timeZoneId ? null : 0);
    this.timeZoneId = timeZoneId || null;
  }

  // The instant, in UTC (a JavaScript Date keeps milliseconds: finer digits are dropped).
  static fromDate(date) {
    if (!(date instanceof globalThis.Date) || Number.isNaN(date.getTime())) {
      throw new TypeError('DateTime.fromDate needs a valid Date');
    }
    return new DateTime(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(),
      date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds() * 1e6, 0, null);
  }

  // The same instant as a JavaScript Date (milliseconds; the zone is not kept).
  toDate() {
    return new globalThis.Date(native.epochMillis(this));
  }
};

const Duration = class Duration extends Temporal {
  constructor(months = 0, days = 0, seconds = 0, nanoseconds = 0) {
    super();
    Object.assign(this, { months, days, seconds, nanoseconds });
  }
};

native.setup({ Date: QuiverDate, LocalTime, Time, LocalDateTime, DateTime, Duration, makeError });

// ---- database and connections -------------------------------------------------------

// Results and statements nobody closed are released when their objects are collected.
const released = new FinalizationRegistry(({ connection, id, kind }) => {
  if (kind === 'result') connection.dropResult(id);
  else connection.dropStatement(id);
});

class Database {
  // path: a directory (created unless options.createIfMissing is false); undefined or
  // ':memory:' for a database in memory. Opened at init(), or at a connection's first call.
  constructor(path, options = {}) {
    this._native = new native.NativeDatabase(path ?? null, options);
    this._opening = null;
    this._closing = null;
    this._closed = false;
  }

  init() {
    if (this._closed) return Promise.reject(closedError('database', 'DatabaseClosed'));
    if (!this._opening) this._opening = this._native.open();
    return this._opening;
  }

  // A read-only database moves to what the writing process has committed since.
  async refresh() {
    await this.init();
    return this._native.refresh();
  }

  // Closes every connection (after the calls already made on it), then the database.
  close() {
    if (!this._closing) {
      this._closed = true;
      this._closing = (this._opening ? this._opening.catch(() => {}) : Promise.resolve()).then(() => this._native.close());
    }
    return this._closing;
  }
}

class Connection {
  constructor(database) {
    if (!(database instanceof Database)) throw new TypeError('new Connection(database): not a quiver.Database');
    if (database._closed) throw closedError('database', 'DatabaseClosed');
    this._database = database;
    this._native = new native.NativeConnection(database._native);
    this._ready = null;
    this._closed = false;
  }

  // Closed by its own close() or its database's.
  _isClosed() {
    return this._closed || this._database._closed;
  }

  _check() {
    if (this._isClosed()) throw closedError('connection', 'ConnectionClosed');
  }

  // Opens the database if need be and connects; every call does it first.
  init() {
    if (this._isClosed()) return Promise.reject(closedError('connection', 'ConnectionClosed'));
    if (!this._ready) this._ready = this._database.init().then(() => this._native.connect());
    return this._ready;
  }

  async query(statement, params) {
    this._check();
    await this.init();
    return new QueryResult(this, await this._native.query(statement, params, BATCH_SIZE));
  }

  async prepare(statement, params) {
    this._check();
    await this.init();
    return new PreparedStatement(this, statement, await this._native.prepare(statement, params));
  }

  async execute(preparedStatement, params) {
    this._check();
    if (!(preparedStatement instanceof PreparedStatement)) {
      throw new TypeError('execute(preparedStatement, params): not a quiver.PreparedStatement');
    }
    if (preparedStatement._connection !== this) {
      throw makeError('ClientError', 'ForeignStatement', 'runtime', 'the statement was prepared on another connection');
    }
    preparedStatement._check();
    await this.init();
    return new QueryResult(this, await this._native.execute(preparedStatement._id, params, BATCH_SIZE));
  }

  async begin({ readOnly = false } = {}) {
    this._check();
    await this.init();
    return this._native.begin(readOnly);
  }

  async commit() {
    this._check();
    await this.init();
    return this._native.commit();
  }

  async rollback() {
    this._check();
    await this.init();
    return this._native.rollback();
  }

  // Statements started after this call (in call order) end with QueryInterrupted
  // (detail Timeout) past `ms` milliseconds; 0: no limit.
  setQueryTimeout(ms) {
    this._check();
    this._native.setQueryTimeout(ms);
  }

  // What one statement's operators may hold, in bytes; 0: no limit.
  setQueryMemoryLimit(bytes) {
    this._check();
    this._native.setQueryMemoryLimit(bytes);
  }

  // Stops the statements of this connection running or streaming now: their promises
  // reject with QueryInterrupted (detail Cancelled). Calls made later run normally.
  interrupt() {
    this._check();
    this._native.interrupt();
  }

  // Closes the connection after the calls already made; open results and statements
  // close with it, an open transaction rolls back.
  async close() {
    if (this._closed) return;
    this._closed = true;
    if (this._database._closed) return this._database.close();  // closes this connection too
    if (this._ready) await this._ready.catch(() => {});
    await this._native.close();
  }
}

class PreparedStatement {
  constructor(connection, text, info) {
    this._connection = connection;
    this._id = info.id;
    this._columns = info.columns;
    this._types = info.types;
    this._readOnly = info.readOnly;
    this._closed = false;
    this.text = text;
    released.register(this, { connection: connection._native, id: info.id, kind: 'statement' }, this);
  }

  _check() {
    if (this._closed) throw closedError('prepared statement', 'StatementClosed');
  }

  // As planned with the parameters given to prepare() (empty when it needs parameters
  // it was not given: it is planned at its first execution).
  getColumnNames() {
    return [...this._columns];
  }

  getColumnDataTypes() {
    return [...this._types];
  }

  // False when the statement may write.
  isReadOnly() {
    return this._readOnly;
  }

  close() {
    if (this._closed) return;
    this._closed = true;
    released.unregister(this);
    this._connection._native.dropStatement(this._id);
  }
}

class QueryResult {
  constructor(connection, info) {
    this._connection = connection;
    this._native = connection._native;
    this._id = info.id;
    this._columns = info.columns;
    this._types = info.types;
    this._rows = info.rows;  // the batch being read
    this._next = 0;          // this._rows[this._next] is the next row
    this._done = info.done;  // no batch follows this one
    this._closed = false;
    this._summary = null;
    this._queue = Promise.resolve();  // the calls on this result, one after another
    this._waiting = 0;                // calls in _queue not yet settled
    released.register(this, { connection: this._native, id: info.id, kind: 'result' }, this);
  }

  // A result closes with its connection (and the rows read ahead go with it).
  _check() {
    if (this._closed) throw closedError('result', 'ResultClosed');
    this._connection._check();
  }

  // Runs `call` after the calls made before it on this result.
  _inTurn(call) {
    this._waiting++;
    const run = this._queue.then(() => {
      this._check();
      return call();
    });
    this._queue = run.catch(() => {}).then(() => { this._waiting--; });
    return run;
  }

  // The next row of the batch at hand, when no call waits before it; else undefined.
  _take() {
    if (this._waiting > 0 || this._closed || this._next >= this._rows.length || this._connection._isClosed()) {
      return undefined;
    }
    const row = this._rows[this._next];
    this._rows[this._next++] = undefined;  // let it go once handed out
    return row;
  }

  async _fetch() {
    const batch = await this._native.fetch(this._id, BATCH_SIZE);
    this._rows = batch.rows;
    this._next = 0;
    this._done = batch.done;
  }

  getColumnNames() {
    return [...this._columns];
  }

  // 'INTEGER', 'STRING', 'NODE', ... or 'ANY' (docs/api.md, "Results").
  getColumnDataTypes() {
    return [...this._types];
  }

  // Whether getNext() will return a row (known without asking the engine: each batch
  // says whether another follows).
  hasNext() {
    this._check();
    return this._next < this._rows.length || !this._done;
  }

  // The next row as an object keyed by column name, or null after the last.
  getNext() {
    const row = this._take();
    if (row !== undefined) return Promise.resolve(row);
    return this._inTurn(async () => {
      if (this._next >= this._rows.length) {
        if (this._done) return null;
        await this._fetch();
        if (this._next >= this._rows.length) return null;
      }
      const next = this._rows[this._next];
      this._rows[this._next++] = undefined;
      return next;
    });
  }

  // The rows not read yet, all in memory.
  getAll() {
    return this._inTurn(async () => {
      const rows = this._rows.slice(this._next);
      while (!this._done) {
        await this._fetch();
        for (const row of this._rows) rows.push(row);
      }
      this._rows = [];
      this._next = 0;
      return rows;
    });
  }

  // {rows, elapsedMs, counters, containsUpdates, countersText, peakMemoryBytes,
  // notifications, plan, planText}: reads
  // and drops the rows not read yet (as the C++ summary() does).
  getSummary() {
    return this._inTurn(async () => {
      if (!this._summary) {
        this._summary = await this._native.summary(this._id);
        this._rows = [];
        this._next = 0;
        this._done = true;
      }
      return this._summary;
    });
  }

  // Leaving the loop early (break, return, a throw) closes the result. (An iterator of
  // its own rather than an async generator: a row at hand costs one promise.)
  [Symbol.asyncIterator]() {
    let finished = false;
    const end = (row) => {
      if (row !== null) return { done: false, value: row };
      finished = true;
      return { done: true, value: undefined };
    };
    return {
      next: () => {
        const row = this._take();
        return row !== undefined ? Promise.resolve({ done: false, value: row }) : this.getNext().then(end);
      },
      return: () => {
        if (!finished) this.close();
        return Promise.resolve({ done: true, value: undefined });
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }

  // Stops the statement (if it still runs) and releases it.
  close() {
    if (this._closed) return;
    this._closed = true;
    this._rows = [];
    released.unregister(this);
    this._native.dropResult(this._id);
  }
}

// ---- bulk import --------------------------------------------------------------------

// quiver::ImportCsv (docs/node.md, "Bulk import"): neo4j-admin style CSV files into the
// database at dbPath, which no process may have open; on a thread of its own.
async function importCsv(dbPath, spec) {
  return native.importCsv(dbPath, spec);
}

// ---- export ---------------------------------------------------------------------------

// quiver::ExportDatabase (docs/node.md, "Export"): one snapshot of the database at dbPath
// into directory, beside open connections and other processes; on a thread of its own.
async function exportDatabase(dbPath, directory, options) {
  return native.exportDatabase(dbPath, directory, options);
}

// quiver::ImportExported: a CSV export read back into a new database.
async function importExported(dbPath, directory, options) {
  return native.importExported(dbPath, directory, options);
}

module.exports = {
  version,
  Database,
  Connection,
  PreparedStatement,
  QueryResult,
  QuiverError,
  errors,
  Date: QuiverDate,
  LocalTime,
  Time,
  LocalDateTime,
  DateTime,
  Duration,
  importCsv,
  exportDatabase,
  importExported,
};
module.exports.default = module.exports;  // import quiver from 'quiver' through a bundler or TypeScript
