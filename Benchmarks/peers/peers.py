#!/usr/bin/env python3
"""Runs ListLayout, the greedy-wrap floor, Yoga and Taffy alternately on the shared JSON
workloads and prints one table of medians. Called by run.sh (which builds peer-runner and
the virtual environment); see Benchmarks/README.md.

Ours is timed inside `peer-runner serve` (a release build, driven over a pipe): each request
times one `model.layout()` call. The peers are timed around their layout call only.
Repetitions go round-robin over the engines, rotating who goes first, so drift on a shared
machine hits every engine alike.
"""

import argparse
import datetime
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import engines  # noqa: E402
import workloads  # noqa: E402

# Yoga as shipped on PyPI is quadratic on wrapping rows with many lines (it re-scans every
# child for baseline alignment once per line): "feed" runs on it at 10k and 100k only.
YOGA_FEED_LIMIT = 100_000


class Ours:
    def __init__(self, binary):
        self.proc = subprocess.Popen([binary, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        if "error" in reply:
            raise RuntimeError(reply["error"])
        return reply

    def close(self):
        self.proc.stdin.write("quit\n")
        self.proc.stdin.flush()
        self.proc.wait()


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def reps_for(n, args):
    if args.quick:
        return 3
    return 15 if n <= 10_000 else 7 if n <= 100_000 else 5


def max_diff(a, b):
    return max((abs(x - y) for u, v in zip(a, b) for x, y in zip(u, v)), default=0.0)


def run_workload(ours, path, args, results):
    doc = workloads.load(path)
    workloads.verify(doc)
    name, n = doc["name"], doc["count"]
    row = {"workload": name, "count": n, "notes": []}
    info = ours.ask(f"load {path}")
    timers = {}
    if info["ours"]:
        timers["ours"] = lambda: ours.ask("ours")["ns"]
    if info["baseline"]:
        timers["baseline"] = lambda: ours.ask("baseline")["ns"]
    peers = {}
    if not (name == "feed" and n > YOGA_FEED_LIMIT):
        t = time.time()
        peers["yoga"] = engines.Yoga(doc)
        log(f"  built yoga tree in {time.time() - t:.1f}s")
    else:
        row["notes"].append("Yoga skipped: quadratic on wrapping rows")
    t = time.time()
    peers["taffy"] = engines.Taffy(doc)
    log(f"  built taffy tree in {time.time() - t:.1f}s")
    for engine in peers.values():
        timers[engine.name] = (lambda e: (lambda: (e.invalidate(), gc.collect(), e.layout())[2]))(engine)

    samples = {key: [] for key in timers}
    order = list(timers)
    for rep in range(reps_for(n, args)):
        rotated = order[rep % len(order):] + order[:rep % len(order)]
        for key in rotated:
            gc.disable()
            samples[key].append(timers[key]())
            gc.enable()
        log(f"  rep {rep + 1}: " + ", ".join(f"{k} {samples[k][-1] / 1e6:.2f} ms" for k in order))

    # Agreement: every engine's frames against Taffy's (all cells up to 10k, the first 1,000
    # beyond), and content heights.
    agreement = {}
    if doc["kind"] == "flow":
        k = n if n <= 10_000 else 1000
        reference = peers["taffy"].frames(k)
        agreement["taffyHeight"] = peers["taffy"].height()
        if info["ours"]:
            mine = ours.ask(f"frames {k}")
            agreement["ours-vs-taffy"] = max_diff(mine["frames"], reference)
            agreement["baseline-vs-taffy"] = max_diff(mine["baseline"], reference)
            agreement["oursHeight"] = mine["height"]
            full = ours.ask("check")
            agreement["ours-vs-floor-all-frames"] = full["maxDiff"]
            agreement["floorHeight"] = full["floorHeight"]
        if "yoga" in peers:
            agreement["yoga-vs-taffy"] = max_diff(peers["yoga"].frames(k), reference)
            agreement["yogaHeight"] = peers["yoga"].height()
        agreement["framesCompared"] = k
    else:
        # CSS documents: every leaf's frame relative to the root, depth-first, and root heights.
        reference = peers["taffy"].leaf_frames_absolute()
        agreement["taffyHeight"] = peers["taffy"].height()
        if info["ours"]:
            mine = ours.ask("leafframes")
            if len(mine["frames"]) != len(reference):
                raise RuntimeError(f"{name}: {len(mine['frames'])} leaves of ours, {len(reference)} of Taffy's")
            agreement["ours-vs-taffy"] = max_diff(mine["frames"], reference)
            agreement["oursHeight"] = mine["height"]
        agreement["yoga-vs-taffy"] = max_diff(peers["yoga"].leaf_frames_absolute(), reference)
        agreement["yogaHeight"] = peers["yoga"].height()
        agreement["framesCompared"] = len(reference)
    row["agreement"] = agreement
    row["medians"] = {key: statistics.median(v) for key, v in samples.items()}
    row["samples"] = samples
    log(f"  agreement: {agreement}")
    for engine in peers.values():
        if hasattr(engine, "free"):
            engine.free()
    peers.clear()
    gc.collect()
    results.append(row)


def run_hub(ours, n, args, results):
    ours.ask(f"load-hub {n}")
    samples = [ours.ask("ours")["ns"] for _ in range(reps_for(n, args))]
    results.append({"workload": "hub", "count": n, "medians": {"ours": statistics.median(samples)},
                    "samples": {"ours": samples}, "notes": ["ours only: 1,000 sections, Hub traits"]})


def fmt_time(ns):
    if ns is None:
        return "—"
    if ns < 1e6:
        return f"{ns / 1e3:.1f} µs"
    if ns < 1e9:
        return f"{ns / 1e6:.2f} ms"
    return f"{ns / 1e9:.2f} s"


def fmt_factor(x):
    """A factor with two significant figures below 100 (0.23×, 4.4×), whole above (4,400×)."""
    return f"{x:.2g}×" if x < 100 else f"{x:,.0f}×"


def fmt_ratio(a, b):
    if a is None or b is None:
        return "—"
    return f"{b / a:.1f}×"


def table(results):
    lines = [
        "| workload | N | ours | floor | Yoga | Taffy | ours vs Yoga | ours vs Taffy | ours / floor |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        m = r["medians"]
        ours, base, yoga, taffy = m.get("ours"), m.get("baseline"), m.get("yoga"), m.get("taffy")
        yoga_cell = fmt_time(yoga) if yoga is not None else ("skipped¹" if r["workload"] == "feed" else "—")
        over_floor = f"{ours / base:.1f}×" if ours and base else "—"
        lines.append(
            f"| {r['workload']} | {r['count']:,} | {fmt_time(ours) if ours else '—'} "
            f"| {fmt_time(base)} | {yoga_cell} | {fmt_time(taffy)} | {fmt_ratio(ours, yoga)} | {fmt_ratio(ours, taffy)} "
            f"| {over_floor} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runner", required=True)
    parser.add_argument("--work", default=os.path.join(HERE, "work"))
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--quick", action="store_true", help="3 repetitions each")
    parser.add_argument("--only", default=None, help="comma-separated workload names")
    parser.add_argument("--out", default=None, help="write results JSON here")
    parser.add_argument("--rerender", action="store_true",
                        help="re-measure only what --only names (memory, probes, incremental) into the existing --out file "
                             "and rewrite the report")
    args = parser.parse_args()
    if args.rerender:
        return rerender(args)
    sizes = [int(s) for s in args.sizes.split(",")]
    only = set(args.only.split(",")) if args.only else None

    # The two LCGs must agree before anything is compared.
    swift_lcg = json.loads(subprocess.check_output([args.runner, "lcg", "1000"]))["lcg"]
    lcg = workloads.LCG()
    if swift_lcg != [lcg.next() for _ in range(1000)]:
        raise SystemExit("the Swift and Python LCGs differ")
    log("LCG: Swift and Python agree on the first 1,000 values")
    subprocess.check_call([args.runner, "generate", args.work, args.sizes], stdout=subprocess.DEVNULL)

    ours = Ours(args.runner)
    results = []
    plan = [("feed", n) for n in sizes] + [("list", n) for n in sizes] + [("hub", n) for n in sizes] \
        + [("nested", 10_000), ("wrap-row", 10_000)]
    started = time.time()
    for name, n in plan:
        if only and name not in only:
            continue
        log(f"{name} {n:,}")
        if name == "hub":
            run_hub(ours, n, args, results)
        else:
            run_workload(ours, os.path.join(args.work, f"{name}-{n}.json"), args, results)
    ours.close()

    extra = {}
    if not only or "memory" in only:
        extra["memory"] = [json.loads(subprocess.check_output([args.runner, "memory", kind, str(max(sizes))]))
                           for kind in ("feed", "list")]
    if not only or "probes" in only:
        out = subprocess.check_output([args.runner, "probes", args.sizes], text=True)
        extra["probes"] = [json.loads(line) for line in out.splitlines() if line.strip()]
    if not only or "incremental" in only:
        log("incremental edits (ours only)")
        out = subprocess.check_output([args.runner, "incremental", args.sizes], text=True)
        extra["incremental"] = [json.loads(line) for line in out.splitlines() if line.strip()]
        for e in extra["incremental"]:
            log(f"  {e['incremental']} {e['count']:,}: {e['ns'] / 1e3:.1f} µs vs relayout {e['relayoutNs'] / 1e6:.2f} ms")

    load = os.getloadavg()
    meta = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {cpu_name()}, Linux {platform.release()}",
        "loadAverage": load,
        "swift": subprocess.check_output(["swift", "--version"], text=True, stderr=subprocess.STDOUT).splitlines()[0],
        "python": platform.python_version(),
        "minutes": (time.time() - started) / 60,
    }
    report = markdown(meta, results, extra)
    print("\n" + report)
    with open(os.path.join(args.work, "performance.md"), "w") as f:
        f.write(report + "\n")
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"meta": meta, "results": results, **extra}, f, indent=1)


def rerender(args):
    with open(args.out) as f:
        data = json.load(f)
    only = set(args.only.split(",")) if args.only else set()
    biggest = max(r["count"] for r in data["results"])
    if "memory" in only:
        data["memory"] = [json.loads(subprocess.check_output([args.runner, "memory", kind, str(biggest)]))
                          for kind in ("feed", "list")]
    if "probes" in only:
        out = subprocess.check_output([args.runner, "probes", args.sizes], text=True)
        data["probes"] = [json.loads(line) for line in out.splitlines() if line.strip()]
    if "incremental" in only:
        out = subprocess.check_output([args.runner, "incremental", args.sizes], text=True)
        data["incremental"] = [json.loads(line) for line in out.splitlines() if line.strip()]
    extra = {k: data[k] for k in ("memory", "probes", "incremental") if k in data}
    report = markdown(data["meta"], data["results"], extra)
    print(report)
    with open(os.path.join(args.work, "performance.md"), "w") as f:
        f.write(report + "\n")
    with open(args.out, "w") as f:
        json.dump(data, f, indent=1)


def markdown(meta, results, extra):
    out = [f"Measured {meta['date']} on {meta['machine']} (load average {meta['loadAverage'][0]:.2f} at the end), "
           f"{meta['swift']}, Python {meta['python']}; medians of alternating repetitions "
           "(15 at 10k, 7 at 100k, 5 at 1M); ratios are the peer's median over ours, from the same run.",
           "", table(results), "",
           f"¹ Yoga as shipped on PyPI (pyyoga) is quadratic on wrapping rows with many lines; \"feed\" runs on it "
           f"up to {YOGA_FEED_LIMIT:,} cells (at 1M it would take about an hour per layout).", ""]
    agree = []
    for r in results:
        a = r.get("agreement")
        if not a:
            continue
        parts = []
        for key in ("ours-vs-floor-all-frames", "ours-vs-taffy", "yoga-vs-taffy"):
            if key in a:
                parts.append(f"{key} {a[key]:g}")
        heights = ", ".join(f"{k[:-6]} {a[k]:,.0f}" for k in ("oursHeight", "floorHeight", "yogaHeight", "taffyHeight") if k in a)
        agree.append(f"| {r['workload']} | {r['count']:,} | {a['framesCompared']:,} | {'; '.join(parts)} | {heights} |")
    if agree:
        out += ["Agreement (maximum absolute difference of any frame coordinate; content heights):", "",
                "| workload | N | frames vs Taffy | max difference | content height |", "|---|---:|---:|---|---|"] + agree + [""]
    probes = extra.get("probes", [])
    if probes:
        out += ["Ours only (`peer-runner probes`; 1,000 random offsets, median of 21 batches):", "",
                "| probe | N | per operation | detail |", "|---|---:|---:|---|"]
        for p in probes:
            if p["probe"] == "visible-rect":
                out.append(f"| visible rect 375 × 667, feed | {p['count']:,} | {p['nsPerQuery']:.0f} ns | "
                           f"{p['elementsPerQuery']:.1f} elements: {p['nsFixed']:.0f} ns fixed + {p['nsPerElement']:.0f} ns "
                           f"per element (from a 1-pt rect: {p['nsPerBandQuery']:.0f} ns, {p['elementsPerBandQuery']:.2f} elements) |")
            elif p["probe"] == "sticky-header":
                out.append(f"| sticky-header resolution, hub | {p['count']:,} | {p['nsPerResolution']:.0f} ns | "
                           "pinned section + its pinned header frame |")
            elif p["probe"] == "scroll-sweep":
                out.append(f"| scroll sweep, feed, 1-screen steps | {p['count']:,} | {p['nsPerStep']:.0f} ns/step | "
                           f"{p['steps']:,} steps, {fmt_time(p['ns'])} for the whole feed |")
        out.append("")
    edits = extra.get("incremental", [])
    if edits:
        out += ["Incremental edits, ours only (`peer-runner incremental`): one cell of the feed resized "
                "(height + 40), inserted or deleted at the middle, as `snapshot.applying(update)` on a kept "
                "snapshot. Each sample is a full `layout()` of the same edited model, then the first edit after "
                "it on its own (caches cold from the relayout: \"first edit\"), then about 20 ms of edits (the "
                "steady cost of an edit: \"applying(update)\"); medians. Yoga and Taffy have no edit API (the "
                "nearest is marking a node dirty and laying the tree out again), so there is no peer column.", "",
                "| edit | N | applying(update) | first edit | full relayout | relayout / edit | lines reflowed "
                "| equals relayout |",
                "|---|---:|---:|---:|---:|---:|---:|---|"]
        for e in edits:
            first = fmt_time(e["firstNs"]) if "firstNs" in e else "—"
            out.append(f"| {e['incremental']} | {e['count']:,} | {fmt_time(e['ns'])} | {first} "
                       f"| {fmt_time(e['relayoutNs'])} "
                       f"| {fmt_factor(e['ratio'])} | {e['reflowedLines']} | {'yes' if e['agreesWithRelayout'] else 'NO'} |")
        out.append("")
    for m in extra.get("memory", []):
        split = ""
        if "arenaBytesPerCell" in m:
            split = (f": {m['mallocBytesPerCell']:.1f} from malloc (bytes in use after − before), "
                     f"{m['arenaBytesPerCell']:.1f} of page records in huge-page arenas")
        else:
            split = " (malloc's bytes in use after − before)"
        out.append(f"Memory, {m['memory']} {m['count']:,} cells: layout allocates and keeps {m['heapBytesPerCell']:.1f} B/cell"
                   f"{split}; RSS grows {m['rssBytesPerCell']:.1f} B/cell; the process "
                   f"peaks at {m['peakRSSBytes'] / 2**20:.0f} MiB ({m['peakRSSBeforeLayout'] / 2**20:.0f} MiB before layout: "
                   f"the model's `Cell`s are {m['modelBytesPerCell']} B each, plus the generated sizes).")
    out += ["", "Targets:", "", targets(results, extra)]
    return "\n".join(out)


def targets(results, extra):
    """The product owner's targets, checked against this run's figures."""
    def find(workload, n):
        return next((r for r in results if r["workload"] == workload and r["count"] == n), None)

    lines = ["| target | measured | verdict |", "|---|---|---|"]
    biggest = max((r["count"] for r in results if r["workload"] == "feed"), default=None)
    feed = find("feed", biggest) if biggest else None
    if feed and "ours" in feed["medians"]:
        m = feed["medians"]
        ours = m["ours"]
        if "taffy" in m:
            ratio = m["taffy"] / ours
            lines.append(f"| feed {biggest:,}: ≥ 10× faster than Taffy | {ratio:.1f}× | "
                         f"{'met' if ratio >= 10 else f'missed: {10 / ratio:.1f}× short'} |")
        if "yoga" in m:
            ratio = m["yoga"] / ours
            lines.append(f"| feed {biggest:,}: ≥ 10× faster than Yoga | {ratio:.0f}× | "
                         f"{'met' if ratio >= 10 else f'missed: {10 / ratio:.1f}× short'} |")
        else:
            best = max((r for r in results if r["workload"] == "feed" and "yoga" in r["medians"]),
                       key=lambda r: r["count"], default=None)
            if best:
                ratio = best["medians"]["yoga"] / best["medians"]["ours"]
                lines.append(f"| feed {biggest:,}: ≥ 10× faster than Yoga | not run at {biggest:,} (quadratic); "
                             f"{ratio:.0f}× at {best['count']:,} | met at {best['count']:,}, and the gap widens with N |")
        if "baseline" in m:
            over = ours / m["baseline"]
            lines.append(f"| feed {biggest:,}: within 5× of the floor | {over:.1f}× the floor "
                         f"({fmt_time(ours)} vs {fmt_time(m['baseline'])}) | "
                         f"{'met' if over <= 5 else f'missed: {over / 5:.1f}× too slow'} |")
    for p in extra.get("probes", []):
        if p["probe"] == "visible-rect" and p["count"] == biggest:
            fixed = p["nsFixed"]
            lines.append(f"| visible rect, feed {biggest:,}: < 1 µs + returned elements | "
                         f"{p['nsPerQuery']:.0f} ns for {p['elementsPerQuery']:.1f} elements = {fixed:.0f} ns fixed "
                         f"+ {p['nsPerElement']:.0f} ns/element | {'met' if fixed < 1000 else 'missed'} |")
    for m in extra.get("memory", []):
        if m["memory"] == "feed":
            b = m["heapBytesPerCell"]
            lines.append(f"| layout state < 64 B/cell ({m['count']:,} cells) | {b:.1f} B/cell allocated and kept "
                         f"by layout; peak RSS {m['peakRSSBytes'] / 2**20:.0f} MiB | {'met' if b < 64 else 'missed'} |")
    edits = extra.get("incremental", [])
    largest = max((e["count"] for e in edits), default=None)
    resize = next((e for e in edits if e["incremental"] == "resize" and e["count"] == largest), None)
    if resize:
        us, ratio = resize["ns"] / 1e3, resize["ratio"]
        verdicts = []
        verdicts.append("time met" if us < 20 else f"time missed: {fmt_factor(us / 20)} too slow")
        verdicts.append("ratio met" if ratio > 1000 else f"ratio missed: {fmt_factor(1000 / ratio)} short")
        lines.append(f"| incremental resize, feed {largest:,}: < 20 µs, > 1,000× faster than relayout | "
                     f"{fmt_time(resize['ns'])}; relayout {fmt_time(resize['relayoutNs'])}: {fmt_factor(ratio)} | "
                     f"{'; '.join(verdicts)} |")
    else:
        lines.append("| incremental resize, feed 1M: < 20 µs, > 1,000× faster than relayout | not measured in this run | — |")
    nested = find("nested", 10_000)
    if nested:
        m = nested["medians"]
        if "ours" in m and "yoga" in m:
            ratio = m["yoga"] / m["ours"]
            verdict = f"met: {ratio:.1f}× faster" if ratio >= 1 else f"missed: {1 / ratio:.1f}× slower"
            lines.append(f"| nested flexbox tree: no slower than Yoga | ours {fmt_time(m['ours'])}, "
                         f"Yoga {fmt_time(m['yoga'])}, Taffy {fmt_time(m.get('taffy'))} | {verdict} |")
    return "\n".join(lines)


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


if __name__ == "__main__":
    main()
