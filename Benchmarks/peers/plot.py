#!/usr/bin/env python3
"""Draws how layout time grows with N (log-log) from peers/work/results.json as an SVG.

    Benchmarks/peers/.venv/bin/python Benchmarks/peers/plot.py [results.json] [out.svg]
"""

import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
COLORS = {"ours": "#1f6feb", "baseline": "#2da44e", "yoga": "#cf222e", "taffy": "#bf8700",
          "relayout": "#1f6feb", "resize": "#8250df", "insert": "#2da44e", "delete": "#cf222e"}
LABELS = {"ours": "ListLayout", "baseline": "floor (greedy wrap)", "yoga": "Yoga", "taffy": "Taffy",
          "relayout": "full layout", "resize": "resize", "insert": "insert", "delete": "delete"}


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "work", "results.json")
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(HERE), "scaling.svg")
    with open(path) as f:
        data = json.load(f)
    panels = [("feed", "feed: wrapping row, width 375"), ("list", "list: one full-width column")]
    # series[workload][engine] = [(n, ns)]
    series = {}
    for workload, _ in panels:
        rows = sorted((r for r in data["results"] if r["workload"] == workload), key=lambda r: r["count"])
        series[workload] = {e: [(r["count"], r["medians"][e]) for r in rows if e in r["medians"]]
                            for e in ("ours", "baseline", "yoga", "taffy")}
    edits = sorted(data.get("incremental", []), key=lambda e: e["count"])
    if edits:
        panels.append(("edits", "feed: one-cell edit vs full layout (ours)"))
        series["edits"] = {"relayout": [(e["count"], e["relayoutNs"]) for e in edits if e["incremental"] == "resize"]}
        for kind in ("resize", "insert", "delete"):
            series["edits"][kind] = [(e["count"], e["ns"]) for e in edits if e["incremental"] == kind]
    width, height, pad = 460, 340, 60
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * len(panels)}" height="{height}" '
           f'font-family="Helvetica, Arial, sans-serif" font-size="11">',
           f'<rect width="100%" height="100%" fill="white"/>']
    all_ns = [ns for per in series.values() for pts in per.values() for _, ns in pts]
    lo = 10 ** math.floor(math.log10(min(all_ns)))
    hi = 10 ** math.ceil(math.log10(max(all_ns)))
    n_lo, n_hi = 1e4, 1e6
    for p, (workload, title) in enumerate(panels):
        ox = p * width

        def X(n):
            return ox + pad + (math.log10(n) - math.log10(n_lo)) / (math.log10(n_hi) - math.log10(n_lo)) * (width - 2 * pad)

        def Y(ns):
            return height - pad + 10 - (math.log10(ns) - math.log10(lo)) / (math.log10(hi) - math.log10(lo)) * (height - 2 * pad)

        svg.append(f'<text x="{ox + width / 2}" y="20" text-anchor="middle" font-size="13">{title}</text>')
        e = math.log10(lo)
        while e <= math.log10(hi) + 1e-9:
            y = Y(10 ** e)
            svg.append(f'<line x1="{X(n_lo)}" x2="{X(n_hi)}" y1="{y}" y2="{y}" stroke="#ddd"/>')
            svg.append(f'<text x="{X(n_lo) - 6}" y="{y + 4}" text-anchor="end">{label_ns(10 ** e)}</text>')
            e += 1
        for n in (1e4, 1e5, 1e6):
            x = X(n)
            svg.append(f'<line x1="{x}" x2="{x}" y1="{Y(lo)}" y2="{Y(hi)}" stroke="#ddd"/>')
            svg.append(f'<text x="{x}" y="{Y(lo) + 16}" text-anchor="middle">{int(n):,} cells</text>')
        for i, engine in enumerate(series[workload]):
            pts = [(X(n), Y(ns)) for n, ns in series[workload][engine]]
            if not pts:
                continue
            color = COLORS[engine]
            svg.append(f'<polyline fill="none" stroke="{color}" stroke-width="2" points="'
                       + " ".join(f"{x:.1f},{y:.1f}" for x, y in pts) + '"/>')
            for x, y in pts:
                svg.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{color}"/>')
            lx, ly = ox + pad + [0, 80, 200, 250][i] if workload != "edits" else ox + pad + [0, 80, 140, 200][i], 42  # one row under the title, above the plot
            svg.append(f'<rect x="{lx}" y="{ly - 5}" width="10" height="3" fill="{color}"/>')
            svg.append(f'<text x="{lx + 14}" y="{ly}">{LABELS[engine]}</text>')
        svg.append(f'<text x="{ox + 14}" y="{height / 2}" transform="rotate(-90 {ox + 14} {height / 2})" '
                   f'text-anchor="middle">median time</text>')
    meta = data["meta"]
    svg.append(f'<text x="{width * len(panels) / 2}" y="{height - 8}" text-anchor="middle" fill="#555">'
               f'{meta["machine"]} · {meta["date"]} · a slope of 1 decade per decade is linear</text>')
    svg.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(svg) + "\n")
    print(out)


def label_ns(ns):
    if ns < 1e3:
        return f"{ns:g} ns"
    if ns < 1e6:
        return f"{ns / 1e3:g} µs"
    if ns < 1e9:
        return f"{ns / 1e6:g} ms"
    return f"{ns / 1e9:g} s"


if __name__ == "__main__":
    main()
