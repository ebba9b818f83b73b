// The Plan tab: EXPLAIN's and PROFILE's text drawn as a tree of boxes, root at the top.
//
// The text is a tree without brackets (planner::ToString): one operator a line; an
// operator's input follows on the next line in the same column; its other inputs (a
// hash join's build side, a subplan, a UNION's later branches) come first, as runs of
// lines indented two spaces deeper, the last input first. Start and Argument are the only
// leaves, so after one of them a line in the same column begins the next indented run.

const LEAVES = new Set(['Start', 'Argument']);

// `Aggregate f.name AS f.name  [rows=28] vectorized: 1 worker (0.044 ms)`
export function parsePlanLine(text) {
  const op = { name: '', details: '', est: null, rows: null, note: '', millis: null };
  const m = /^(.*?)  \[(est|rows)=([^\]]*)\](.*)$/.exec(text);
  let head = text;
  if (m) {
    head = m[1];
    op[m[2]] = m[3];
    let tail = m[4].trim();
    const time = /\((\d+(?:\.\d+)?) ms\)$/.exec(tail);
    if (time) {
      op.millis = Number(time[1]);
      tail = tail.slice(0, time.index).trim();
    }
    op.note = tail;
  }
  const space = head.indexOf(' ');
  op.name = space < 0 ? head : head.slice(0, space);
  op.details = space < 0 ? '' : head.slice(space + 1);
  return op;
}

// -> the root operator: {name, details, est, rows, note, millis, line, inputs: [main,
// others in the plan's order]}, or null for an empty text.
export function parsePlan(text) {
  const lines = [];
  text.split('\n').forEach((raw) => {
    if (!raw.trim()) return;
    const indent = raw.length - raw.trimStart().length;
    lines.push({ level: Math.floor(indent / 2), text: raw.trim() });
  });
  let next = 0;
  // One column's run from lines[next] on: each operator's input is the next line at
  // `level`. Returns its first operator. Recursion is per indentation level only, so a
  // plan thousands of operators long does not exhaust the stack.
  function chain(level) {
    let first = null;
    let previous = null;
    while (next < lines.length && lines[next].level === level) {
      const op = { ...parsePlanLine(lines[next].text), line: next, inputs: [] };
      next++;
      const others = [];
      while (next < lines.length && lines[next].level > level) others.push(chain(lines[next].level));
      // Printed last input first: reversed, they are in the plan's order again.
      op.others = others.reverse();
      if (previous) previous.inputs.unshift(op);
      else first = op;
      op.inputs.push(...op.others);
      previous = op;
      if (LEAVES.has(op.name)) break;
    }
    return first;
  }
  const root = chain(lines.length ? lines[0].level : 0);
  // Anything left over (text we do not understand) hangs under the root, not lost.
  while (root && next < lines.length) {
    const extra = chain(lines[next].level);
    if (extra) root.inputs.push(extra);
    else next++;
  }
  return root;
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

  // text: the "plan" column's value; mode: 'EXPLAIN' or 'PROFILE'.
  show(text, mode) {
    const root = parsePlan(text);
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
