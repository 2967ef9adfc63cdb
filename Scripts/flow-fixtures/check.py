#!/usr/bin/env python3
"""Cross-check the flow fixtures against a small independent model of the layout.

This is a plain re-statement of the semantics (greedy line breaking, unsafe
alignment of overflowing lines, margins around cells, rtl mirroring) written
without a browser. It is a sanity check of the generator and of Chromium's
results, not a source of truth: the fixtures hold what Chromium computed.

    python3 Scripts/flow-fixtures/check.py [fixture-dir]
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DIR = os.path.join(HERE, "..", "..", "Tests", "ListLayoutAPITests", "Fixtures", "flow")
ZERO = {"top": 0, "left": 0, "bottom": 0, "right": 0}
FACTOR = {"left": 0.0, "center": 0.5, "right": 1.0, "top": 0.0, "bottom": 1.0}


def layout(feed):
    W = feed["width"]
    rtl = feed["layoutDirection"] == "rtl"
    ci = feed["contentInsets"]
    out = []
    y = ci["top"]
    for si, s in enumerate(feed["sections"]):
        if si > 0:
            y += feed["sectionSpacing"]
        if "header" in s:
            h = s["header"]["height"]
            out.append({"kind": "header", "section": si, "frame": {"x": 0, "y": y, "width": W, "height": h}})
            y += h
        a = s["attributes"]
        si_ = a["insets"]
        start = ci["left"] + si_["left"]  # inline-start offset
        avail = W - ci["left"] - ci["right"] - si_["left"] - si_["right"]
        gap = a["itemSpacing"]
        # greedy line breaking on outer (margin box) widths
        lines = []
        cur, used = [], 0.0
        for ii, it in enumerate(s["items"]):
            m = it.get("attributes", {}).get("insets", ZERO)
            ow = it["size"]["width"] + m["left"] + m["right"]
            if cur and used + gap + ow > avail:
                lines.append((cur, used))
                cur, used = [], 0.0
            used = ow if not cur else used + gap + ow
            cur.append(ii)
        if cur:
            lines.append((cur, used))
        y += si_["top"]
        for li, (idxs, used) in enumerate(lines):
            if li > 0:
                y += a["lineSpacing"]
            lh = 0.0
            for ii in idxs:
                it = s["items"][ii]
                m = it.get("attributes", {}).get("insets", ZERO)
                lh = max(lh, it["size"]["height"] + m["top"] + m["bottom"])
            x = start + (avail - used) * FACTOR[a["horizontalAlignment"]]
            for ii in idxs:
                it = s["items"][ii]
                m = it.get("attributes", {}).get("insets", ZERO)
                w, h = it["size"]["width"], it["size"]["height"]
                lx = x + m["left"]
                oh = h + m["top"] + m["bottom"]
                cy = y + m["top"] + (lh - oh) * FACTOR[a["verticalAlignment"]]
                px = W - lx - w if rtl else lx
                out.append({"kind": "cell", "section": si, "item": ii, "id": it["id"],
                            "frame": {"x": px, "y": cy, "width": w, "height": h}})
                x += w + m["left"] + m["right"] + gap
            y += lh
        y += si_["bottom"]
        if "footer" in s:
            f = s["footer"]["height"]
            out.append({"kind": "footer", "section": si, "frame": {"x": 0, "y": y, "width": W, "height": f}})
            y += f
    return {"contentSize": {"width": W, "height": y + ci["bottom"]}, "elements": out}


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_DIR
    files = sorted(f for f in os.listdir(d) if f.endswith(".json"))
    bad = 0
    for fn in files:
        with open(os.path.join(d, fn), encoding="utf-8") as fh:
            doc = json.load(fh)
        got = layout(doc["feed"])
        exp = doc["expected"]
        problems = []
        if got["contentSize"] != exp["contentSize"]:
            problems.append("contentSize model %r browser %r" % (got["contentSize"], exp["contentSize"]))
        if len(got["elements"]) != len(exp["elements"]):
            problems.append("element count model %d browser %d" % (len(got["elements"]), len(exp["elements"])))
        for g, e in zip(got["elements"], exp["elements"]):
            if g != e:
                problems.append("model %r\n      browser %r" % (g, e))
        if problems:
            bad += 1
            print("MISMATCH %s" % fn)
            for p in problems[:5]:
                print("    " + p)
    print("%d fixtures checked, %d mismatching" % (len(files), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
