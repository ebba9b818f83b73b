// The server's life around the driver: a transient failure retried by executeWrite, a
// SIGKILL in the middle of a transaction, a graceful SIGTERM with a transaction open,
// TLS, and the refusal to start without credentials.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import neo4j from 'neo4j-driver';

import { PASSWORD, QUIVER, USER, queryOffline, startServer, tempDir } from './server.mjs';
import { selfSignedCertificate } from '../test_util/quiver_serve.mjs';

const auth = neo4j.auth.basic(USER, PASSWORD);

describe('the server around the driver', () => {
  it('retries a transaction that failed with a transient error (a query past its memory limit)', async () => {
    const server = await startServer(tempDir('retry'), ['--memory-limit', '4M']);
    const driver = neo4j.driver(server.url(), auth);
    try {
      const session = driver.session();
      let attempts = 0;
      const n = await session.executeWrite(async (tx) => {
        attempts += 1;
        // The first attempt sorts and collects a million values: over 4 MiB.
        const size = attempts === 1 ? 1000000 : 10;
        const r = await tx.run('UNWIND range(1, $n) AS i WITH i ORDER BY i DESC RETURN size(collect(i)) AS n', {
          n: neo4j.int(size),
        });
        return r.records[0].get('n').toNumber();
      });
      assert.equal(attempts, 2);
      assert.equal(n, 10);
      await session.close();
    } finally {
      await driver.close();
      await server.stop();
    }
  });

  it('keeps every acknowledged write and nothing of an open transaction across a SIGKILL', async () => {
    const db = tempDir('kill');
    let server = await startServer(db);
    let driver = neo4j.driver(server.url(), auth);
    const session = driver.session();
    await session.run('UNWIND range(1, 100) AS i CREATE (:Acked {i: i})');
    const open = driver.session();
    const tx = await open.beginTransaction();
    await tx.run('UNWIND range(1, 100) AS i CREATE (:Unacked {i: i})');
    server.proc.kill('SIGKILL');
    await server.exited;
    await driver.close().catch(() => {});
    // A new process sees the acknowledged writes and none of the open transaction's.
    const offline = queryOffline(
      db,
      'MATCH (a:Acked) WITH count(a) AS acked OPTIONAL MATCH (u:Unacked) RETURN acked, count(u) AS unacked',
    );
    assert.deepEqual(offline, [{ acked: 100, unacked: 0 }]);
    server = await startServer(db);
    driver = neo4j.driver(server.url(), auth);
    try {
      const s = driver.session();
      const r = await s.run('MATCH (a:Acked) RETURN count(a) AS n');
      assert.equal(r.records[0].get('n').toNumber(), 100);
      await s.close();
    } finally {
      await driver.close();
      await server.stop();
    }
  });

  it('lets an open transaction finish on SIGTERM, then exits cleanly', async () => {
    const db = tempDir('term');
    const server = await startServer(db, ['--shutdown-grace', '5s']);
    const driver = neo4j.driver(server.url(), auth);
    const session = driver.session();
    const tx = await session.beginTransaction();
    await tx.run('CREATE (:Graceful {v: 1})');
    server.proc.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await tx.commit();
    await session.close();
    const { code } = await server.exited;
    assert.equal(code, 0, server.log());
    await driver.close();
    assert.deepEqual(queryOffline(db, 'MATCH (g:Graceful) RETURN count(g) AS n'), [{ n: 1 }]);
    assert.match(server.log(), /shutting down/);
  });

  it('rolls back what is still open when the grace period is over', async () => {
    const db = tempDir('grace');
    const server = await startServer(db, ['--shutdown-grace', '500ms']);
    const driver = neo4j.driver(server.url(), auth);
    const session = driver.session();
    const tx = await session.beginTransaction();
    await tx.run('CREATE (:Abandoned)');
    server.proc.kill('SIGTERM');
    const { code } = await server.exited;
    assert.equal(code, 0, server.log());
    await driver.close().catch(() => {});
    assert.deepEqual(queryOffline(db, 'MATCH (a:Abandoned) RETURN count(a) AS n'), [{ n: 0 }]);
  });

  it('serves TLS (bolt+ssc://) and nothing in plain text on a TLS port', async () => {
    const dir = tempDir('tls');
    const { cert, key } = selfSignedCertificate(dir);
    const server = await startServer(path.join(dir, 'db'), ['--tls-cert', cert, '--tls-key', key]);
    try {
      const secure = neo4j.driver(`bolt+ssc://127.0.0.1:${server.port}`, auth);
      const s = secure.session();
      const r = await s.run('RETURN "encrypted" AS x');
      assert.equal(r.records[0].get('x'), 'encrypted');
      await s.close();
      await secure.close();
      const plain = neo4j.driver(server.url(), auth, { connectionTimeout: 3000 });
      await assert.rejects(plain.verifyConnectivity());
      await plain.close();
    } finally {
      await server.stop();
    }
  });

  it('refuses to start without credentials, and says how to give them', () => {
    const r = spawnSync(QUIVER, ['serve', tempDir('noauth'), '--create', '--listen', '127.0.0.1:0'], {
      encoding: 'utf8',
      env: { ...process.env, QUIVER_AUTH: '' },
    });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /--auth user:password/);
    assert.match(r.stderr, /--no-auth/);
    const file = path.join(tempDir('authfile'), 'users');
    fs.writeFileSync(file, '# users\nann:secret\nbad line\n');
    const bad = spawnSync(QUIVER, ['serve', tempDir('badfile'), '--create', '--auth-file', file], { encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /users:3: /);
  });
});
