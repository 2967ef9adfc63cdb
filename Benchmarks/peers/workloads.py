"""The shared workload generator's LCG in Python, and a check that every JSON workload is
exactly what it generates (so the Swift generator and this one cannot drift apart).

    state = state * 6364136223846793005 + 1442695040888963407  (mod 2**64), seeded 42
    next  = state >> 33
"""

import json

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
    with open(path) as f:
        return json.load(f)


def verify(doc):
    """Raises if the document's numbers are not the Python LCG's."""
    n = doc["count"]
    first, second = GENERATORS[doc["name"]](n)
    if doc["kind"] == "flow":
        got_first, got_second = doc.get("widths"), doc["heights"]
    else:
        got_first, got_second = doc["minWidths"], doc["minHeights"]
    if got_first != first or got_second != second:
        raise SystemExit(f"{doc['name']}-{n}: JSON differs from the Python LCG's sequence")
