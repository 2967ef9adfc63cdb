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
            self._build_tree(doc)

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

    def _build_tree(self, doc):
        r = doc["root"]
        root = self.root = self._node()
        root.set_width(r["width"])
        root.set_height(r["height"])
        root.set_flex_direction(pyyoga.FlexDirection.Row)
        self.available = (r["width"], r["height"])
        min_widths, min_heights = doc["minWidths"], doc["minHeights"]
        depth, fanout = doc["depth"], doc["fanout"]
        node_style = doc["node"]
        leaf_index = [0]

        def build(parent, level):
            for i in range(fanout):
                child = self._node()
                child.set_flex_grow(node_style["flexGrow"])
                child.set_flex_shrink(node_style["flexShrink"])
                if level == depth:
                    k = leaf_index[0]
                    leaf_index[0] += 1
                    child.set_min_width(min_widths[k])
                    child.set_min_height(min_heights[k])
                    self.leaves.append((child, min_heights[k]))
                else:
                    child.set_min_width(doc["inner"]["minWidth"])
                    child.set_min_height(doc["inner"]["minHeight"])
                    child.set_flex_direction(
                        pyyoga.FlexDirection.Column if level % 2 == 1 else pyyoga.FlexDirection.Row)
                    build(child, level + 1)
                parent.insert_child(child, i)

        build(root, 1)

    def invalidate(self):
        if self.kind == "flow":
            for leaf, h in self.leaves:
                leaf.set_height(h + 1)
                leaf.set_height(h)
        else:
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


# ---------------------------------------------------------------------------------------------
# Taffy


def _points(value):
    return {"dim": 1, "value": float(value)}


def _available(value):
    # dim 1: definite points; dim 4: max-content (stretchable's encoding).
    return {"dim": 4, "value": NAN} if value is None or (isinstance(value, float) and math.isnan(value)) \
        else {"dim": 1, "value": float(value)}


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
            self._build_tree(doc)

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

    def _build_tree(self, doc):
        from stretchable.style import FlexDirection
        r = doc["root"]
        self.root = self._create(Style(size=(r["width"], r["height"]), flex_direction=FlexDirection.ROW).to_dict())
        self.available = {"width": _available(r["width"]), "height": _available(r["height"])}
        depth, fanout = doc["depth"], doc["fanout"]
        grow, shrink = float(doc["node"]["flexGrow"]), float(doc["node"]["flexShrink"])
        inner = doc["inner"]
        inner_min = {"width": _points(inner["minWidth"]), "height": _points(inner["minHeight"])}
        row = Style(flex_grow=grow, flex_shrink=shrink, flex_direction=FlexDirection.ROW).to_dict()
        column = Style(flex_grow=grow, flex_shrink=shrink, flex_direction=FlexDirection.COLUMN).to_dict()
        row["min_size"] = inner_min
        column["min_size"] = inner_min
        leaf_base = Style(flex_grow=grow, flex_shrink=shrink).to_dict()
        min_widths, min_heights = doc["minWidths"], doc["minHeights"]
        leaf_index = [0]
        self.children = {}

        def build(parent, level):
            kids = []
            for _ in range(fanout):
                if level == depth:
                    k = leaf_index[0]
                    leaf_index[0] += 1
                    style = dict(leaf_base)
                    style["min_size"] = {"width": _points(min_widths[k]), "height": _points(min_heights[k])}
                    child = self._create(style)
                    self.leaves.append(child)
                else:
                    child = self._create(column if level % 2 == 1 else row)
                    build(child, level + 1)
                taffylib.node_add_child(self.ptr, parent, child)
                kids.append(child)
            self.children[parent] = kids

        build(self.root, 1)

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
