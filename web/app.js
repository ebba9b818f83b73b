// The page: wires the editor, the server, the schema panel and the result views
// together. Starts by reading the discovery document; when the server wants a login,
// the login form comes before anything else.

import { Api, AuthError } from './api.js';
import { createEditor } from './editor.js';
import { GraphView } from './graph_view.js';
import { History } from './history.js';
import { PlanView } from './plan_view.js';
import { SchemaPanel } from './schema_panel.js';
import { TableView } from './table_view.js';
import { prettyJson } from './values.js';

const $ = (id) => document.getElementById(id);

const settings = {
  rowLimit: numberSetting('quiver.rowLimit', 'row-limit', 1000),
  maxNodes: numberSetting('quiver.maxNodes', 'max-nodes', 300),
};

// A number input kept in localStorage; returns a getter of its current valid value.
function numberSetting(key, id, fallback) {
  const input = $(id);
  const saved = Number(localStorage.getItem(key));
  if (Number.isInteger(saved) && saved > 0) input.value = String(saved);
  input.addEventListener('change', () => {
    const n = Number(input.value);
    if (Number.isInteger(n) && n > 0) localStorage.setItem(key, String(n));
    else input.value = String(fallback);
  });
  return () => {
    const n = Number(input.value);
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
}

const api = new Api();
const history = new History(renderHistory);
const editor = createEditor($('editor'), history, { run: () => runQuery(), cancel: () => cancelQuery() });
const table = new TableView($('view-table'));
const plan = new PlanView($('view-plan'));
const graph = new GraphView(
  {
    canvas: $('graph-canvas'),
    legend: $('graph-legend'),
    counts: $('graph-counts'),
    note: $('graph-note'),
    details: $('graph-details'),
  },
  { api, maxNodes: settings.maxNodes, onMessage: (text) => setStatus('done', text) },
);
const schema = new SchemaPanel(
  {
    labels: $('schema-labels'),
    types: $('schema-types'),
    keys: $('schema-keys'),
    refresh: $('schema-refresh'),
    message: $('schema-message'),
  },
  {
    api,
    runQuery: (text) => {
      editor.setValue(text);
      runQuery(text);
    },
    onSchema: (s) => editor.setSchema(s),
    colorOf: (label) => (graph.available ? graph.color(label) : null),
  },
);

let running = null;  // the RunningQuery, while one runs
let runCount = 0;
let started = false;

// ---- header and connection ----

api.onConnection = (connected, detail) => {
  const el = $('connection');
  el.dataset.state = connected ? 'connected' : 'disconnected';
  $('connection-text').textContent = connected ? 'connected' : `disconnected${detail ? ': ' + detail : ''}`;
};
api.onUnauthorized = (message) => showLogin(message);

function showHeader() {
  $('database').textContent = api.database;
  $('access').textContent = api.readOnly ? 'read-only' : 'read-write';
  $('access').dataset.readOnly = String(api.readOnly);
  $('access').title = api.readOnly ? 'the server refuses writes (--read-only)' : 'reads and writes allowed';
  $('user').hidden = !api.user;
  $('user').textContent = api.user ? `user ${api.user}` : '';
  $('logout').hidden = !api.authRequired || !api.user;
}

$('logout').addEventListener('click', () => {
  api.clearCredentials();
  showHeader();
  showLogin('Logged out.');
});

// ---- login ----

function showLogin(message = '') {
  $('login').hidden = false;
  $('login-database').textContent = api.database;
  $('login-host').textContent = location.host;
  const text = $('login-message');
  text.textContent = message;
  text.hidden = !message;
  if (api.user) $('login-user').value = api.user;
  $('login-password').value = '';
  ($('login-user').value ? $('login-password') : $('login-user')).focus();
}

$('login-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const button = $('login-submit');
  button.disabled = true;
  $('login-message').hidden = true;
  try {
    await api.login($('login-user').value, $('login-password').value);
    $('login').hidden = true;
    showHeader();
    start();
  } catch (error) {
    const text = $('login-message');
    text.hidden = false;
    text.textContent =
      error instanceof AuthError ? `${error.message} (${error.code})` : `Could not log in: ${error.message}`;
  } finally {
    button.disabled = false;
  }
});

// ---- history ----

function renderHistory(items) {
  const list = $('history');
  list.replaceChildren(
    ...items.slice(0, 100).map((query) => {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'history-item';
      const text = document.createElement('span');
      text.className = 'history-text';
      text.textContent = query;
      button.appendChild(text);
      button.title = query + '\n\n(click: edit, double-click: run)';
      button.addEventListener('click', () => {
        editor.setValue(query);
        editor.resetHistoryCursor();
        editor.focus();
      });
      button.addEventListener('dblclick', () => {
        editor.setValue(query);
        runQuery(query);
      });
      li.appendChild(button);
      return li;
    }),
  );
  if (items.length === 0) {
    const li = document.createElement('li');
    li.className = 'hint';
    li.textContent = 'Queries you run appear here.';
    list.appendChild(li);
  }
}
$('history-clear').addEventListener('click', () => history.clear());

// ---- parameters ----

// null when valid, else what is wrong.
function parametersError(text) {
  if (!text.trim()) return null;
  let value;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return `not valid JSON: ${e.message}`;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return 'must be a JSON object, e.g. {"name": "Alice", "limit": 10}';
  }
  return null;
}

$('parameters').addEventListener('input', () => {
  const error = parametersError($('parameters').value);
  $('parameters-error').textContent = error ? `Parameters ${error}` : '';
  $('parameters').classList.toggle('invalid', !!error);
});
$('parameters').addEventListener('keydown', (e) => {
  if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
    e.preventDefault();
    runQuery();
  }
});

// ---- status line ----

// state: idle | running | done | error | cancelled. data-run counts runs, so that a test
// (or anyone) can wait for the end of the run it started.
function setStatus(state, content) {
  const status = $('status');
  status.dataset.state = state;
  status.dataset.run = String(runCount);
  if (typeof content === 'string') status.textContent = content;
  else status.replaceChildren(...content);
}

function span(className, text) {
  const s = document.createElement('span');
  s.className = className;
  s.textContent = text;
  return s;
}

const plural = (n, one, many = one + 's') => `${n} ${n === 1 ? one : many}`;

function millis(ms) {
  return ms < 10 ? `${ms.toFixed(2)} ms` : ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

// includeStats's counters as words: "created 1 node, set 2 properties".
export function describeStats(stats) {
  if (!stats || !stats.contains_updates) return '';
  const parts = [];
  const add = (n, verb, one, many) => {
    if (n) parts.push(`${verb} ${plural(n, one, many)}`);
  };
  add(stats.nodes_created, 'created', 'node');
  add(stats.nodes_deleted, 'deleted', 'node');
  add(stats.relationships_created, 'created', 'relationship');
  add(stats.relationship_deleted ?? stats.relationships_deleted, 'deleted', 'relationship');
  add(stats.properties_set, 'set', 'property', 'properties');
  add(stats.labels_added, 'added', 'label');
  add(stats.labels_removed, 'removed', 'label');
  add(stats.indexes_added, 'added', 'index', 'indexes');
  add(stats.indexes_removed, 'removed', 'index', 'indexes');
  add(stats.constraints_added, 'added', 'constraint');
  add(stats.constraints_removed, 'removed', 'constraint');
  return parts.length ? parts.join(', ') : 'no changes';
}

// ---- tabs ----

function setView(name) {
  for (const view of document.querySelectorAll('.view')) view.classList.toggle('active', view.id === 'view-' + name);
  for (const tab of document.querySelectorAll('.tab')) {
    const active = tab.dataset.view === name;
    tab.classList.toggle('active', active);
    tab.setAttribute('aria-selected', String(active));
  }
}

function enableTabs(available) {
  for (const tab of document.querySelectorAll('.tab')) tab.disabled = !available.includes(tab.dataset.view);
}

for (const tab of document.querySelectorAll('.tab')) tab.addEventListener('click', () => setView(tab.dataset.view));
$('graph-fit').addEventListener('click', () => graph.fit());
$('graph-layout').addEventListener('click', () => graph.cy && graph.layout());

// ---- running ----

// Neo4j's notifications of the answer (the HTTP endpoint's top-level list): the
// statement ran, but a name in it is unknown — most often a typo worth seeing.
function showWarnings(notifications) {
  const list = $('warnings');
  list.replaceChildren(
    ...(notifications || []).map((n) => {
      const item = document.createElement('li');
      item.dataset.code = n.code;
      const where = n.position ? `line ${n.position.line}, column ${n.position.column}` : '';
      item.append(span('warning-title', n.title), n.description, span('warning-where', where));
      return item;
    }),
  );
  list.hidden = list.children.length === 0;
}

function showError(code, message) {
  $('error-box').hidden = !code;
  $('error-code').textContent = code || '';
  $('error-message').textContent = message || '';
}

async function runQuery(text) {
  if (running) return;
  const query = (text ?? editor.getValue()).trim();
  runCount++;
  if (!query) {
    setStatus('idle', 'Nothing to run: write a query first.');
    return;
  }
  const parametersText = $('parameters').value;
  const badParameters = parametersError(parametersText);
  if (badParameters) {
    $('parameters-error').textContent = `Parameters ${badParameters}`;
    $('parameters').classList.add('invalid');
    setStatus('error', `Not run: the parameters are ${badParameters}`);
    return;
  }
  history.add(query);
  editor.resetHistoryCursor();
  const rq = api.run(query, parametersText, settings.rowLimit());
  running = rq;
  $('run').disabled = true;
  $('cancel').disabled = false;
  setStatus('running', 'Running…');
  const ticker = setInterval(() => {
    if (running === rq && !rq.cancelled) {
      setStatus('running', `Running… ${millis(performance.now() - rq.started)}`);
    }
  }, 250);
  let answer;
  try {
    answer = await rq.promise;
  } catch (e) {
    clearInterval(ticker);
    running = null;
    $('run').disabled = false;
    $('cancel').disabled = true;
    showError(e.code, e.message);
    setStatus('error', e instanceof AuthError ? 'Not run: log in first.' : `Failed: ${e.message}`);
    return;
  }
  clearInterval(ticker);
  running = null;
  $('run').disabled = false;
  $('cancel').disabled = true;
  await showAnswer(answer);
}

function cancelQuery() {
  if (!running || running.cancelled) return;
  running.cancel();
  setStatus('running', 'Cancelling…');
}

$('run').addEventListener('click', () => runQuery());
$('cancel').addEventListener('click', () => cancelQuery());
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && running) cancelQuery();
});

async function showAnswer(answer) {
  const { json, text, clientMillis } = answer;
  const result = json.results?.[0];
  const error = json.errors?.[0];
  showWarnings(json.notifications);
  $('json-text').textContent = text.length > 4e6 ? prettyJson(text.slice(0, 4e6)) + '\n… (cut: the answer is larger than 4 MB)' : prettyJson(text);
  table.clear();
  plan.clear();
  graph.clear();
  const views = ['json'];
  let view = 'json';
  if (result) {
    table.show(result);
    views.push('table');
    view = 'table';
    // EXPLAIN: no rows; PROFILE: its rows in the table. Both: the plan, shown first.
    if (result.plan?.root) {
      plan.show(result.plan.root, result.plan.root.Rows === undefined ? 'EXPLAIN' : 'PROFILE');
      views.push('plan');
      view = 'plan';
    } else if (GraphView.hasGraph(result)) {
      views.push('graph');
      view = 'graph';
    }
  }
  enableTabs(views);
  if (error) {
    const cancelled = answer.cancelled && error.code === 'Neo.TransientError.Transaction.Terminated';
    showError(error.code, error.message);
    // A failed statement may have sent rows first: they stay viewable, but the error
    // is what the user needs to see.
    if (!result?.data?.length) view = 'json';
    setView(view);
    setStatus(cancelled ? 'cancelled' : 'error', [
      span('summary-state', cancelled ? 'Cancelled' : 'Error'),
      span('summary-code', error.code),
      span('summary-time', `round trip ${millis(clientMillis)}`),
    ]);
    return;
  }
  showError(null);
  setView(view);
  if (views.includes('graph')) await graph.show(result);
  const q = result?.quiver || {};
  const rows = q.rows ?? result?.data?.length ?? 0;
  const parts = [span('summary-rows', plural(rows, 'row'))];
  if (q.elapsedMillis !== undefined) parts.push(span('summary-server', `server ${millis(Number(q.elapsedMillis))}`));
  parts.push(span('summary-time', `round trip ${millis(clientMillis)}`));
  if (q.truncated) parts.push(span('summary-truncated', `truncated at ${plural(rows, 'row')} (row limit)`));
  const changes = describeStats(result?.stats);
  if (changes) parts.push(span('summary-stats', changes));
  setStatus('done', parts);
  // A write may have added labels or keys.
  if (result?.stats?.contains_updates) schema.load();
}

// ---- start ----

async function start() {
  if (started) {
    schema.load();
    return;
  }
  started = true;
  showHeader();
  renderHistory(history.items);
  await schema.load();
  editor.focus();
}

async function boot() {
  try {
    await api.discover();
  } catch (e) {
    setStatus('error', `${e.message}; retrying…`);
    setTimeout(boot, 3000);
    return;
  }
  showHeader();
  if (api.authRequired && !api.user) {
    showLogin();
    return;
  }
  start();
}

// The header's connection state stays honest while nothing else talks to the server.
setInterval(() => {
  if (!running && $('login').hidden) api.discover().catch(() => {});
}, 15000);

window.quiverApp = { api, editor, graph, runQuery, cancelQuery, settings };
renderHistory(history.items);
boot();
