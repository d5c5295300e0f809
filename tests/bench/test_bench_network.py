"""The network benchmark runs and reports its figures (a benchmark, so no figure is held to a target here)."""

from __future__ import annotations

import json

import pytest

from bench import network


@pytest.mark.program
def test_the_network_benchmark_prints_one_json_object_a_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert network.main(["--game", "volcanoes", "--tables", "2", "--tables", "1", "--workers", "1", "--json"]) == 0
    runs = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(run["tables"], run["clients"]) for run in runs] == [(2, 4), (1, 2)]
    for run in runs:
        assert run["moves"] > 0 and run["moves_per_s"] > 0 and 0 < run["p50_ms"] <= run["p99_ms"]
