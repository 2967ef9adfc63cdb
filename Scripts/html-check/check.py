#!/usr/bin/env python3
"""Check the page `listlayout render --html` writes, in headless Chromium.

Run by hand (not in `swift test`, unless LISTLAYOUT_CHROMIUM_TESTS=1; see README.md):

    python3 Scripts/html-check/check.py

1. Generates a 100,000-cell feed with `listlayout generate` and renders it with
   `listlayout render --html`; asks `listlayout layout --offset Y --viewport-height H` what
   the library says a viewport at Y shows (the expected frame, with its pinned header).
2. Loads `page.html#selftest&offset=Y&vh=H` with `chromium --headless --dump-dom`. The
   page scrolls itself through 800 offsets, counts the cell nodes in the DOM after each,
   compares the DOM with a brute-force scan of the embedded frames every tenth step, then
   scrolls to Y and writes a JSON report into <pre id="report">.
3. Checks: no script errors (trapped by the page, and none on Chromium's console log); the
   most cell nodes ever in the DOM below --max-cell-nodes; no brute-force mismatch; the
   elements in the DOM at Y equal the library's (kind, index path, frame, pinned); the
   pinned header is the expected section's, at the viewport's top edge.
4. Takes a screenshot of the page at Y (`pinned.png` in the output directory).

With --prepared, expected.json may name carousels scrolled sideways ("scroll": {"S": X}, what
`layout --scroll S=X` was given): the page scrolls them (`#scroll=S:X`) before it checks. It may
also list swipes ("swipes": [{"section", "dx", "maximumOffset", "snapOffsets"}], the offsets as
`layout` reports them): after the frame check the page sends each carousel a sideways wheel
event of dx (`#swipe=S:DX`) and reports where it stood and where it came to rest; a carousel
with snap offsets must rest at the one nearest where the swipe left it, one without where the
swipe left it (its offset before plus dx, clamped to 0 ... maximumOffset).

Python 3 standard library only. Exit status 0 when every check passes, 1 otherwise.
"""

import argparse
import html
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))


def find_listlayout(explicit):
    if explicit:
        return explicit
    for scratch in (".build", ".build-render"):
        candidate = os.path.join(REPO, scratch, "debug", "listlayout")
        if os.path.exists(candidate):
            return candidate
    print("building listlayout ...", flush=True)
    subprocess.run(["swift", "build", "--product", "listlayout"], cwd=REPO, check=True)
    return os.path.join(REPO, ".build", "debug", "listlayout")


def run(cmd, **kwargs):
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False, **kwargs)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr.decode("utf-8", "replace"))
        raise SystemExit("failed (%d): %s" % (proc.returncode, " ".join(cmd)))
    return proc.stdout


def prepare(args, out):
    """Writes feed.json, page.html and expected.json with the CLI; returns the offset."""
    cli = find_listlayout(args.listlayout)
    feed = os.path.join(out, "feed.json")
    page = os.path.join(out, "page.html")
    generate = [cli, "generate", "--cells", str(args.cells), "--seed", str(args.seed)]
    if args.sections:
        generate += ["--sections", str(args.sections)]
    with open(feed, "wb") as f:
        f.write(run(generate))
    run([cli, "render", feed, "--html", page, "--title", "%d generated cells" % args.cells])
    # Find an offset at or after the one asked for where a header is pinned (not at its
    # natural place), so the screenshot shows one.
    offset = args.offset
    for _ in range(50):
        expected = json.loads(run([cli, "layout", feed, "--offset", str(offset),
                                   "--viewport-height", str(args.viewport_height)]))
        if any(e.get("pinned") for e in expected["elements"]):
            break
        offset += 97
    else:
        raise SystemExit("no pinned header near offset %s" % args.offset)
    with open(os.path.join(out, "expected.json"), "w") as f:
        json.dump({"offset": offset, "viewportHeight": args.viewport_height, "layout": expected}, f)
    return page


def chromium_base(args):
    return [args.chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--enable-logging=stderr", "--v=0", "--virtual-time-budget=%d" % args.budget]


def console_errors(stderr):
    """Console messages Chromium logged that report errors in the page."""
    errors = []
    for line in stderr.splitlines():
        if "CONSOLE" in line and ("Uncaught" in line or "Error" in line or "error" in line.split("]")[0]):
            errors.append(line.strip())
    return errors


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--listlayout", default=os.environ.get("LISTLAYOUT"),
                    help="the listlayout binary (default: .build/debug/listlayout, built if missing)")
    ap.add_argument("--chromium", default=os.environ.get("CHROMIUM", "chromium"))
    ap.add_argument("--cells", type=int, default=100000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--sections", type=int, default=200)
    ap.add_argument("--offset", type=float, default=1234567)
    ap.add_argument("--viewport-height", type=float, default=640)
    ap.add_argument("--max-cell-nodes", type=int, default=200)
    ap.add_argument("--budget", type=int, default=60000, help="Chromium's virtual time budget, ms")
    ap.add_argument("--out", default=os.path.join(REPO, ".build", "html-check"))
    ap.add_argument("--prepared", action="store_true",
                    help="use feed.json, page.html and expected.json already in --out")
    args = ap.parse_args()
    if shutil.which(args.chromium) is None and not os.path.exists(args.chromium):
        raise SystemExit("chromium not found (apt-get install -y chromium, or --chromium PATH)")

    out = os.path.abspath(args.out)
    os.makedirs(out, exist_ok=True)
    page = os.path.join(out, "page.html") if args.prepared else prepare(args, out)
    with open(os.path.join(out, "expected.json")) as f:
        expected = json.load(f)
    offset, vh = expected["offset"], expected["viewportHeight"]
    fragment = "offset=%s&vh=%s" % (offset, vh)
    # Carousels scrolled sideways (expected.json's "scroll": {"S": X}, as `layout --scroll S=X`).
    if expected.get("scroll"):
        fragment += "&scroll=" + ",".join("%s:%s" % (s, x) for s, x in sorted(expected["scroll"].items()))
    swipes = expected.get("swipes") or []
    if swipes:
        fragment += "&swipe=" + ",".join("%s:%s" % (w["section"], w["dx"]) for w in swipes)
    width = int(expected["layout"]["contentSize"]["width"])
    window = "--window-size=%d,%d" % (max(width + 160, 480), int(vh) + 80)

    proc = subprocess.run(chromium_base(args) + [window, "--dump-dom", "file://%s#selftest&%s" % (page, fragment)],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    dom = proc.stdout.decode("utf-8", "replace")
    stderr = proc.stderr.decode("utf-8", "replace")
    match = re.search(r'<pre id="report">(.*?)</pre>', dom, re.S)
    failures = []
    if proc.returncode != 0:
        failures.append("chromium exited with %d" % proc.returncode)
    if not match:
        print(stderr[-4000:])
        raise SystemExit("FAIL: no report in the page (did its script run?)")
    report = json.loads(html.unescape(match.group(1)))
    selftest = report["selftest"]
    errors = list(report.get("errors", ["(the page's error trap did not run)"])) + console_errors(stderr)

    if errors:
        failures.append("errors while loading: %s" % errors)
    if selftest["maxCellNodes"] >= args.max_cell_nodes:
        failures.append("%d cell nodes in the DOM at once (limit %d)" % (selftest["maxCellNodes"], args.max_cell_nodes))
    if selftest["mismatches"]:
        failures.append("DOM differs from a brute-force scan at %s" % selftest["mismatches"][:5])

    # The frame at the offset, against the library's own answer.
    def key(e):
        rank = {"listHeader": (-1, 0), "listFooter": (1 << 62, 0)}.get(e["kind"])
        if rank is None:
            rank = (e["section"], {"background": 0, "header": 1, "cell": 2, "badge": 2, "footer": 3}[e["kind"]])
        return rank + (e.get("item", 0), 1 + e["badge"] if e["kind"] == "badge" else 0)

    want = sorted(expected["layout"]["elements"], key=key)
    got = report["frame"]["elements"]
    if len(want) != len(got):
        failures.append("at offset %s the DOM shows %d elements, the library %d" % (offset, len(got), len(want)))
    for w, g in zip(want, got):
        same = (key(w) == key(g) and bool(w.get("pinned")) == g["pinned"] and
                all(abs(w["frame"][k] - g[k]) < 0.01 for k in ("x", "y", "width", "height")))
        if not same:
            failures.append("element differs: library %s, DOM %s" % (w, g))
            break
    pinned_want = [e for e in want if e.get("pinned") and e["kind"] == "header"]
    pinned_got = report["frame"]["pinnedHeader"]
    if pinned_want:
        if not pinned_got or pinned_got["section"] != pinned_want[0]["section"]:
            failures.append("pinned header: expected section %d, DOM has %s" % (pinned_want[0]["section"], pinned_got))
        elif abs(pinned_got["topInViewport"] - (pinned_want[0]["frame"]["y"] - offset)) > 1:
            failures.append("pinned header at %s px from the viewport top, expected %s" % (
                pinned_got["topInViewport"], pinned_want[0]["frame"]["y"] - offset))

    # Swipes: where each carousel came to rest.
    reported = {w["section"]: w for w in report.get("swipes") or []}
    for swipe in swipes:
        rested = reported.get(swipe["section"])
        if rested is None or rested["rest"] is None:
            failures.append("swipe of section %s: no report %s" % (swipe["section"], rested))
            continue
        moved = min(max(rested["start"] + swipe["dx"], 0), swipe["maximumOffset"])
        if abs(rested["moved"] - moved) > 1e-9:
            failures.append("swipe of section %s moved it to %s, expected %s" % (swipe["section"], rested["moved"], moved))
        offsets = swipe["snapOffsets"]
        if offsets:
            nearest = min(abs(o - rested["moved"]) for o in offsets)
            if rested["rest"] not in offsets or abs(rested["rest"] - rested["moved"]) > nearest:
                failures.append("section %s rests at %s after a swipe to %s: not the nearest snap offset" % (
                    swipe["section"], rested["rest"], rested["moved"]))
        elif rested["rest"] != rested["moved"]:
            failures.append("section %s (no paging) rests at %s, the swipe left it at %s" % (
                swipe["section"], rested["rest"], rested["moved"]))

    screenshot = os.path.join(out, "pinned.png")
    subprocess.run(chromium_base(args) + [window, "--screenshot=%s" % screenshot, "file://%s#%s" % (page, fragment)],
                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    if not os.path.exists(screenshot):
        failures.append("no screenshot written")

    print("page:              %s (%d bytes)" % (page, os.path.getsize(page)))
    print("cells:             %d in %d sections, content height %s" % (
        report["cells"], report["sections"], report["contentHeight"]))
    print("load errors:       %d" % len(errors))
    print("scroll steps:      %d (%d checked against brute force, %d mismatches)" % (
        selftest["steps"], selftest["bruteForceChecks"], len(selftest["mismatches"])))
    print("max cell nodes:    %d (max nodes of any kind: %d, pooled: %d)" % (
        selftest["maxCellNodes"], selftest["maxNodes"], selftest["pooledNodes"]))
    print("frame at offset %s: %d elements in the DOM, %d from the library; pinned header %s" % (
        offset, len(got), len(want), pinned_got))
    if swipes:
        swipe_failures = [f for f in failures if "swipe" in f]
        print("swipes:            %d (%s)" % (len(swipes), "all at rest where they may be" if not swipe_failures
                                               else "%d wrong" % len(swipe_failures)))
        for swipe in swipes:
            rested = reported.get(swipe["section"]) or {}
            print("  section %s: %s + %s -> %s, at rest at %s" % (
                swipe["section"], rested.get("start"), swipe["dx"], rested.get("moved"), rested.get("rest")))
    print("screenshot:        %s" % screenshot)
    if failures:
        for failure in failures:
            print("FAIL: " + failure)
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
