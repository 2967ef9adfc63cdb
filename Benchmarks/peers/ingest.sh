#!/usr/bin/env bash
# Feeds in, frames out: the whole CLI against Python's json.loads and Foundation's JSONDecoder
# on the same generated feed, alternately, in one run; one table with the issue's targets.
#
#   Benchmarks/peers/ingest.sh                      # 10k, 100k, 1M cells
#   Benchmarks/peers/ingest.sh --sizes 10000 --reps 3
#
# It builds `listlayout` in release from the root package (as a user would: `swift build -c
# release`), and `peer-runner` and `codable-decode` from this package; writes the feeds with
# `listlayout generate --cells N --seed 7` to Benchmarks/peers/work/ingest/; checks them
# against the suites' copy of the generator; then times every path (peers/ingest.py).
# Results go to Benchmarks/peers/work/ingest.json and work/ingest.md.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bench="$(dirname "$here")"
root="$(dirname "$bench")"

swift build -c release --package-path "$root" --product listlayout >&2
listlayout="$(swift build -c release --package-path "$root" --show-bin-path)/listlayout"
swift build -c release --package-path "$bench" --product peer-runner >&2
swift build -c release --package-path "$bench" --product codable-decode >&2
bin="$(swift build -c release --package-path "$bench" --show-bin-path)"

mkdir -p "$here/work/ingest"
exec python3 "$here/ingest.py" --listlayout "$listlayout" --runner "$bin/peer-runner" \
  --codable "$bin/codable-decode" --work "$here/work/ingest" \
  --out "$here/work/ingest.json" --report "$here/work/ingest.md" "$@"
