Real power cuts, chain 2 of 2 in make test: six times, the guest streams
atomic writes and write lists (see dma-exercise), discontiguous and plain writes with
fsyncs from 1-4 threads at dm-atomic (data on a dm-linear or a slow dm-delay, log on a
4 MiB metadata slice that wraps), and the host kills QEMU with SIGKILL 0.3-4 s into it.
Every next boot activates the target on what the cut left (recovery), and dma-verify checks
the previous boot's journal: no torn list (G1), nothing acknowledged before a completed
fsync lost (G2), no list present whose predecessors are missing (G3).  The last boot only
recovers, verifies, removes the target cleanly and runs dma-check.  A kernel splat in any
boot fails the chain.  Per-boot figures: out/powercut-2.log (qemu-scripts/powercut.sh);
`make powercut CYCLES=50` runs a long chain.  Each boot's data path and writers follow from
the seed and the boot's number (tests/powercut/cycle.sh), so the chain's cuts land on the
same mix every run: the test shows which data paths (dm-linear, or dm-delay of 5, 50 or
200 ms per write) its cuts hit, and how many writers.

  $ log=$TOP/out/powercut-2.log
  $ "$TOP/qemu-scripts/powercut.sh" --cycles 6 --seed 2 > "$log" 2>&1 || cat "$log"
  $ tail -n 1 "$log"
  powercut: 6 power cuts, 6 recoveries verified, 0 violations
  $ sed -n 's/.*cut at .*(data delay \([0-9]*\) ms).*/data delay \1 ms/p' "$log" | sort | uniq -c
        5 data delay 0 ms
        1 data delay 200 ms
  $ cat "$TOP"/out/powercut-2/boot-[1-6]/said | sed -n 's/.*workload: .*, \([0-9]\) writer(s).*/\1 writer(s)/p' | sort | uniq -c
        1 1 writer(s)
        2 2 writer(s)
        2 3 writer(s)
        1 4 writer(s)
