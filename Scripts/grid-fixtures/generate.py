#!/usr/bin/env python3
"""Generate the browser-computed fixtures for grid sections.

Every fixture is a feed whose sections use `"layout": {"type": "grid", ...}`. The feed is
modelled as CSS: a column of sections (flexbox, `row-gap` for the section spacing), each a
full-width header, a CSS Grid body with the section insets as logical padding, and a
full-width footer. Headless Chromium lays the page out; the border boxes it computes are
written as the expected frames.

The grid body is
    display: grid;
    grid-template-columns: repeat(N, minmax(0, 1fr))            (columns: N)
                         | repeat(auto-fill, minmax(Mpx, 1fr))   (minColumnWidth: M)
    column-gap / row-gap: the layout's spacings (else the section's item / line spacing);
    grid-auto-flow: row | row dense;
    align-items: start | center | end | stretch.
A cell is a grid item `grid-column: span k` (k clamped to the column count, which the script
works out with the same formula as the library) or `1 / -1` for "full"; its height is
`height: Hpx`, except under stretch, where the item has no height of its own and holds a
block H tall (so that the row stretches it).

Run by hand, not in CI (see README.md next to this file):

    python3 Scripts/grid-fixtures/generate.py

Python 3 standard library only. Output is deterministic (seeded random feeds).
"""

import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from fixturekit import REPO, feed, generate, ins, num  # noqa: E402

DEFAULT_OUT = os.path.join(REPO, "Tests", "ListLayoutAPITests", "Fixtures", "grid")

RANDOM_BASE_SEED = 20261125
RANDOM_COUNT = 100


def attrs(item=0, line=0, insets=None):
    return {"horizontalAlignment": "left", "verticalAlignment": "top", "itemSpacing": num(item),
            "lineSpacing": num(line), "insets": insets if insets is not None else ins()}


def grid(columns=None, min_width=None, column_spacing=None, row_spacing=None, align=None, dense=False):
    g = {"type": "grid"}
    if columns is not None:
        g["columns"] = columns
    if min_width is not None:
        g["minColumnWidth"] = num(min_width)
    if column_spacing is not None:
        g["columnSpacing"] = num(column_spacing)
    if row_spacing is not None:
        g["rowSpacing"] = num(row_spacing)
    if align is not None:
        g["rowAlignment"] = align
    if dense:
        g["packing"] = "dense"
    return g


def cell(h, span=None, w=10):
    c = {"size": {"width": num(w), "height": num(h)}}
    if span is not None:
        c["span"] = span
    return c


def cells(heights, spans=None):
    spans = spans or [None] * len(heights)
    return [cell(h, s) for h, s in zip(heights, spans)]


def section(items, layout, a=None, header=None, footer=None):
    s = {}
    if header is not None:
        s["header"] = {"height": num(header)}
    if footer is not None:
        s["footer"] = {"height": num(footer)}
    s["attributes"] = a if a is not None else attrs()
    s["layout"] = layout
    s["items"] = items
    return s


def column_count(f, s):
    """The library's formula: fixed, or max(1, floor((W + gap) / (M + gap)))."""
    layout = s["layout"]
    a = s["attributes"]
    gap = layout.get("columnSpacing", a["itemSpacing"])
    if "columns" in layout:
        return layout["columns"]
    width = max(0, f["width"] - f["contentInsets"]["left"] - f["contentInsets"]["right"]
                - a["insets"]["left"] - a["insets"]["right"])
    m = layout["minColumnWidth"]
    return max(1, int(math.floor((width + gap) / (m + gap))))


def hand_cases():
    C = []

    def add(name, desc, f):
        C.append((name, desc, f))

    H6 = [40, 60, 20, 80, 30, 50]
    add("fixed-3-no-gaps", "three fixed columns, no spacing, six cells of mixed heights",
        feed(300, [section(cells(H6), grid(3))]))
    add("fixed-3-section-spacings", "three columns; the section's item and line spacing are the gaps",
        feed(320, [section(cells(H6), grid(3), attrs(10, 5))]))
    add("fixed-2-own-spacings", "two columns with their own column and row spacing over the section's",
        feed(375, [section(cells(H6 + [10]), grid(2, column_spacing=15, row_spacing=7.5), attrs(3, 3))]))
    add("fixed-1", "one column: a plain list", feed(375, [section(cells([10, 20, 30]), grid(1, row_spacing=4))]))
    add("fixed-5-fractional-width", "five columns of a width that is not whole",
        feed(414, [section(cells([12] * 12), grid(5, column_spacing=4))]))
    add("adaptive-120", "adaptive columns at 120 minimum on 375 with gap 10 (two columns)",
        feed(375, [section(cells(H6), grid(min_width=120, column_spacing=10, row_spacing=10))]))
    add("adaptive-exact", "adaptive columns where (W + gap) / (M + gap) is exactly 3",
        feed(380, [section(cells(H6), grid(min_width=120, column_spacing=10))]))
    add("adaptive-wide", "adaptive columns at 90 on 1024 with insets",
        feed(1024, [section(cells(H6 * 3), grid(min_width=90, column_spacing=8, row_spacing=6),
                            attrs(0, 0, ins(10, 20, 10, 12)))]))
    add("adaptive-one", "adaptive minimum just under the width: one column",
        feed(320, [section(cells([10, 20]), grid(min_width=300))]))
    add("spans-sparse-holes", "spans that do not fit leave holes (sparse)",
        feed(320, [section(cells([20, 30, 40, 25, 35, 15, 45], [None, 2, 2, None, 3, None, None]),
                           grid(3, column_spacing=5, row_spacing=5))]))
    add("spans-full-rows", "full-row cells start their own row",
        feed(375, [section(cells([20, 30, 40, 25, 35, 15], [None, "full", None, None, "full", None]),
                           grid(3, column_spacing=6, row_spacing=4))]))
    add("span-clamped", "a span wider than the grid is clamped to the column count",
        feed(375, [section(cells([20, 30, 40], [None, 7, None]), grid(3, column_spacing=6))]))
    add("dense-fills-holes", "dense packing: later cells fill earlier holes",
        feed(320, [section(cells([20, 30, 40, 25, 35, 15, 45], [None, 2, 2, None, 3, None, None]),
                           grid(3, column_spacing=5, row_spacing=5, dense=True))]))
    add("dense-full-row-no-barrier", "dense packing: a full-row cell is no barrier to later cells",
        feed(375, [section(cells([20, 30, 40, 25, 35, 15], [2, "full", 2, None, None, None]),
                           grid(3, dense=True, column_spacing=4, row_spacing=4))]))
    add("dense-adaptive", "dense packing with adaptive columns",
        feed(414, [section(cells([20, 30, 40, 25, 35, 15, 50, 10], [3, None, 2, 4, None, None, 2, None]),
                           grid(min_width=90, column_spacing=4, row_spacing=6, dense=True))]))
    for a in ("top", "center", "bottom", "stretch"):
        add("align-%s" % a, "row alignment %s with cells of different heights" % a,
            feed(375, [section(cells([20, 61, 35, 10, 45.5], [None, None, None, 2, None]),
                               grid(3, column_spacing=5, row_spacing=5, align=a))]))
    add("insets-header-footer", "section insets with header and footer",
        feed(375, [section(cells(H6), grid(2, column_spacing=10, row_spacing=10),
                           attrs(0, 0, ins(7, 13, 21, 3.5)), header=30, footer=12.5)]))
    add("content-insets-multi-section", "content insets, two grid sections and section spacing",
        feed(375, [section(cells(H6), grid(3, column_spacing=4), header=20),
                   section(cells([30] * 5), grid(min_width=100, column_spacing=5, row_spacing=5), footer=10)],
             content_insets=ins(10, 20, 5, 8), spacing=12))
    add("empty-grid", "a grid section with no cells but insets, header and footer",
        feed(375, [section([], grid(3), attrs(0, 0, ins(5, 5, 9.5, 5)), header=20, footer=20)]))
    add("zero-heights", "cells of height 0",
        feed(375, [section(cells([0, 0, 10, 0]), grid(2, column_spacing=5, row_spacing=5, align="center"))]))
    add("rtl-fixed", "rtl: columns run from the right",
        feed(375, [section(cells(H6, [None, 2, None, None, None, None]), grid(3, column_spacing=5, row_spacing=5))],
             rtl=True))
    add("rtl-insets-adaptive", "rtl: asymmetric content and section insets with adaptive columns",
        feed(414, [section(cells(H6), grid(min_width=100, column_spacing=6), attrs(0, 0, ins(4, 20, 4, 6)),
                           header=30)], content_insets=ins(10, 25, 10, 5), rtl=True))
    add("rtl-dense-stretch", "rtl: dense packing with stretch",
        feed(375, [section(cells([20, 30, 40, 25, 35, 15], [2, 2, None, 3, None, None]),
                           grid(3, column_spacing=5, row_spacing=5, align="stretch", dense=True))], rtl=True))
    return C


SPACINGS = [0, 2, 5, 8.5, 10]
WIDTHS = [120, 320, 375, 414, 1024]


def rnd_len(rng, lo, hi):
    r = rng.random()
    if r < 0.5:
        return float(rng.randint(int(lo), int(hi)))
    if r < 0.8:
        return rng.randint(int(lo * 2), int(hi * 2)) / 2
    return rng.randint(int(lo * 4), int(hi * 4)) / 4


def rnd_insets(rng, hi=20):
    return ins(*[rng.randint(0, hi * 2) / 2 for _ in range(4)])


def random_feed(seed):
    rng = random.Random(seed)
    W = rng.choice(WIDTHS)
    rtl = rng.random() < 0.2
    ci = rnd_insets(rng) if rng.random() < 0.5 else ins()
    sections = []
    ncells = 0
    for _ in range(rng.randint(1, 3)):
        a = attrs(rng.choice(SPACINGS), rng.choice(SPACINGS), rnd_insets(rng) if rng.random() < 0.5 else ins())
        inner = W - ci["left"] - ci["right"] - a["insets"]["left"] - a["insets"]["right"]
        cs = rng.choice(SPACINGS) if rng.random() < 0.5 else None
        rs = rng.choice(SPACINGS) if rng.random() < 0.5 else None
        align = rng.choice([None, "top", "center", "bottom", "stretch"])
        dense = rng.random() < 0.3
        if rng.random() < 0.5 or inner < 40:
            layout = grid(rng.randint(1, 6), column_spacing=cs, row_spacing=rs, align=align, dense=dense)
        else:
            layout = grid(min_width=rnd_len(rng, 20, max(20, min(inner, 300))), column_spacing=cs, row_spacing=rs,
                          align=align, dense=dense)
        n = 0 if rng.random() < 0.05 else rng.randint(1, 24)
        items = []
        for _ in range(n):
            h = 0.0 if rng.random() < 0.04 else rnd_len(rng, 0, 120)
            r = rng.random()
            span = None if r < 0.7 else ("full" if r < 0.78 else rng.randint(1, 5))
            items.append(cell(h, span))
        ncells += n
        header = rnd_len(rng, 0, 60) if rng.random() < 0.4 else None
        footer = rnd_len(rng, 0, 40) if rng.random() < 0.3 else None
        sections.append(section(items, layout, a, header=header, footer=footer))
    f = feed(W, sections, ci, rng.choice(SPACINGS), rtl)
    desc = "seeded random grid feed (seed %d): width %s, %s, %d section(s), %d cell(s)" % (
        seed, num(W), "rtl" if rtl else "ltr", len(sections), ncells)
    return desc, f


PAGE_SCRIPT = r"""
'use strict';
const ALIGN = {top: 'start', center: 'center', bottom: 'end', stretch: 'stretch'};
function px(v) { return v + 'px'; }
function logicalPadding(el, i) {
  el.style.paddingBlockStart = px(i.top);
  el.style.paddingInlineStart = px(i.left);
  el.style.paddingBlockEnd = px(i.bottom);
  el.style.paddingInlineEnd = px(i.right);
}
function fullWidth(height, feed) {
  const el = document.createElement('div');
  el.style.display = 'block';
  el.style.boxSizing = 'border-box';
  el.style.width = px(feed.width);
  el.style.height = px(height);
  el.style.marginInlineStart = px(-feed.contentInsets.left);
  el.style.marginInlineEnd = px(-feed.contentInsets.right);
  return el;
}
function rel(el, origin) {
  const r = el.getBoundingClientRect();
  return {x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height};
}
const results = [];
CASES.forEach((feed, fi) => {
  const f = document.createElement('div');
  f.style.position = 'absolute';
  f.style.left = '0';
  f.style.top = '0';
  f.style.display = 'flex';
  f.style.flexDirection = 'column';
  f.style.boxSizing = 'border-box';
  f.style.width = px(feed.width);
  f.style.direction = feed.layoutDirection;
  f.style.rowGap = px(feed.sectionSpacing);
  logicalPadding(f, feed.contentInsets);
  const parts = [];
  feed.sections.forEach((s, si) => {
    const sec = document.createElement('div');
    sec.style.display = 'block';
    sec.style.flex = 'none';
    if (s.header) {
      const h = fullWidth(s.header.height, feed);
      sec.appendChild(h);
      parts.push({kind: 'header', section: si, el: h});
    }
    const a = s.attributes;
    const g = s.layout;
    const body = document.createElement('div');
    body.style.display = 'grid';
    body.style.gridTemplateColumns = g.columns !== undefined
      ? 'repeat(' + g.columns + ', minmax(0, 1fr))'
      : 'repeat(auto-fill, minmax(' + px(g.minColumnWidth) + ', 1fr))';
    body.style.columnGap = px(g.columnSpacing !== undefined ? g.columnSpacing : a.itemSpacing);
    body.style.rowGap = px(g.rowSpacing !== undefined ? g.rowSpacing : a.lineSpacing);
    body.style.gridAutoFlow = g.packing === 'dense' ? 'row dense' : 'row';
    body.style.gridAutoRows = 'auto';
    const align = g.rowAlignment || 'top';
    body.style.alignItems = ALIGN[align];
    logicalPadding(body, a.insets);
    sec.appendChild(body);
    const count = COUNTS[fi][si];
    s.items.forEach((it, ii) => {
      const c = document.createElement('div');
      c.style.minWidth = '0';
      c.style.boxSizing = 'border-box';
      if (it.span === 'full') {
        c.style.gridColumn = '1 / -1';
      } else if (it.span !== undefined) {
        c.style.gridColumn = 'span ' + Math.min(it.span, count);
      }
      if (align === 'stretch') {
        const inner = document.createElement('div');
        inner.style.height = px(it.size.height);
        c.appendChild(inner);
      } else {
        c.style.height = px(it.size.height);
      }
      body.appendChild(c);
      parts.push({kind: 'cell', section: si, item: ii, id: it.id, el: c});
    });
    if (s.footer) {
      const ft = fullWidth(s.footer.height, feed);
      sec.appendChild(ft);
      parts.push({kind: 'footer', section: si, el: ft});
    }
    f.appendChild(sec);
  });
  document.body.appendChild(f);
  const origin = f.getBoundingClientRect();
  const elements = parts.map(p => {
    const e = {kind: p.kind, section: p.section};
    if (p.kind === 'cell') { e.item = p.item; e.id = p.id; }
    e.frame = rel(p.el, origin);
    return e;
  });
  results.push({contentSize: {width: origin.width, height: origin.height}, elements: elements});
  document.body.removeChild(f);
});
document.getElementById('result').textContent = JSON.stringify({ua: navigator.userAgent, results: results});
"""


def main():
    cases = hand_cases() + [("random-%d" % (RANDOM_BASE_SEED + i),) + random_feed(RANDOM_BASE_SEED + i)
                            for i in range(RANDOM_COUNT)]
    generate(__doc__, DEFAULT_OUT, "grid fixtures", cases,
             lambda feeds: [("CASES", feeds),
                            ("COUNTS", [[column_count(f, s) for s in f["sections"]] for f in feeds])],
             PAGE_SCRIPT)


if __name__ == "__main__":
    main()
