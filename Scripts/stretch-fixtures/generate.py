#!/usr/bin/env python3
"""Generate the browser-computed fixtures for stretched flow lines (`verticalAlignment: "stretch"`).

Each fixture is a feed whose sections stretch their lines, laid out by headless Chromium with
the flow fixtures' CSS model (see `../flow-fixtures/generate.py`): a wrapping flex row with
`align-items: stretch`, each cell's height its `min-height` (its height `auto`) and its insets
its margins. Some feeds use Hub's default manager (the `traits` layout manager) with cells
without traits: its one margin is then the row's padding inside the section insets and both
of its gaps (left-aligned lines only: Hub centres and right-aligns a line within the room its
trailing margin leaves, which CSS has no words for).

Run by hand, not in CI (see `../flow-fixtures/README.md`, which this script follows):

    python3 Scripts/stretch-fixtures/generate.py

Python 3 standard library only. Output is deterministic (seeded random feeds).
"""

import importlib.util
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from fixturekit import REPO, feed, generate, ins  # noqa: E402

# The flow generator's builders and page script (its folder name is not a module name).
_spec = importlib.util.spec_from_file_location("flow_fixtures", os.path.join(HERE, "..", "flow-fixtures", "generate.py"))
flow = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(flow)

DEFAULT_OUT = os.path.join(REPO, "Tests", "ListLayoutAPITests", "Fixtures", "stretch")

RANDOM_BASE_SEED = 20261129
RANDOM_COUNT = 60


def stretch(h="left", item=0, line=0, insets=None):
    return flow.attrs(h, "stretch", item, line, insets)


def hub(f, margin):
    f = dict(f)
    f["layoutManager"] = {"type": "traits", "margin": margin}
    return f


def hand_cases():
    C = []

    def add(name, desc, f):
        C.append((name, desc, f))

    cells, cell, section = flow.cells, flow.cell, flow.section
    VH = [(60, 20), (60, 80), (60, 45.5), (60, 0.5)]
    add("stretch-single-line", "four cells of different heights on one line, stretched",
        feed(375, [section(cells(VH), stretch("left", 5, 5))]))
    VM = [(100, 30), (100, 70), (100, 15), (150, 33), (120, 90), (90, 10), (300, 25), (50, 61)]
    for h in ("left", "center", "right"):
        add("stretch-multi-line-%s" % h, "cells of different heights over several lines, %s" % h,
            feed(320, [section(cells(VM), stretch(h, 4, 6))]))
    CI = ins(3, 10, 7, 2.5)
    add("stretch-cell-insets", "asymmetric cell insets (margins) on every cell",
        feed(375, [section(cells([(60, 40), (60, 20), (60, 55), (60, 10)], CI), stretch("left", 5, 5))]))
    mixed = [cell(80, 30, ins(0, 0, 0, 0)), cell(80, 30, ins(10, 0, 0, 0)),
             cell(80, 30, ins(0, 0, 15, 0)), cell(80, 30, ins(0, 20, 0, 20)),
             cell(50, 50, ins(2.5, 1.5, 2.5, 1.5)), cell(120, 5, ins(0, 0, 0, 40)),
             cell(100, 25, ins(12, 12, 12, 12))]
    add("stretch-mixed-insets", "different insets per cell over lines, centred",
        feed(320, [section(list(mixed), stretch("center", 5, 8.5))]))
    add("stretch-header-footer-section-insets", "header, footer and section insets around stretched lines",
        feed(375, [section(cells([(90, 30), (110, 50), (80, 20), (140, 40), (60, 60)]),
                           stretch("right", 2, 8.5, ins(10, 0, 4.5, 20)), header=30, footer=12.5)]))
    add("stretch-zero-heights", "zero-height cells next to a tall one",
        feed(375, [section(cells([(50, 0), (100, 40), (50, 0)]), stretch("left", 5, 5))]))
    add("stretch-overflow", "a cell wider than the line, alone and stretched to itself",
        feed(320, [section(cells([(60, 20), (330, 40), (60, 20), (70, 35)]), stretch("left", 5, 5))]))
    add("stretch-rtl", "rtl: stretched lines with asymmetric cell insets",
        feed(375, [section(cells([(60, 40), (60, 20), (60, 55), (60, 10)], CI), stretch("left", 5, 5))],
             rtl=True))
    add("stretch-multi-section", "a stretched section between a top and a bottom aligned one",
        feed(375, [section(cells([(100, 30), (100, 40)]), flow.attrs("left", "top", 5, 5), header=30),
                   section(cells([(150, 30), (150, 60), (100, 10)]), stretch("center", 5, 5), footer=20),
                   section(cells([(50, 50)] * 8), flow.attrs("right", "bottom", 5, 5), header=25)],
             spacing=12))
    for m in (8, 15):
        add("hub-stretch-margin-%d" % m, "Hub's manager, margin %d: stretched rows" % m,
            hub(feed(375, [section(cells([(100, 30), (100, 70), (60, 15), (150, 33), (120, 90)]),
                                   stretch("left"), header=20)]), m))
    add("hub-stretch-insets", "Hub's manager with section and cell insets, two sections",
        hub(feed(320, [section(cells([(80, 30), (80, 50), (80, 20)], ins(2, 3, 4, 5)),
                               stretch("left", 0, 0, ins(5, 6, 7, 8)), header=10, footer=10),
                       section(cells([(90, 40), (60, 10), (120, 25), (30, 30)]), stretch("left"))],
                 content_insets=ins(4, 4, 4, 4), spacing=6), 10))
    return C


def random_feed(seed):
    rng = random.Random(seed)
    W = rng.choice(flow.WIDTHS)
    rtl = rng.random() < 0.25
    use_hub = rng.random() < 0.3
    margin = rng.choice([0, 4, 8.5, 12])
    content = flow.rnd_insets(rng) if rng.random() < 0.4 else ins()
    sections = []
    for _ in range(rng.randint(1, 3)):
        h = "left" if use_hub else rng.choice(flow.HALIGN)
        v = "stretch" if rng.random() < 0.8 else rng.choice(flow.VALIGN)
        a = flow.attrs(h, v, rng.choice(flow.SPACINGS), rng.choice(flow.SPACINGS),
                       flow.rnd_insets(rng) if rng.random() < 0.5 else ins())
        # Hub's manager shrinks a cell wider than its line: keep every cell within it.
        inner = W - content["left"] - content["right"] - 2 * margin - a["insets"]["left"] - a["insets"]["right"]
        items = []
        for _ in range(0 if rng.random() < 0.05 else rng.randint(1, 25)):
            ci = flow.rnd_insets(rng, 10) if rng.random() < 0.3 else None
            room = inner - ((ci["left"] + ci["right"]) if ci else 0)
            w = flow.rnd_len(rng, 0, max(0, W * 0.45) if not use_hub else max(0, min(W * 0.45, room)))
            hgt = 0.0 if rng.random() < 0.05 else flow.rnd_len(rng, 0, 120)
            items.append(flow.cell(w, hgt, ci))
        header = flow.rnd_len(rng, 0, 40) if rng.random() < 0.4 else None
        footer = flow.rnd_len(rng, 0, 30) if rng.random() < 0.3 else None
        sections.append(flow.section(items, a, header=header, footer=footer))
    f = feed(W, sections, content, rng.choice(flow.SPACINGS), rtl)
    if use_hub:
        f = hub(f, margin)
    return "seeded random stretched feed (seed %d)%s" % (seed, ", Hub's manager" if use_hub else ""), f


def random_cases():
    out = []
    for i in range(RANDOM_COUNT):
        seed = RANDOM_BASE_SEED + i
        desc, f = random_feed(seed)
        out.append(("random-%d" % seed, desc, f))
    return out


def main():
    generate(__doc__, DEFAULT_OUT, "stretch fixtures", hand_cases() + random_cases(),
             lambda feeds: [("CASES", feeds)], flow.PAGE_SCRIPT)


if __name__ == "__main__":
    main()
