#!/usr/bin/env bash
# make crash-test: every shard of tests/vm/crash-full/ (crash states enumerated from
# dm-log-writes recordings, see tests/vm/crash-states.py and tools/crash/README.md), in
# DMA_VM_JOBS guests (default: one per core), then the figures:
#   crash-test: N states checked, V violations, S s/state (guest seconds, recording included)
# Own output directories (out/crash-test-K), so a `make test` started meanwhile does not
# remove them.  Exit status 0 only when every shard passed, no kernel splat was seen,
# nothing was violated and N >= CRASH_MIN_STATES (default 10000).
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
S=$TOP/qemu-scripts
cd "$TOP"
flavor=lean
[ "${1:-}" = --kernel ] && flavor=$2
min=${CRASH_MIN_STATES:-10000}
"$S/deps.sh" || exit 1
make -s -C tools >/dev/null || exit 1
build=$("$S/kernel.sh" "$flavor") || exit 1
rootfs=$("$S/rootfs.sh") || exit 1
tests=(tests/vm/crash-full/*.t)
jobs=${DMA_VM_JOBS:-$(nproc)}
[ "$jobs" -gt ${#tests[@]} ] && jobs=${#tests[@]}
# A shard's limit is 3 * per seconds.  A mixed shard checks every state of its recording:
# 4,000+ when a FLUSH made 12 writes durable (2^12 subsets), about 5 minutes on lean.
per=300
[ "$flavor" = debug ] && per=900
rm -rf out/crash-test-*
mkdir -p out
pids=()
for ((k = 0; k < jobs; k++)); do
	for ((i = k; i < ${#tests[@]}; i += jobs)); do echo "${tests[i]#tests/}"; done >out/crash-test-$k.list
	n=$(wc -l <out/crash-test-$k.list)
	DMA_TEST_TIMEOUT=$((per * 3)) "$S/run-vm.sh" --build "$build" --rootfs "$rootfs" \
		--out "$TOP/out/crash-test-$k" --tests out/crash-test-$k.list --timeout $((90 + per * n)) &
	pids+=($!)
done
ok=1
for p in "${pids[@]}"; do wait "$p" || ok=0; done
[ $ok = 1 ] || echo "crash-test: a guest did not finish its run"
for ((k = 0; k < jobs; k++)); do tr -d '\r' <out/crash-test-$k/console.log >out/crash-test-$k/console.txt 2>/dev/null; done
cons=(out/crash-test-*/console.txt)
sums=(out/crash-test-*/results/summary)
fails=$(cat "${sums[@]}" 2>/dev/null | awk '$1 != "passed"' | wc -l)
ran=$(cat "${sums[@]}" 2>/dev/null | wc -l)
cat "${sums[@]}" 2>/dev/null | sort -k2 | awk '{ printf "  %-7s %s (%s s in the guest)\n", $1, $2, $3 }'
for f in out/crash-test-*/results/*.out; do
	grep -q '^# Ran 1 tests, 0 skipped, 0 failed' "$f" || { echo "--- $f"; head -n 40 "$f"; }
done 2>/dev/null
splats=$(grep -ahE 'BUG:|WARNING:|KASAN|UBSAN|Oops|general protection fault|possible circular locking|INFO: task .* blocked|Kernel panic' "${cons[@]}" 2>/dev/null)
[ -z "$splats" ] || { echo "crash-test: kernel splats:"; echo "$splats" | head -n 20; ok=0; }
grep -ah 'crash-states: ' "${cons[@]}" | sed 's/^.*crash-states: //' |
	grep -e '^[a-z]*: [0-9]* log entries' -e '^recovery: ' -e 'corrupt: ' -e '^VIOLATION' | sed 's/^/  /'
secs=$(cat "${sums[@]}" 2>/dev/null | awk '{ s += $3 } END { print s + 0 }')
read -r n v < <(grep -ah 'crash-states: TOTAL' "${cons[@]}" |
	awk '{ for (i = 1; i <= NF; i++) { if ($i == "states") n += $(i - 1); if ($i == "violations") v += $(i - 1) } }
	     END { print n + 0, v + 0 }')
per_state=$(awk -v s="$secs" -v n="$n" 'BEGIN { printf "%.3f", n ? s / n : 0 }')
echo "crash-test: $ran shards run, $fails failed; $n states checked, $v violations, $per_state s/state ($secs guest seconds)"
if [ $ok = 0 ] || [ "$fails" != 0 ] || [ "$ran" != ${#tests[@]} ] || [ "$v" != 0 ] || [ "$n" -lt "$min" ]; then
	[ "$n" -lt "$min" ] && echo "crash-test: fewer than $min states checked"
	exit 1
fi
