// The web view (web/, served by `quiver serve --http`) driven in Debian's headless
// Chromium through playwright-core, each check compared with what the same request over
// plain HTTP answers (or with the example CSVs).
//
//   node --test tests/web/browser.test.mjs
//
// Environment: QUIVER_BIN (default build/release/quiver), QUIVER_SCREENSHOT_DIR (where
// web-graph.png, web-table.png, web-plan.png and web-login.png go; default a temp dir),
// QUIVER_WEB_ROOT (developing the page: serve web/ from disk instead of the files
// compiled into the binary). Skips when Chromium or playwright-core is missing.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import { buildPlan } from '../../web/plan_view.js';
import { QUIVER, ROOT, csvCounts, query as viaHttp, socialDatabase, startServer } from './server.mjs';

const social = path.join(ROOT, 'examples/data/social');
const CHROMIUM = '/usr/bin/chromium';

let skip = false;
let chromium = null;
if (!fs.existsSync(CHROMIUM)) {
  skip = `no Chromium at ${CHROMIUM} (apt-get install chromium)`;
} else {
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    skip = 'playwright-core is not installed (npm ci in tests/web)';
  }
}

const KNOWS = 'MATCH (p:Person)-[k:KNOWS]->(f:Person) RETURN p, k, f';
const LONG = 'UNWIND range(1, 100000) AS x UNWIND range(1, 100000) AS y RETURN count(*)';

// ---- page helpers ----

async function setQuery(page, text) {
  const editor = page.locator('#editor .CodeMirror');
  if (await editor.count()) {
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(text);
  } else {
    await page.fill('#editor textarea', text);
  }
}

async function editorText(page) {
  return page.evaluate(() => window.quiverApp.editor.getValue());
}

// Runs `text` (or what the editor holds) with the Run button and waits for that run to
// end; returns the status line's state.
async function run(page, text) {
  const before = Number(await page.getAttribute('#status', 'data-run'));
  if (text !== undefined) await setQuery(page, text);
  await page.click('#run');
  await page.waitForFunction((b) => {
    const s = document.getElementById('status');
    return Number(s.dataset.run) > b && s.dataset.state !== 'running';
  }, before);
  return page.getAttribute('#status', 'data-state');
}

async function activeTab(page) {
  return page.getAttribute('.tab.active', 'data-view');
}

const graphCounts = (page) =>
  page.evaluate(() => ({ nodes: window.quiverGraph.nodes().length, edges: window.quiverGraph.edges().length }));

// A node of the picture with room around it (so that a click hits it and no other), in
// page coordinates.
async function lonelyNode(page) {
  return page.evaluate(() => {
    const cy = window.quiverGraph;
    const box = cy.container().getBoundingClientRect();
    let best = null;
    cy.nodes().forEach((n) => {
      const p = n.renderedPosition();
      let nearest = Infinity;
      cy.nodes().forEach((m) => {
        if (m === n) return;
        const q = m.renderedPosition();
        nearest = Math.min(nearest, Math.hypot(p.x - q.x, p.y - q.y));
      });
      const inside = p.x > 20 && p.y > 40 && p.x < box.width - 20 && p.y < box.height - 30;
      if (inside && (!best || nearest > best.nearest)) best = { id: n.id(), nodeId: n.data('nodeId'), x: box.left + p.x, y: box.top + p.y, nearest };
    });
    return best;
  });
}

describe('web view', { skip }, () => {
  let server;  // no authentication
  let authServer;  // --auth neo4j:secret
  let readOnlyServer;  // --read-only
  let browser;
  let page;
  let shots;
  const pageErrors = [];

  before(async () => {
    assert.ok(fs.existsSync(QUIVER), `no quiver binary at ${QUIVER} (build it, or set QUIVER_BIN)`);
    // Kept apart from the databases: the pictures stay to be looked at.
    shots = process.env.QUIVER_SCREENSHOT_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'quiver-web-screenshots-'));
    fs.mkdirSync(shots, { recursive: true });
    console.log(`screenshots: ${shots}`);
    const launched = chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    [server, authServer, readOnlyServer, browser] = await Promise.all([
      startServer(socialDatabase('browser')),
      startServer(socialDatabase('browser-auth'), [], { auth: 'neo4j:secret' }),
      startServer(socialDatabase('browser-ro'), ['--read-only']),
      launched,
    ]);
    // A binary built before web/ had the page serves a placeholder: say so at once
    // instead of timing out in every test.
    const index = await (await fetch(server.base)).text();
    assert.ok(
      index.includes('id="run"'),
      `${server.base} does not serve the web view (a stale build? rebuild quiver, or set QUIVER_WEB_ROOT=web):\n${index.slice(0, 200)}`,
    );
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(10000);
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await page.goto(server.base);
  });

  after(async () => {
    await browser?.close();
    await Promise.all([server?.stop(), authServer?.stop(), readOnlyServer?.stop()]);
  });

  it('loads, shows the database and the schema with the counts of the CSVs', async () => {
    await page.waitForSelector('#schema-types .chip');
    assert.equal(await page.textContent('#database'), 'neo4j');
    assert.equal(await page.getAttribute('#connection', 'data-state'), 'connected');
    assert.equal(await page.textContent('#access'), 'read-write');
    assert.equal(await page.isVisible('#login'), false, 'no login form without --auth');
    const expected = csvCounts(social);
    for (const label of ['Person', 'Company', 'City', 'Engineer']) {
      const count = await page.textContent(`#schema-labels .chip[data-name="${label}"] .chip-count`);
      assert.equal(Number(count), expected.labels[label], `label ${label}`);
    }
    for (const type of ['KNOWS', 'WORKS_AT', 'LIVES_IN', 'LOCATED_IN']) {
      const count = await page.textContent(`#schema-types .chip[data-name="${type}"] .chip-count`);
      assert.equal(Number(count), expected.types[type], `type ${type}`);
    }
    for (const key of ['name', 'age', 'since', 'population']) {
      assert.equal(await page.locator(`#schema-keys .chip[data-name="${key}"]`).count() > 0, true, `key ${key}`);
    }
    // The editor is CodeMirror in Cypher mode, with line numbers.
    assert.equal(await page.locator('#editor .CodeMirror .CodeMirror-linenumber').count() > 0, true);
  });

  it('draws the KNOWS graph with the counts the endpoint gives, table rows alike; expands a node', async () => {
    const api = await viaHttp(server, KNOWS);
    const persons = new Set();
    const knows = new Set();
    for (const d of api.data) {
      for (const n of d.graph.nodes) persons.add(n.id);
      for (const r of d.graph.relationships) knows.add(r.id);
    }
    assert.equal(await run(page, KNOWS), 'done');
    assert.equal(await activeTab(page), 'graph', 'a result with nodes opens on the Graph tab');
    assert.deepEqual(await graphCounts(page), { nodes: persons.size, edges: knows.size });
    assert.equal(await page.textContent('#graph-counts'), `${persons.size} nodes, ${knows.size} relationships`);
    assert.match(await page.textContent('#status'), new RegExp(`${api.data.length} rows`));
    assert.match(await page.textContent('#graph-legend'), new RegExp(`Person ${persons.size}`));

    // Clicking a node shows its labels and properties beside the picture.
    const node = await lonelyNode(page);
    assert.ok(node, 'a node inside the picture');
    await page.mouse.click(node.x, node.y);
    await page.waitForFunction((id) => window.quiverGraph.$('node:selected').id() === id, node.id);
    const props = await viaHttp(server, 'MATCH (n) WHERE id(n) = $id RETURN n.name AS name', { id: Number(node.nodeId) });
    const details = await page.textContent('#graph-details');
    assert.match(details, /Person/);
    assert.ok(details.includes(props.data[0].row[0]), `details name ${details}`);
    await page.screenshot({ path: path.join(shots, 'web-graph.png') });

    // Double-click: the neighbours come in.
    const neighbours = await viaHttp(server, 'MATCH (n)-[r]-(m) WHERE id(n) = $id RETURN r, m LIMIT 100', {
      id: Number(node.nodeId),
    });
    const nodesAfter = new Set(persons);
    const edgesAfter = new Set(knows);
    for (const d of neighbours.data) {
      for (const n of d.graph.nodes) nodesAfter.add(n.id);
      for (const r of d.graph.relationships) edgesAfter.add(r.id);
    }
    assert.ok(nodesAfter.size > persons.size, 'the node has neighbours outside the KNOWS graph');
    await page.mouse.dblclick(node.x, node.y);
    await page.waitForFunction((n) => window.quiverGraph.nodes().length !== n, persons.size);
    assert.deepEqual(await graphCounts(page), { nodes: nodesAfter.size, edges: edgesAfter.size });
    assert.equal(await page.textContent('#graph-counts'), `${nodesAfter.size} nodes, ${edgesAfter.size} relationships`);

    await page.click('#tab-table');
    assert.equal(await page.locator('#view-table table tbody tr').count(), api.data.length);
    const first = await page.textContent('#view-table tbody tr:first-child td:nth-child(2)');
    assert.match(first, /^\(:Person.*\{.*name: ".*"/, 'a node in the table is a Cypher pattern');
    assert.match(await page.textContent('#view-table tbody tr:first-child td:nth-child(3)'), /^\[:KNOWS \{since: \d+\}\]$/);
  });

  it('caps the picture at the node limit and says so', async () => {
    await page.fill('#max-nodes', '10');
    await page.dispatchEvent('#max-nodes', 'change');
    assert.equal(await run(page, KNOWS), 'done');
    assert.equal((await graphCounts(page)).nodes, 10);
    assert.match(await page.textContent('#graph-note'), /showing 10 of 30 nodes/);
    await page.fill('#max-nodes', '300');
    await page.dispatchEvent('#max-nodes', 'change');
  });

  it('fetches the end nodes of relationships the result holds alone', async () => {
    const api = await viaHttp(server, 'MATCH ()-[r:LOCATED_IN]->() RETURN r');
    const ends = new Set(api.data.flatMap((d) => d.graph.relationships.flatMap((r) => [r.startNode, r.endNode])));
    assert.equal(await run(page, 'MATCH ()-[r:LOCATED_IN]->() RETURN r'), 'done');
    assert.deepEqual(await graphCounts(page), { nodes: ends.size, edges: api.data.length });
  });

  it('shows scalars in the table: names in order, numbers right-aligned, null apart from "null"', async () => {
    const query = 'MATCH (p:Person) RETURN p.name AS name, p.age AS age ORDER BY name';
    const api = await viaHttp(server, query);
    assert.equal(await run(page, query), 'done');
    assert.equal(await activeTab(page), 'table');
    assert.equal(await page.isDisabled('#tab-graph'), true, 'no graph for scalars');
    const rows = page.locator('#view-table tbody tr');
    assert.equal(await rows.count(), api.data.length);
    assert.equal(await rows.first().locator('td').nth(1).textContent(), api.data[0].row[0]);
    assert.equal(await rows.last().locator('td').nth(1).textContent(), api.data.at(-1).row[0]);
    assert.equal(await rows.first().locator('td').nth(2).textContent(), String(api.data[0].row[1]));
    const align = await rows.first().locator('td').nth(2).evaluate((td) => getComputedStyle(td).textAlign);
    assert.equal(align, 'right');
    assert.deepEqual(await page.$$eval('#view-table thead th', (ths) => ths.map((th) => th.textContent)), ['#', 'name', 'age']);

    assert.equal(await run(page, "RETURN null AS a, 'null' AS b, 1.0 AS f, [1, 'x', null] AS l"), 'done');
    const cells = page.locator('#view-table tbody tr:first-child td');
    const a = cells.nth(1);
    const b = cells.nth(2);
    assert.equal(await a.textContent(), 'null');
    assert.equal(await b.textContent(), 'null');
    assert.equal(await a.getAttribute('class'), 'v-null');
    assert.equal(await b.getAttribute('class'), 'v-string');
    const style = (l) => l.evaluate((td) => `${getComputedStyle(td).color} ${getComputedStyle(td).fontStyle}`);
    assert.notEqual(await style(a), await style(b), 'null looks unlike the string "null"');
    assert.equal(await cells.nth(3).textContent(), '1.0', 'a FLOAT keeps its fraction');
    assert.equal(await cells.nth(4).textContent(), '[1, "x", null]');

    // The picture for the docs: a table with a null in it.
    const jobs =
      'MATCH (p:Person) OPTIONAL MATCH (p)-[w:WORKS_AT]->(c:Company) ' +
      'RETURN p.name AS name, p.age AS age, w.role AS role, c.name AS company, w.salary AS salary, p.skills AS skills ORDER BY name';
    const jobsApi = await viaHttp(server, jobs);
    assert.equal(await run(page, jobs), 'done');
    assert.equal(await page.locator('#view-table tbody tr').count(), jobsApi.data.length);
    const nulls = jobsApi.data.filter((d) => d.row[2] === null).length;
    assert.equal(await page.locator('#view-table tbody td.v-null').count(), nulls * 3);
    await page.screenshot({ path: path.join(shots, 'web-table.png') });

    await page.click('#tab-json');
    assert.match(await page.textContent('#json-text'), /"columns": \[\n/);
  });

  it('cancels a long query with the Cancel button within 2 s, and the server goes on', async () => {
    const before = Number(await page.getAttribute('#status', 'data-run'));
    await setQuery(page, LONG);
    // Cancel once the statement is on its way to the server (its transaction is open).
    const sent = page.waitForRequest((r) => /\/tx\/\d+\/commit$/.test(r.url()));
    await page.click('#run');
    await sent;
    await page.waitForFunction(() => !document.getElementById('cancel').disabled);
    const started = Date.now();
    await page.click('#cancel');
    await page.waitForFunction(
      (b) => {
        const s = document.getElementById('status');
        return Number(s.dataset.run) > b && s.dataset.state !== 'running';
      },
      before,
      { timeout: 5000 },
    );
    const took = Date.now() - started;
    assert.equal(await page.getAttribute('#status', 'data-state'), 'cancelled');
    assert.ok(took < 2000, `cancelled after ${took} ms`);
    assert.match(await page.textContent('#status'), /Cancelled/);
    assert.equal(await page.textContent('#error-code'), 'Neo.TransientError.Transaction.Terminated');
    assert.match(await page.textContent('#json-text'), /"lastBookmarks"/, "the server's answer, not the page giving up");
    assert.equal(await page.isDisabled('#cancel'), true);

    assert.equal(await run(page, 'RETURN 41 + 1 AS answer'), 'done');
    assert.equal(await page.textContent('#view-table tbody td:nth-child(2)'), '42');
    assert.equal((await viaHttp(server, 'RETURN 1 AS one')).data[0].row[0], 1);
  });

  it('cancels with Escape in the editor too', async () => {
    const before = Number(await page.getAttribute('#status', 'data-run'));
    await setQuery(page, LONG);
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction(() => !document.getElementById('cancel').disabled);
    await page.keyboard.press('Escape');
    await page.waitForFunction(
      (b) => Number(document.getElementById('status').dataset.run) > b && document.getElementById('status').dataset.state !== 'running',
      before,
      { timeout: 3000 },
    );
    assert.equal(await page.getAttribute('#status', 'data-state'), 'cancelled');
  });

  it('draws EXPLAIN as a tree: one box per operator, a hash join with both inputs under it', async () => {
    const query = 'EXPLAIN MATCH (a:Person), (b:Person) WHERE a.name = b.name RETURN count(*)';
    const explained = await viaHttp(server, query);
    assert.deepEqual(explained.data, [], 'EXPLAIN runs nothing');
    const { text } = buildPlan(explained.plan.root);
    const lines = text.split('\n').filter((l) => l.trim());
    assert.ok(lines.some((l) => l.startsWith('HashJoin')), `the plan has a hash join:\n${text}`);
    assert.equal(await run(page, query), 'done');
    assert.equal(await activeTab(page), 'plan');
    assert.equal(await page.locator('#view-plan .plan-op').count(), lines.length);
    const boxes = await page.$$eval('#view-plan .plan-op', (els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { line: el.dataset.line, parent: el.dataset.parentLine, op: el.dataset.operator, top: r.top, bottom: r.bottom };
      }),
    );
    const root = boxes.find((b) => b.parent === '');
    assert.equal(root.op, 'ProduceResults');
    assert.ok(boxes.every((b) => b === root || b.top > root.bottom), 'the root is at the top');
    const join = boxes.find((b) => b.op === 'HashJoin');
    const inputs = boxes.filter((b) => b.parent === join.line);
    assert.deepEqual(inputs.map((b) => b.op), ['NodeScan', 'NodeScan']);
    for (const input of inputs) assert.ok(input.top > join.bottom, 'an input is drawn below its operator');
    // Each input sits in the join's row of branches, side by side.
    assert.equal(inputs[0].top, inputs[1].top);
    const nested = await page.evaluate(() => {
      const join = document.querySelector('#view-plan .plan-op[data-operator="HashJoin"]');
      const branches = join.nextElementSibling;
      return [...branches.querySelectorAll('.plan-op')].map((el) => el.dataset.operator);
    });
    assert.deepEqual(nested.sort(), ['NodeScan', 'NodeScan', 'Start', 'Start']);
    // Each box says what the line says.
    const details = await page.textContent(`#view-plan .plan-op[data-line="${join.line}"] .plan-op-details`);
    assert.equal(details, lines[Number(join.line)].trim().replace(/^HashJoin /, '').replace(/  \[.*$/, ''));
  });

  it('draws PROFILE with rows and times; an OPTIONAL MATCH nests its subplan', async () => {
    const query =
      'PROFILE MATCH (p:Person) OPTIONAL MATCH (p)-[:WORKS_AT]->(c:Company) RETURN p.name AS name, c.name AS company';
    const profiled = await viaHttp(server, query);
    const { text } = buildPlan(profiled.plan.root);
    const lines = text.split('\n').filter((l) => l.trim());
    assert.equal(await run(page, query), 'done');
    assert.equal(await activeTab(page), 'plan');
    // The statement's rows too, in the Table tab.
    assert.equal(await page.locator('#view-table tbody tr').count(), profiled.data.length);
    assert.ok(profiled.data.length > 0);
    const untimed = (t) => t.replace(/\d+\.\d+ ms, /g, '');  // each run takes its own time
    assert.equal(untimed(await page.textContent('#view-plan .plan-text pre')), untimed(text));
    const rows = await page.$$eval('#view-plan .plan-rows', (els) => els.map((el) => el.textContent));
    assert.equal(rows.length, lines.length);
    assert.deepEqual(rows.sort(), lines.map((l) => /\[(rows=\d+)\]/.exec(l)[1]).sort());
    assert.ok((await page.locator('#view-plan .plan-time').count()) > 0, 'times shown');
    assert.equal(await page.locator('#view-plan .plan-hits').count(), lines.length, 'db hits on every operator');
    const optional = await page.$eval('#view-plan .plan-op[data-operator="Optional"]', (el) => el.dataset.line);
    const inputs = await page.$$eval(`#view-plan .plan-op[data-parent-line="${optional}"]`, (els) =>
      els.map((el) => el.dataset.operator),
    );
    // From the text: the indented run under Optional is its subplan, the next line in
    // Optional's column its input.
    const at = lines.findIndex((l) => l.startsWith('Optional'));
    const subplan = lines[at + 1].trim().split(' ')[0];
    const input = lines.slice(at + 1).find((l) => !l.startsWith(' ')).split(' ')[0];
    assert.ok(lines[at + 1].startsWith('  '), `an indented subplan under Optional:\n${text}`);
    assert.deepEqual(inputs.sort(), [subplan, input].sort(), 'Optional: its input and the optional subplan');
    await page.screenshot({ path: path.join(shots, 'web-plan.png') });
  });

  it('shows a syntax error with its code and message', async () => {
    const query = 'MATCH (n RETURN n';
    const api = await viaHttp(server, query, {}, { allowErrors: true });
    assert.equal(api.errors[0].code, 'Neo.ClientError.Statement.SyntaxError');
    assert.equal(await run(page, query), 'error');
    assert.equal(await page.isVisible('#error-box'), true);
    assert.equal(await page.textContent('#error-code'), 'Neo.ClientError.Statement.SyntaxError');
    assert.equal(await page.textContent('#error-message'), api.errors[0].message);
    assert.match(await page.textContent('#status'), /Neo\.ClientError\.Statement\.SyntaxError/);
    // The next good query clears it.
    assert.equal(await run(page, 'RETURN 1 AS one'), 'done');
    assert.equal(await page.isVisible('#error-box'), false);
  });

  it('shows the warning for a misspelt label, where it is, and clears it on the next query', async () => {
    assert.equal(await run(page, 'MATCH (n:Persn) RETURN n'), 'done');
    assert.equal(await page.isVisible('#warnings'), true);
    const item = page.locator('#warnings li');
    assert.equal(await item.count(), 1);
    assert.equal(await item.getAttribute('data-code'), 'Neo.ClientNotification.Statement.UnknownLabelWarning');
    assert.match(await item.textContent(), /the missing label name is: Persn\).*line 1, column 10/);
    assert.equal(await run(page, 'MATCH (n:Person) RETURN count(n)'), 'done');
    assert.equal(await page.isVisible('#warnings'), false);
  });

  it('sends parameters, and refuses bad JSON without sending anything', async () => {
    await page.fill('#parameters', '{"x": 42, "f": 2.0}');
    assert.equal(await run(page, 'RETURN $x AS x, $f AS f'), 'done');
    assert.equal(await page.textContent('#view-table tbody td:nth-child(2)'), '42');
    assert.equal(await page.textContent('#view-table tbody td:nth-child(3)'), '2.0', 'a FLOAT parameter stays one');

    let posts = 0;
    const count = (request) => {
      if (request.url().includes('/db/')) posts++;
    };
    page.on('request', count);
    await page.fill('#parameters', '{"x": 42,');
    assert.equal(await page.isVisible('#parameters-error'), true, 'the error shows while typing');
    assert.equal(await run(page, 'RETURN $x AS x'), 'error');
    page.off('request', count);
    assert.equal(posts, 0, 'nothing sent');
    assert.match(await page.textContent('#status'), /parameters are not valid JSON/);
    assert.match(await page.textContent('#parameters-error'), /not valid JSON/);
    await page.fill('#parameters', '[1]');
    assert.equal(await run(page, 'RETURN 1'), 'error');
    assert.match(await page.textContent('#status'), /must be a JSON object/);
    await page.fill('#parameters', '{}');
    assert.equal(await page.isVisible('#parameters-error'), false);
  });

  it('recalls the previous query with Ctrl-Up, and lists the history', async () => {
    assert.equal(await run(page, "RETURN 'first' AS q"), 'done');
    assert.equal(await run(page, "RETURN 'second' AS q"), 'done');
    await page.click('#editor .CodeMirror');
    await page.keyboard.press('Control+ArrowUp');
    assert.equal(await editorText(page), "RETURN 'first' AS q");
    await page.keyboard.press('Control+ArrowDown');
    assert.equal(await editorText(page), "RETURN 'second' AS q");
    assert.equal(await page.textContent('#history li:first-child'), "RETURN 'second' AS q");
    assert.equal(await page.textContent('#history li:nth-child(2)'), "RETURN 'first' AS q");
    await page.click('#history li:nth-child(2) button');
    assert.equal(await editorText(page), "RETURN 'first' AS q");
    // It lasts: localStorage.
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('quiver.history'))[0]);
    assert.equal(saved, "RETURN 'second' AS q");
  });

  it('completes labels, types and keywords with Ctrl-Space', async () => {
    await setQuery(page, 'MATCH (n:Per');
    await page.keyboard.press('Control+Space');
    await page.waitForSelector('.CodeMirror-hints');
    const hints = await page.$$eval('.CodeMirror-hint', (els) => els.map((el) => el.textContent));
    assert.ok(hints.includes('Person'), `hints: ${hints}`);
    await page.keyboard.press('Enter');
    assert.equal(await editorText(page), 'MATCH (n:Person');
    await page.keyboard.insertText(')-[:KN');
    await page.keyboard.press('Control+Space');
    await page.waitForFunction(() => document.querySelector('.CodeMirror-hints')?.textContent.includes('KNOWS'));
    await page.keyboard.press('Escape');
  });

  it('runs a write and says what changed', async () => {
    assert.equal(await run(page, 'CREATE (n:Tmp {x: 1}) RETURN n'), 'done');
    assert.match(await page.textContent('#status .summary-stats'), /created 1 node/);
    assert.match(await page.textContent('#status .summary-stats'), /set 1 property/);
    assert.equal((await viaHttp(server, 'MATCH (n:Tmp) RETURN count(*) AS c')).data[0].row[0], 1, 'committed');
    // The schema panel reads the new label.
    await page.waitForSelector('#schema-labels .chip[data-name="Tmp"]');
  });

  it('shows the truncation when a result passes the row limit', async () => {
    await page.fill('#row-limit', '7');
    await page.dispatchEvent('#row-limit', 'change');
    assert.equal(await run(page, 'UNWIND range(1, 50) AS x RETURN x'), 'done');
    assert.equal(await page.locator('#view-table tbody tr').count(), 7);
    assert.match(await page.textContent('#status'), /truncated at 7 rows/);
    await page.fill('#row-limit', '1000');
    await page.dispatchEvent('#row-limit', 'change');
  });

  it('works without the libraries: a textarea, and a note instead of the picture', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const bare = await context.newPage();
    await bare.route('**/vendor/**', (route) => route.abort());
    await bare.goto(server.base);
    await bare.waitForSelector('#schema-labels .chip');
    assert.equal(await bare.locator('#editor textarea.plain-editor').count(), 1);
    assert.equal(await run(bare, KNOWS), 'done');
    assert.equal(await activeTab(bare), 'graph');
    assert.match(await bare.textContent('#graph-canvas'), /cytoscape/);
    assert.match(await bare.textContent('#graph-counts'), /30 nodes, 70 relationships/);
    await bare.click('#tab-table');
    assert.equal(await bare.locator('#view-table tbody tr').count(), 70);
    await context.close();
  });

  it('asks for a login when the server wants one, refuses a wrong password, lets the right one in', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const login = await context.newPage();
    login.setDefaultTimeout(10000);
    await login.goto(authServer.base);
    await login.waitForSelector('#login:not([hidden])');
    assert.equal(await login.locator('#schema-labels .chip').count(), 0, 'nothing loaded before the login');
    await login.fill('#login-user', 'neo4j');
    await login.fill('#login-password', 'wrong');
    await login.click('#login-submit');
    await login.waitForFunction(() => document.getElementById('login-message').textContent !== '');
    assert.match(await login.textContent('#login-message'), /Invalid username or password/);
    assert.equal(await login.isVisible('#login'), true);
    await login.screenshot({ path: path.join(shots, 'web-login.png') });

    await login.fill('#login-password', 'secret');
    await login.click('#login-submit');
    await login.waitForSelector('#login', { state: 'hidden' });
    await login.waitForSelector('#schema-labels .chip[data-name="Person"]');
    assert.match(await login.textContent('#user'), /neo4j/);
    assert.equal(await run(login, 'MATCH (p:Person) RETURN count(*) AS people'), 'done');
    assert.equal(await login.textContent('#view-table tbody td:nth-child(2)'), String(csvCounts(social).labels.Person));
    assert.equal(await login.evaluate(() => JSON.parse(sessionStorage.getItem('quiver.credentials')).user), 'neo4j');

    // Credentials that stop working bring the form back, with the server's message.
    await login.evaluate(() => window.quiverApp.api.setCredentials('neo4j', 'changed'));
    assert.equal(await run(login, 'RETURN 1'), 'error');
    await login.waitForSelector('#login:not([hidden])');
    assert.match(await login.textContent('#login-message'), /Invalid username or password/);
    await context.close();
  });

  it('says when the server is read-only, and shows its refusal of a write', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const ro = await context.newPage();
    await ro.goto(readOnlyServer.base);
    await ro.waitForSelector('#schema-labels .chip');
    assert.equal(await ro.textContent('#access'), 'read-only');
    assert.equal(await run(ro, 'CREATE (n:Tmp) RETURN n'), 'error');
    assert.equal(await ro.textContent('#error-code'), 'Neo.ClientError.General.ForbiddenOnReadOnlyDatabase');
    await context.close();
  });

  it('raised no page errors', () => {
    assert.deepEqual(pageErrors, []);
  });
});
