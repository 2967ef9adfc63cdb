#!/usr/bin/env bash
# Runs of cells (issue 33), whole process: `listlayout layout FEED --offset Y --viewport-height
# 667` on feeds of N cells as one run (uniform, and a cycle of 100 sizes) and on the same cells
# written out where the CLI's cell limit allows (1M); hyperfine medians, peak RSS from
# `/usr/bin/time -v`, and the same steps in process (read, decode, layout, query + output).
#
#   Benchmarks/peers/runs.sh                                   # 1M, 10M, 100M cells
#   Benchmarks/peers/runs.sh --sizes 1000000 --reps 3          # a smoke run
#
# Options (peers/runs.py): --sizes N,…  --shapes uniform,cycle100  --reps R (hyperfine runs,
# default 10)  --slow S (a command taking longer than S seconds once is run --slow-reps times,
# default 3, without warm-up). Needs hyperfine (apt-get install hyperfine) and /usr/bin/time.
# Feeds are kept in Benchmarks/peers/work/runs/ (git-ignored; delete them to regenerate);
# results go to work/runs.json and work/runs.md.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bench="$(dirname "$here")"
root="$(dirname "$bench")"

swift build -c release --package-path "$root" --product listlayout >&2
listlayout="$(swift build -c release --package-path "$root" --show-bin-path)/listlayout"
swift build -c release --package-path "$bench" --product peer-runner >&2
bin="$(swift build -c release --package-path "$bench" --show-bin-path)"

mkdir -p "$here/work/runs"
exec python3 "$here/runs.py" --listlayout "$listlayout" --runner "$bin/peer-runner" \
  --work "$here/work/runs" --out "$here/work/runs.json" --report "$here/work/runs.md" "$@"
