#!/usr/bin/env bash
# A chain of real power cuts: QEMU is SIGKILLed at a random moment of a running atomic-write
# workload, N times on the same disks, and every boot recovers and verifies what the cut before
# it left (tests/powercut/cycle.sh runs in the guest).
#
#   powercut.sh [--cycles N] [--seed S] [--out DIR] [--kernel lean|debug]
#               [--workload dma|sqlite|mariadb|postgresql]
#
# --workload sqlite: the writer is SQLite on dm-atomic through the atomicblk VFS
# (tests/powercut/cycle-sqlite.sh); every boot checks integrity_check, no torn and no lost
# acknowledged transaction instead of dma-verify's journal.
# --workload mariadb: MariaDB without its doublewrite buffer on ext4 on dm-atomic with
# all_writes_atomic_from 16384, sysbench and numbered commits (tests/powercut/cycle-mariadb.sh),
# in the guest image with the database packages (qemu-scripts/rootfs.sh apps); every boot
# checks innochecksum, InnoDB's recovery, CHECK TABLE and every acknowledged commit.
# DMA_PC_MDB_OPTS (environment): more mariadbd options, e.g. a control that must fail.
# --workload postgresql: PostgreSQL 15 with full_page_writes=off and data checksums on ext4 on
# dm-atomic with all_writes_atomic_from 8192, pgbench and numbered commits
# (tests/powercut/cycle-postgresql.sh), in the apps image; every boot checks crash recovery,
# pg_amcheck, the pgbench balances and every acknowledged commit (the last one pg_checksums).
# DMA_PC_PG_OPTS (environment): more server settings, name=value, commas between them.
#
# N cuts take N+1 boots (the last one only recovers, verifies and removes the target).  The cut
# lands 0.3-4 s after the writers started (seeded, so a chain is repeatable as far as TCG timing
# allows).  Prints one line per boot and ends with
#   "powercut: N power cuts, N recoveries verified, V violations"
# Exit status 0 only when every boot recovered and verified with no violation.
# Logs: DIR/boot-K/console.log (DIR defaults to out/powercut-S).
source "$(dirname "$0")/common.sh"

cycles=10 seed=1 out= flavor=${KERNEL:-lean} script=cycle.sh
while [ $# -gt 0 ]; do
	case "$1" in
	--cycles) cycles=$2; shift 2 ;;
	--seed) seed=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--kernel) flavor=$2; shift 2 ;;
	--workload) case $2 in dma) script=cycle.sh ;; sqlite) script=cycle-sqlite.sh ;;
		mariadb) script=cycle-mariadb.sh ;; postgresql) script=cycle-postgresql.sh ;;
		*) die "powercut.sh: --workload is dma, sqlite, mariadb or postgresql (got '$2')" ;; esac; shift 2 ;;
	*) die "powercut.sh: unknown argument '$1' (see the comment at the top)" ;;
	esac
done
[[ "$cycles" =~ ^[1-9][0-9]*$ ]] || die "powercut.sh: --cycles wants a positive number (got '$cycles')"
[[ "$seed" =~ ^[0-9]+$ ]] || die "powercut.sh: --seed wants a number (got '$seed')"
case $script in
cycle.sh) name=powercut-$seed ;;
cycle-sqlite.sh) name=powercut-sqlite-$seed ;;
cycle-mariadb.sh) name=powercut-mariadb-$seed ;;
*) name=powercut-postgresql-$seed ;;
esac
out=${out:-$TOP/out/$name}

build=${DMA_BUILD:-$("$SCRIPTS/kernel.sh" "$flavor")}
if [ $script = cycle-mariadb.sh ] || [ $script = cycle-postgresql.sh ]; then
	rootfs=${DMA_ROOTFS:-$("$SCRIPTS/rootfs.sh" apps)}
else
	rootfs=${DMA_ROOTFS:-$("$SCRIPTS/rootfs.sh")}
fi
[ -f "$build/$EXT_NAME/dm-atomic/dm-atomic.ko" ] || die "powercut.sh: no dm-atomic module in $build"
rm -rf "$out"
mkdir -p "$out/disks"
per=120
# MariaDB's first boot makes its data directory and tables; every boot starts the server.
[ $script = cycle-mariadb.sh ] && per=480
[ $script = cycle-postgresql.sh ] && per=480
[ "$flavor" = debug ] && per=$((per * 10 / 3))

cuts=0 verified=0 violations=0 t0=$SECONDS
for ((k = 1; k <= cycles + 1; k++)); do
	b=$out/boot-$k
	args=(--build "$build" --rootfs "$rootfs" --out "$b" --mode powercut --disks "$out/disks"
		--timeout "$per" --env "DMA_PC_CYCLE=$k" --env "DMA_PC_SEED=$seed" --env "DMA_PC_SCRIPT=$script")
	# More server options for the mariadb workload, commas between them (a control:
	# --innodb-flush-log-at-trx-commit=0,--innodb-flush-log-at-timeout=60).
	[ -n "${DMA_PC_MDB_OPTS:-}" ] && args+=(--env "DMA_PC_MDB_OPTS=$DMA_PC_MDB_OPTS")
	[ -n "${DMA_PC_PG_OPTS:-}" ] && args+=(--env "DMA_PC_PG_OPTS=$DMA_PC_PG_OPTS")
	if [ $k -le "$cycles" ]; then
		cut=$(awk -v s=$((seed * 1000 + k)) 'BEGIN { srand(s); printf "%.1f", 0.3 + rand() * 3.7 }')
		args+=(--cut-after "$cut")
	else
		cut=
		args+=(--env DMA_PC_FINAL=1)
	fi
	"$SCRIPTS/run-vm.sh" "${args[@]}" >"$b.log" 2>&1 || true
	tr -d '\r' <"$b/console.log" >"$b/console.txt" 2>/dev/null || : >"$b/console.txt"
	# What the guest said about this boot, for the log and for the verdict.
	grep -a '^@@DMA-PC ' "$b/console.txt" | sed 's/^@@DMA-PC //' >"$b/said"
	splat=$(grep -a -m1 'BUG:\|WARNING:\|KASAN\|Oops\|general protection fault\|possible circular locking\|possible recursive locking\|inconsistent lock state\|INFO: task .* blocked\|Kernel panic' "$b/console.txt" || true)
	bad=
	[ -z "$splat" ] || bad="kernel splat: $splat"
	grep -q ' FAIL ' "$b/said" && bad=${bad:-$(grep -m1 ' FAIL ' "$b/said")}
	if [ $k -gt 1 ] && [ -z "$bad" ]; then
		if grep -q "verify boot $((k - 1)): summary:.*violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0" "$b/said"; then
			verified=$((verified + 1))
		else
			bad="no verdict on boot $((k - 1))'s journal"
		fi
	fi
	if [ -n "$cut" ] && [ -z "$bad" ]; then
		if [ -f "$b/power-cut" ]; then
			cuts=$((cuts + 1))
		else
			bad="the boot ended without the power cut"
		fi
	fi
	if [ $k -gt "$cycles" ] && [ -z "$bad" ] && ! grep -q ': DONE$' "$b/said"; then
		bad="the last boot did not finish"
	fi
	act=$(sed -n 's/^cycle [0-9]*: activated //p' "$b/said" | head -n1)
	ver=$(sed -n 's/^cycle [0-9]*: verify boot [0-9]*: summary: //p' "$b/said" | head -n1)
	rm -rf "$b/payload" "$b/payload.img" "$b/results.img"
	printf '  boot %2d: %s%s%s\n' "$k" "${cut:+cut at +${cut} s; }" "${act:+$act; }" "${ver:-no earlier journal}"
	if [ -n "$bad" ]; then
		violations=$((violations + 1))
		echo "  boot $k FAILED: $bad (console: $b/console.log)"
		sed -n 's/^/    /p' "$b/said" | tail -n 30
		break
	fi
done
[ $violations = 0 ] && rm -rf "$out/disks"
log "power-cut chain (seed $seed) done in $((SECONDS - t0)) s"
echo "powercut: $cuts power cuts, $verified recoveries verified, $violations violations"
[ $violations = 0 ] && [ $cuts = "$cycles" ] && [ $verified = "$cycles" ]
