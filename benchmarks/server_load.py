"""Load on the HTTP API: many concurrent checks against a real server on loopback.

Run: python benchmarks/server_load.py [--requests 200] [--rounds 2] [--max-concurrent 4]

Starts ``quote-tui serve`` as a subprocess on a free loopback port, fires every request of a
round at once (a small batch of supplied texts, so no network), and prints throughput and
p50/p95/p99 latency beside the same batches run through the service in this process with the
same parallelism, measured in the same run. It also prints the server's resident memory before,
during (peak) and after each round: with bodies capped and checks admitted a few at a time, the
peak should not grow from one round to the next. Any failed request makes the exit code 1;
the figures themselves pass or fail nothing (wall clocks on shared machines vary).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from quote_tui.batch.batchfile import parse_batch
from quote_tui.batch.pipeline import check_batch
from quote_tui.batch.report import dumps
from quote_tui.batch.specs import Settings

PARAGRAPH = (
    "It is a truth universally acknowledged, that a single man in possession of a good fortune, "
    "must be in want of a wife. However little known the feelings or views of such a man may be "
    "on his first entering a neighbourhood, this truth is so well fixed in the minds of the "
    "surrounding families, that he is considered the rightful property of some one or other of "
    "their daughters. "
)
OTHER = (
    "The quality of mercy is not strain'd; it droppeth as the gentle rain from heaven upon the "
    "place beneath: it is twice blest; it blesseth him that gives and him that takes. "
)


def sample_batch() -> dict[str, Any]:
    """Two supplied texts (about 8 KB) and four quotations: exact, normalized, near, absent."""
    return {
        "sources": [
            {"id": "austen", "text": PARAGRAPH * 12},
            {"id": "shakespeare", "text": OTHER * 20},
        ],
        "citations": [
            {"id": "c1", "source": "austen", "quote": "a truth universally acknowledged"},
            {
                "id": "c2",
                "source": "shakespeare",
                "quote": "\u201cThe quality of mercy is not strain\u2019d\u201d",
            },
            {
                "id": "c3",
                "source": "austen",
                "quote": "a single woman in possession of a good fortune",
            },
            {
                "id": "c4",
                "source": "shakespeare",
                "quote": "the rain in Spain stays mainly in the plain",
            },
        ],
    }


@dataclass
class Round:
    latencies: list[float]
    seconds: float
    failures: int

    def line(self, label: str) -> str:
        if len(self.latencies) < 2:
            return f"{label:<22} {len(self.latencies):>5} ok {self.failures:>3} failed"
        q = statistics.quantiles(self.latencies, n=100, method="inclusive")
        rate = len(self.latencies) / self.seconds
        return (
            f"{label:<22} {len(self.latencies):>5} ok {self.failures:>3} failed  "
            f"{rate:>7.1f} req/s  p50 {q[49] * 1000:>7.1f} ms  p95 {q[94] * 1000:>7.1f} ms  "
            f"p99 {q[98] * 1000:>7.1f} ms"
        )


def _without_timing(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k != "created"}


async def _expected_report(data: dict[str, Any]) -> dict[str, Any]:
    report = await check_batch(parse_batch(data), Settings(allow_local=False))
    return _without_timing(report)


def _cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process has used, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _memory_kib(pid: int) -> dict[str, int]:
    """Resident (VmRSS) and peak resident (VmHWM) memory of a process, from /proc."""
    out: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0])
    return out


async def _over_http(url: str, body: bytes, requests: int, expected: dict[str, Any]) -> Round:
    """Every request at once; an answer counts as ok only if it is the expected report."""
    limits = httpx.Limits(max_connections=requests, max_keepalive_connections=requests)
    async with httpx.AsyncClient(limits=limits, timeout=120) as client:

        async def one() -> float | None:
            started = time.perf_counter()
            try:
                answer = await client.post(url, content=body)
            except httpx.HTTPError:
                return None
            took = time.perf_counter() - started
            return (
                took
                if answer.status_code == 200 and answer.json()["summary"]["near"] == 1
                else None
            )

        started = time.perf_counter()
        results = await asyncio.gather(*(one() for _ in range(requests)))
        seconds = time.perf_counter() - started
    ok = [r for r in results if r is not None]
    return Round(ok, seconds, len(results) - len(ok))


async def _in_process(data: dict[str, Any], requests: int, parallel: int) -> Round:
    """The same batches through the service directly, as many at once as the server runs."""
    gate = asyncio.Semaphore(parallel)

    async def one() -> float:
        # like a request: the clock runs from arrival, waiting for a slot included
        started = time.perf_counter()
        async with gate:
            report = await check_batch(parse_batch(data), Settings(allow_local=False))
        dumps(report)
        return time.perf_counter() - started

    started = time.perf_counter()
    if parallel == 1:
        latencies = [await one() for _ in range(requests)]
    else:
        latencies = list(await asyncio.gather(*(one() for _ in range(requests))))
    return Round(latencies, time.perf_counter() - started, 0)


async def _one_at_a_time_http(url: str, body: bytes, count: int) -> Round:
    async with httpx.AsyncClient(timeout=60) as client:
        latencies = []
        started = time.perf_counter()
        for _ in range(count):
            t = time.perf_counter()
            answer = await client.post(url, content=body)
            answer.raise_for_status()
            latencies.append(time.perf_counter() - t)
    return Round(latencies, time.perf_counter() - started, 0)


def _start_server(port: int, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    command = [
        sys.executable, "-m", "quote_tui.cli", "serve", "--port", str(port), "--offline",
        "--max-concurrent", str(args.max_concurrent),
        "--max-waiting", str(max(args.requests, 1)),
    ]  # fmt: skip
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _wait_until_up(base: str, process: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(
                f"the server exited: {process.stderr.read().decode() if process.stderr else ''}"
            )
        try:
            if httpx.get(f"{base}/v1/health", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise SystemExit("the server did not start")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=200, help="concurrent requests per round")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--sequential", type=int, default=30, help="requests one at a time")
    parser.add_argument(
        "--max-concurrent", type=int, default=4, help="the server's --max-concurrent"
    )
    args = parser.parse_args(argv)

    data = sample_batch()
    body = json.dumps(data).encode("utf-8")
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    process = _start_server(port, args)
    failures = 0
    try:
        _wait_until_up(base, process)
        expected = asyncio.run(_expected_report(data))
        asyncio.run(_over_http(f"{base}/v1/check", body, 4, expected))  # warm up both sides
        asyncio.run(_in_process(data, 4, args.max_concurrent))
        idle = _memory_kib(process.pid)["VmRSS"]
        print(
            f"batch: {len(body)} bytes, {len(data['sources'])} supplied texts, "
            f"{len(data['citations'])} quotations; server --max-concurrent {args.max_concurrent}; "
            f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}"
        )
        print(f"server RSS when idle: {idle / 1024:.1f} MiB")
        print("one request at a time (the cost of HTTP itself):")
        single = asyncio.run(_one_at_a_time_http(f"{base}/v1/check", body, args.sequential))
        print("  " + single.line("HTTP (loopback)"))
        print("  " + asyncio.run(_in_process(data, args.sequential, 1)).line("in-process service"))
        for number in range(1, args.rounds + 1):
            server_cpu, client_cpu = _cpu_seconds(process.pid), time.process_time()
            http = asyncio.run(_over_http(f"{base}/v1/check", body, args.requests, expected))
            server_cpu = _cpu_seconds(process.pid) - server_cpu
            client_cpu = time.process_time() - client_cpu
            memory = _memory_kib(process.pid)
            direct_cpu = time.process_time()
            direct = asyncio.run(_in_process(data, args.requests, args.max_concurrent))
            direct_cpu = time.process_time() - direct_cpu
            failures += http.failures
            print(f"round {number}: {args.requests} requests at once")
            print("  " + http.line("HTTP (loopback)"))
            print("  " + direct.line("in-process service"))
            print(
                f"  CPU during the HTTP round: server {server_cpu:.1f} s, "
                f"load client {client_cpu:.1f} s (both on the same {os.cpu_count()} CPUs); "
                f"in-process round {direct_cpu:.1f} s"
            )
            print(
                f"  server RSS after round {memory['VmRSS'] / 1024:.1f} MiB, "
                f"peak so far {memory['VmHWM'] / 1024:.1f} MiB"
            )
    finally:
        process.terminate()
        process.wait(timeout=10)
    print("no failed requests" if failures == 0 else f"{failures} FAILED requests")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
