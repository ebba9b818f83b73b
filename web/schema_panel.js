// The schema panel: labels with their node counts, relationship types with theirs, and
// the property keys. It reads them without scanning the graph — db.labels() and its
// siblings list the tokens in use, and a count by one label or type is answered from the
// counts the store keeps — so opening the page costs the same on any graph. Clicking a
// name runs a query that shows it; the names also feed the editor's completion.

import { quoteName } from './values.js';

export const SCHEMA_STATEMENTS = [
  'CALL db.labels() YIELD label RETURN label ORDER BY label',
  'CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType ORDER BY relationshipType',
  'CALL db.propertyKeys() YIELD propertyKey RETURN propertyKey ORDER BY propertyKey',
];

const countStatement = {
  label: (name) => `MATCH (n:${quoteName(name)}) RETURN count(n)`,
  type: (name) => `MATCH ()-[r:${quoteName(name)}]->() RETURN count(r)`,
};

export class SchemaPanel {
  // parts: {labels, types, keys, refresh, message}; options: {api, runQuery(text), onSchema(schema)}
  constructor(parts, options) {
    this.parts = parts;
    this.options = options;
    this.schema = { labels: [], types: [], propertyKeys: [] };
    parts.refresh.addEventListener('click', () => this.load());
  }

  async load() {
    const { message, refresh } = this.parts;
    refresh.disabled = true;
    message.textContent = 'Loading…';
    message.className = 'schema-message';
    try {
      const api = this.options.api;
      const names = await api.commit(SCHEMA_STATEMENTS.map((statement) => ({ statement })));
      const column = (i) => names.results[i].data.map((d) => d.row[0]);
      const [labelNames, typeNames, propertyKeys] = [column(0), column(1), column(2)];
      const counting = [
        ...labelNames.map((name) => ({ statement: countStatement.label(name) })),
        ...typeNames.map((name) => ({ statement: countStatement.type(name) })),
      ];
      const counts = counting.length ? (await api.commit(counting)).results.map((r) => r.data[0].row[0]) : [];
      const labels = labelNames.map((name, i) => ({ name, count: counts[i] }));
      const types = typeNames.map((name, i) => ({ name, count: counts[labelNames.length + i] }));
      this.schema = { labels: labelNames, types: typeNames, propertyKeys };
      this.render(labels, types, propertyKeys);
      message.textContent = '';
      this.options.onSchema(this.schema);
    } catch (e) {
      message.textContent = `Could not read the schema: ${e.code ? e.code + ': ' : ''}${e.message}`;
      message.className = 'schema-message error-text';
    } finally {
      refresh.disabled = false;
    }
  }

  render(labels, types, propertyKeys) {
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
    // A key may be on nodes, on relationships or both: the query looks at both.
    const keys = propertyKeys.map((key) => {
      const k = quoteName(key);
      return chip('key-chip', key, null, () =>
        run(
          `MATCH (n) WHERE n.${k} IS NOT NULL RETURN n AS found LIMIT 25 ` +
            `UNION ALL MATCH ()-[r]->() WHERE r.${k} IS NOT NULL RETURN r AS found LIMIT 25`,
        ),
      );
    });
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
