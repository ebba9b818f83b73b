// The Table tab: one row per result row. Strings show bare at the top level (quoted
// inside lists and maps), null as a grey "null" that cannot be taken for the string,
// numbers right-aligned, nodes and relationships as Cypher patterns.

import { RowGraph, formatValue, formatNumber, valueKind } from './values.js';

function cell(value, meta, rowGraph) {
  const td = document.createElement('td');
  const kind = valueKind(value, meta);
  td.className = 'v-' + kind;
  switch (kind) {
    case 'null':
      td.textContent = 'null';
      td.title = 'null (no value)';
      break;
    case 'string':
      td.textContent = value;
      if (value === '') {
        td.textContent = '""';
        td.classList.add('v-empty');
      }
      break;
    case 'number':
      td.textContent = formatNumber(value);
      break;
    case 'temporal':
      td.textContent = String(value);
      td.title = meta.type;
      break;
    default:
      td.textContent = formatValue(value, meta, rowGraph);
  }
  return td;
}

export class TableView {
  constructor(container) {
    this.container = container;
  }

  clear() {
    this.container.replaceChildren();
  }

  show(result) {
    const table = document.createElement('table');
    table.className = 'result-table';
    const head = table.createTHead().insertRow();
    const index = document.createElement('th');
    index.className = 'row-number';
    index.textContent = '#';
    head.appendChild(index);
    for (const column of result.columns || []) {
      const th = document.createElement('th');
      th.textContent = column;
      head.appendChild(th);
    }
    const body = table.createTBody();
    const rows = document.createDocumentFragment();
    (result.data || []).forEach((item, i) => {
      const tr = document.createElement('tr');
      const number = document.createElement('td');
      number.className = 'row-number';
      number.textContent = String(i + 1);
      tr.appendChild(number);
      const rowGraph = item.graph ? new RowGraph(item.graph) : null;
      const values = item.row || [];
      values.forEach((value, c) => tr.appendChild(cell(value, item.meta?.[c] ?? null, rowGraph)));
      rows.appendChild(tr);
    });
    body.appendChild(rows);
    if (!result.data?.length) {
      const p = document.createElement('p');
      p.className = 'empty-note';
      p.textContent = result.columns?.length ? 'No rows.' : 'No rows: the statement returns nothing.';
      this.container.replaceChildren(table, p);
    } else {
      this.container.replaceChildren(table);
    }
  }
}
