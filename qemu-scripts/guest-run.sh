#!/bin/bash
# Runs inside the guest from the payload disk (called by /sbin/dma-init).
#
# DMA_MODE=test   run every cram test named in /payload/test-list, one at a time, from a tmpfs
#                 copy; per test: a @@DMA-BEGIN/@@DMA-END line on the console, the cram output
#                 saved, leftover devices reported and removed.  Results are written as a tar
#                 to the disk with serial "results".
# DMA_MODE=demo*  run /payload/tests/demo/$DMA_MODE.sh (make demo: demo, then demo-recover)
# DMA_MODE=powercut  one boot of a power-cut chain: /payload/tests/powercut/cycle.sh
#                    (DMA_PC_SCRIPT names another one: cycle-sqlite.sh)
# DMA_MODE=bench  make bench: /payload/bin/dma-bench-run (tools/bench/), results on the results disk
# DMA_MODE=shell  an interactive shell on the console (make vm)
set -u
export PATH=/payload/bin:/payload/test-bin:$PATH
export DM_DISABLE_UDEV=1
export DMA_MODULE=/payload/modules/dm-atomic.ko
export DMA_TOOLS=/payload/bin
export LANG=C.UTF-8
console=/dev/console
krel=$(uname -r)

if [ -d "/payload/lib/modules/$krel" ]; then
	mkdir -p /lib/modules
	mount -t tmpfs tmpfs /lib/modules
	cp -a "/payload/lib/modules/$krel" /lib/modules/
fi
depmod -a 2>/dev/null
# A modular kernel (the stock one): the device nodes of modules not loaded yet, as udev's
# static-nodes makes them from modules.devname ("loop loop-control c10:237"); opening one
# loads its module (loop, dm-mod, ...).  Nothing to do on our kernel, where they are built in.
grep -v '^#' "/lib/modules/$krel/modules.devname" 2>/dev/null | while read -r _ node dev; do
	[ -e "/dev/$node" ] && continue
	mkdir -p "$(dirname "/dev/$node")"
	num=${dev#?}
	mknod -m 0600 "/dev/$node" "${dev%"$num"}" "${num%%:*}" "${num#*:}"
done

say() { echo "$*" >"$console"; }
say "@@DMA-GUEST kernel $krel, mode ${DMA_MODE:-test}, scratch: ${SCRATCH0:-none} ${SCRATCH1:-} ${SCRATCH2:-} ${SCRATCH3:-}"

case "${DMA_MODE:-test}" in
shell)
	[ -f "$DMA_MODULE" ] && say "dm-atomic module: $DMA_MODULE (insmod it yourself; tools in /payload/bin)"
	say "scratch disks: \$SCRATCH0..3 = ${SCRATCH0:-} ${SCRATCH1:-} ${SCRATCH2:-} ${SCRATCH3:-}; 'exit' powers off"
	setsid -c bash -l </dev/ttyS0 >/dev/ttyS0 2>&1
	exit 0
	;;
demo*)
	bash "/payload/tests/demo/$DMA_MODE.sh"
	exit $?
	;;
powercut)
	bash "/payload/tests/powercut/${DMA_PC_SCRIPT:-cycle.sh}"
	exit $?
	;;
bench)
	# make bench: the rows of dma-bench-run; their raw output goes back on the results disk.
	DMA_BENCH_OUT=/tmp/bench bash /payload/bin/dma-bench-run
	rc=$?
	[ -n "${DMA_RESULTS_DEV:-}" ] && tar -C /tmp/bench -cf "$DMA_RESULTS_DEV" . && sync
	say "@@DMA-DONE"
	exit $rc
	;;
esac

work=/tmp/tests
res=/tmp/results
mkdir -p "$work" "$res"
cp -a /payload/tests/. "$work/"
per_test_timeout=${DMA_TEST_TIMEOUT:-600}
export DMA_TEST_TIMEOUT=$per_test_timeout   # tests may warn before the limit (crash-states.py)

# A test about to hit its time limit: what is stuck, on the console (the host keeps it even when
# the guest hangs afterwards): every task in uninterruptible sleep with its kernel stack, the
# device-mapper tables and status, the requests each disk has in flight and where they are
# (blk-mq's debugfs: dispatched to the device and not completed, or still queued in the
# block layer), and the kernel's own list of blocked tasks (sysrq w).
diagnose() {
	say "@@DMA-WARN $1: still running after $2 s (a test's limit: $per_test_timeout s); blocked tasks and devices follow"
	{
		ps -eo pid,stat,etimes,wchan:32,args | awk 'NR == 1 || $2 ~ /^D/'
		for p in /proc/[0-9]*; do
			[ "$(awk '{ print $3 }' "$p/stat" 2>/dev/null)" = D ] || continue
			echo "--- ${p#/proc/} $(tr '\0' ' ' <"$p/cmdline" 2>/dev/null | head -c 200)"
			cat "$p/stack" 2>/dev/null
		done
		echo "--- dmsetup info"; timeout 10 dmsetup info -c 2>&1
		echo "--- dmsetup table"; timeout 10 dmsetup table 2>&1
		echo "--- dmsetup status"; timeout 10 dmsetup status 2>&1
		for d in $(dmsetup table 2>/dev/null | awk '$4 == "atomic" { sub(/:$/, "", $1); print $1 }' | sort -u); do
			echo "--- dmsetup message $d 0 stats"; timeout 10 dmsetup message "$d" 0 stats 2>&1
		done
		echo "--- requests in flight (reads writes), and blk-mq's view of the disks that have any"
		for b in /sys/block/*; do
			read -r r w <"$b/inflight" 2>/dev/null || continue
			[ "$r$w" = 00 ] && continue
			echo "${b##*/}: $r $w"
			[ -d "/sys/kernel/debug/block/${b##*/}" ] || { echo "  (no debugfs directory for it)"; continue; }
			for f in /sys/kernel/debug/block/"${b##*/}"/hctx*/{busy,dispatch,ctx*/rq_list}; do
				# debugfs files have no size: read them to see whether they hold anything.
				c=$(head -n 20 "$f" 2>/dev/null)
				[ -n "$c" ] && { echo "  ${f#/sys/kernel/debug/block/}:"; echo "$c" | sed 's/^/    /'; }
			done
		done
		echo "--- blocked tasks (sysrq w)"
		echo w >/proc/sysrq-trigger 2>/dev/null
		sleep 1
		dmesg | sed -n '/sysrq: Show Blocked State/,$p' | tail -n 200
	} 2>&1 | sed 's/^/@@DIAG /' >"$console"
}

# watch_start SECS LABEL: diagnose unless watch_stop comes within SECS seconds.
watch_start() {
	( sleep "$1" && diagnose "$2" "$1" ) &
	watchdog=$!
}
watch_stop() {
	# Its sleep first (a failed sleep skips the diagnosis), else the sleep outlives it.
	pkill -P "$watchdog" sleep 2>/dev/null
	kill "$watchdog" 2>/dev/null
	wait "$watchdog" 2>/dev/null
}

while read -r t; do
	[ -n "$t" ] || continue
	name=${t//\//_}
	say "@@DMA-BEGIN $t"
	start=$(date +%s.%N)
	diag_at=$((per_test_timeout > 60 ? per_test_timeout - 20 : per_test_timeout * 2 / 3))
	watch_start "$diag_at" "$t"
	(cd "$work/$(dirname "$t")" && timeout -k 10 "$per_test_timeout" cram3 --shell=/bin/bash -v "$(basename "$t")") \
		>"$res/$name.out" 2>&1
	rc=$?
	watch_stop
	secs=$(python3 -c "print(round($(date +%s.%N) - $start, 1))")
	status=failed
	if grep -q '^# Ran 1 tests, 1 skipped, 0 failed' "$res/$name.out"; then
		status=skipped
	elif [ "$rc" = 0 ] && grep -q '^# Ran 1 tests, 0 skipped, 0 failed' "$res/$name.out"; then
		status=passed
	elif [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
		{ [ -z "$(tail -c 1 "$res/$name.out")" ] || echo; echo "TIMEOUT: killed after ${per_test_timeout} s"; } >>"$res/$name.out"
	fi
	[ -f "$work/$t.err" ] && cp "$work/$t.err" "$res/$name.err"
	# /tmp is a tmpfs: what a test left there (journals, copies of devices) would hold the
	# guest's memory for every test after it.
	find /tmp -mindepth 1 -maxdepth 1 ! -name tests ! -name results -exec rm -rf {} + 2>/dev/null
	# Fault injection off again, whatever a test left armed (a test that arms it later
	# must not find it failing everything while it sets its filters).
	for f in /sys/kernel/debug/fail*/probability; do [ -e "$f" ] && echo 0 >"$f" 2>/dev/null; done
	# A test cleans up after itself; whatever it left behind is its failure.
	left=$( { dmsetup ls 2>/dev/null | grep -v '^No devices found'; grep -l . /sys/block/md*/md/level 2>/dev/null; losetup -a 2>/dev/null; } )
	# So is a systemd-udevd it started, or its control socket: libdevmapper takes that socket
	# for a running udev, and every later test would print "Udev is running ..." and get udev's
	# links.  `udevadm control --exit` only asks, so give a udevd on its way out 30 s.
	if pgrep -x systemd-udevd >/dev/null || [ -e /run/udev/control ]; then
		for _ in $(seq 150); do pgrep -x systemd-udevd >/dev/null || break; sleep 0.2; done
		udev_left=$( { pgrep -a -x systemd-udevd | sed 's/^/systemd-udevd still running: /';
			       [ -e /run/udev/control ] && echo "/run/udev/control (udev's control socket)"; } )
		if [ -n "$udev_left" ]; then
			left=$(printf '%s\n%s' "$left" "$udev_left" | sed '/^$/d')
			pkill -KILL -x systemd-udevd 2>/dev/null
			rm -f /run/udev/control
		fi
	fi
	if [ -n "$left" ]; then
		printf 'LEFT BEHIND (cleaned up by the runner):\n%s\n' "$left" >>"$res/$name.out"
		[ "$status" = passed ] && status=failed
		# Removing what a killed test left may wait on stuck I/O: say what, if it takes long.
		watch_start 60 "$t (the runner's cleanup after it)"
		for md in /dev/md[0-9]* /dev/md/*; do [ -b "$md" ] && mdadm --stop "$md" >/dev/null 2>&1; done
		dmsetup remove_all --force >/dev/null 2>&1
		losetup -D 2>/dev/null
		watch_stop
	fi
	echo "$status $t $secs" >>"$res/summary"
	say "@@DMA-END $t $status $secs"
	# Scratch disks start zeroed for every test: discard punches holes in the host's sparse
	# files (the drives have discard=unmap), and the first MiB is checked to prove it.
	for s in "${SCRATCH0:-}" "${SCRATCH1:-}" "${SCRATCH2:-}" "${SCRATCH3:-}"; do
		[ -b "$s" ] || continue
		blkdiscard -f "$s" 2>/dev/null
		if [ "$(head -c 1048576 "$s" | tr -d '\0' | wc -c)" != 0 ]; then
			say "@@DMA-WARN discard did not zero $s; zeroing its first 64 MiB"
			dd if=/dev/zero of="$s" bs=1M count=64 oflag=direct status=none
		fi
	done
done </payload/test-list

dmesg >"$res/dmesg.txt"
if [ -n "${DMA_RESULTS_DEV:-}" ]; then
	tar -C "$res" -cf "$DMA_RESULTS_DEV" . && sync
fi
say "@@DMA-DONE"
exit 0
