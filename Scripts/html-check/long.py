#!/usr/bin/env python3
"""The page of a very long run feed, scrolled in headless Chromium (see README.md).

    python3 Scripts/html-check/long.py [--cells 100000000] [--seed 7] [--offsets 1000]

Generates `listlayout generate --cells N --runs` (one run of N rows), renders it with
`render --html`, and checks that the page stays under 1 MB, then opens it in Chromium over
the DevTools protocol (cdp.py) and scrolls it to its start, its middle, its very last cell
and seeded offsets, by `#offset=Y` (a fresh load each), by setting the scroller's
scrollTop (jumps, mapped proportionally, and small steps, which move the content by exactly
the step), by wheel events (exactly their delta) and by dragging the scrollbar's thumb
(proportionally). After each, every element the page shows, placed by the browser
(getBoundingClientRect relative to the scroller's viewport), must be exactly what the
library lists for the content offset the page reports (`listlayout layout FEED --offset Y
--viewport-height H` for the start, middle and end, the same answer from one `listlayout
serve` process for the rest), within 1/32 px (the browser places boxes in 1/64 px), and the
page must hold at most --max-nodes element nodes. Prints the figures; exit status 0 if all
pass.
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402

TOLERANCE = 1.0 / 32

# What the page shows now: its content offset, the scroll position, and each element node's
# key and box relative to the scroller's viewport.
SHOWN = """(() => {
  const scroller = document.getElementById("scroller"), content = document.getElementById("content");
  const r = scroller.getBoundingClientRect(), top = r.top + scroller.clientTop, left = r.left + scroller.clientLeft;
  const elements = [];
  for (const node of content.querySelectorAll("[data-key]")) {
    const key = node.dataset.key;
    if (key[0] === "s") continue;
    const b = node.getBoundingClientRect();
    elements.push({ key: key, x: b.left - left, y: b.top - top, width: b.width, height: b.height });
  }
  const state = window.listlayoutPage.state();
  return { offset: state.offset, raw: scroller.scrollTop, viewport: scroller.clientHeight,
    nodes: content.querySelectorAll(".n").length, all: document.getElementsByTagName("*").length,
    elements: elements };
})()"""

# Waits until the scroll position has stopped moving (an animated scroll has ended).
STILL = """new Promise((done) => { const s = document.getElementById("scroller"); let last = s.scrollTop, same = 0;
  const look = () => { if (s.scrollTop === last && ++same >= 3) return done(true);
    if (s.scrollTop !== last) { last = s.scrollTop; same = 0; } setTimeout(look, 30); }; look(); })"""

SETTLE = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"


def run(words, **options):
    return subprocess.run(words, check=True, capture_output=True, text=True, **options).stdout


class Library:
    """The library's answers: one `serve` process with the feed loaded."""

    def __init__(self, cli, feed, height):
        self.cli, self.feed, self.height = cli, feed, height
        self.process = subprocess.Popen([cli, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)
        self.ask({"op": "load", "path": feed})

    def ask(self, request):
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        if not answer.get("ok"):
            raise RuntimeError("serve: %s" % answer)
        return answer

    def viewport(self, offset):
        return self.ask({"op": "viewport", "offset": offset, "height": self.height})["elements"]

    def layout_process(self, offset):
        """The same answer from a whole `layout --offset` process."""
        text = run([self.cli, "layout", self.feed, "--offset", repr(offset), "--viewport-height",
                    str(self.height)])
        return json.loads(text)["elements"]

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=60)


def key_of(element, first):
    kind = element["kind"]
    if kind == "cell":
        return "c%d" % (first[element["section"]] + element["item"])
    if kind in ("header", "footer", "background"):
        return {"header": "h", "footer": "f", "background": "g"}[kind] + str(element["section"])
    if kind == "listHeader":
        return "lh"
    if kind == "listFooter":
        return "lf"
    return None


def compare(shown, expected, first, width):
    """Mismatches between the page's boxes and the library's frames at the page's offset."""
    problems = []
    offset = shown["offset"]
    want = {}
    for element in expected:
        key = key_of(element, first)
        if key is not None:
            want[key] = element["frame"]
    have = {e["key"]: e for e in shown["elements"] if e["key"][0] in "chfl" or e["key"][0] == "g"}
    if set(want) != set(have):
        problems.append("at %r: page shows %s, library lists %s" % (
            offset, sorted(set(have) - set(want))[:5], sorted(set(want) - set(have))[:5]))
    for key in set(want) & set(have):
        if key[0] == "g":
            continue  # a background is drawn cut to near the viewport on long content
        f, b = want[key], have[key]
        box = (f["x"], f["y"] - offset, f["width"], f["height"])
        got = (b["x"], b["y"], b["width"], b["height"])
        if any(abs(a - c) > TOLERANCE for a, c in zip(box, got)):
            problems.append("at %r: %s drawn at %s, library %s" % (offset, key, got, box))
    return problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--listlayout", default=os.environ.get("LISTLAYOUT", ".build/debug/listlayout"))
    ap.add_argument("--chromium", default=os.environ.get("CHROMIUM") or shutil.which("chromium")
                    or "chromium")
    ap.add_argument("--cells", type=int, default=100_000_000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--sections", type=int, default=1, help="sections, each with a pinned 44-point header past 1")
    ap.add_argument("--offsets", type=int, default=1000)
    ap.add_argument("--loads", type=int, default=20, help="seeded #offset= loads besides start, middle, end")
    ap.add_argument("--viewport-height", type=int, default=667)
    ap.add_argument("--max-nodes", type=int, default=60)
    ap.add_argument("--max-page-bytes", type=int, default=1_000_000)
    ap.add_argument("--out", default=".build/html-check-long")
    ap.add_argument("--prepared", action="store_true", help="use feed.json and page.html already in --out")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    feed = os.path.abspath(os.path.join(args.out, "feed.json"))
    page = os.path.abspath(os.path.join(args.out, "page.html"))
    if not args.prepared:
        with open(feed, "w") as f:
            sections = ["--sections", str(args.sections)] if args.sections > 1 else []
            f.write(run([args.listlayout, "generate", "--cells", str(args.cells), "--seed", str(args.seed),
                         "--runs", *sections]))
        started = time.time()
        run([args.listlayout, "render", feed, "--html", page])
        print("render:            %.1f s" % (time.time() - started))
    failures = []
    size = os.path.getsize(page)
    print("page:              %d bytes" % size)
    if size >= args.max_page_bytes:
        failures.append("the page is %d bytes (limit %d)" % (size, args.max_page_bytes))

    vh = args.viewport_height
    library = Library(args.listlayout, feed, vh)
    browser = Browser(args.chromium, 1000, vh + 200, scrollbars=True)
    rng = random.Random(args.seed)
    checks = 0
    drags = 0
    max_nodes = 0
    max_all = 0
    url = "file://" + page + "#vh=%d" % vh

    def check(how, expected=None):
        nonlocal checks, max_nodes, max_all
        browser.evaluate(SETTLE)
        shown = browser.evaluate(SHOWN)
        max_nodes = max(max_nodes, shown["nodes"])
        max_all = max(max_all, shown["all"])
        if shown["nodes"] > args.max_nodes:
            failures.append("%s: %d nodes in the DOM" % (how, shown["nodes"]))
        if expected is None:
            expected = library.viewport(shown["offset"])
        for problem in compare(shown, expected, first, width)[:3]:
            failures.append("%s: %s" % (how, problem))
        checks += 1
        return shown

    try:
        browser.page(url)
        layout = browser.evaluate('JSON.parse(document.getElementById("layout").textContent)')
        first, count, width, height = (layout["sections"]["first"], layout["sections"]["count"],
                                       layout["width"], layout["height"])
        total = sum(count)
        end = max(0.0, height - vh)
        print("cells:             %d, content height %r px" % (total, height))

        # #offset=Y: start, middle, the very last cell, and seeded offsets, each a fresh load,
        # the first three against whole `layout --offset` processes.
        loads = [0.0, height / 2, end] + [rng.uniform(0, end) for _ in range(args.loads)]
        for k, offset in enumerate(loads):
            browser.page(url + "&offset=%r" % offset)
            shown = check("#offset=%r" % offset, library.layout_process(offset) if k < 3 else None)
            if shown["offset"] != min(offset, end):
                failures.append("#offset=%r opened at %r" % (offset, shown["offset"]))
            if k == 2 and not any(e["key"] == "c%d" % (total - 1) for e in shown["elements"]):
                failures.append("the very last cell is not shown at the end")

        # Seeded offsets: scrollTop jumps, small scrollTop steps, wheel events, thumb drags.
        browser.page(url)
        maximum = browser.evaluate("document.getElementById('scroller').scrollHeight - %d" % vh)
        centre = browser.evaluate("(() => { const r = document.getElementById('scroller')"
                                  ".getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        for k in range(args.offsets):
            way = k % 4
            browser.evaluate(STILL)
            before = browser.evaluate(SHOWN)
            if way == 0:
                raw = rng.uniform(0, maximum)
                browser.evaluate("document.getElementById('scroller').scrollTop = %r, true" % raw)
                check("scrollTop=%r" % raw)
            elif way == 1:
                step = rng.choice([-1, 1]) * rng.randint(1, 2 * vh)
                browser.evaluate("document.getElementById('scroller').scrollTop += %d, true" % step)
                shown = check("scrollTop+=%d" % step)
                moved = shown["raw"] - before["raw"]
                if shown["offset"] - before["offset"] != moved:
                    failures.append("a step of %r moved the content by %r" % (moved, shown["offset"] - before["offset"]))
            elif way == 2:
                delta = rng.choice([-1, 1]) * rng.randint(1, 600)
                browser.send("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": centre[0], "y": centre[1],
                                                          "deltaX": 0, "deltaY": delta})
                shown = check("wheel %d" % delta)
                want = min(max(before["offset"] + delta, 0), end)
                if shown["offset"] != want:
                    failures.append("a wheel of %d from %r went to %r" % (delta, before["offset"], shown["offset"]))
            else:
                bar = browser.evaluate("""(() => { const s = document.getElementById('scroller'),
                  r = s.getBoundingClientRect(); return [r.left + s.clientLeft + s.clientWidth, r.right,
                  r.top, r.bottom, s.scrollTop, s.scrollHeight, s.clientHeight, s.offsetWidth - s.clientWidth];
                  })()""")
                left, right, top, bottom, raw, length, client, button = bar
                x = (left + right) / 2
                # The thumb's centre: the track runs between the arrow buttons (as long as the
                # bar is thick); the thumb is at least 18 px long (Chromium's Aura scrollbars).
                track = bottom - top - 2 * button
                thumb = max(track * client / length, 18)
                at = top + button + raw / max(1, length - client) * (track - thumb) + thumb / 2
                target = rng.uniform(top + 1, bottom - 1)
                if k % 40 == 3:
                    target = bottom + 50  # past the track's end: the very end
                for kind, y in (("mousePressed", at), ("mouseMoved", (at + target) / 2), ("mouseMoved", target),
                                ("mouseReleased", target)):
                    browser.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                                              "buttons": 1 if kind != "mouseReleased" else 0,
                                                              "clickCount": 1})
                browser.evaluate(STILL)
                shown = check("thumb drag to %r" % target)
                maximum = length - client
                if shown["raw"] >= maximum:
                    if shown["offset"] != end:
                        failures.append("the thumb at the end shows %r, not the end %r" % (shown["offset"], end))
                elif abs(shown["raw"] - raw) > 2 * vh:
                    # Dragged: the offset is the scroll position's share of the content.
                    drags += 1
                    share = shown["raw"] / maximum * end
                    if abs(shown["offset"] - share) > 1:
                        failures.append("the thumb at %r shows %r, not %r" % (shown["raw"], shown["offset"], share))
        # Frame time: the page's own update at seeded offsets.
        timing = browser.evaluate("""(() => { const t = [];
          for (let k = 0; k < 300; k++) { const o = Math.random() * %r, a = performance.now();
            window.listlayoutPage.scrollTo(o); t.push(performance.now() - a); }
          t.sort((a, b) => a - b); return [t[150], t[285], t[299]]; })()""" % end)
        errors = browser.console_errors()
    finally:
        browser.close()
        library.close()
    print("checks:            %d (%d thumb drags)" % (checks, drags))
    print("most nodes:        %d element nodes (%d elements in the document)" % (max_nodes, max_all))
    print("update time:       median %.2f ms, 95th percentile %.2f ms, most %.2f ms" % tuple(timing))
    print("load errors:       %d" % len(errors))
    failures += errors
    for failure in failures[:40]:
        print("FAIL:", failure)
    print("failures:          %d" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
