#!/usr/bin/env bash
# Builds the libFuzzer targets from the repo's own sources and runs each one over the committed
# seed corpus for its share of the time. Exits non-zero when a target crashes (the crashing
# input is left in Scripts/fuzz/findings/).
#
#   Scripts/fuzz/run.sh --seconds 60            # every target, 60 s in total
#   Scripts/fuzz/run.sh --seconds 900 feed      # one target (feed, flex, model, diff, request, scroll, query)
#   Scripts/fuzz/run.sh --build-only
#
# Options: --seconds N (total run time, split evenly; default 60), --build-only,
# --jobs N (parallel libFuzzer workers per target; default 1), --keep-corpus (merge new
# inputs into the committed corpus instead of a scratch copy).
# The environment variable FUZZ_SEED fixes libFuzzer's seed (default 0: a random seed).
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=60
build_only=0
jobs=1
keep_corpus=0
targets=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --build-only) build_only=1; shift ;;
    --jobs) jobs="$2"; shift 2 ;;
    --keep-corpus) keep_corpus=1; shift ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    feed|flex|model|diff|request|scroll|query) targets+=("$1"); shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
[[ ${#targets[@]} -eq 0 ]] && targets=(feed flex model diff request scroll query)

out=.build-fuzz
mkdir -p "$out"
# `-package-name` lets the modules share their `package` declarations, as SwiftPM does.
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -wmo -package-name listlayout -I "$out")

# Library modules, in dependency order: rebuilt only when a source is newer than the object.
rebuilt=0
build_module() {
  local name="$1"
  local sources
  sources=$(find "Sources/$name" -name '*.swift' | sort)
  # Up to date when no source is newer and no module it depends on (built before it) was rebuilt.
  if [[ $rebuilt -eq 0 && -f "$out/$name.o" ]] \
    && [[ -z $(find "Sources/$name" -name '*.swift' -newer "$out/$name.o") ]]; then
    return
  fi
  rebuilt=1
  echo "building module $name" >&2
  rm -f "$out/$name.o"
  # shellcheck disable=SC2086
  swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$out/$name.swiftmodule" \
    -c -o "$out/$name.o" $sources 2>&1 | grep -v 'Cannot export local symbol' >&2 || true
  [[ -f "$out/$name.o" ]] || { echo "module $name failed to build" >&2; exit 1; }
}
modules=(LayoutGeometry LayoutJSON LayoutThreads Flexbox SequentialLayout ListLayout ListLayoutService)
for module in "${modules[@]}"; do build_module "$module"; done

build_target() {
  local target="$1" files=()
  case "$target" in
    feed) files=(Scripts/fuzz/Targets/FeedFuzz.swift Scripts/fuzz/Targets/FuzzChecks.swift) ;;
    flex) files=(Scripts/fuzz/Targets/FlexFuzz.swift) ;;
    model) files=(Scripts/fuzz/Targets/ModelFuzz.swift Scripts/fuzz/Targets/ByteStream.swift Scripts/fuzz/Targets/FuzzChecks.swift) ;;
    diff) files=(Scripts/fuzz/Targets/DiffFuzz.swift Scripts/fuzz/Targets/ByteStream.swift) ;;
    request) files=(Scripts/fuzz/Targets/RequestFuzz.swift) ;;
    scroll) files=(Scripts/fuzz/Targets/ScrollFuzz.swift Scripts/fuzz/Targets/ByteStream.swift) ;;
    query) files=(Scripts/fuzz/Targets/QueryFuzz.swift) ;;
  esac
  echo "building fuzz-$target" >&2
  rm -f "$out/fuzz-$target"
  local objects=()
  for module in "${modules[@]}"; do objects+=("$out/$module.o"); done
  swiftc "${flags[@]}" -module-name "Fuzz_$target" -o "$out/fuzz-$target" "${files[@]}" "${objects[@]}" 2>&1 \
    | grep -v 'Cannot export local symbol' >&2 || true
  [[ -x "$out/fuzz-$target" ]] || { echo "fuzz-$target failed to build" >&2; exit 1; }
}
for target in "${targets[@]}"; do build_target "$target"; done
[[ $build_only -eq 1 ]] && exit 0

share=$(( seconds / ${#targets[@]} ))
(( share < 1 )) && share=1
mkdir -p Scripts/fuzz/findings
status=0
for target in "${targets[@]}"; do
  corpus="Scripts/fuzz/corpus/$target"
  run_corpus="$out/corpus-$target"
  if [[ $keep_corpus -eq 1 ]]; then
    run_corpus="$corpus"
  else
    rm -rf "$run_corpus"; mkdir -p "$run_corpus"
    cp -r "$corpus"/. "$run_corpus"/ 2>/dev/null || true
  fi
  dict=()
  [[ -f "Scripts/fuzz/$target.dict" ]] && dict=(-dict="Scripts/fuzz/$target.dict")
  parallel=()
  [[ $jobs -gt 1 ]] && parallel=(-jobs="$jobs" -workers="$jobs")
  echo "fuzz-$target: ${share}s" >&2
  log="$out/fuzz-$target.log"
  set +e
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 "$out/fuzz-$target" "${dict[@]}" \
    -max_total_time="$share" -max_len=65536 -rss_limit_mb=4096 -timeout=20 -seed="${FUZZ_SEED:-0}" "${parallel[@]}" \
    -print_final_stats=1 -artifact_prefix="Scripts/fuzz/findings/$target-" \
    "$run_corpus" > "$log" 2>&1
  rc=$?
  set -e
  if [[ $jobs -gt 1 ]]; then cat fuzz-*.log >> "$log" 2>/dev/null && rm -f fuzz-*.log; fi
  grep -E '^(stat::|#[0-9]+ *DONE)|ERROR|fuzz finding|Fatal error' "$log" | tail -12 >&2 || true
  if [[ $rc -ne 0 ]]; then
    echo "fuzz-$target FAILED (exit $rc); see $log and Scripts/fuzz/findings/" >&2
    tail -40 "$log" >&2
    status=1
  fi
done
exit $status
