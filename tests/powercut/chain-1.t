Real power cuts, chain 1 of 2 in make test: six times, the guest streams
atomic writes and write lists (see dma-exercise: every even boot logs the larger ones
zero-copy), discontiguous and plain writes with
fsyncs from 1-4 threads at dm-atomic (data on a dm-linear or a slow dm-delay, log on a
4 MiB metadata slice that wraps), and the host kills QEMU with SIGKILL 0.3-4 s into it.
Every next boot activates the target on what the cut left (recovery), and dma-verify checks
the previous boot's journal: no torn list (G1), nothing acknowledged before a completed
fsync lost (G2), no list present whose predecessors are missing (G3).  The last boot only
recovers, verifies, removes the target cleanly and runs dma-check.  A kernel splat in any
boot fails the chain.  Per-boot figures: out/powercut-1.log (qemu-scripts/powercut.sh);
`make powercut CYCLES=50` runs a long chain.  Each boot's data path and writers follow from
the seed and the boot's number (tests/powercut/cycle.sh), so the chain's cuts land on the
same mix every run: the test shows which data paths (dm-linear, or dm-delay of 5, 50 or
200 ms per write) its cuts hit, and how many writers.

  $ log=$TOP/out/powercut-1.log
  $ "$TOP/qemu-scripts/powercut.sh" --cycles 6 --seed 1 > "$log" 2>&1 || cat "$log"
  $ tail -n 1 "$log"
  powercut: 6 power cuts, 6 recoveries verified, 0 violations
  $ sed -n 's/.*cut at .*(data delay \([0-9]*\) ms).*/data delay \1 ms/p' "$log" | sort | uniq -c
        1 data delay 0 ms
        2 data delay 200 ms
        2 data delay 5 ms
        1 data delay 50 ms
  $ cat "$TOP"/out/powercut-1/boot-[1-6]/said | sed -n 's/.*workload: .*, \([0-9]\) writer(s).*/\1 writer(s)/p' | sort | uniq -c
        2 1 writer(s)
        1 2 writer(s)
        1 3 writer(s)
        2 4 writer(s)

The even boots log lists of 16 KiB and more zero-copy (commit records): the cuts of those
boots leave zero-copy transactions for the next boot's recovery (dma-dump counts them in the
log before the target is activated).

  $ cat "$TOP"/out/powercut-1/boot-[1-7]/said | awk '/log before recovery/ { z += $(NF - 1) } END { print (z > 0) ? "recoveries replayed zero-copy transactions" : "no zero-copy transaction was ever left for a recovery" }'
  recoveries replayed zero-copy transactions
