#!/usr/bin/env python3
"""The HTTP endpoint's cost per request and per row (docs/web.md, "Measured"): the
ladder's 1-hop key seek and `RETURN 1` sent one after another over one keep-alive
connection (Python's http.client: a thin client, so the figures are the server's), and a
1 M-row result read and parsed in full. It starts `quiver serve DB --read-only --http`
on a Graph500 database (nodes :V {id}, relationships :E) on free ports, and stops it.

usage: python3 bench/web/http_bench.py QUIVER DB [REQUESTS]   (make bench-web)
"""
import http.client
import json
import re
import subprocess
import sys
import time

quiver, db = sys.argv[1], sys.argv[2]
requests = int(sys.argv[3]) if len(sys.argv) > 3 else 3000
server = subprocess.Popen([quiver, "serve", db, "--read-only", "--no-auth", "--quiet", "--listen", "127.0.0.1:0",
                           "--http", "127.0.0.1:0"], stdout=subprocess.PIPE, text=True)
port = None
for line in server.stdout:
    match = re.search(r"web view on http://[^ ]+:(\d+)/", line)
    if match:
        port = int(match.group(1))
        break
if port is None:
    sys.exit("quiver serve did not start")
connection = http.client.HTTPConnection("localhost", port)


def post(statement, parameters=None):
    body = json.dumps({"statements": [{"statement": statement, "parameters": parameters or {}}]})
    connection.request("POST", "/db/neo4j/tx/commit", body, {"Content-Type": "application/json"})
    answer = json.loads(connection.getresponse().read())
    if answer["errors"]:
        raise RuntimeError(answer["errors"])
    return answer["results"][0]


def measure(statement, key):
    latencies = []
    for i in range(requests):
        started = time.perf_counter()
        post(statement, {"id": (i * 7919) % 1048576} if key else None)
        latencies.append(time.perf_counter() - started)
    latencies.sort()
    return {"requests": requests, "per_second": round(requests / sum(latencies)),
            "p50_us": round(latencies[len(latencies) // 2] * 1e6),
            "p99_us": round(latencies[int(len(latencies) * 0.99)] * 1e6)}


SEEK = "MATCH (a:V {id: $id})-[:E]->(b) RETURN count(b)"
for i in range(200):
    post(SEEK, {"id": i})  # warm up
out = {"seek": measure(SEEK, True), "return_1": measure("RETURN 1", False)}
started = time.perf_counter()
rows = post("MATCH (a:V)-[:E]->(b:V) RETURN a.id AS a, b.id AS b LIMIT 1000000")
out["rows"] = {"rows": len(rows["data"]), "seconds": round(time.perf_counter() - started, 3)}
print(json.dumps(out))
server.terminate()
server.wait()
