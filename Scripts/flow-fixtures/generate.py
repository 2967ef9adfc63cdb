#!/usr/bin/env python3
"""Generate the browser-computed fixtures for the aligned flow section layout.

Every fixture is a feed (container width, content insets, section spacing,
sections with optional header/footer and a wrapping row of cells). The feed is
modelled as CSS flexbox, laid out by headless Chromium, and the border boxes it
computes are written as the expected frames.

Run by hand, not in CI (see README.md next to this file):

    python3 Scripts/flow-fixtures/generate.py

Python 3 standard library only. Output is deterministic (seeded random feeds).
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from fixturekit import REPO, feed, generate, ins, num  # noqa: E402

DEFAULT_OUT = os.path.join(REPO, "Tests", "ListLayoutAPITests", "Fixtures", "flow")

RANDOM_BASE_SEED = 20261122
RANDOM_COUNT = 125

# ---------------------------------------------------------------------------
# Model builders
# ---------------------------------------------------------------------------


def is_zero_insets(i):
    return all(i[k] == 0 for k in ("top", "left", "bottom", "right"))


def attrs(h="left", v="top", item=0, line=0, insets=None):
    return {
        "horizontalAlignment": h,
        "verticalAlignment": v,
        "itemSpacing": num(item),
        "lineSpacing": num(line),
        "insets": insets if insets is not None else ins(),
    }


def cell(w, h, insets=None):
    c = {"size": {"width": num(w), "height": num(h)}}
    if insets is not None and not is_zero_insets(insets):
        c["attributes"] = {"insets": insets}
    return c


def cells(sizes, insets=None):
    return [cell(w, h, insets) for (w, h) in sizes]


def section(items, a=None, header=None, footer=None):
    s = {}
    if header is not None:
        s["header"] = {"height": num(header)}
    if footer is not None:
        s["footer"] = {"height": num(footer)}
    # Section attributes are always written explicitly: the contract allows
    # omitting them, but then the consumer's defaults would be under test too.
    s["attributes"] = a if a is not None else attrs()
    s["items"] = items
    return s


# ---------------------------------------------------------------------------
# Hand-written cases
# ---------------------------------------------------------------------------


def hand_cases():
    C = []

    def add(name, desc, f):
        C.append((name, desc, f))

    H3 = [(100, 50), (80, 50), (60, 50)]
    # --- horizontal alignment, single line
    for h in ("left", "center", "right"):
        add("halign-%s-single-line" % h,
            "horizontalAlignment %s: three equal-height cells on one line, no spacing" % h,
            feed(375, [section(cells(H3), attrs(h, "top"))]))
    # --- horizontal alignment, several lines with a partial last line
    ML = [(120, 40), (100, 40), (90, 40), (150, 40), (70, 40), (200, 40), (30, 40)]
    for h in ("left", "center", "right"):
        add("halign-%s-multi-line" % h,
            "horizontalAlignment %s: seven cells wrapping onto several lines, spacing 5/5" % h,
            feed(375, [section(cells(ML), attrs(h, "top", 5, 5))]))
    # --- the sample case
    add("center-overflow-sample",
        "the contract's sample: header, one centred cell, footer",
        feed(375, [section(cells([(100, 50)]), attrs("center", "top", 5, 5), header=40, footer=20)]))

    # --- vertical alignment, one line of different heights
    VH = [(60, 20), (60, 80), (60, 45.5), (60, 0.5)]
    for v in ("top", "center", "bottom"):
        add("valign-%s-single-line" % v,
            "verticalAlignment %s: four cells of different heights on one line" % v,
            feed(375, [section(cells(VH), attrs("left", v, 5, 5))]))
    VM = [(100, 30), (100, 70), (100, 15), (150, 33), (120, 90), (90, 10), (300, 25), (50, 61)]
    for v in ("top", "center", "bottom"):
        add("valign-%s-multi-line" % v,
            "verticalAlignment %s: cells of different heights over several lines" % v,
            feed(320, [section(cells(VM), attrs("center", v, 4, 6))]))
    add("valign-center-odd-difference",
        "verticalAlignment center where the height difference is odd (half-point offset)",
        feed(375, [section(cells([(50, 21), (50, 10), (50, 0.25)]), attrs("left", "center"))]))

    # --- item spacing
    IS = [(70, 40)] * 7
    for sp, tag in ((0, "0"), (5, "5"), (17.5, "17_5")):
        add("item-spacing-%s" % tag,
            "itemSpacing %s with seven 70-wide cells, left aligned, wrapping" % sp,
            feed(375, [section(cells(IS), attrs("left", "top", sp, 0))]))
        add("item-spacing-%s-center" % tag,
            "itemSpacing %s with seven 70-wide cells, centred, wrapping" % sp,
            feed(375, [section(cells(IS), attrs("center", "top", sp, 0))]))
    # --- line spacing
    LS = [(150, 30), (150, 50), (150, 20), (150, 40), (150, 10)]
    for sp, tag in ((0, "0"), (5, "5"), (12.5, "12_5"), (30, "30")):
        add("line-spacing-%s" % tag,
            "lineSpacing %s: five 150-wide cells, two per line on 320" % sp,
            feed(320, [section(cells(LS), attrs("left", "top", 10, sp))]))

    # --- section insets
    SI = ins(7, 13, 21, 3.5)
    SC = [(90, 30), (110, 50), (80, 20), (140, 40), (60, 60)]
    for h in ("left", "center", "right"):
        add("section-insets-asym-%s" % h,
            "asymmetric section insets 7/13/21/3.5 with horizontalAlignment %s" % h,
            feed(320, [section(cells(SC), attrs(h, "top", 5, 5, SI))]))
    add("section-insets-asym-bottom-header-footer",
        "asymmetric section insets with header and footer (insets sit between them)",
        feed(375, [section(cells(SC), attrs("right", "bottom", 2, 8.5, ins(10, 0, 4.5, 20)),
                           header=30, footer=12.5)]))
    add("section-insets-only-empty",
        "section with insets but no items: body height is top+bottom insets",
        feed(375, [section([], attrs("left", "top", 5, 5, ins(11, 5, 9.5, 5)), header=20, footer=20)]))

    # --- cell insets
    CI = ins(3, 10, 7, 2.5)
    CC = [(60, 40), (60, 20), (60, 55), (60, 10)]
    for v in ("top", "center", "bottom"):
        add("cell-insets-asym-valign-%s" % v,
            "asymmetric cell insets 3/10/7/2.5 on every cell, verticalAlignment %s" % v,
            feed(375, [section(cells(CC, CI), attrs("left", v, 5, 5))]))
    for h in ("center", "right"):
        add("cell-insets-asym-halign-%s" % h,
            "asymmetric cell insets with horizontalAlignment %s" % h,
            feed(375, [section(cells(CC, CI), attrs(h, "center", 5, 5))]))
    mixed = [cell(80, 30, ins(0, 0, 0, 0)), cell(80, 30, ins(10, 0, 0, 0)),
             cell(80, 30, ins(0, 0, 15, 0)), cell(80, 30, ins(0, 20, 0, 20)),
             cell(50, 50, ins(2.5, 1.5, 2.5, 1.5)), cell(120, 5, ins(0, 0, 0, 40)),
             cell(100, 25, ins(12, 12, 12, 12))]
    for v in ("top", "center", "bottom"):
        add("cell-insets-mixed-wrap-%s" % v,
            "different insets per cell, wrapping over lines, verticalAlignment %s" % v,
            feed(320, [section(list(mixed), attrs("center", v, 5, 8.5))]))
    add("cell-insets-vertical-only-center",
        "cell with big top inset next to a plain cell: centre alignment uses the margin box",
        feed(375, [section([cell(50, 50, ins(30, 0, 0, 0)), cell(50, 50)], attrs("left", "center"))]))

    # --- exact fit boundary
    # 375: 3 x 115 + 2 x 15 = 375 exactly
    for h in ("left", "center", "right"):
        add("exact-fit-%s" % h,
            "widths + spacing == available width exactly (3x115 + 2x15 = 375): one line, %s" % h,
            feed(375, [section(cells([(115, 40)] * 3), attrs(h, "top", 15, 5))]))
    add("exact-fit-plus-quarter-wraps",
        "one quarter point over the available width: last cell wraps",
        feed(375, [section(cells([(115, 40), (115, 40), (115.25, 40)]), attrs("center", "top", 15, 5))]))
    add("exact-fit-with-insets",
        "section insets, content insets and cell insets all count: exact fit stays on one line",
        # avail = 320 - 10 - 6 - 4.5 - 5.5 = 294; outer: (100+2+3) + 5 + (90+1.5+0.5) + 5 + (86.5+0+0.5) = 105+5+92+5+87 = 294
        feed(320, [section([cell(100, 30, ins(0, 2, 0, 3)), cell(90, 30, ins(0, 1.5, 0, 0.5)),
                            cell(86.5, 30, ins(0, 0, 0, 0.5))],
                           attrs("center", "top", 5, 5, ins(0, 4.5, 0, 5.5)))],
                   content_insets=ins(0, 10, 0, 6)))
    add("exact-fit-with-insets-over",
        "same as exact-fit-with-insets but the last cell is 0.25 wider: it wraps",
        feed(320, [section([cell(100, 30, ins(0, 2, 0, 3)), cell(90, 30, ins(0, 1.5, 0, 0.5)),
                            cell(86.75, 30, ins(0, 0, 0, 0.5))],
                           attrs("center", "top", 5, 5, ins(0, 4.5, 0, 5.5)))],
                   content_insets=ins(0, 10, 0, 6)))
    add("exact-fit-fractional",
        "fractional exact fit: 4 x 90.25 + 3 x 4.5 + insets 0.75/0.25 == 375",
        # 361 + 13.5 = 374.5 + 0.5 = 375
        feed(375, [section(cells([(90.25, 10)] * 4), attrs("right", "top", 4.5, 0, ins(0, 0.25, 0, 0.25)))]))
    add("exact-fit-multi-line",
        "every line an exact fit on 414 (2 x 202 + 10), right alignment",
        feed(414, [section(cells([(202, 20)] * 5), attrs("right", "top", 10, 10))]))
    add("exact-fit-single-cell",
        "a single cell exactly as wide as the available width",
        feed(375, [section(cells([(355, 20), (355, 20)]), attrs("center", "top", 5, 5, ins(0, 10, 0, 10)))]))

    # --- cells wider than the line
    for h in ("left", "center", "right"):
        add("overflow-alone-%s" % h,
            "one cell wider than the line (500 on 375), %s" % h,
            feed(375, [section(cells([(500, 40)]), attrs(h, "top", 5, 5))]))
        add("overflow-between-%s" % h,
            "a too-wide cell between normal cells sits alone on its line, %s" % h,
            feed(375, [section(cells([(100, 30), (120, 30), (450, 50), (80, 30), (90, 20)]),
                               attrs(h, "center", 5, 5))]))
        add("overflow-section-insets-%s" % h,
            "too-wide cell with asymmetric section insets, %s" % h,
            feed(320, [section(cells([(60, 20), (330, 40), (60, 20)]),
                               attrs(h, "top", 5, 5, ins(5, 20, 5, 8)))]))
        add("overflow-rtl-%s" % h,
            "rtl: too-wide cell with asymmetric section insets, %s" % h,
            feed(320, [section(cells([(60, 20), (330, 40), (60, 20)]),
                               attrs(h, "top", 5, 5, ins(5, 20, 5, 8)))], rtl=True))
        add("overflow-by-cell-insets-%s" % h,
            "a cell fitting the line by width but not with its insets, %s" % h,
            feed(375, [section([cell(50, 20), cell(360, 30, ins(0, 10, 0, 10)), cell(50, 20)],
                               attrs(h, "bottom", 5, 5))]))
        add("overflow-consecutive-%s" % h,
            "two consecutive too-wide cells, each alone on a line, %s" % h,
            feed(120, [section(cells([(130, 20), (144.5, 20), (50, 20), (60.5, 30)]),
                               attrs(h, "center", 8.5, 2))]))
    add("overflow-center-content-insets",
        "too-wide centred cell with asymmetric content insets and a header spanning the full width",
        feed(375, [section(cells([(400, 40)]), attrs("center", "top"), header=30, footer=10)],
             content_insets=ins(10, 25, 10, 5)))
    add("overflow-huge-quarter",
        "cell 1.2x the container width with quarter-point size, centred",
        feed(414, [section(cells([(496.75, 40.25)]), attrs("center", "center", 5, 5, ins(1, 2, 3, 4)))]))

    # --- zero-size cells
    add("zero-width-cells",
        "zero-width cells between normal ones, item spacing still applies",
        feed(375, [section(cells([(0, 40), (100, 40), (0, 40), (0, 10), (100, 40)]), attrs("left", "top", 5, 5))]))
    add("zero-height-cells",
        "zero-height cells with centre vertical alignment",
        feed(375, [section(cells([(50, 0), (100, 40), (50, 0)]), attrs("center", "center", 5, 5))]))
    add("zero-size-cells-only",
        "section of zero-size cells only, with spacing",
        feed(375, [section(cells([(0, 0)] * 4), attrs("center", "bottom", 5, 5), header=10, footer=10)]))
    add("zero-size-cells-no-spacing",
        "zero-size cells without spacing, right aligned",
        feed(375, [section(cells([(0, 0)] * 3), attrs("right", "top", 0, 0))]))
    add("zero-width-after-exact-fit",
        "a zero-width cell after an exactly full line, spacing 0: it stays on the line",
        feed(375, [section(cells([(200, 30), (175, 30), (0, 30), (10, 10)]), attrs("left", "top", 0, 5))]))
    add("zero-width-after-exact-fit-spaced",
        "a zero-width cell after an exactly full line, spacing 5: it wraps",
        feed(375, [section(cells([(200, 30), (170, 30), (0, 30), (10, 10)]), attrs("left", "top", 5, 5))]))
    add("zero-size-cells-with-insets",
        "zero-size cells whose insets give them an outer size",
        feed(320, [section([cell(0, 0, ins(5, 5, 5, 5)), cell(0, 0, ins(0, 20, 30, 0)), cell(40, 40)],
                           attrs("center", "center", 2, 2))]))

    # --- empty sections, headers, footers
    add("empty-section-header-footer",
        "section with header and footer and no items",
        feed(375, [section([], attrs(), header=44, footer=22)]))
    add("empty-section-header-only",
        "section with a header only",
        feed(375, [section([], attrs(), header=44)]))
    add("empty-section-footer-only",
        "section with a footer only",
        feed(375, [section([], attrs(), footer=22.5)]))
    add("headers-footers-only-multi",
        "three sections of headers/footers only, with section spacing and content insets",
        feed(375, [section([], attrs(), header=30, footer=10),
                   section([], attrs(), header=25.5),
                   section([], attrs(), footer=15)],
             content_insets=ins(8, 12, 6, 4), spacing=10))
    add("empty-section-between",
        "a completely empty section between two sections (section spacing applies on both sides)",
        feed(375, [section(cells([(100, 20)]), attrs(), header=20),
                   section([], attrs()),
                   section(cells([(100, 20)]), attrs(), footer=20)], spacing=8.5))
    add("zero-height-header-footer",
        "zero-height header and footer around cells",
        feed(375, [section(cells([(100, 20), (100, 30)]), attrs("center", "center", 5, 5), header=0, footer=0)]))
    add("no-sections-empty-items",
        "one section with no header, footer or items, with content insets",
        feed(320, [section([], attrs())], content_insets=ins(10, 10, 10, 10)))

    # --- several sections
    add("multi-section-spacing",
        "three sections with section spacing 12 and mixed alignments",
        feed(375, [section(cells([(100, 30), (100, 40)]), attrs("left", "top", 5, 5), header=30),
                   section(cells([(200, 30), (200, 40)]), attrs("center", "center", 5, 5), footer=20),
                   section(cells([(50, 50)] * 8), attrs("right", "bottom", 5, 5), header=25, footer=25)],
             spacing=12))
    add("multi-section-content-insets",
        "two sections with asymmetric content insets; headers and footers span the full width",
        feed(375, [section(cells([(100, 30), (150, 40), (90, 25)]), attrs("left", "top", 5, 5, ins(5, 5, 5, 5)),
                           header=40, footer=20),
                   section(cells([(120, 30)] * 4), attrs("center", "center", 10, 5), header=40, footer=20)],
             content_insets=ins(16, 20, 12, 8), spacing=5))
    add("multi-section-content-insets-fractional",
        "content insets and section spacing with halves and quarters",
        feed(414, [section(cells([(133.25, 20)] * 4), attrs("center", "top", 2, 2), header=10.5),
                   section(cells([(99.75, 20.25)] * 5), attrs("right", "bottom", 8.5, 8.5), footer=7.25)],
             content_insets=ins(0.5, 17.5, 3.25, 0.25), spacing=8.5))
    add("multi-section-wide-1024",
        "wide container (1024) with four sections and section insets",
        feed(1024, [section(cells([(200, 100)] * 6), attrs("left", "top", 10, 10, ins(10, 10, 10, 10)), header=50),
                    section(cells([(333, 60), (333, 80), (333, 40), (1, 1)]), attrs("center", "center", 2, 2)),
                    section(cells([(1100, 60)]), attrs("right", "top"), footer=30),
                    section(cells([(90, 90)] * 11), attrs("left", "bottom", 8.5, 0, ins(0, 40, 0, 0)))],
             content_insets=ins(20, 20, 20, 20), spacing=10))
    add("narrow-120",
        "narrow container (120): most cells sit alone on their line",
        feed(120, [section(cells([(50, 20), (60, 30), (70, 25), (120, 10), (10, 10), (40, 40)]),
                           attrs("center", "center", 10, 5, ins(0, 5, 0, 5)), header=20)]))

    # --- rtl variants
    for h in ("left", "center", "right"):
        add("rtl-halign-%s" % h,
            "rtl: horizontalAlignment %s (left = inline start = the right side)" % h,
            feed(375, [section(cells(ML), attrs(h, "top", 5, 5))], rtl=True))
    for v in ("top", "center", "bottom"):
        add("rtl-cell-insets-valign-%s" % v,
            "rtl: asymmetric cell insets (left = inline start), verticalAlignment %s" % v,
            feed(375, [section(cells(CC, CI), attrs("left", v, 5, 5))], rtl=True))
    add("rtl-section-insets-asym",
        "rtl: asymmetric section insets, centred",
        feed(320, [section(cells(SC), attrs("center", "top", 5, 5, SI))], rtl=True))
    add("rtl-content-insets-headers",
        "rtl: asymmetric content insets with full-width headers and footers",
        feed(375, [section(cells([(100, 30), (150, 40)]), attrs("left", "top", 5, 5), header=30, footer=15),
                   section(cells([(100, 30)] * 5), attrs("right", "center", 5, 5), header=30)],
             content_insets=ins(10, 30, 5, 10), spacing=6, rtl=True))
    add("rtl-exact-fit",
        "rtl: exact fit stays on one line",
        feed(375, [section(cells([(115, 40)] * 3), attrs("left", "top", 15, 5))], rtl=True))
    add("rtl-multi-section-mixed",
        "rtl: several sections, mixed alignments, cell insets",
        feed(414, [section([cell(80, 30, ins(0, 10, 0, 0)), cell(80, 40), cell(120, 20, ins(5, 0, 5, 15)),
                            cell(100, 30), cell(60, 60)], attrs("left", "center", 8.5, 8.5, ins(4, 12, 4, 2)),
                           header=20),
                   section(cells([(50, 50), (500, 20), (50, 10)]), attrs("center", "bottom", 5, 5), footer=20)],
             spacing=10, rtl=True))
    add("rtl-zero-width",
        "rtl: zero-width cells and spacing",
        feed(375, [section(cells([(0, 20), (100, 20), (0, 20)]), attrs("left", "top", 5, 5))], rtl=True))
    return C


# ---------------------------------------------------------------------------
# Seeded random feeds
# ---------------------------------------------------------------------------

SPACINGS = [0, 2, 5, 8.5, 10]
WIDTHS = [120, 320, 375, 414, 1024]
HALIGN = ["left", "center", "right"]
VALIGN = ["top", "center", "bottom"]


def rnd_inset(rng, hi=20):
    # 0..hi in steps of 0.5, integers more likely
    if rng.random() < 0.6:
        return rng.randint(0, hi)
    return rng.randint(0, hi * 2) / 2


def rnd_insets(rng, hi=20):
    return ins(rnd_inset(rng, hi), rnd_inset(rng, hi), rnd_inset(rng, hi), rnd_inset(rng, hi))


def rnd_len(rng, lo, hi):
    """A multiple of 0.25 (mostly 0.5 or integer) in [lo, hi]."""
    r = rng.random()
    if r < 0.5:
        return float(rng.randint(int(lo), int(hi)))
    if r < 0.8:
        return rng.randint(int(lo * 2), int(hi * 2)) / 2
    return rng.randint(int(lo * 4), int(hi * 4)) / 4


def random_feed(seed):
    rng = random.Random(seed)
    W = rng.choice(WIDTHS)
    rtl = rng.random() < 0.2
    ci = rnd_insets(rng) if rng.random() < 0.5 else ins()
    spacing = rng.choice(SPACINGS)
    sections = []
    ncells = 0
    for _ in range(rng.randint(1, 4)):
        a = attrs(rng.choice(HALIGN), rng.choice(VALIGN), rng.choice(SPACINGS), rng.choice(SPACINGS),
                  rnd_insets(rng) if rng.random() < 0.6 else ins())
        n = 0 if rng.random() < 0.08 else rng.randint(1, 30)
        use_cell_insets = rng.random() < 0.3
        # per-section width profile so some sections pack many cells per line
        profile = rng.choice(["small", "small", "mixed", "mixed", "large"])
        items = []
        for _ in range(n):
            r = rng.random()
            if r < 0.05:
                w = 0.0
            elif profile == "small":
                w = rnd_len(rng, 0, W * 0.3) if rng.random() < 0.9 else rnd_len(rng, 0, W * 1.2)
            elif profile == "mixed":
                w = rnd_len(rng, 0, W * 0.6) if rng.random() < 0.85 else rnd_len(rng, W * 0.8, W * 1.2)
            else:
                w = rnd_len(rng, 0, W * 1.2)
            h = 0.0 if rng.random() < 0.04 else rnd_len(rng, 0, 120)
            ci_ = rnd_insets(rng, 10) if (use_cell_insets and rng.random() < 0.6) else None
            items.append(cell(w, h, ci_))
        ncells += n
        header = rnd_len(rng, 0, 60) if rng.random() < 0.5 else None
        footer = rnd_len(rng, 0, 40) if rng.random() < 0.35 else None
        sections.append(section(items, a, header=header, footer=footer))
    f = feed(W, sections, ci, spacing, rtl)
    desc = "seeded random feed (seed %d): width %s, %s, %d section(s), %d cell(s)" % (
        seed, num(W), "rtl" if rtl else "ltr", len(sections), ncells)
    return desc, f


def random_cases():
    out = []
    for i in range(RANDOM_COUNT):
        seed = RANDOM_BASE_SEED + i
        desc, f = random_feed(seed)
        out.append(("random-%d" % seed, desc, f))
    return out


# ---------------------------------------------------------------------------
# The browser page
# ---------------------------------------------------------------------------

PAGE_SCRIPT = r"""
'use strict';
const H = {left: 'flex-start', center: 'center', right: 'flex-end'};
const V = {top: 'flex-start', center: 'center', bottom: 'flex-end', stretch: 'stretch'};
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
  el.style.padding = '0';
  el.style.border = '0';
  return el;
}
function rel(el, origin) {
  const r = el.getBoundingClientRect();
  return {x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height};
}
const results = [];
for (const feed of CASES) {
  const f = document.createElement('div');
  f.style.position = 'absolute';
  f.style.left = '0';
  f.style.top = '0';
  f.style.margin = '0';
  f.style.border = '0';
  f.style.display = 'flex';
  f.style.flexDirection = 'column';
  f.style.flexWrap = 'nowrap';
  f.style.boxSizing = 'border-box';
  f.style.width = px(feed.width);
  f.style.height = 'auto';
  f.style.direction = feed.layoutDirection;
  f.style.rowGap = px(feed.sectionSpacing);
  logicalPadding(f, feed.contentInsets);
  const parts = [];
  feed.sections.forEach((s, si) => {
    const sec = document.createElement('div');
    sec.style.display = 'block';
    sec.style.flex = 'none';
    sec.style.margin = '0';
    sec.style.padding = '0';
    sec.style.border = '0';
    if (s.header) {
      const h = fullWidth(s.header.height, feed);
      sec.appendChild(h);
      parts.push({kind: 'header', section: si, el: h});
    }
    const a = s.attributes;
    // Hub's default manager (a "traits" manager) with cells without traits: its one margin
    // around the lines and between cells and lines, in place of the section's spacings.
    const hub = feed.layoutManager && feed.layoutManager.type === 'traits' ? feed.layoutManager.margin : null;
    const body = document.createElement('div');
    body.style.display = 'flex';
    body.style.flexDirection = 'row';
    body.style.flexWrap = 'wrap';
    body.style.justifyContent = H[a.horizontalAlignment];
    body.style.alignItems = V[a.verticalAlignment];
    body.style.alignContent = 'flex-start';
    body.style.columnGap = px(hub === null ? a.itemSpacing : hub);
    body.style.rowGap = px(hub === null ? a.lineSpacing : hub);
    body.style.margin = '0';
    body.style.border = '0';
    if (hub === null || s.items.length === 0) {
      logicalPadding(body, a.insets);
    } else {
      const i = a.insets;
      logicalPadding(body, {top: i.top + hub, left: i.left + hub, bottom: i.bottom + hub, right: i.right + hub});
    }
    sec.appendChild(body);
    s.items.forEach((it, ii) => {
      const c = document.createElement('div');
      c.style.flex = '0 0 auto';
      c.style.boxSizing = 'border-box';
      c.style.width = px(it.size.width);
      // A stretched line: the cell's height is its minimum, the line's height less its
      // margins its height.
      if (a.verticalAlignment === 'stretch') {
        c.style.minHeight = px(it.size.height);
        c.style.height = 'auto';
      } else {
        c.style.height = px(it.size.height);
      }
      c.style.padding = '0';
      c.style.border = '0';
      const ci = (it.attributes && it.attributes.insets) || {top: 0, left: 0, bottom: 0, right: 0};
      c.style.marginBlockStart = px(ci.top);
      c.style.marginInlineStart = px(ci.left);
      c.style.marginBlockEnd = px(ci.bottom);
      c.style.marginInlineEnd = px(ci.right);
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
}
document.getElementById('result').textContent = JSON.stringify({ua: navigator.userAgent, results: results});
"""


def main():
    generate(__doc__, DEFAULT_OUT, "flow fixtures", hand_cases() + random_cases(),
             lambda feeds: [("CASES", feeds)], PAGE_SCRIPT)


if __name__ == "__main__":
    main()
