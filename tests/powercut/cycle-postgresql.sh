#!/bin/bash
# One boot of a PostgreSQL power-cut chain (qemu-scripts/powercut.sh --workload postgresql), run
# in the apps guest image (Debian's postgresql-15) as DMA_MODE=powercut.  Same disks and
# conventions as cycle.sh: SCRATCH0 holds dm-atomic's data (256 MiB), SCRATCH1 its metadata
# (16 MiB), SCRATCH3 an ext4 journal disk mounted sync.
#
# PostgreSQL 15 with data checksums and full_page_writes=off (checkpoints every 30 s and on
# demand, a busy background writer: see tests/apps/postgresql-lib.sh) on ext4 on dm-atomic with
# all_writes_atomic_from 8192 (and writeback_delay_ms 5000, below): writes of a page or more go
# through the log, smaller ones straight to the data device.  pgbench runs while a client
# commits numbered transactions (INSERT INTO acks) and appends each number to this boot's
# journal (/journal/jK) after its COMMIT returned (one psql session), with a CHECKPOINT after
# every fifth; the host
# kills QEMU a random moment after @@DMA-CUT.  Every boot but the first activates the target on
# what the cut left (its recovery), mounts ext4 (its journal), and checks what
# tests/apps/postgresql-crash.py checks: the server starts (crash recovery without full-page
# images), pg_amcheck --heapallindexed, the pgbench balances agree, acks holds every number any
# journal holds (nothing acknowledged lost); at the last boot also a clean stop and
# pg_checksums over every page.  Then the writers go on from there.  DMA_PC_PG_OPTS: more
# server options (powercut.sh passes it on; commas between "name=value" settings), e.g. the
# control synchronous_commit=off,wal_writer_delay=10000, whose acknowledged commits are not yet
# durable: the check must find them lost.
. "$(dirname "$0")/cycle-lib.sh"

D=524288 M=32768 MNT=/pg
DATA=$MNT/data
# Write-back 5 s after a commit (not 100 ms): the cut, 0.3-4 s after the writers start,
# usually finds logged page writes not yet written back, and recovery replays them.
FEATURES="4 all_writes_atomic_from 8192 writeback_delay_ms 5000"
pg_opts=()
IFS=, read -r -a extra <<<"${DMA_PC_PG_OPTS:-}"
for o in "${extra[@]}"; do pg_opts+=(-c "$o"); done
# shellcheck source=../apps/postgresql-lib.sh
. /payload/tests/apps/postgresql-lib.sh
[ -x $PG_BIN/postgres ] ||
	fail "postgresql-15 is not in the guest image (powercut.sh --workload postgresql boots the apps image)"

mkdir -p $MNT
pc_journal
insmod "$DMA_MODULE" || fail "insmod"
dmsetup create pcd --table "0 $D linear $SCRATCH0 0" || fail "dm-linear"
dmsetup create pcm --table "0 $M linear $SCRATCH1 0" || fail "dm-linear"
# shellcheck disable=SC2086
pc_activate $D postgresql $FEATURES

if [ "$cycle" = 1 ]; then
	mkfs.ext4 -q -E nodiscard /dev/mapper/pc || fail "mkfs.ext4 on dm-atomic"
	mount /dev/mapper/pc $MNT || fail "mount"
	{ _pg_init $DATA && _pg_start $DATA off "${pg_opts[@]}" &&
	  _psql -c 'CREATE TABLE acks (n int PRIMARY KEY)' -c 'CREATE EXTENSION amcheck' &&
	  _pgbench -i -s 1 -q >/dev/null 2>&1; } || fail "database setup"
	next=1
else
	mount /dev/mapper/pc $MNT || fail "the file system after the cut of boot $((cycle - 1)) does not mount"
	a=$(acked); a=${a:-0}
	problem=
	torn=0 lost=0 corrupt=0 m=-1
	if ! _pg_start $DATA off "${pg_opts[@]}" >/tmp/start.out 2>&1; then
		torn=1 problem="postgres did not start: $(grep -m1 -o -E '(PANIC|FATAL|ERROR):.*' /tmp/start.out | sed 's/:  */: /')"
	elif ! out=$(_pg_as $PG_BIN/pg_amcheck -h $PG_SOCK -U postgres --heapallindexed -d postgres 2>&1); then
		torn=1 problem="pg_amcheck: $(head -n 2 <<<"$out" | tr '\n' '/')"
	elif ! out=$(_psql -F ' ' -c 'SELECT coalesce(max(n), 0), count(*) FROM acks' \
		-c 'SELECT (SELECT sum(abalance) FROM pgbench_accounts), (SELECT sum(bbalance) FROM pgbench_branches),
		    (SELECT sum(tbalance) FROM pgbench_tellers), (SELECT coalesce(sum(delta), 0) FROM pgbench_history)' 2>&1); then
		corrupt=1 problem="queries failed: $(head -n 2 <<<"$out" | tr '\n' '/')"
	else
		read -r m cnt < <(head -n 1 <<<"$out")
		sums=$(tail -n 1 <<<"$out")
		if [ "$(tr ' ' '\n' <<<"$sums" | sort -u | wc -l)" != 1 ]; then
			corrupt=1 problem="pgbench balances differ: $sums"
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
	_pg_stop $DATA || fail "postgres did not stop"
	out=$(_pg_as $PG_BIN/pg_checksums -c -D $DATA 2>&1) || fail "pg_checksums: $(grep -m2 -i checksum <<<"$out" | tr '\n' '/')"
	pc "pg_checksums: $(grep -E 'Blocks scanned|Bad checksums' <<<"$out" | tr -s ' ' | tr '\n' ';')"
	umount $MNT || fail "umount"
	pc_done
fi

# psql runs as postgres: this boot's journal file is its to append to.
touch /journal/j$cycle && chown $PG_USER /journal/j$cycle || fail "journal file"
pc "at $(up) s workload: pgbench, and transactions from $next on"
_pgbench -n -c 2 -T 3600 >/tmp/pgbench.out 2>&1 &
# One session: each INSERT commits (autocommit) before psql runs the next line, which appends
# the number to the journal; a connection a transaction would cost most of the time to the cut.
for ((n = next; ; n++)); do
	printf 'INSERT INTO acks VALUES (%d);\n\\! echo %d >>/journal/j%d\n' $n $n "$cycle"
	[ $((n % 5)) = 0 ] && echo 'CHECKPOINT;'
done 2>/dev/null | _psql >/tmp/writer.out 2>&1 &
# The cut is timed from here: once the first transaction of this boot is acknowledged (a
# TCG guest may need seconds for pgbench's and psql's connections), so that every cut lands
# in a running workload.
for ((i = 0; i < 600; i++)); do
	[ -s /journal/j$cycle ] && break
	sleep 0.1
done
[ -s /journal/j$cycle ] || { tail -n 20 /tmp/writer.out /tmp/pgbench.out; fail "no transaction acknowledged in 60 s"; }
echo "@@DMA-CUT"
wait
cat /tmp/writer.out /tmp/pgbench.out | tail -n 20
fail "the writers ended before the power cut"
