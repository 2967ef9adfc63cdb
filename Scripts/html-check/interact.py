#!/usr/bin/env python3
"""Check the HTML page's keyboard focus, ARIA and drag to reorder against the library, in
headless Chromium over the DevTools protocol (see README.md).

    python3 Scripts/html-check/interact.py [--cells 100000] [--seed 7] [--direction rtl] [--horizontal] [--traits]

1. Writes a seeded feed of every section kind (flow, grid sparse and dense with spans,
   masonry, carousel paged by item, by page and not at all, sequential; empty sections,
   footers, and sections whose cells share one size), renders it with `render --html`, and
   starts `listlayout query` on it: the library's answers.
2. Rules: the page's copies of the focus rule, the drop target rule and the auto-scroll
   speed (window.listlayoutPage), asked at seeded cells, points and carousel offsets, must
   answer what `query` answers.
3. ARIA: at seeded offsets, Accessibility.getFullAXTree must hold every rendered cell as a
   listitem in a list (aria-setsize, aria-posinset) or a gridcell in a row of a grid
   (rowindex, colindex, colspan, rowcount, colcount), as `query`'s accessibility answers,
   and every header as a heading of level 2.
4. Keys: arrow presses (Input.dispatchKeyEvent) move focus where `query`'s focus answer
   says, carousels scrolled to its offset, the focused cell revealed in the viewport and
   focused in the accessibility tree; Tab and Shift+Tab follow the reading order (header,
   cells, footer, section by section) computed here from the feed.
5. Drag (Input.dispatchMouseEvent): the page's drop target at each point is `query`'s; in
   sections whose cells share one size, and within carousels of mixed sizes, the previewed
   frames of cells and badges, and the rendered frames after the drop, are the library's
   preview; near the viewport's edges the page's auto-scroll speed is the library's (with
   --list-header, for the band below the pinned header as tall as it is now) and the list
   scrolls that way; a drop moves the cell's identity to the target; a press on a badge
   drags its cell; a drop into a collapsed section hides the cell, as the library's preview.
   Moves within and between sections of every kind: every rendered element's previewed
   frame against the library's preview (separators of the touched flow and grid sections
   among them), within 0.5 points for grid, masonry, carousel, flow and sequential sections
   of standard calculators (and into collapsed ones; after a drop there, every rendered cell
   and badge), measured for the others. Every section the page lays out
   (listlayoutPage.layOut), laid out again as it is: every cell's frame is the library's (a
   sequential section's length too). With --traits the list is spaced by the traits layout
   manager (Hub's) and flow cells have traits.

Python 3 standard library only. Exit status 0 when every check passes, 1 otherwise.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cdp  # noqa: E402
from check import find_listlayout, run  # noqa: E402

VIEWPORT = 640


TRAITS = ["fullWidth", "stackable", "centered", "alwaysStackUpwards", "compactWidth"]
# The standard sequential frame calculators (StandardFrameCalculator).
CALCULATORS = [
    "containerLeftAlignedVStack", "containerCenterAlignedVStack", "containerRightAlignedVStack",
    "containerFullWidthVStack", "containerLeftAlignedVStackUp", "containerCenterAlignedVStackUp",
    "containerRightAlignedVStackUp", "containerFullWidthVStackUp", "topAlignedHStack", "centerAlignedHStack",
    "bottomAlignedHStack", "topAlignedHStackLeft", "centerAlignedHStackLeft", "bottomAlignedHStackLeft",
    "topAlignedFlow", "centerAlignedFlow", "bottomAlignedFlow", "matchContainer", "matchContainerFullBleed",
    "matchPrevious", "topLeftAligned", "topRightAligned", "bottomLeftAligned", "bottomRightAligned", "centerAligned",
    "containerTopLeftAligned", "containerTopRightAligned", "containerBottomLeftAligned",
    "containerBottomRightAligned", "containerCenterAligned"]
# Those that may place a cell past its section's top or the list's width (above the previous
# cell, beside it without wrapping): cells outside their section's frame, over the sections
# around it. The feed uses them with --all-calculators only (the other runs' feeds stay as
# they were); every rule is compared there as anywhere.
ESCAPING = {"containerLeftAlignedVStackUp", "containerCenterAlignedVStackUp", "containerRightAlignedVStackUp",
            "containerFullWidthVStackUp", "topAlignedHStack", "centerAlignedHStack", "bottomAlignedHStack",
            "topAlignedHStackLeft", "centerAlignedHStackLeft", "bottomAlignedHStackLeft"}


def make_feed(cells, seed, rtl, horizontal, list_header=False, traits=False, all_calculators=False):
    """A seeded feed of every section kind; returns (feed, section specs). With `traits`, the
    list is spaced by the traits layout manager (Hub's) and flow cells have traits; with
    `all_calculators`, sequential sections use every standard calculator (ESCAPING too)."""
    rng = random.Random(seed)
    calculators = [c for c in CALCULATORS if all_calculators or c not in ESCAPING]
    kinds = ["flow", "grid", "carousel", "masonry", "sequential", "grid-dense", "flow", "carousel-page",
             "uniform-grid", "carousel-none", "uniform-flow", "collapsed", "empty", "uniform-carousel", "grid-stretch",
             "grid-empty", "masonry", "sequential-spaced", "sequential-calc", "flow", "sequential-calc"]
    if horizontal:
        kinds = [k for k in kinds if not k.startswith("carousel") and k != "uniform-carousel"]
    sections, specs, made, k = [], [], 0, 0
    badges = 0
    while made < cells:
        kind = kinds[k % len(kinds)]
        count = 0 if kind in ("empty", "collapsed", "grid-empty") else min(cells - made, rng.randint(20, 160) if "carousel" in kind
                                                             else rng.randint(16, 80) if kind == "sequential-calc"
                                                             else rng.randint(60, 900))
        items = []
        for i in range(count):
            if kind.startswith("uniform"):
                w, h = (110, 50) if kind != "uniform-flow" else (300, 44)
            else:
                # (A sequential section's insets and padding leave it 340 points.)
                w, h = rng.randint(40, 340 if kind == "sequential-spaced" else 370), rng.randint(20, 120)
            item = {"id": "c%d" % (made + i), "size": {"width": w, "height": h}}
            if (kind.startswith("grid") or kind == "masonry") and rng.random() < 0.15:
                item["span"] = "full" if kind == "grid-stretch" and rng.random() < 0.3 else 2
            if kind == "flow":
                # Flow cells of their own: insets, line breaks, indentation, traits.
                if rng.random() < 0.1:
                    item["attributes"] = {
                        "insets": {"top": rng.randint(0, 5), "left": rng.randint(0, 8), "bottom": rng.randint(0, 4),
                                   "right": rng.randint(0, 6)},
                        "shouldBeginLine": rng.random() < 0.3, "shouldEndLine": rng.random() < 0.3,
                        "startLineIndentation": rng.random() < 0.2}
                if traits and rng.random() < 0.5:
                    item["traits"] = rng.sample(TRAITS, rng.randint(1, 2))
            if kind == "sequential-calc" and not traits and rng.random() < 0.2:
                # Options of its own (without --traits: the page then writes every sequential
                # section whole; with it, stacking sections keep their short form).
                item["layout"] = {"frameCalculator": rng.choice(calculators)}
                if rng.random() < 0.5:
                    item["layout"]["spacing"] = {"top": rng.randint(0, 9), "left": rng.randint(0, 9),
                                                 "bottom": rng.randint(0, 9), "right": rng.randint(0, 9)}
                if rng.random() < 0.5:
                    item["layout"]["padding"] = {"top": rng.randint(0, 6), "left": rng.randint(0, 6),
                                                 "bottom": rng.randint(0, 6), "right": rng.randint(0, 6)}
            if rng.random() < 0.2:
                # A badge on the cell's top trailing corner, overhanging it by half its size.
                item["badges"] = [{"id": "b%d" % badges, "size": {"width": 16, "height": 16},
                                   "offset": {"x": 0.5, "y": -0.5}}]
                badges += 1
            items.append(item)
        if kind == "collapsed":
            # Cells the model keeps and the layout hides (ids apart from the shown cells').
            items = [{"id": "k%d_%d" % (k, i), "size": {"width": 100, "height": 40}}
                     for i in range(rng.randint(1, 12))]
        section = {"items": items}
        if kind == "collapsed":
            section["collapsed"] = True
        has_header, has_footer = k % 5 != 3 or kind == "collapsed", k % 4 == 1
        if has_header:
            section["header"] = {"height": 30, "id": "h%d" % k}
        if has_footer:
            section["footer"] = {"height": 24, "id": "f%d" % k}
        if kind in ("grid", "uniform-grid", "grid-empty"):
            section["layout"] = {"type": "grid", "columns": 3, "columnSpacing": 6, "rowSpacing": 6}
        elif kind == "grid-stretch":
            section["layout"] = {"type": "grid", "columns": 4, "columnSpacing": 5, "rowSpacing": 7,
                                 "rowAlignment": "stretch"}
        elif kind == "grid-dense":
            section["layout"] = {"type": "grid", "minColumnWidth": 80, "columnSpacing": 4, "rowSpacing": 4,
                                 "packing": "dense"}
        elif kind == "masonry":
            section["layout"] = {"type": "masonry", "columns": 3, "columnSpacing": 6, "rowSpacing": 6}
        elif kind == "sequential":
            section["layout"] = {"type": "sequential"}
        elif kind == "sequential-spaced":
            section["layout"] = {"type": "sequential", "spacing": {"top": 4, "left": 0, "bottom": 9, "right": 0},
                                 "padding": {"top": 3, "left": 7, "bottom": 2, "right": 1}}
            section["attributes"] = {"insets": {"top": 11, "left": 6, "bottom": 5, "right": 3}}
        elif kind == "sequential-calc":
            # Any standard calculator, with spacing, padding and insets.
            section["layout"] = {"type": "sequential", "frameCalculator": rng.choice(calculators),
                                 "spacing": {"top": rng.randint(0, 8), "left": rng.randint(0, 8),
                                             "bottom": rng.randint(0, 8), "right": rng.randint(0, 8)},
                                 "padding": {"top": rng.randint(0, 5), "left": rng.randint(0, 5),
                                             "bottom": rng.randint(0, 5), "right": rng.randint(0, 5)}}
            section["attributes"] = {"insets": {"top": rng.randint(0, 9), "left": rng.randint(0, 9),
                                                "bottom": rng.randint(0, 9), "right": rng.randint(0, 9)}}
        elif kind == "flow":
            # Alignments of every kind (a stretched line makes its cells as tall as it).
            section["attributes"] = {"horizontalAlignment": rng.choice(["left", "center", "right"]),
                                     "verticalAlignment": rng.choice(["top", "center", "bottom", "stretch"]),
                                     "itemSpacing": rng.randint(0, 8), "lineSpacing": rng.randint(0, 8)}
            if has_header and traits:
                section["header"]["traits"] = rng.sample(TRAITS, rng.randint(0, 2))
        elif kind.startswith("carousel") or kind == "uniform-carousel":
            paging = {"carousel": "item", "carousel-page": "page"}.get(kind, "none")
            section["layout"] = {"type": "carousel", "itemSpacing": 8, "paging": paging}
        if kind in ("flow", "grid", "grid-stretch", "uniform-flow") and rng.random() < 0.6:
            # Separators between lines (rows): the preview moves them with the lines.
            section["separator"] = {"thickness": 1, "insets": {"left": 6, "right": 3}}
        sections.append(section)
        specs.append({"kind": kind, "count": count, "header": has_header, "footer": has_footer})
        made += count
        k += 1
    feed = {"width": 375, "pinSectionHeaders": True, "sections": sections}
    if traits:
        feed["layoutManager"] = {"type": "traits", "margin": 9}
    if list_header:
        # A pinned list header that shrinks from 120 to 50 points as the list scrolls.
        feed["header"] = {"height": 120, "minHeight": 50, "pinned": True, "id": "top"}
    if rtl:
        feed["layoutDirection"] = "rtl"
    if horizontal:
        feed["scrollDirection"] = "horizontal"
    return feed, specs


class Query:
    """`listlayout query FEED` answering one JSON line per query."""

    def __init__(self, cli, feed):
        self.process = subprocess.Popen([cli, "query", feed], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask(self, query):
        self.process.stdin.write((json.dumps(query) + "\n").encode())
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise SystemExit("listlayout query ended")
        return json.loads(line)

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def scroll_map(carousels):
    return {str(s): x for s, x in carousels.items() if x != 0}


def close(a, b):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) < 1e-6


class Checker:
    def __init__(self, args, browser, query, specs, layout):
        self.args, self.browser, self.query, self.specs = args, browser, query, specs
        self.layout = layout
        self.failures = []
        self.kinds = {}
        self.figures = {}
        self.rng = random.Random(args.seed * 7919 + 1)
        self.first = []
        total = 0
        for spec in specs:
            self.first.append(total)
            total += spec["count"]
        self.cells = total

    def fail(self, message):
        """Records a failure (the first eight of each kind are printed)."""
        kind = " ".join(message.split()[:2])
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        if self.kinds[kind] <= 8:
            self.failures.append(message)


    def page(self, expression):
        return self.browser.evaluate(expression)

    def state(self):
        return self.page("listlayoutPage.state()")

    def settle(self):
        self.page("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(0))))")

    def cell_sections(self):
        return [s for s, spec in enumerate(self.specs) if spec["count"] > 0]

    def random_cell(self, kinds=None):
        sections = [s for s in self.cell_sections() if kinds is None or self.specs[s]["kind"] in kinds]
        s = self.rng.choice(sections)
        return s, self.rng.randrange(self.specs[s]["count"])

    # -- 2. The page's copies of the rules against the library.
    def rules(self):
        carousels = [s for s, spec in enumerate(self.specs)
                     if "carousel" in spec["kind"] and spec["count"] > 0]
        for s in self.rng.sample(carousels, min(len(carousels), 12)):
            self.page("listlayoutPage.scrollCarousel(%d, %r)" % (s, self.rng.uniform(0, 3000)))
        scroll = scroll_map(self.state()["carousels"])
        queries = []
        for _ in range(self.args.samples):
            s, i = self.random_cell(None if self.rng.random() < 0.5 else
                                    ("carousel", "carousel-page", "carousel-none", "uniform-carousel", "grid-dense"))
            for direction in ("up", "down", "left", "right", "forward", "backward"):
                queries.append((s, i, direction))
        answers = self.page("JSON.stringify(%s.map(([s, i, d]) => listlayoutPage.focus(s, i, d)))"
                            % json.dumps(queries))
        answers = json.loads(answers)
        wrong = 0
        for (s, i, direction), got in zip(queries, answers):
            want = self.query.ask({"focus": {"from": [s, i], "direction": direction, "scroll": scroll}})
            if want.get("to") != got["to"] or not close(want.get("carouselOffset"), got["carouselOffset"]):
                wrong += 1
                self.fail("focus %s from %s: page %s, library %s" % (direction, [s, i], got, want))
        self.figures["focus answers compared"] = "%d (%d differ)" % (len(queries), wrong)

        width = self.layout["contentSize"]["width"]
        height = self.layout["contentSize"]["height"]
        elements = [e for e in self.layout["elements"] if e["kind"] == "cell"]
        last_cells = {}
        for e in elements:
            last_cells[e["section"]] = e["frame"]
        moves = []
        for _ in range(self.args.samples * 4):
            s, i = self.random_cell()
            r = self.rng.random()
            if r < 0.6:
                e = self.rng.choice(elements)["frame"]
                x = e["x"] + self.rng.uniform(-40, e["width"] + 40)
                y = e["y"] + self.rng.uniform(-40, e["height"] + 40)
            elif r < 0.95:
                x, y = self.rng.uniform(0, width), self.rng.uniform(0, height)
            else:
                x, y = self.rng.uniform(-20, width + 20), self.rng.choice([-5, height + 5, self.rng.uniform(0, height)])
            if self.rng.random() < 0.1:
                e = self.rng.choice(elements)["frame"]
                x, y = e["x"], e["y"]  # an edge: the top left is inside, the bottom right not
            elif self.rng.random() < 0.1:
                # Exactly at the centre of a section's last cell along the scroll axis.
                t = self.rng.choice(self.cell_sections())
                e = last_cells[t]
                if self.args.horizontal:
                    x = e["x"] + e["width"] / 2
                else:
                    y = e["y"] + e["height"] / 2
            moves.append((s, i, x, y, self.rng.random() < 0.8))
        got = json.loads(self.page("JSON.stringify(%s.map(([s, i, x, y, b]) => listlayoutPage.moveTarget(s, i, x, y, b)))"
                                   % json.dumps(moves)))
        wrong = 0
        for (s, i, x, y, b), target in zip(moves, got):
            want = self.query.ask({"moveTarget": {"dragging": [s, i], "point": [x, y], "betweenSections": b,
                                                  "scroll": scroll}})
            if want.get("target") != target:
                wrong += 1
                self.fail("move target of %s at %s (between sections %s): page %s, library %s"
                          % ([s, i], [x, y], b, target, want))
        self.figures["drop targets compared"] = "%d (%d differ)" % (len(moves), wrong)

        speeds = []
        for _ in range(self.args.samples):
            o = self.rng.uniform(0, height)
            h = self.rng.choice([VIEWPORT, self.rng.uniform(0, 200), 0])
            y = o + self.rng.choice([self.rng.uniform(-100, h + 100), self.rng.uniform(-2, 62), h - self.rng.uniform(-2, 62)])
            speeds.append((y, o, h))
        got = json.loads(self.page("JSON.stringify(%s.map(([y, o, h]) => listlayoutPage.autoScroll(y, o, h)))"
                                   % json.dumps(speeds)))
        wrong = 0
        for (y, o, h), speed in zip(speeds, got):
            want = self.query.ask({"autoScroll": {"point": y, "offset": o, "height": h}})
            if not close(want.get("speed"), speed):
                wrong += 1
                self.fail("auto-scroll at %s, offset %s, height %s: page %s, library %s" % (y, o, h, speed, want))
        self.figures["auto-scroll speeds compared"] = "%d (%d differ)" % (len(speeds), wrong)
        for s in carousels:
            self.page("listlayoutPage.scrollCarousel(%d, 0)" % s)

    # -- 3. The accessibility tree.
    def attributes_of(self, nodes):
        """Each AX node's DOM attributes."""
        keys = {}
        for node in nodes:
            backend = node.get("backendDOMNodeId")
            if backend is None or node.get("ignored"):
                continue
            described = self.browser.send("DOM.describeNode", {"backendNodeId": backend})["node"]
            attributes = described.get("attributes") or []
            pairs = dict(zip(attributes[::2], attributes[1::2]))
            keys[node["nodeId"]] = pairs
        return keys

    def keys_of(self, nodes):
        """Each AX node's DOM data-key (None for nodes without one)."""
        return {k: v.get("data-key") for k, v in self.attributes_of(nodes).items()}

    def ax_tree(self):
        nodes = self.browser.send("Accessibility.getFullAXTree")["nodes"]
        wanted = [n for n in nodes if not n.get("ignored") and
                  (n.get("role") or {}).get("value") in ("listitem", "gridcell", "heading", "row", "grid", "list")]
        return nodes, wanted

    @staticmethod
    def props(node):
        return {p["name"]: p["value"].get("value") for p in node.get("properties", [])}

    def aria(self):
        self.browser.send("DOM.enable")
        self.browser.send("Accessibility.enable")
        height = self.layout["contentSize"]["height"]
        sections = {e["index"]: e["frame"] for e in self.layout["sections"]}
        offsets = [self.rng.uniform(0, height - VIEWPORT) for _ in range(6)]
        for kind in ("grid-dense", "grid", "uniform-grid", "carousel", "masonry"):
            s = next((s for s, spec in enumerate(self.specs) if spec["kind"] == kind and spec["count"] > 0), None)
            if s is not None:
                offsets.append(sections[s]["x" if self.args.horizontal else "y"] + 10)
        checked = {"listitem": 0, "gridcell": 0, "heading": 0}
        for offset in offsets:
            self.page("listlayoutPage.scrollTo(%r)" % offset)
            self.settle()
            nodes, wanted = self.ax_tree()
            by_id = {n["nodeId"]: n for n in nodes}
            attributes = self.attributes_of(wanted)
            keys = {k: v.get("data-key") for k, v in attributes.items()}
            rendered = json.loads(self.page("JSON.stringify(Array.from(document.querySelectorAll('#content .cell, #content .header'), (n) => n.dataset.key))"))
            seen = set()
            for node in wanted:
                role = node["role"]["value"]
                key = keys.get(node["nodeId"])
                if role in ("row", "grid", "list") or key is None:
                    continue
                seen.add(key)
                # Chromium's DevTools AX nodes carry the role, name, nesting and heading
                # levels but not the set and grid positions: those are read from the ARIA
                # attributes of the DOM node behind each AX node.
                p = self.props(node)
                p.update({k[5:]: int(v) for k, v in attributes[node["nodeId"]].items() if k.startswith("aria-")
                          and k[5:] in ("setsize", "posinset", "rowindex", "colindex", "colspan", "rowcount",
                                        "colcount")})
                if role == "heading":
                    checked["heading"] += 1
                    if key[0] != "h" or p.get("level") != 2:
                        self.fail("heading %s: level %s" % (key, p.get("level")))
                    continue
                s, i = self.position(int(key[1:]))
                want = self.query.ask({"accessibility": [s, i]})
                parent = by_id.get(node.get("parentId"), {})
                parent_role = (parent.get("role") or {}).get("value")
                checked[role] = checked.get(role, 0) + 1
                if "row" in want:
                    grid = by_id.get(parent.get("parentId"), {})
                    gp = {k[5:]: int(v) for k, v in self.attributes_of([grid])[grid["nodeId"]].items()
                          if k in ("aria-rowcount", "aria-colcount")} if grid else {}
                    rp = {k[5:]: int(v) for k, v in self.attributes_of([parent])[parent["nodeId"]].items()
                          if k == "aria-rowindex"} if parent else {}
                    got = {"role": role, "parent": parent_role, "grid": (grid.get("role") or {}).get("value"),
                           "row": rp.get("rowindex"), "column": p.get("colindex"),
                           "columnSpan": p.get("colspan", 1), "rowCount": gp.get("rowcount"),
                           "columnCount": gp.get("colcount")}
                    expect = {"role": "gridcell", "parent": "row", "grid": "grid", "row": want.get("row"),
                              "column": want.get("column"), "columnSpan": want.get("columnSpan"),
                              "rowCount": want.get("rowCount"), "columnCount": want.get("columnCount")}
                else:
                    got = {"role": role, "parent": parent_role, "setsize": p.get("setsize"),
                           "posinset": p.get("posinset")}
                    expect = {"role": "listitem", "parent": "list", "setsize": want.get("setsize"),
                              "posinset": want.get("posinset")}
                if got != expect:
                    self.fail("accessibility of %s at offset %s: tree %s, library %s" % ([s, i], offset, got, expect))
            missing = [k for k in rendered if k not in seen]
            if missing:
                self.fail("rendered but not in the accessibility tree at offset %s: %s" % (offset, missing[:5]))
        self.figures["accessibility nodes compared"] = ", ".join("%d %ss" % (v, k) for k, v in sorted(checked.items()))

    def position(self, index):
        lo, hi = 0, len(self.first)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.first[mid] + self.specs[mid]["count"] > index:
                hi = mid
            else:
                lo = mid + 1
        return lo, index - self.first[lo]

    # -- 4. Keys.
    def press(self, key, shift=False):
        codes = {"ArrowUp": 38, "ArrowDown": 40, "ArrowLeft": 37, "ArrowRight": 39, "Tab": 9, "Escape": 27}
        common = {"key": key, "code": key, "windowsVirtualKeyCode": codes[key], "nativeVirtualKeyCode": codes[key],
                  "modifiers": 8 if shift else 0}
        self.browser.send("Input.dispatchKeyEvent", dict(common, type="rawKeyDown"))
        self.browser.send("Input.dispatchKeyEvent", dict(common, type="keyUp"))

    def focused_in_tree(self):
        nodes, _ = self.ax_tree()
        focused = [n for n in nodes if self.props(n).get("focused")]
        keys = self.keys_of(focused)
        return [keys.get(n["nodeId"]) for n in focused if keys.get(n["nodeId"])]

    def visible_fully(self):
        # Across the scroll axis only the part inside the list's content counts: a cell the
        # layout puts past the list's edge (a line box indented to nothing) cannot be revealed.
        return self.page("""(() => { const n = document.activeElement, q = n.getBoundingClientRect(),
            v = document.getElementById('scroller').getBoundingClientRect(),
            c = document.getElementById('content').getBoundingClientRect(), H = %s;
            const r = { left: H ? q.left : Math.max(q.left, c.left), right: H ? q.right : Math.min(q.right, c.right),
              top: H ? Math.max(q.top, c.top) : q.top, bottom: H ? Math.min(q.bottom, c.bottom) : q.bottom };
            return r.top >= v.top - 0.5 && r.bottom <= v.bottom + 0.5 && r.left >= v.left - 0.5 && r.right <= v.right + 0.5
              || q.height > v.height || q.width > v.width || r.right < r.left || r.bottom < r.top; })()""" % (
            "true" if self.args.horizontal else "false"))

    def keys(self):
        arrows = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]
        names = {"ArrowUp": "up", "ArrowDown": "down", "ArrowLeft": "left", "ArrowRight": "right"}
        presses = wrong = 0
        for start_kinds in (("flow",), ("grid-dense", "grid"), ("carousel", "carousel-page"), ("masonry",)):
            if not any(self.specs[s]["kind"] in start_kinds for s in self.cell_sections()):
                continue
            s, i = self.random_cell(start_kinds)
            self.page("listlayoutPage.focusCell(%d, %d)" % (s, i))
            for step in range(self.args.presses // 4):
                before = self.state()
                if before["focused"] is None or before["focused"]["key"][0] != "c":
                    self.fail("no cell focused before a press: %s" % before["focused"])
                    break
                key = self.rng.choice(arrows)
                want = self.query.ask({"focus": {"from": before["focused"]["position"], "direction": names[key],
                                                 "scroll": scroll_map(before["carousels"])}})
                self.press(key)
                after = self.state()
                presses += 1
                position = after["focused"]["position"] if after["focused"] else None
                expected = want.get("to") or before["focused"]["position"]
                ok = position == expected
                if ok and want.get("carouselOffset") is not None:
                    ok = close(after["carousels"].get(str(expected[0])), want["carouselOffset"])
                if ok and not self.visible_fully():
                    self.fail("after %s to %s the focused cell is not wholly in view" % (key, expected))
                    ok = False
                if ok and step % 8 == 0 and self.focused_in_tree() != [after["focused"]["key"]]:
                    self.fail("the accessibility tree's focus is %s, not %s" % (self.focused_in_tree(), after["focused"]))
                    ok = False
                if not ok:
                    wrong += 1
                    self.fail("%s from %s: page focus %s (carousels %s), library %s" % (
                        key, before["focused"]["position"], position, after["carousels"], want))
        self.figures["arrow presses"] = "%d (%d wrong)" % (presses, wrong)

        # Tab and Shift+Tab: the reading order, from the feed.
        def order():
            for s, spec in enumerate(self.specs):
                if spec["header"]:
                    yield "h%d" % s
                for i in range(spec["count"]):
                    yield "c%d" % (self.first[s] + i)
                if spec["footer"]:
                    yield "f%d" % s
        sequence = list(order())
        index = {k: n for n, k in enumerate(sequence)}
        tabs = wrong = 0
        for start in (self.rng.randrange(len(sequence)) for _ in range(3)):
            key = sequence[start]
            self.page("listlayoutPage.focusKey(%s)" % json.dumps(key))
            for step in range(self.args.presses // 6):
                backward = step % 5 == 4
                self.press("Tab", shift=backward)
                got = (self.state()["focused"] or {}).get("key")
                n = index[key] + (-1 if backward else 1)
                want = sequence[n] if 0 <= n < len(sequence) else None
                tabs += 1
                if want is not None and got != want:
                    wrong += 1
                    self.fail("Tab%s from %s: page %s, reading order %s" % (" (shift)" if backward else "", key, got, want))
                    break
                if want is not None and not self.visible_fully():
                    self.fail("after Tab to %s the element is not wholly in view" % got)
                key = got or key
        self.figures["Tab presses"] = "%d (%d wrong)" % (tabs, wrong)

    # -- 5. Drag.
    def client_of(self, x, y):
        """Client coordinates of a content point (the list's own coordinates)."""
        return self.page("(() => { const r = document.getElementById('content').getBoundingClientRect();"
                         " return [r.left + %r, r.top + %r]; })()" % (x, y))

    def mouse(self, kind, point):
        self.browser.send("Input.dispatchMouseEvent", {"type": kind, "x": point[0], "y": point[1], "button": "left",
                                                       "buttons": 0 if kind == "mouseReleased" else 1,
                                                       "clickCount": 1})

    def frames_of(self, section):
        return {e["item"]: e["frame"] for e in self.layout["elements"] if e["kind"] == "cell" and e["section"] == section}

    def drag(self, url):
        along = "x" if self.args.horizontal else "y"
        done = {"drags": 0, "targets": 0, "previews": 0, "badges": 0, "dropped": 0}
        uniform = [s for s, spec in enumerate(self.specs)
                   if spec["kind"] in ("uniform-grid", "uniform-flow") and spec["count"] > 12]
        plain = [s for s, spec in enumerate(self.specs) if spec["kind"] in ("flow", "masonry", "grid") and spec["count"] > 30]
        for s in uniform[:2] + plain[:2]:
            self.browser.page(url)
            frames = self.frames_of(s)
            a = self.rng.randrange(min(len(frames), 8))
            fa = frames[a]
            self.page("listlayoutPage.scrollTo(%r)" % (fa[along] - 200))
            self.settle()
            start = self.client_of(fa["x"] + fa["width"] / 2, fa["y"] + fa["height"] / 2)
            self.mouse("mousePressed", start)
            targets = [b for b in range(len(frames)) if b != a and abs(frames[b][along] - fa[along]) < 300][:6]
            for number, b in enumerate(targets):
                fb = frames[b]
                for fraction in (0.5, 0.2):
                    # The library's preview is the whole layout: asked at two points per drag.
                    previewing = s in uniform and number < 2 and fraction == 0.5
                    point = (fb["x"] + fb["width"] * fraction, fb["y"] + fb["height"] * fraction)
                    self.mouse("mouseMoved", self.client_of(*point))
                    state = self.state()
                    if state["drag"] is None:
                        self.fail("no drag after moving the mouse")
                        continue
                    content_point = state["drag"]["point"]
                    want = self.query.ask({"moveTarget": {"dragging": [s, a], "point": content_point,
                                                          "preview": previewing}})
                    done["targets"] += 1
                    if want.get("target") != state["drag"]["target"]:
                        self.fail("drag of %s at %s: page target %s, library %s" % (
                            [s, a], content_point, state["drag"]["target"], want.get("target")))
                        continue
                    if previewing and want.get("preview"):
                        library = {(e["section"], e["item"], e.get("badge")): e["frame"]
                                   for e in want["preview"]["elements"] if e["kind"] in ("cell", "badge")}
                        for entry in state["preview"] or []:
                            if entry.get("kind"):  # headers, footers and the like: checked by reflow_drag
                                continue
                            if entry["section"] != s:
                                continue
                            if entry.get("badge") is not None:
                                done["badges"] += 1
                            f = library.get((entry["section"], entry["item"], entry.get("badge")))
                            got = entry["frame"]
                            done["previews"] += 1
                            if f is None or any(abs(f[k] - v) > 0.01 for k, v in zip(("x", "y", "width", "height"), got)):
                                self.fail("preview of %s: page %s, library %s" % ((entry["section"], entry["item"]), got, f))
                                break
            # Auto-scroll near the trailing edge, then a drop at the last target.
            state = self.state()
            edge = self.page("(() => { const v = document.getElementById('scroller').getBoundingClientRect();"
                             " return %s; })()" % ("[v.right - 20, v.top + 40]" if self.args.horizontal
                                                   else "[v.left + 40, v.bottom - 20]"))
            self.mouse("mouseMoved", edge)
            moving = self.state()
            want = self.query.ask({"autoScroll": {"point": moving["drag"]["point"][1 if not self.args.horizontal else 0],
                                                  "offset": moving["offset"], "height": moving["viewportLength"]}})
            if not close(want.get("speed"), moving["drag"]["speed"]) or not want["speed"] > 0:
                self.fail("auto-scroll near the trailing edge: page %s, library %s" % (moving["drag"]["speed"], want))
            end = self.layout["contentSize"]["width" if self.args.horizontal else "height"] - moving["viewportLength"]
            scrolled = False
            for _ in range(30):  # animation frames come late on a loaded machine: up to 3 s
                time.sleep(0.1)
                self.settle()
                if self.state()["offset"] > moving["offset"]:
                    scrolled = True
                    break
            if moving["offset"] < end - 1 and not scrolled:
                self.fail("the list did not scroll towards the trailing edge while dragging there")
            if self.args.list_header:
                self.leading_zone_under_the_header()
            # Sections of one cell size drop at the last target (the page then shows the library's
            # layout after the move, badges on their cells); the others where they started.
            # The drop point is brought to the middle of the viewport first, out of the
            # auto-scroll zones (which would move the target between the check and the drop).
            at = point if s in uniform and targets else (fa["x"] + fa["width"] / 2, fa["y"] + fa["height"] / 2)
            self.page("listlayoutPage.scrollTo(%r)" % (at[0 if self.args.horizontal else 1] - VIEWPORT / 2))
            self.settle()
            drop = self.client_of(*at)
            self.mouse("mouseMoved", drop)
            final = self.state()["drag"]
            self.mouse("mouseReleased", drop)
            after = self.state()
            done["drags"] += 1
            # (At the top of the list the leading zone cannot scroll: the target stays.)
            at_start = at[0 if self.args.horizontal else 1] - VIEWPORT / 2 <= 0
            if final and final["speed"] != 0 and not (final["speed"] < 0 and at_start):
                self.fail("drop of %s: the drop point %s is in an auto-scroll zone (speed %s, offset %s)" % (
                    [s, a], final["point"], final["speed"], after["offset"]))
            elif final and final["target"]:
                label = self.page("listlayoutPage.label(%d, %d)" % tuple(final["target"]))
                if label != "c%d" % (self.first[s] + a) or (after["focused"] or {}).get("position") != final["target"]:
                    self.fail("drop of %s at %s: the cell there is %s, focus %s" % (
                        [s, a], final["target"], label, after["focused"]))
                if s in uniform:
                    done["dropped"] += self.compare_dropped(s, a, final)
        self.figures["drags"] = ("%(drags)d (%(targets)d drop targets, %(previews)d previewed frames compared, "
                                 "%(badges)d of them badges; %(dropped)d frames after drops)") % done
        if not self.args.horizontal:
            self.carousel_drag(url)
        self.browser.page(url)  # (as it opens: the drags above dropped cells)
        self.laid_out_as_they_are()
        self.reflow_drag(url)
        self.badge_press(url, uniform)
        self.collapsed_drop(url)

    # Section kinds whose previews the page lays out again exactly (moves within and between
    # them; a collapsed section as a target: the cell is hidden there, its length unchanged).
    LAID_OUT = ("grid", "grid-dense", "masonry", "uniform-grid", "grid-stretch", "grid-empty", "sequential",
                "sequential-spaced", "flow", "uniform-flow", "empty", "carousel", "carousel-page", "carousel-none",
                "uniform-carousel", "collapsed", "sequential-calc")

    def laid_out(self, source, target):
        kinds = (self.specs[source]["kind"], self.specs[target]["kind"])
        return kinds[0] in self.LAID_OUT and kinds[1] in self.LAID_OUT

    def laid_out_as_they_are(self):
        """Every section the page lays out (grid, masonry, stacking sequential, flow), laid out
        again by the page's copy with no move: every cell's frame must be the library's."""
        along = 0 if self.args.horizontal else 1
        frames = {}
        for e in self.layout["elements"]:
            if e["kind"] == "cell":
                frames.setdefault(e["section"], []).append(e["frame"])
        sections = cells = 0
        worst = 0.0
        kinds = {}
        for s, spec in enumerate(self.specs):
            got = self.page("listlayoutPage.layOut(%d)" % s)
            if got is None:
                continue
            sections += 1
            kinds[spec["kind"]] = kinds.get(spec["kind"], 0) + 1
            want = frames.get(s, [])
            if len(want) != len(got["frames"]):
                self.fail("section %d (%s) laid out again: %d cells, library %d" % (
                    s, spec["kind"], len(got["frames"]), len(want)))
                continue
            for item, (f, g) in enumerate(zip(want, got["frames"])):
                d = max(abs(f[k] - v) for k, v in zip(("x", "y", "width", "height"), g))
                worst = max(worst, d)
                cells += 1
                if d > 1e-6:
                    self.fail("section %d (%s) laid out again: cell %d page %s, library %s" % (
                        s, spec["kind"], item, g, f))
                    break
            if spec["kind"].startswith("sequential"):
                # A sequential section's body (its insets inside it) is the section less its
                # header and footer, exactly.
                extent = ["width", "height"][along]
                chrome = sum(e["frame"][extent] for e in self.layout["elements"]
                             if e["kind"] in ("header", "footer") and e.get("section") == s)
                body = self.layout["sections"][s]["frame"][extent] - chrome
                if abs(got["length"] - body) > 1e-6:
                    self.fail("section %d (%s) laid out again: length %s, library %s" % (
                        s, spec["kind"], got["length"], body))
            elif want:
                # The body ends at the library's last cell bottom, or below it (margins, insets).
                bottom = max(f[["x", "y"][along]] + f[["width", "height"][along]] for f in want)
                top = min(f[["x", "y"][along]] for f in want)
                if got["length"] + 1e-6 < bottom - top:
                    self.fail("section %d (%s) laid out again: length %s, cells span %s" % (
                        s, spec["kind"], got["length"], bottom - top))
        if "flow" not in kinds:
            self.fail("sections laid out again: no flow section among %s" % kinds)
        self.figures["sections laid out again"] = "%d (%s), %d cells, max difference %.3g points" % (
            sections, ", ".join("%d %s" % (v, k) for k, v in sorted(kinds.items())), cells, worst)

    def reflow_drag(self, url):
        """Moves within and between sections of mixed sizes: every rendered element's previewed
        frame (cells, badges, headers, footers, backgrounds, separators, the list's header and
        footer) against the library's preview. Moves within and between grid, masonry, flow and
        sequential sections must match within 0.5 points (but a cell of a grid or a masonry
        moved into a flow or sequential section); the others are measured and reported."""
        along = 0 if self.args.horizontal else 1
        stats = {name: [0, 0.0, 0] for name in ("exact, within", "exact, between", "approximate, within",
                                                "approximate, between")}
        dropped = into_empty = relaid = touched_separators = 0
        kinds_moved = {"grid or masonry into flow or sequential": 0, "into or out of a carousel": 0,
                       "into a collapsed section": 0, "into or out of a sequential section of any calculator": 0}
        elements = {}
        for e in self.layout["elements"]:
            if e["kind"] == "cell":
                elements.setdefault(e["section"], []).append(e)
        kinds = ("grid", "grid-dense", "grid-stretch", "masonry", "flow", "sequential", "sequential-spaced",
                 "carousel", "uniform-carousel", "sequential-calc")
        sources = [s for s, spec in enumerate(self.specs) if spec["kind"] in kinds and spec["count"] > 12]
        picked = []
        for kind in kinds:
            # (Two of each kind; one of the kinds laid out exactly since, for time.)
            picked += [s for s in sources if self.specs[s]["kind"] == kind][:1 if kind in kinds[7:] else 2]
        for s in picked:
            cells = elements[s]
            # (A carousel's cells that show whole at its offset 0.)
            shown = [k for k in range(min(len(cells), 10)) if cells[k]["frame"]["x"] >= 0
                     and cells[k]["frame"]["x"] + cells[k]["frame"]["width"] <= self.layout["contentSize"]["width"]]
            a = self.rng.choice(shown) if shown else 0
            # (Cells of a sequential section may overlap: the press must land on the cell dragged.)
            self.browser.page(url)
            for k in [a] + [k for k in shown if k != a]:
                f = cells[k]["frame"]
                self.page("listlayoutPage.scrollTo(%r)" % ([f["x"], f["y"]][along] - VIEWPORT / 2))
                self.settle()
                hit = self.page("(() => { const p = %s, n = document.elementFromPoint(p[0], p[1]); return n &&"
                                " n.closest('.cell') ? n.closest('.cell').firstChild.textContent : null; })()"
                                % json.dumps(self.client_of(f["x"] + f["width"] / 2, f["y"] + f["height"] / 2)))
                if hit == "c%d" % (self.first[s] + k):
                    a = k
                    break
            else:
                continue
            fa = cells[a]["frame"]
            # Targets: cells of the same section near it, the first and last cells of the
            # sections around it, and past the end of the next section with cells.
            points = []
            for b in self.rng.sample(range(min(len(cells), 14)), min(len(cells), 14, 4)):
                if b != a and (b in shown or "carousel" not in self.specs[s]["kind"]):
                    f = cells[b]["frame"]
                    points.append((f["x"] + f["width"] * 0.5, f["y"] + f["height"] * 0.5))
            for t in (s - 2, s - 1, s + 1, s + 2):
                if t < 0 or t >= len(self.specs) or t == s:
                    continue
                if t not in elements:  # a section without cells: its middle
                    f = self.layout["sections"][t]["frame"]
                    points.append((f["x"] + f["width"] * 0.5, f["y"] + f["height"] * 0.5))
                    continue
                for f in (elements[t][0]["frame"], elements[t][-1]["frame"]):
                    points.append((f["x"] + f["width"] * 0.3, f["y"] + f["height"] * 0.3))
                last = elements[t][-1]["frame"]
                points.append((last["x"] + last["width"] * 0.5, last["y"] + last["height"] * 0.9))
            self.mouse("mousePressed", self.client_of(fa["x"] + fa["width"] / 2, fa["y"] + fa["height"] / 2))
            last = None
            for point in points:
                # The point in the middle of the viewport: out of the auto-scroll zones.
                self.page("listlayoutPage.scrollTo(%r)" % (point[along] - VIEWPORT / 2))
                self.settle()
                self.mouse("mouseMoved", self.client_of(*point))
                state = self.state()
                if state["drag"] is None or state["drag"]["target"] is None or state["drag"]["speed"] != 0:
                    continue
                target = state["drag"]["target"]
                want = self.query.ask({"moveTarget": {"dragging": [s, a], "point": state["drag"]["point"],
                                                      "preview": True}})
                if want.get("target") != target:
                    self.fail("reflow drag of %s: page target %s, library %s" % (
                        [s, a], target, want.get("target")))
                    continue
                preview = want.get("preview") or self.layout
                library = {(e["kind"], e.get("section", -1), e.get("item"), e.get("badge")): e["frame"]
                           for e in preview["elements"]}
                exact = self.laid_out(s, target[0])
                if exact and target[0] != s:
                    # The moves closed last: a cell of a grid or masonry given back its own
                    # width, a carousel's band reflowed, a cell hidden in a collapsed section.
                    kinds = (self.specs[s]["kind"], self.specs[target[0]]["kind"])
                    if kinds[1] == "collapsed":
                        kinds_moved["into a collapsed section"] += 1
                    elif "carousel" in kinds[0] or "carousel" in kinds[1]:
                        kinds_moved["into or out of a carousel"] += 1
                    elif (kinds[0] in ("grid", "grid-dense", "grid-stretch", "masonry")
                          and kinds[1] in ("flow", "uniform-flow", "empty", "sequential", "sequential-spaced")):
                        kinds_moved["grid or masonry into flow or sequential"] += 1
                    if "sequential-calc" in kinds:
                        kinds_moved["into or out of a sequential section of any calculator"] += 1
                bucket = stats[("exact" if exact else "approximate") + (", within" if target[0] == s else ", between")]
                bucket[2] += 1
                if exact and want.get("preview") is not None:
                    last = point
                if self.specs[target[0]]["count"] == 0:
                    into_empty += 1
                for entry in state["preview"] or []:
                    if entry["frame"] is None:
                        continue
                    kind = entry.get("kind") or ("badge" if entry.get("badge") is not None else "cell")
                    f = library.get((kind, entry["section"], entry.get("item"), entry.get("badge")))
                    if f is None:
                        if exact:
                            self.fail("reflow preview of %s at %s: the page shows %s %s, the library does not" % (
                                [s, a], target, kind, (entry["section"], entry.get("item"), entry.get("badge"))))
                        continue
                    d = max(abs(f[k] - v) for k, v in zip(("x", "y", "width", "height"), entry["frame"]))
                    bucket[0] += 1
                    bucket[1] = max(bucket[1], d)
                    if exact and kind == "separator" and entry["section"] in (s, target[0]):
                        touched_separators += 1
                    if exact and d > 0.5:
                        self.fail("reflow preview of %s (%s) at %s (%s): %s %s page %s, library %s" % (
                            [s, a], self.specs[s]["kind"], target, self.specs[target[0]]["kind"], kind,
                            (entry["section"], entry.get("item"), entry.get("badge")), entry["frame"], f))
            if last is None:
                self.page("document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape',"
                          " bubbles: true}))")
                self.mouse("mouseReleased", self.client_of(fa["x"] + fa["width"] / 2, fa["y"] + fa["height"] / 2))
                continue
            # A drop at the last move laid out exactly: the page then shows the library's layout
            # after the move, in every section (cells and badges, by identifier).
            self.page("listlayoutPage.scrollTo(%r)" % (last[along] - VIEWPORT / 2))
            self.settle()
            self.mouse("mouseMoved", self.client_of(*last))
            final = self.state()["drag"]
            self.mouse("mouseReleased", self.client_of(*last))
            if final and final["target"] and final["speed"] == 0:
                dropped += self.compare_dropped(s, a, final, everywhere=True)
                # The sections around the move, laid out again after it, are where the page
                # shows them (what a next drag starts from).
                ends = (min(s, final["target"][0]), max(s, final["target"][0]))
                for u in range(max(0, ends[0] - 1), min(len(self.specs), ends[1] + 4)):
                    got = self.page("listlayoutPage.layOut(%d)" % u)
                    if got is None:
                        continue
                    for item, (f, g) in enumerate(zip(got["current"], got["frames"])):
                        if max(abs(x - y) for x, y in zip(f, g)) > 1e-6:
                            self.fail("after a drop of %s at %s: section %d laid out again puts cell %d at %s, "
                                      "the page at %s" % ([s, a], final["target"], u, item, g, f))
                            break
                    relaid += 1
        self.figures["drops laid out"] = ("%d frames after drops (%d moves into sections without cells; "
                                          "%d sections laid out again after them)" % (dropped, into_empty, relaid))
        self.figures["separators of touched sections"] = "%d previewed frames compared in exact moves" % (
            touched_separators)
        self.figures["exact moves between sections"] = ", ".join("%d %s" % (v, k) for k, v in kinds_moved.items())
        for name, (compared, worst, moves) in stats.items():
            self.figures["previews %s" % name] = "%d frames in %d moves, max difference %.3g points" % (
                compared, moves, worst)

    def leading_zone_under_the_header(self):
        """With a pinned list header, auto-scroll's leading zone starts below the header as tall
        as it is now: the library's speed for the band the header leaves uncovered."""
        state = self.state()
        height = self.page("(() => { const n = document.querySelector('#content .listHeader');"
                           " return n ? Number(n.dataset.frame.split(',')[%d]) : null; })()"
                           % (2 if self.args.horizontal else 3))
        if height is None:
            self.fail("auto-scroll under the list header: no list header rendered")
            return
        edge = self.page("(() => { const v = document.getElementById('scroller').getBoundingClientRect();"
                         " return %s; })()" % ("[v.left + %r, v.top + 40]" % (height + 20) if self.args.horizontal
                                               else "[v.left + 40, v.top + %r]" % (height + 20)))
        self.mouse("mouseMoved", edge)
        moving = self.state()
        point = moving["drag"]["point"][0 if self.args.horizontal else 1]
        now = max(50, 120 - max(0, moving["offset"]))  # the header's height at this offset
        want = self.query.ask({"autoScroll": {"point": point, "offset": moving["offset"] + now,
                                              "height": moving["viewportLength"] - now}})
        if not close(want.get("speed"), moving["drag"]["speed"]) or not want["speed"] < 0:
            self.fail("auto-scroll 20 points below the %s-point list header: page %s, library %s" % (
                now, moving["drag"]["speed"], want))
        self.figures["auto-scroll under the list header"] = "%s points/s" % moving["drag"]["speed"]

    def carousel_drag(self, url):
        """Within a carousel of cells of mixed widths and heights the preview is the library's
        exactly (its band keeps its height: each cell keeps its y, and the cells between the
        two places move along the row by the dragged cell's width and the spacing), and so is
        the page after the drop."""
        compared = dropped = 0
        sections = [s for s, spec in enumerate(self.specs) if spec["kind"] == "carousel" and spec["count"] > 6]
        for s in sections[:3]:
            frames = self.frames_of(s)
            shown = [k for k, f in sorted(frames.items()) if f["x"] >= 0 and f["x"] + f["width"] <= 375]
            if len(shown) < 2:
                continue
            a = shown[0] if self.rng.random() < 0.5 else shown[-1]
            self.browser.page(url)
            fa = frames[a]
            self.page("listlayoutPage.scrollTo(%r)" % (fa["y"] - 200))
            self.settle()
            self.mouse("mousePressed", self.client_of(fa["x"] + fa["width"] / 2, fa["y"] + fa["height"] / 2))
            last = None
            for b in [k for k in shown if k != a]:
                fb = frames[b]
                point = (fb["x"] + fb["width"] / 2, fb["y"] + min(fb["height"], fa["height"]) / 2)
                self.mouse("mouseMoved", self.client_of(*point))
                state = self.state()
                want = self.query.ask({"moveTarget": {"dragging": [s, a], "point": state["drag"]["point"],
                                                      "preview": True}})
                if want.get("target") != state["drag"]["target"]:
                    self.fail("carousel drag of %s: page target %s, library %s" % ([s, a], state["drag"]["target"],
                                                                                   want.get("target")))
                    continue
                if want.get("preview") is None:
                    continue
                last = state["drag"]
                library = {(e["section"], e["item"]): e["frame"] for e in want["preview"]["elements"]
                           if e["kind"] == "cell" and e["section"] == s}
                for entry in state["preview"] or []:
                    if entry.get("kind"):  # headers, footers and the like: checked by reflow_drag
                        continue
                    if entry["section"] != s or entry.get("badge") is not None:
                        continue
                    f = library.get((entry["section"], entry["item"]))
                    compared += 1
                    if f is None or any(abs(f[k] - v) > 0.01 for k, v in zip(("x", "y", "width", "height"), entry["frame"])):
                        self.fail("carousel preview of %s at %s: %s page %s, library %s" % (
                            [s, a], state["drag"]["target"], (entry["section"], entry["item"]), entry["frame"], f))
                        break
            self.mouse("mouseReleased", self.client_of(*point))
            self.settle()
            if last is not None and last["target"][0] == s:
                dropped += self.compare_dropped(s, a, last)
        self.figures["carousel drags"] = "%d previewed frames, %d after drops" % (compared, dropped)

    def rendered(self):
        """The rendered cells and badges: label (the id) -> frame [x, y, width, height]."""
        pairs = self.page("JSON.stringify(Array.from(document.querySelectorAll('#content .cell, #content .badge'),"
                          " (n) => [n.firstChild.textContent, n.dataset.frame]))")
        return {label: [float(v) for v in frame.split(",")] for label, frame in json.loads(pairs)}

    def compare_dropped(self, s, a, final, everywhere=False):
        """After a drop in a section of one cell size: the rendered cells and badges of the
        section (of every section, `everywhere`) are where the library's layout after the move
        puts them."""
        want = self.query.ask({"moveTarget": {"dragging": [s, a], "point": final["point"], "preview": True}})
        if want.get("target") != final["target"]:
            self.fail("drop of %s: page target %s, library %s" % ([s, a], final["target"], want.get("target")))
            return 0
        preview = want.get("preview")
        if preview is None:  # a cell dropped on its own place: the layout as it was
            preview = self.layout
        library = {e["id"]: e["frame"] for e in preview["elements"]
                   if e["kind"] in ("cell", "badge") and (everywhere or e["section"] == s) and "id" in e}
        compared = 0
        for label, got in self.rendered().items():
            f = library.get(label)
            if f is None:
                continue
            compared += 1
            if any(abs(f[k] - v) > 0.01 for k, v in zip(("x", "y", "width", "height"), got)):
                self.fail("after the drop of %s at %s, %s is at %s, library %s" % ([s, a], final["target"], label, got, f))
                break
        return compared

    def badge_press(self, url, uniform):
        """Pressing on a cell's badge (where it overhangs the cell) drags the cell."""
        along = "x" if self.args.horizontal else "y"
        pressed = 0
        badges = [e for e in self.layout["elements"] if e["kind"] == "badge" and e["section"] in uniform]
        for e in badges[:3]:
            s, i = e["section"], e["item"]
            frames = self.frames_of(s)
            self.browser.page(url)
            self.page("listlayoutPage.scrollTo(%r)" % (e["frame"][along] - 200))
            self.settle()
            b = e["frame"]
            # The badge's corner outside its cell (top trailing, overhanging by half).
            cell = frames[i]
            size = self.layout["contentSize"]
            inside = lambda x, y: (cell["x"] <= x < cell["x"] + cell["width"] and cell["y"] <= y < cell["y"] + cell["height"]
                                   or not (0 <= x < size["width"] and 0 <= y < size["height"]))
            # (Points a quarter of its size from its centre: the page draws badges round.)
            cx, cy, qx, qy = b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, b["width"] / 4, b["height"] / 4
            point = next(((x, y) for x, y in ((cx - qx, cy - qy), (cx + qx, cy - qy), (cx - qx, cy + qy), (cx + qx, cy + qy))
                          if not inside(x, y)), (cx, cy))
            hit = self.page("(() => { const p = %s, n = document.elementFromPoint(p[0], p[1]);"
                            " return n && n.closest('.badge') ? n.closest('.badge').firstChild.textContent : null; })()"
                            % json.dumps(self.client_of(*point)))
            if hit != e["id"]:
                self.fail("badge press: the point %s is on %s, not badge %s" % (point, hit, e["id"]))
                continue
            self.mouse("mousePressed", self.client_of(*point))
            other = frames[(i + 1) % len(frames)]
            to = (other["x"] + other["width"] / 2, other["y"] + other["height"] / 2)
            self.mouse("mouseMoved", self.client_of(to[0] + 3, to[1] + 3))
            self.mouse("mouseMoved", self.client_of(*to))
            state = self.state()["drag"]
            want = self.query.ask({"moveTarget": {"dragging": [s, i], "point": state["point"] if state else list(to)}})
            self.mouse("mouseReleased", self.client_of(*to))
            pressed += 1
            if state is None or state["target"] != want.get("target"):
                self.fail("badge press on %s: drag %s, library target for its cell %s" % (e["id"], state, want))
                continue
            label = self.page("listlayoutPage.label(%d, %d)" % tuple(want["target"]))
            if label != "c%d" % (self.first[s] + i):
                self.fail("badge press on %s: after the drop the cell at %s is %s, not its cell's" % (
                    e["id"], want["target"], label))
        self.figures["drags from a badge"] = str(pressed)

    def collapsed_drop(self, url):
        """A cell dropped into a collapsed section is hidden there, as the library's preview
        has it: the preview shows it nowhere, and after the drop the page has one cell less."""
        along = "x" if self.args.horizontal else "y"
        # From a flow section just before, and from a grid further up (which the preview lays out
        # again: the sections after it move).
        pairs = [(s, s + 1) for s in range(len(self.specs) - 1) if self.specs[s + 1]["kind"] == "collapsed"
                 and self.specs[s]["kind"] == "uniform-flow" and self.specs[s]["count"] > 2][:2]
        pairs += [(s, s + 3) for s in range(len(self.specs) - 3) if self.specs[s + 3]["kind"] == "collapsed"
                  and self.specs[s]["kind"] == "uniform-grid" and self.specs[s]["count"] > 2][:1]
        dropped = laid = 0
        headers = {e["section"]: e["frame"] for e in self.layout["elements"] if e["kind"] == "header"}
        for s, target in pairs:
            frames = self.frames_of(s)
            a = len(frames) - 1
            fa, header = frames[a], headers[target]
            self.browser.page(url)
            self.page("listlayoutPage.scrollTo(%r)" % (fa[along] - VIEWPORT / 2))
            self.settle()
            before = self.state()
            self.mouse("mousePressed", self.client_of(fa["x"] + fa["width"] / 2, fa["y"] + fa["height"] / 2))
            # Then the header in the middle of the viewport, away from the auto-scroll zones.
            self.page("listlayoutPage.scrollTo(%r)" % (header[along] + header["width" if along == "x" else "height"] / 2
                                                     - VIEWPORT / 2))
            self.settle()
            point = (header["x"] + header["width"] / 2, header["y"] + header["height"] / 2)
            self.mouse("mouseMoved", self.client_of(point[0], point[1] - 3))
            self.mouse("mouseMoved", self.client_of(*point))
            state = self.state()
            want = self.query.ask({"moveTarget": {"dragging": [s, a], "point": state["drag"]["point"], "preview": True}})
            if want.get("target") != [target, 0] or state["drag"]["target"] != want.get("target"):
                self.fail("drop into collapsed section %d: page %s, library %s" % (target, state["drag"]["target"],
                                                                                   want.get("target")))
                self.mouse("mouseReleased", self.client_of(*point))
                continue
            library = {(e["section"], e["item"]): e["frame"] for e in want["preview"]["elements"] if e["kind"] == "cell"}
            for entry in state["preview"] or []:
                if entry.get("kind"):  # headers, footers and the like: checked by reflow_drag
                    continue
                key = (entry["section"], entry["item"])
                if entry.get("badge") is not None:
                    continue
                if entry["frame"] is None:
                    if key in library:
                        self.fail("preview of a drop into collapsed section %d: the page hides %s, the library shows it"
                                  % (target, key))
                elif entry["section"] == s:
                    f = library.get(key)
                    if f is None or any(abs(f[k] - v) > 0.01 for k, v in zip(("x", "y", "width", "height"), entry["frame"])):
                        self.fail("preview of a drop into collapsed section %d: %s page %s, library %s" % (
                            target, key, entry["frame"], f))
            if not any(entry["frame"] is None for entry in state["preview"] or []):
                self.fail("preview of a drop into collapsed section %d: the dragged cell is not hidden" % target)
            self.mouse("mouseReleased", self.client_of(*point))
            self.settle()
            after = self.state()
            dropped += 1
            if self.specs[s]["kind"] == "uniform-grid":
                laid += self.compare_dropped(s, a, state["drag"], everywhere=True)
            name = "c%d" % (self.first[s] + a)
            if name in self.rendered() or after["cells"] != before["cells"] - 1:
                self.fail("after a drop into collapsed section %d the page shows %s (%d cells, %d before)" % (
                    target, name, after["cells"], before["cells"]))
            if (after["focused"] or {}).get("key") != "h%d" % target:
                self.fail("after a drop into collapsed section %d focus is on %s" % (target, after["focused"]))
        self.figures["drops into collapsed sections"] = "%d (%d frames after a grid's)" % (dropped, laid)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--listlayout", default=os.environ.get("LISTLAYOUT"))
    ap.add_argument("--chromium", default=os.environ.get("CHROMIUM", "chromium"))
    ap.add_argument("--cells", type=int, default=100000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--direction", choices=("ltr", "rtl"), default="ltr")
    ap.add_argument("--horizontal", action="store_true")
    ap.add_argument("--list-header", action="store_true", help="a pinned list header that shrinks")
    ap.add_argument("--traits", action="store_true", help="the traits layout manager, flow cells with traits")
    ap.add_argument("--all-calculators", action="store_true",
                    help="sequential sections of every standard calculator (cells past their sections)")
    ap.add_argument("--samples", type=int, default=400, help="seeded cells per rule comparison")
    ap.add_argument("--presses", type=int, default=160, help="arrow presses (and about a third as many Tabs)")
    ap.add_argument("--only", default="rules,aria,keys,drag")
    ap.add_argument("--out", default=os.path.join(HERE, "..", "..", ".build", "html-interact"))
    args = ap.parse_args()
    if shutil.which(args.chromium) is None and not os.path.exists(args.chromium):
        raise SystemExit("chromium not found (apt-get install -y chromium, or --chromium PATH)")
    cli = find_listlayout(args.listlayout)
    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    feed, specs = make_feed(args.cells, args.seed, args.direction == "rtl", args.horizontal, args.list_header,
                            args.traits, args.all_calculators)
    feed_path, page = os.path.join(out, "feed.json"), os.path.join(out, "page.html")
    with open(feed_path, "w") as f:
        json.dump(feed, f)
    run([cli, "render", feed_path, "--html", page])
    layout = json.loads(run([cli, "layout", feed_path]))
    url = "file://%s#vh=%d" % (page, VIEWPORT)
    browser = cdp.Browser(args.chromium, 900, VIEWPORT + 120)
    query = Query(cli, feed_path)
    checker = Checker(args, browser, query, specs, layout)
    try:
        browser.page(url)
        for phase in args.only.split(","):
            began = time.time()
            getattr(checker, phase)(url) if phase == "drag" else getattr(checker, phase)()
            print("%s: %.1f s" % (phase, time.time() - began), file=sys.stderr, flush=True)
        errors = browser.console_errors() + (browser.evaluate("window.__errors") or [])
    finally:
        browser.close()
        query.close()
    print("feed:              %d cells in %d sections (%s%s), page %d bytes" % (
        checker.cells, len(specs), args.direction, ", horizontal" if args.horizontal else "", os.path.getsize(page)))
    for name, value in checker.figures.items():
        print("%-30s %s" % (name + ":", value))
    print("page errors:       %d" % len(errors))
    failures = checker.failures + ["page error: %s" % e for e in errors]
    for failure in failures:
        print("FAIL: " + failure)
    if failures:
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
