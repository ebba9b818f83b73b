// The schema panel: labels with their node counts, relationship types with theirs, and
// the property keys, read with four statements in one request. Clicking one runs a
// query that shows it; the names also feed the editor's completion.

import { quoteName } from './values.js';

export const SCHEMA_STATEMENTS = [
  'MATCH (n) UNWIND labels(n) AS label RETURN label, count(*) AS nodes ORDER BY label',
  'MATCH ()-[r]->() RETURN type(r) AS type, count(*) AS relationships ORDER BY type',
  'MATCH (n) UNWIND keys(n) AS key RETURN DISTINCT key ORDER BY key',
  'MATCH ()-[r]->() UNWIND keys(r) AS key RETURN DISTINCT key ORDER BY key',
];

export class SchemaPanel {
  // parts: {labels, types, keys, refresh, message}; options: {api, runQuery(text), onSchema(schema)}
  constructor(parts, options) {
    this.parts = parts;
    this.options = options;
    this.schema = { labels: [], types: [], nodeKeys: [], relationshipKeys: [], propertyKeys: [] };
    parts.refresh.addEventListener('click', () => this.load());
  }

  async load() {
    const { message, refresh } = this.parts;
    refresh.disabled = true;
    message.textContent = 'Loading…';
    message.className = 'schema-message';
    try {
      const json = await this.options.api.commit(SCHEMA_STATEMENTS.map((statement) => ({ statement })));
      const rows = (i) => json.results[i].data.map((d) => d.row);
      const labels = rows(0).map(([name, count]) => ({ name, count }));
      const types = rows(1).map(([name, count]) => ({ name, count }));
      const nodeKeys = rows(2).map(([k]) => k);
      const relationshipKeys = rows(3).map(([k]) => k);
      this.schema = {
        labels: labels.map((l) => l.name),
        types: types.map((t) => t.name),
        nodeKeys,
        relationshipKeys,
        propertyKeys: [...new Set([...nodeKeys, ...relationshipKeys])].sort(),
      };
      this.render(labels, types, nodeKeys, relationshipKeys);
      message.textContent = '';
      this.options.onSchema(this.schema);
    } catch (e) {
      message.textContent = `Could not read the schema: ${e.code ? e.code + ': ' : ''}${e.message}`;
      message.className = 'schema-message error-text';
    } finally {
      refresh.disabled = false;
    }
  }

  render(labels, types, nodeKeys, relationshipKeys) {
    const { labels: labelList, types: typeList, keys: keyList } = this.parts;
    const run = (text) => this.options.runQuery(text);
    fill(
      labelList,
      labels.map(({ name, count }) =>
        chip('label-chip', name, count, () => run(`MATCH (n:${quoteName(name)}) RETURN n LIMIT 25`), this.options.colorOf?.(name)),
      ),
      'no labels',
    );
    fill(
      typeList,
      types.map(({ name, count }) =>
        chip('type-chip', name, count, () => run(`MATCH p=()-[r:${quoteName(name)}]->() RETURN p LIMIT 25`)),
      ),
      'no relationships',
    );
    const keys = [];
    for (const key of nodeKeys) {
      keys.push(chip('key-chip', key, null, () => run(`MATCH (n) WHERE n.${quoteName(key)} IS NOT NULL RETURN n LIMIT 25`)));
    }
    for (const key of relationshipKeys) {
      const c = chip('key-chip rel-key', key, null, () =>
        run(`MATCH p=()-[r]->() WHERE r.${quoteName(key)} IS NOT NULL RETURN p LIMIT 25`),
      );
      c.title = `relationship property ${key}`;
      keys.push(c);
    }
    fill(keyList, keys, 'no properties');
  }
}

function fill(list, items, empty) {
  if (items.length === 0) {
    const none = document.createElement('span');
    none.className = 'hint';
    none.textContent = empty;
    list.replaceChildren(none);
  } else {
    list.replaceChildren(...items);
  }
}

function chip(className, name, count, onClick, color) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'chip ' + className;
  button.dataset.name = name;
  if (color) button.style.setProperty('--color', color);
  const text = document.createElement('span');
  text.className = 'chip-name';
  text.textContent = name;
  button.appendChild(text);
  if (count !== null) {
    const n = document.createElement('span');
    n.className = 'chip-count';
    n.textContent = String(count);
    button.appendChild(n);
  }
  button.addEventListener('click', onClick);
  return button;
}
