#!/usr/bin/env python3
"""Browser fixtures for the Flexbox module, rendered by headless Chromium.

Run by hand (needs Debian's `chromium`):

    python3 Scripts/flex-fixtures/generate.py

It builds fixture trees (hand-written ones for every property, plus seeded random trees of
2-25 nodes and depth up to 4), lays them all out in one HTML page with Yoga's defaults
(`display:flex; flex-direction:column; flex-shrink:0; box-sizing:border-box;
position:relative; align-content:flex-start; min-width:0; min-height:0`), reads each node's
frame relative to its parent from `getBoundingClientRect`, and writes

    Tests/FlexboxTests/Fixtures/flex-hand.json    hand-written fixtures
    Tests/FlexboxTests/Fixtures/flex-random.json  seeded random fixtures (seed 20261122, 700)

(`python3 Scripts/flex-fixtures/generate.py hand` writes only the first), and, with
`FIXTURE_SEED=777 python3 Scripts/flex-fixtures/generate.py 600`, an extra batch
`flex-random-777.json` (names `random777_NNN`); the committed corpus also has
`FIXTURE_SEED=99 ... 800` (`flex-random-99.json`), `FIXTURE_SEED=4242 ... 800`
(`flex-random-4242.json`), `FIXTURE_SEED=7373 ... 500`, `FIXTURE_SEED=8484 ... 500` and
`FIXTURE_SEED=9191 ... 500`.

The features beyond that first schema (percentages, `margin: auto`, measured text, the automatic
minimum size, `overflow`, `box-sizing`, `position: static`, `display: contents`, `direction`,
`start`/`end`/`safe` alignment, `aspect-ratio`) have their own corpus: `python3 generate.py features` writes
`flex-features-hand.json`, and `python3 generate.py features SEED COUNT` a seeded batch
`flex-features-SEED.json` (the committed ones: 1901 and 2002 with 300 trees, 3003 and 4004 with
400, 5005, 6006, 7007, 8008 and 8080 with 300). Seeds in BOX_SEEDS (8008, 8080) also draw `position: static`
containers (their absolutely positioned children placed against the nearest positioned
ancestor) and `display: contents` into the mixes; both batches pass whole. Seeds in ASPECT_SEEDS (5005, 6006) also draw `aspect-ratio` into the mixes; `features 5005 300`
and `features 6006 300` are committed and pass whole. Seeds in
BASELINE_SEEDS (7007) draw `align-items`/`align-self: baseline` into the mixes; `features 7007 300`
is committed and passes whole (`generate.py baseline` writes the
hand-written baseline fixtures, flex-baseline-hand.json, which all pass). `generate.py sizing` writes flex-sizing-hand.json: the fixtures of issue 35 (the `stretch` sizing
keyword, an aspect ratio with a stretched text item, and Yoga's roots at their min-content width).
A leaf may carry `text` (words split at U+200B) and `font` (`advance`, `lineHeight`), laid
out in a test font built here with fontTools (`pip install fonttools`), every glyph a 1em
square as in Ahem. Boxes get `scrollbar-width: none`, so `overflow: scroll` takes no room.

A `display: contents` box has no box: the page reports a zero frame for it and its children's
frames relative to its parent's box (the engine's convention).

Each file is a JSON array of fixtures:

    {"name": "...", "input": NODE, "expected": FRAME}

where NODE is the fixture schema (`id`, `style`, `children`) and FRAME is
`{"x","y","width","height","children":[FRAME...]}` relative to the parent (the root relative to a
wrapper, so its origin is its margin). Each root sits in a column flex wrapper with
`align-items:flex-start` 100000px wide, so a root without a width or height takes its
max-content size there: the engine's `compute(width: nil, height: nil)`.
"""

import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT_DIR = os.path.join(ROOT, "Tests", "FlexboxTests", "Fixtures")

BASE_CSS = (
    "display:flex;flex-direction:column;flex-shrink:0;box-sizing:border-box;position:relative;"
    "align-content:flex-start;min-width:0;min-height:0;margin:0;padding:0;border:0 solid black;scrollbar-width:none;"
)

KEBAB = {
    "flexDirection": "flex-direction", "justifyContent": "justify-content", "alignItems": "align-items",
    "alignSelf": "align-self", "alignContent": "align-content", "flexWrap": "flex-wrap",
    "flexGrow": "flex-grow", "flexShrink": "flex-shrink", "flexBasis": "flex-basis",
    "width": "width", "height": "height", "minWidth": "min-width", "minHeight": "min-height",
    "maxWidth": "max-width", "maxHeight": "max-height", "position": "position", "display": "display",
    "top": "top", "left": "left", "bottom": "bottom", "right": "right",
    "gap": "gap", "rowGap": "row-gap", "columnGap": "column-gap",
    "aspectRatio": "aspect-ratio", "boxSizing": "box-sizing", "overflow": "overflow", "direction": "direction",
}
UNITLESS = {"flexGrow", "flexShrink", "aspectRatio"}


def css_value(key, value):
    if isinstance(value, str):
        return value
    if key in UNITLESS:
        return repr(value)
    return f"{value}px"


def node_css(style):
    parts = [BASE_CSS]
    for key, value in style.items():
        if key in ("margin", "padding") and not isinstance(value, dict):
            parts.append(f"{key}:{css_value(key, value)};")
        elif key in ("margin", "padding", "border"):
            for edge, v in value.items():
                if key == "border":
                    parts.append(f"border-{edge}-width:{v}px;")
                else:
                    parts.append(f"{key}-{edge}:{css_value(key, v)};")
        else:
            parts.append(f"{KEBAB[key]}:{css_value(key, value)};")
    return "".join(parts)


def node_html(node):
    children = "".join(node_html(c) for c in node.get("children", []))
    if "text" in node:
        # Measured text in the test font (every glyph 1em square, see make_font): words split at
        # U+200B, each other character `advance` wide, lines `lineHeight` apart.
        font = node.get("font", {})
        advance = font.get("advance", 10)
        line_height = font.get("lineHeight", 10)
        text = node["text"].replace("\u200b", "&#8203;")
        css = node_css(node.get("style", {})).replace("display:flex;", "display:block;", 1)
        css += f"font:{advance}px/{line_height}px FlexTest;"
        return f'<div style="{css}">{text}</div>'
    return f'<div style="{node_css(node.get("style", {}))}">{children}</div>'


# ---------------------------------------------------------------------------------------------
# Hand-written fixtures: every property, alone and in the combinations that matter.

def leaf(**style):
    return {"style": style}


def box(children, **style):
    return {"style": style, "children": children}


def hand_fixtures():
    f = []

    def add(name, tree):
        f.append((name, tree))

    three = lambda **s: [leaf(width=40, height=30, **s), leaf(width=50, height=20, **s), leaf(width=30, height=40, **s)]
    for direction in ["row", "row-reverse", "column", "column-reverse"]:
        add(f"direction_{direction}", box(three(), flexDirection=direction, width=200, height=150))
        for justify in ["flex-start", "center", "flex-end", "space-between", "space-around", "space-evenly"]:
            add(f"justify_{justify}_{direction}", box(three(), flexDirection=direction, justifyContent=justify,
                                                       width=200, height=150))
            add(f"justify_{justify}_{direction}_overflow",
                box(three(), flexDirection=direction, justifyContent=justify, width=80, height=60))
            add(f"justify_{justify}_{direction}_single",
                box([leaf(width=40, height=30)], flexDirection=direction, justifyContent=justify, width=200, height=150))
        for align in ["flex-start", "center", "flex-end", "stretch"]:
            add(f"align_items_{align}_{direction}",
                box([leaf(width=40, height=30), leaf(), leaf(width=30), leaf(height=25)], flexDirection=direction,
                    alignItems=align, width=200, height=150))
            add(f"align_self_{align}_{direction}",
                box([leaf(width=40, height=30, alignSelf=align), leaf(alignSelf=align), leaf(width=20, height=20)],
                    flexDirection=direction, alignItems="center", width=200, height=150))
        for wrap in ["wrap", "wrap-reverse"]:
            for content in ["flex-start", "center", "flex-end", "stretch", "space-between", "space-around",
                            "space-evenly"]:
                kids = [leaf(width=50, height=30), leaf(width=60, height=20), leaf(width=40),
                        leaf(width=70, height=35), leaf(height=25, width=30)]
                if direction.startswith("column"):
                    kids = [leaf(height=50, width=30), leaf(height=60, width=20), leaf(height=40),
                            leaf(height=70, width=35), leaf(width=25, height=30)]
                add(f"wrap_{wrap}_{content}_{direction}",
                    box(kids, flexDirection=direction, flexWrap=wrap, alignContent=content, width=140, height=160))
                add(f"wrap_{wrap}_{content}_{direction}_gap",
                    box(kids, flexDirection=direction, flexWrap=wrap, alignContent=content, width=140, height=160,
                        rowGap=5, columnGap=7))
            add(f"wrap_{wrap}_single_line_{direction}",
                box([leaf(width=30, height=20), leaf(width=20)], flexDirection=direction, flexWrap=wrap,
                    alignItems="stretch", width=140, height=100))
    # Growing and shrinking.
    for direction in ["row", "column"]:
        m = "width" if direction == "row" else "height"
        c = "height" if direction == "row" else "width"
        add(f"grow_equal_{direction}", box([leaf(flexGrow=1), leaf(flexGrow=1), leaf(flexGrow=1)],
                                           flexDirection=direction, width=200, height=200))
        add(f"grow_weighted_{direction}", box([leaf(flexGrow=1), leaf(flexGrow=2), leaf(flexGrow=3)],
                                              flexDirection=direction, width=200, height=200))
        add(f"grow_fraction_{direction}", box([leaf(flexGrow=0.25, **{m: 20}), leaf(flexGrow=0.25, **{m: 30})],
                                              flexDirection=direction, width=200, height=200))
        add(f"grow_basis_{direction}", box([leaf(flexGrow=1, flexBasis=50), leaf(flexGrow=1, flexBasis=0),
                                            leaf(flexGrow=2, flexBasis=20.5)],
                                           flexDirection=direction, width=210, height=210))
        add(f"grow_max_{direction}", box([leaf(flexGrow=1, **{"max" + m.capitalize(): 30}), leaf(flexGrow=1),
                                          leaf(flexGrow=1)], flexDirection=direction, width=200, height=200))
        add(f"grow_min_{direction}", box([leaf(flexGrow=1, **{"min" + m.capitalize(): 120}), leaf(flexGrow=1),
                                          leaf(flexGrow=1)], flexDirection=direction, width=200, height=200))
        add(f"shrink_equal_{direction}", box([leaf(flexShrink=1, **{m: 100}), leaf(flexShrink=1, **{m: 100}),
                                              leaf(flexShrink=1, **{m: 100})],
                                             flexDirection=direction, width=200, height=200))
        add(f"shrink_weighted_{direction}", box([leaf(flexShrink=1, **{m: 100}), leaf(flexShrink=2, **{m: 100}),
                                                 leaf(flexShrink=0, **{m: 100})],
                                                flexDirection=direction, width=200, height=200))
        add(f"shrink_min_{direction}", box([leaf(flexShrink=1, **{m: 150, "min" + m.capitalize(): 120}),
                                            leaf(flexShrink=1, **{m: 150})],
                                           flexDirection=direction, width=200, height=200))
        add(f"shrink_padding_{direction}", box([leaf(flexShrink=1, **{m: 150}, padding={"top": 10, "left": 10,
                                                                                          "bottom": 10, "right": 10}),
                                                leaf(flexShrink=1, **{m: 150})],
                                               flexDirection=direction, width=200, height=200))
        add(f"shrink_fraction_{direction}", box([leaf(flexShrink=0.25, **{m: 150}), leaf(flexShrink=0.25, **{m: 150})],
                                                flexDirection=direction, width=200, height=200))
        add(f"shrink_basis_{direction}", box([leaf(flexShrink=1, flexBasis=150), leaf(flexShrink=1, flexBasis=100)],
                                             flexDirection=direction, width=200, height=200))
        add(f"min_over_max_{direction}", box([leaf(**{m: 50, "min" + m.capitalize(): 80, "max" + m.capitalize(): 60}),
                                              leaf(**{c: 40, "min" + c.capitalize(): 90, "max" + c.capitalize(): 70})],
                                             flexDirection=direction, width=200, height=200))
        add(f"gap_{direction}", box([leaf(**{m: 20}), leaf(**{m: 30}), leaf(**{m: 40})], flexDirection=direction,
                                    gap=10, width=200, height=200))
        add(f"gap_grow_{direction}", box([leaf(flexGrow=1), leaf(flexGrow=1), leaf(flexGrow=1)],
                                         flexDirection=direction, columnGap=10, rowGap=6, width=200, height=200))
        add(f"margin_{direction}", box([leaf(width=30, height=30, margin={"top": 5, "left": 10, "bottom": 15,
                                                                           "right": 20}),
                                        leaf(width=30, height=30, margin={"top": 2, "left": 3, "bottom": 4,
                                                                          "right": 5})],
                                       flexDirection=direction, width=200, height=200))
        add(f"negative_margin_{direction}", box([leaf(width=30, height=30, margin={"top": -5, "left": -10}),
                                                 leaf(width=30, height=30, margin={"bottom": -4, "right": -5}),
                                                 leaf(flexGrow=1)],
                                                flexDirection=direction, width=200, height=200))
        add(f"padding_border_{direction}", box([leaf(flexGrow=1), leaf(width=30, height=30)],
                                               padding={"top": 5, "left": 10, "bottom": 15, "right": 20},
                                               border={"top": 1, "left": 2, "bottom": 3, "right": 4},
                                               flexDirection=direction, width=200, height=200))
        add(f"auto_size_{direction}", box([box([leaf(width=30, height=40), leaf(width=50, height=10)],
                                               flexDirection="row"),
                                           box([leaf(width=30, height=40), leaf(width=50, height=10)])],
                                          flexDirection=direction))
        add(f"auto_size_padding_{direction}", box([leaf(width=30, height=40, margin={"left": 5, "top": 3})],
                                                  flexDirection=direction, padding={"top": 4, "left": 4, "bottom": 4,
                                                                                    "right": 4},
                                                  border={"top": 1, "left": 1, "bottom": 1, "right": 1}))
        add(f"relative_{direction}", box([leaf(width=30, height=30, top=10, left=5),
                                          leaf(width=30, height=30, bottom=10, right=5),
                                          leaf(width=30, height=30, top=3, bottom=100, left=4, right=100)],
                                         flexDirection=direction, width=200, height=200))
        add(f"relative_reverse_{direction}", box([leaf(width=30, height=30, top=10, left=5),
                                                  leaf(width=30, height=30, bottom=10, right=5)],
                                                 flexDirection=direction + "-reverse", width=200, height=200))
    # Absolute positioning.
    for direction in ["row", "column", "row-reverse", "column-reverse"]:
        for justify in ["flex-start", "center", "flex-end"]:
            for align in ["flex-start", "center", "flex-end", "stretch"]:
                add(f"absolute_static_{direction}_{justify}_{align}",
                    box([leaf(position="absolute", width=30, height=20), leaf(width=10, height=10)],
                        flexDirection=direction, justifyContent=justify, alignItems=align, width=120, height=100,
                        padding={"top": 5, "left": 6, "bottom": 7, "right": 8},
                        border={"top": 1, "left": 2, "bottom": 3, "right": 4}))
        add(f"absolute_insets_{direction}",
            box([leaf(position="absolute", width=30, height=20, top=5, left=6),
                 leaf(position="absolute", width=30, height=20, bottom=5, right=6),
                 leaf(position="absolute", top=10, bottom=20, left=15, right=25),
                 leaf(position="absolute", top=10, left=15, right=25, margin={"left": 3, "top": 2}),
                 box([leaf(width=20, height=15), leaf(width=25, height=10)], position="absolute", top=1, left=2)],
                flexDirection=direction, width=150, height=120, border={"top": 3, "left": 4, "bottom": 5, "right": 6}))
    for direction in ["row", "column"]:
        for align in ["auto", "flex-start", "center", "flex-end", "stretch"]:
            add(f"absolute_block_align_{align}_{direction}",
                box([leaf(position="absolute", top=2.5, bottom=19, left=3, right=7, alignSelf=align,
                          padding={"bottom": 8.25}),
                     leaf(position="absolute", top=4, bottom=6, alignSelf=align, width=10, height=20)],
                    flexDirection=direction, alignItems="center", width=100, height=93))
    # Both insets set and an inset-modified containing block of negative size: the end inset gives
    # way until it is empty (CSS Position 3 §4.1), and negative margins then make the box larger.
    add("absolute_collapsed_imcb_negative_margins",
        box([leaf(position="absolute", left=25.25, right=-8.25, margin={"right": -1.75}, height=5),
             leaf(position="absolute", left=25, right=-8, margin={"left": -2, "right": -3}, height=5),
             leaf(position="absolute", top=25, bottom=-8, margin={"bottom": -3}, width=5),
             leaf(position="absolute", top=25, bottom=-8, margin={"top": -2, "bottom": -4}, width=5),
             leaf(position="absolute", left=3, right=4, margin={"left": -2, "right": -3}, height=5)],
            width=10, height=12, padding={"left": 1}, border={"top": 2}))
    add("absolute_min_max", box([leaf(position="absolute", width=300, maxWidth=100, height=10, minHeight=30),
                                 leaf(position="absolute", top=10, bottom=10, maxHeight=40, width=5)],
                                width=150, height=120))
    # An absolutely positioned box with `top`, `bottom`, its own height and an explicit `align-self`
    # that overflows its inset-modified containing block, or whose inset-modified containing block
    # would have a negative size (CSS Position 3 §4.1, CSS Box Alignment 3 §4.4: default overflow
    # alignment keeps it inside the containing block).
    for align in ["flex-start", "center", "flex-end", "stretch", "auto"]:
        add(f"absolute_imcb_overflow_{align}",
            box([leaf(position="absolute", top=30, bottom=20, height=80, width=10, alignSelf=align),
                 leaf(position="absolute", top=60, bottom=50, height=30, width=10, alignSelf=align,
                      margin={"top": 5}),
                 leaf(position="absolute", top=60, bottom=50, height=120, width=10, alignSelf=align),
                 leaf(position="absolute", top=-20, bottom=20, height=110, width=10, alignSelf=align),
                 leaf(position="absolute", top=10, bottom=-40, height=100, width=10, alignSelf=align),
                 leaf(position="absolute", top=30, bottom=20, minHeight=80, width=10, alignSelf=align)],
                width=100, height=100, border={"top": 2, "bottom": 3}, padding={"top": 4}))
    # A column container lays each item out in its line's cross size: an item of auto width whose
    # fit-content width was held back by the container's width grows up to its line's, which a wider
    # sibling makes wider than the container (here a row-wrap item, 150 wide at max-content).
    row_wrap = lambda **s: box([leaf(width=50, height=10) for _ in range(3)], flexDirection="row",
                               flexWrap="wrap", **s)
    for wrap in ["wrap", "nowrap"]:
        for align in ["flex-start", "center"]:
            add(f"column_{wrap}_item_fits_line_{align}",
                box([leaf(width=200, height=10), row_wrap(), row_wrap(margin={"left": 10, "right": 15})],
                    flexWrap=wrap, alignItems=align, width=100, height=100))
        add(f"column_{wrap}_auto_width_item_fits_line",
            box([box([leaf(width=200, height=10), row_wrap()], flexWrap=wrap, alignItems="flex-start",
                     height=100)], width=100, height=100, alignItems="flex-start"))
    # The width of a column container of auto width is fit-content from its intrinsic widths (CSS
    # Flexbox §9.9.2): a column-wrap item's contribution comes from its own height (or max-height,
    # else one line), while laid out at the height it was flexed to it breaks its lines there.
    column_wrap = lambda child_height=0, **s: box(
        [leaf(width=60, height=child_height), leaf(width=30, height=max(child_height, 10)),
         leaf(width=40, height=max(child_height, 5))], flexWrap="wrap", columnGap=10, **s)
    outer = lambda kids, **s: box(kids, width=300, height=200, alignItems="flex-start", **s)
    add("column_wrap_flexed_height_auto_parent",
        outer([box([column_wrap(flexBasis=0)], flexWrap="wrap", alignItems="flex-start", height=40)]))
    add("column_wrap_flexed_height_single_line_parent",
        outer([box([column_wrap(flexBasis=0)], alignItems="flex-start", height=40)]))
    add("column_wrap_flexed_height_wide_parent",
        outer([box([column_wrap(flexBasis=0)], flexWrap="wrap", alignItems="flex-start", height=40, width=200)]))
    add("column_wrap_flexed_height_own_height",
        outer([box([column_wrap(30, flexBasis=0, height=30)], flexWrap="wrap", alignItems="flex-start",
                   height=40)]))
    add("column_wrap_flexed_height_own_max_height",
        outer([box([column_wrap(20, flexBasis=0, maxHeight=30)], flexWrap="wrap", alignItems="flex-start",
                   height=40)]))
    add("column_wrap_flexed_height_grown",
        outer([box([column_wrap(20, flexBasis=0, flexGrow=1)], flexWrap="wrap", alignItems="flex-start",
                   height=40)]))
    add("column_wrap_flexed_height_max_width",
        outer([box([column_wrap(flexBasis=0, maxWidth=100)], flexWrap="wrap", alignItems="flex-start",
                   height=40)]))
    add("column_wrap_flexed_height_shrunk",
        outer([box([column_wrap(40, flexShrink=1)], alignItems="flex-start", maxHeight=50)]))
    add("column_wrap_flexed_height_in_root", outer([column_wrap(flexBasis=0)]))
    add("column_wrap_flexed_height_narrow_root",
        box([column_wrap(flexBasis=0), leaf(width=120, height=20)], width=100, height=200, alignItems="flex-start",
            flexWrap="wrap"))
    # A height found by layout is not definite (CSS Sizing 3 §2.1; CSS Flexbox §9.8 makes only
    # flexed and stretched items' sizes definite): a column-wrap box laid out at such a height
    # keeps its lines unbroken (a negative margin makes the height smaller than the running sum
    # of its first items), and a row box does not stretch its items to it while measuring them
    # (a column-wrap item breaks into two columns only at a definite height).
    unbroken = lambda **s: box([leaf(width=30, height=27.5), leaf(width=20, height=17.5),
                                leaf(width=10, margin={"bottom": -8.75})], flexWrap="wrap", **s)
    two_columns = lambda **s: box([leaf(flexBasis=24, flexShrink=1, margin={"left": 1.25, "right": 3}),
                                   leaf(width=118.25, height=10.75)], flexWrap="wrap", **s)
    add("indefinite_height_column_wrap_item",
        box([unbroken(alignSelf="flex-start")], flexDirection="row", width=300, height=200))
    add("indefinite_height_column_wrap_item_max_height",
        box([unbroken(alignSelf="flex-start", maxHeight=30)], flexDirection="row", width=300, height=200))
    add("indefinite_height_column_wrap_stretched",
        box([box([unbroken()], flexDirection="row")], width=300, height=200, alignItems="flex-start"))
    add("indefinite_height_column_wrap_absolute", box([unbroken(position="absolute")], width=300, height=200))
    for (name, s) in [("max_height", {"maxHeight": 0.25}), ("width_max_height", {"width": 100, "maxHeight": 0.25}),
                      ("height", {"height": 0.25}), ("insets", {"top": 10, "bottom": 190.5}),
                      ("min_height", {"minHeight": 20})]:
        add(f"indefinite_height_absolute_row_{name}",
            box([box([two_columns(flexGrow=2)], flexDirection="row", position="absolute", **s)],
                width=300, height=200))
        add(f"indefinite_height_row_item_{name}",
            box([box([two_columns(flexGrow=2)], flexDirection="row", alignSelf="flex-start", **s)],
                flexDirection="row", width=300, height=200))
        add(f"indefinite_height_stretched_row_item_{name}",
            box([box([two_columns(flexGrow=2)], flexDirection="row", **s)], flexDirection="row", width=300,
                height=200))
    # A stretched item is measured at its container's cross size only in a single-line container of
    # definite cross size (CSS Flexbox §9.8 point 1), not in a multi-line one.
    for wrap in ["nowrap", "wrap"]:
        add(f"stretch_measure_{wrap}_definite_height",
            box([box([two_columns(), leaf(width=10, height=5)], flexDirection="row", flexWrap=wrap, height=20,
                     alignSelf="flex-start")], width=300, height=200))
        add(f"stretch_measure_{wrap}_auto_height",
            box([box([two_columns(), leaf(width=10, height=5)], flexDirection="row", flexWrap=wrap,
                     alignSelf="flex-start")], flexDirection="row", width=300, height=20))
        row_wrap3 = box([leaf(width=50, height=10) for _ in range(3)], flexDirection="row", flexWrap="wrap")
        add(f"stretch_measure_{wrap}_column", box([row_wrap3, leaf(width=20, height=30)], flexWrap=wrap,
                                                  width=100, height=200))
    # An item's min/max cross sizes bound its outer size in the space offered with its margins:
    # a fit-content width held back by `max-width` is the `max-width`, margins taken off once.
    three_row = lambda **s: box([leaf(width=50, height=10) for _ in range(3)], flexDirection="row",
                                flexWrap="wrap", **s)
    add("max_width_margins_fit_content_center",
        box([three_row(maxWidth=80, margin={"left": 10})], width=100, height=100, alignItems="center"))
    add("max_width_margins_fit_content_negative",
        box([three_row(maxWidth=80, margin={"left": -10})], width=100, height=100, alignItems="flex-start"))
    add("min_width_margins_fit_content",
        box([three_row(minWidth=95, margin={"left": 10})], width=100, height=100, alignItems="flex-start"))
    add("max_width_margins_column_wrap",
        box([box([box([leaf(width=40, height=30), leaf(width=30, height=30), leaf(width=20, height=30)],
                      flexWrap="wrap", flexBasis=0, height=40), leaf(width=20, height=50)],
                 flexWrap="wrap", maxWidth=80, margin={"left": 6.75}, padding={"right": 9.25})],
            width=103.25, height=200, alignItems="center", flexWrap="wrap-reverse"))
    # Nesting, stretch and auto sizes.
    add("nested_stretch", box([box([leaf(height=30), leaf(flexGrow=1)], flexDirection="row", flexGrow=1),
                               box([leaf(width=40, height=20)], alignItems="center", height=50)],
                              width=200, height=200))
    add("nested_auto_row_in_column", box([box([leaf(width=30, height=40), leaf(width=50, height=10)],
                                              flexDirection="row", alignSelf="flex-start"),
                                          box([leaf(width=30, height=40), leaf(width=50, height=10)],
                                              flexDirection="row")], width=300, height=200))
    add("nested_wrap_auto", box([box([leaf(width=60, height=20) for _ in range(5)], flexDirection="row",
                                     flexWrap="wrap")], width=200, height=300))
    add("nested_wrap_auto_flex_start", box([box([leaf(width=60, height=20) for _ in range(5)], flexDirection="row",
                                                flexWrap="wrap", alignSelf="flex-start")], width=200, height=300))
    add("display_none", box([leaf(width=30, height=30), box([leaf(width=10, height=10)], display="none",
                                                             width=50, height=50),
                             leaf(flexGrow=1)], flexDirection="row", width=200, height=100))
    add("root_auto", box([leaf(width=30, height=40), leaf(width=50, height=10, margin={"left": 5})],
                         margin={"left": 3, "top": 4}))
    add("root_min_max", box([leaf(width=300, height=400)], minWidth=50, maxWidth=150, maxHeight=100,
                            flexDirection="row"))
    add("quarter_sizes", box([leaf(width=10.25, height=20.5), leaf(width=30.75, flexGrow=1),
                              leaf(flexBasis=12.25, flexShrink=1)], flexDirection="row", width=100.5, height=50.25))
    add("grow_thirds", box([leaf(flexGrow=1), leaf(flexGrow=1), leaf(flexGrow=1)], flexDirection="row",
                           width=100, height=10))
    add("max_cross_stretch", box([leaf(maxHeight=30), leaf(minHeight=120), leaf(height=20)], flexDirection="row",
                                 width=200, height=100))
    add("wrap_grow", box([leaf(width=50, flexGrow=1, height=20) for _ in range(5)], flexDirection="row",
                         flexWrap="wrap", width=170, height=100))
    add("wrap_shrink", box([leaf(width=250, flexShrink=1, height=20), leaf(width=50, flexShrink=1, height=20)],
                           flexDirection="row", flexWrap="wrap", width=170, height=100))
    add("wrap_max_main", box([leaf(width=50, height=20) for _ in range(5)], flexDirection="row",
                             flexWrap="wrap", maxWidth=120))
    add("core_layout_wrap_example", box([leaf(width=40, height=40, margin={"bottom": 8, "right": 8})
                                         for _ in range(4)] + [leaf(width=40, height=40)],
                                        flexDirection="row", flexWrap="wrap", width=160, height=284,
                                        padding={"top": 8, "left": 8}))
    return f


# ---------------------------------------------------------------------------------------------
# Hand-written fixtures for the features beyond the first schema (percentages, auto margins,
# measured text, aspect-ratio, automatic minimum sizes, box-sizing, position: static,
# direction...): `python3 generate.py features` writes flex-features-hand.json.

def feature_fixtures():
    f = []

    def add(name, tree):
        f.append((name, tree))

    # Percentages of sizes, min/max sizes and flex-basis.
    for direction in ["row", "column", "row-reverse", "column-reverse"]:
        add(f"percent_sizes_{direction}",
            box([leaf(width="50%", height="25%"), leaf(width="10%", height=20), leaf(width=30, height="40%")],
                flexDirection=direction, width=200, height=150))
        add(f"percent_min_max_{direction}",
            box([leaf(width=10, height=10, minWidth="30%", minHeight="20%"),
                 leaf(width=190, height=140, maxWidth="40%", maxHeight="50%"), leaf(flexGrow=1, maxWidth="25%",
                                                                                  maxHeight="10%")],
                flexDirection=direction, width=200, height=150))
        add(f"percent_basis_{direction}",
            box([leaf(flexBasis="30%"), leaf(flexBasis="50%", flexGrow=1), leaf(flexBasis="40%", flexShrink=1)],
                flexDirection=direction, width=200, height=150))
        add(f"percent_margin_padding_{direction}",
            box([leaf(width=40, height=30, margin={"top": "5%", "left": "10%", "bottom": "2.5%", "right": "1%"}),
                 box([leaf(width=10, height=10)], padding={"top": "10%", "left": "5%", "bottom": "0%",
                                                           "right": "3%"})],
                flexDirection=direction, width=200, height=150))
        add(f"percent_insets_{direction}",
            box([leaf(width=40, height=30, top="10%", left="5%"), leaf(width=40, height=30, bottom="20%",
                                                                      right="50%"),
                 leaf(position="absolute", width="25%", height="10%", top="50%", left="25%"),
                 leaf(position="absolute", top="10%", bottom="20%", left="30%", right="40%")],
                flexDirection=direction, width=200, height=150,
                padding={"top": 5, "left": 6, "bottom": 7, "right": 8},
                border={"top": 1, "left": 2, "bottom": 3, "right": 4}))
        add(f"percent_gaps_{direction}",
            box([leaf(width=30, height=30) for _ in range(7)], flexDirection=direction, flexWrap="wrap",
                rowGap="10%", columnGap="5%", width=200, height=150))
        add(f"percent_gaps_auto_{direction}",
            box([box([leaf(width=30, height=30) for _ in range(4)], flexDirection=direction, rowGap="10%",
                     columnGap="5%")], width=300, height=300, alignItems="flex-start"))
    # Percentages without a definite base.
    add("percent_height_in_auto_height",
        box([box([leaf(width="50%", height="50%", minHeight=5), leaf(width=20, height=40)],
                 flexDirection="row")], width=200))
    add("percent_height_in_auto_height_column",
        box([box([leaf(width="50%", height="50%", minHeight=5), leaf(width=20, height=40)])], width=200))
    add("percent_width_in_auto_width",
        box([box([leaf(width="50%", height=10), leaf(width=60, height=10)], alignSelf="flex-start")],
            width=200, height=100))
    add("percent_width_in_auto_width_row",
        box([box([leaf(width="50%", height=10), leaf(width=60, height=10)], flexDirection="row",
                 alignSelf="flex-start")], width=200, height=100))
    add("percent_basis_indefinite_column",
        box([box([leaf(flexBasis="50%", height=30, width=20), leaf(height=20)])], width=200))
    add("percent_basis_indefinite_row",
        box([box([leaf(flexBasis="50%", width=30, height=20), leaf(width=20, height=10)], flexDirection="row",
                 alignSelf="flex-start")], width=200, height=100))
    add("percent_min_max_indefinite",
        box([box([leaf(width=30, height=30, minHeight="50%", maxHeight="10%"), leaf(height=20, maxWidth="10%",
                                                                                   width=50)])], width=200))
    add("percent_insets_indefinite",
        box([box([leaf(width=30, height=30, top="50%", left="10%"), leaf(width=30, height=30, bottom="50%")])],
            width=200))
    # Nested percentages and definite flexed or stretched sizes.
    add("percent_nested",
        box([box([box([leaf(width="50%", height="50%")], width="50%", height="50%")], width="80%", height="60%")],
            width=200, height=200))
    add("percent_in_stretched_row_item",
        box([box([leaf(width="50%", height="50%")], flexGrow=1), leaf(width=20, height=20)], flexDirection="row",
            width=200, height=100))
    add("percent_in_stretched_column_item",
        box([box([leaf(width="50%", height="50%")], flexGrow=1), leaf(width=20, height=20)], width=200,
            height=100))
    add("percent_in_flexed_item_auto_container",
        box([box([box([leaf(width="50%", height="50%")], flexBasis=80)])], width=200))
    add("percent_in_wrap_items",
        box([box([leaf(width="50%", height="50%")], width=80, flexGrow=1) for _ in range(3)],
            flexDirection="row", flexWrap="wrap", width=200, height=150))
    add("percent_padding_auto_width",
        box([box([leaf(width=30, height=30)], padding={"left": "10%", "top": "10%"}, alignSelf="flex-start")],
            width=200, height=200))
    add("percent_root_children_of_absolute",
        box([box([leaf(width="50%", height="50%")], position="absolute", width=100, height=80, top=0, left=0)],
            width=200, height=200))
    # Auto margins (CSS Flexbox §8.1).
    for direction in ["row", "column", "row-reverse", "column-reverse"]:
        add(f"auto_margin_main_{direction}",
            box([leaf(width=30, height=30), leaf(width=30, height=30, margin={"left": "auto", "top": "auto"}),
                 leaf(width=30, height=30)], flexDirection=direction, width=200, height=150))
        add(f"auto_margin_both_{direction}",
            box([leaf(width=30, height=30, margin="auto"), leaf(width=40, height=20,
                                                                margin={"right": "auto", "bottom": "auto"})],
                flexDirection=direction, justifyContent="space-between", alignItems="flex-end", width=200,
                height=150))
        add(f"auto_margin_overflow_{direction}",
            box([leaf(width=150, height=170, margin="auto"), leaf(width=80, height=20, margin={"left": "auto"}),
                 leaf(width=60, height=60, margin={"top": "auto", "bottom": 5})],
                flexDirection=direction, justifyContent="center", alignItems="center", width=200, height=150))
        add(f"auto_margin_wrap_{direction}",
            box([leaf(width=50, height=30, margin={"left": "auto", "right": 5}) for _ in range(5)]
                + [leaf(width=40, height=40, margin={"top": "auto", "left": "auto"})],
                flexDirection=direction, flexWrap="wrap", alignContent="stretch", width=170, height=160))
        add(f"auto_margin_wrap_reverse_{direction}",
            box([leaf(width=50, height=30, margin={"top": "auto"}), leaf(width=60, height=50),
                 leaf(width=40, height=20, margin={"bottom": "auto", "left": "auto"}), leaf(width=90, height=10)],
                flexDirection=direction, flexWrap="wrap-reverse", width=150, height=140))
        add(f"auto_margin_no_stretch_{direction}",
            box([leaf(margin={"top": "auto", "left": "auto"}), leaf(margin={"bottom": "auto", "right": "auto"}),
                 box([leaf(width=20, height=20)], margin="auto")], flexDirection=direction, width=200, height=150))
        add(f"auto_margin_auto_size_{direction}",
            box([box([leaf(width=30, height=20, margin={"left": "auto"}), leaf(width=30, height=20,
                                                                               margin={"top": "auto"})],
                     flexDirection=direction)], width=300, height=200, alignItems="flex-start"))
    add("auto_margin_absolute",
        box([leaf(position="absolute", width=50, height=40, top=10, bottom=20, left=10, right=30, margin="auto"),
             leaf(position="absolute", width=50, height=40, top=10, bottom=20, left=10, right=30,
                  margin={"left": "auto", "top": "auto"}),
             leaf(position="absolute", width=50, height=40, top=10, bottom=20, left=10, right=30,
                  margin={"right": "auto", "bottom": "auto", "left": 5}),
             leaf(position="absolute", width=250, height=240, top=10, bottom=20, left=10, right=30, margin="auto"),
             leaf(position="absolute", width=50, height=40, top=10, left=10, margin="auto"),
             leaf(position="absolute", top=10, bottom=20, left=10, right=30, margin="auto")],
            width=200, height=150, padding=5, border={"top": 1, "left": 2, "bottom": 3, "right": 4}))
    # Measured text (the monospace measurer: words split at U+200B).
    def text(words, font=None, **style):
        n = {"style": style, "text": "\u200b".join(words)}
        if font:
            n["font"] = font
        return n
    two = ["XXX", "XXXXX"]
    five = ["XX", "XXXX", "X", "XXXXXX", "XXX"]
    for direction in ["row", "column"]:
        add(f"text_{direction}", box([text(two), text(five), text(["XXXXXXXXXX"])], flexDirection=direction,
                                     width=200, height=150))
        add(f"text_narrow_{direction}", box([text(five, flexShrink=1), text(two, flexShrink=1)],
                                            flexDirection=direction, width=60, height=150))
        add(f"text_align_{direction}", box([text(five, alignSelf=a) for a in ["flex-start", "center", "flex-end",
                                                                              "stretch"]],
                                           flexDirection=direction, width=70, height=200))
        add(f"text_font_{direction}", box([text(five, font={"advance": 7.5, "lineHeight": 12}),
                                           text(two, font={"advance": 4}), text(five, font={"lineHeight": 3})],
                                          flexDirection=direction, width=90, height=200))
        add(f"text_padding_{direction}",
            box([text(five, padding={"top": 3, "left": 4, "bottom": 5, "right": 6}, margin={"left": 7, "top": 2},
                      border={"left": 1, "right": 2, "top": 3, "bottom": 4})],
                flexDirection=direction, width=80, height=200))
        add(f"text_grow_{direction}", box([text(five, flexGrow=1), text(two, flexGrow=2)], flexDirection=direction,
                                          width=250, height=200))
        add(f"text_basis_{direction}", box([text(five, flexBasis=30, flexShrink=1), text(two, flexBasis=0,
                                                                                         flexGrow=1)],
                                           flexDirection=direction, width=120, height=120))
        add(f"text_wrap_{direction}", box([text(five[:i + 1]) for i in range(5)], flexDirection=direction,
                                          flexWrap="wrap", width=150, height=120))
        add(f"text_auto_{direction}", box([text(five), box([text(two), text(five)], flexDirection="row")],
                                          flexDirection=direction))
    add("text_fixed_width_overflow", box([text(five, width=25), text(two, width=45, height=5)], width=200,
                                         height=100))
    add("text_min_max", box([text(five, maxWidth=35), text(five, minWidth=90), text(five, maxHeight=15)],
                            width=200, height=100, alignItems="flex-start"))
    add("text_empty", box([text([]), text(["X"])], flexDirection="row", width=100, height=100))
    add("text_percent_width", box([text(five, width="30%"), text(five, width="50%")], width=200, height=100))
    add("text_absolute", box([text(five, position="absolute"), text(five, position="absolute", right=10,
                                                                     bottom=10, width=35)],
                             width=100, height=100))
    add("text_nested_auto_width", box([box([text(five), text(two)], alignSelf="flex-start", maxWidth=60)],
                                      width=200, height=200))
    # box-sizing: content-box, position: static, display: none.
    for direction in ["row", "column"]:
        pad = {"top": 3, "left": 4, "bottom": 5, "right": 6}
        add(f"content_box_{direction}",
            box([leaf(boxSizing="content-box", width=40, height=30, padding=pad, border={"left": 2, "top": 1}),
                 leaf(boxSizing="content-box", flexBasis=50, padding=pad, flexShrink=1),
                 leaf(boxSizing="content-box", minWidth=30, minHeight=20, maxWidth=45, maxHeight=35, padding=pad,
                      flexGrow=1),
                 leaf(boxSizing="content-box", width="20%", height="10%", padding={"left": "5%"})],
                flexDirection=direction, width=200, height=150))
        add(f"content_box_container_{direction}",
            box([box([leaf(flexGrow=1), leaf(width=10, height=10)], boxSizing="content-box", width=50, height=40,
                     padding=pad, border={"top": 2, "left": 3, "bottom": 4, "right": 5})],
                flexDirection=direction, alignItems="flex-start", width=200, height=150))
        add(f"position_static_{direction}",
            box([leaf(position="static", width=30, height=30, top=10, left=20),
                 leaf(position="static", width=30, height=30, bottom=10, right=20, margin={"left": 5}),
                 leaf(width=30, height=30, top=10, left=20)], flexDirection=direction, width=200, height=150))
        add(f"display_none_features_{direction}",
            box([leaf(display="none", width="50%", margin="auto"), leaf(width=30, height=20, margin={"left": "auto"}),
                 box([leaf(width=10, height=10)], display="none", position="absolute")],
                flexDirection=direction, width=200, height=150))
    # display: contents: the box's children take its place among its parent's items.
    for direction in ["row", "column", "row-reverse"]:
        add(f"display_contents_{direction}",
            box([leaf(width=20, height=15),
                 box([leaf(width=30, height=10), leaf(flexGrow=1, height=5)], display="contents", width=500,
                     height=7, padding={"left": 9}, margin={"top": 11}, border={"left": 3}, flexDirection="row"),
                 leaf(width=25, height=20)],
                flexDirection=direction, width=200, height=150, padding={"left": 4, "top": 6}))
        add(f"display_contents_nested_{direction}",
            box([box([leaf(width=10, height=10),
                      box([leaf(width=15, height=12), box([leaf(width=5, height=5)], display="contents")],
                          display="contents"),
                      leaf(width=20, height=8, display="none")], display="contents"),
                 box([], display="contents"),
                 leaf(flexGrow=1, flexBasis=0)],
                flexDirection=direction, width=120, height=90, justifyContent="space-between"))
    add("display_contents_wrap",
        box([box([leaf(width=40, height=10) for _ in range(4)], display="contents"), leaf(width=50, height=20)],
            flexDirection="row", flexWrap="wrap", width=100, height=100, alignContent="space-between"))
    add("display_contents_percentages",
        box([box([leaf(width="50%", height="20%"), leaf(flexBasis="25%", height=10, margin={"left": "10%"})],
                 display="contents", width=10, height=10)],
            flexDirection="row", width=200, height=100))
    add("display_contents_absolute_child",
        box([leaf(width=30, height=30),
             box([leaf(position="absolute", width=20, height=20, right=5, bottom=6),
                  leaf(position="absolute", width=10, height=10)], display="contents", position="absolute",
                 top=40)],
            flexDirection="row", justifyContent="center", alignItems="flex-end", width=100, height=80))
    add("display_contents_text",
        box([box([text(["XX", "XXX"], flexShrink=1), leaf(width=60, height=10)], display="contents")],
            flexDirection="row", width=80, height=40))
    add("display_contents_direction",
        box([box([box([leaf(width=10, height=10), leaf(width=20, height=10)], flexDirection="row", width=60)],
                 display="contents", direction="rtl")],
            width=100, height=50))
    add("display_contents_auto_size",
        box([box([box([leaf(width=30, height=20), leaf(width=40, height=25)], display="contents")],
                 flexDirection="row", alignSelf="flex-start")],
            width=200, height=100))
    # position: static containers: an absolutely positioned box's containing block is the padding
    # box of its nearest positioned ancestor; its static position is still in its parent.
    pad = {"top": 3, "left": 4, "bottom": 5, "right": 6}
    brd = {"top": 1, "left": 2, "bottom": 3, "right": 4}
    def static_parent(kids, **style):
        return box([leaf(width=30, height=20)] + kids, position="static", padding={"top": 7, "left": 8},
                   border={"left": 1, "top": 2}, **style)
    add("static_cb_insets",
        box([leaf(width=25, height=25),
             static_parent([leaf(position="absolute", top=5, left=6, width=20, height=10),
                            leaf(position="absolute", bottom=5, right=6, width=20, height=10),
                            leaf(position="absolute", top=10, bottom=10, left="10%", right=15),
                            leaf(position="absolute", top=0, left=0, width="50%", height="25%")],
                           margin={"left": 9, "top": 11}, width=80, height=60)],
            flexDirection="row", width=240, height=180, padding=pad, border=brd))
    for justify in ["flex-start", "center", "flex-end"]:
        for align in ["flex-start", "center", "flex-end", "stretch"]:
            add(f"static_cb_static_position_{justify}_{align}",
                box([leaf(width=25, height=25),
                     static_parent([leaf(position="absolute", width=20, height=10),
                                    box([leaf(width=10, height=10), leaf(width=15, height=5)], position="absolute",
                                        flexDirection="row"),
                                    {"style": {"position": "absolute"}, "text": "XXXX\u200bXXX\u200bXX"}],
                                   justifyContent=justify, alignItems=align, margin={"left": 9, "top": 11},
                                   width=80, height=60)],
                    flexDirection="row", width=240, height=180, padding=pad, border=brd))
    for direction in ["row", "column", "row-reverse", "column-reverse"]:
        add(f"static_cb_one_inset_{direction}",
            box([leaf(width=25, height=25),
                 static_parent([leaf(position="absolute", left=5, width=20, height=10),
                                leaf(position="absolute", top=5, width=20, height=10),
                                leaf(position="absolute", right=5, height=10),
                                leaf(position="absolute", bottom=5, width=10)],
                               flexDirection=direction, justifyContent="center", alignItems="center",
                               margin={"left": 9, "top": 11}, width=80, height=60)],
                flexDirection="row", width=240, height=180, padding=pad, border=brd))
    add("static_cb_chain",
        box([box([box([box([leaf(position="absolute", top=1, left=2, right=3, height=5),
                             leaf(position="absolute", width=10, height=10)],
                            position="static", margin={"left": 5, "top": 6}, padding={"left": 3}, width=40, height=30)],
                       position="static", padding={"left": 7, "top": 8}, width=100, height=80),
                  leaf(position="absolute", bottom=2, right=2, width=10, height=10)],
                 top=10, left=20, margin={"left": 4}, padding={"left": 6, "top": 2}, border=brd, width=150,
                 height=120)],
            width=300, height=250, padding=pad))
    add("static_cb_auto_sizes",
        box([box([leaf(width=60, height=10),
                  leaf(position="absolute", top=0, bottom=0, width=10),
                  leaf(position="absolute", left=0, right=0, height=10),
                  box([leaf(width=70, height=10)], position="absolute", flexWrap="wrap", flexDirection="row")],
                 position="static", alignSelf="flex-start", margin={"left": 30, "top": 40})],
            width=120, height=100, padding=pad, border=brd))
    add("static_cb_absolute_static_parent",
        box([box([box([leaf(position="absolute", top=3, left=4, width=10, height=10),
                       leaf(position="absolute", width=10, height=10)], position="static", width=30, height=30,
                      margin={"left": 5})],
                 position="absolute", top=20, left=30, width=60, height=50, padding={"left": 2, "top": 2})],
            width=200, height=150))
    add("static_cb_rtl",
        box([box([leaf(position="absolute", left=5, top=5, width=20, height=10),
                  leaf(position="absolute", right=5, width="20%", height=10),
                  leaf(position="absolute", width=10, height=10)], position="static", width=80, height=60,
                 direction="rtl", flexDirection="row", margin={"left": 9, "top": 11}, padding={"left": 3, "right": 8})],
            flexDirection="row", width=200, height=150, padding=pad))
    add("static_cb_margins",
        box([box([leaf(position="absolute", left=5, right=5, top=0, height=10, margin={"left": "auto", "right": "auto"},
                       width=30),
                  leaf(position="absolute", top=5, bottom=5, width=10, margin={"top": 4, "bottom": 6}),
                  leaf(position="absolute", width=10, height=10, margin={"left": 7, "top": 3})],
                 position="static", width=80, height=60, margin={"left": 9, "top": 11})],
            width=200, height=150, padding=pad))
    # An absolutely positioned box between `top` and `bottom` in a wrap-reverse container:
    # `start`/`end` are the writing mode's (top, bottom), `flex-start`/`flex-end` the line's.
    for align in ["flex-start", "flex-end", "start", "end", "self-start", "self-end"]:
        add(f"absolute_insets_wrap_reverse_{align}",
            box([leaf(position="absolute", alignSelf=align, top=3, bottom=9, height=20, width=10),
                 leaf(position="absolute", alignSelf=align, height=20, width=10, left=15)],
                flexDirection="row", flexWrap="wrap-reverse", width=100, height=80))
    # `safe` at the static position: the box's margin box against the content box decides whether
    # it overflows.
    for direction in ["row", "column"]:
        add(f"absolute_safe_center_margins_{direction}",
            box([leaf(position="absolute", alignSelf="safe center", width=40, height=40, margin={"right": 10, "bottom": 10}),
                 leaf(position="absolute", alignSelf="safe center", width=60, height=60, margin={"left": 3, "top": 3})],
                flexDirection=direction, width=50, height=50, padding={"left": 2, "top": 2}, border={"right": 2, "bottom": 2}))
    # `align-items: self-start`/`self-end` place an absolutely positioned box of another direction
    # by its own start and end.
    for align in ["self-start", "self-end"]:
        add(f"absolute_align_items_{align}_own_direction",
            box([leaf(position="absolute", direction="rtl", width=20, height=10),
                 leaf(position="absolute", width=20, height=10, top=20),
                 leaf(direction="rtl", width=20, height=10)],
                alignItems=align, width=100, height=80, padding={"left": 3, "right": 7}))
    # A box centred at its static position shrinks to fit the space around that point as far as
    # the nearer edge of its containing block, on both sides (not its parent's content box).
    for position in ["relative", "static"]:
        for direction in ["row", "column"]:
            centred_text = {"style": {"position": "absolute"}, "text": "XXXX\u200bXXX\u200bXX"}
            add(f"absolute_centred_space_{position}_{direction}",
                box([box([centred_text, leaf(position="absolute", width=10, height=10)], position=position,
                         flexDirection=direction, justifyContent="center", alignItems="center", width=60,
                         height=50, padding={"left": 20, "right": 5, "top": 2, "bottom": 12},
                         margin={"left": 30, "top": 10})],
                    width=200, height=150, padding={"left": 3}))
    # The automatic minimum size (min-width/min-height: auto) and scroll containers.
    five = ["XX", "XXXX", "X", "XXXXXX", "XXX"]
    def auto_text(**style):
        return {"style": dict(style), "text": "\u200b".join(five)}
    for direction in ["row", "column"]:
        m = "minWidth" if direction == "row" else "minHeight"
        c = "minHeight" if direction == "row" else "minWidth"
        size = "width" if direction == "row" else "height"
        add(f"min_auto_text_{direction}",
            box([auto_text(flexShrink=1, **{m: "auto"}), auto_text(flexShrink=1), auto_text(flexShrink=1, **{c: "auto"})],
                flexDirection=direction, width=60, height=40))
        add(f"min_auto_specified_{direction}",
            box([auto_text(flexShrink=1, **{m: "auto", size: 30}), auto_text(flexShrink=1, **{m: "auto", size: 100}),
                 leaf(flexShrink=1, **{m: "auto", size: 80})],
                flexDirection=direction, width=60, height=60))
        add(f"min_auto_max_{direction}",
            box([auto_text(flexShrink=1, **{m: "auto", "max" + size.capitalize(): 25}),
                 auto_text(flexShrink=1, **{m: "auto"})], flexDirection=direction, width=50, height=50))
        add(f"min_auto_container_{direction}",
            box([box([leaf(width=70, height=70), auto_text()], flexShrink=1, **{m: "auto"}),
                 box([leaf(width=40, height=40)], flexShrink=1, flexBasis=0, **{m: "auto"}),
                 box([leaf(width=50, height=50)], flexShrink=1, flexBasis=0)],
                flexDirection=direction, width=100, height=100))
        for overflow in ["hidden", "scroll", "clip", "visible"]:
            add(f"min_auto_overflow_{overflow}_{direction}",
                box([auto_text(flexShrink=1, overflow=overflow, **{m: "auto"}),
                     box([leaf(width=70, height=70)], flexShrink=1, overflow=overflow, **{m: "auto"})],
                    flexDirection=direction, width=50, height=50))
        add(f"min_auto_wrap_{direction}",
            box([auto_text(flexShrink=1, **{m: "auto"}), auto_text(flexShrink=1, flexBasis=0, **{m: "auto"}),
                 auto_text(flexGrow=1, flexBasis=0, **{m: "auto"})],
                flexDirection=direction, flexWrap="wrap", width=70, height=70))
    add("min_auto_root_and_absolute",
        box([auto_text(position="absolute", minWidth="auto", width=10), auto_text(minHeight="auto", height=5)],
            minWidth="auto", minHeight="auto", width=30, height=30))
    # direction: rtl (inherited), with physical margins, padding, borders and insets.
    for direction in ["row", "column", "row-reverse", "column-reverse"]:
        kids = [leaf(width=30, height=20, margin={"left": 5, "top": 2}), leaf(width=40, height=30, left=3, right=7),
                leaf(flexGrow=1, margin={"right": "auto"}, minWidth=10, minHeight=10),
                leaf(position="absolute", width=20, height=10), leaf(position="absolute", width=20, height=10,
                                                                    left=4)]
        add(f"rtl_{direction}", box(kids, direction="rtl", flexDirection=direction, width=200, height=150,
                                    padding={"left": 3, "right": 9, "top": 1}, border={"left": 2, "right": 5}))
        add(f"rtl_wrap_{direction}",
            box([leaf(width=50, height=30) for _ in range(5)], direction="rtl", flexDirection=direction,
                flexWrap="wrap", alignContent="space-between", justifyContent="flex-end", width=150, height=120))
        add(f"rtl_nested_{direction}",
            box([box([leaf(width=20, height=20), leaf(width=30, height=10)], flexDirection="row"),
                 box([leaf(width=20, height=20), leaf(width=30, height=10)], flexDirection="row", direction="ltr"),
                 box([leaf(width=20, height=20)], alignItems="flex-start")],
                direction="rtl", flexDirection=direction, width=200, height=150))
    add("rtl_auto_width", box([box([leaf(width=20, height=20), leaf(width=30, height=10, margin={"left": 4})],
                                   flexDirection="row", direction="rtl", padding={"left": 6})],
                              alignItems="flex-start", width=200, height=100))
    # start/end/self-start/self-end and safe/unsafe (CSS Box Alignment 3).
    for direction in ["row", "row-reverse", "column", "column-reverse"]:
        for wrap in ["nowrap", "wrap-reverse"]:
            for justify in ["start", "end", "safe center", "unsafe center", "safe end", "safe flex-end"]:
                add(f"align_kw_justify_{justify.replace(' ', '_')}_{direction}_{wrap}",
                    box([leaf(width=50, height=30), leaf(width=60, height=20), leaf(width=70, height=40)],
                        flexDirection=direction, flexWrap=wrap, justifyContent=justify, width=150, height=100))
            for align in ["start", "end", "self-start", "self-end", "safe center", "safe flex-end", "unsafe end"]:
                add(f"align_kw_items_{align.replace(' ', '_')}_{direction}_{wrap}",
                    box([leaf(width=50, height=30), leaf(width=160, height=120), leaf(),
                         leaf(width=20, height=20, alignSelf="safe end"), leaf(width=20, height=20, alignSelf="start")],
                        flexDirection=direction, flexWrap=wrap, alignItems=align, width=150, height=100))
            for content in ["start", "end", "safe center", "safe end", "unsafe center"]:
                add(f"align_kw_content_{content.replace(' ', '_')}_{direction}_{wrap}",
                    box([leaf(width=60, height=50) for _ in range(6)], flexDirection=direction,
                        flexWrap="wrap" if wrap == "nowrap" else wrap, alignContent=content, width=130, height=110))
        add(f"align_kw_rtl_{direction}",
            box([leaf(width=30, height=20, alignSelf="start"), leaf(width=30, height=20, alignSelf="end"),
                 leaf(width=30, height=20)], direction="rtl", justifyContent="start", alignItems="end",
                flexDirection=direction, width=150, height=100))
        add(f"align_kw_absolute_{direction}",
            box([leaf(position="absolute", width=30, height=20, alignSelf="end"),
                 leaf(position="absolute", width=30, height=20, alignSelf="self-start")],
                justifyContent="end", flexDirection=direction, flexWrap="wrap-reverse", width=150, height=100))
    # Intrinsic sizing keywords (CSS Sizing 3 §3.1).
    five = ["XX", "XXXX", "X", "XXXXXX", "XXX"]
    def kw_text(**style):
        return {"style": dict(style), "text": "\u200b".join(five)}
    for direction in ["row", "column"]:
        for kw in ["min-content", "max-content", "fit-content"]:
            add(f"keyword_width_{kw}_{direction}",
                box([kw_text(width=kw), box([leaf(width=30, height=10), kw_text()], width=kw, flexDirection="row"),
                     kw_text(width=kw, flexShrink=1, padding={"left": 3, "right": 4}, margin={"left": 5})],
                    flexDirection=direction, width=120, height=150))
            add(f"keyword_min_max_{kw}_{direction}",
                box([kw_text(width=10, minWidth=kw), kw_text(width=300, maxWidth=kw), kw_text(maxWidth=kw, flexGrow=1),
                     kw_text(minWidth=kw, flexShrink=1)],
                    flexDirection=direction, width=120, height=150))
            add(f"keyword_height_{kw}_{direction}",
                box([kw_text(height=kw), kw_text(height=kw, width=40), leaf(height=kw, width=20)],
                    flexDirection=direction, width=120, height=150))
        add(f"keyword_basis_{direction}",
            box([kw_text(flexBasis=kw, flexShrink=1) for kw in ["min-content", "max-content", "fit-content"]],
                flexDirection=direction, width=200, height=150))
    add("keyword_absolute", box([kw_text(position="absolute", width="min-content"),
                                 kw_text(position="absolute", width="fit-content", top=20, left=30)],
                                width=100, height=100))
    # aspect-ratio (CSS Sizing 4).
    for direction in ["row", "column"]:
        add(f"aspect_ratio_{direction}",
            box([leaf(aspectRatio=2, width=40), leaf(aspectRatio=0.5, height=40), leaf(aspectRatio=1.5),
                 leaf(aspectRatio=2, flexGrow=1), leaf(aspectRatio=1, flexBasis=30)],
                flexDirection=direction, width=200, height=150))
        add(f"aspect_ratio_align_{direction}",
            box([leaf(aspectRatio=a, alignSelf=al) for a in [2, 0.5] for al in ["flex-start", "center", "stretch"]],
                flexDirection=direction, width=120, height=100, alignItems="center"))
        add(f"aspect_ratio_min_max_{direction}",
            box([leaf(aspectRatio=2, width=100, maxHeight=20), leaf(aspectRatio=2, height=10, minWidth=60),
                 leaf(aspectRatio=3, width=30, minHeight=15), leaf(aspectRatio=0.25, height=100, maxWidth=10)],
                flexDirection=direction, width=250, height=200, alignItems="flex-start"))
        add(f"aspect_ratio_content_box_{direction}",
            box([leaf(aspectRatio=2, width=60, padding=5, boxSizing="content-box"),
                 leaf(aspectRatio=2, width=60, padding=5), leaf(aspectRatio=0.5, height=40, padding={"left": 4},
                                                                boxSizing="content-box")],
                flexDirection=direction, width=250, height=200, alignItems="flex-start"))
        add(f"aspect_ratio_container_{direction}",
            box([box([leaf(width=20, height=10)], aspectRatio=2, width=80),
                 box([leaf(width=20, height=10)], aspectRatio=2),
                 box([leaf(width=30, height=10), leaf(width=30, height=10)], aspectRatio=3, flexDirection="row",
                     alignSelf="flex-start")],
                flexDirection=direction, width=250, height=200))
        add(f"aspect_ratio_text_{direction}",
            box([{"style": {"aspectRatio": 4}, "text": "XX\u200bXXXX"},
                 {"style": {"aspectRatio": 1, "width": 30}, "text": "XX\u200bXXXX"}],
                flexDirection=direction, width=150, height=150, alignItems="flex-start"))
        add(f"aspect_ratio_percent_{direction}",
            box([leaf(aspectRatio=2, width="50%"), leaf(aspectRatio=0.5, height="20%")],
                flexDirection=direction, width=200, height=150, alignItems="flex-start"))
    add("aspect_ratio_absolute",
        box([leaf(position="absolute", aspectRatio=2, width=40), leaf(position="absolute", aspectRatio=2, height=30,
                                                                      top=5, left=5),
             leaf(position="absolute", aspectRatio=2, left=10, right=30)], width=200, height=150))
    # The automatic minimum size of a box with an aspect ratio (CSS Sizing 4 §5.1): with
    # `min-height: auto`, a height that comes from the width through the ratio grows to hold the
    # content (capped by max-height), unless the box is a scroll container; with min-height 0
    # (Yoga's default) or a definite height it does not.
    def ratio_box(child_height, **style):
        return box([leaf(width=10, height=child_height)], aspectRatio=3, **style)
    for direction in ["row", "column"]:
        add(f"aspect_ratio_auto_min_{direction}",
            box([ratio_box(30.5, width=60, minHeight="auto"), ratio_box(10, width=150, minHeight="auto"),
                 ratio_box(40, width=60, minHeight="auto", maxHeight=25),
                 ratio_box(40, width=60, minHeight="auto", overflow="hidden"), ratio_box(40, width=60),
                 ratio_box(40, width=60, minHeight="auto", height=15),
                 ratio_box(12, width=30, minHeight="auto", padding={"top": 3, "bottom": 2})],
                flexDirection=direction, width=400, height=300, alignItems="flex-start", flexWrap="wrap"))
        add(f"aspect_ratio_auto_min_stretch_{direction}",
            box([ratio_box(70, minHeight="auto"), ratio_box(70, minHeight="auto", overflow="scroll"),
                 box([leaf(width=20, height=15), leaf(width=20, height=15)], aspectRatio=4, minHeight="auto",
                     flexDirection="row", flexWrap="wrap", width=30)],
                flexDirection=direction, width=120, height=400 if direction == "column" else 100))
    # A size along one axis below the padding and border there is floored at them before it
    # transfers through the ratio.
    for direction in ["row", "column"]:
        add(f"aspect_ratio_below_padding_{direction}",
            box([leaf(aspectRatio=2, height=5, padding={"top": 10, "bottom": 6}),
                 leaf(aspectRatio=2, height="2%", border={"top": 4}, padding={"bottom": 8}),
                 leaf(aspectRatio=2, width=4, padding={"left": 10, "right": 10}),
                 leaf(aspectRatio=0.5, width="1%", padding={"left": 7}, border={"right": 3}),
                 box([leaf(width=5, height=5)], aspectRatio=3, height=2, padding={"top": 9})],
                flexDirection=direction, width=300, height=200, alignItems="flex-start"))
    # With neither size known, the height's floor (padding and border) transfers to the width.
    for direction in ["row", "column"]:
        add(f"aspect_ratio_padding_floor_{direction}",
            box([leaf(aspectRatio=1, border={"bottom": 5, "left": 3}), leaf(aspectRatio=2, padding={"top": 6}),
                 leaf(aspectRatio=3, padding={"top": 10}, maxWidth=12),
                 leaf(position="absolute", aspectRatio=0.5, padding={"top": 10, "bottom": 4}, top=50),
                 box([leaf(width=2, height=1)], aspectRatio=1, border={"bottom": 5, "left": 3}),
                 box([leaf(width=2, height=1)], aspectRatio=2, padding={"top": 6}, flexDirection="row"),
                 box([leaf(width=2, height=1)], position="absolute", aspectRatio=0.5, padding={"top": 10},
                     left=100)],
                flexDirection=direction, width=300, height=200, alignItems="flex-start"))
    # The same in the other axis: with `min-width: auto`, a width that comes from the height
    # through the ratio grows to the content's min-content width (capped by max-width), unless
    # the box is a scroll container.
    def ratio_row(child_width, **style):
        return box([leaf(width=child_width, height=5)], aspectRatio=0.5, flexDirection="row", **style)
    for direction in ["row", "column"]:
        add(f"aspect_ratio_auto_min_width_{direction}",
            box([ratio_row(30.5, height=20, minWidth="auto"), ratio_row(10, height=100, minWidth="auto"),
                 ratio_row(40, height=20, minWidth="auto", maxWidth=25),
                 ratio_row(40, height=20, minWidth="auto", overflow="hidden"), ratio_row(40, height=20),
                 ratio_row(40, height=20, minWidth="auto", width=15),
                 ratio_row(12, height=10, minWidth="auto", padding={"left": 3, "right": 2}),
                 {"style": {"aspectRatio": 0.25, "height": 20, "minWidth": "auto"}, "text": "XXX\u200bXX"},
                 {"style": {"aspectRatio": 0.25, "height": 20}, "text": "XXX\u200bXX"}],
                flexDirection=direction, width=400, height=300, alignItems="flex-start", flexWrap="wrap"))
    # Only a width transferred from the box's own `height` grows so: one transferred from a flexed
    # or stretched height does not.
    add("aspect_ratio_auto_min_width_flexed",
        box([ratio_row(60, flexGrow=1, minWidth="auto", alignSelf="flex-start"),
             ratio_row(60, flexBasis=10, minWidth="auto", alignSelf="flex-start"),
             ratio_row(60, height=10, minWidth="auto", alignSelf="flex-start")],
            width=300, height=100))
    add("aspect_ratio_auto_min_width_stretched",
        box([ratio_row(60, minWidth="auto"), ratio_row(60, minWidth="auto", height=10)],
            flexDirection="row", width=300, height=40))
    # A column container sized from its content counts an item with a ratio and no height of its
    # own at its content width (its flexed height is not known then), within its min and max
    # heights converted through the ratio.
    def ratio_column(**style):
        return box([leaf(aspectRatio=2, flexBasis=20), leaf(aspectRatio=2, flexGrow=1, minHeight=15),
                    leaf(aspectRatio=2, flexBasis=30, maxHeight=5, minWidth="auto"), leaf(width=6, height=4)],
                   **style)
    add("aspect_ratio_column_contribution_absolute", box([ratio_column(position="absolute", height=100)],
                                                         width=200, height=150))
    add("aspect_ratio_column_contribution_item",
        box([ratio_column(height=100, alignSelf="flex-start"), ratio_column(height=100)],
            flexDirection="row", width=200, height=150, alignItems="flex-start"))
    # With neither size known, a leaf's min-height transfers to its width through the ratio
    # (capped by max-width).
    add("aspect_ratio_min_height_transfers",
        box([leaf(aspectRatio=2, minHeight=10), leaf(aspectRatio=0.5, minHeight=10.5, maxWidth=3),
             leaf(position="absolute", aspectRatio=16 / 9, minHeight=1.25),
             leaf(position="absolute", aspectRatio=3, minHeight=7, top=20, boxSizing="content-box",
                  padding={"top": 2})],
            width=200, height=150, alignItems="flex-start"))
    add("aspect_ratio_auto_min_nested",
        box([box([box([leaf(width=10, height=25)], minHeight="auto", aspectRatio=5)],
                 aspectRatio=2, minHeight="auto", width=40)], width=200, height=200, alignItems="flex-start"))
    add("aspect_ratio_auto_min_text",
        box([{"style": {"aspectRatio": 4, "width": 30, "minHeight": "auto"}, "text": "XX\u200bXX\u200bXX"},
             {"style": {"aspectRatio": 4, "width": 30}, "text": "XX\u200bXX\u200bXX"}],
            width=150, height=150, alignItems="flex-start"))
    # A shrinkable item with a ratio whose height is stretched (definite, §9.8) in a row: its
    # content size suggestion is at least that height converted through the ratio (§4.5).
    words = lambda n, w="HH": "\u200b".join([w] * n)
    add("aspect_ratio_stretched_content_suggestion",
        box([leaf(aspectRatio=2, flexShrink=1, minWidth="auto"),
             leaf(aspectRatio=2, flexShrink=1, minWidth="auto", minHeight=40),
             {"style": {"aspectRatio": 1, "flexShrink": 1, "minWidth": "auto"}, "text": words(2)},
             leaf(aspectRatio=2, flexShrink=1, minWidth="auto", maxHeight=20),
             leaf(aspectRatio=3, flexShrink=1, minWidth="auto", alignSelf="flex-start", height=10)],
            flexDirection="row", width=120, height=50))
    # With neither size known, a box's max-height caps the width its content gives it, through
    # the ratio (CSS Sizing 4 §2.2): as a flex item's base size and as an absolute box's width.
    for direction in ["row", "column"]:
        add(f"aspect_ratio_max_height_caps_content_width_{direction}",
            box([{"style": {"aspectRatio": 2, "maxHeight": 20, "flexShrink": 1, "minWidth": "auto"},
                  "text": words(4)},
                 {"style": {"aspectRatio": 0.5, "maxHeight": 50, "position": "absolute", "top": 60},
                  "text": words(9, "HHHH")},
                 leaf(aspectRatio=4, maxHeight=5, minWidth=30),
                 {"style": {"aspectRatio": 1, "maxHeight": 15, "minHeight": "auto"}, "text": words(3)}],
                flexDirection=direction, width=200, height=150, alignItems="flex-start"))
    # A column item with a ratio and an auto width finds its height from its width within its
    # own min and max widths; in the main axis its automatic minimum height is the flex item's
    # (§4.5: its content height, clamped by its min and max widths through the ratio), not the
    # CSS Sizing 4 §5.1 one, which still holds in a row's cross axis and for an absolute box.
    for align in ["flex-start", "stretch"]:
        add(f"aspect_ratio_column_width_limits_{align}",
            box([leaf(aspectRatio=2, minWidth=40),
                 {"style": {"aspectRatio": 2, "maxWidth": 40, "minHeight": "auto", "flexShrink": 1},
                  "text": words(11)},
                 {"style": {"aspectRatio": 2, "width": 40, "minHeight": "auto"}, "text": words(11)},
                 {"style": {"aspectRatio": 2, "maxWidth": 40}, "text": words(11)},
                 box([leaf(width=8, height=30)], aspectRatio=1, maxWidth=20, minHeight="auto")],
                width=100, height=300, alignItems=align))
    add("aspect_ratio_row_max_width_auto_min_height",
        box([{"style": {"aspectRatio": 2, "maxWidth": 40, "minHeight": "auto", "flexShrink": 1},
              "text": words(11)},
             {"style": {"aspectRatio": 3, "maxWidth": 50, "minHeight": "auto", "position": "absolute",
                        "top": 70}, "text": words(9, "HHHH")}],
            flexDirection="row", width=200, height=200, alignItems="flex-start"))
    # An absolutely positioned box with an aspect ratio and a known width (its own, or from
    # both horizontal insets) takes its height through the ratio, not from its vertical insets;
    # with only vertical insets both set, its height comes from them and its width through the ratio.
    add("absolute_aspect_ratio_over_insets",
        box([leaf(position="absolute", aspectRatio=3, top="5%", bottom="5%", left="5%", right="5%"),
             leaf(position="absolute", aspectRatio=2, width=50, top=10, bottom=20, left=200),
             leaf(position="absolute", aspectRatio=0.5, top=100, bottom=120, right=10),
             leaf(position="absolute", aspectRatio=4, left=300, right=20, top=10, bottom=10, maxHeight=15),
             leaf(position="absolute", aspectRatio=1, left=300, right=40, top=200, bottom=5,
                  alignSelf="flex-end")],
            width=400, height=300))
    # `safe` at the static position of an absolutely positioned box is taken against the
    # inset-modified containing block CSS Position 3 §4.1 builds from it (end: from the content
    # box's end to the containing block's start; center: the widest span about the content
    # box's centre inside the containing block), not against the content box.
    def safe_static(**style):
        return box([leaf(position="absolute", alignSelf="safe center", width=26, height=5),
                    leaf(position="absolute", alignSelf="safe flex-end", width=26, height=5, top=6),
                    leaf(position="absolute", alignSelf="safe center", width=20, height=5, top=12,
                         margin={"right": 10}),
                    leaf(position="absolute", alignSelf="safe flex-end", width=34, height=5, top=18),
                    leaf(position="absolute", alignSelf="safe center", width=0.5, height=5, top=24),
                    leaf(position="absolute", alignSelf="safe flex-start", width=40, height=5, top=30)],
                   width=30, height=40, **style)
    for direction in ["ltr", "rtl"]:
        add(f"absolute_safe_static_position_{direction}",
            safe_static(border={"left": 2, "right": 3}, padding={"left": 4, "right": 5}, direction=direction))
    add("absolute_safe_static_position_padding", safe_static(padding={"left": 4, "right": 5}))
    add("absolute_safe_static_position_row",
        box([leaf(position="absolute", alignSelf="safe center", width=5, height=26),
             leaf(position="absolute", alignSelf="safe flex-end", width=5, height=26, left=6)],
            flexDirection="row", width=40, height=30, padding={"top": 11.5, "bottom": 5.5}))
    # A column item with an aspect ratio and a height of its own that flexes away gives a
    # container of auto width the width its own height gives through the ratio.
    add("aspect_ratio_column_item_own_height_width",
        box([box([leaf(flexBasis=0, height=149, aspectRatio=2)]),
             box([leaf(flexBasis=0, height=20, aspectRatio=0.5, margin={"left": 3})], alignItems="flex-start")],
            alignItems="flex-start"))
    # Min and max heights transfer through the ratio to a width found from the content, in
    # content sizes too (a row's contribution) and for a container; a column root of auto
    # width stretches a ratio item to its width first; an absolute box's ratio-derived height
    # is definite for its stretched items.
    add("aspect_ratio_min_height_in_contribution",
        box([box([leaf(minHeight=20, aspectRatio=2)], flexDirection="row"),
             box([leaf(minHeight=7.5, aspectRatio=0.5, margin={"left": 2}), leaf(width=3, height=3)],
                 flexDirection="row")]))
    add("aspect_ratio_container_max_height_caps_width",
        box([box([leaf(width=140)], maxHeight=60, position="absolute", aspectRatio=2),
             box([leaf(width=10, height=1)], minHeight=30, position="absolute", aspectRatio=2, top=70),
             box([leaf(width=140)], maxHeight=40, aspectRatio=3, alignSelf="flex-start")],
            width=300, height=200))
    add("aspect_ratio_column_root_stretch",
        box([box([leaf(width=133)]), leaf(aspectRatio=2), leaf(aspectRatio=4, margin={"left": 13})]))
    add("aspect_ratio_absolute_ratio_height_definite",
        box([box([box([leaf(border={"right": 5}, boxSizing="content-box", aspectRatio=2)],
                      flexDirection="row-reverse", position="absolute", aspectRatio=2),
                  box([leaf(aspectRatio=1, flexShrink=1, minWidth="auto"), leaf(width=30, height=4)],
                      flexDirection="row", position="absolute", aspectRatio=4, top=20)])],
            width=200, height=100))
    # An absolute box with a ratio whose height its vertical insets give takes its width's
    # min and max sizes through the ratio; a ratio item's height from a stretched definite width
    # is definite for its children's percentages, though the column's own height is not.
    add("aspect_ratio_absolute_inset_height_min_width",
        box([box([leaf(minWidth=33, position="absolute", top=36, bottom="25%", aspectRatio=3),
                  leaf(maxWidth=20, position="absolute", top=0, bottom=0, left=50, aspectRatio=0.5)],
                 height=80)], alignItems="flex-start"))
    add("aspect_ratio_item_height_definite_for_percentages",
        box([box([box([leaf(margin={"bottom": 13.5})], maxHeight="20%")], aspectRatio=3),
             box([box([leaf(height=50)], maxHeight="50%"), leaf(height="25%", width=4)], aspectRatio=2)],
            width=120))
    # A wrapping container with a ratio takes its height from its fit-content width, not from
    # its content.
    add("aspect_ratio_wrap_container_height_from_width",
        box([box([box([leaf(margin={"bottom": 17.5})], flexWrap="wrap", aspectRatio=1),
                  box([leaf(width=12, height=30), leaf(width=12, height=30)], flexWrap="wrap", aspectRatio=2)],
                 alignItems="flex-start"),
             box([box([leaf(height=126)])], flexWrap="wrap", flexDirection="row", position="absolute",
                 aspectRatio=0.5)]))
    # A column container of auto width finds its (fit-content) width before stretching an item
    # with a ratio, whose height depends on it; a root of auto width does so for any ratio box.
    add("aspect_ratio_column_fit_content_before_stretch",
        box([box([box([box([leaf(aspectRatio=3)])], flexWrap="wrap-reverse", width=53)]),
             box([box([leaf(aspectRatio=0.5)]), leaf(height=28, aspectRatio=2)])]))
    add("aspect_ratio_wrap_column_item_measured_at_own_width",
        box([box([leaf(aspectRatio=2)]), box([leaf(padding={"top": "10%", "left": 12.25})])],
            flexWrap="wrap"))
    # A relatively positioned root is shifted by its own insets (left over right, top over
    # bottom), from where its margins put it.
    add("root_relative_offset", box([leaf(width=10, height=10)], top=0.3, left=72, width=50, height=40))
    add("root_relative_offset_end_insets",
        box([leaf(width=10, height=10)], right=12.5, bottom=7, margin={"left": 5, "top": 3}, width=50))
    add("root_relative_offset_both_insets",
        box([leaf(width=10, height=10)], left=10, right=30, top=4, bottom=100, direction="rtl",
            flexDirection="row"))
    # A degenerate aspect ratio (a zero width or height) behaves as `auto`.
    add("aspect_ratio_degenerate",
        box([leaf(aspectRatio=0, width=40), leaf(aspectRatio="1 / 0", height=20, minWidth=3),
             leaf(aspectRatio="0 / 1", width=5), leaf(aspectRatio=0, flexGrow=1, height=9)],
            flexDirection="row", width=100, height=50, alignItems="flex-start"))
    # An absolutely positioned box takes `safe` only from its own align-self, not from its
    # container's align-items; between two insets, safe/unsafe/default overflow differ.
    for direction in ["ltr", "rtl"]:
        add(f"absolute_safe_align_items_{direction}",
            box([leaf(position="absolute", width=128.75, height=10),
                 leaf(position="absolute", alignSelf="safe flex-end", width=128.75, height=10, top=15),
                 leaf(position="absolute", alignSelf="safe center", width=128.75, height=10, top=30)],
                width=74, height=50, alignItems="safe flex-end", direction=direction))
    for align in ["safe end", "unsafe end", "end", "safe center", "unsafe center", "center"]:
        add(f"absolute_insets_overflow_{align.replace(' ', '_')}",
            box([leaf(position="absolute", alignSelf=align, top=5, bottom=5, height=30, width=10),
                 box([leaf(position="absolute", alignSelf=align, top=31.25, bottom=0, height=11.75, width=10)],
                     width=20, height=0)],
                width=50, height=20))
    # A root sized to its max-content width lays its children out in it: their percentages
    # resolve against it.
    add("root_max_content_percentages",
        box([leaf(width=110.25, margin={"left": "5%"}, height=5),
             box([leaf(width=110.25, height=5), leaf(width="50%", height=10, padding={"left": "10%"})],
                 flexDirection="row")]))
    # A column item's contribution to its container's width is measured at its own definite
    # height (a percentage of a definite height), unflexed: it wraps into two columns there.
    add("column_wrap_contribution_at_own_height",
        box([box([box([leaf(padding={"top": 11.25, "right": 4.25}),
                       leaf(flexBasis="50%", padding={"right": 10})],
                      flexWrap="wrap-reverse", flexShrink=0.5, height="60%"),
                  box([leaf(margin={"top": 16.5})])])],
            flexWrap="wrap", width=207.25, height=210.25))
    # min-height/max-height keywords (CSS Sizing 3 §5.1): in the block axis each is the box's
    # content height at its used width.
    for kw in ["min-content", "max-content", "fit-content"]:
        add(f"keyword_min_max_height_{kw}_row",
            box([kw_text(width=40, maxHeight=kw), kw_text(width=40, height=10, minHeight=kw),
                 kw_text(flexGrow=1, height=300, maxHeight=kw),
                 leaf(width=20, height=30, maxHeight=kw, padding={"top": 5}),
                 box([leaf(width=30, height=25)], width=30, height=5, minHeight=kw)],
                flexDirection="row", width=200, height=150))
        add(f"keyword_min_max_height_{kw}_column",
            box([kw_text(height=300, maxHeight=kw, flexShrink=0), kw_text(width=40, height=5, minHeight=kw),
                 kw_text(flexGrow=1, maxHeight=kw, width=50),
                 leaf(flexGrow=1, minHeight=kw, maxHeight=kw, padding=3),
                 kw_text(alignSelf="flex-start", maxHeight=kw, height=200, flexShrink=0)],
                flexDirection="column", width=120, height=150))
        # The container's own min/max height, and absolutely positioned boxes.
        add(f"keyword_min_max_height_{kw}_containers",
            box([box([kw_text(width=30), leaf(width=20, height=70)], flexDirection="row", height=20, minHeight=kw,
                     width=60),
                 box([kw_text(), leaf(width=20, height=15)], flexDirection="column", height=140, maxHeight=kw,
                     width=50),
                 leaf(position="absolute", width=20, height=40, maxHeight=kw, padding={"bottom": 4}),
                 kw_text(position="absolute", left=100, top=0, bottom=0, width=40, maxHeight=kw)],
                flexDirection="row", alignItems="flex-start", width=200, height=150))
        add(f"keyword_min_max_height_{kw}_root",
            box([kw_text(width=40), leaf(width=30, height=10)], flexDirection="column", width=100, height=10,
                minHeight=kw))
        # min-width/max-width keywords on containers, the root, absolutely positioned boxes and a
        # wrapping column (CSS Sizing 3 §3.2: the box's min-content, max-content or fit-content width).
        add(f"keyword_min_max_width_{kw}_containers",
            box([box([kw_text(), leaf(width=30, height=10)], flexDirection="row", width=10, minWidth=kw),
                 box([kw_text(), leaf(width=30, height=10)], flexDirection="column", width=190, maxWidth=kw,
                     flexShrink=1),
                 kw_text(position="absolute", top=50, left=0, right=0, maxWidth=kw),
                 leaf(position="absolute", top=90, width=80, height=10, maxWidth=kw, padding={"left": 6})],
                flexDirection="row", alignItems="flex-start", width=200, height=150))
        add(f"keyword_min_max_width_{kw}_root",
            box([kw_text(), leaf(width=30, height=10)], flexDirection="column", width=200, maxWidth=kw,
                minHeight=kw, height=5))
        add(f"keyword_max_height_{kw}_wrapping_column",
            box([kw_text(maxHeight=kw, flexGrow=1, width=30), kw_text(minHeight=kw, height=10, width=60),
                 leaf(width=20, height=40, maxHeight=kw)],
                flexDirection="column", flexWrap="wrap", width=150, height=100))
        # A wrapping column item whose own height is clamped by a keyword: its lines are laid out
        # at the clamped height (and at its fit-content width when the container does not stretch it).
        for align in ["stretch", "flex-start"]:
            add(f"keyword_height_{kw}_wrapping_item_{align}",
                box([box([leaf(width=40, height=30), leaf(width=60, height=45), leaf(width=20, height=35)],
                         flexDirection="column", flexWrap="wrap", height=120, maxHeight=kw),
                     box([leaf(width=40, height=30), leaf(width=30, height=20)],
                         flexDirection="column", flexWrap="wrap", height=10, minHeight=kw)],
                    flexDirection="column", alignItems=align, width=180, height=95))
        # A keyword min-height stops a scroll container (no automatic minimum) from shrinking below
        # its content; a keyword max-height caps an item whose child has a percentage height.
        add(f"keyword_min_height_{kw}_shrinking_scroll_item",
            box([kw_text(overflow="hidden", minHeight=kw, flexShrink=1, height=100),
                 kw_text(overflow="hidden", flexShrink=1, height=100, width=40),
                 box([leaf(height="50%", width=10), kw_text()], overflow="hidden", minHeight=kw, flexShrink=1,
                     height=100, flexDirection="row")],
                flexDirection="column", width=60, height=90))
    # A centred column whose items are 100% wide and have margins (so they overflow it, centred),
    # one of them a padded column holding a growing, wrapping text between two 100% wide leaves:
    # percentages of a base shrunk by padding, negative free space centred, text lines at the
    # width its margins leave; with the browser's initial flex-shrink as well.
    words = ["XXXX"] * 60
    for shrink in [0, 1]:
        add(f"percent_width_overflow_centered_text_column_shrink{shrink}",
            box([leaf(width="100%", height=20, flexShrink=shrink),
                 box([leaf(width="100%", height=50, flexShrink=shrink),
                      text(words, flexGrow=1, margin=20, flexShrink=shrink),
                      leaf(width="100%", height=50, flexShrink=shrink)],
                     width="100%", flexGrow=1, flexShrink=shrink, padding=20, margin=20)],
                width=300, height=300, alignItems="center", alignContent="center"))
    return f


def sizing_fixtures():
    """The fixtures of issue 35: `generate.py sizing` writes flex-sizing-hand.json.

    - An aspect ratio on a single-line row container whose stretched item is text: the ratio's
      height is definite, so the stretched item is that tall whatever its text, and only the other
      items can raise the container (as Taffy's suite has it, its text nodes being flex containers).
    - The public suites' fixtures whose roots Yoga's page sizes in no space: the same trees at their
      max-content width (our page) and with `width: min-content` (what Yoga's page gives them).
    - The `stretch` sizing keyword (CSS Sizing 4 §3.1) on every property that takes it.
    """
    f = []

    def add(name, tree):
        f.append((name, tree))

    def text(words, **style):
        # (Shrinkable, as an anonymous item is, so that the text wraps in its container.)
        return {"style": {"flexShrink": 1, **style}, "text": "\u200b".join(words)}

    nine = ["HHHH"] * 9
    eleven = ["HH"] * 11

    def ratio_box(*kids, **style):
        return box(list(kids), aspectRatio=3, minHeight="auto", flexDirection="row", **style)

    # The ratio's automatic minimum height with a stretched text item (CSS Sizing 4 §5.1, CSS
    # Flexbox §9.8 point 1).
    add("ratio_row_stretched_text",
        box([ratio_box(text(nine), width=50), ratio_box(text(nine), maxWidth=50),
             ratio_box(text(nine), leaf(width=10, height=30), width=50),
             ratio_box(text(nine, margin={"top": 5}), width=50),
             ratio_box(text(nine, minHeight=40), width=50), ratio_box(text(nine, maxHeight=10), width=50),
             ratio_box(text(nine), width=50, padding={"top": 4}, border={"bottom": 2}),
             ratio_box(box([leaf(width=10, height=70)]), width=50)],
            flexDirection="row", alignItems="flex-start", width=500, height=300))
    add("ratio_row_content_text",
        box([ratio_box(text(nine), width=50, alignItems="flex-start"),
             ratio_box(text(nine), width=50, flexWrap="wrap"),
             ratio_box(text(nine, margin={"top": "auto"}), width=50),
             box([text(nine)], aspectRatio=3, minHeight="auto", width=50),
             ratio_box(text(nine), width=50, maxHeight=10)],
            flexDirection="row", alignItems="flex-start", width=400, height=300))
    add("ratio_row_stretched_text_absolute",
        box([box([text(nine)], position="absolute", maxWidth=50, aspectRatio=3, minHeight="auto",
                 flexDirection="row", flexShrink=1),
             box([text(eleven, flexShrink=1)], position="absolute", top=100, maxWidth=40, aspectRatio=2,
                 minHeight="auto", flexDirection="row")],
            flexDirection="row", width=400, height=300))
    add("ratio_row_stretched_text_item",
        box([box([text(eleven, flexShrink=1, minWidth="auto")], maxWidth=40, aspectRatio=2,
                 minHeight="auto", minWidth="auto", flexDirection="row", flexShrink=1)],
            flexDirection="row", alignItems="flex-start", width=100, height=100))
    # Yoga's page: the trees of its fixtures wrap_column, row_gap_percent_wrapping_with_min_width,
    # max_content_flex_basis_row, fit_content_max_height, fit_content_min_height and
    # max_content_min_height, each at its max-content width and at its min-content width.
    fifty = lambda: [leaf(width=50, height=50), leaf(width=50, height=100), leaf(width=50, height=25)]
    yoga = {
        "wrap_column": lambda **s: box([leaf(width=30, height=30) for _ in range(4)], height=100,
                                       flexWrap="wrap", **s),
        "row_gap_percent_wrapping_with_min_width": lambda **s: box(
            [leaf(width=100, height=100) for _ in range(5)], flexDirection="row", minWidth=300, gap="10%",
            flexWrap="wrap", **s),
        "max_content_flex_basis_row": lambda **s: box(
            [leaf(width=50, height=50), leaf(width=100, height=500), leaf(width=25, height=50)],
            flexDirection="row", flexBasis="max-content", flexWrap="wrap", **s),
        "fit_content_max_height": lambda **s: box(
            [box(fifty(), maxHeight="fit-content", height=110, flexWrap="wrap")], height=90, **s),
        "fit_content_min_height": lambda **s: box(
            [box(fifty(), minHeight="fit-content", height=90, flexWrap="wrap")], height=90, **s),
        "max_content_min_height": lambda **s: box(fifty(), minHeight="max-content", height=100,
                                                  flexWrap="wrap", **s),
    }
    for name, tree in yoga.items():
        add(f"yoga_page_{name}_max_content", tree())
        add(f"yoga_page_{name}_min_content", tree(width="min-content"))
    # `stretch` (CSS Sizing 4 §3.1): the margin box fills the containing block.
    S = "stretch"
    add("stretch_width_row",
        box([leaf(width=S, height=10, margin={"left": 5, "right": 15}), leaf(width=S, height=10, flexShrink=1),
             leaf(width=S, height=10, flexShrink=1, boxSizing="content-box", padding={"left": 7}, border={"right": 2})],
            flexDirection="row", width=200, height=100, padding=10))
    add("stretch_width_row_auto_width",
        box([box([box([leaf(width=40, height=5)], width=S, height=10), leaf(width=30, height=10)],
                 flexDirection="row", padding=5),
             box([box([leaf(width=25, height=5)], flexBasis=S, height=10), leaf(width=30, height=10)],
                 flexDirection="row"),
             box([leaf(width=80, height=10, maxWidth=S), leaf(width=30, height=10, minWidth=S)],
                 flexDirection="row")],
            width=300, height=100, alignItems="flex-start"))
    add("stretch_height_row_definite",
        box([leaf(width=20, height=S, margin={"top": 3, "bottom": 7}), leaf(width=20, height=S),
             leaf(width=20, height=10, minHeight=S), leaf(width=20, height=500, maxHeight=S, margin={"top": 5}),
             box([leaf(width="50%", height="50%")], width=40, height=S)],
            flexDirection="row", alignItems="center", width=200, height=100, padding=10))
    add("stretch_height_row_auto_height",
        box([box([leaf(width=20, height=S), leaf(width=20, height=50)], flexDirection="row"),
             box([box([leaf(width=5, height=12)], width=20, height=S), leaf(width=20, height=50)],
                 flexDirection="row", alignItems="flex-start"),
             box([leaf(width=20, height=S, margin={"top": 4}), leaf(width=20, height=50),
                  leaf(width=10, height=10, minHeight=S), leaf(width=10, height=60, maxHeight=S),
                  box([leaf(width=5, height="50%")], width=20, height=S)],
                 flexDirection="row", alignItems="center", padding={"top": 3})],
            width=200, alignItems="flex-start"))
    add("stretch_height_row_wrap",
        box([box([leaf(width=60, height=S), leaf(width=60, height=20), leaf(width=60, height=S, margin={"top": 4})],
                 flexDirection="row", flexWrap="wrap", width=100, height=100),
             box([box([leaf(width=5, height=12)], width=60, height=S), leaf(width=60, height=20),
                  leaf(width=60, height=30)],
                 flexDirection="row", flexWrap="wrap", width=100)],
            flexDirection="row", width=300, alignItems="flex-start"))
    add("stretch_column",
        box([leaf(width=S, height=10, margin={"left": 5, "right": 15}), leaf(width=S, height=10, alignSelf="center"),
             leaf(width=20, height=S, margin={"top": 5, "bottom": 15}), leaf(width=20, height=S, flexShrink=1),
             leaf(width=10, height=10, minHeight=S), leaf(width=10, height=500, maxHeight=S, flexShrink=1),
             leaf(width=500, height=10, maxWidth=S), leaf(width=10, height=10, minWidth=S)],
            width=200, height=100, padding=10, alignItems="flex-start"))
    add("stretch_column_auto_size",
        box([box([box([leaf(width=5, height=12)], width=20, height=S), leaf(width=20, height=10),
                  leaf(width=10, height=10, minHeight=S), leaf(width=10, height=40, maxHeight=S)]),
             box([leaf(width=S, height=10), leaf(width=60, height=10)], padding=5),
             box([box([leaf(height=30, flexShrink=1, minHeight=S)], height=40, flexShrink=1),
                  leaf(height=40, flexShrink=1)], maxHeight=50)],
            flexDirection="row", width=300, alignItems="flex-start"))
    add("stretch_column_wrap",
        box([leaf(height=60, width=S), leaf(height=60, width=20), leaf(height=30, width=S, margin={"left": 3})],
            flexWrap="wrap", width=100, height=100, alignItems="flex-start"))
    add("stretch_flex_basis",
        box([box([leaf(flexBasis=S, height=10, margin={"left": 5}),
                  leaf(flexBasis=S, height=10, flexShrink=1, width=30)],
                 flexDirection="row", width=200, height=40, padding=5),
             box([leaf(flexBasis=S, width=10, margin={"top": 5}), leaf(flexBasis=S, width=10, flexShrink=1, height=30)],
                 width=60, height=100, padding=5),
             box([box([leaf(width=5, height=12)], flexBasis=S, width=10), leaf(flexBasis=S, width=10, height=30)],
                 width=60),
             box([leaf(flexBasis=S, height=10, flexGrow=1, maxWidth=S), leaf(width=50, height=10, flexGrow=1)],
                 flexDirection="row", width=200)],
            flexDirection="row", width=600, alignItems="flex-start"))
    add("stretch_absolute",
        box([leaf(position="absolute", width=S, height=S, margin={"left": 5, "top": 6, "right": 7, "bottom": 8}),
             leaf(position="absolute", width=S, height=20, left=30, right="10%"),
             leaf(position="absolute", width=S, height=S, top=10, bottom=20, left=15, margin="auto"),
             leaf(position="absolute", width=50, maxWidth=S, left=180, height=10),
             leaf(position="absolute", width=10, minWidth=S, left=20, height=S, maxHeight=30, top=50),
             leaf(position="absolute", width=10, height=5, minHeight=S, top=60),
             leaf(position="absolute", width=S, aspectRatio=4, top=0, right=20),
             leaf(position="absolute", height=S, width=10, bottom=5)],
            width=200, height=100, padding=10, border={"left": 3, "top": 2}))
    for justify in ["center", "flex-end"]:
        add(f"stretch_absolute_static_{justify}",
            box([leaf(position="absolute", width=S, height=S, margin=4),
                 leaf(position="absolute", width=S, height=10, alignSelf="flex-end"),
                 leaf(position="absolute", width=10, height=S, alignSelf="center")],
                flexDirection="row", justifyContent=justify, alignItems="center", width=200, height=100,
                padding={"left": 30, "top": 10, "right": 5, "bottom": 20}))
    add("stretch_ratio_and_percent_children",
        box([leaf(width=S, aspectRatio=4), leaf(height=S, aspectRatio=0.5),
             box([leaf(width="50%", height="50%")], width=S, height=S, flexShrink=1, margin={"left": 10})],
            flexDirection="row", alignItems="flex-start", width=300, height=100))
    add("stretch_text",
        box([text(["HH", "HH"], width=S), leaf(width=30, height=10),
             text(["HH", "HH"], width=40, height=S, margin={"top": 5, "bottom": 10}),
             text(["HHHH", "HHHH", "HHHH"], flexBasis=S, minWidth="auto")],
            flexDirection="row", alignItems="flex-start", width=150, height=60))
    add("stretch_rtl",
        box([leaf(width=S, height=10, margin={"left": 5, "right": 15}),
             leaf(position="absolute", width=S, height=10, margin={"left": 3}, top=40, right=20),
             box([leaf(width=S, height=10, margin={"right": 6}), leaf(width=30, height=10)], flexDirection="row",
                 width=S)],
            width=200, height=100, padding={"left": 10, "right": 4}, direction="rtl", alignItems="flex-end"))
    add("stretch_root_height",
        box([leaf(width=20, height=30), leaf(width=20, height=S)], flexDirection="row", width=100, height=S))
    return f


def baseline_fixtures():
    """Baseline alignment (`align-items: baseline`, `align-self: baseline`): `generate.py baseline`
    writes flex-baseline-hand.json."""
    f = []

    def add(name, tree):
        f.append((name, tree))

    def text(words, font=None, **style):
        n = {"style": style, "text": "\u200b".join(words)}
        if font:
            n["font"] = font
        return n
    two = ["XXX", "XXXXX"]
    five = ["XX", "XXXX", "X", "XXXXXX", "XXX"]
    fonts = [None, {"advance": 7, "lineHeight": 12}, {"advance": 15, "lineHeight": 20},
             {"advance": 4, "lineHeight": 3}, {"advance": 7.5, "lineHeight": 11}, {"advance": 10, "lineHeight": 13.5}]
    for direction in ["row", "row-reverse", "column"]:
        add(f"baseline_leaves_{direction}",
            box([leaf(width=20, height=30), leaf(width=20, height=10, margin={"top": 5, "bottom": 7}),
                 leaf(width=20, height=50, alignSelf="center"), leaf(width=20, height=20)],
                flexDirection=direction, alignItems="baseline", width=200, height=150))
        add(f"baseline_text_fonts_{direction}",
            box([text(two, font=font) for font in fonts], flexDirection=direction, alignItems="baseline",
                width=400, height=150))
        add(f"baseline_text_padding_{direction}",
            box([text(two, padding={"top": 7}), text(five, border={"top": 3}, margin={"top": 4}, width=40),
                 text(two, font={"advance": 20, "lineHeight": 30}, padding=2), leaf(width=10, height=15)],
                flexDirection=direction, alignItems="baseline", width=300))
        add(f"baseline_wrap_{direction}",
            box([text(two), leaf(width=60, height=25), text(five, font={"advance": 12, "lineHeight": 16}),
                 leaf(width=70, height=5, margin={"bottom": 10}), text(["XXXXXX"], font={"advance": 6})],
                flexDirection=direction, flexWrap="wrap", alignItems="baseline", width=150))
        add(f"baseline_wrap_reverse_{direction}",
            box([text(two), leaf(width=60, height=25), text(five, font={"advance": 12, "lineHeight": 16}),
                 leaf(width=70, height=5, margin={"bottom": 10}), text(["XXXXXX"], font={"advance": 6})],
                flexDirection=direction, flexWrap="wrap-reverse", alignItems="baseline", width=150, height=200))
        add(f"baseline_self_{direction}",
            box([leaf(width=20, height=30, alignSelf="baseline"), text(two, alignSelf="baseline"),
                 leaf(width=20, alignSelf="stretch"), leaf(width=20, height=40, alignSelf="flex-end"),
                 text(five, font={"advance": 8, "lineHeight": 14}, alignSelf="baseline", margin={"top": 6})],
                flexDirection=direction, alignItems="center", width=300, height=100))
        add(f"baseline_auto_margin_{direction}",
            box([leaf(width=20, height=30), leaf(width=20, height=10, margin={"top": "auto"}),
                 text(two, margin={"bottom": "auto"}), text(two)],
                flexDirection=direction, alignItems="baseline", width=200, height=100))
        add(f"baseline_absolute_{direction}",
            box([leaf(width=20, height=30), leaf(position="absolute", width=20, height=10, alignSelf="baseline"),
                 text(two)],
                flexDirection=direction, alignItems="baseline", width=200, height=100, padding=5))
        # A box's baseline is its first item's (a row container's: its first baseline-aligned item's
        # on its first line), recursively; an empty box has none (its bottom edge stands in).
        add(f"baseline_nested_{direction}",
            box([box([text(two, font={"advance": 20, "lineHeight": 24}), text(five)], padding={"top": 9}),
                 box([leaf(width=30, height=12), text(two)], flexDirection="row", border={"top": 4}),
                 box([leaf(width=30, height=40), text(two, alignSelf="baseline", margin={"top": 13}),
                      leaf(width=5, height=5, alignSelf="baseline")], flexDirection="row"),
                 box([leaf(width=25, height=22)], padding=3),
                 box([box([text(["XX"], font={"advance": 30, "lineHeight": 30})], margin={"top": 5})],
                     flexDirection="row", alignItems="baseline"),
                 text(two)],
                flexDirection=direction, alignItems="baseline", width=500))
        add(f"baseline_nested_reverse_{direction}",
            box([box([leaf(width=10, height=10), text(two)], flexDirection="row-reverse"),
                 box([leaf(width=10, height=10), text(two)], flexDirection="column-reverse"),
                 box([text(two), leaf(width=10, height=10)], flexDirection="row", flexWrap="wrap-reverse",
                     width=40),
                 box([leaf(width=10, height=30, position="absolute"), text(two, position="relative", top=3)],
                     flexDirection="row"),
                 text(five)],
                flexDirection=direction, alignItems="baseline", width=500))
        add(f"baseline_flex_{direction}",
            box([text(five, flexGrow=1, flexShrink=1), text(two, flexShrink=1, font={"advance": 9}),
                 box([text(five)], flexBasis=30, flexShrink=1), leaf(flexGrow=1, height=7)],
                flexDirection=direction, alignItems="baseline", width=120, height=90))
        add(f"baseline_min_max_{direction}",
            box([text(five, maxHeight=15), text(two, minHeight=40), leaf(width=10, height=20, maxHeight=12),
                 text(two, height=5)],
                flexDirection=direction, alignItems="baseline", width=300))
    add("baseline_in_column_item",
        box([box([text(two), leaf(width=10, height=30)], flexDirection="row", alignItems="baseline"),
             box([leaf(width=10, height=30), text(two)], alignItems="baseline")], width=200))
    add("baseline_percent_child",
        box([box([leaf(width=10, height="50%"), text(two)], height=60, flexDirection="row", alignItems="baseline"),
             box([leaf(width=10, height="50%")], height=40)],
            flexDirection="row", alignItems="baseline", width=200, height=80))
    # A multi-line column's line holds its baseline group (left edges lined up: the widest left
    # margin plus the widest rest), a single-line column's only its widest item.
    for wrap in ["wrap", "wrap-reverse", "nowrap"]:
        for width in [None, 150]:
            group = [leaf(alignSelf="baseline", width=60, height=10, margin={"left": 20}),
                     leaf(alignSelf="baseline", width=90, height=10, margin={"left": -4, "right": 3}),
                     leaf(width=40, height=10)]
            style = {"flexWrap": wrap, "alignSelf": "flex-start", "height": 50}
            if width:
                style["width"] = width
            add(f"baseline_column_line_{wrap}_{'width' if width else 'auto'}",
                box([box(group, **style), leaf(width=10, height=10)], flexDirection="row", width=300, height=100))
    return f


def feature_value(rng, kind):
    """A random value of a feature-schema property."""
    if kind == "size":
        r = rng.random()
        if r < 0.45:
            return q(rng, 0, 150)
        if r < 0.85:
            return f"{rng.choice([10, 20, 25, 30, 33.5, 50, 60, 75, 100])}%"
        return "auto"
    if kind == "min":
        r = rng.random()
        if r < 0.4:
            return q(rng, 0, 100)
        return "auto" if r < 0.7 else f"{rng.choice([10, 20, 30, 50])}%"
    if kind == "max":
        return q(rng, 0, 150) if rng.random() < 0.5 else f"{rng.choice([20, 40, 60, 80])}%"
    if kind == "basis":
        return rng.choice(["auto", 0, q(rng, 0, 120), "20%", "50%", "35%"])
    if kind == "margin":
        r = rng.random()
        if r < 0.5:
            return q(rng, -10, 20)
        if r < 0.75:
            return "auto"
        return f"{rng.choice([-5, 2, 5, 10])}%"
    if kind == "padding":
        return q(rng, 0, 15) if rng.random() < 0.6 else f"{rng.choice([1, 2.5, 5, 10])}%"
    if kind == "inset":
        return q(rng, -20, 40) if rng.random() < 0.6 else f"{rng.choice([-10, 5, 10, 25, 50])}%"
    if kind == "gap":
        return q(rng, 0, 15) if rng.random() < 0.6 else f"{rng.choice([2, 5, 10])}%"
    raise ValueError(kind)


def random_feature_style(rng, is_root, depth, aspect=False, baseline=False, boxes=False):
    """A random style mixing the first schema with the features of feature_fixtures()."""
    s = random_style(rng, is_root, depth)
    if not is_root:
        for key in ["width", "height"]:
            if key in s and rng.random() < 0.5:
                s[key] = feature_value(rng, "size")
        for key in ["minWidth", "minHeight"]:
            if key in s and rng.random() < 0.5:
                s[key] = feature_value(rng, "min")
        for key in ["maxWidth", "maxHeight"]:
            if key in s and rng.random() < 0.5:
                s[key] = feature_value(rng, "max")
        if "flexBasis" in s and rng.random() < 0.5:
            s["flexBasis"] = feature_value(rng, "basis")
        for key in ["top", "left", "bottom", "right"]:
            if key in s and rng.random() < 0.5:
                s[key] = feature_value(rng, "inset")
        if "margin" in s:
            s["margin"] = {k: (feature_value(rng, "margin") if rng.random() < 0.4 else v)
                           for (k, v) in s["margin"].items()}
        if "padding" in s:
            s["padding"] = {k: (feature_value(rng, "padding") if rng.random() < 0.4 else v)
                            for (k, v) in s["padding"].items()}
    for key in ["rowGap", "columnGap"]:
        if key in s and rng.random() < 0.4:
            s[key] = feature_value(rng, "gap")
    if rng.random() < 0.15:
        s["boxSizing"] = rng.choice(["content-box", "border-box"])
    for key in ["minWidth", "minHeight"]:
        if key not in s and rng.random() < 0.15:
            s[key] = "auto"
    if rng.random() < 0.08:
        s["overflow"] = rng.choice(["hidden", "scroll", "clip", "visible"])
    if rng.random() < 0.1:
        s["direction"] = rng.choice(["rtl", "rtl", "ltr"])
    for key, values in [("justifyContent", ["start", "end", "safe center", "safe end", "unsafe flex-end"]),
                        ("alignItems", ["start", "end", "self-start", "self-end", "safe center", "safe flex-end"]),
                        ("alignContent", ["start", "end", "safe center", "safe end"])]:
        if key in s and rng.random() < 0.2:
            s[key] = rng.choice(values)
    if "alignSelf" in s and rng.random() < 0.2:
        s["alignSelf"] = rng.choice(["start", "end", "self-start", "self-end", "safe center", "safe end"])
    # aspect-ratio joins the mixes of the seeds in ASPECT_SEEDS (drawn only there, so the older
    # seeds' trees stay as they were).
    if aspect and rng.random() < 0.12:
        s["aspectRatio"] = rng.choice([0.5, 1, 1.5, 16 / 9, 2, 3])
    # baseline alignment joins the mixes of the seeds in BASELINE_SEEDS (drawn last and only there).
    if baseline and rng.random() < 0.3:
        s["alignItems"] = "baseline"
    if baseline and not is_root and rng.random() < 0.2:
        s["alignSelf"] = "baseline"
    if not is_root and rng.random() < 0.05:
        s["position"] = "static"
    if not is_root and rng.random() < 0.03:
        s["display"] = "none"
    # position: static containers and display: contents join the mixes of the seeds in BOX_SEEDS
    # (drawn last and only there).
    if boxes and not is_root and rng.random() < 0.15:
        s["position"] = "static"
    if boxes and not is_root and rng.random() < 0.08:
        s["display"] = "contents"
    return s


ASPECT_SEEDS = {5005, 6006}
BASELINE_SEEDS = {7007}
BOX_SEEDS = {8008, 8080}


def random_feature_tree(rng, aspect=False, baseline=False, boxes=False):
    target = rng.randint(2, 25)
    root = {"style": random_feature_style(rng, True, 0, aspect, baseline, boxes), "children": []}
    nodes = [(root, 0)]
    count = 1
    while count < target:
        candidates = [(n, d) for (n, d) in nodes if d < 3]
        parent, depth = rng.choice(candidates)
        child = {"style": random_feature_style(rng, False, depth + 1, aspect, baseline, boxes), "children": []}
        parent["children"].append(child)
        nodes.append((child, depth + 1))
        count += 1

    def clean(n):
        if not n["children"]:
            del n["children"]
        else:
            # Static containers pass their absolutely positioned children on to a positioned
            # ancestor; the older seeds keep `position: static` off containers (as drawn then).
            if n["style"].get("position") == "static" and not boxes:
                del n["style"]["position"]
            for c in n["children"]:
                clean(c)
        if not n["style"]:
            del n["style"]
    clean(root)
    return root


# ---------------------------------------------------------------------------------------------
# Seeded random trees.

def q(rng, lo, hi):
    """A random multiple of 1/4 in [lo, hi]."""
    return rng.randint(lo * 4, hi * 4) / 4


def random_edges(rng, lo, hi, p):
    if rng.random() > p:
        return None
    return {e: q(rng, lo, hi) for e in ["top", "left", "bottom", "right"] if rng.random() < 0.6}


def random_style(rng, is_root, depth):
    s = {}
    if rng.random() < 0.6:
        s["flexDirection"] = rng.choice(["row", "row-reverse", "column", "column-reverse"])
    if rng.random() < 0.4:
        s["justifyContent"] = rng.choice(["flex-start", "center", "flex-end", "space-between", "space-around",
                                          "space-evenly"])
    if rng.random() < 0.4:
        s["alignItems"] = rng.choice(["flex-start", "center", "flex-end", "stretch"])
    if rng.random() < 0.3:
        s["flexWrap"] = rng.choice(["wrap", "wrap-reverse", "nowrap"])
    if rng.random() < 0.3:
        s["alignContent"] = rng.choice(["flex-start", "center", "flex-end", "stretch", "space-between",
                                        "space-around", "space-evenly"])
    if is_root:
        s["width"] = q(rng, 100, 400)
        s["height"] = q(rng, 100, 400)
    else:
        if rng.random() < 0.2:
            s["alignSelf"] = rng.choice(["auto", "flex-start", "center", "flex-end", "stretch"])
        if rng.random() < 0.35:
            s["flexGrow"] = rng.choice([0, 1, 1, 2, 0.5, 3])
        if rng.random() < 0.35:
            s["flexShrink"] = rng.choice([0, 1, 1, 2, 0.5])
        if rng.random() < 0.25:
            s["flexBasis"] = rng.choice(["auto", 0, q(rng, 0, 120)])
        if rng.random() < 0.5:
            s["width"] = q(rng, 0, 150)
        if rng.random() < 0.5:
            s["height"] = q(rng, 0, 150)
        if rng.random() < 0.12:
            s["minWidth"] = q(rng, 0, 100)
        if rng.random() < 0.12:
            s["minHeight"] = q(rng, 0, 100)
        if rng.random() < 0.12:
            s["maxWidth"] = q(rng, 0, 150)
        if rng.random() < 0.12:
            s["maxHeight"] = q(rng, 0, 150)
        if rng.random() < 0.1:
            s["position"] = "absolute"
        if rng.random() < 0.25:
            for k in ["top", "left", "bottom", "right"]:
                if rng.random() < 0.4:
                    s[k] = q(rng, -20, 40)
        m = random_edges(rng, -10, 20, 0.3)
        if m:
            s["margin"] = m
    p = random_edges(rng, 0, 15, 0.3)
    if p:
        s["padding"] = p
    b = random_edges(rng, 0, 6, 0.2)
    if b:
        # Chromium snaps border widths to whole device pixels: keep them integral.
        b = {k: float(int(v)) for (k, v) in b.items()}
        s["border"] = b
    if rng.random() < 0.2:
        s["rowGap"] = q(rng, 0, 15)
    if rng.random() < 0.2:
        s["columnGap"] = q(rng, 0, 15)
    return s


def random_tree(rng):
    target = rng.randint(2, 25)
    root = {"style": random_style(rng, True, 0), "children": []}
    nodes = [(root, 0)]
    count = 1
    while count < target:
        candidates = [(n, d) for (n, d) in nodes if d < 3]
        parent, depth = rng.choice(candidates)
        child = {"style": random_style(rng, False, depth + 1), "children": []}
        parent["children"].append(child)
        nodes.append((child, depth + 1))
        count += 1
    def clean(n):
        if not n["children"]:
            del n["children"]
            if n is not root and rng.random() < 0.35:
                words = ["X" * rng.randint(1, 6) for _ in range(rng.randint(0, 6))]
                n["text"] = "\u200b".join(words)
                if rng.random() < 0.3:
                    n["font"] = {k: rng.choice([4, 5, 7.5, 10, 12]) for k in ["advance", "lineHeight"]
                                 if rng.random() < 0.7}
        else:
            for c in n["children"]:
                clean(c)
        if not n["style"]:
            del n["style"]
    clean(root)
    return root


# ---------------------------------------------------------------------------------------------

def number_ids(tree, prefix="n"):
    counter = [0]
    def walk(n):
        n["id"] = f"{prefix}{counter[0]}"
        counter[0] += 1
        for c in n.get("children", []):
            walk(c)
    walk(tree)
    # Put "id" first for readability.
    def reorder(n):
        out = {"id": n["id"]}
        if "style" in n:
            out["style"] = n["style"]
        for key in ("text", "font"):
            if key in n:
                out[key] = n[key]
        if "children" in n:
            out["children"] = [reorder(c) for c in n["children"]]
        return out
    return reorder(tree)


def make_font():
    """The test font, as a data URL: every glyph but U+200B a 1em square (Ahem's metrics: ascent
    0.8em, descent 0.2em), U+200B of zero width. Needs fontTools (`pip install fonttools`)."""
    import base64
    import io
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    upm = 1000
    fb = FontBuilder(upm, isTTF=True)
    chars = [c for c in range(0x21, 0x7f)] + [0x20]
    names = [".notdef", "square", "zwsp"]
    fb.setupGlyphOrder(names)
    cmap = {c: "square" for c in chars}
    cmap[0x200B] = "zwsp"
    fb.setupCharacterMap(cmap)
    pen = TTGlyphPen(None)
    pen.moveTo((0, -200)); pen.lineTo((0, 800)); pen.lineTo((upm, 800)); pen.lineTo((upm, -200)); pen.closePath()
    square = pen.glyph()
    empty = TTGlyphPen(None).glyph()
    fb.setupGlyf({".notdef": square, "square": square, "zwsp": empty})
    fb.setupHorizontalMetrics({".notdef": (upm, 0), "square": (upm, 0), "zwsp": (0, 0)})
    fb.setupHorizontalHeader(ascent=800, descent=-200, lineGap=0)
    fb.setupNameTable({"familyName": "FlexTest", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, sTypoLineGap=0, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    out = io.BytesIO()
    fb.save(out)
    return "data:font/ttf;base64," + base64.b64encode(out.getvalue()).decode()


SCRIPT = """
function frames(el, parentRect, hidden) {
  const style = getComputedStyle(el);
  const isHidden = hidden || style.display === 'none';
  // A display: contents box has no box: a zero frame at its parent's origin, its children's
  // frames relative to that parent.
  const isContents = !isHidden && style.display === 'contents';
  const r = isContents ? parentRect : el.getBoundingClientRect();
  const out = isHidden || isContents ? {x: 0, y: 0, width: 0, height: 0}
    : {x: r.left - parentRect.left, y: r.top - parentRect.top, width: r.width, height: r.height};
  out.children = Array.from(el.children).map(c => frames(c, r, isHidden));
  return out;
}
document.fonts.load('10px FlexTest').then(() => {
  const results = Array.from(document.querySelectorAll('.wrapper')).map(w =>
    frames(w.firstElementChild, w.getBoundingClientRect(), false));
  document.getElementById('out').textContent = JSON.stringify(results);
});
"""
FONT_URL = None


def render(trees):
    wrappers = "".join(
        '<div class="wrapper" style="display:flex;flex-direction:column;align-items:flex-start;'
        'width:100000px;position:relative;margin:0;padding:0;border:0">' + node_html(t) + "</div>"
        for t in trees)
    global FONT_URL
    if FONT_URL is None:
        FONT_URL = make_font()
    page = ("<!DOCTYPE html><html><head><meta charset='utf-8'><style>body{margin:0}"
            "@font-face{font-family:FlexTest;src:url(" + FONT_URL + ")}</style></head><body>"
            + wrappers + "<pre id='out'></pre><script>" + SCRIPT + "</script></body></html>")
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as handle:
        handle.write(page)
        path = handle.name
    try:
        dom = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                              "--virtual-time-budget=10000", "--dump-dom", path],
                             check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    start = dom.index("<pre id=\"out\">") + len("<pre id=\"out\">")
    end = dom.index("</pre>", start)
    text = dom[start:end].replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    return json.loads(text)


def write(name, fixtures):
    trees = [t for (_, t) in fixtures]
    results = []
    for i in range(0, len(trees), 100):
        results += render(trees[i:i + 100])
    out = [{"name": n, "input": t, "expected": r} for ((n, t), r) in zip(fixtures, results)]
    with open(os.path.join(OUT_DIR, name), "w") as handle:
        handle.write("[\n" + ",\n".join(json.dumps(o, separators=(",", ":")) for o in out) + "\n]\n")
    print(f"{name}: {len(out)} fixtures")


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    hand = [(n, number_ids(t)) for (n, t) in hand_fixtures()]
    if sys.argv[1:2] == ["features"]:
        # The feature fixtures: python3 generate.py features writes flex-features-hand.json;
        # python3 generate.py features SEED COUNT writes flex-features-SEED.json.
        if len(sys.argv) == 2:
            write("flex-features-hand.json", [(n, number_ids(t)) for (n, t) in feature_fixtures()])
        else:
            seed, count = int(sys.argv[2]), int(sys.argv[3])
            rng = random.Random(seed)
            rand = [(f"features{seed}_{i:03d}",
                     number_ids(random_feature_tree(rng, seed in ASPECT_SEEDS, seed in BASELINE_SEEDS,
                                                    seed in BOX_SEEDS)))
                    for i in range(count)]
            write(f"flex-features-{seed}.json", rand)
        return
    if sys.argv[1:] == ["sizing"]:
        write("flex-sizing-hand.json", [(n, number_ids(t)) for (n, t) in sizing_fixtures()])
        return
    if sys.argv[1:] == ["baseline"]:
        write("flex-baseline-hand.json", [(n, number_ids(t)) for (n, t) in baseline_fixtures()])
        return
    if sys.argv[1:] == ["hand"]:
        # Only the hand-written fixtures: python3 generate.py hand
        write("flex-hand.json", hand)
        return
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 700
    seed = os.environ.get("FIXTURE_SEED")
    if seed:
        # An extra batch: FIXTURE_SEED=777 python3 generate.py 600 writes flex-random-777.json.
        rng = random.Random(int(seed))
        rand = [(f"random{seed}_{i:03d}", number_ids(random_tree(rng))) for i in range(count)]
        write(f"flex-random-{seed}.json", rand)
        return
    rng = random.Random(20261122)
    rand = [(f"random_{i:03d}", number_ids(random_tree(rng))) for i in range(count)]
    write("flex-hand.json", hand)
    write("flex-random.json", rand)


if __name__ == "__main__":
    main()
