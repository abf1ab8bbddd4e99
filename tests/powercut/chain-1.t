Real power cuts (issue 6, part 2), chain 1 of 2 in make test: ten times, the guest streams
atomic lists (O_ATOMIC pwritev and BLKATOMICWRITE), discontiguous and plain writes with
fsyncs from 1-4 threads at dm-atomic (data on a dm-linear or a slow dm-delay, log on a
4 MiB metadata slice that wraps), and the host kills QEMU with SIGKILL 0.3-4 s into it.
Every next boot activates the target on what the cut left (recovery), and dma-verify checks
the previous boot's journal: no torn list (G1), nothing acknowledged before a completed
fsync lost (G2), no list present whose predecessors are missing (G3).  The last boot only
recovers, verifies, removes the target cleanly and runs dma-check.  A kernel splat in any
boot fails the chain.  Per-boot figures: out/powercut-1.log (qemu-scripts/powercut.sh).

  $ log=$TOP/out/powercut-1.log
  $ "$TOP/qemu-scripts/powercut.sh" --cycles 10 --seed 1 > "$log" 2>&1 || cat "$log"
  $ tail -n 1 "$log"
  powercut: 10 power cuts, 10 recoveries verified, 0 violations
