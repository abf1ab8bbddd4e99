#!/usr/bin/env bash
# make crash-test: every shard of tests/vm/crash-full/ (crash states enumerated from
# dm-log-writes recordings, see tests/vm/crash-states.py), then the figures:
#   crash-test: N states checked, V violations, S s/state (guest seconds per state, recording included)
# Exit status 0 only when every shard passed, nothing was violated and N >= CRASH_MIN_STATES
# (default 10000).  Extra arguments go to run-tests.sh (e.g. --kernel debug).
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
cd "$TOP"
min=${CRASH_MIN_STATES:-10000}
qemu-scripts/run-tests.sh "$@" tests/vm/crash-full
rc=$?
flavor=lean
[ "${1:-}" = --kernel ] && flavor=$2
shopt -s nullglob
consoles=(out/vm-$flavor-*/console.log)
summaries=(out/vm-$flavor-*/results/summary)
[ ${#consoles[@]} -gt 0 ] || { echo "crash-test: no console log found"; exit 1; }
cat "${consoles[@]}" | tr -d '\r' | grep -a 'crash-states: ' | sed 's/^.*crash-states: //' |
	grep -e '^[a-z]*: [0-9]* log entries' -e '^recovery: ' -e '^VIOLATION' | sed 's/^/  /'
secs=$(awk '$2 ~ /crash-full/ { s += $3 } END { print s + 0 }' "${summaries[@]}" 2>/dev/null)
read -r n v < <(cat "${consoles[@]}" | tr -d '\r' | grep -a 'crash-states: TOTAL' |
	awk '{ for (i = 1; i <= NF; i++) { if ($i == "states") n += $(i - 1); if ($i == "violations") v += $(i - 1) } }
	     END { print n + 0, v + 0 }')
per=$(awk -v s="$secs" -v n="$n" 'BEGIN { printf "%.3f", n ? s / n : 0 }')
echo "crash-test: $n states checked, $v violations, $per s/state ($secs guest seconds)"
if [ "$rc" != 0 ] || [ "$v" != 0 ] || [ "$n" -lt "$min" ]; then
	[ "$n" -lt "$min" ] && echo "crash-test: fewer than $min states checked"
	exit 1
fi
