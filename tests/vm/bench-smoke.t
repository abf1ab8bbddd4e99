The benchmark's smoke run: `make bench QUICK=1`'s rows (every row but the SQLite one, which
bench-sqlite-smoke.t runs; every layout, group and column, one short round) run here on the scratch disks, and the output must be complete: every
measurement present with every figure a number.  No speed is asserted anywhere (the scratch
disks are cache=unsafe; `make bench` measures on its own disks).  Then one figure and one
measurement are taken away from a copy, to show the completeness check can fail.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 4
  $ _require_dm_atomic
  $ export DMA_BENCH_OUT=/tmp/bench-smoke DMA_BENCH_QUICK=1 DMA_BENCH_ROWS=1,2,3,4,5,6,8 DMA_BENCH_SECONDS=${DMA_BENCH_SMOKE_SECONDS:-0.3}
  $ export DMA_BENCH_DATA=$SCRATCH0 DMA_BENCH_LOG=$SCRATCH1 DMA_BENCH_FUA=$SCRATCH2 DMA_BENCH_SHARED=$SCRATCH3
  $ dma-bench-run >/tmp/bench-smoke.log 2>&1 || tail -n 20 /tmp/bench-smoke.log
  $ grep -c '|0x800000)' /tmp/bench-smoke/oatomic-proof.txt
  1
  $ dma-bench-report --check --rows 1,2,3,4,5,6,8 /tmp/bench-smoke
  bench output complete: rows 1,2,3,4,5,6,8, 144 cells, 1 round(s), every figure present
  $ dma-bench-report --rows 1,2,3,4,5,6,8 /tmp/bench-smoke | grep -c '^row [1-8]:'
  7

The check fails when a cell's output lacks a figure, or a measurement is missing:

  $ cp -a /tmp/bench-smoke /tmp/bench-broken
  $ : >/tmp/bench-broken/cells/0001.json
  $ rm /tmp/bench-broken/cells/0144.meta
  $ dma-bench-report --check --rows 1,2,3,4,5,6,8 /tmp/bench-broken
  bench output INCOMPLETE: 2 problem(s)
    row 1 sep seq-256k lin-plain round 1: no figures
    row 3 shared txn-w16 c-atomic-noflush: no measurement
  [1]
  $ rm -rf /tmp/bench-smoke /tmp/bench-broken /tmp/bench-smoke.log
