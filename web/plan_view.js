// The Plan tab: EXPLAIN's and PROFILE's plan drawn as a tree of boxes, root at the top.
//
// The plan comes structured, as a result's `plan.root` (Neo4j's transactional API
// shape): {operatorType, Details, EstimatedRows, Rows, Time (ns), Note, identifiers,
// children: [main input, other inputs (a hash join's build side, a subplan, a UNION's
// later branches)]}. Its text (FormatPlan's layout) is shown too: one operator a line,
// an operator's main input next in the same column, its other inputs before it as runs
// of lines indented two spaces deeper, the last first.

function estimateText(rows) {
  return rows < 1e15 ? String(Math.round(rows)) : rows.toPrecision(3);
}

// One operator of the JSON plan -> {name, details, est, rows, dbHits, note, millis, identifiers}.
export function planOperator(json) {
  const num = (v) => (v === undefined || v === null ? null : Number(v));
  const time = num(json.Time);
  return {
    name: String(json.operatorType ?? ''),
    details: String(json.Details ?? ''),
    est: json.EstimatedRows === undefined ? null : estimateText(Number(json.EstimatedRows)),
    rows: num(json.Rows),
    dbHits: num(json.DbHits),
    note: String(json.Note ?? ''),
    millis: time === null ? null : time / 1e6,
    identifiers: json.identifiers ?? [],
  };
}

// The operator's line of the text layout.
function lineText(op) {
  let text = op.details ? `${op.name} ${op.details}` : op.name;
  if (op.rows !== null) {
    text += `  [rows=${op.rows}]`;
    if (op.note) text += ` ${op.note}`;
    // As FormatPlan writes it: (0.123 ms, 4 db hits), the time only where measured.
    const time = op.millis !== null ? `${op.millis.toFixed(3)} ms, ` : '';
    const hits = op.dbHits ?? 0;
    text += ` (${time}${hits} ${hits === 1 ? 'db hit' : 'db hits'})`;
  } else if (op.est !== null) {
    text += `  [est=${op.est}]`;
  }
  return text;
}

// The JSON plan -> {root, text}: root is {...planOperator, line, inputs: [main, others
// in the plan's order]}, line its line in the text. Built with explicit stacks: a plan
// can be thousands of operators deep.
export function buildPlan(rootJson) {
  if (!rootJson) return { root: null, text: '' };
  const lines = [];
  const root = { ...planOperator(rootJson), inputs: [] };
  const stack = [{ json: rootJson, op: root, level: 0 }];
  while (stack.length) {
    const { json, op, level } = stack.pop();
    op.line = lines.length;
    lines.push(' '.repeat(level * 2) + lineText(op));
    const children = json.children ?? [];
    op.inputs = children.map((child) => ({ ...planOperator(child), inputs: [] }));
    children.forEach((child, i) => stack.push({ json: child, op: op.inputs[i], level: i === 0 ? level : level + 1 }));
  }
  return { root, text: lines.join('\n') + '\n' };
}

// Every operator of the tree, in no particular order.
function operators(root) {
  const all = [];
  const stack = root ? [root] : [];
  while (stack.length) {
    const op = stack.pop();
    all.push(op);
    stack.push(...op.inputs);
  }
  return all;
}

function box(op, parent, total) {
  const div = document.createElement('div');
  div.className = 'plan-op';
  div.dataset.line = String(op.line);
  div.dataset.operator = op.name;
  div.dataset.parentLine = parent ? String(parent.line) : '';
  if (op.identifiers.length) div.title = `binds ${op.identifiers.join(', ')}`;
  const name = document.createElement('div');
  name.className = 'plan-op-name';
  name.textContent = op.name;
  div.appendChild(name);
  if (op.details) {
    const details = document.createElement('div');
    details.className = 'plan-op-details';
    details.textContent = op.details;
    div.appendChild(details);
  }
  const stats = document.createElement('div');
  stats.className = 'plan-op-stats';
  if (op.rows !== null) stats.append(badge('plan-rows', `rows=${op.rows}`));
  if (op.est !== null) stats.append(badge('plan-est', `est=${op.est}`));
  if (op.dbHits !== null) stats.append(badge('plan-hits', `db hits=${op.dbHits}`));
  if (op.millis !== null) {
    const time = badge('plan-time', `${op.millis.toFixed(3)} ms`);
    // The costliest operators stand out: the share of the whole time sets the colour.
    const share = total > 0 ? op.millis / total : 0;
    time.style.setProperty('--share', share.toFixed(3));
    if (share >= 0.25) time.classList.add('plan-hot');
    time.title = total > 0 ? `${(share * 100).toFixed(1)}% of the profiled time` : '';
    stats.append(time);
  }
  if (stats.childElementCount) div.appendChild(stats);
  if (op.note) {
    const note = document.createElement('div');
    note.className = 'plan-op-note';
    note.textContent = op.note;
    div.appendChild(note);
  }
  return div;
}

function badge(className, text) {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  return span;
}

// A column of boxes down a chain of single inputs; where an operator has several, a row
// of branches follows, each its own column. Built with an explicit work list.
function render(root, total) {
  const top = document.createElement('div');
  top.className = 'plan-chain';
  const work = [{ op: root, parent: null, into: top }];
  while (work.length) {
    let { op, parent, into } = work.pop();
    while (op) {
      into.appendChild(box(op, parent, total));
      if (op.inputs.length === 1) {
        parent = op;
        op = op.inputs[0];
        continue;
      }
      if (op.inputs.length > 1) {
        const branches = document.createElement('div');
        branches.className = 'plan-branches';
        into.appendChild(branches);
        for (const input of op.inputs) {
          const branch = document.createElement('div');
          branch.className = 'plan-branch';
          const column = document.createElement('div');
          column.className = 'plan-chain';
          branch.appendChild(column);
          branches.appendChild(branch);
          work.push({ op: input, parent: op, into: column });
        }
      }
      op = null;
    }
  }
  return top;
}

export class PlanView {
  constructor(container) {
    this.container = container;
  }

  clear() {
    this.container.replaceChildren();
  }

  // planRoot: a result's plan.root; mode: 'EXPLAIN' or 'PROFILE'.
  show(planRoot, mode) {
    const { root, text } = buildPlan(planRoot);
    const all = operators(root);
    const total = all.reduce((sum, op) => sum + (op.millis || 0), 0);
    const count = all.length;
    const header = document.createElement('div');
    header.className = 'plan-summary';
    header.textContent =
      `${mode === 'PROFILE' ? 'Profile' : 'Plan'}: ${count} operator${count === 1 ? '' : 's'}` +
      (mode === 'PROFILE' && total > 0 ? `, ${total.toFixed(3)} ms in operators` : '') +
      (mode === 'EXPLAIN' ? ' (estimated rows; PROFILE runs the query and counts them)' : '');
    const tree = document.createElement('div');
    tree.className = 'plan-tree';
    if (root) tree.appendChild(render(root, total));
    const raw = document.createElement('details');
    raw.className = 'plan-text';
    const summary = document.createElement('summary');
    summary.textContent = 'Plan as text';
    const pre = document.createElement('pre');
    pre.textContent = text;
    raw.append(summary, pre);
    this.container.replaceChildren(header, tree, raw);
  }
}
