"""Network tables under load: ``python -m bench.network [--tables N] [--workers K] [--wait-ms MS] [--json]``.

One host process (this one) serves many tables whose every seat is remote; the clients that play them run in
worker processes of their own, each a bot (``random``, so the clients' thinking costs next to nothing) that
answers when its seat is asked, at once or after ``--wait-ms`` (people take their time; at once, the run
measures a host kept as busy as the clients can make it). Printed: tables, clients, moves per second over all
tables, the latency from the host accepting an action to every client of that table having received it (p50,
p99, max; one clock, the system's monotonic one, read in both processes), and the host's CPU time and memory
per client. ``--json`` prints one JSON object a line per run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import resource
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from ai.net.client import TableClient, parse_link, play_as_bot
from ai.net.host import Host
from ai.net.hosted import HostedTable
from ai.net.invites import Invites
from ai.net.limits import Limits
from ai.seats.specs import parse_seat
from ai.table.projection import Message, Played
from ai.table.table import Table
from bench.options import positive
from rules.registry import game_info


@dataclass
class Clock:
    """When the host accepted each move of each table (by table name and the move's number there)."""

    accepted: dict[tuple[str, int], float] = field(default_factory=dict)
    moves: dict[str, int] = field(default_factory=dict)

    def hook(self, table: str) -> Any:
        """The ``on_message`` of table ``table``: stamps each of its moves."""

        def heard(message: Message) -> None:
            if isinstance(message, Played):
                n = self.moves.get(table, 0) + 1
                self.moves[table] = n
                self.accepted[(table, n)] = time.monotonic()

        return heard


def _clients(urls: list[str], wait_s: float, results: Any) -> None:
    """A worker process: every client of ``urls`` plays its seat; the arrival time of each move goes back."""

    async def one(url: str) -> list[tuple[str, int, float]]:
        arrivals: list[tuple[str, int, float]] = []
        table = url.split("/t/")[1].split("#")[0]

        def arrived(client: TableClient, message: Message) -> None:
            if isinstance(message, Played):
                arrivals.append((table, len(arrivals) + 1, time.monotonic()))

        await play_as_bot(parse_link(url), parse_seat("random"), on_message=arrived, light=True, wait_s=wait_s)
        return arrivals

    async def every() -> list[tuple[str, int, float]]:
        done = await asyncio.gather(*(one(url) for url in urls))
        return [arrival for arrivals in done for arrival in arrivals]

    results.put(asyncio.run(every()))


def _rss_kib() -> int:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


async def _run(game: str, tables: int, workers: int, wait_ms: float) -> dict[str, Any]:
    info = game_info(game)
    preset = info.preset(None)
    seats = preset.default_seats
    host = Host(limits=Limits(max_connections=100_000, outbox=100_000))
    await host.start()
    clock = Clock()
    hosted: list[HostedTable] = []
    rss_before = _rss_kib()
    for index in range(tables):
        state = info.start(preset.name, seats, index, None)
        table = Table(state, [f"P{seat}" for seat in range(seats)], {}, remote=frozenset(range(seats)))
        invites = Invites.fresh(list(range(seats)), False)
        hosted.append(HostedTable(table, invites, None, on_message=clock.hook(invites.table)))
    for each in hosted:
        host.add(each, start=False)
    urls = [host.url(h, seat) for h in hosted for seat in range(seats)]
    context = multiprocessing.get_context("spawn")  # a clean process, not a copy of the host's loop
    results = context.Queue()
    shares = [urls[k::workers] for k in range(workers)]
    processes = [context.Process(target=_clients, args=(share, wait_ms / 1000, results)) for share in shares if share]
    for process in processes:
        process.start()
    # The tables start once every client is connected, so the figures are of play, not of joining.
    while host.connections < len(urls):
        await asyncio.sleep(0.05)
    cpu0, wall0 = resource.getrusage(resource.RUSAGE_SELF), time.monotonic()
    rss_joined = _rss_kib()
    for each in hosted:
        each.start()
    for each in hosted:
        await each.over.wait()
    wall = time.monotonic() - wall0
    cpu1 = resource.getrusage(resource.RUSAGE_SELF)
    loop = asyncio.get_running_loop()
    arrivals = [a for _ in processes for a in await loop.run_in_executor(None, results.get)]
    for process in processes:
        process.join()
    await host.close()
    last: dict[tuple[str, int], float] = {}
    for table_name, n, when in arrivals:
        key = (table_name, n)
        last[key] = max(last.get(key, 0.0), when)
    latencies = sorted((last[key] - accepted) * 1000 for key, accepted in clock.accepted.items() if key in last)
    moves = len(clock.accepted)
    cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
    clients = len(urls)
    return {
        "game": game,
        "tables": tables,
        "clients": clients,
        "workers": len(processes),
        "wait_ms": wait_ms,
        "moves": moves,
        "elapsed_s": round(wall, 3),
        "moves_per_s": round(moves / wall, 1),
        "p50_ms": round(_quantile(latencies, 0.50), 2),
        "p99_ms": round(_quantile(latencies, 0.99), 2),
        "max_ms": round(latencies[-1], 2) if latencies else 0.0,
        "host_cpu_pct": round(100 * cpu / wall, 1),
        "host_cpu_ms_per_client_s": round(1000 * cpu / wall / clients, 3),
        "host_rss_kib_per_client": round((max(rss_joined, _rss_kib()) - rss_before) / clients, 1),
        "load_avg_1m": round(os.getloadavg()[0], 2),
    }


def _quantile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(prog="python -m bench.network", description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="nimmt", help="the game every table plays (default nimmt, 4 seats)")
    parser.add_argument(
        "--tables", type=positive, action="append", help="tables at once (repeat for several runs; default 50)"
    )
    parser.add_argument("--workers", type=positive, default=4, help="client processes (default 4)")
    parser.add_argument(
        "--wait-ms",
        type=float,
        action="append",
        help="each player waits this long before acting (repeat for several runs; default 0: as fast as they can)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object a line per run")
    args = parser.parse_args(argv)
    game_info(args.game)
    runs = [(tables, wait) for tables in args.tables or [50] for wait in args.wait_ms or [0.0]]
    for tables, wait in runs:
        figures = asyncio.run(_run(args.game, tables, args.workers, wait))
        if args.json:
            print(json.dumps(figures), flush=True)
            continue
        print(
            f"{figures['tables']} tables, {figures['clients']} clients in {figures['workers']} processes "
            f"(acting after {figures['wait_ms']:g} ms): "
            f"{figures['moves']} moves in {figures['elapsed_s']} s = {figures['moves_per_s']} moves/s; "
            f"accepted → every client has it: p50 {figures['p50_ms']} ms, p99 {figures['p99_ms']} ms, "
            f"max {figures['max_ms']} ms; host CPU {figures['host_cpu_pct']}% of a core "
            f"({figures['host_cpu_ms_per_client_s']} ms/s per client), "
            f"memory {figures['host_rss_kib_per_client']} KiB per client; load average {figures['load_avg_1m']}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
