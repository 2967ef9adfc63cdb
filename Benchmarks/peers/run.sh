#!/usr/bin/env bash
# ListLayout against Yoga and Taffy on the same workloads, in the same run; one table.
#
#   Benchmarks/peers/run.sh                 # full run: 10k, 100k, 1M cells
#   Benchmarks/peers/run.sh --quick         # 3 repetitions each
#   Benchmarks/peers/run.sh --sizes 10000   # other sizes; --only feed,list,hub,nested,wrap-row,memory,probes,incremental
#
# It creates Benchmarks/peers/.venv with pyyoga (the real Yoga, compiled) and stretchable
# (Taffy), builds peer-runner in release, writes the workloads to Benchmarks/peers/work/ with
# the shared generator, and runs ours and theirs alternately. Results also go to
# Benchmarks/peers/work/results.json.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bench="$(dirname "$here")"

if [ ! -x "$here/.venv/bin/python" ]; then
  python3 -m venv "$here/.venv"
fi
if ! "$here/.venv/bin/python" -c "import pyyoga, stretchable" 2>/dev/null; then
  "$here/.venv/bin/pip" install --quiet pyyoga stretchable
fi

swift build -c release --package-path "$bench" --product peer-runner >&2
runner="$(swift build -c release --package-path "$bench" --show-bin-path)/peer-runner"

mkdir -p "$here/work"
exec "$here/.venv/bin/python" "$here/peers.py" --runner "$runner" --work "$here/work" \
  --out "$here/work/results.json" "$@"
