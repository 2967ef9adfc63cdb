"""Yoga (pyyoga: the real Yoga, compiled) and Taffy (stretchable's compiled taffylib) built from
the shared JSON workloads.

Trees are built before timing. Only the engines' layout call is timed: pyyoga's
`Node.calculate_layout` and taffylib's `node_compute_layout` (stretchable's own
`Node.compute_layout` also walks the Python tree to copy results back, which we skip).
Pixel rounding is off in both (Yoga point scale factor 0, Taffy rounding disabled): every
input is an integer and ListLayout does not round either.

Every timed run is a cold layout: before each run (untimed) every leaf is invalidated (Taffy:
`node_mark_dirty`; Yoga, which only lets measured leaves be marked dirty: a style value is
changed and changed back), so neither engine reuses cached measurements from the previous run.
"""

import math
import time

import pyyoga
from pyyoga import _pyyoga as yg
from stretchable import taffylib
from stretchable.context import taffy as _taffy
from stretchable.style import Style

NAN = float("nan")

# ---------------------------------------------------------------------------------------------
# Yoga


class Yoga:
    name = "yoga"

    def __init__(self, doc):
        self.config = yg.Config.new()
        self.config.set_point_scale_factor(0.0)  # no pixel-grid rounding
        self.nodes = []  # keeps every wrapper alive
        self.leaves = []
        self.kind = doc["kind"]
        if doc["kind"] == "flow":
            self._build_flow(doc)
        else:
            self._build_css(doc)

    def _node(self):
        node = yg.Node.new_with_config(self.config)
        self.nodes.append(node)
        return node

    def _build_flow(self, doc):
        r = doc["root"]
        root = self.root = self._node()
        root.set_width(r["width"])
        root.set_flex_direction(pyyoga.FlexDirection.Row if r["flexDirection"] == "row" else pyyoga.FlexDirection.Column)
        root.set_flex_wrap(pyyoga.Wrap.Wrap if r["flexWrap"] == "wrap" else pyyoga.Wrap.NoWrap)
        root.set_justify_content(pyyoga.Justify.FlexStart)
        root.set_align_items(pyyoga.Align.Stretch if r["alignItems"] == "stretch" else pyyoga.Align.FlexStart)
        root.set_align_content(pyyoga.Align.FlexStart)
        root.set_padding(pyyoga.Edge.All, r["padding"])
        root.set_gap(pyyoga.Gutter.Row, r["rowGap"])
        root.set_gap(pyyoga.Gutter.Column, r["columnGap"])
        grow = doc["cell"]["flexGrow"]
        widths = doc.get("widths")
        heights = doc["heights"]
        self.available = (r["width"], NAN)
        for i, h in enumerate(heights):
            leaf = self._node()
            if widths is not None:
                leaf.set_width(widths[i])
            leaf.set_height(h)
            leaf.set_flex_shrink(0)
            leaf.set_flex_grow(grow)
            root.insert_child(leaf, i)
            self.leaves.append((leaf, h))

    def _build_css(self, doc):
        """A CSS flex document (`{"style": {...}, "children": [...]}`): every style key is set as
        written; a missing key keeps Yoga's default, which is the schema's default."""
        top = doc["root"]
        style = top.get("style", {})
        self.available = (style.get("width", NAN), style.get("height", NAN))

        def build(spec):
            node = self._node()
            _yoga_style(node, spec.get("style", {}))
            kids = spec.get("children", [])
            for i, kid in enumerate(kids):
                node.insert_child(build(kid), i)
            if not kids:
                self.leaves.append((node, spec.get("style", {}).get("minHeight", 0)))
            return node

        self.root = build(top)

    def invalidate(self):
        if self.kind == "flow":
            for leaf, h in self.leaves:
                leaf.set_height(h + 1)
                leaf.set_height(h)
        else:
            # A style change marks a node dirty (only measured leaves may be marked directly).
            for leaf, m in self.leaves:
                leaf.set_min_height(m + 1)
                leaf.set_min_height(m)

    def layout(self):
        """One timed layout, in nanoseconds."""
        w, h = self.available
        start = time.perf_counter_ns()
        self.root.calculate_layout(w, h, pyyoga.Direction.LTR)
        return time.perf_counter_ns() - start

    def height(self):
        return self.root.get_layout_height()

    def frames(self, k):
        out = []
        for leaf, _ in self.leaves[:k]:
            out.append([leaf.get_layout_left(), leaf.get_layout_top(), leaf.get_layout_width(),
                        leaf.get_layout_height()])
        return out

    def leaf_frames_absolute(self):
        """Every leaf's frame relative to the root (for tree workloads)."""
        out = []

        def walk(node, x, y):
            n = node.get_child_count()
            if n == 0:
                out.append([x, y, node.get_layout_width(), node.get_layout_height()])
            for i in range(n):
                c = node.get_child(i)
                walk(c, x + c.get_layout_left(), y + c.get_layout_top())

        walk(self.root, 0.0, 0.0)
        return out


_YOGA_DIRECTION = {"row": "Row", "column": "Column", "row-reverse": "RowReverse", "column-reverse": "ColumnReverse"}
_YOGA_WRAP = {"nowrap": "NoWrap", "wrap": "Wrap", "wrap-reverse": "WrapReverse"}
_YOGA_JUSTIFY = {"flex-start": "FlexStart", "center": "Center", "flex-end": "FlexEnd",
                 "space-between": "SpaceBetween", "space-around": "SpaceAround", "space-evenly": "SpaceEvenly"}
_YOGA_ALIGN = {"flex-start": "FlexStart", "center": "Center", "flex-end": "FlexEnd", "stretch": "Stretch",
               "space-between": "SpaceBetween", "space-around": "SpaceAround", "space-evenly": "SpaceEvenly"}


def _yoga_style(node, style):
    """Sets the CSS keys the workloads use; any other key is an error (never silently dropped)."""
    for key, value in style.items():
        if key == "width":
            node.set_width(value)
        elif key == "height":
            node.set_height(value)
        elif key == "minWidth":
            node.set_min_width(value)
        elif key == "minHeight":
            node.set_min_height(value)
        elif key == "flexGrow":
            node.set_flex_grow(value)
        elif key == "flexShrink":
            node.set_flex_shrink(value)
        elif key == "flexDirection":
            node.set_flex_direction(getattr(pyyoga.FlexDirection, _YOGA_DIRECTION[value]))
        elif key == "flexWrap":
            node.set_flex_wrap(getattr(pyyoga.Wrap, _YOGA_WRAP[value]))
        elif key == "justifyContent":
            node.set_justify_content(getattr(pyyoga.Justify, _YOGA_JUSTIFY[value]))
        elif key == "alignItems":
            node.set_align_items(getattr(pyyoga.Align, _YOGA_ALIGN[value]))
        elif key == "alignContent":
            node.set_align_content(getattr(pyyoga.Align, _YOGA_ALIGN[value]))
        elif key == "padding" and not isinstance(value, dict):
            node.set_padding(pyyoga.Edge.All, value)
        elif key == "rowGap":
            node.set_gap(pyyoga.Gutter.Row, value)
        elif key == "columnGap":
            node.set_gap(pyyoga.Gutter.Column, value)
        else:
            raise ValueError(f"engines.py: style key {key!r} = {value!r} is not mapped for Yoga")


# ---------------------------------------------------------------------------------------------
# Taffy


def _points(value):
    return {"dim": 1, "value": float(value)}


def _available(value):
    # dim 1: definite points; dim 4: max-content (stretchable's encoding).
    return {"dim": 4, "value": NAN} if value is None or (isinstance(value, float) and math.isnan(value)) \
        else {"dim": 1, "value": float(value)}


_CSS_KEYS = {"width", "height", "minWidth", "minHeight", "flexGrow", "flexShrink", "flexDirection", "flexWrap",
             "justifyContent", "alignItems", "alignContent", "padding", "rowGap", "columnGap"}


_TAFFY_STYLES = {}


def _taffy_style(style):
    """The Taffy style dict for a CSS style (memoised: building a stretchable Style is slow)."""
    key = tuple(sorted(style.items()))
    if key not in _TAFFY_STYLES:
        _TAFFY_STYLES[key] = _taffy_style_uncached(style)
    return _TAFFY_STYLES[key]


def _taffy_style_uncached(style):
    from stretchable.style import AlignContent, AlignItems, FlexDirection, FlexWrap, JustifyContent
    unknown = set(style) - _CSS_KEYS
    if unknown or isinstance(style.get("padding", 0), dict):
        raise ValueError(f"engines.py: style keys {sorted(unknown)} are not mapped for Taffy")
    enum = lambda cls, value: getattr(cls, value.upper().replace("-", "_"))
    d = Style(
        flex_direction=enum(FlexDirection, style.get("flexDirection", "column")),
        flex_wrap=enum(FlexWrap, {"nowrap": "no-wrap"}.get(style.get("flexWrap", "nowrap"), style.get("flexWrap"))),
        justify_content=enum(JustifyContent, style.get("justifyContent", "flex-start")),
        align_items=enum(AlignItems, style.get("alignItems", "stretch")),
        align_content=enum(AlignContent, style.get("alignContent", "flex-start")),
        flex_grow=float(style.get("flexGrow", 0)),
        flex_shrink=float(style.get("flexShrink", 0)),
        padding=style.get("padding", 0),
    ).to_dict()
    auto = {"dim": 0, "value": NAN}
    d["size"] = {"width": _points(style["width"]) if "width" in style else auto,
                 "height": _points(style["height"]) if "height" in style else auto}
    d["min_size"] = {"width": _points(style.get("minWidth", 0)), "height": _points(style.get("minHeight", 0))}
    d["gap"] = {"width": _points(style.get("columnGap", 0)), "height": _points(style.get("rowGap", 0))}
    return d


class Taffy:
    name = "taffy"

    def __init__(self, doc):
        self.ptr = _taffy._ptr
        taffylib.disable_rounding(self.ptr)
        self.leaves = []
        self.all_nodes = []
        self.kind = doc["kind"]
        if doc["kind"] == "flow":
            self._build_flow(doc)
        else:
            self._build_css(doc)

    def _create(self, style_dict):
        node = taffylib.node_create(self.ptr, style_dict)
        self.all_nodes.append(node)
        return node

    def _build_flow(self, doc):
        from stretchable.style import AlignContent, AlignItems, FlexDirection, FlexWrap, JustifyContent
        r = doc["root"]
        root_style = Style(
            size=(r["width"], None),
            flex_direction=FlexDirection.ROW if r["flexDirection"] == "row" else FlexDirection.COLUMN,
            flex_wrap=FlexWrap.WRAP if r["flexWrap"] == "wrap" else FlexWrap.NO_WRAP,
            justify_content=JustifyContent.FLEX_START,
            align_items=AlignItems.STRETCH if r["alignItems"] == "stretch" else AlignItems.FLEX_START,
            align_content=AlignContent.FLEX_START,
            padding=r["padding"],
            gap=(r["rowGap"], r["columnGap"]),
        ).to_dict()
        # stretchable's gap order is (height, width): check, as the value matters for "feed".
        root_style["gap"] = {"width": _points(r["columnGap"]), "height": _points(r["rowGap"])}
        self.root = self._create(root_style)
        self.available = {"width": _available(r["width"]), "height": _available(None)}
        base = Style(flex_shrink=0.0, flex_grow=float(doc["cell"]["flexGrow"])).to_dict()
        widths = doc.get("widths")
        for i, h in enumerate(doc["heights"]):
            style = dict(base)
            style["size"] = {
                "width": _points(widths[i]) if widths is not None else {"dim": 0, "value": NAN},
                "height": _points(h),
            }
            leaf = self._create(style)
            taffylib.node_add_child(self.ptr, self.root, leaf)
            self.leaves.append(leaf)

    def _build_css(self, doc):
        """A CSS flex document. Taffy's defaults differ from the schema's (Yoga's): flex-direction
        row and flex-shrink 1 there, column and 0 here; so every property is set, missing keys
        to the schema's default."""
        top = doc["root"]
        style = top.get("style", {})
        self.available = {"width": _available(style.get("width")), "height": _available(style.get("height"))}
        self.children = {}

        def build(spec):
            node = self._create(_taffy_style(spec.get("style", {})))
            kids = [build(kid) for kid in spec.get("children", [])]
            for kid in kids:
                taffylib.node_add_child(self.ptr, node, kid)
            if kids:
                self.children[node] = kids
            else:
                self.leaves.append(node)
            return node

        self.root = build(top)

    def invalidate(self):
        ptr = self.ptr
        for leaf in self.leaves:
            taffylib.node_mark_dirty(ptr, leaf)

    def layout(self):
        start = time.perf_counter_ns()
        ok = taffylib.node_compute_layout(self.ptr, self.root, self.available)
        ns = time.perf_counter_ns() - start
        if ok is False:
            raise RuntimeError("taffy layout failed")
        return ns

    def _layout(self, node):
        layout = taffylib.PyLayout()
        taffylib.node_get_layout(self.ptr, node, layout)
        return layout

    def height(self):
        return self._layout(self.root).height

    def frames(self, k):
        out = []
        for leaf in self.leaves[:k]:
            lo = self._layout(leaf)
            out.append([lo.x, lo.y, lo.width, lo.height])
        return out

    def leaf_frames_absolute(self):
        out = []

        def walk(node, x, y):
            kids = self.children.get(node, [])
            if not kids:
                lo = self._layout(node)
                out.append([x, y, lo.width, lo.height])
            for c in kids:
                lo = self._layout(c)
                walk(c, x + lo.x, y + lo.y)

        lo = self._layout(self.root)
        walk(self.root, 0.0, 0.0)
        return out

    def free(self):
        taffylib.node_drop_all(self.ptr)
