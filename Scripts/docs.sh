#!/usr/bin/env bash
# Builds a DocC archive for every public module with the toolchain's own `docc` (no package
# dependency): symbol graphs from `swift build`, then `docc convert` of each module's catalog,
# warnings as errors. The archives are transformed for static hosting.
#
#   Scripts/docs.sh              # writes .build/docs/<Module>.doccarchive for every module
#
# Open one: serve its directory and browse /documentation/<module, lowercased>, e.g.
#   python3 -m http.server --directory .build/docs/ListLayout.doccarchive 8000
#   open http://localhost:8000/documentation/listlayout
# (on macOS, double-clicking a .doccarchive opens it in Xcode).
set -euo pipefail
cd "$(dirname "$0")/.."

# The public modules: LayoutGeometry (re-exported by all the others), LayoutJSON (whose two
# public types, JSONInputError and ByteWriter, Flexbox and ListLayout give under typealiases)
# and every library product, lower layers first. A module's landing page is its catalog's `<Module>.md`; a module without
# a catalog gets DocC's generated one. Links between modules are written in code voice
# (`LayoutSnapshot`), not as symbol links: each archive stands alone.
modules=(LayoutGeometry LayoutJSON Flexbox SequentialLayout ListLayout ListLayoutRender)
for name in $(sed -n 's/.*\.library(name: "\([A-Za-z]*\)".*/\1/p' Package.swift); do
  [[ " ${modules[*]} " == *" $name "* ]] || { [ -d "Sources/$name" ] && modules+=("$name"); }
done

docc="${DOCC:-$(command -v docc || echo "$(dirname "$(realpath "$(command -v swift)")")/docc")}"
[ -x "$docc" ] || { echo "docs.sh: no docc next to swift (set DOCC)" >&2; exit 2; }

# A scratch path of its own: the symbol-graph flags would otherwise rebuild the main build.
scratch=.build/docs-build
graphs=$scratch/symbol-graphs
out=.build/docs
# Graphs are written when a module compiles, so they live in the scratch path: an unchanged
# module is not compiled again, and its graph from the last run is still current.
mkdir -p "$graphs" "$out"
for module in "${modules[@]}"; do
  swift build --scratch-path "$scratch" --target "$module" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >/dev/null
done

for module in "${modules[@]}"; do
  # Each archive gets its module's own graphs (and its extensions of other modules).
  dir="$graphs/$module"
  rm -rf "$dir"
  mkdir -p "$dir"
  # A module's graph also holds the modules it re-exports (`@_exported import`). Keep the
  # symbols declared in its own sources and in LayoutGeometry (the geometry vocabulary every
  # module re-exports, which is no product of its own), and those synthesized
  # on them: each archive documents its module, and links to a type of another product are
  # written in code voice.
  python3 - "$graphs/$module.symbols.json" "$dir/$module.symbols.json" "$module" <<'PY'
import json, sys
source, target, module = sys.argv[1:]
graph = json.load(open(source))
def own(symbol):
    uri = symbol.get("location", {}).get("uri", "")
    return f"/Sources/{module}/" in uri or "/Sources/LayoutGeometry/" in uri
kept = {s["identifier"]["precise"] for s in graph["symbols"] if own(s)}
def keep(symbol):
    precise = symbol["identifier"]["precise"]
    if precise in kept:
        return True
    return "location" not in symbol and precise.split("::SYNTHESIZED::")[-1] in kept
graph["symbols"] = [s for s in graph["symbols"] if keep(s)]
ids = {s["identifier"]["precise"] for s in graph["symbols"]}
graph["relationships"] = [r for r in graph["relationships"] if r["source"] in ids]
json.dump(graph, open(target, "w"))
PY
  find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$dir/" \;
  rm -rf "$out/$module.doccarchive"
  catalog=()
  [ -d "Sources/$module/$module.docc" ] && catalog=("Sources/$module/$module.docc")
  "$docc" convert "${catalog[@]}" \
    --additional-symbol-graph-dir "$dir" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.listlayout.$module" \
    --output-path "$out/$module.doccarchive" \
    --transform-for-static-hosting --hosting-base-path "" \
    --warnings-as-errors
  echo "docs: $out/$module.doccarchive"
done
