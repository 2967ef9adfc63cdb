#!/usr/bin/env bash
# Runs the test suite under a sanitizer, with a scratch path of its own so it never disturbs
# the ordinary build.
#
#   Scripts/sanitizers.sh address            # swift test --sanitize=address (.build-asan)
#   Scripts/sanitizers.sh thread             # swift test --sanitize=thread  (.build-tsan)
#   Scripts/sanitizers.sh thread --filter Concurrent   # extra arguments go to swift test
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizer="${1:-address}"
shift || true
case "$sanitizer" in
  address) scratch=.build-asan ;;
  thread) scratch=.build-tsan ;;
  undefined) scratch=.build-ubsan ;;
  *) echo "usage: $0 address|thread|undefined [swift test arguments]" >&2; exit 2 ;;
esac

# Leak reports of the test runner's own allocations are not failures of the library.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1}"
# The Swift runtime's crash backtracer does not mix with a sanitizer's own reports.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"

start=$(date +%s)
swift test --sanitize="$sanitizer" --scratch-path "$scratch" "$@"
echo "sanitizer $sanitizer: passed in $(( $(date +%s) - start ))s" >&2
