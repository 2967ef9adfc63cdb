"""The shared workload generator's LCG in Python, and a check that every JSON workload is
exactly what it generates (so the Swift generator and this one cannot drift apart).

    state = state * 6364136223846793005 + 1442695040888963407  (mod 2**64), seeded 42
    next  = state >> 33
"""

import json
import os

MULTIPLIER = 6364136223846793005
INCREMENT = 1442695040888963407
MASK = (1 << 64) - 1


class LCG:
    def __init__(self, seed=42):
        self.state = seed

    def next(self):
        self.state = (self.state * MULTIPLIER + INCREMENT) & MASK
        return self.state >> 33


def feed(n):
    lcg = LCG()
    widths, heights = [], []
    for _ in range(n):
        widths.append(40 + lcg.next() % 331)
        heights.append(20 + lcg.next() % 101)
    return widths, heights


def list_(n):
    lcg = LCG()
    return None, [20 + lcg.next() % 101 for _ in range(n)]


def wrap_row(n):
    lcg = LCG()
    widths, heights = [], []
    for _ in range(n):
        widths.append(10 + lcg.next() % 91)
        heights.append(10 + lcg.next() % 41)
    return widths, heights


def nested(leaves):
    lcg = LCG()
    min_widths, min_heights = [], []
    for _ in range(leaves):
        min_widths.append(lcg.next() % 12)
        min_heights.append(lcg.next() % 12)
    return min_widths, min_heights


GENERATORS = {"feed": feed, "list": list_, "wrap-row": wrap_row, "nested": nested}


def load(path):
    """A workload file. "feed" and "list" are compact flow descriptions (`"kind": "flow"`);
    "nested" and "wrap-row" are CSS flex documents (`{"style": ..., "children": [...]}`, the
    schema the Flexbox module decodes), returned wrapped as
    `{"kind": "css", "name", "count", "root": <the document>}` (name and count from the file name)."""
    with open(path) as f:
        doc = json.load(f)
    if "kind" in doc:
        return doc
    name, count = os.path.basename(path)[:-len(".json")].rsplit("-", 1)
    return {"kind": "css", "name": name, "count": int(count), "root": doc}


def leaves(node):
    """A CSS document's leaves, depth-first."""
    out, stack = [], [node]
    while stack:
        n = stack.pop()
        kids = n.get("children", [])
        if not kids:
            out.append(n)
        stack.extend(reversed(kids))
    return out


def verify(doc):
    """Raises if the document's numbers are not the Python LCG's."""
    n = doc["count"]
    first, second = GENERATORS[doc["name"]](n)
    if doc["kind"] == "flow":
        got_first, got_second = doc.get("widths"), doc["heights"]
    else:
        styles = [leaf.get("style", {}) for leaf in leaves(doc["root"])]
        keys = ("minWidth", "minHeight") if doc["name"] == "nested" else ("width", "height")
        got_first = [s.get(keys[0]) for s in styles]
        got_second = [s.get(keys[1]) for s in styles]
    if got_first != first or got_second != second:
        raise SystemExit(f"{doc['name']}-{n}: JSON differs from the Python LCG's sequence")
