#!/bin/bash
# One boot of a MariaDB power-cut chain (qemu-scripts/powercut.sh --workload mariadb), run in
# the apps guest image (Debian's mariadb-server and sysbench) as DMA_MODE=powercut.  Same
# disks and conventions as cycle.sh: SCRATCH0 holds dm-atomic's data (256 MiB), SCRATCH1 its
# metadata (16 MiB), SCRATCH3 an ext4 journal disk mounted sync.
#
# MariaDB without its doublewrite buffer (innodb_doublewrite=0, innodb_flush_method=O_DIRECT,
# innodb_flush_log_at_trx_commit=1, the page cleaner writing pages back all the time) on ext4
# on dm-atomic with all_writes_atomic_from 16384 (and writeback_delay_ms 5000, below): InnoDB's
# page writes go through the log, smaller writes straight to the data device.  sysbench oltp_write_only runs while a client
# commits numbered transactions (INSERT INTO sbtest.acks) and appends each number to this
# boot's journal (/journal/jK) after its COMMIT returned; the host kills QEMU a random moment
# after @@DMA-CUT.  Every boot but the first activates the target on what the cut left (its
# recovery), mounts ext4 (its journal), and checks what tests/apps/mariadb-crash.py checks:
# innochecksum over every tablespace, the server starts (InnoDB's crash recovery), CHECK
# TABLE is OK, and acks holds every number any journal holds (nothing acknowledged lost).
# Then the writers go on from there.  DMA_PC_MDB_OPTS: more mariadbd options (powercut.sh passes
# it on; commas between options), e.g. the control
# --innodb-flush-log-at-trx-commit=0,--innodb-flush-log-at-timeout=60, whose acknowledged
# commits are not yet durable: the check must find them lost.
. "$(dirname "$0")/cycle-lib.sh"

D=524288 M=32768 MNT=/mdb
# Write-back 5 s after a commit (not 100 ms): the cut, 0.3-4 s after the writers start,
# usually finds logged page writes not yet written back, and recovery replays them.
FEATURES="4 all_writes_atomic_from 16384 writeback_delay_ms 5000"
mdb_opts=${DMA_PC_MDB_OPTS:-}
mdb_opts=${mdb_opts//,/ }
# shellcheck source=../apps/mariadb-lib.sh
. /payload/tests/apps/mariadb-lib.sh
command -v mariadbd >/dev/null && command -v sysbench >/dev/null ||
	fail "mariadb-server or sysbench is not in the guest image (powercut.sh --workload mariadb boots the apps image)"

mkdir -p $MNT
pc_journal
insmod "$DMA_MODULE" || fail "insmod"
dmsetup create pcd --table "0 $D linear $SCRATCH0 0" || fail "dm-linear"
dmsetup create pcm --table "0 $M linear $SCRATCH1 0" || fail "dm-linear"
# shellcheck disable=SC2086
pc_activate $D mariadb $FEATURES

if [ "$cycle" = 1 ]; then
	mkfs.ext4 -q -E nodiscard /dev/mapper/pc || fail "mkfs.ext4 on dm-atomic"
	mount /dev/mapper/pc $MNT || fail "mount"
	# shellcheck disable=SC2086
	{ _mdb_init $MNT/data && _mdb_start $MNT/data 0 $mdb_opts &&
	  _mdb -e 'CREATE DATABASE sbtest; CREATE TABLE sbtest.acks (n INT PRIMARY KEY) ENGINE=InnoDB' &&
	  _sysbench --tables=1 --table-size=2000 prepare >/dev/null; } || fail "database setup"
	next=1
else
	mount /dev/mapper/pc $MNT || fail "the file system after the cut of boot $((cycle - 1)) does not mount"
	a=$(acked); a=${a:-0}
	problem=
	bad=$(cd $MNT/data && for f in ibdata1 sbtest/*.ibd mysql/*.ibd; do
		innochecksum "$f" >/dev/null 2>&1 || echo "$f"; done)
	torn=0 lost=0 corrupt=0 m=-1
	if [ -n "$bad" ]; then
		torn=1 problem="innochecksum: corrupt page(s) in $(echo $bad)"
	# shellcheck disable=SC2086
	elif ! _mdb_start $MNT/data 0 $mdb_opts >/tmp/start.out 2>&1; then
		corrupt=1 problem="mariadbd did not start: $(grep -m1 -i 'error\|corrupt' /tmp/start.out)"
	else
		out=$(_mdb -e 'CHECK TABLE sbtest.sbtest1, sbtest.acks; SELECT coalesce(max(n), 0), count(*) FROM sbtest.acks' 2>&1)
		checks=$(grep -c "	check	.*	OK$" <<<"$out")
		read -r m cnt < <(tail -n 1 <<<"$out")
		if [ "$checks" != 2 ]; then
			corrupt=1 problem="CHECK TABLE: $(head -n 4 <<<"$out" | tr '\n' '/')"
		elif [ "$cnt" != "$m" ]; then
			corrupt=1 problem="acks holds $cnt rows up to $m"
		elif [ "$m" -lt "$a" ]; then
			lost=1 problem="lost: transaction $a was acknowledged, acks ends at $m"
		fi
	fi
	pc "verify boot $((cycle - 1)): summary: acks at transaction $m, $a acknowledged; violations: torn $torn, durability $lost, order 0, corrupt $corrupt, misdirected 0${problem:+ ($problem)}"
	[ -z "$problem" ] || fail "the database after the cut of boot $((cycle - 1))"
	next=$((m + 1))
fi

if [ "$final" = 1 ]; then
	_mdb_stop || fail "mariadbd did not stop"
	umount $MNT || fail "umount"
	pc_done
fi

# Pages written back all the time, so that the cut lands in page writes, not only in the redo log.
_mdb -e "SET GLOBAL innodb_max_dirty_pages_pct=0; SET GLOBAL innodb_max_dirty_pages_pct_lwm=0.001" ||
	fail "server settings"
pc "at $(up) s workload: sysbench, and transactions from $next on"
_sysbench --tables=1 --table-size=2000 --time=3600 --events=0 --threads=1 run >/tmp/sysbench.out 2>&1 &
(
	n=$next
	while _mdb -e "INSERT INTO sbtest.acks VALUES ($n)"; do
		echo $n >>/journal/j$cycle
		n=$((n + 1))
	done
) >/tmp/writer.out 2>&1 &
sleep 1
echo "@@DMA-CUT"
wait
cat /tmp/writer.out /tmp/sysbench.out | tail -n 20
fail "the writers ended before the power cut"
