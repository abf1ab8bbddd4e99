The benchmark's smoke run: dma-bench-run (`make bench`'s guest side) with `make bench
QUICK=1`'s settings (one short round a cell, small recovery logs) and the smoke plan
(DMA_BENCH_SMOKE=1): every row but SQLite's (`make bench ROWS=7 QUICK=1` is its smoke run)
and MariaDB's (apps image), every layout and every column of each row, with one group per
row and layout (row 8: one per engine); on the fua and shared layouts only the baseline and
the column that writes the log most (the other columns run the same code, with a module
parameter set or less of it, or the raw disks, on sep). It runs here on the scratch disks,
and the output must be complete against the plan the runner wrote: every planned
measurement present with every figure a number, and the plan itself holding every layout
and column. No speed is asserted anywhere (the scratch disks are cache=unsafe; `make bench`
measures on its own disks). Then a figure and a measurement are taken away from a copy, and
a column and a layout from the plan of another, to show the check can fail.

Rows 1 and 2 have columns of one transaction a write, named for the call that makes it: on
the v2 series atom-oatomic* (fio --atomic=1, which opens with O_ATOMIC, 0x800000: the strace
proof shows the flag), on v3, which has no O_ATOMIC, atom-list1* (dma-bench lists, one
BLKWRITELIST ioctl of one range a write: the proof is strace's count of those ioctls, the
tool's and dm-atomic's lists_committed, all equal).  The plan's lines for rows 1 and 2 take
either name; the line after them says the run named them as the kernel's series has them.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 4
  $ _require_dm_atomic
  $ export DMA_BENCH_OUT=/tmp/bench-smoke DMA_BENCH_QUICK=1 DMA_BENCH_SMOKE=1 DMA_BENCH_ROWS=1,2,3,4,5,6,8 DMA_BENCH_SECONDS=${DMA_BENCH_SMOKE_SECONDS:-0.5}
  $ export DMA_BENCH_DATA=$SCRATCH0 DMA_BENCH_LOG=$SCRATCH1 DMA_BENCH_FUA=$SCRATCH2 DMA_BENCH_SHARED=$SCRATCH3
  $ dma-bench-run >/tmp/bench-smoke.log 2>&1 || tail -n 20 /tmp/bench-smoke.log
  $ series=$(_list_series)
  $ case $series in v3) grep -c '^ok: ' /tmp/bench-smoke/list1-proof.txt ;; *) grep -c '|0x800000)' /tmp/bench-smoke/oatomic-proof.txt ;; esac
  1
  $ grep -v '^#' /tmp/bench-smoke/plan.txt
  plan=smoke rounds=1
  1 sep seq-1m-u lin-plain (atom-oatomic atom-oatomic-copy atom-oatomic-fua atom-oatomic-2pass atom-oatomic-crc32c|atom-list1 atom-list1-copy atom-list1-fua atom-list1-2pass atom-list1-crc32c) atom-plain floor-zc floor-zc-ack floor-log (re)
  2 sep rand-4k-j8 lin-plain (atom-oatomic|atom-list1) atom-plain (re)
  3 sep txn-w4 a-doublewrite b-atomic-flush b-atomic-flush-workers b-atomic-flush-fua b-atomic-flush-noauto b-atomic-flush-passdown b-atomic-flush-nowindow c-atomic-noflush c-atomic-fua floor-commit
  4 sep randread-4k lin-plain atom-written atom-inlog
  5 sep log-2m seqread activate activate-zc activate-zc-single
  6 sep s128-j8 lin-plain atom-list atom-list-nowindow atom-list-zcalone
  8 sep uring-qd8 lin-plain atom-plain atom-rwf
  8 sep aio-qd32 lin-plain atom-plain atom-rwf
  1 fua seq-256k lin-plain (atom-oatomic|atom-list1) (re)
  3 fua txn-w1 a-doublewrite b-atomic-flush b-atomic-flush-workers
  3 shared txn-w16 a-doublewrite b-atomic-flush b-atomic-flush-workers
  $ echo $series: $(grep -v '^#' /tmp/bench-smoke/plan.txt | grep -c ' atom-oatomic') plan lines with atom-oatomic, $(grep -v '^#' /tmp/bench-smoke/plan.txt | grep -c ' atom-list1') with atom-list1
  (v2: 3 plan lines with atom-oatomic, 0 with atom-list1|v3: 0 plan lines with atom-oatomic, 3 with atom-list1) (re)
  $ dma-bench-report --check --rows 1,2,3,4,5,6,8 --table /tmp/bench-smoke.txt /tmp/bench-smoke
  bench output complete: rows 1,2,3,4,5,6,8, 48 cells (smoke plan), 1 round(s), every figure present
  $ grep -c '^row [1-8]:' /tmp/bench-smoke.txt
  7

The check fails when a cell's output lacks a figure, or a measurement is missing:

  $ cp -a /tmp/bench-smoke /tmp/bench-broken
  $ : >/tmp/bench-broken/cells/0001.json
  $ rm /tmp/bench-broken/cells/0047.meta
  $ dma-bench-report --check --rows 1,2,3,4,5,6,8 /tmp/bench-broken
  bench output INCOMPLETE: 2 problem(s)
    row 1 sep seq-1m-u lin-plain round 1: no figures
    row 3 shared txn-w16 b-atomic-flush: no measurement
  [1]

and when the plan leaves out a column or a layout (the cells measured outside it are named
too), or calls itself full without every group:

  $ rm -r /tmp/bench-broken
  $ cp -a /tmp/bench-smoke /tmp/bench-broken
  $ sed -i -e '/^2 /s/ atom-plain//' -e '/^3 shared /d' /tmp/bench-broken/plan.txt
  $ dma-bench-report --check --rows 1,2,3,4,5,6,8 /tmp/bench-broken
  bench output INCOMPLETE: 6 problem(s)
    plan: row 2 column atom-plain: in no group of the plan
    plan: row 3 shared: not in the plan
    row 2 sep rand-4k-j8 atom-plain: measured, but not in the plan
    row 3 shared txn-w16 a-doublewrite: measured, but not in the plan
    row 3 shared txn-w16 b-atomic-flush: measured, but not in the plan
    row 3 shared txn-w16 b-atomic-flush-workers: measured, but not in the plan
  [1]
  $ sed -i 's/^plan=smoke/plan=full/' /tmp/bench-smoke/plan.txt
  $ dma-bench-report --check --rows 1,2,3,4,5,6,8 /tmp/bench-smoke | sed -n '1p;/sep seq-1m /p'
  bench output INCOMPLETE: 194 problem(s)
    plan: row 1 sep seq-1m lin-plain: not in the full plan
    plan: row 1 sep seq-1m (atom-oatomic|atom-list1): not in the full plan (re)
    plan: row 1 sep seq-1m (atom-oatomic|atom-list1)-copy: not in the full plan (re)
    plan: row 1 sep seq-1m (atom-oatomic|atom-list1)-fua: not in the full plan (re)
    plan: row 1 sep seq-1m (atom-oatomic|atom-list1)-2pass: not in the full plan (re)
    plan: row 1 sep seq-1m (atom-oatomic|atom-list1)-crc32c: not in the full plan (re)
    plan: row 1 sep seq-1m atom-plain: not in the full plan
    plan: row 1 sep seq-1m floor-zc: not in the full plan
    plan: row 1 sep seq-1m floor-zc-ack: not in the full plan
    plan: row 1 sep seq-1m floor-log: not in the full plan
  $ rm -rf /tmp/bench-smoke /tmp/bench-broken /tmp/bench-smoke.log /tmp/bench-smoke.txt
