// Cypher values as the HTTP endpoint sends them, and how the page writes them.
//
// JSON loses two things Cypher keeps apart: a FLOAT with no fraction (1.0 arrives as
// `1.0` but JSON.parse makes it the number 1) and an INTEGER past 2^53 (rounded). When
// the browser gives the reviver the number's source text (Chrome 114+, Firefox 135+),
// parseResponse keeps both: whole FLOATs become FloatValue, large INTEGERs BigInt.

export class FloatValue {
  constructor(value) {
    this.value = value;
  }
  valueOf() {
    return this.value;
  }
  toString() {
    return Number.isFinite(this.value) ? this.value.toFixed(1) : String(this.value);
  }
}

export function parseResponse(text) {
  return JSON.parse(text, (key, value, context) => {
    if (typeof value !== 'number' || !context || typeof context.source !== 'string') return value;
    const source = context.source;
    if (/[.eE]/.test(source)) return Number.isInteger(value) ? new FloatValue(value) : value;
    if (!Number.isSafeInteger(value)) return BigInt(source);
    return value;
  });
}

export function isNumber(v) {
  return typeof v === 'number' || typeof v === 'bigint' || v instanceof FloatValue;
}

// Only when the endpoint's JSON body was valid do we pretty-print it; the numbers keep
// their text because this re-indents the text itself instead of parsing and dumping it.
export function prettyJson(text) {
  let out = '';
  let indent = 0;
  let inString = false;
  const newline = () => '\n' + '  '.repeat(indent);
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '{' || c === '[') {
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j])) j++;
      if (text[j] === (c === '{' ? '}' : ']')) {
        out += c + text[j];
        i = j;
      } else {
        indent++;
        out += c + newline();
      }
    } else if (c === '}' || c === ']') {
      indent = Math.max(0, indent - 1);
      out += newline() + c;
    } else if (c === ',') {
      out += ',' + newline();
    } else if (c === ':') {
      out += ': ';
    } else if (!/\s/.test(c)) {
      out += c;
    }
  }
  return out;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

// A label, type or key as Cypher text: backticks when it is not a plain identifier.
export function quoteName(name) {
  return IDENTIFIER.test(name) ? name : '`' + String(name).replaceAll('`', '``') + '`';
}

export function quoteString(s) {
  return JSON.stringify(s);
}

export function formatNumber(v) {
  if (v instanceof FloatValue) return v.toString();
  return String(v);
}

export function formatProperties(properties) {
  const keys = Object.keys(properties || {});
  if (keys.length === 0) return '';
  return '{' + keys.map((k) => `${quoteName(k)}: ${formatValue(properties[k])}`).join(', ') + '}';
}

// The graph part of a row tells what a `row` value alone does not: a node's labels and a
// relationship's type and ends (the row holds only their properties).
export class RowGraph {
  constructor(graph) {
    this.nodes = new Map();
    this.relationships = new Map();
    for (const n of graph?.nodes || []) this.nodes.set(String(n.id), n);
    for (const r of graph?.relationships || []) this.relationships.set(String(r.id), r);
  }
}

export function formatNode(properties, meta, rowGraph) {
  const node = rowGraph?.nodes.get(String(meta.id));
  const labels = node ? node.labels.map((l) => ':' + quoteName(l)).join('') : '';
  const props = formatProperties(properties);
  return '(' + labels + (labels && props ? ' ' : '') + props + ')';
}

export function formatRelationship(properties, meta, rowGraph) {
  const rel = rowGraph?.relationships.get(String(meta.id));
  const type = rel ? ':' + quoteName(rel.type) : '';
  const props = formatProperties(properties);
  return '[' + type + (type && props ? ' ' : '') + props + ']';
}

function formatPath(values, metas, rowGraph) {
  let out = formatNode(values[0], metas[0], rowGraph);
  for (let i = 1; i + 1 < values.length; i += 2) {
    const rel = rowGraph?.relationships.get(String(metas[i].id));
    const text = formatRelationship(values[i], metas[i], rowGraph);
    const forward = !rel || String(rel.startNode) === String(metas[i - 1].id);
    out += forward ? `-${text}->` : `<-${text}-`;
    out += formatNode(values[i + 1], metas[i + 1], rowGraph);
  }
  return out;
}

function isEntityMeta(meta) {
  return meta && !Array.isArray(meta) && (meta.type === 'node' || meta.type === 'relationship');
}

// A path's meta is a flat list of entity metas, alternating node and relationship,
// starting with a node; a list of nodes also has a list of entity metas, so we tell
// them apart by the alternation (a one-node list could be a zero-length path: we call
// it a list, the likelier).
function isPathMeta(value, meta) {
  if (!Array.isArray(meta) || !Array.isArray(value) || meta.length !== value.length || meta.length < 3 || meta.length % 2 === 0) {
    return false;
  }
  return meta.every((m, i) => m && !Array.isArray(m) && m.type === (i % 2 === 0 ? 'node' : 'relationship'));
}

// Kind of a value with its meta: 'null', 'string', 'number', 'boolean', 'node',
// 'relationship', 'path', 'list', 'map', 'temporal'.
export function valueKind(value, meta) {
  if (value === null || value === undefined) return 'null';
  if (isEntityMeta(meta)) return meta.type;
  if (meta && !Array.isArray(meta) && typeof meta.type === 'string') return 'temporal';
  if (isPathMeta(value, meta)) return 'path';
  if (Array.isArray(value)) return 'list';
  if (isNumber(value)) return 'number';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  return 'map';
}

// Cypher-like text of any value (strings quoted), for nested values and properties.
export function formatValue(value, meta = null, rowGraph = null) {
  switch (valueKind(value, meta)) {
    case 'null':
      return 'null';
    case 'node':
      return formatNode(value, meta, rowGraph);
    case 'relationship':
      return formatRelationship(value, meta, rowGraph);
    case 'path':
      return formatPath(value, meta, rowGraph);
    case 'temporal':
      return String(value);
    case 'list':
      return '[' + value.map((v, i) => formatValue(v, Array.isArray(meta) ? meta[i] : null, rowGraph)).join(', ') + ']';
    case 'number':
      return formatNumber(value);
    case 'string':
      return quoteString(value);
    case 'boolean':
      return String(value);
    default:
      return (
        '{' +
        Object.keys(value)
          .map((k) => `${quoteName(k)}: ${formatValue(value[k], null, rowGraph)}`)
          .join(', ') +
        '}'
      );
  }
}
