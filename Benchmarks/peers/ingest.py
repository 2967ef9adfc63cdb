#!/usr/bin/env python3
"""Feeds in, frames out: ours against json.loads and JSONDecoder, alternately, in one run.

Driven by ingest.sh (which builds the binaries). For each size N:
  - the feed is `listlayout generate --cells N --seed 7`, checked against the suites' copy of
    the generator (`peer-runner ingest-check`);
  - each repetition runs, in a rotating order:
      json.loads    Python's json.loads of the file's bytes, in this process, GC off, only
                    the parse timed (the bytes are read beforehand; freeing is not timed)
      codable       `codable-decode FILE`: Foundation's JSONDecoder into plain Codable structs,
                    whole process (its own in-process decode time is kept too)
      offset        `listlayout layout FILE --offset 500000 --viewport-height 667`, whole process
      frames        `listlayout layout FILE > /dev/null`, whole process
      runner        `peer-runner ingest FILE`: ours in-process (decode, layout alone, viewport,
                    frame writing, building by appends and from an array)
      spawn         `true`, whole process: what starting any process costs here
  - medians over repetitions; ratios from the medians of this one run.
"""
import argparse
import gc
import json
import os
import platform
import resource
import statistics
import subprocess
import sys
import time

DEFAULT_REPS = {10_000: 11, 100_000: 7, 1_000_000: 5}


def fail(message):
    sys.exit(f"ingest.py: {message}")


def children_cpu_ns():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (usage.ru_utime + usage.ru_stime) * 1e9


def timed_process(command, capture=False):
    """Wall-clock and CPU (user + system, from the child's rusage) nanoseconds, and stdout."""
    cpu = children_cpu_ns()
    start = time.perf_counter_ns()
    done = subprocess.run(command, stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    elapsed = time.perf_counter_ns() - start
    cpu = children_cpu_ns() - cpu
    if done.returncode != 0:
        fail(f"{' '.join(command)} exited {done.returncode}: {done.stderr.decode()[:500]}")
    return elapsed, cpu, done.stdout


def time_json_loads(data):
    gc.collect()
    gc.disable()
    cpu = time.process_time_ns()
    start = time.perf_counter_ns()
    parsed = json.loads(data)
    elapsed = time.perf_counter_ns() - start
    cpu = time.process_time_ns() - cpu
    gc.enable()
    del parsed  # freed outside the timed region
    return elapsed, cpu


def prepare(args, n):
    path = os.path.join(args.work, f"feed-{n}.json")
    with open(path, "wb") as out:
        subprocess.run([args.listlayout, "generate", "--cells", str(n), "--seed", "7"], stdout=out, check=True)
    check = json.loads(subprocess.run([args.runner, "ingest-check", path, str(n)], capture_output=True,
                                      check=True).stdout)
    if not check["equal"]:
        fail(f"{path} is not the suites' feed: {check}")
    return path


def agreement(args, path, runner_sample):
    """Untimed: the CLI's output against ours in-process (element count, byte count)."""
    offset = subprocess.run([args.listlayout, "layout", path, "--offset", "500000", "--viewport-height", "667"],
                            capture_output=True, check=True).stdout
    frames = subprocess.run([args.listlayout, "layout", path], capture_output=True, check=True).stdout
    listed = len(json.loads(offset)["elements"])
    return {
        "offsetElements": listed, "offsetBytes": len(offset), "framesBytes": len(frames),
        "runnerViewportElements": runner_sample["viewportElements"],
        "runnerViewportBytes": runner_sample["viewportBytes"], "runnerWriteBytes": runner_sample["writeBytes"],
        "agree": listed == runner_sample["viewportElements"] and len(offset) == runner_sample["viewportBytes"]
        and len(frames) == runner_sample["writeBytes"],
    }


def run_size(args, n, reps):
    path = prepare(args, n)
    with open(path, "rb") as f:
        data = f.read()
    samples = {}
    last_runner = None

    def add(key, wall, cpu):
        samples.setdefault(key, []).append(wall)
        samples.setdefault(key + ".cpu", []).append(cpu)

    def do(task):
        nonlocal last_runner
        if task == "json.loads":
            add("json.loads", *time_json_loads(data))
        elif task == "codable":
            wall, cpu, out = timed_process([args.codable, path], capture=True)
            line = json.loads(out)
            if line["cells"] != n:
                fail(f"codable-decode decoded {line['cells']} cells, expected {n}")
            add("codable", wall, cpu)
            add("codableDecode", line["decodeNs"], line["decodeCpuNs"])
        elif task == "offset":
            add("offset", *timed_process(
                [args.listlayout, "layout", path, "--offset", "500000", "--viewport-height", "667"])[:2])
        elif task == "frames":
            add("frames", *timed_process([args.listlayout, "layout", path])[:2])
        elif task == "spawn":
            add("spawn", *timed_process(["true"])[:2])
        elif task == "runner":
            _, _, out = timed_process([args.runner, "ingest", path], capture=True)
            line = json.loads(out)
            last_runner = line
            for key in ["read", "decode", "layout", "layoutFirst", "viewport", "write", "append", "array"]:
                add(key, line[key + "Ns"], line[key + "CpuNs"])

    tasks = ["json.loads", "codable", "offset", "frames", "runner", "spawn"]
    for rep in range(reps):
        order = tasks[rep % len(tasks):] + tasks[:rep % len(tasks)]
        for task in order:
            do(task)
        print(f"  N={n:,} repetition {rep + 1}/{reps} done", file=sys.stderr, flush=True)
    medians = {k: statistics.median(v) for k, v in samples.items() if v}
    return {"n": n, "bytes": len(data), "reps": reps, "samples": samples, "medians": medians,
            "runner": last_runner, "agreement": agreement(args, path, last_runner)}


def fmt_time(ns):
    if ns >= 1e9:
        return f"{ns / 1e9:.2f} s"
    if ns >= 1e6:
        return f"{ns / 1e6:.1f} ms"
    return f"{ns / 1e3:.0f} µs"


def mbps(nbytes, ns):
    return f"{nbytes / ns * 1e3:,.0f} MB/s"


def ratio(a, b):
    return a / b if b else float("nan")


PATHS = [("offset", "`layout --offset` (whole process)"), ("frames", "`layout > /dev/null` (whole process)"),
         ("decode", "`ListModel(json:)`"), ("layout", "layout alone"), ("write", "all frames written"),
         ("append", "append 1 by 1"), ("array", "`CellList(array)`"),
         ("json.loads", "json.loads (peer)"), ("codable", "JSONDecoder, whole process (peer)"),
         ("codableDecode", "JSONDecoder decode alone (peer)")]
OURS = ["offset", "frames", "decode", "layout", "write", "append", "array"]


def render(results, meta):
    out = []
    p = out.append
    reps_text = ", ".join(f"{r['reps']} at {r['n']:,}" for r in results)
    p(f"Measured {meta['when']} on {meta['machine']}, {meta['swift']}, Python {meta['python']}; "
      f"load average {meta['loadBefore']} before and {meta['loadAfter']} after (the machine is shared and "
      f"was busy: wall-clock times are inflated several times over, CPU times much less); medians of "
      f"alternating repetitions ({reps_text}); every ratio is from medians of this one run.")
    p("")
    p("Each cell is **wall clock / CPU time** (CPU: user + system of the child process from its rusage; "
      "for json.loads, this process's CPU time; in-process phases, the thread's CPU clock).")
    p("")
    p("Whole process, and json.loads (in-process, parse only, GC off):")
    p("")
    p("| N | feed | json.loads | JSONDecoder, whole process | `layout --offset 500000 --viewport-height 667` | `layout > /dev/null` | `true` (spawn) |")
    p("|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        m, b = r["medians"], r["bytes"]
        def both(k, throughput=False):
            text = f"{fmt_time(m[k])} / {fmt_time(m[k + '.cpu'])}"
            return text + (f" ({mbps(b, m[k + '.cpu'])} CPU)" if throughput else "")
        p(f"| {r['n']:,} | {b / 1e6:.1f} MB | {both('json.loads', True)} | {both('codable')} | {both('offset', True)} "
          f"| {both('frames')} | {both('spawn')} |")
    p("")
    p("Ours in-process (`peer-runner ingest`: the CLI's phases one by one), and JSONDecoder's decode alone "
      "(timed inside `codable-decode`):")
    p("")
    p("| N | read the file | `ListModel(json:)` | JSONDecoder decode | layout alone | first layout in process | viewport + its JSON | all frames written | append 1 by 1 | `CellList(array)` |")
    p("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        m, b, w = r["medians"], r["bytes"], r["runner"]["writeBytes"]
        def both(k):
            return f"{fmt_time(m[k])} / {fmt_time(m[k + '.cpu'])}" if k in m else "—"
        p(f"| {r['n']:,} | {both('read')} | {both('decode')} ({mbps(b, m['decode.cpu'])} CPU) "
          f"| {both('codableDecode')} ({mbps(b, m['codableDecode.cpu'])} CPU) "
          f"| {both('layout')} | {both('layoutFirst')} | {both('viewport')} "
          f"| {both('write')} ({w / 1e6:.1f} MB, {mbps(w, m['write.cpu'])} CPU) "
          f"| {both('append')} | {both('array')} |")
    p("")
    p("Ratios, **wall / CPU**:")
    p("")
    p("| N | `--offset` / json.loads | all frames / json.loads | JSONDecoder / `--offset` (whole processes) | JSONDecoder / `ListModel(json:)` (decode alone) | append / array |")
    p("|---:|---:|---:|---:|---:|---:|")
    for r in results:
        m = r["medians"]
        def rr(a, b, digits=3):
            return f"{ratio(m[a], m[b]):.{digits}f}× / {ratio(m[a + '.cpu'], m[b + '.cpu']):.{digits}f}×"
        p(f"| {r['n']:,} | {rr('offset', 'json.loads')} | {rr('frames', 'json.loads')} | {rr('codable', 'offset', 1)} "
          f"| {rr('codableDecode', 'decode', 1)} | {rr('append', 'array', 2)} |")
    by_n = {r["n"]: r for r in results}
    lin = None
    if 100_000 in by_n and 1_000_000 in by_n:
        a, z = by_n[100_000]["medians"], by_n[1_000_000]["medians"]
        lin = {k: ratio(z[k], a[k]) for k in z}
        p("")
        p("Linearity, 1M / 100k (ten times the cells; target ≤ 12×), wall / CPU:")
        p("")
        p("| path | 1M / 100k |")
        p("|---|---:|")
        for key, name in PATHS:
            p(f"| {name} | {lin[key]:.2f}× / {lin[key + '.cpu']:.2f}× |")
    p("")
    p("Targets (1M-cell feed), wall / CPU:")
    p("")
    p("| target | measured | verdict |")
    p("|---|---|---|")
    if 1_000_000 in by_n:
        m = by_n[1_000_000]["medians"]

        def verdict(values, ok, miss):
            parts = [("met" if ok(v) else f"missed, {miss(v)}") for v in values]
            return f"wall: {parts[0]}; CPU: {parts[1]}"

        def pair(a, b):
            return ratio(m[a], m[b]), ratio(m[a + ".cpu"], m[b + ".cpu"])

        r1 = pair("offset", "json.loads")
        p(f"| `layout --offset` ≤ 0.1× json.loads | {r1[0]:.3f}× / {r1[1]:.3f}× "
          f"({fmt_time(m['offset'])} / {fmt_time(m['offset.cpu'])} against {fmt_time(m['json.loads'])} / "
          f"{fmt_time(m['json.loads.cpu'])}) | {verdict(r1, lambda v: v <= 0.1, lambda v: f'{v / 0.1:.1f}× the allowed time')} |")
        r2 = pair("codable", "offset")
        p(f"| `layout --offset` ≥ 15× faster than JSONDecoder | {r2[0]:.1f}× / {r2[1]:.1f}× "
          f"(JSONDecoder {fmt_time(m['codable'])} / {fmt_time(m['codable.cpu'])} whole process) "
          f"| {verdict(r2, lambda v: v >= 15, lambda v: f'{15 / v:.1f}× short')} |")
        r3 = pair("frames", "json.loads")
        p(f"| `layout > /dev/null` ≤ 0.2× json.loads | {r3[0]:.3f}× / {r3[1]:.3f}× "
          f"({fmt_time(m['frames'])} / {fmt_time(m['frames.cpu'])}) "
          f"| {verdict(r3, lambda v: v <= 0.2, lambda v: f'{v / 0.2:.1f}× the allowed time')} |")
        if lin:
            cli = ["offset", "frames"]
            worst = (max(lin[k] for k in cli), max(lin[k + ".cpu"] for k in cli))
            p(f"| 1M within 12× of 100k: `layout --offset`, `layout > /dev/null` | {lin['offset']:.2f}×, "
              f"{lin['frames']:.2f}× / {lin['offset.cpu']:.2f}×, {lin['frames.cpu']:.2f}× "
              f"| {verdict(worst, lambda v: v <= 12, lambda v: f'{v:.1f}×')} |")
            inner = [k for k in OURS if k not in cli]
            worst = (max(lin[k] for k in inner), max(lin[k + ".cpu"] for k in inner))
            names = (max(inner, key=lambda k: lin[k]), max(inner, key=lambda k: lin[k + ".cpu"]))
            p(f"| the same for each in-process phase of ours (informative) | worst {worst[0]:.2f}× ({names[0]}) / "
              f"{worst[1]:.2f}× ({names[1]}) | {verdict(worst, lambda v: v <= 12, lambda v: f'{v:.2f}×')} |")
        r5 = pair("append", "array")
        p(f"| append 1 by 1 within 3× of `CellList(array)` | {r5[0]:.2f}× / {r5[1]:.2f}× "
          f"({fmt_time(m['append'])} against {fmt_time(m['array'])} wall) "
          f"| {verdict(r5, lambda v: v <= 3, lambda v: f'{v / 3:.1f}× the allowed time')} |")
    p("")
    p("Agreement (untimed): " + "; ".join(
        f"{r['n']:,}: `--offset` lists {r['agreement']['offsetElements']} elements, all frames "
        f"{r['agreement']['framesBytes'] / 1e6:.1f} MB, " + ("byte counts equal to ours in-process" if r["agreement"]["agree"]
                                                             else f"DIFFERENT from ours in-process {r['agreement']}")
        for r in results) + ".")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--listlayout")
    parser.add_argument("--runner")
    parser.add_argument("--codable")
    parser.add_argument("--work")
    parser.add_argument("--out", required=True)
    parser.add_argument("--report", default="/dev/null")
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--reps", type=int, default=None)
    parser.add_argument("--rerender", action="store_true", help="rewrite the report from --out")
    args = parser.parse_args()
    if args.rerender:
        with open(args.out) as f:
            saved = json.load(f)
        results, meta = saved["results"], saved["meta"]
    else:
        if not (args.listlayout and args.runner and args.codable and args.work):
            fail("--listlayout, --runner, --codable and --work are needed to measure (ingest.sh passes them)")
        sizes = [int(s) for s in args.sizes.split(",")]
        meta = {
            "when": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "machine": f"{platform.machine()}, {os.cpu_count()} cores, Linux {platform.release()}",
            "swift": subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0],
            "python": platform.python_version(),
            "loadBefore": f"{os.getloadavg()[0]:.1f}",
        }
        results = []
        for n in sizes:
            reps = args.reps or DEFAULT_REPS.get(n, 5)
            results.append(run_size(args, n, reps))
        meta["loadAfter"] = f"{os.getloadavg()[0]:.1f}"
        with open(args.out, "w") as f:
            json.dump({"meta": meta, "results": results}, f, indent=1)
    report = render(results, meta)
    with open(args.report, "w") as f:
        f.write(report)
    print(report)


if __name__ == "__main__":
    main()
