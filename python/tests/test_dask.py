"""The Dask sweep (examples/python/vck_dask_sweep.py) on a distributed.LocalCluster of two worker
processes on 127.0.0.1, no dashboard: a small balance sweep over every preset, merged into the
balance report."""

import importlib.util

import pytest

from conftest import ROOT, load


def test_dask_sweep_on_local_cluster(tmp_path):
    load("vck-2")  # skips when the tables are absent
    distributed = pytest.importorskip("distributed")
    spec = importlib.util.spec_from_file_location("vck_dask_sweep", ROOT / "examples/python/vck_dask_sweep.py")
    sweep = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sweep)
    dukes = sweep.base_dukes()[:3]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        records = sweep.sweep(client, 60, presets=sweep.PRESETS, dukes=dukes)
        # The tasks ran in the workers' processes, not here.
        pids = set(client.run(lambda: __import__("os").getpid()).values())
        assert len(pids) == 2
    assert len(records) == 60
    assert {r["preset"] for r in records} == set(sweep.PRESETS)
    assert {r["dukes"][0] for r in records} == set(dukes)
    assert all(r["finished"] for r in records)
    import rulekit

    html = rulekit.vck_balance_report(records, preset="all", players=2)
    for d in dukes:
        assert d in html
    (tmp_path / "report.html").write_text(html)
    # The same sweep without a cluster gives the same games (tasks carry their seeds).
    direct = [r for t in sweep.tasks(60, sweep.PRESETS, dukes) for r in sweep.run_task(t)]
    assert sorted(map(repr, direct)) == sorted(map(repr, records))
