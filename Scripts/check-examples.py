#!/usr/bin/env python3
"""Checks that the README's Swift examples and every public module's DocC examples compile
as written, each with only its module's import.

Every ```swift block of README.md, of a module's DocC catalog (Sources/M/M.docc/*.md) and of
its doc comments (`///` lines in Sources/M/**/*.swift, except on `package`, `internal` and
private declarations, which DocC leaves out) becomes one file:

    import M                     (unless the block writes its own imports, which then stand)
    import ExamplePrelude        (the few values examples take as given: see PRELUDES)
    func example() async throws {
      <the block, as written>
    }

and is type-checked against the modules `swift build` produced. A block that declares an
extension, or whose first line is `// file scope`, or that declares a Swift Testing `@Test` or `@Suite`, is
placed at file scope instead (as a file of its own, where statements may stand at top level). A block
whose first line is `// not compiled` is skipped (the README's fragment of a `Package.swift`
manifest is).

Usage: Scripts/check-examples.py [--build-dir .build/debug] [--list]
Run `swift build` first. Exit status 1 if any example fails, with the file, line, block and
compiler output.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The values examples may use without defining them, per module. Each prelude is compiled
# into a module of its own (`ExamplePrelude`), imported by the example beside the module's
# own import; it re-exports nothing, so an example still needs the imports it writes.
PRELUDES = {
    "ListLayout": """
import ListLayout
public let model = ListModel(configuration: ListConfiguration(width: 375), sections: [Section(cells: [Cell(id: "a")])])
public let snapshot = try! model.layout()
public func draw(_ kind: ElementKind, _ frame: Rect, pinned: Bool) {}
public func prefetch(_ indexPaths: ClosedRange<ListIndexPath>?) {}
""",
    "ListLayoutRender": """
import ListLayout
public let model = ListModel(configuration: ListConfiguration(width: 375), sections: [Section(cells: [Cell(id: "a")])])
public let snapshot = try! model.layout()
public let element = snapshot.allAttributes()[0]
""",
    "Flexbox": """
import Flexbox
public let layout = Layout(padding: Edges(all: 8), children: [Layout(size: .absolute(width: 30, height: 30))])
public let cellContent = layout
""",
}


def public_modules():
    """The library products of Package.swift whose target has sources, plus LayoutGeometry,
    which they re-export, and LayoutJSON, whose public types they give under typealiases."""
    manifest = (ROOT / "Package.swift").read_text()
    names = re.findall(r'\.library\(\s*name:\s*"([^"]+)"', manifest)
    modules = ["LayoutGeometry", "LayoutJSON"] + [n for n in names if (ROOT / "Sources" / n).is_dir()]
    return list(dict.fromkeys(modules))


def blocks_in_markdown(text):
    """(line, code) of each ```swift block of a Markdown text."""
    out = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```swift":
            start = i + 1
            j = start
            while j < len(lines) and lines[j].strip() != "```":
                j += 1
            indent = len(lines[i]) - len(lines[i].lstrip())
            out.append((start + 1, "\n".join(l[indent:] for l in lines[start:j])))
            i = j
        i += 1
    return out


def documents_non_public(lines, index):
    """Whether the doc comment holding line `index` documents a declaration that is not part
    of the public API (`package`, `internal`, `fileprivate` or `private`), whose docs DocC
    leaves out."""
    j = index
    while j < len(lines) and (
        lines[j].strip().startswith("///") or re.match(r"^\s*@\w+(\(.*\))?\s*$", lines[j])
    ):
        j += 1
    if j >= len(lines):
        return False
    # Attributes may stand before the access level on the same line (`@usableFromInline package`).
    return re.match(r"^\s*(@\w+(\([^)]*\))?\s+)*(package|internal|fileprivate|private)\b", lines[j]) is not None


def blocks_in_swift(text):
    """(line, code) of each ```swift block inside `///` doc comments of public declarations."""
    out = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        stripped = lines[i].strip()
        if stripped.startswith("///") and stripped[3:].strip() == "```swift":
            start = i + 1
            j = start
            body = []
            while j < len(lines):
                s = lines[j].strip()
                if not s.startswith("///") or s[3:].strip() == "```":
                    break
                content = s[3:]
                body.append(content[1:] if content.startswith(" ") else content)
                j += 1
            if not documents_non_public(lines, j):
                out.append((start + 1, "\n".join(body)))
            i = j
        i += 1
    return out


def examples():
    """(module, path, line, code) of every example to check."""
    found = []
    for line, code in blocks_in_markdown((ROOT / "README.md").read_text()):
        found.append(("ListLayout", "README.md", line, code))
    for module in public_modules():
        for path in sorted((ROOT / "Sources" / module).rglob("*")):
            rel = path.relative_to(ROOT)
            if path.suffix == ".md":
                blocks = blocks_in_markdown(path.read_text())
            elif path.suffix == ".swift":
                blocks = blocks_in_swift(path.read_text())
            else:
                continue
            found += [(module, str(rel), line, code) for line, code in blocks]
    return found


def source_file(module, code):
    """The file an example is checked as, or None for a block marked `// not compiled`."""
    lines = code.split("\n")
    if lines and lines[0].strip() == "// not compiled":
        return None
    imports = [l for l in lines if re.match(r"^(@testable )?import \w+", l)]
    body = [l for l in lines if l not in imports]
    if not imports:
        imports = [f"import {module}"]
    if module in PRELUDES:
        imports.append("import ExamplePrelude")
    file_scope = (lines and lines[0].strip() == "// file scope") or any(
        re.match(r"^(public )?(extension|protocol) |^@(Test|Suite)\b", l) for l in body)
    text = "\n".join(imports) + "\n\n"
    if file_scope:
        return text + "\n".join(body) + "\n"
    return text + "func example() async throws {\n" + "\n".join("  " + l for l in body) + "\n}\n"


def build_prelude(swiftc, module, modules_dir, out_dir, cache):
    """Compiles `module`'s prelude into out_dir/module/ExamplePrelude.swiftmodule."""
    target = Path(out_dir) / module
    target.mkdir(parents=True, exist_ok=True)
    source = target / "ExamplePrelude.swift"
    source.write_text(PRELUDES[module])
    result = subprocess.run(
        [swiftc, "-emit-module", "-parse-as-library", "-module-name", "ExamplePrelude", "-swift-version", "6",
         "-I", str(modules_dir), "-module-cache-path", cache,
         "-emit-module-path", str(target / "ExamplePrelude.swiftmodule"), str(source)],
        capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"the prelude of {module} does not compile:\n{result.stdout}{result.stderr}")
    return target


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build-dir", default=str(ROOT / ".build" / "debug"))
    parser.add_argument("--list", action="store_true", help="list the examples and stop")
    args = parser.parse_args()
    modules_dir = Path(args.build_dir) / "Modules"
    if not modules_dir.is_dir():
        modules_dir = Path(args.build_dir)
    found = examples()
    if args.list:
        for module, path, line, _ in found:
            print(f"{path}:{line} ({module})")
        return 0
    swiftc = os.environ.get("SWIFTC", "swiftc")
    failures = 0
    checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        cache = str(Path(tmp) / "cache")
        preludes = {m: build_prelude(swiftc, m, modules_dir, Path(tmp) / "preludes", cache) for m in PRELUDES}
        for index, (module, path, line, code) in enumerate(found):
            text = source_file(module, code)
            if text is None:
                continue
            file = Path(tmp) / f"example{index}.swift"
            file.write_text(text)
            result = subprocess.run(
                [swiftc, "-typecheck", "-swift-version", "6", "-I", str(modules_dir)]
                + (["-I", str(preludes[module])] if module in preludes else [])
                + ["-module-cache-path", cache, str(file)],
                capture_output=True, text=True)
            checked += 1
            if result.returncode != 0:
                failures += 1
                print(f"FAIL {path}:{line} ({module})\n--- compiled as ---\n{text}--- swiftc ---\n"
                      f"{result.stdout}{result.stderr}", file=sys.stderr)
    print(f"examples: {checked} checked, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
