// Every ```js example of docs/node.md, run as written — in a folder of its own, with
// 'quiver' meaning the module under test — and each `// → text` comment checked, in
// order, against the lines the example prints.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import { MODULE_DIR, tempDir } from './helpers.mjs';

const docPath = fileURLToPath(new URL('../../docs/node.md', import.meta.url));
const moduleDir = path.resolve(MODULE_DIR);

function examples() {
  const text = fs.readFileSync(docPath, 'utf8');
  const blocks = [];
  const fence = /^```js\n([\s\S]*?)^```$/gm;
  for (let match; (match = fence.exec(text));) {
    blocks.push({ code: match[1], line: text.slice(0, match.index).split('\n').length });
  }
  return blocks;
}

const blocks = examples();

test('docs/node.md has examples', () => {
  assert.ok(blocks.length >= 8, `found ${blocks.length}`);
});

for (const { code, line } of blocks) {
  test(`docs/node.md example at line ${line}`, () => {
    const esm = /^import /m.test(code);
    const source = code
      .replaceAll("from 'quiver'", `from ${JSON.stringify(path.join(moduleDir, 'index.mjs'))}`)
      .replaceAll("require('quiver')", `require(${JSON.stringify(moduleDir)})`);
    const dir = tempDir('doc-example');
    const file = path.join(dir, esm ? 'example.mjs' : 'example.cjs');
    fs.writeFileSync(file, source);
    const run = spawnSync(process.execPath, [file], { cwd: dir, encoding: 'utf8', timeout: 30000 });
    assert.equal(run.status, 0, `the example failed:\n${run.stderr}`);
    const expected = [...code.matchAll(/\/\/ → (.*)$/gm)].map((m) => m[1].trim());
    const printed = run.stdout.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
    assert.deepEqual(printed, expected);
  });
}
