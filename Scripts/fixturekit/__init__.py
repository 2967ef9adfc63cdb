"""What the browser-fixture generators for feeds share.

The flow and grid generators (`Scripts/flow-fixtures`, `Scripts/grid-fixtures`) each model a
feed as CSS and differ only in that modelling: the cases they build and the page script that
turns a feed into boxes. Everything around it lives here: the JSON builders every feed uses,
the page frame around the script, running headless Chromium on it, checking that its numbers
are Chromium's 1/64 units, and writing the fixtures. A generator imports this package with
its parent folder on `sys.path`.

Python 3 standard library only.
"""

import argparse
import html
import json
import os
import re
import subprocess
import sys
import tempfile

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


# ---------------------------------------------------------------------------
# Feed builders
# ---------------------------------------------------------------------------


def num(x):
    """Integers as integers, everything else as the float it is."""
    if isinstance(x, bool):
        raise TypeError("bool is not a number here")
    if float(x) == int(x):
        return int(x)
    return float(x)


def ins(top=0, left=0, bottom=0, right=0):
    return {"top": num(top), "left": num(left), "bottom": num(bottom), "right": num(right)}


def feed(width, sections, content_insets=None, spacing=0, rtl=False):
    """A feed around `sections`; item ids run over the whole feed so they are unique in it."""
    f = {
        "width": num(width),
        "layoutDirection": "rtl" if rtl else "ltr",
        "contentInsets": content_insets if content_insets is not None else ins(),
        "sectionSpacing": num(spacing),
        "pinSectionHeaders": False,
        "sections": sections,
    }
    n = 0
    for s in f["sections"]:
        new_items = []
        for it in s["items"]:
            it = dict(it)
            it["id"] = "c%d" % n
            n += 1
            new_items.append(it)
        s["items"] = new_items
    return f


# ---------------------------------------------------------------------------
# The page and Chromium
# ---------------------------------------------------------------------------


def build_page(title, constants, script):
    """An HTML page that defines each `constants` entry as a JS constant, then runs `script`.

    The script writes `{ua, results}` as JSON into the `<pre id="result">` element.
    """
    data = "".join("const %s = %s;\n" % (name, json.dumps(value, sort_keys=True).replace("</", "<\\/"))
                   for name, value in constants)
    return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + title + "</title>\n"
            "<style>html,body{margin:0;padding:0;border:0;}</style></head>\n"
            "<body><pre id=\"result\">PENDING</pre>\n<script>\n" + data + script + "</script></body></html>\n")


def run_chromium(chromium, page_path):
    """Lays the page out in headless Chromium and returns what its script wrote."""
    cmd = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
           "--window-size=2000,2000", "--force-device-scale-factor=1",
           "--virtual-time-budget=10000", "--dump-dom", "file://" + page_path]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr.decode("utf-8", "replace"))
        raise SystemExit("chromium failed with exit code %d" % proc.returncode)
    m = re.search(r'<pre id="result">(.*?)</pre>', proc.stdout.decode("utf-8"), re.S)
    if not m:
        raise SystemExit("no result element in chromium output")
    text = html.unescape(m.group(1))
    if text == "PENDING":
        raise SystemExit("the page script did not finish (result still PENDING)")
    return json.loads(text)


def chromium_version(chromium):
    try:
        return subprocess.run([chromium, "--version"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              check=False).stdout.decode().strip()
    except OSError:
        return ""


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------


def clean_number(v, where):
    """`v` as written in a fixture; Chromium's lengths are multiples of 1/64, anything else is a bug."""
    if abs(v * 64 - round(v * 64)) > 1e-9:
        raise SystemExit("%s: %r is not a multiple of 1/64" % (where, v))
    return num(v)


def clean_frame(fr, where):
    return {k: clean_number(fr[k], where) for k in ("x", "y", "width", "height")}


def generate(doc, default_out, title, cases, page_constants, page_script):
    """The command line of a generator: lays `cases` out in Chromium and writes a fixture each.

    `cases` are `(short name, description, feed)`; `page_constants(feeds)` gives the page's
    JS constants (`CASES` first). Fixtures are named `NNNN-short.json` in case order, and
    earlier `NNNN-*.json` files in the output folder are removed first.
    """
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--chromium", default=os.environ.get("CHROMIUM", "chromium"),
                    help="Chromium binary (default: $CHROMIUM or 'chromium')")
    ap.add_argument("--out", default=default_out, help="output directory (default: %(default)s)")
    ap.add_argument("--keep-page", metavar="PATH", help="also write the generated HTML page to PATH")
    args = ap.parse_args()

    names = set()
    for short, _, _ in cases:
        assert short not in names, short
        names.add(short)
    feeds = [f for (_, _, f) in cases]

    page = build_page(title, page_constants(feeds), page_script)
    with tempfile.TemporaryDirectory(prefix="fixtures-") as tmp:
        page_path = os.path.join(tmp, "page.html")
        with open(page_path, "w", encoding="utf-8") as fh:
            fh.write(page)
        if args.keep_page:
            with open(args.keep_page, "w", encoding="utf-8") as fh:
                fh.write(page)
        result = run_chromium(args.chromium, page_path)
    results = result["results"]
    if len(results) != len(cases):
        raise SystemExit("expected %d results, got %d" % (len(cases), len(results)))

    os.makedirs(args.out, exist_ok=True)
    for old in os.listdir(args.out):
        if re.match(r"^\d{4}-.*\.json$", old):
            os.remove(os.path.join(args.out, old))

    total_sections = 0
    for idx, ((short, desc, f), res) in enumerate(zip(cases, results), start=1):
        name = "%04d-%s" % (idx, short)
        elements = []
        for e in res["elements"]:
            where = "%s %s s%d" % (name, e["kind"], e["section"])
            out = {"kind": e["kind"], "section": e["section"]}
            if e["kind"] == "cell":
                out["item"] = e["item"]
                out["id"] = e["id"]
            out["frame"] = clean_frame(e["frame"], where)
            elements.append(out)
        cs = res["contentSize"]
        fixture = {
            "name": name,
            "description": desc,
            "feed": f,
            "expected": {
                "contentSize": {"width": clean_number(cs["width"], name),
                                "height": clean_number(cs["height"], name)},
                "elements": elements,
            },
        }
        if fixture["expected"]["contentSize"]["width"] != f["width"]:
            raise SystemExit("%s: content width %r != feed width" % (name, cs["width"]))
        total_sections += len(f["sections"])
        with open(os.path.join(args.out, name + ".json"), "w", encoding="utf-8") as fh:
            fh.write(json.dumps(fixture, indent=2, sort_keys=True))
            fh.write("\n")

    print("wrote %d fixtures (%d sections) to %s" % (len(cases), total_sections, os.path.relpath(args.out)))
    print("browser: %s" % (chromium_version(args.chromium) or result.get("ua", "?")))
