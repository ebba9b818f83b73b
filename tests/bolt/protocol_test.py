#!/usr/bin/env python3
"""The Bolt protocol at the byte level against `quiver serve`: what the driver tests
cannot send. Handshakes (each version, the manifest, none in common, not Bolt at all),
the state machine (FAILED, IGNORED, RESET pipelined behind a running query, PULL n with
has_more, qids in a transaction, ROUTE), and malformed input — truncated chunks, unknown
messages, sizes that lie, nesting too deep, a message over the limit, random bytes —
each of which must close that connection (with FAILURE where the protocol allows) and
leave the server answering the next client.

usage: protocol_test.py QUIVER_BINARY
Prints `N passed, N failed` last; exits non-zero on a failure.
"""

import os
import random
import re
import socket
import struct
import subprocess
import sys
import tempfile
import time

QUIVER = sys.argv[1]
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL:", what)


# ---- PackStream, as much as the test needs ----

def pack(v):
    if v is None:
        return b"\xC0"
    if v is True:
        return b"\xC3"
    if v is False:
        return b"\xC2"
    if isinstance(v, int):
        if -16 <= v <= 127:
            return struct.pack(">b", v)
        if -128 <= v <= 127:
            return b"\xC8" + struct.pack(">b", v)
        if -32768 <= v <= 32767:
            return b"\xC9" + struct.pack(">h", v)
        if -(2 ** 31) <= v < 2 ** 31:
            return b"\xCA" + struct.pack(">i", v)
        return b"\xCB" + struct.pack(">q", v)
    if isinstance(v, float):
        return b"\xC1" + struct.pack(">d", v)
    if isinstance(v, str):
        b = v.encode()
        return sized(len(b), 0x80, 0xD0) + b
    if isinstance(v, list):
        return sized(len(v), 0x90, 0xD4) + b"".join(pack(x) for x in v)
    if isinstance(v, dict):
        return sized(len(v), 0xA0, 0xD8) + b"".join(pack(k) + pack(x) for k, x in v.items())
    raise TypeError(v)


def sized(n, tiny, m8):
    if n < 16:
        return bytes([tiny + n])
    if n < 256:
        return bytes([m8, n])
    if n < 65536:
        return bytes([m8 + 1]) + struct.pack(">H", n)
    return bytes([m8 + 2]) + struct.pack(">I", n)


def message(tag, *fields):
    return bytes([0xB0 + len(fields), tag]) + b"".join(pack(f) for f in fields)


def chunked(body):
    out = b""
    for i in range(0, len(body), 65535):
        part = body[i:i + 65535]
        out += struct.pack(">H", len(part)) + part
    return out + b"\x00\x00"


class Reader:
    def __init__(self, data):
        self.d, self.i = data, 0

    def take(self, n):
        b = self.d[self.i:self.i + n]
        self.i += n
        return b

    def value(self):
        m = self.take(1)[0]
        if m < 0x80:
            return m
        if m >= 0xF0:
            return m - 256
        if m == 0xC0:
            return None
        if m in (0xC2, 0xC3):
            return m == 0xC3
        if m == 0xC1:
            return struct.unpack(">d", self.take(8))[0]
        if m in (0xC8, 0xC9, 0xCA, 0xCB):
            n = {0xC8: 1, 0xC9: 2, 0xCA: 4, 0xCB: 8}[m]
            return int.from_bytes(self.take(n), "big", signed=True)
        for tiny, m8, kind in ((0x80, 0xD0, "s"), (0x90, 0xD4, "l"), (0xA0, 0xD8, "m")):
            if tiny <= m < tiny + 16 or m8 <= m <= m8 + 2:
                n = m - tiny if m < tiny + 16 else int.from_bytes(self.take([1, 2, 4][m - m8]), "big")
                if kind == "s":
                    return self.take(n).decode()
                if kind == "l":
                    return [self.value() for _ in range(n)]
                return {self.value(): self.value() for _ in range(n)}
        if 0xB0 <= m <= 0xBF:
            tag = self.take(1)[0]
            return ("struct", tag, [self.value() for _ in range(m - 0xB0)])
        raise ValueError(f"marker {m:#x}")


# ---- a client ----

class Client:
    def __init__(self, port, proposals=((5, 4, 4), (4, 4, 0))):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.buf = b""
        self.version = None
        if proposals is not None:
            self.s.sendall(b"\x60\x60\xB0\x17" + b"".join(bytes([0, r, mi, ma]) for ma, mi, r in proposals)
                           + b"\x00" * 4 * (4 - len(proposals)))
            reply = self.exactly(4)
            self.version = (reply[3], reply[2])

    def exactly(self, n):
        while len(self.buf) < n:
            data = self.s.recv(65536)
            if not data:
                raise EOFError
            self.buf += data
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def send(self, *messages):
        self.s.sendall(b"".join(chunked(m) for m in messages))

    def receive(self):
        body = b""
        while True:
            size = struct.unpack(">H", self.exactly(2))[0]
            if size == 0:
                if body:
                    return Reader(body).value()
                continue
            body += self.exactly(size)

    def closed(self, within=5.0):
        """True when the server closes the connection (after any bytes it still sends)."""
        self.s.settimeout(within)
        try:
            while True:
                data = self.s.recv(65536)
                if not data:
                    return True
        except (ConnectionResetError, BrokenPipeError):
            return True
        except socket.timeout:
            return False

    def hello(self, auth=("neo4j", "secret")):
        token = {"scheme": "basic", "principal": auth[0], "credentials": auth[1]} if auth else {"scheme": "none"}
        if self.version >= (5, 1):
            self.send(message(0x01, {"user_agent": "protocol-test/1"}))
            hello = self.receive()
            self.send(message(0x6A, token))
            return hello, self.receive()
        self.send(message(0x01, {"user_agent": "protocol-test/1", **token}))
        return self.receive(), None

    def close(self):
        self.s.close()


SUCCESS, RECORD, IGNORED, FAILURE = 0x70, 0x71, 0x7E, 0x7F


def tag(m):
    return m[1] if isinstance(m, tuple) else None


def meta(m):
    return m[2][0] if isinstance(m, tuple) and m[2] else {}


def run_all(port):
    # Handshakes: the version chosen, no version in common, not Bolt.
    c = Client(port, proposals=((4, 4, 0),))
    check(c.version == (4, 4), f"4.4 chosen: {c.version}")
    hello, _ = c.hello()
    check(tag(hello) == SUCCESS and "Quiver" in meta(hello).get("server", ""), f"4.4 HELLO: {hello}")
    c.send(message(0x10, "RETURN 1 AS one", {}, {}), message(0x3F, {"n": -1}))
    run, record, done = c.receive(), c.receive(), c.receive()
    check(tag(run) == SUCCESS and meta(run).get("fields") == ["one"], f"4.4 RUN: {run}")
    check(tag(record) == RECORD and record[2][0] == [1], f"4.4 RECORD: {record}")
    check(tag(done) == SUCCESS and meta(done).get("type") == "r" and "bookmark" in meta(done), f"4.4 PULL: {done}")
    c.close()

    c = Client(port, proposals=((5, 4, 4),))
    check(c.version == (5, 4), f"5.4 chosen: {c.version}")
    c.send(message(0x01, {"user_agent": "x"}))
    check(tag(c.receive()) == SUCCESS, "5.4 HELLO")
    c.send(message(0x10, "RETURN 1", {}, {}))
    refused = c.receive()
    check(tag(refused) == FAILURE and meta(refused).get("code") == "Neo.ClientError.Security.Unauthorized",
          f"a RUN before LOGON: {refused}")
    check(c.closed(), "the connection closes after a RUN before LOGON")

    c = Client(port, proposals=((255, 1, 0), (5, 4, 4)))
    check(c.version == (255, 1), f"the manifest answered: {c.version}")
    count = c.exactly(1)[0]
    ranges = [c.exactly(4) for _ in range(count)]
    capabilities = c.exactly(1)
    check((0, 4, 4, 5) in [tuple(r) for r in ranges] and capabilities == b"\x00", f"the manifest: {ranges}")
    c.s.sendall(bytes([0, 0, 3, 5, 0]))  # Bolt 5.3, no capabilities
    c.version = (5, 3)
    hello, logon = c.hello()
    check(tag(logon) == SUCCESS, f"5.3 after a manifest: {hello} {logon}")
    c.close()

    c = Client(port, proposals=((3, 0, 0), (9, 9, 0)))
    check(c.version == (0, 0), f"no version in common: {c.version}")
    check(c.closed(), "closed after no version in common")

    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    data = b""
    try:
        while True:
            got = s.recv(100)
            if not got:
                break
            data += got
    except socket.timeout:
        data = b"timeout"
    check(data == b"", f"an HTTP client gets nothing and is closed: {data!r}")
    s.close()

    # Authentication.
    c = Client(port)
    _, logon = c.hello(auth=("neo4j", "wrong"))
    check(tag(logon) == FAILURE and meta(logon).get("code") == "Neo.ClientError.Security.Unauthorized",
          f"a wrong password: {logon}")
    check(c.closed(), "closed after a wrong password")

    # The state machine.
    c = Client(port)
    c.hello()
    c.send(message(0x10, "RETURN 1 +", {}, {}), message(0x3F, {"n": -1}), message(0x10, "RETURN 2", {}, {}))
    fail, ignored1, ignored2 = c.receive(), c.receive(), c.receive()
    check(tag(fail) == FAILURE and meta(fail)["code"] == "Neo.ClientError.Statement.SyntaxError", f"{fail}")
    check(tag(ignored1) == IGNORED and tag(ignored2) == IGNORED, f"FAILED ignores: {ignored1} {ignored2}")
    c.send(message(0x0F), message(0x10, "UNWIND range(1, 5) AS i RETURN i", {}, {}), message(0x3F, {"n": 2}))
    reset, run = c.receive(), c.receive()
    check(tag(reset) == SUCCESS and tag(run) == SUCCESS, f"RESET then RUN: {reset} {run}")
    records = [c.receive(), c.receive()]
    more = c.receive()
    check([r[2][0] for r in records] == [[1], [2]] and meta(more).get("has_more") is True, f"PULL 2: {more}")
    c.send(message(0x3F, {"n": 3}))
    rest = [c.receive() for _ in range(3)]
    end = c.receive()
    check([r[2][0] for r in rest] == [[3], [4], [5]] and "has_more" not in meta(end) and tag(end) == SUCCESS,
          f"PULL 3 after: {rest} {end}")
    c.send(message(0x3F, {"n": -1}))
    wrong = c.receive()
    check(tag(wrong) == FAILURE and "not allowed" in meta(wrong)["message"], f"PULL in READY: {wrong}")
    c.send(message(0x0F))
    check(tag(c.receive()) == SUCCESS, "RESET after a PULL in READY")

    # A transaction with two results, pulled by qid; ROUTE.
    c.send(message(0x11, {}), message(0x10, "UNWIND [1, 2] AS x RETURN x", {}, {}),
           message(0x10, "CREATE (n:Q {v: 7}) RETURN n.v AS v", {}, {}),
           message(0x3F, {"n": -1, "qid": 0}), message(0x3F, {"n": -1, "qid": 1}), message(0x12))
    begin, run0, run1 = c.receive(), c.receive(), c.receive()
    check(meta(run0).get("qid") == 0 and meta(run1).get("qid") == 1, f"qids: {run0} {run1}")
    first = [c.receive(), c.receive(), c.receive()]
    second = [c.receive(), c.receive()]
    commit = c.receive()
    check([r[2][0] for r in first[:2]] == [[1], [2]] and second[0][2][0] == [7], f"pulled by qid: {first} {second}")
    check(meta(second[1]).get("stats", {}).get("nodes-created") == 1, f"stats: {second[1]}")
    check(tag(commit) == SUCCESS and str(meta(commit).get("bookmark", "")).startswith("quiver:"), f"{commit}")
    c.send(message(0x66, {"address": "x"}, [], {"db": None}))
    route = c.receive()
    servers = meta(route).get("rt", {}).get("servers", [])
    check(sorted(s["role"] for s in servers) == ["READ", "ROUTE", "WRITE"], f"ROUTE: {route}")

    # RESET stops a running query: what came before it is IGNORED (or its FAILURE).
    slow = "UNWIND range(1, 100000) AS i UNWIND range(1, 100000) AS j WITH i WHERE i < 0 RETURN count(*)"
    c.send(message(0x10, slow, {}, {}), message(0x3F, {"n": -1}))
    time.sleep(0.3)
    started = time.time()
    c.send(message(0x0F))
    responses = [c.receive() for _ in range(3)]
    check(time.time() - started < 5, "RESET interrupts at once")
    check(tag(responses[2]) == SUCCESS and tag(responses[1]) == IGNORED and tag(responses[0]) in (SUCCESS, IGNORED),
          f"RUN, PULL, RESET: {responses}")
    c.send(message(0x10, "RETURN 3 AS x", {}, {}), message(0x3F, {"n": -1}))
    c.receive()
    check(c.receive()[2][0] == [3], "a query after the RESET")
    c.send(message(0x02))
    check(c.closed(), "GOODBYE closes")

    # Malformed input: each closes its connection; none crashes the server.
    def malformed(name, payload, expect_failure=True):
        c = Client(port)
        c.hello()
        c.s.sendall(payload)
        got = None
        if expect_failure:
            try:
                got = c.receive()
            except (EOFError, ConnectionResetError):
                got = None
            check(tag(got) == FAILURE, f"{name}: FAILURE, got {got}")
        check(c.closed(), f"{name}: the connection closes")

    malformed("an unknown message", chunked(bytes([0xB0, 0x77])))
    malformed("a wrong field count", chunked(message(0x10, "RETURN 1")))
    malformed("a string that claims 2 GB", chunked(bytes([0xB3, 0x10, 0xD2, 0x7F, 0xFF, 0xFF, 0xFF]) + b"ab"))
    malformed("a list that claims 65535 items", chunked(bytes([0xB3, 0x10, 0xD5, 0xFF, 0xFF, 0x01])))
    malformed("an undefined marker", chunked(bytes([0xB1, 0x11, 0xC7])))
    malformed("a map key that is not a string", chunked(bytes([0xB1, 0x11, 0xA1, 0x01, 0x02])))
    malformed("nesting 10,000 deep", chunked(bytes([0xB3, 0x10, 0x80, 0xA1, 0x81, 0x70]) + b"\x91" * 10000 + b"\xC0"
                                             + b"\xA0"))
    malformed("bytes left after the message", chunked(message(0x0F) + b"\x01"))
    malformed("a message over --max-message", (b"\xFF\xFF" + b"\x90" * 65535) * 17, expect_failure=False)
    c = Client(port)
    c.hello()
    c.s.sendall(b"\x00\x10\xB3\x10")  # a chunk cut short, then the client leaves
    c.close()
    rng = random.Random(5)
    for i in range(30):
        c = Client(port)
        c.hello()
        noise = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300)))
        try:
            c.s.sendall(noise)
            c.s.shutdown(socket.SHUT_WR)
            c.closed(within=3)
        except OSError:
            pass
        c.close()

    # Still serving.
    c = Client(port)
    c.hello()
    c.send(message(0x10, "RETURN 'alive' AS s", {}, {}), message(0x3F, {"n": -1}))
    c.receive()
    check(c.receive()[2][0] == ["alive"], "the server answers after all that")
    c.close()


def connection_limits(db):
    server = subprocess.Popen([QUIVER, "serve", db, "--create", "--listen", "127.0.0.1:0", "--auth", "neo4j:secret",
                               "--max-connections", "2", "--login-timeout", "1s"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = int(re.search(r":(\d+)$", server.stdout.readline().strip()).group(1))
        a, b = Client(port), Client(port)
        refused = socket.create_connection(("127.0.0.1", port), timeout=5)
        refused.settimeout(5)
        try:
            check(refused.recv(10) == b"", "a third connection past --max-connections is closed")
        except ConnectionResetError:
            check(True, "")
        started = time.time()
        check(a.closed(within=5), "an unauthenticated connection closes at --login-timeout")
        check(time.time() - started < 4, "the login timeout is kept")
        b.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
    log = server.stderr.read()
    check("refused a connection" in log and "not authenticated within 1 s" in log, f"the log says why:\n{log}")


def read_only(db):
    server = subprocess.Popen([QUIVER, "serve", db, "--listen", "127.0.0.1:0", "--no-auth", "--read-only"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = int(re.search(r":(\d+)$", server.stdout.readline().strip()).group(1))
        c = Client(port)
        c.hello(auth=None)
        # (A RESET counts as it arrives: one pipelined behind requests would have them IGNORED.)
        c.send(message(0x10, "CREATE (:X)", {}, {}))
        refused = c.receive()
        c.send(message(0x0F))
        c.receive()
        c.send(message(0x11, {}), message(0x10, "MATCH (n) RETURN count(n) AS n", {}, {}), message(0x3F, {"n": -1}),
               message(0x10, "CREATE (:X)", {}, {}))
        begin, run, count, done, refused_in_tx = [c.receive() for _ in range(5)]
        c.send(message(0x0F))
        c.receive()
        c.send(message(0x66, {}, [], {"db": None}))
        route = c.receive()
        code = "Neo.ClientError.General.ForbiddenOnReadOnlyDatabase"
        check(tag(refused) == FAILURE and meta(refused)["code"] == code, f"a write on --read-only: {refused}")
        check(tag(begin) == SUCCESS and tag(count) == RECORD and isinstance(count[2][0][0], int),
              f"a read transaction: {begin} {count}")
        check(tag(refused_in_tx) == FAILURE and meta(refused_in_tx)["code"] == code, f"in a tx: {refused_in_tx}")
        roles = sorted(s["role"] for s in meta(route)["rt"]["servers"])
        check(roles == ["READ", "ROUTE"], f"no writer in the routing table: {roles}")
        c.close()
    finally:
        server.terminate()
        server.wait(timeout=20)


with tempfile.TemporaryDirectory() as tmp:
    server = subprocess.Popen([QUIVER, "serve", os.path.join(tmp, "db"), "--create", "--listen", "127.0.0.1:0",
                               "--auth", "neo4j:secret", "--max-message", "1M"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline().strip()
        port = int(re.search(r":(\d+)$", line).group(1))
        run_all(port)
        check(server.poll() is None, "the server is still running")
    finally:
        server.terminate()
        try:
            code = server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            code = "hung"
        log = server.stderr.read()
        check(code == 0, f"SIGTERM: exit {code}")
        check("terminate called" not in log and "Sanitizer" not in log, f"a clean log:\n{log[-3000:]}")
        if failed:
            print(log[-5000:])
    connection_limits(os.path.join(tmp, "limits"))
    read_only(os.path.join(tmp, "db"))

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
