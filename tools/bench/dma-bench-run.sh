#!/bin/bash
# dma-bench-run: the guest side of `make bench` (also run by tests/vm/bench-smoke.t).
#
# Runs every benchmark row against its baseline in this one boot, interleaved: for each
# group of a row, round 1 runs every column (A B C), round 2 again in another order (B A C),
# round 3 (C A B), ... (rows 1, 2, 3, 6, 7, 8; see rotated below).  Each
# measurement ("cell") leaves OUT/cells/NNNN.meta (key=value: what ran, wall time, drain
# time, guest CPU ticks from /proc/stat, sectors read/written on the top device and on each
# underlying disk from /sys/block/*/stat) and NNNN.json (fio's or dma-bench's own output).
# dma-bench-report turns OUT into the CSV, the table and the chart data.  Nothing here
# judges a speed.
#
# Environment (all optional):
#   DMA_BENCH_OUT      output directory (default /tmp/bench)
#   DMA_BENCH_ROWS     rows to run, comma or space separated (default 1,2,3,4,5,6,7,8; rows 9,
#                      MariaDB, and 10, PostgreSQL, need the apps guest image: make bench
#                      ROWS=9,10)
#   DMA_BENCH_QUICK=1  smoke run: one round, about a second per cell, smaller recovery logs
#   DMA_BENCH_SMOKE=1  the smoke plan of tests/vm/bench-smoke.t: every row, layout and column,
#                      but one group per row and layout (row 8: one per engine), and on the
#                      fua and shared layouts only the baseline and the column that writes the
#                      log most (see SG and SC below)
#   DMA_BENCH_ROUNDS, DMA_BENCH_SECONDS   override rounds (default 3) and seconds per cell (2)
#   DMA_BENCH_PG_TXNS  row 10: pgbench transactions a client a cell (default 300, 2 clients;
#                      QUICK: 20)
#   DMA_BENCH_DATA, _LOG, _FUA, _SHARED   the disks; by default the virtio disks with serial
#                      bench-data, bench-log, bench-shared and the one SCSI disk (bench-fua)
# Layouts: sep (data and log on separate virtio disks: every row), fua (the log on a disk
# with native FUA: rows 1, 3), shared (data and log slices of one disk: row 3).
# OUT/plan.txt lists, before anything runs, every row, layout, group and columns this run
# measures (the groups and columns of each row from dma-bench-report --plan); dma-bench-report
# --check holds the cells to it, and the plan to SPEC.
set -u
export DM_DISABLE_UDEV=1 LANG=C
# Kernel names of devices, cached (a process costs tens of ms under TCG); any dmsetup call
# may change them, so it forgets them.
declare -A KN
dmsetup() {
	case "$1" in create|remove|load|suspend|resume) KN=() ;; esac
	command dmsetup --noudevsync "$@"
}

OUT=${DMA_BENCH_OUT:-/tmp/bench}
ROWS=" $(echo "${DMA_BENCH_ROWS:-1,2,3,4,5,6,7,8}" | tr ',' ' ') "
QUICK=${DMA_BENCH_QUICK:-0}
if [ "$QUICK" = 1 ]; then
	ROUNDS=${DMA_BENCH_ROUNDS:-1} SECS=${DMA_BENCH_SECONDS:-1} READ_MIB=8
	SQLITE_TXNS=${DMA_BENCH_SQLITE_TXNS:-10} MDB_EVENTS=20 MDB_ROWS=1000
	PG_TXNS=${DMA_BENCH_PG_TXNS:-20}
else
	ROUNDS=${DMA_BENCH_ROUNDS:-3} SECS=${DMA_BENCH_SECONDS:-2} READ_MIB=32
	SQLITE_TXNS=${DMA_BENCH_SQLITE_TXNS:-100} MDB_EVENTS=${DMA_BENCH_MDB_EVENTS:-300} MDB_ROWS=10000
	PG_TXNS=${DMA_BENCH_PG_TXNS:-300}
fi
PG_SCALE=2	# row 10: pgbench -i -s, 200,000 accounts (about 30 MB)
MSECS=$(awk "BEGIN { print int($SECS * 1000) }")

# --- the plan ------------------------------------------------------------------------------
# Groups and columns of each row; the row functions run the groups of plan_of, and cell
# runs a column only when the plan has it.  DMA_BENCH_SMOKE=1 keeps one group per row and
# layout (SG) and on fua and shared the columns of SC.
SMOKE=${DMA_BENCH_SMOKE:-0}
declare -A PG PC SG SC PLANC ALLC
# Which block-core series the kernel has, by the data disk's queue (both series show their
# attributes on every queue): v3 (write lists, queue/max_write_list_segments; mainline's
# RWF_ATOMIC; no O_ATOMIC) or v2 (queue/atomic_write_segments, O_ATOMIC).  Rows 1 and 2
# measure one transaction a write of the group's size: on v2 fio --atomic=1 (one O_ATOMIC
# pwrite a write: the columns atom-oatomic*), on v3, which has no O_ATOMIC, dma-bench lists
# (one BLKWRITELIST of one range a write: the columns atom-list1*).  A one-range write list
# is what an O_ATOMIC write was on v2 (block/fops.c made it a list of one range, the
# ioctl's path): any size up to the list limit, logical-block aligned.  RWF_ATOMIC could not
# stand in for it: 1 MiB (seq-1m, seq-1m-u) is above dm-atomic's unit_max (512 KiB) and
# seq-1m-u is not naturally aligned, so a column would change call from group to group.
SERIES=v2
_q=/sys/block/$(basename "$(readlink -f "${DMA_BENCH_DATA:-/dev/null}")")/queue
[ -e "$_q/max_write_list_segments" ] || _q=$(ls -d /sys/block/vd*/queue 2>/dev/null | head -n1)
[ -n "$_q" ] && [ -e "$_q/max_write_list_segments" ] && SERIES=v3
A1=atom-oatomic		# the name of the one-transaction-a-write columns of rows 1 and 2
[ $SERIES = v3 ] && A1=atom-list1
# The groups and columns of each row are dma-bench-report's SPEC (the one list of them; the
# report holds the output to it): a tab-separated line a row.
plan=$(dma-bench-report --plan $([ "$QUICK" = 1 ] && echo --quick) $([ $SERIES = v3 ] && echo --series v3)) ||
	{ echo "dma-bench-run: dma-bench-report --plan failed (exit $?)" >&2; exit 1; }
while IFS=$'\t' read -r row g c; do
	PG[$row]=$g PC[$row]=$c
done <<<"$plan"
for row in 1 2 3 4 5 6 7 8 9 10; do
	[ -n "${PG[$row]:-}" ] && [ -n "${PC[$row]:-}" ] ||
		{ echo "dma-bench-run: dma-bench-report --plan printed no groups or columns for row $row" >&2; exit 1; }
done
# The smoke plan: the unaligned stream (an offset of 4 KiB) on sep, 256 KiB writes on fua; a
# different writer count in row 3 on each layout; the smallest recovery log; the largest
# lists; both engines of row 8.
SG[1:sep]="seq-1m-u" SG[1:fua]="seq-256k"
SG[2:sep]="rand-4k-j8"
SG[3:sep]="txn-w4" SG[3:fua]="txn-w1" SG[3:shared]="txn-w16"
SG[4:sep]="randread-4k"
SG[5:sep]=${PG[5]%% *}
SG[6:sep]="s128-j8"
SG[7:sep]="t4-4page"
SG[8:sep]="uring-qd8 aio-qd32"
SG[9:sep]="oltp-write-only"
SG[10:sep]="pgbench-tpcb"
# On fua and shared, the baseline and the column that writes the log most: the others run the
# same code with a module parameter set (the 2-pass copy, the crc32c driver, every flush passed
# down, no commit window), or less of it (plain writes go to the data disk; a list without
# the fdatasync), and sep runs them.
SC[1:fua]="lin-plain $A1"
SC[3:fua]="a-doublewrite b-atomic-flush b-atomic-flush-workers"
SC[3:shared]="a-doublewrite b-atomic-flush b-atomic-flush-workers"
plan_of() {	# plan_of ROW LAYOUT: the groups in PLAN_G, the columns in PLAN_C
	PLAN_G=${PG[$1]} PLAN_C=${PC[$1]}
	[ "$SMOKE" = 1 ] || return 0
	PLAN_G=${SG[$1:$2]:-$PLAN_G} PLAN_C=${SC[$1:$2]:-$PLAN_C}
}
# Rows of each layout, in the order they run (7, 9 and 10 after the layouts, on sep's disks).
declare -A LROWS=([sep]="1 2 3 4 5 6 8 7 9 10" [fua]="1 3" [shared]="3")
MODULE=${DMA_MODULE:-/payload/modules/dm-atomic.ko}
HZ=$(getconf CLK_TCK)
mkdir -p "$OUT/cells"
ncell=0 failures=0
t_begin=$SECONDS

say() { echo "bench: $*"; }
has_row() { [[ "$ROWS" == *" $1 "* ]]; }	# ROWS is space separated and padded: 1 is not 10
fail() { say "FAILED: $*"; failures=$((failures + 1)); }

# --- disks ---------------------------------------------------------------------------------
by_serial() {
	local d
	for d in /sys/block/vd*; do
		[ "$(cat "$d/serial" 2>/dev/null)" = "$1" ] && { echo "/dev/${d##*/}"; return; }
	done
}
first_scsi() {
	local d
	for d in /sys/block/sd*; do [ -e "$d" ] && { echo "/dev/${d##*/}"; return; }; done
}
B_DATA=${DMA_BENCH_DATA:-$(by_serial bench-data)}
B_LOG=${DMA_BENCH_LOG:-$(by_serial bench-log)}
B_SHARED=${DMA_BENCH_SHARED:-$(by_serial bench-shared)}
B_FUA=${DMA_BENCH_FUA:-$(first_scsi)}

# kname DEV: the kernel's name of a block device (vdb, sda, dm-3).
kname() {
	local mm
	mm=$(printf '%d:%d' "0x$(stat -L -c %t "$1")" "0x$(stat -L -c %T "$1")")
	basename "$(readlink -f "/sys/dev/block/$mm")"
}
sectors() { blockdev --getsz "$1"; }
knm() {	# knm DEV: kname in REPLY, cached
	[ -n "${KN[$1]:-}" ] || KN[$1]=$(kname "$1")
	REPLY=${KN[$1]}
}

# --- environment ---------------------------------------------------------------------------
{
	echo "guest_kernel=$(uname -r)"
	echo "guest_vcpus=$(nproc)"
	echo "guest_mem_mib=$(awk '/MemTotal/ { print int($2 / 1024) }' /proc/meminfo)"
	echo "guest_cpu=$(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)"
	echo "fio=$(fio --version)"
	echo "quick=$QUICK smoke=$SMOKE rounds=$ROUNDS seconds_per_cell=$SECS"
	echo "rows=$(echo $ROWS)"
	if [ $SERIES = v3 ]; then
		echo "series=v3 (write lists, no O_ATOMIC): rows 1, 2 $A1*: dma-bench lists -m atomic -k 1, one BLKWRITELIST of one range a write"
	else
		echo "series=v2 (O_ATOMIC): rows 1, 2 $A1*: fio --atomic=1, one O_ATOMIC pwrite a write"
	fi
	for v in B_DATA B_LOG B_FUA B_SHARED; do
		d=${!v}
		[ -b "$d" ] || { echo "disk_${v#B_}=missing"; continue; }
		k=$(kname "$d")
		echo "disk_${v#B_}=$d size_mib=$(($(sectors "$d") / 2048)) write_cache=$(cat /sys/block/$k/queue/write_cache) fua=$(cat /sys/block/$k/queue/fua 2>/dev/null || echo ?) model=$(cat /sys/block/$k/device/model 2>/dev/null | tr -d ' ' || true)"
	done
} >"$OUT/env-guest.txt"
{
	echo "# dma-bench-run's plan: row layout group columns...; each column of each group is one"
	echo "# cell a round"
	[ $SERIES = v3 ] && echo "# rows 1, 2: $A1* columns: one BLKWRITELIST ioctl of one range a write (dma-bench lists), no O_ATOMIC on this kernel"
	echo "plan=$([ "$SMOKE" = 1 ] && echo smoke || echo full) rounds=$ROUNDS"
	for L in sep fua shared; do
		for row in ${LROWS[$L]}; do
			has_row "$row" || continue
			plan_of "$row" "$L"
			for g in $PLAN_G; do
				echo "$row $L $g" $PLAN_C
				for c in $PLAN_C; do PLANC["$row $L $g $c"]=1; done
			done
			for c in ${PC[$row]}; do ALLC["$row $c"]=1; done
		done
	done
} >"$OUT/plan.txt"
dma-bench cpu --mib 16 >"$OUT/guest-cpu.json" 2>>"$OUT/errors.txt" || fail "dma-bench cpu"
say "guest: $(uname -r), $(nproc) vCPUs; rows:$ROWS; ${ROUNDS} round(s) of ${SECS} s per cell"
say "guest CPU: $(cat "$OUT/guest-cpu.json")"

for v in B_DATA B_LOG; do
	[ -b "${!v}" ] || { say "no ${v#B_} disk: nothing to measure"; exit 1; }
done
grep -q '^dm_atomic ' /proc/modules || insmod "$MODULE" || { say "cannot load $MODULE"; exit 1; }

# --- one measurement -----------------------------------------------------------------------
ROLES=""	# "role:dev ..." of the disks under the devices being measured
# cpu_ticks: busy ticks of all CPUs (user nice system irq softirq steal) in REPLY.
cpu_ticks() {
	local _c u n s i w irq sirq st _r
	read -r _c u n s i w irq sirq st _r </proc/stat
	REPLY=$((u + n + s + irq + sirq + st))
}
# io_snap KNAME: "top_rs top_ws role_rs role_ws ..." (sectors read / written) in REPLY.
io_snap() {
	local s r out
	read -r -a s <"/sys/block/$1/stat"
	out="${s[2]} ${s[6]}"
	for r in $ROLES; do
		knm "${r#*:}"
		read -r -a s <"/sys/block/$REPLY/stat"
		out+=" ${s[2]} ${s[6]}"
	done
	REPLY=$out
}
now() { date +%s.%N; }
usecs() { REPLY=${EPOCHREALTIME/./}; }	# microseconds, no process
secs_of() { printf '%d.%06d' $(($1 / 1000000)) $(($1 % 1000000)); }

# drain SPEC: checkpoint:NAME (dm-atomic: write back, flush, move the tail), flush:DEV
# (an empty flush of the device), none.
drain() {
	case "$1" in
	checkpoint:*) dmsetup message "${1#checkpoint:}" 0 checkpoint >/dev/null ;;
	flush:*) sync -d "${1#flush:}" ;;
	none) ;;
	esac
}

# cell ROW LAYOUT GROUP COL ROUND TOPDEV DRAIN -- COMMAND...: measure COMMAND (its stdout is
# the cell's JSON), then DRAIN, with CPU and disk counters around both.
cell() {
	local row=$1 layout=$2 group=$3 col=$4 round=$5 top=$6 dr=$7
	shift 8
	if [ -z "${PLANC[$row $layout $group $col]:-}" ]; then
		# Left out by the smoke plan; a column no plan knows is a mistake here.
		[ -n "${ALLC[$row $col]:-}" ] || fail "row $row: column $col is in no plan (add it to SPEC in dma-bench-report)"
		return 0
	fi
	ncell=$((ncell + 1))
	local f k c0 c1 t0 t1 t2 s0 s1 rc
	printf -v f '%s/cells/%04d' "$OUT" $ncell
	knm "$top"; k=$REPLY
	sync -d "$top" 2>/dev/null
	io_snap "$k"; s0=$REPLY; cpu_ticks; c0=$REPLY; usecs; t0=$REPLY
	"$@" >"$f.json" 2>"$f.err"
	rc=$?
	usecs; t1=$REPLY
	drain "$dr"
	usecs; t2=$REPLY; cpu_ticks; c1=$REPLY; io_snap "$k"; s1=$REPLY
	printf '%s\n' "row=$row" "layout=$layout" "group=$group" "col=$col" "round=$round" \
		"rc=$rc" "top=$k" "roles=$ROLES" "run_s=$(secs_of $((t1 - t0)))" \
		"drain_s=$(secs_of $((t2 - t1)))" "cpu_ticks=$((c1 - c0))" "hz=$HZ" \
		"io_before=$s0" "io_after=$s1" ${CELL_POS:+"pos=$CELL_POS"} "cmd=$*" >"$f.meta"
	[ "$rc" = 0 ] || fail "row $row $layout $group $col round $round: exit $rc: $(head -c 300 "$f.err")"
}

# enqueue CELL-ARGS...: queue one cell of a round (cell's arguments) for rotated.
# rotated ROUND: run the queued cells of that round in its own order: round r of R starts
# floor((r-1)*n/R) cells into the list of n, odd rounds forward, even rounds backward,
# wrapping around (3 columns, 3 rounds: A B C, B A C, C A B; 10 columns: 0-9, 3 2 1 0 9 8
# 7 6 5 4, 6 7 8 9 0 1 ... 5).  With one fixed order the baseline would always run first
# and every column always right after the same one: whatever a cell leaves behind (the
# disks' caches, the host's write-back of what it wrote) would weigh on the same column in
# every round.  Here the first column changes from round to round, and the column before
# each one too (forward it is the one before it in the list, backward the one after it).
# Each cell's place in its round is in its .meta (pos=, from 1).
QUEUED=()
enqueue() { local s; printf -v s '%q ' "$@"; QUEUED+=("$s"); }
rotated() {
	local n=${#QUEUED[@]} i k start
	local -a c=("${QUEUED[@]}")
	QUEUED=()
	[ "$n" -gt 0 ] || return 0
	start=$(( ($1 - 1) * n / ROUNDS % n ))
	for ((i = 0; i < n; i++)); do
		if (($1 % 2)); then k=$(( (start + i) % n )); else k=$(( (start - i + n) % n )); fi
		CELL_POS=$((i + 1))
		eval "cell ${c[k]}"
	done
	CELL_POS=
}

fio_cell() {	# fio_cell DEV RW BS JOBS [extra fio args]: fio's JSON on stdout
	local dev=$1 rw=$2 bs=$3 jobs=$4
	shift 4
	fio --name=bench --filename="$dev" --rw="$rw" --bs="$bs" --numjobs="$jobs" \
		--direct=1 --ioengine=psync --time_based --runtime="${MSECS}ms" --group_reporting \
		--norandommap --randrepeat=0 --output-format=json "$@"
}

# --- layouts -------------------------------------------------------------------------------
# The target of rows 1-3, 6 and 8 logs lists of 1 MiB and more zero-copy; the column
# atom-oatomic-copy turns that off (module parameter zero_copy=N) in the same rounds.
ATOM_FEATURES="2 zero_copy_bytes 1048576"
DATA= LOG=
wipe_log() { dd if=/dev/zero of="$1" bs=4096 count=1 oflag=direct status=none; }

setup_layout() {
	local n
	case "$1" in
	sep) DATA=$B_DATA LOG=$B_LOG; ROLES="data:$DATA log:$LOG" ;;
	fua) DATA=$B_DATA LOG=$B_FUA; ROLES="data:$DATA log:$LOG" ;;
	shared)
		n=$(sectors "$B_SHARED")
		local dn=$((n / 3 * 2 / 8 * 8))
		dmsetup create bsd --table "0 $dn linear $B_SHARED 0" &&
		dmsetup create bsl --table "0 $((n - dn)) linear $B_SHARED $dn" || return 1
		DATA=/dev/mapper/bsd LOG=/dev/mapper/bsl ROLES="disk:$B_SHARED" ;;
	esac
	wipe_log "$LOG"
	n=$(sectors "$DATA")
	dmsetup create lin --table "0 $n linear $DATA 0" &&
	dmsetup create atom --table "0 $n atomic $DATA $LOG $ATOM_FEATURES"
}
teardown_layout() {
	dmsetup remove atom 2>/dev/null; dmsetup remove lin 2>/dev/null
	dmsetup remove bsd 2>/dev/null; dmsetup remove bsl 2>/dev/null
	true
}

# Proof that fio's --atomic=1 opens with O_ATOMIC (040000000 = 0x800000), once.
prove_oatomic() {
	strace -f -e trace=openat -o "$OUT/strace-fio-atomic.txt" fio --name=p --filename=/dev/mapper/atom \
		--rw=write --bs=4k --size=4k --direct=1 --atomic=1 --output=/dev/null >/dev/null 2>&1
	grep -a 'mapper/atom' "$OUT/strace-fio-atomic.txt" | grep -m1 -a 'O_DIRECT' >"$OUT/oatomic-proof.txt"
	if grep -q '0x800000\|O_ATOMIC' "$OUT/oatomic-proof.txt"; then
		say "fio --atomic=1 opens with O_ATOMIC: $(sed 's/^[0-9]* *//' "$OUT/oatomic-proof.txt")"
	else
		fail "fio --atomic=1 did not open with O_ATOMIC (040000000): $(cat "$OUT/oatomic-proof.txt")"
	fi
}

# On v3, proof that dma-bench lists -m atomic -k 1 (the atom-list1 cells) writes with the
# BLKWRITELIST ioctl, once: under strace, the ioctls of BLKWRITELIST's number that returned 0,
# the lists the tool says it wrote, its own count of those ioctls, and dm-atomic's
# lists_committed before and after must all agree (and be more than 0).  OUT/list1-proof.txt
# says "ok:" and the counts, or "FAILED:".  Every atom-list1 cell's JSON names its call too
# ("call": "BLKWRITELIST"), and dma-bench-report --check holds it to that.
prove_lists() {
	local nr a b js n l i c
	nr=$(printf '0x%x' $(( (1 << 30) | (32 << 16) | (0x12 << 8) | 129 )))	# _IOW(0x12, 129, 32 bytes)
	a=$(dmsetup message atom 0 stats | sed -n 's/^lists_committed=//p')
	js=$(strace -f -e trace=ioctl -e raw=ioctl -o "$OUT/strace-list1.txt" \
		dma-bench lists --force -m atomic --seq -k 1 -b 4096 -n 16 -T 10 /dev/mapper/atom 2>&1)
	b=$(dmsetup message atom 0 stats | sed -n 's/^lists_committed=//p')
	dmsetup message atom 0 checkpoint >/dev/null
	n=$(grep -c "ioctl(0x[0-9a-f]*, $nr, .*) = 0\$" "$OUT/strace-list1.txt")
	l=$(sed -n 's/.*"lists": \([0-9]*\).*/\1/p' <<<"$js")
	i=$(sed -n 's/.*"ioctls": \([0-9]*\).*/\1/p' <<<"$js")
	c=$(sed -n 's/.*"call": "\([A-Z]*\)".*/\1/p' <<<"$js")
	if [ "$n" -gt 0 ] && [ "$n" = "$l" ] && [ "$n" = "$i" ] && [ "$c" = BLKWRITELIST ] &&
	   [ -n "$a" ] && [ -n "$b" ] && [ $((b - a)) = "$n" ]; then
		echo "ok: $n BLKWRITELIST ioctls ($nr) returned 0 (strace), $l lists of one range written, $i ioctls counted (dma-bench, call $c), lists_committed +$((b - a)) (dm-atomic)" >"$OUT/list1-proof.txt"
		say "dma-bench lists -m atomic -k 1 writes with BLKWRITELIST: $(cat "$OUT/list1-proof.txt")"
	else
		echo "FAILED: BLKWRITELIST ioctls returned 0: ${n:-?} (strace); dma-bench: ${js:-nothing}; lists_committed ${a:-?} -> ${b:-?}" >"$OUT/list1-proof.txt"
		fail "the atom-list1 cells' writer does not write one BLKWRITELIST a list: $(cat "$OUT/list1-proof.txt")"
	fi
}

# fill_atomic DEV MIB: MIB MiB written from the start of DEV, 1 MiB a transaction (rows 4, 5):
# O_ATOMIC writes on v2 (fio --atomic=1), one-range write lists on v3 (dma-bench lists).
fill_atomic() {
	if [ $SERIES = v3 ]; then
		dma-bench lists --force -m atomic --seq -k 1 -b 1048576 -n "$2" -T 86400 "$1" >/dev/null 2>&1
	else
		fio --name=fill --filename="$1" --rw=write --bs=1m --size="$2"m --direct=1 \
			--atomic=1 --ioengine=psync --output=/dev/null >/dev/null 2>&1
	fi
}

# --- rows ----------------------------------------------------------------------------------
# with_param NAME VALUE RESTORE CMD...: CMD with dm-atomic's module parameter NAME set to
# VALUE, set back to RESTORE afterwards (CMD's exit status is kept).
with_param() {
	local p=/sys/module/dm_atomic/parameters/$1 v=$2 back=$3 rc
	shift 3
	echo "$v" >"$p" || return
	"$@"
	rc=$?
	echo "$back" >"$p"
	return $rc
}

# crc_driver CMD...: CMD with dm-atomic's checksums by the kernel's crc32c() (its best crypto
# driver), whatever implementation the module chose at load (the kernel log says which).
crc_driver() { with_param crc32c_impl 1 0 "$@"; }

# two_pass CMD...: CMD with dm-atomic copying logged data first and checksumming it in a
# second pass (module parameter copy_crc=N), as before copy and crc32c went in one pass.
two_pass() { with_param copy_crc N Y "$@"; }

# all_flushes CMD...: CMD with every empty flush of dm-atomic sent down to the data device
# (module parameter skip_clean_flush=N), as before clean flushes were skipped.
all_flushes() { with_param skip_clean_flush N Y "$@"; }

# no_window CMD...: CMD with dm-atomic's group commit as it was before the commit window
# (module parameter commit_window=N: a commit starts as soon as lists wait, two in flight).
no_window() { with_param commit_window N Y "$@"; }

# fua_all CMD...: CMD with every dm-atomic commit written with REQ_FUA (module parameter
# fua_commits=Y: each list durable when acknowledged), as before commits were acknowledged
# from the metadata device's cache.
fua_all() { with_param fua_commits Y N "$@"; }

# no_auto CMD...: CMD with no commit written REQ_FUA because flushes followed recent ones
# (module parameter auto_fua=N), as before dm-atomic did that.
no_auto() { with_param auto_fua N Y "$@"; }

# workers CMD...: CMD with dm-atomic's commit path as it was before a lone writer's commit was
# built and sent in the writer's own context and acknowledged in its log write's completion
# (module parameters inline_submit=N, inline_ack=N: the commit and completion workers do
# both) and before write-back waited 100 ms after a commit (the table reloaded with
# writeback_delay_ms 20, the earlier fixed delay); the table and parameters are put back after.
workers() {
	local k=${ATOM_FEATURES%% *} n rc
	n=$(sectors /dev/mapper/atom)
	dmsetup reload atom --table "0 $n atomic $DATA $LOG $((k + 2)) ${ATOM_FEATURES#* } writeback_delay_ms 20" &&
		dmsetup resume atom || return
	with_param inline_submit N Y with_param inline_ack N Y "$@"
	rc=$?
	dmsetup reload atom --table "0 $n atomic $DATA $LOG $ATOM_FEATURES" && dmsetup resume atom || return
	return $rc
}

# copy_all CMD...: CMD with every list copied into dm-atomic's memory and checksummed
# (module parameter zero_copy=N), as before large lists were logged zero-copy.
copy_all() { with_param zero_copy N Y "$@"; }

# zc_alone CMD...: CMD with a zero-copy list begun only when no other commit is in flight
# (module parameter zero_copy_overlap=N), as before zero-copy lists overlapped.
zc_alone() { with_param zero_copy_overlap N Y "$@"; }

row1() {	# streaming sequential writes; seq-1m-u: each 1 MiB write starts 4 KiB past a MiB
	local L=$1 g bs off r bytes
	local -a W1
	plan_of 1 "$L"
	for g in $PLAN_G; do
		g=${g#seq-} bs=${g%-u} off=0
		[ "$g" = "$bs" ] || off=4k
		case $bs in *k) bytes=$((${bs%k} << 10)) ;; *m) bytes=$((${bs%m} << 20)) ;; esac
		# One transaction a write of bs bytes (see SERIES): v2 O_ATOMIC, v3 a one-range list.
		if [ $SERIES = v3 ]; then
			W1=(dma-bench lists --force -m atomic --seq --offset $((${off%k} << 10)) -k 1 -b $bytes -J 1 -T "$SECS" /dev/mapper/atom)
		else
			W1=(fio_cell /dev/mapper/atom write $bs 1 --offset=$off --atomic=1)
		fi
		for ((r = 1; r <= ROUNDS; r++)); do
			enqueue 1 "$L" "seq-$g" lin-plain $r /dev/mapper/lin flush:/dev/mapper/lin -- fio_cell /dev/mapper/lin write $bs 1 --offset=$off
			enqueue 1 "$L" "seq-$g" $A1 $r /dev/mapper/atom checkpoint:atom -- "${W1[@]}"
			enqueue 1 "$L" "seq-$g" $A1-copy $r /dev/mapper/atom checkpoint:atom -- copy_all "${W1[@]}"
			enqueue 1 "$L" "seq-$g" $A1-fua $r /dev/mapper/atom checkpoint:atom -- copy_all fua_all "${W1[@]}"
			enqueue 1 "$L" "seq-$g" $A1-2pass $r /dev/mapper/atom checkpoint:atom -- copy_all two_pass "${W1[@]}"
			enqueue 1 "$L" "seq-$g" $A1-crc32c $r /dev/mapper/atom checkpoint:atom -- copy_all crc_driver "${W1[@]}"
			enqueue 1 "$L" "seq-$g" atom-plain $r /dev/mapper/atom checkpoint:atom -- fio_cell /dev/mapper/atom write $bs 1 --offset=$off
			# The disks' own cost of a logged write (dma-bench path on the raw disks,
			# the log's part past dm-atomic's superblock; the target is idle, its log
			# empty after the checkpoint): the zero-copy path's four steps, the same
			# acknowledged before the in-place write, the copy path's log write alone.
			enqueue 1 "$L" "seq-$g" floor-zc $r "$DATA" none -- dma-bench path --force --shared -b $bytes -T "$SECS" "$LOG" "$DATA"
			enqueue 1 "$L" "seq-$g" floor-zc-ack $r "$DATA" none -- dma-bench path --force --shared -b $bytes -T "$SECS" --steps log,flush,record "$LOG" "$DATA"
			enqueue 1 "$L" "seq-$g" floor-log $r "$DATA" none -- dma-bench path --force --shared -b $bytes -T "$SECS" --steps log "$LOG" "$DATA"
			rotated $r
		done
	done
}

row2() {	# random writes
	local L=$1 g bs j r
	local -a W1
	plan_of 2 "$L"
	for g in $PLAN_G; do
		bs=${g#rand-} bs=${bs%-j*} j=${g##*-j}
		for ((r = 1; r <= ROUNDS; r++)); do
			# One transaction a write (see SERIES): v2 O_ATOMIC, v3 a one-range list, J
			# writers at random bs-aligned offsets of the whole device, as fio's.
			if [ $SERIES = v3 ]; then
				W1=(dma-bench lists --force -m atomic -k 1 -b $((${bs%k} << 10)) -J $j -T "$SECS" -S $r /dev/mapper/atom)
			else
				W1=(fio_cell /dev/mapper/atom randwrite $bs $j --atomic=1)
			fi
			enqueue 2 "$L" "rand-$bs-j$j" lin-plain $r /dev/mapper/lin flush:/dev/mapper/lin -- fio_cell /dev/mapper/lin randwrite $bs $j
			enqueue 2 "$L" "rand-$bs-j$j" $A1 $r /dev/mapper/atom checkpoint:atom -- "${W1[@]}"
			enqueue 2 "$L" "rand-$bs-j$j" atom-plain $r /dev/mapper/atom checkpoint:atom -- fio_cell /dev/mapper/atom randwrite $bs $j
			rotated $r
		done
	done
}

row3() {	# database transactions: 4 discontiguous 16 KiB pages, durable at commit
	local L=$1 g w r region
	region=$(( ($(sectors /dev/mapper/lin) * 512 - 64 * 16384 * 16) / 16384 * 16384 ))
	plan_of 3 "$L"
	for g in $PLAN_G; do
		w=${g#txn-w}
		for ((r = 1; r <= ROUNDS; r++)); do
			enqueue 3 "$L" "txn-w$w" a-doublewrite $r /dev/mapper/lin none -- \
				dma-bench lists --force -m dw -k 4 -b 16384 -J $w -T "$SECS" -r $region -S $r /dev/mapper/lin
			enqueue 3 "$L" "txn-w$w" b-atomic-flush $r /dev/mapper/atom checkpoint:atom -- \
				stats_around atom dma-bench lists --force -m atomic -f -k 4 -b 16384 -J $w -T "$SECS" -r $region -S $r /dev/mapper/atom
			enqueue 3 "$L" "txn-w$w" b-atomic-flush-workers $r /dev/mapper/atom checkpoint:atom -- \
				stats_around atom workers dma-bench lists --force -m atomic -f -k 4 -b 16384 -J $w -T "$SECS" -r $region -S $r /dev/mapper/atom
			enqueue 3 "$L" "txn-w$w" b-atomic-flush-fua $r /dev/mapper/atom checkpoint:atom -- \
				stats_around atom fua_all dma-bench lists --force -m atomic -f -k 4 -b 16384 -J $w -T "$SECS" -r $region -S $r /dev/mapper/atom
			enqueue 3 "$L" "txn-w$w" b-atomic-flush-noauto $r /dev/mapper/atom checkpoint:atom -- \
				stats_around atom no_auto dma-bench lists --force -m atomic -f -k 4 -b 16384 -J $w -T "$SECS" -r $region -S $r /dev/mapper/atom
			enqueue 3 "$L" "txn-w$w" b-atomic-flush-passdown $r /dev/mapper/atom checkpoint:atom -- \
				stats_around atom all_flushes dma-bench lists --force -m atomic -f -k 4 -b 16384 -J $w -T "$SECS" -r $region -S $r /dev/mapper/atom
			enqueue 3 "$L" "txn-w$w" b-atomic-flush-nowindow $r /dev/mapper/atom checkpoint:atom -- \
				stats_around atom no_window dma-bench lists --force -m atomic -f -k 4 -b 16384 -J $w -T "$SECS" -r $region -S $r /dev/mapper/atom
			enqueue 3 "$L" "txn-w$w" c-atomic-noflush $r /dev/mapper/atom checkpoint:atom -- \
				stats_around atom dma-bench lists --force -m atomic -k 4 -b 16384 -J $w -T "$SECS" -r $region -S $r /dev/mapper/atom
			enqueue 3 "$L" "txn-w$w" c-atomic-fua $r /dev/mapper/atom checkpoint:atom -- \
				stats_around atom fua_all dma-bench lists --force -m atomic -k 4 -b 16384 -J $w -T "$SECS" -r $region -S $r /dev/mapper/atom
			# The disks' own cost of one transaction's commit as (b) makes it with auto
			# FUA: descriptor and the 4 pages, one O_DSYNC write on the raw log disk
			# (REQ_FUA, and the kernel's flush after it: one flush more than the commit),
			# one writer (in every group: group commit shares the commit among writers).
			enqueue 3 "$L" "txn-w$w" floor-commit $r "$DATA" none -- \
				dma-bench path --force --shared -b 65536 -T "$SECS" --steps log-fua "$LOG" "$DATA"
			rotated $r
		done
	done
}

row6() {	# lists of 1..128 segments, 1..8 writers: lists per commit; s1-1m: 1 MiB lists
	local L=$1 g k j r b
	plan_of 6 "$L"
	for g in $PLAN_G; do
		k=${g%-j*} k=${k#s} j=${g#*-j} b=4096
		case $k in *-1m) k=${k%-1m} b=1048576 ;; esac
		for ((r = 1; r <= ROUNDS; r++)); do
			enqueue 6 "$L" "$g" lin-plain $r /dev/mapper/lin flush:/dev/mapper/lin -- \
				dma-bench lists --force -m plain -k $k -b $b -J $j -T "$SECS" -S $r /dev/mapper/lin
			enqueue 6 "$L" "$g" atom-list $r /dev/mapper/atom checkpoint:atom -- \
				stats_around atom dma-bench lists --force -m atomic -k $k -b $b -J $j -T "$SECS" -S $r /dev/mapper/atom
			enqueue 6 "$L" "$g" atom-list-nowindow $r /dev/mapper/atom checkpoint:atom -- \
				stats_around atom no_window dma-bench lists --force -m atomic -k $k -b $b -J $j -T "$SECS" -S $r /dev/mapper/atom
			enqueue 6 "$L" "$g" atom-list-zcalone $r /dev/mapper/atom checkpoint:atom -- \
				stats_around atom zc_alone dma-bench lists --force -m atomic -k $k -b $b -J $j -T "$SECS" -S $r /dev/mapper/atom
			rotated $r
		done
	done
}

row8() {	# asynchronous 4 KiB writes at queue depth 1, 8, 32: io_uring and libaio (dma-rwf rate)
	local L=$1 g e q r span=$((64 << 20))
	plan_of 8 "$L"
	for g in $PLAN_G; do
		e=${g%-qd*} q=${g##*-qd}
		for ((r = 1; r <= ROUNDS; r++)); do
			enqueue 8 "$L" "$e-qd$q" lin-plain $r /dev/mapper/lin flush:/dev/mapper/lin -- \
				dma-rwf rate -p $e /dev/mapper/lin $q 4096 "$SECS" $span
			enqueue 8 "$L" "$e-qd$q" atom-plain $r /dev/mapper/atom checkpoint:atom -- \
				dma-rwf rate -p $e /dev/mapper/atom $q 4096 "$SECS" $span
			enqueue 8 "$L" "$e-qd$q" atom-rwf $r /dev/mapper/atom checkpoint:atom -- \
				dma-rwf rate $e /dev/mapper/atom $q 4096 "$SECS" $span
			rotated $r
		done
	done
}

# stats_around NAME CMD...: CMD's JSON line, then dm-atomic's stats before and after as JSON.
stats_around() {
	local name=$1 a b
	shift
	a=$(dmsetup message "$name" 0 stats | tr '\n' ' ')
	"$@" || return
	b=$(dmsetup message "$name" 0 stats | tr '\n' ' ')
	echo "{\"stats_before\": \"$a\", \"stats_after\": \"$b\"}"
}

row4() {	# reads: data in the log / written back, against dm-linear, all over one dm-delay
	local L=$1 n r g rw mib=$READ_MIB groups
	n=$(sectors "$DATA")
	plan_of 4 "$L"
	groups=$PLAN_G
	# While the fill and the in-log reads run, writes through the dm-delay under the data
	# device wait a minute: the write-back of what the fill logged stays in flight, its data
	# in the log.  Then its table is reloaded with no delay (the suspend sends what it held
	# on at once), so the checkpoint does not wait for a timer.  Reads pass at once either
	# way; the baseline reads through the same dm-delay.
	bdly_hold() {
		dmsetup load bdly --table "0 $n delay $DATA 0 0 $DATA 0 $1" &&
		dmsetup suspend bdly && dmsetup resume bdly
	}
	dmsetup create bdly --table "0 $n delay $DATA 0 0 $DATA 0 0" &&
	dmsetup create lin4 --table "0 $n linear /dev/mapper/bdly 0" &&
	dmsetup create atom4 --table "0 $n atomic /dev/mapper/bdly $LOG" || { fail "row 4 setup"; return; }
	for ((r = 1; r <= ROUNDS; r++)); do
		local t0=$SECONDS
		bdly_hold 60000 || fail "row 4: dm-delay reload"
		fill_atomic /dev/mapper/atom4 $mib || fail "row 4 fill"
		for g in $groups; do
			rw=${g%-4k}
			cell 4 "$L" "$g" atom-inlog $r /dev/mapper/atom4 none -- \
				stats_around atom4 fio_cell /dev/mapper/atom4 $rw 4k 1 --size=${mib}m
		done
		local t1=$SECONDS
		bdly_hold 0 || fail "row 4: dm-delay reload"
		dmsetup message atom4 0 checkpoint >/dev/null
		say "row 4 round $r: fill $((t1 - t0)) s (with the in-log reads), checkpoint $((SECONDS - t1)) s"
		for g in $groups; do
			rw=${g%-4k}
			cell 4 "$L" "$g" atom-written $r /dev/mapper/atom4 none -- \
				stats_around atom4 fio_cell /dev/mapper/atom4 $rw 4k 1 --size=${mib}m
			cell 4 "$L" "$g" lin-plain $r /dev/mapper/lin4 none -- \
				fio_cell /dev/mapper/lin4 $rw 4k 1 --size=${mib}m
		done
	done
	dmsetup remove atom4; dmsetup remove lin4; dmsetup remove bdly
}

row5() {	# recovery: activation with a full log of S MiB, against reading S MiB
	local L=$1 g s r n m v f
	n=$(sectors "$DATA") m=$(sectors "$LOG")
	for ((r = 1; r <= ROUNDS; r++)); do
		plan_of 5 "$L"
		for g in $PLAN_G; do
			s=${g#log-} s=${s%m}
			# activate: a log of copied transactions (data crcs); activate-zc: of zero-copy
			# ones (commit records, no data crc).
			# activate-zc-single: the same, its scan reading one block a read (module
			# parameter scan_pairs=N), as before a record came with the next descriptor.
			for v in activate activate-zc activate-zc-single; do
				f=
				[ $v != activate ] && f="2 zero_copy_bytes 1048576"
				# Fill: the superblock's writes are dropped (dm-flakey over its block, the
				# log passes), so the log keeps S MiB of transactions the superblock never
				# retires.
				wipe_log "$LOG"
				dmsetup create bmeta --table "0 $m linear $LOG 0" &&
				dmsetup create atom5 --table "0 $n atomic $DATA /dev/mapper/bmeta $f" &&
				printf '0 8 flakey %s 0 0 1 1 drop_writes\n8 %s linear %s 8\n' "$LOG" $((m - 8)) "$LOG" |
					dmsetup load bmeta && dmsetup suspend bmeta && dmsetup resume bmeta &&
				fill_atomic /dev/mapper/atom5 $s &&
				dmsetup remove atom5 && dmsetup remove bmeta || { fail "row 5 fill of $s MiB ($v)"; dmsetup remove atom5; dmsetup remove bmeta; continue; }
				sync -d "$LOG"
				if [ $v = activate-zc-single ]; then
					cell 5 "$L" "log-${s}m" $v $r "$LOG" none -- with_param scan_pairs N Y activate5 "$DATA" "$LOG" "$s"
				else
					cell 5 "$L" "log-${s}m" $v $r "$LOG" none -- activate5 "$DATA" "$LOG" "$s"
				fi
				dmsetup remove atom5
			done
			cell 5 "$L" "log-${s}m" seqread $r "$LOG" none -- seqread5 "$LOG" "$s"
		done
	done
}
activate5() {	# activate5 DATA LOG MIB: time dmsetup create; JSON with what recovery replayed
	local t0 t1 st
	t0=$(now)
	dmsetup create atom5 --table "0 $(sectors "$1") atomic $1 $2" || return 1
	t1=$(now)
	st=$(dmsetup message atom5 0 stats | tr '\n' ' ')
	echo "{\"seconds\": $(awk "BEGIN { print $t1 - $t0 }"), \"bytes\": $(($3 << 20)), \"stats\": \"$st\"}"
}
seqread5() {	# seqread5 DEV MIB: time a sequential O_DIRECT read of MIB MiB
	local t0 t1
	t0=$(now)
	dd if="$1" of=/dev/null bs=1M count="$2" iflag=direct status=none || return 1
	t1=$(now)
	echo "{\"seconds\": $(awk "BEGIN { print $t1 - $t0 }"), \"bytes\": $(($2 << 20))}"
}

row7() {	# SQLite: stock journal_mode=DELETE and WAL on ext4 on dm-linear vs atomicblk on dm-atomic
	local n m g t k r mnt=/tmp/bench-sqlite
	command -v sqlite3 >/dev/null && [ -f "$(dirname "$(command -v dma-bench-sqlite)")/atomicblk.so" ] ||
		{ fail "row 7: sqlite3 or atomicblk.so missing"; return; }
	n=$(sectors "$B_DATA"); m=$((n / 2 < 524288 ? n / 2 / 8 * 8 : 524288))
	DATA=$B_DATA LOG=$B_LOG ROLES="data:$B_DATA log:$B_LOG"
	wipe_log "$LOG"
	dmsetup create lin7 --table "0 $m linear $DATA 0" &&
	dmsetup create b7d --table "0 $m linear $DATA $m" || { fail "row 7 setup"; return; }
	dd if=/dev/zero of=/dev/mapper/b7d bs=4096 count=1 oflag=direct status=none
	dmsetup create atom7 --table "0 $m atomic /dev/mapper/b7d $LOG" || { fail "row 7 setup"; dmsetup remove lin7 b7d; return; }
	mkdir -p $mnt
	local tp=$SECONDS
	if mkfs.ext4 -q -F /dev/mapper/lin7 && mount /dev/mapper/lin7 $mnt &&
	   dma-bench-sqlite prepare delete $mnt/delete.db 4 && dma-bench-sqlite prepare wal $mnt/wal.db 4 &&
	   dma-bench-sqlite prepare atomicblk /dev/mapper/atom7 4 && sync; then
		say "row 7: ext4 and three databases of 4 x 256 pages set up in $((SECONDS - tp)) s"
		plan_of 7 sep
		for g in $PLAN_G; do
			t=${g%%-*} t=${t#t} k=${g#*-}
			for ((r = 1; r <= ROUNDS; r++)); do
				enqueue 7 sep "$g" a-delete $r /dev/mapper/lin7 flush:/dev/mapper/lin7 -- \
					dma-bench-sqlite run delete $mnt/delete.db $t $k "$SQLITE_TXNS"
				enqueue 7 sep "$g" b-wal $r /dev/mapper/lin7 flush:/dev/mapper/lin7 -- \
					dma-bench-sqlite run wal $mnt/wal.db $t $k "$SQLITE_TXNS"
				enqueue 7 sep "$g" c-atomicblk $r /dev/mapper/atom7 checkpoint:atom7 -- \
					dma-bench-sqlite run atomicblk /dev/mapper/atom7 $t $k "$SQLITE_TXNS"
				rotated $r
			done
		done
	else
		fail "row 7: ext4 or the databases could not be set up"
	fi
	umount $mnt 2>/dev/null
	dmsetup remove atom7; dmsetup remove lin7 b7d
}

# MariaDB: doublewrite on, ext4 on dm-linear vs doublewrite off, ext4 on dm-atomic, with
# all_writes_atomic (b), with all_writes_atomic_from 16384 (c: InnoDB's 16 KiB page writes
# logged, the redo log's and ext4's smaller writes straight to the data device) and with that
# and zero_copy_bytes 16384 (d: the page writes logged zero-copy).  b, c and d are the same
# dm-atomic device and file system, its table reloaded between the cells.
row9() {
	local n m r c mnt=/tmp/bench-mdb lib=/payload/tests/apps/mariadb-lib.sh
	command -v mariadbd >/dev/null && command -v sysbench >/dev/null && [ -f $lib ] ||
		{ fail "row 9: mariadb-server or sysbench missing (make bench ROWS=9 boots the apps image)"; return; }
	_skip() { echo "$*"; return 1; }
	. $lib
	n=$(sectors "$B_DATA"); m=$((n / 2 < 1048576 ? n / 2 / 8 * 8 : 1048576))
	DATA=$B_DATA LOG=$B_LOG ROLES="data:$B_DATA log:$B_LOG"
	wipe_log "$LOG"
	dmsetup create lin9 --table "0 $m linear $DATA 0" &&
	dmsetup create b9d --table "0 $m linear $DATA $m" || { fail "row 9 setup"; return; }
	local t9b="0 $m atomic /dev/mapper/b9d $LOG 1 all_writes_atomic"
	local t9c="0 $m atomic /dev/mapper/b9d $LOG 2 all_writes_atomic_from 16384"
	local t9d="0 $m atomic /dev/mapper/b9d $LOG 4 all_writes_atomic_from 16384 zero_copy_bytes 16384"
	dmsetup create atom9 --table "$t9b" ||
		{ fail "row 9 setup"; dmsetup remove lin9 b9d; return; }
	local tp=$SECONDS ok=1
	for c in lin9 atom9; do
		mkdir -p $mnt-$c
		{ mkfs.ext4 -q -F -E nodiscard /dev/mapper/$c && mount /dev/mapper/$c $mnt-$c && _mdb_init $mnt-$c/data &&
		  _mdb_start $mnt-$c/data 1 && _mdb -e "CREATE DATABASE sbtest" &&
		  _sysbench --tables=1 --table-size=$MDB_ROWS prepare >/dev/null && _mdb_stop; } || ok=0
	done
	if [ $ok = 1 ]; then
		say "row 9: ext4, MariaDB and sysbench tables of $MDB_ROWS rows set up twice in $((SECONDS - tp)) s"
		for ((r = 1; r <= ROUNDS; r++)); do
			for c in a-doublewrite b-atomic-nodw c-atomic16k-nodw d-atomic16k-zc-nodw; do
				local dev=lin9 dw=1 t=
				case $c in
				b-*) dev=atom9 dw=0 t=$t9b ;;
				c-*) dev=atom9 dw=0 t=$t9c ;;
				d-*) dev=atom9 dw=0 t=$t9d ;;
				esac
				if [ -n "$t" ] && [ "$(dmsetup table atom9 | cut -d' ' -f6-)" != "$(cut -d' ' -f6- <<<"$t")" ]; then
					{ dmsetup suspend atom9 && dmsetup reload atom9 --table "$t" &&
					  dmsetup resume atom9; } || { fail "row 9: reload of atom9 for $c"; continue; }
				fi
				_mdb_start $mnt-$dev/data $dw || { fail "row 9: mariadbd did not start"; continue; }
				# Pages written back all the time (as under a steady write load that outgrows
				# the buffer pool), not left dirty in memory: each page write is what costs.
				_mdb -e "SET GLOBAL innodb_max_dirty_pages_pct=0; SET GLOBAL innodb_max_dirty_pages_pct_lwm=0.001"
				cell 9 sep oltp-write-only $c $r /dev/mapper/$dev none -- mdb_cell "$MDB_EVENTS"
				_mdb_stop
				[ $dev = atom9 ] && dmsetup message atom9 0 checkpoint >/dev/null
			done
		done
	else
		fail "row 9: ext4, MariaDB or the sysbench tables could not be set up"
	fi
	umount $mnt-lin9 $mnt-atom9 2>/dev/null
	dmsetup remove atom9; dmsetup remove lin9 b9d
}
mdb_cell() {	# mdb_cell EVENTS: sysbench oltp_write_only, JSON {tps, txns} on stdout
	local out
	out=$(_sysbench --tables=1 --table-size=$MDB_ROWS --events="$1" --time=0 --threads=1 run) || return 1
	awk '/transactions:/ { gsub(/\(/, "", $3); print "{\"txns\": " $2 ", \"tps\": " $3 "}" }' <<<"$out"
}

# PostgreSQL: full_page_writes=on, ext4 on dm-linear vs full_page_writes=off, ext4 on
# dm-atomic with all_writes_atomic (b) and with all_writes_atomic_from 8192 (c: PostgreSQL's
# 8 KiB page writes and larger logged, smaller writes straight to the data device).  b and c
# are the same dm-atomic device and file system, its table reloaded between the cells.  The
# server settings are postgresql-lib.sh's for every column (checkpoint_timeout=30s,
# max_wal_size=64MB, shared_buffers=16MB, a busy background writer): checkpoints come often,
# and so do the full-page images they bring.
row10() {
	local n m r c mnt=/tmp/bench-pg lib=/payload/tests/apps/postgresql-lib.sh
	[ -f $lib ] || { fail "row 10: $lib missing"; return; }
	. $lib
	[ -x $PG_BIN/postgres ] && [ -x $PG_BIN/pgbench ] && id -u $PG_USER >/dev/null 2>&1 ||
		{ fail "row 10: postgresql-15 missing (make bench ROWS=10 boots the apps image)"; return; }
	n=$(sectors "$B_DATA"); m=$((n / 2 < 1048576 ? n / 2 / 8 * 8 : 1048576))
	DATA=$B_DATA LOG=$B_LOG ROLES="data:$B_DATA log:$B_LOG"
	wipe_log "$LOG"
	dmsetup create lin10 --table "0 $m linear $DATA 0" &&
	dmsetup create b10d --table "0 $m linear $DATA $m" || { fail "row 10 setup"; return; }
	local t10b="0 $m atomic /dev/mapper/b10d $LOG 1 all_writes_atomic"
	local t10c="0 $m atomic /dev/mapper/b10d $LOG 2 all_writes_atomic_from 8192"
	dmsetup create atom10 --table "$t10b" ||
		{ fail "row 10 setup"; dmsetup remove lin10 b10d; return; }
	local tp=$SECONDS ok=1 fpw
	for c in lin10 atom10; do
		fpw=on
		[ $c = atom10 ] && fpw=off
		mkdir -p $mnt-$c
		{ mkfs.ext4 -q -F -E nodiscard /dev/mapper/$c && mount /dev/mapper/$c $mnt-$c && _pg_init $mnt-$c/data &&
		  _pg_start $mnt-$c/data $fpw && _pgbench -i -s $PG_SCALE -q >>"$OUT/row10-setup.log" 2>&1 && _pg_stop $mnt-$c/data; } || ok=0
	done
	if [ $ok = 1 ]; then
		say "row 10: ext4, PostgreSQL and pgbench tables of scale $PG_SCALE set up twice in $((SECONDS - tp)) s"
		for ((r = 1; r <= ROUNDS; r++)); do
			for c in a-fpw b-atomic-nofpw c-atomic8k-nofpw; do
				local dev=lin10 fpw=on t=
				case $c in
				b-*) dev=atom10 fpw=off t=$t10b ;;
				c-*) dev=atom10 fpw=off t=$t10c ;;
				esac
				if [ -n "$t" ] && [ "$(dmsetup table atom10 | cut -d' ' -f6-)" != "$(cut -d' ' -f6- <<<"$t")" ]; then
					{ dmsetup suspend atom10 && dmsetup reload atom10 --table "$t" &&
					  dmsetup resume atom10; } || { fail "row 10: reload of atom10 for $c"; continue; }
				fi
				_pg_start $mnt-$dev/data $fpw || { fail "row 10: postgres did not start"; continue; }
				cell 10 sep pgbench-tpcb $c $r /dev/mapper/$dev none -- pg_cell "$PG_TXNS"
				_pg_stop $mnt-$dev/data
				[ $dev = atom10 ] && dmsetup message atom10 0 checkpoint >/dev/null
			done
		done
	else
		fail "row 10: ext4, PostgreSQL or the pgbench tables could not be set up (see row10-setup.log)"
	fi
	_pg_stop $mnt-lin10/data 2>/dev/null; _pg_stop $mnt-atom10/data 2>/dev/null
	umount $mnt-lin10 $mnt-atom10 2>/dev/null
	dmsetup remove atom10; dmsetup remove lin10 b10d
}
pg_cell() {	# pg_cell TXNS: pgbench (TPC-B-like, 2 clients), JSON {txns, tps, wal_bytes, ...} on stdout
	local out a b
	# pg_stat_wal's wal_bytes and wal_fpi, and the WAL's insert position, before and after.
	a=$(_psql -F ' ' -c "SELECT wal_bytes, wal_fpi, pg_current_wal_insert_lsn() FROM pg_stat_wal") || return 1
	out=$(_pgbench -n -c 2 -j 1 -t "$1") || { echo "$out" >&2; return 1; }
	# The backends add their WAL to pg_stat_wal when they exit: wait (up to 10 s) for them to
	# be gone, in the same psql (every psql started costs guest CPU the cell counts), then read.
	b=$(_psql -F ' ' -c "DO \$\$ BEGIN FOR i IN 1..100 LOOP PERFORM pg_stat_clear_snapshot();
			EXIT WHEN NOT EXISTS (SELECT FROM pg_stat_activity WHERE backend_type = 'client backend'
			AND pid <> pg_backend_pid()); PERFORM pg_sleep(0.1); END LOOP; END \$\$" \
		-c "SELECT wal_bytes, wal_fpi, pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '${a##* }') FROM pg_stat_wal") || return 1
	echo "$out" >&2
	echo "pg_stat_wal before: $a; after: $b (the last: WAL insert position moved, bytes)" >&2
	awk -v a="$a" -v b="$b" '
		/^number of transactions actually processed:/ { split($NF, t, "/"); n = t[1] }
		/^tps = / { tps = $3 }
		END {
			split(a, x, " "); split(b, y, " ")
			if (n == "" || tps == "" || y[3] == "") exit 1
			printf "{\"txns\": %d, \"tps\": %s, \"wal_bytes\": %.0f, \"wal_fpi\": %.0f, \"wal_lsn_bytes\": %.0f}\n", n, tps, y[1] - x[1], y[2] - x[2], y[3]
		}' <<<"$out"
}

run_layout() {
	local L=$1 rows=$2 row
	teardown_layout
	setup_layout "$L" || { fail "layout $L: setup"; teardown_layout; return; }
	say "layout $L: data $DATA, log $LOG ($ROLES)"
	knm /dev/mapper/atom
	local q=/sys/block/$REPLY/queue
	if [ $SERIES = v3 ]; then	# write lists, no O_ATOMIC
		echo "atomic_device_$L=write_cache=$(cat $q/write_cache) fua=$(cat $q/fua) max_write_list_segments=$(cat $q/max_write_list_segments) write_list_max_bytes=$(cat $q/write_list_max_bytes) atomic_write_unit_max_bytes=$(cat $q/atomic_write_unit_max_bytes 2>/dev/null)" >>"$OUT/env-guest.txt"
		[ "$L" = sep ] && { has_row 1 || has_row 2 || has_row 4 || has_row 5; } && prove_lists
	else
		echo "atomic_device_$L=write_cache=$(cat $q/write_cache) fua=$(cat $q/fua) atomic_write_segments=$(cat $q/atomic_write_segments 2>/dev/null) atomic_write_max_bytes=$(cat $q/atomic_write_max_bytes 2>/dev/null)" >>"$OUT/env-guest.txt"
		[ "$L" = sep ] && has_row 1 && prove_oatomic
	fi
	for row in $rows; do
		has_row "$row" || continue
		local t0=$SECONDS c0=$ncell
		case $row in
		1) row1 "$L" ;; 2) row2 "$L" ;; 3) row3 "$L" ;; 6) row6 "$L" ;; 8) row8 "$L" ;;
		4) dmsetup remove atom; row4 "$L"; dmsetup create atom --table "0 $(sectors "$DATA") atomic $DATA $LOG $ATOM_FEATURES" ;;
		5) dmsetup remove atom; row5 "$L"; dmsetup create atom --table "0 $(sectors "$DATA") atomic $DATA $LOG $ATOM_FEATURES" ;;
		esac
		say "layout $L row $row: $((ncell - c0)) cells in $((SECONDS - t0)) s"
	done
	teardown_layout
}

run_layout sep "1 2 3 4 5 6 8"
if [ -b "$B_FUA" ]; then run_layout fua "1 3"; else say "no FUA disk: layout fua not run"; fi
if [ -b "$B_SHARED" ]; then run_layout shared "3"; else say "no shared disk: layout shared not run"; fi
if has_row 7; then
	c0=$ncell t0=$SECONDS
	row7
	say "layout sep row 7: $((ncell - c0)) cells in $((SECONDS - t0)) s"
fi
if has_row 9; then
	c0=$ncell t0=$SECONDS
	row9
	say "layout sep row 9: $((ncell - c0)) cells in $((SECONDS - t0)) s"
fi
if has_row 10; then
	c0=$ncell t0=$SECONDS
	row10
	say "layout sep row 10: $((ncell - c0)) cells in $((SECONDS - t0)) s"
fi
dmesg >"$OUT/dmesg.txt"
say "done: $ncell cells in $((SECONDS - t_begin)) s, $failures failure(s)"
[ "$failures" = 0 ]
