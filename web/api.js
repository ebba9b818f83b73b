// The server: the discovery document, credentials, and Neo4j's HTTP transaction
// endpoint. A query the user runs goes through an explicit transaction so that Cancel
// can DELETE it; the page's own small queries (schema, expanding the graph) commit in
// one request.

import { parseResponse } from './values.js';

const CREDENTIALS_KEY = 'quiver.credentials';

export class ApiError extends Error {
  constructor(code, message, status = 0) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

// Login needed, or the credentials were refused.
export class AuthError extends ApiError {}

// HTTP Basic wants the credentials' UTF-8 bytes in base64; btoa takes Latin-1 only.
function basic(user, password) {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return 'Basic ' + btoa(binary);
}

// The endpoint answers with absolute URLs built from our Host header; we keep only the
// path so that requests stay on the page's origin even behind a proxy.
function pathOf(url) {
  try {
    const u = new URL(url, location.href);
    return u.pathname;
  } catch {
    return url;
  }
}

// JSON.rawJSON writes an INTEGER id past 2^53 exactly; older browsers get a number.
function rawInteger(text) {
  return typeof JSON.rawJSON === 'function' ? JSON.rawJSON(String(text)) : Number(text);
}
export { rawInteger };

export class Api {
  constructor() {
    this.database = 'neo4j';
    this.readOnly = false;
    this.authRequired = false;
    this.credentials = null;
    try {
      this.credentials = JSON.parse(sessionStorage.getItem(CREDENTIALS_KEY) || 'null');
    } catch {
      this.credentials = null;
    }
    this.onConnection = () => {};  // (connected: bool, detail: string)
    this.onUnauthorized = () => {};  // (message)
  }

  get user() {
    return this.credentials?.user ?? null;
  }

  setCredentials(user, password) {
    this.credentials = { user, password };
    sessionStorage.setItem(CREDENTIALS_KEY, JSON.stringify(this.credentials));
  }

  clearCredentials() {
    this.credentials = null;
    sessionStorage.removeItem(CREDENTIALS_KEY);
  }

  headers(extra = {}) {
    const h = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      // Asks the server not to send WWW-Authenticate, whose dialog would hide our form.
      'X-Requested-With': 'XMLHttpRequest',
      ...extra,
    };
    if (this.credentials) h.Authorization = basic(this.credentials.user, this.credentials.password);
    return h;
  }

  async discover() {
    let response;
    try {
      response = await fetch('/', { headers: { Accept: 'application/json' }, cache: 'no-store' });
    } catch (e) {
      this.onConnection(false, 'cannot reach the server');
      throw new ApiError('Network', 'cannot reach the server: ' + e.message);
    }
    if (!response.ok) {
      this.onConnection(false, `HTTP ${response.status}`);
      throw new ApiError('HTTP', `discovery failed: HTTP ${response.status}`, response.status);
    }
    const doc = await response.json();
    const q = doc.quiver || {};
    this.database = q.database || 'neo4j';
    this.readOnly = !!q.read_only;
    this.authRequired = !!q.auth_required;
    this.discovery = doc;
    this.onConnection(true, '');
    return doc;
  }

  // One request; resolves with {status, headers, text, json} for any answer the
  // endpoint gives in JSON, throws AuthError on 401 and ApiError when nothing usable came.
  async request(method, path, body, { signal, notifyUnauthorized = true } = {}) {
    let response;
    let text;
    try {
      response = await fetch(path, { method, headers: this.headers(), body, signal, cache: 'no-store' });
      text = await response.text();
    } catch (e) {
      if (e.name === 'AbortError') throw new ApiError('Aborted', 'the request was aborted');
      this.onConnection(false, 'cannot reach the server');
      throw new ApiError('Network', 'cannot reach the server (' + e.message + ')');
    }
    this.onConnection(true, '');
    let json = null;
    try {
      json = text ? parseResponse(text) : null;
    } catch {
      json = null;
    }
    if (response.status === 401) {
      const message = json?.errors?.[0]?.message || 'authentication required';
      if (notifyUnauthorized) this.onUnauthorized(message);
      throw new AuthError(json?.errors?.[0]?.code || 'Neo.ClientError.Security.Unauthorized', message, 401);
    }
    if (json === null) {
      throw new ApiError('HTTP', `HTTP ${response.status}: the server's answer is not JSON`, response.status);
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  // Runs statements in one auto-commit request: [{statement, parameters}] -> the
  // response's JSON; the first error is thrown as ApiError.
  async commit(statements, options = {}) {
    const body = JSON.stringify({ statements });
    const { json } = await this.request('POST', `/db/${encodeURIComponent(this.database)}/tx/commit`, body, options);
    if (json.errors?.length) throw new ApiError(json.errors[0].code, json.errors[0].message);
    return json;
  }

  // Checks credentials with a request that runs nothing.
  async login(user, password) {
    const saved = this.credentials;
    this.credentials = { user, password };
    try {
      await this.request('POST', `/db/${encodeURIComponent(this.database)}/tx/commit`, '{"statements":[]}', {
        notifyUnauthorized: false,
      });
    } catch (e) {
      this.credentials = saved;
      throw e;
    }
    this.setCredentials(user, password);
  }

  // The user's query: returns a RunningQuery (promise + cancel()).
  run(statement, parametersText, rowLimit) {
    return new RunningQuery(this, statement, parametersText, rowLimit);
  }
}

// If the server does not answer within this long after a DELETE, the page stops
// waiting (and closes the request, which stops the statement too).
const CANCEL_GRACE_MS = 1500;

export class RunningQuery {
  constructor(api, statement, parametersText, rowLimit) {
    this.api = api;
    this.cancelled = false;
    this.txPath = null;
    this.controller = new AbortController();
    // The parameters' own text goes into the body, so that 1.0 stays a FLOAT and big
    // integers stay exact (app.js checked that it is a JSON object).
    this.body =
      '{"statements":[{"statement":' +
      JSON.stringify(statement) +
      ',"parameters":' +
      (parametersText.trim() || '{}') +
      ',"resultDataContents":["row","graph"],"includeStats":true' +
      (rowLimit > 0 ? ',"rowLimit":' + Math.floor(rowLimit) : '') +
      '}]}';
    this.started = performance.now();
    this.promise = this.execute();
  }

  async execute() {
    const db = encodeURIComponent(this.api.database);
    const begin = await this.api.request('POST', `/db/${db}/tx`, '{"statements":[]}', {
      signal: this.controller.signal,
    });
    if (begin.status !== 201 || !begin.json.commit) {
      const error = begin.json.errors?.[0];
      throw new ApiError(error?.code || 'HTTP', error?.message || `opening a transaction: HTTP ${begin.status}`);
    }
    const commitPath = pathOf(begin.json.commit);
    this.txPath = pathOf(begin.headers.get('Location') || commitPath.replace(/\/commit$/, ''));
    if (this.cancelled) {
      this.rollback();
      return this.cancelledResult('cancelled before it started');
    }
    let answer;
    try {
      answer = await this.api.request('POST', commitPath, this.body, { signal: this.controller.signal });
    } catch (e) {
      if (this.cancelled && e.code === 'Aborted') return this.cancelledResult('the page stopped waiting for it');
      throw e;
    }
    const clientMillis = performance.now() - this.started;
    return { json: answer.json, text: answer.text, status: answer.status, clientMillis, cancelled: this.cancelled };
  }

  cancelledResult(message) {
    const clientMillis = performance.now() - this.started;
    const json = {
      results: [],
      errors: [{ code: 'Neo.TransientError.Transaction.Terminated', message }],
    };
    return { json, text: JSON.stringify(json), status: 0, clientMillis, cancelled: true };
  }

  rollback() {
    if (!this.txPath) return Promise.resolve();
    return this.api.request('DELETE', this.txPath, null).catch(() => {});
  }

  cancel() {
    if (this.cancelled) return;
    this.cancelled = true;
    if (!this.txPath) return;  // execute() rolls back as soon as the transaction exists
    this.rollback();
    setTimeout(() => this.controller.abort(), CANCEL_GRACE_MS);
  }
}
