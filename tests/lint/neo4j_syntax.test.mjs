// Every query the data-driven Cypher tests (tests/cypher/*.test) expect to run — the
// `statement ok` and `query` blocks — is linted by Neo4j's own Cypher 5 front end
// (@neo4j-cypher/language-support, the parser and semantic analysis of Neo4j's editors):
// it must report no error, so the syntax those tests pin is Neo4j's, not a dialect of
// our own. Where Quiver knowingly accepts more than Neo4j does, the block says so with a
// `# neo4j refuses: <why>` line, and the linter must then report an error: the note
// stays true. Blocks expecting an error (`statement error …`) are not linted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintCypherQuery } from '@neo4j-cypher/language-support';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'cypher');

// The runnable blocks of one .test file: {line, query, refused} (cypher_file_test.cpp's format).
function blocks(text) {
  const out = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; ) {
    while (i < lines.length && lines[i].trim() === '') i++;
    const start = i;
    const block = [];
    while (i < lines.length && lines[i].trim() !== '') block.push(lines[i++]);
    const refused = block.some((l) => l.startsWith('# neo4j refuses:'));
    const body = block.filter((l) => !l.startsWith('#'));
    if (body.length === 0) continue;
    const head = body[0].trim();
    if (head !== 'statement ok' && !head.startsWith('query')) continue;
    const query = [];
    for (const l of body.slice(1)) {
      if (l.trim() === '----') break;
      query.push(l);
    }
    out.push({ line: start + 1, query: query.join('\n'), refused });
  }
  return out;
}

const files = readdirSync(dir).filter((f) => f.endsWith('.test')).sort();

test('the .test files hold queries to lint', () => {
  assert.ok(files.length >= 20, `only ${files.length} files in ${dir}`);
});

for (const file of files) {
  test(`${file}: Neo4j's front end accepts every query it runs`, () => {
    const found = blocks(readFileSync(join(dir, file), 'utf8'));
    for (const { line, query, refused } of found) {
      const errors = lintCypherQuery(query, {}).diagnostics.filter((d) => d.severity === 1).map((d) => d.message);
      if (refused) {
        assert.notEqual(errors.length, 0, `${file}:${line} is marked "neo4j refuses", but Neo4j accepts it:\n${query}`);
      } else {
        assert.deepEqual(errors, [], `${file}:${line}: Neo4j's front end refuses\n${query}`);
      }
    }
  });
}
