// Starting and stopping `quiver serve` for the driver tests: a database directory of
// the test's own, a free port (--listen 127.0.0.1:0, read back from the server's first
// line on stdout), the server's log kept for a failing test to print.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServe } from '../test_util/quiver_serve.mjs';

export const QUIVER = process.env.QUIVER_BIN;
if (!QUIVER) throw new Error('QUIVER_BIN must name the quiver binary');

export const USER = 'neo4j';
export const PASSWORD = 'test-password';

export function tempDir(name) {
  const base = process.env.QUIVER_TEST_TMPDIR || os.tmpdir();
  fs.mkdirSync(base, { recursive: true });
  return fs.mkdtempSync(path.join(base, `bolt-${name}-`));
}

// Starts a server on `db` (created unless it exists). Resolves once it listens.
export async function startServer(db, extraArgs = [], { auth = `${USER}:${PASSWORD}` } = {}) {
  const args = ['serve', db, '--listen', '127.0.0.1:0', '--create', ...extraArgs];
  if (auth) args.push('--auth', auth);
  const server = await spawnServe(QUIVER, args, /listening on bolt(?:\+s)?:\/\/[^:]+:(\d+)/);
  return {
    ...server,
    url: (scheme = 'bolt') => `${scheme}://127.0.0.1:${server.port}`,
    rssKiB() {
      const status = fs.readFileSync(`/proc/${server.proc.pid}/status`, 'utf8');
      return Number(status.match(/VmRSS:\s+(\d+)/)[1]);
    },
  };
}

// Runs `quiver query` on a database directory (the server stopped): what a new process sees.
export function queryOffline(db, text) {
  const out = execFileSync(QUIVER, ['query', '--db', db, '--format', 'json', text], { encoding: 'utf8' });
  return JSON.parse(out.slice(out.indexOf('[')));
}
