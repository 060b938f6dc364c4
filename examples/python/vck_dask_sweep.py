"""A Valeria: Card Kingdoms balance sweep on a Dask cluster: every preset, each duke of the
base game dealt to the first seat, as a Dask bag whose tasks call rulekit.play (C++ games, GIL
released); the records merge into the balance report of `rulekit vck sim --report`.

    PYTHONPATH=build/release/python python3 examples/python/vck_dask_sweep.py 100000 report.html
    PYTHONPATH=build/release/python python3 examples/python/vck_dask_sweep.py 100000 report.html tcp://scheduler:8786

Without a scheduler address it starts a distributed.LocalCluster of worker processes on
127.0.0.1 with no dashboard; with one, the same code runs on that cluster (whose workers need
rulekit importable and the VCK tables at the same path).
"""

import json
import os
import pathlib
import sys
import time

PRESETS = ["base", "base1", "base2", "flamesandfrost", "shadowvale"]
ROOT = pathlib.Path(__file__).resolve().parents[2]
SHARED = pathlib.Path(os.environ.get("RULEKIT_SHARED_DIR", ROOT.parent / "shared"))


def base_dukes(tables=None):
    """The names of the base game's dukes (dukes.json of the VCK tables)."""
    tables = pathlib.Path(tables or SHARED / "corpora/vck/tables")
    rows = json.loads((tables / "dukes.json").read_text())
    return [d["name"] for d in rows if d.get("expansion") == "base" and d["id_dukes"] != 22]


def tasks(total, presets, dukes, players=2, agents=("random",), seed=1):
    """One task per (preset, duke), the games shared out evenly (the first tasks take the rest)."""
    cells = [(p, d) for p in presets for d in dukes]
    out = []
    for i, (p, d) in enumerate(cells):
        n = total // len(cells) + (1 if i < total % len(cells) else 0)
        if n:
            out.append({"preset": p, "duke": d, "n": n, "players": players, "agents": list(agents), "seed": seed + 1000 * i})
    return out


def run_task(t):
    """Runs on a worker: n games of one (preset, duke) cell; its records, tagged."""
    import rulekit

    game = rulekit.load_game("vck", players=t["players"], preset=t["preset"], duke=t["duke"], duke_seat=0)
    out = rulekit.play(game, t["n"], agents=t["agents"], seed=t["seed"], threads=1, records=True)
    records = out["records"]
    for r in records:
        r["preset"] = t["preset"]
    return records


def sweep(client, total, presets=PRESETS, dukes=None, players=2, agents=("random",), seed=1):
    """The whole sweep through `client` (a distributed.Client); returns every game's record."""
    import dask.bag as db

    ts = tasks(total, presets, dukes or base_dukes(), players, agents, seed)
    bag = db.from_sequence(ts, npartitions=len(ts)).map(run_task).flatten()
    return bag.compute(scheduler=client.get)


def summary(records):
    """Seat 1's win rate with each duke (its duke is the swept one), over every preset."""
    by = {}
    for r in records:
        w, n = by.get(r["dukes"][0], (0, 0))
        by[r["dukes"][0]] = (w + (r["returns"][0] > 0), n + 1)
    return {d: (w / n, n) for d, (w, n) in sorted(by.items())}


def main(total, report_path, address=None, workers=2):
    import rulekit
    from distributed import Client, LocalCluster

    t0 = time.time()
    if address:
        client, cluster = Client(address), None
    else:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                               dashboard_address=None)
        client = Client(cluster)
    try:
        records = sweep(client, total)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    seconds = time.time() - t0
    html = rulekit.vck_balance_report(records, preset="+".join(PRESETS), players=2, agents=["random"])
    pathlib.Path(report_path).write_text(html)
    for duke, (rate, n) in summary(records).items():
        print(f"{duke:32s} seat 1 wins {100 * rate:5.1f}% of {n}")
    print(f"{len(records)} games in {seconds:.1f} s ({len(records) / seconds:.0f} games/s), report written to {report_path}")
    return records


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000, sys.argv[2] if len(sys.argv) > 2 else "vck-sweep-report.html",
         sys.argv[3] if len(sys.argv) > 3 else None)
