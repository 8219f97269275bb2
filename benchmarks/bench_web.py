"""Benchmark: ``POST /api/ask`` under load on loopback (target: 0 errors; a 12x12 ``move`` under 10 ms at the server).

Starts ``adjudicator serve`` on 127.0.0.1 (a free port), then sends
:data:`REQUESTS` requests from :data:`CLIENTS` concurrent clients (threads,
one keep-alive connection each, standard library only): ``move`` queries on
a 12x12 map with hindering terrain, walls and four monsters. Prints the
client-side latency (p50, p99), requests per second, and the time of the
ask in its worker at the server (the ``ask`` part of the ``Server-Timing``
header; ``queue`` is the wait for a free worker), median and p99. Bounded:
only 127.0.0.1, at most :data:`REQUESTS` requests, the server stopped after.
"""

from __future__ import annotations

import http.client
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

REQUESTS = 2000
CLIENTS = 32
SERVER_MEDIAN_TARGET_MS = 10.0
HOST = "127.0.0.1"


def situation(to: str, die: int) -> str:
    """A 12x12 map; scarecrow at B2 next to two foes moves to ``to``."""
    rows = ["." * 12 for _ in range(12)]
    rows[5] = "..hhhh......"
    rows[8] = "......##...."
    terrain = "\n".join(f'    - "{row}"' for row in rows)
    return f"""ruleset: horrorclix/2008
map:
  kind: outdoor
  terrain:
{terrain}
  walls: [[F3, F4], [G3, G4]]
pieces:
  - {{id: scarecrow, type: monster, player: 1, at: B2, speed: 8, attack: 8, defense: 15, damage: 2, range: 0}}
  - {{id: slayer, type: monster, player: 2, at: C2, speed: 7, attack: 9, defense: 16, damage: 2, range: 4}}
  - {{id: vixen, type: monster, player: 2, at: B1, speed: 8, attack: 10, defense: 15, damage: 3, range: 0}}
  - {{id: ghoul, type: monster, player: 2, at: K10, speed: 6, attack: 9, defense: 16, damage: 2, range: 0}}
query: {{kind: move, piece: scarecrow, to: {to}, die: {die}}}
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def start_server(port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "adjudicator", "serve", "--host", HOST, "--port", str(port), "--workers", "2"]
    process = subprocess.Popen(command, env=os.environ.copy())
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=5)
            conn.request("GET", "/api/rulesets")
            if conn.getresponse().status == 200:
                return process
        except OSError:
            time.sleep(0.3)
    process.terminate()
    raise SystemExit("the server did not start")


@dataclass
class Results:
    """What the clients saw."""

    latencies: list[float] = field(default_factory=list)
    server_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def client(port: int, bodies: list[bytes], counter: Iterator[int], results: Results) -> None:
    """One client: a keep-alive connection, requests until the counter runs out."""
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    while True:
        with results.lock:
            n = next(counter, None)
        if n is None:
            break
        started = time.perf_counter()
        try:
            conn.request("POST", "/api/ask", body=bodies[n % len(bodies)], headers={"content-type": "application/yaml"})
            reply = conn.getresponse()
            reply.read()
        except (OSError, http.client.HTTPException) as exc:
            with results.lock:
                results.errors.append(type(exc).__name__)
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=30)
            continue
        spent = (time.perf_counter() - started) * 1000
        timing = reply.getheader("server-timing", "")
        with results.lock:
            results.latencies.append(spent)
            if reply.status != 200:
                results.errors.append(str(reply.status))
            if "ask;dur=" in timing:
                results.server_ms.append(float(timing.split("ask;dur=", 1)[1]))
    conn.close()


def main() -> None:
    port = free_port()
    process = start_server(port)
    rng = random.Random(17)
    targets = [f"{c}{r}" for c in "DEFGHI" for r in range(3, 8)]
    bodies = [situation(rng.choice(targets), rng.randint(1, 6)).encode() for _ in range(64)]
    results = Results()
    counter = iter(range(REQUESTS))
    try:
        began = time.perf_counter()
        threads = [threading.Thread(target=client, args=(port, bodies, counter, results)) for _ in range(CLIENTS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - began
    finally:
        process.terminate()
        process.wait(20)
    latencies, server_ms, errors = results.latencies, results.server_ms, results.errors
    quantiles = statistics.quantiles(latencies, n=100)
    server_q = statistics.quantiles(server_ms, n=100)
    print(f"{len(latencies)} requests from {CLIENTS} clients in {elapsed:.2f} s: {len(latencies) / elapsed:.0f} req/s")
    print(f"latency at the client: p50 {quantiles[49]:.1f} ms, p99 {quantiles[98]:.1f} ms")
    print(f"move on 12x12 at the server: median {statistics.median(server_ms):.2f} ms, p99 {server_q[98]:.2f} ms")
    print(f"errors: {len(errors)} {sorted(set(errors))}")
    if errors or statistics.median(server_ms) >= SERVER_MEDIAN_TARGET_MS:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
