#!/bin/bash
# One boot of a power-cut chain (qemu-scripts/powercut.sh), run in the guest as DMA_MODE=powercut.
#
#   DMA_PC_CYCLE  this boot's number, 1..N+1
#   DMA_PC_FINAL  1 on the last boot (recover and verify only, then remove cleanly)
#   DMA_PC_SEED   the chain's seed; with the cycle number it picks this boot's workload
#
# The disks persist across the chain's boots: SCRATCH0 holds the data, SCRATCH1 the metadata
# (a 4 MiB slice: a 1023-block log that wraps and fills, so back-pressure is exercised) and
# SCRATCH3 an ext4 journal disk (mounted sync) with one dma-exercise journal per boot.
# Every boot but the first activates the target on what the previous power cut left (recovery),
# verifies the previous boot's journal with dma-verify (G1 no torn list, G2 nothing acknowledged
# before a completed flush lost, G3 order), then -- unless it is the last -- starts a new stream
# of atomic, discontiguous and plain writes and prints @@DMA-CUT: the host kills QEMU (SIGKILL,
# no flush of anything) a random moment later.
# Lines for the host start with "@@DMA-PC ".
. "$(dirname "$0")/cycle-lib.sh"

RANDOM=$((seed * 1000 + cycle))
D=131072        # data: 64 MiB of SCRATCH0 (16384 blocks of 4 KiB)
M=8192          # metadata: 4 MiB of SCRATCH1
region=0+16384

# The previous boot's workload, recorded by the host's chain on the journal disk.
pc_journal
pc "journal mounted at $(up) s"
insmod "$DMA_MODULE" || fail "insmod"

# The data path of this boot: straight, or through dm-delay so that write-back lags behind the
# log and the cut finds committed transactions only the log holds.
delays=(0 0 5 50 200)
delay=${delays[RANDOM % ${#delays[@]}]}
if [ "$delay" = 0 ]; then
	dmsetup create pcd --table "0 $D linear $SCRATCH0 0" || fail "dm-linear"
else
	dmsetup create pcd --table "0 $D delay $SCRATCH0 0 0 $SCRATCH0 0 $delay" || fail "dm-delay"
fi
# What the cut left in the log (dma-dump lists the transactions recovery will replay).
[ "$cycle" -gt 1 ] && pc "log before recovery: $(dma-dump "$SCRATCH1" 2>/dev/null | grep -c '^txn ') transaction(s), $(dma-dump "$SCRATCH1" 2>/dev/null | grep -c 'commit record at') zero-copy"
dmsetup create pcm --table "0 $M linear $SCRATCH1 0" || fail "dm-linear"

# Every even boot logs lists of 4 blocks and more zero-copy (commit records); the boot's
# number decides, so the random choices below stay those of the seed.
feats=
[ $((cycle % 2)) = 0 ] && feats="2 zero_copy_bytes 16384"
# shellcheck disable=SC2086
pc_activate $D "data delay ${delay} ms" $feats
[ -n "$feats" ] && pc "zero-copy: lists of 16 KiB and more"
dmsetup status pc | sed "s/^/@@DMA-PC cycle $cycle: status: /"

if [ "$cycle" -gt 1 ]; then
	prev=/journal/j$((cycle - 1))
	[ -s "$prev" ] || fail "no journal from boot $((cycle - 1))"
	dma-verify -q /dev/mapper/pc "$prev" >/tmp/verify 2>&1
	rc=$?
	pc "verify boot $((cycle - 1)): $(tail -n 1 /tmp/verify)"
	if [ $rc != 0 ]; then
		sed "s/^/@@DMA-PC cycle $cycle: verify: /" /tmp/verify | head -n 40
		fail "dma-verify exit $rc on the journal of boot $((cycle - 1))"
	fi
fi

if [ "$final" = 1 ]; then
	pc_done
fi

jobs=$((1 + RANDOM % 4)) flush=$((8 + RANDOM % 40)) segs=$((1 + RANDOM % 8))
pc "at $(up) s workload: generation $cycle, $jobs writer(s), fsync every $flush ops, up to $segs segments"
dma-exercise --force -j "/journal/j$cycle" -g "$cycle" -S $((seed * 1000 + cycle)) -m mixed -J "$jobs" \
	-F "$flush" --max-segs "$segs" -r "$region" -n 100000000 /dev/mapper/pc >/tmp/exercise.out 2>&1 &
sleep 1
echo "@@DMA-CUT"
wait
cat /tmp/exercise.out
fail "the writer ended before the power cut"
