// `quiver serve` as a child process, for the tests of its Bolt server (tests/bolt) and its
// web view (tests/web): started on free ports (port 0, read back from a line the server
// prints on stdout), its stderr kept for a failing test to print, stopped by a signal.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// Runs `quiver ARGS`; resolves once a stdout line matches `listening` (its group 1 is the
// port) with {port, proc, exited, log(), stop(signal)}.
export async function spawnServe(quiver, args, listening) {
  const proc = spawn(quiver, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  proc.stderr.on('data', (d) => { log += d; });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start in 20 s:\n${log}`)), 20000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(listening);
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
    // SIGTERM (the graceful shutdown) and the exit status.
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
}

// A self-signed certificate for localhost in `dir`: {cert, key} (PEM files).
export function selfSignedCertificate(dir) {
  const cert = path.join(dir, 'server.pem');
  const key = path.join(dir, 'server.key');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2',
    '-subj', '/CN=localhost'], { stdio: 'ignore' });
  fs.accessSync(cert);
  return { cert, key };
}
