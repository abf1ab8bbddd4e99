#!/usr/bin/env bash
# The test front door (make test / make test-host / make test T=...).
#
#   run-tests.sh [--host-only] [--kernel lean|debug|unpatched|stock] [TEST...]
#
# 1. installs missing packages, builds tools/;  2. runs host cram tests (tests/host/*.t), beside the
# kernel and rootfs builds when VM tests follow;
# 3. builds the patched kernel + dm-atomic module and the guest rootfs (cached), boots one guest
# that runs the VM cram tests (tests/vm/*.t) one by one, and reads back each result.  A kernel
# splat (BUG/WARNING/KASAN/lockdep/hung task/...) in the console during a test fails that test.
# 3b. the build checks (tests/build/*.t: cram tests on the host that compile the module for
# other architectures against the patched source, qemu-scripts/cross-module.sh) run once the
# kernel source is there, before the guests boot.
# 4. the power-cut chains (tests/powercut/*.t: cram tests run on the host, each booting the guest
# again and again and killing QEMU mid-write, see qemu-scripts/powercut.sh; and
# initramfs-root.t, two boots of Debian's stock kernel, the second through a real initramfs,
# see qemu-scripts/initramfs-boot.sh; kernel-deb.t, our kernel as Debian packages installed
# and booted, see qemu-scripts/kernel-deb-boot.sh) share the guests' slots: each slot runs its VM tests in
# one guest, then its chains.
# 5. tests/apps/*.t (make test-apps, only when named): database tests that need the guest image
# with Debian's mariadb-server and sysbench (rootfs.sh apps); a run that names one boots every
# guest on that image.  apps/chain-*.t are power-cut chains on the host, the others VM tests.
# 6. the stock-kernel share: a full run (no TEST named, lean kernel) also boots Debian's own
# kernel (qemu-scripts/stock-kernel.sh: no atomic-list series, dm-atomic built by DKMS) in one
# of the slots and runs the tests of tests/vm/stock-share.list there, reported as
# "TEST (stock kernel)".  --kernel stock runs the named tests on it (none named: that list).
# Prints each failure's cram diff and where the logs are; the last line is
# "N passed, N failed, N skipped".  Exit status 0 only when nothing failed.
source "$(dirname "$0")/common.sh"

host_only=0 flavor=${KERNEL:-lean} selected=() rootfs_flavor=main
while [ $# -gt 0 ]; do
	case "$1" in
	--host-only) host_only=1; shift ;;
	--kernel) flavor=$2; shift 2 ;;
	-*) die "run-tests.sh: unknown option '$1'" ;;
	*) selected+=("$1"); shift ;;
	esac
done
case "$flavor" in lean|debug|unpatched|stock) ;; *) die "KERNEL must be lean, debug, unpatched or stock (got '$flavor')" ;; esac

cd "$TOP"
OUT=$TOP/out
mkdir -p "$OUT"
passed=0 failed=0 skipped=0
failures=()
t0=$SECONDS

# Which tests: everything, or what was named (a directory, a file, or a glob already expanded).
host_tests=() build_tests=() vm_tests=()
if [ ${#selected[@]} -eq 0 ] && [ "$flavor" = stock ]; then
	# The stock kernel alone: its share of the VM tests, nothing else.
	while read -r t; do
		case "$t" in ''|'#'*) continue ;; esac
		vm_tests+=("tests/$t")
	done <tests/vm/stock-share.list
elif [ ${#selected[@]} -eq 0 ]; then
	host_tests=(tests/host/*.t)
	build_tests=(tests/build/*.t)
	vm_tests=(tests/vm/*.t tests/powercut/*.t)
else
	for t in "${selected[@]}"; do
		t=${t#./}
		[ -e "$t" ] || die "no such test: $t"
		if [ -d "$t" ]; then set -- "$t"/*.t; else set -- "$t"; fi
		for f in "$@"; do
			case "$f" in
			tests/host/*.t) host_tests+=("$f") ;;
			tests/build/*.t) build_tests+=("$f") ;;
			tests/vm/*.t|tests/powercut/*.t) vm_tests+=("$f") ;;
			tests/apps/*.t) vm_tests+=("$f"); rootfs_flavor=apps ;;
			*) die "not a test: $f (tests are tests/host/*.t, tests/build/*.t, tests/vm/*.t, tests/powercut/*.t and tests/apps/*.t)" ;;
			esac
		done
	done
fi
[ -e "${host_tests[0]:-}" ] || host_tests=()
[ -e "${build_tests[0]:-}" ] || build_tests=()
[ -e "${vm_tests[0]:-}" ] || vm_tests=()
[ $host_only = 1 ] && vm_tests=() build_tests=()
# On the stock kernel: no power-cut chains (powercut.sh boots our kernels), no build checks
# (they compile against the patched source).
if [ "$flavor" = stock ]; then
	build_tests=()
	vm_only=()
	for t in "${vm_tests[@]}"; do case "$t" in tests/vm/*) vm_only+=("$t") ;; esac; done
	vm_tests=("${vm_only[@]}")
fi
# The stock-kernel share of a full run: the tests of tests/vm/stock-share.list.
# DMA_STOCK_SHARE=0 leaves it out (it downloads Debian's kernel once), =1 adds it to a run of
# named VM tests on our kernel.
stock_tests=() want_share=0
[ ${#selected[@]} -eq 0 ] && [ "$flavor" != stock ] && [ $host_only = 0 ] && want_share=1
[ "$flavor" = lean ] || want_share=0
case "${DMA_STOCK_SHARE:-}" in
0) [ $want_share = 0 ] || log "DMA_STOCK_SHARE=0: the stock-kernel share (tests/vm/stock-share.list) is not run"; want_share=0 ;;
1) [ "$flavor" != stock ] && [ ${#vm_tests[@]} -gt 0 ] && want_share=1 ;;
esac
if [ $want_share = 1 ]; then
	while read -r t; do
		case "$t" in ''|'#'*) continue ;; esac
		[ -f "tests/$t" ] || die "tests/vm/stock-share.list names $t, which does not exist"
		stock_tests+=("$t")
	done <tests/vm/stock-share.list
fi

# One apt-get for everything (the build checks' cross compiler too): the builds that follow
# run side by side, and only one apt-get may hold the package lock.
if [ ${#build_tests[@]} -gt 0 ]; then "$SCRIPTS/deps.sh" cross; else "$SCRIPTS/deps.sh"; fi
if [ -f tools/Makefile ]; then
	run_logged "build tools" "$OUT/tools-build.log" make -C tools -j"$(nproc)"
fi

# run_host_cram DIR TEST...: cram tests run on the host, results in $OUT/DIR.
run_host_cram() {
	local dir=$1 t name; shift
	mkdir -p "$OUT/$dir"
	for t in "$@"; do
		name=${t//\//_}
		set +e
		TOP=$TOP PATH="$TOP/tools/bin:$TOP/tools/test-bin:$PATH" cram3 --shell=/bin/bash -v "$t" >"$OUT/$dir/$name.out" 2>&1
		set -e
		if grep -q '^# Ran 1 tests, 1 skipped, 0 failed' "$OUT/$dir/$name.out"; then
			skipped=$((skipped + 1)); printf '  %-7s %s\n' skipped "$t"
		elif grep -q '^# Ran 1 tests, 0 skipped, 0 failed' "$OUT/$dir/$name.out"; then
			passed=$((passed + 1)); printf '  %-7s %s\n' passed "$t"
		else
			failed=$((failed + 1)); printf '  %-7s %s\n' failed "$t"
			failures+=("$t|$OUT/$dir/$name.out|")
		fi
		rm -f "$t.err"
	done
}

# --- host tests ----------------------------------------------------------------------------
# With VM tests to run, the host tests run beside the kernel and rootfs builds (a minute of
# a cold run), their results printed when the builds are done.
# run_cram_bg WHAT DIR TEST...: run_host_cram in the background; collect_cram_bg WHAT prints
# and counts its results.
declare -A bg_pid=() bg_n=()
run_cram_bg() {
	local what=$1 dir=$2 out=$OUT/$2-tests.log; shift 2
	bg_n[$what]=$#
	(
		passed=0 failed=0 skipped=0 failures=()
		run_host_cram "$dir" "$@"
		echo "$passed $failed $skipped" >"$out.counts"
		printf '%s\n' "${failures[@]}" >"$out.failures"
	) >"$out" 2>&1 &
	bg_pid[$what]=$!:$out
}
collect_cram_bg() {
	local what=$1 pid out p=0 f=0 s=0 line
	[ -n "${bg_pid[$what]:-}" ] || return 0
	pid=${bg_pid[$what]%%:*} out=${bg_pid[$what]#*:}
	unset "bg_pid[$what]"
	wait "$pid" || true
	log "$what: ${bg_n[$what]} (run beside the builds)"
	cat "$out"
	f=${bg_n[$what]}
	[ -s "$out.counts" ] && read -r p f s <"$out.counts"
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
	while IFS= read -r line; do
		[ -z "$line" ] || failures+=("$line")
	done <"$out.failures" 2>/dev/null || true
	rm -f "$out.counts" "$out.failures"
}
if [ ${#host_tests[@]} -gt 0 ] && [ ${#vm_tests[@]} -gt 0 ]; then
	log "host tests: ${#host_tests[@]}, beside the builds (their results follow the builds)"
	run_cram_bg "host tests" host "${host_tests[@]}"
elif [ ${#host_tests[@]} -gt 0 ]; then
	log "host tests: ${#host_tests[@]}"
	run_host_cram host "${host_tests[@]}"
fi

# --- build checks --------------------------------------------------------------------------
if [ ${#build_tests[@]} -gt 0 ]; then
	if [ ${#vm_tests[@]} -eq 0 ]; then
		# Alone (make test T=tests/build/...): they need the patched source.
		"$SCRIPTS/kernel.sh" lean >/dev/null || die "the lean kernel did not build: no build check ran"
	fi
fi
build_checks_run=0
run_build_checks() {
	[ ${#build_tests[@]} -gt 0 ] && [ $build_checks_run = 0 ] || return 0
	build_checks_run=1
	log "build checks: ${#build_tests[@]}"
	run_host_cram build "${build_tests[@]}"
}
[ ${#vm_tests[@]} -eq 0 ] && run_build_checks

# --- VM tests ------------------------------------------------------------------------------
if [ ${#vm_tests[@]} -gt 0 ]; then
	# The rootfs (network and disk bound) is made while the kernel (CPU bound) builds.
	rootfs_out=$(mktemp)
	"$SCRIPTS/rootfs.sh" "$rootfs_flavor" >"$rootfs_out" &
	rootfs_pid=$!
	stock_out=$(mktemp)
	stock_pid=
	if [ ${#stock_tests[@]} -gt 0 ]; then
		# Download + DKMS build (a minute or two, the first time) beside the kernel build.
		"$SCRIPTS/stock-kernel.sh" >"$stock_out" &
		stock_pid=$!
	fi
	build_ok=1
	# The build checks need only the patched source: they compile beside the kernel (and
	# install their cross compiler, the first time, meanwhile).
	if [ ${#build_tests[@]} -gt 0 ] && { [ "$flavor" = lean ] || [ "$flavor" = debug ]; } &&
		"$SCRIPTS/kernel.sh" --source "$flavor" >/dev/null; then
		log "build checks: ${#build_tests[@]}, beside the kernel build (their results follow the builds)"
		build_checks_run=1
		run_cram_bg "build checks" build "${build_tests[@]}"
	fi
	if [ "$flavor" = stock ]; then
		build=$("$SCRIPTS/stock-kernel.sh") || build_ok=0
	else
		build=$("$SCRIPTS/kernel.sh" "$flavor") || build_ok=0
	fi
	# tests/powercut/kernel-deb.t packages the lean kernel, which relinks its vmlinux: that
	# happens here, before any guest boots it (the test then finds the packages up to date).
	if [ $build_ok = 1 ] && [ "$flavor" = lean ] && printf '%s\n' "${vm_tests[@]}" | grep -qx 'tests/powercut/kernel-deb.t'; then
		"$SCRIPTS/kernel-deb.sh" lean >/dev/null || log "packaging the lean kernel failed: tests/powercut/kernel-deb.t will say why"
	fi
	wait "$rootfs_pid" || build_ok=0
	stock_build=
	if [ -n "$stock_pid" ]; then
		if wait "$stock_pid"; then
			stock_build=$(cat "$stock_out")
		else
			log "the stock kernel or its DKMS module did not build (see above): its ${#stock_tests[@]} test(s) fail"
			failed=$((failed + ${#stock_tests[@]}))
			echo "not run: the stock kernel or its DKMS module did not build (see the log above)" >"$OUT/stock-not-built.txt"
			for t in "${stock_tests[@]}"; do failures+=("tests/$t (stock kernel)|$OUT/stock-not-built.txt|"); done
			stock_tests=()
		fi
	fi
	rm -f "$stock_out"
	rootfs=$(cat "$rootfs_out"); rm -f "$rootfs_out"
	collect_cram_bg "host tests"
	collect_cram_bg "build checks"
	if [ $build_ok = 0 ]; then
		log "the kernel, the module or the guest rootfs did not build (see above): no VM test ran"
		n=${#build_tests[@]}
		[ $build_checks_run = 0 ] || n=0
		echo "$passed passed, $((failed + ${#vm_tests[@]} + n)) failed, $skipped skipped"
		exit 1
	fi
	run_build_checks
	per=120
	# KASAN + lockdep under TCG runs 3-10x slower (crash-states.t: ~2.5 s per state instead of 0.2 s).
	[ "$flavor" = debug ] && per=800
	# The database tests (tests/apps) record and check crash states of a real server.
	[ "$rootfs_flavor" = apps ] && per=$((per * 3))
	# One test's limit in the guest (DMA_TEST_LIMIT seconds overrides it, e.g. to see the
	# diagnostics a stuck test prints 20 s before its limit without waiting minutes).
	limit=${DMA_TEST_LIMIT:-$((per * 3))}
	# A guest's own limit allows one test to take all of its limit (more when it is raised).
	extra=$(( limit > per * 3 ? limit - per * 3 : 0 ))
	# Shards: one guest per host core, run side by side (single-threaded TCG uses one host
	# thread per guest).  Tests are dealt longest first to the least loaded guest, by the
	# durations of the last run (out/vm-durations-<kernel>); a test it lacks (every test, in a
	# clean clone) weighs what tests/vm/durations-<kernel> says (lean's for the debug and
	# unpatched kernels: only the order matters), else 30 s.
	jobs=${DMA_VM_JOBS:-$(nproc)}
	[ "$jobs" -gt ${#vm_tests[@]} ] && jobs=${#vm_tests[@]}
	durations=$OUT/vm-durations-$flavor
	durations_base=tests/vm/durations-$flavor
	[ -f "$durations_base" ] || durations_base=tests/vm/durations-lean
	rm -rf "$OUT/vm-$flavor"-* "$OUT/vm-stock-share"*
	# The stock share is one more item to deal: its boot plus its tests' last durations.
	stock_weight=
	if [ ${#stock_tests[@]} -gt 0 ]; then
		printf '%s\n' "${stock_tests[@]}" >"$OUT/vm-stock-share.list"
		stock_weight=$(awk 'FILENAME == ARGV[1] { d[$1] = $2; next } { w += ($1 in d) ? d[$1] : 30 } END { print int(w + 60) }' \
			<(cat tests/vm/durations-stock "$OUT/vm-durations-stock" 2>/dev/null) "$OUT/vm-stock-share.list")
	fi
	{ printf '%s\n' "${vm_tests[@]#tests/}"; [ -z "$stock_weight" ] || echo "stock-share"; } | awk -v sw="$stock_weight"  -v jobs="$jobs" -v out="$OUT/vm-$flavor" '
		FILENAME == ARGV[1] { d[$1] = $2; next }
		{ t[++n] = $1; w[n] = ($1 == "stock-share") ? sw : ($1 in d) ? d[$1] : 30 }
		END {
			for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
				if (w[j] > w[i]) { x = w[i]; w[i] = w[j]; w[j] = x; x = t[i]; t[i] = t[j]; t[j] = x }
			for (k = 0; k < jobs; k++) load[k] = 0
			for (i = 1; i <= n; i++) {
				best = 0
				for (k = 1; k < jobs; k++) if (load[k] < load[best]) best = k
				load[best] += w[i]
				print t[i] > (out "-" best ".list")
			}
		}' <(cat "$durations_base" "$durations" 2>/dev/null) -
	log "VM tests: ${#vm_tests[@]} on $(cat "$build/kernelrelease") ($flavor), in $jobs guest(s)"
	[ -z "$stock_weight" ] || log "and the stock-kernel share: ${#stock_tests[@]} test(s) on $(cat "$stock_build/kernelrelease") (DKMS module)"
	vm_ok=1 pids=()
	for ((k = 0; k < jobs; k++)); do
		list=$OUT/vm-$flavor-$k.list
		grep -E '^(vm/|apps/)' "$list" | grep -v '^apps/chain-' >"$list.vm" || true
		n=$(wc -l <"$list.vm")
		(
			rc=0
			if [ "$n" -gt 0 ]; then
				# A test may take up to 3 * per (its own limit): the guest's budget allows one such.
				DMA_TEST_TIMEOUT=$limit "$SCRIPTS/run-vm.sh" --build "$build" --rootfs "$rootfs" \
					--out "$OUT/vm-$flavor-$k" --tests "$list.vm" --timeout $((90 + extra + per * (n + 2))) || rc=1
			fi
			if grep -qx 'stock-share' "$list"; then
				n=$(wc -l <"$OUT/vm-stock-share.list")
				DMA_TEST_TIMEOUT=$limit "$SCRIPTS/run-vm.sh" --build "$stock_build" --rootfs "$rootfs" \
					--out "$OUT/vm-stock-share" --tests "$OUT/vm-stock-share.list" --timeout $((90 + extra + per * (n + 2))) \
					--label "(stock kernel)" || rc=1
			fi
			mkdir -p "$OUT/vm-$flavor-$k/results"
			: >"$OUT/vm-$flavor-$k/pc-summary"
			for rel in $(grep -E '^(powercut/|apps/chain-)' "$list" || true); do
				name=${rel//\//_} s0=$SECONDS
				set +e
				TOP=$TOP DMA_BUILD=$build DMA_ROOTFS=$rootfs KERNEL=$flavor PATH="$TOP/tools/bin:$TOP/tools/test-bin:$PATH" \
					cram3 --shell=/bin/bash -v "tests/$rel" >"$OUT/vm-$flavor-$k/results/$name.out" 2>&1
				set -e
				rm -f "tests/$rel.err"
				st=failed
				grep -q '^# Ran 1 tests, 1 skipped, 0 failed' "$OUT/vm-$flavor-$k/results/$name.out" && st=skipped
				grep -q '^# Ran 1 tests, 0 skipped, 0 failed' "$OUT/vm-$flavor-$k/results/$name.out" && st=passed
				printf '  %-7s %s (%s s, power-cut chain on the host)\n' "$st" "$rel" $((SECONDS - s0))
				echo "$st $rel $((SECONDS - s0))" >>"$OUT/vm-$flavor-$k/pc-summary"
			done
			exit $rc
		) &
		pids+=($!)
	done
	for pid in "${pids[@]}"; do wait "$pid" || vm_ok=0; done
	# collect VMOUT LIST LABEL DURATIONS: the results of one guest's tests (LIST: those of its
	# list that ran in it), splats attributed to the test that ran; durations appended.
	collect() {
	local vmout=$1 list=$2 label=$3 dfile=$4 console ctext splats rel t name st splat outside
	console=$vmout/console.log
	# The serial console ends lines with CR LF; read a cleaned copy.
	ctext=$vmout/console.txt
	{ tr -d '\r' <"$console" >"$ctext"; } 2>/dev/null || : >"$ctext"
	awk '$1 == "@@DMA-END" { print $2, int($4 + 0.5) }' "$ctext" >>"$dfile"
	awk '{ print $2, $3 }' "$vmout/pc-summary" >>"$dfile" 2>/dev/null || true
	# Attribute kernel splats to the test that was running.
	splats=$(awk '
		/^@@DMA-BEGIN / { cur = $2; next }
		/^@@DMA-END / { cur = ""; next }
		/^@@DIAG / { next }
		/BUG:|WARNING:|KASAN|UBSAN|Oops|general protection fault|possible circular locking|possible recursive locking|inconsistent lock state|INFO: task .* blocked|kmemleak: .* new suspected|Kernel panic/ {
			print (cur == "" ? "(outside any test)" : cur) "\t" $0
		}' "$ctext" 2>/dev/null || true)
	while read -r rel; do
		[ "$rel" != stock-share ] || continue
		t=tests/$rel${label:+ $label}
		name=${rel//\//_}
		st=$( (cat "$vmout/results/summary" "$vmout/pc-summary" 2>/dev/null | awk -v t="$rel" '$2 == t { print $1 }' || true) | tail -n1)
		# Without the results disk (the guest died), the console's END line still tells.
		[ -n "$st" ] || st=$(awk -v t="$rel" '$1 == "@@DMA-END" && $2 == t { print $3 }' "$ctext" | tail -n1)
		splat=$(printf '%s\n' "$splats" | awk -F'\t' -v t="$rel" '$1 == t { print $2 }' | head -n 5 || true)
		if [ -n "$splat" ] && [ "$st" != failed ]; then
			st=failed
			printf 'KERNEL SPLAT during this test:\n%s\n' "$splat" >>"$vmout/results/$name.out"
		fi
		# A test killed at its limit: what the guest said was stuck just before.
		if grep -aq 'TIMEOUT: killed after' "$vmout/results/$name.out" 2>/dev/null; then
			awk -v t="$rel" '$1 == "@@DMA-BEGIN" { cur = $2 } $1 == "@@DMA-END" { cur = "" }
				cur == t && /^@@(DIAG|DMA-WARN) / { print }' "$ctext" | head -n 300 >>"$vmout/results/$name.out"
		fi
		if [ -z "$st" ]; then
			st=failed
			mkdir -p "$vmout/results"
			if grep -aqx "@@DMA-BEGIN $rel" "$ctext"; then
				{
					echo "the guest died or hung during this test; the console from its start:"
					sed -n "/^@@DMA-BEGIN ${rel//\//\\/}\$/,\$p" "$ctext" | head -n 300
				} >"$vmout/results/$name.out"
			else
				echo "not run: the guest stopped before reaching this test" >"$vmout/results/$name.out"
			fi
		fi
		case "$st" in
		passed) passed=$((passed + 1)) ;;
		skipped) skipped=$((skipped + 1)) ;;
		*) failed=$((failed + 1)); failures+=("$t|$vmout/results/$name.out|$console") ;;
		esac
	done <"$list"
	outside=$(printf '%s\n' "$splats" | awk -F'\t' '$1 == "(outside any test)" { print $2 }' | head -n 5 || true)
	if [ -n "$outside" ]; then
		failed=$((failed + 1))
		printf 'KERNEL SPLAT outside any test:\n%s\n' "$outside" >"$vmout/splat-outside.txt"
		failures+=("(guest $vmout)|$vmout/splat-outside.txt|$console")
	fi
	}
	: >"$durations.new"
	for ((k = 0; k < jobs; k++)); do
		collect "$OUT/vm-$flavor-$k" "$OUT/vm-$flavor-$k.list" "" "$durations.new"
	done
	if [ -n "$stock_weight" ]; then
		collect "$OUT/vm-stock-share" "$OUT/vm-stock-share.list" "(stock kernel)" "$OUT/vm-durations-stock.new"
		awk 'FILENAME == ARGV[1] { n[$1] = $2; next } !($1 in n) { n[$1] = $2 } END { for (t in n) print t, n[t] }' \
			"$OUT/vm-durations-stock.new" <(cat "$OUT/vm-durations-stock" 2>/dev/null) >"$OUT/vm-durations-stock.tmp"
		mv "$OUT/vm-durations-stock.tmp" "$OUT/vm-durations-stock"; rm -f "$OUT/vm-durations-stock.new"
	fi
	# Keep the durations of every test seen, updated by this run.
	awk 'FILENAME == ARGV[1] { n[$1] = $2; next } !($1 in n) { n[$1] = $2 } END { for (t in n) print t, n[t] }' \
		"$durations.new" <(cat "$durations" 2>/dev/null) >"$durations.tmp"
	mv "$durations.tmp" "$durations"; rm -f "$durations.new"
	[ $vm_ok = 1 ] || log "the VM run did not complete cleanly (see above)"
fi

# --- report --------------------------------------------------------------------------------
for f in "${failures[@]}"; do
	IFS='|' read -r t outf cons <<<"$f"
	echo
	echo "=== FAILED: $t"
	sed -n '1,200p' "$outf" 2>/dev/null | sed 's/^/    /'
	[ -n "$cons" ] && echo "    (console log: $cons)"
done
echo
log "tests done in $((SECONDS - t0)) s"
if [ $((passed + failed + skipped)) -eq 0 ]; then
	echo "no tests selected"
	echo "0 passed, 1 failed"
	exit 1
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
