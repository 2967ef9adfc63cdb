#!/usr/bin/env python3
"""Runs of cells (issue 33), whole process: `listlayout layout FEED --offset Y --viewport-height
667` on run feeds (`listlayout generate --cells N --runs --cycle C`) and, where the CLI's cell
limit allows, on the same cells written out; medians from hyperfine, peak RSS from
`/usr/bin/time -v`; the same steps in process (read, decode, layout, query and output) from
`peer-runner runs-cli`. Started by runs.sh, which builds the binaries."""

import argparse
import hashlib
import json
import os
import subprocess
import sys
import time

CELL_LIMIT = 5_000_000  # the CLI's default bound on cells written out


def sh(args, **kw):
    return subprocess.run(args, check=True, **kw)


def time_v(args):
    """One run under /usr/bin/time -v: (wall seconds, peak RSS in MB, stdout bytes, user + system
    CPU seconds)."""
    start = time.monotonic()
    done = subprocess.run(["/usr/bin/time", "-v"] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True)
    wall = time.monotonic() - start
    peak, cpu = None, 0.0
    for line in done.stderr.decode().splitlines():
        if "Maximum resident set size" in line:
            peak = int(line.split(":")[1]) / 1024
        if "User time (seconds)" in line or "System time (seconds)" in line:
            cpu += float(line.split(":")[1])
    return wall, peak, done.stdout, cpu


def hyperfine(commands, runs, warmup, work):
    out = os.path.join(work, "hyperfine.json")
    sh(["hyperfine", "--style", "none", "-N", "--warmup", str(warmup), "--runs", str(runs), "--export-json", out]
       + commands, stdout=subprocess.DEVNULL)
    with open(out) as f:
        return [r for r in json.load(f)["results"]]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--listlayout", required=True)
    p.add_argument("--runner", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--report", required=True)
    p.add_argument("--sizes", default="1000000,10000000,100000000")
    p.add_argument("--shapes", default="uniform,cycle100")
    p.add_argument("--reps", type=int, default=10, help="hyperfine runs per command")
    p.add_argument("--slow", type=float, default=3.0,
                   help="a command whose single run takes longer is run --slow-reps times, no warm-up")
    p.add_argument("--slow-reps", type=int, default=3, help="1: the /usr/bin/time run alone")
    a = p.parse_args()
    sizes = [int(s) for s in a.sizes.split(",")]
    shapes = a.shapes.split(",")
    ll, runner, work = a.listlayout, a.runner, a.work

    # The suites' copy of the generator against the CLI's, byte for byte.
    for n, c in [(1000, 1), (1000, 100), (1234, 100), (7, 100)]:
        cli = sh([ll, "generate", "--cells", str(n), "--runs", "--cycle", str(c)], stdout=subprocess.PIPE).stdout
        ours = sh([runner, "runs-feed", str(n), str(c)], stdout=subprocess.PIPE).stdout
        if cli != ours:
            sys.exit(f"runs-feed {n} {c} differs from listlayout generate --runs: not timing anything")
    print("generator check: peer-runner runs-feed == listlayout generate --runs", file=sys.stderr)

    with open("/proc/loadavg") as f:
        load_before = f.read().split()[:3]
    rows = []
    for n in sizes:
        for shape in shapes:
            cycle = 1 if shape == "uniform" else int(shape[len("cycle"):])
            kinds = ["run"] + (["written"] if n <= CELL_LIMIT else [])
            for kind in kinds:
                path = os.path.join(work, f"{kind}-{shape}-{n}.json")
                if not os.path.exists(path):
                    with open(path + ".tmp", "wb") as f:
                        if kind == "run":
                            sh([ll, "generate", "--cells", str(n), "--runs", "--cycle", str(cycle)], stdout=f)
                        else:
                            sh([runner, "runs-feed", str(n), str(cycle), "--written"], stdout=f)
                    os.rename(path + ".tmp", path)
                # In process first: the steps apart, and the middle of the content.
                inproc = json.loads(sh([runner, "runs-cli", path, "mid", "--budget", "2"],
                                       stdout=subprocess.PIPE).stdout.decode().splitlines()[-1])
                y = int(inproc["offset"])
                layout = [ll, "layout", path, "--offset", str(y), "--viewport-height", "667"]
                wall, peak, out, cpu = time_v(layout)
                elements = len(json.loads(out)["elements"])
                slow = wall > a.slow
                commands = [" ".join(layout), f"{ll} format {path} --compact", f"{ll} --version"]
                if slow and a.slow_reps <= 1:
                    # the /usr/bin/time run
                    results = [{"median": wall, "min": wall, "times": [wall], "user": cpu, "system": 0}]
                elif slow:
                    results = hyperfine(commands[:1], a.slow_reps, 0, work)
                else:
                    results = hyperfine(commands, a.reps, 1, work)
                medians = [r["median"] * 1000 for r in results]
                row = {
                    "cells": n, "shape": shape, "kind": kind, "fileBytes": os.path.getsize(path),
                    "offset": y, "elements": elements, "layoutMedianMs": medians[0],
                    "layoutMinMs": results[0]["min"] * 1000, "runs": len(results[0]["times"]),
                    "layoutCpuMs": (results[0]["user"] + results[0]["system"]) * 1000,
                    "formatMedianMs": medians[1] if len(medians) > 1 else None,
                    "versionMedianMs": medians[2] if len(medians) > 2 else None,
                    "peakMB": peak, "inProcess": inproc, "outputSha256": hashlib.sha256(out).hexdigest(),
                }
                print(json.dumps(row), file=sys.stderr)
                rows.append(row)
    with open("/proc/loadavg") as f:
        load_after = f.read().split()[:3]

    def target(row):
        if row["kind"] != "run" or row["cells"] != 100_000_000:
            return ""
        if row["shape"] == "uniform":
            ok = row["layoutMedianMs"] <= 50 and row["peakMB"] <= 64
            cpu = row["layoutCpuMs"] <= 50
            return f"≤ 50 ms, ≤ 64 MB: {'met' if ok else 'not met'} (CPU time {'within' if cpu else 'over'} 50 ms)"
        if row["shape"] == "cycle100":
            ok, cpu = row["layoutMedianMs"] <= 100, row["layoutCpuMs"] <= 100
            return f"≤ 100 ms: {'met' if ok else 'not met'} (CPU time {'within' if cpu else 'over'} 100 ms)"
        return ""

    def fmt(v, d=1):
        return "–" if v is None else f"{v:.{d}f}"

    lines = [
        f"load average before {' '.join(load_before)}, after {' '.join(load_after)} (/proc/loadavg)", "",
        "| cells | shape | feed | file | `layout --offset` median (min) ms | CPU ms | runs | peak RSS MB"
        " | `format` ms | `--version` ms | in process, CPU: read / decode / layout ms, query+output µs | target |",
        "|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for r in rows:
        i = r["inProcess"]
        size = r["fileBytes"]
        file = f"{size / 1e6:.1f} MB" if size >= 1e6 else f"{size / 1e3:.1f} kB"
        lines.append(
            f"| {r['cells']:,} | {r['shape']} | {r['kind']} | {file} | {fmt(r['layoutMedianMs'])} ({fmt(r['layoutMinMs'])})"
            f" | {fmt(r['layoutCpuMs'])} | {r['runs']} | {fmt(r['peakMB'])} | {fmt(r['formatMedianMs'])}"
            f" | {fmt(r['versionMedianMs'])} | {fmt(i['readCpuMs'], 2)} / {fmt(i['decodeCpuMs'], 2)}"
            f" / {fmt(i['layoutCpuMs'], 2)}, {fmt(i['queryAndWriteCpuUs'])}"
            f" | {target(r)} |")
    for n in sizes:
        for shape in shapes:
            pair = {r["kind"]: r for r in rows if r["cells"] == n and r["shape"] == shape}
            if "run" in pair and "written" in pair:
                w, r = pair["written"], pair["run"]
                lines.append("")
                lines.append(
                    f"{n:,} {shape}: written out / run, whole process {w['layoutMedianMs'] / r['layoutMedianMs']:.2f}×"
                    f" (CPU {w['layoutCpuMs'] / r['layoutCpuMs']:.2f}×), peak RSS {w['peakMB'] / r['peakMB']:.2f}×,"
                    f" in-process layout CPU {w['inProcess']['layoutCpuMs'] / r['inProcess']['layoutCpuMs']:.2f}×;"
                    f" output {'the same' if w['outputSha256'] == r['outputSha256'] else 'DIFFERENT'} bytes")
    report = "\n".join(lines) + "\n"
    with open(a.out, "w") as f:
        json.dump({"loadBefore": load_before, "loadAfter": load_after, "rows": rows}, f, indent=1)
    with open(a.report, "w") as f:
        f.write(report)
    print(report)


if __name__ == "__main__":
    main()
