// Starting and stopping `quiver serve` for the driver tests: a database directory of
// the test's own, a free port (--listen 127.0.0.1:0, read back from the server's first
// line on stdout), the server's log kept for a failing test to print.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
  const proc = spawn(QUIVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  proc.stderr.on('data', (d) => { log += d; });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start in 20 s:\n${log}`)), 20000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on bolt(?:\+s)?:\/\/[^:]+:(\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${log}`));
    });
  });
  const exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    port,
    proc,
    exited,
    log: () => log,
    url: (scheme = 'bolt') => `${scheme}://127.0.0.1:${port}`,
    // SIGTERM (the graceful shutdown) and the exit status.
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
    rssKiB() {
      const status = fs.readFileSync(`/proc/${proc.pid}/status`, 'utf8');
      return Number(status.match(/VmRSS:\s+(\d+)/)[1]);
    },
  };
}

// Runs `quiver query` on a database directory (the server stopped): what a new process sees.
export function queryOffline(db, text) {
  const out = execFileSync(QUIVER, ['query', '--db', db, '--format', 'json', text], { encoding: 'utf8' });
  return JSON.parse(out.slice(out.indexOf('[')));
}
