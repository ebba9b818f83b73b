// The query editor: CodeMirror 5 in Cypher mode when /vendor/codemirror.js loaded, else a
// plain textarea with the same keys (run, cancel, history). Completion offers Cypher's
// keywords and functions and the database's labels, types and property keys.

import { HistoryCursor } from './history.js';

const KEYWORDS = [
  'MATCH', 'OPTIONAL MATCH', 'WHERE', 'RETURN', 'WITH', 'UNWIND', 'ORDER BY', 'SKIP', 'LIMIT', 'DISTINCT',
  'CREATE', 'MERGE', 'SET', 'DELETE', 'DETACH DELETE', 'REMOVE', 'ON CREATE SET', 'ON MATCH SET', 'UNION',
  'UNION ALL', 'CALL', 'YIELD', 'AS', 'AND', 'OR', 'XOR', 'NOT', 'IN', 'IS NULL', 'IS NOT NULL',
  'STARTS WITH', 'ENDS WITH', 'CONTAINS', 'CASE', 'WHEN', 'THEN', 'ELSE', 'END', 'ASC', 'DESC', 'EXPLAIN',
  'PROFILE', 'EXISTS', 'COUNT', 'COLLECT', 'IS ::', 'LOAD CSV FROM', 'LOAD CSV WITH HEADERS FROM', 'FIELDTERMINATOR',
  'IN TRANSACTIONS OF', 'ROWS', 'SHOW PROCEDURES', 'SHOW FUNCTIONS', 'SHOW DATABASES', 'SHOW TRANSACTIONS',
  'TERMINATE TRANSACTIONS', 'true', 'false', 'null',
];

const FUNCTIONS = [
  'abs', 'avg', 'btrim', 'ceil', 'char_length', 'coalesce', 'collect', 'count', 'date', 'datetime', 'duration', 'elementId',
  'endNode', 'exists', 'floor', 'head', 'id', 'keys', 'labels', 'last', 'left', 'length', 'localdatetime',
  'linenumber', 'file', 'localtime', 'lower', 'ltrim', 'max', 'min', 'nodes', 'normalize', 'percentileCont', 'percentileDisc', 'properties', 'range',
  'reduce', 'relationships', 'replace', 'reverse', 'right', 'round', 'rtrim', 'shortestPath', 'size', 'split', 'sqrt',
  'startNode', 'stDev', 'substring', 'sum', 'tail', 'time', 'toBoolean', 'toFloat', 'toInteger', 'toLower',
  'toString', 'toUpper', 'trim', 'type', 'upper',
];

// Completion candidates for the word before the cursor. After ':' only labels and
// types make sense, after '.' only property keys, else anything.
export function completionsFor(prefix, before, schema) {
  const quote = (name) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : '`' + name.replaceAll('`', '``') + '`');
  let words;
  if (before === ':') {
    words = [...schema.labels, ...schema.types].map(quote);
  } else if (before === '.') {
    words = schema.propertyKeys.map(quote);
  } else if (before === '$') {
    words = schema.parameters || [];
  } else {
    words = [...KEYWORDS, ...FUNCTIONS.map((f) => f + '('), ...schema.labels, ...schema.types, ...schema.propertyKeys];
  }
  const lower = prefix.toLowerCase();
  const seen = new Set();
  return words.filter((w) => {
    if (seen.has(w) || !w.toLowerCase().startsWith(lower) || w === prefix) return false;
    seen.add(w);
    return true;
  });
}

// host: the element to put the editor in. handlers: {run, cancel}. history: History.
export function createEditor(host, history, handlers) {
  const schema = { labels: [], types: [], propertyKeys: [], parameters: [] };
  const cursor = new HistoryCursor(history);
  const CM = window.CodeMirror;
  if (CM) return codeMirrorEditor(CM, host, cursor, schema, handlers);
  return textareaEditor(host, cursor, schema, handlers);
}

function codeMirrorEditor(CM, host, cursor, schema, handlers) {
  function hint(cm) {
    const pos = cm.getCursor();
    const line = cm.getLine(pos.line);
    let start = pos.ch;
    while (start > 0 && /[\w`]/.test(line[start - 1])) start--;
    const prefix = line.slice(start, pos.ch);
    const list = completionsFor(prefix, line[start - 1] || '', schema);
    return { list, from: CM.Pos(pos.line, start), to: CM.Pos(pos.line, pos.ch) };
  }
  const recall = (cm, text) => {
    if (text === null) return;
    cm.setValue(text);
    cm.setCursor(cm.lineCount(), 0);
  };
  const cm = CM(host, {
    mode: 'cypher',
    lineNumbers: true,
    matchBrackets: true,
    indentUnit: 2,
    tabSize: 2,
    lineWrapping: true,
    autofocus: true,
    viewportMargin: Infinity,
    extraKeys: {
      'Ctrl-Enter': () => handlers.run(),
      'Cmd-Enter': () => handlers.run(),
      Esc: () => handlers.cancel(),
      'Ctrl-Space': (c) => c.showHint && c.showHint({ hint, completeSingle: false }),
      'Ctrl-Up': (c) => recall(c, cursor.older(c.getValue())),
      'Cmd-Up': (c) => recall(c, cursor.older(c.getValue())),
      'Ctrl-Down': (c) => recall(c, cursor.newer()),
      'Cmd-Down': (c) => recall(c, cursor.newer()),
    },
  });
  cm.on('change', (c, change) => {
    if (change.origin !== 'setValue') cursor.reset();
  });
  return {
    kind: 'codemirror',
    cm,
    getValue: () => cm.getValue(),
    setValue: (text) => {
      cm.setValue(text);
      cm.setCursor(cm.lineCount(), 0);
    },
    focus: () => cm.focus(),
    refresh: () => cm.refresh(),
    setSchema: (s) => Object.assign(schema, s),
    resetHistoryCursor: () => cursor.reset(),
  };
}

function textareaEditor(host, cursor, schema, handlers) {
  const area = document.createElement('textarea');
  area.className = 'plain-editor';
  area.spellcheck = false;
  area.setAttribute('aria-label', 'Cypher query');
  host.appendChild(area);
  const recall = (text) => {
    if (text === null) return;
    area.value = text;
    area.selectionStart = area.selectionEnd = text.length;
  };
  area.addEventListener('keydown', (e) => {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key === 'Enter') {
      e.preventDefault();
      handlers.run();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      handlers.cancel();
    } else if (mod && e.key === 'ArrowUp') {
      e.preventDefault();
      recall(cursor.older(area.value));
    } else if (mod && e.key === 'ArrowDown') {
      e.preventDefault();
      recall(cursor.newer());
    }
  });
  area.addEventListener('input', () => cursor.reset());
  return {
    kind: 'textarea',
    textarea: area,
    getValue: () => area.value,
    setValue: (text) => {
      area.value = text;
    },
    focus: () => area.focus(),
    refresh: () => {},
    setSchema: (s) => Object.assign(schema, s),
    resetHistoryCursor: () => cursor.reset(),
  };
}
