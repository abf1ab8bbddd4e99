A database makes each transaction durable with a flush right after its list.  When flushes
followed at least 4 of the last 8 commits, dm-atomic writes the next commit with REQ_FUA:
the list is durable when it completes and the flush after it ends at once in dm-atomic
(`log_flushes_skipped`), one flush sequence in the block layer instead of a write, its
completion, then a flush from above.  `commits_fua_auto` in stats counts these commits;
the module parameter auto_fua=N turns it off.  Writers that do not flush get no REQ_FUA
once the last 8 commits show it.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ dmsetup create dma --table "0 $(_sectors $SCRATCH0) atomic $SCRATCH0 $SCRATCH1"
  $ _dma_lists /dev/mapper/dma || _skip "the kernel has no atomic write lists"
  $ p=/sys/module/dm_atomic/parameters/auto_fua
  $ cat $p
  Y
  $ fua() { echo "FUA commits: $(_dma_stat dma commits_fua_auto) of $(_dma_stat dma txns_committed) commits"; }
  $ skipped() { _dma_stat dma log_flushes_skipped; }
  $ run() { dma-exercise -j /tmp/j.$1 -m ioctl -S $1 -n 12 -r $(($1 * 4096))+4096 "${@:2}" /dev/mapper/dma; }

Twelve lists, each followed by an fsync: the first commit had no flush before it, the next
four make the count 4, so commits 5 to 12 go with REQ_FUA and their fsyncs are skipped
(write-back's own flushes of the metadata disk may make an earlier one needless too):

  $ dmsetup message dma 0 clear_stats
  $ run 1 -F 1
  $ fua
  FUA commits: 8 of 12 commits
  $ [ $(skipped) -ge 8 ] && echo "at least 8 flushes skipped"
  at least 8 flushes skipped

Twelve lists without a flush: the last 8 commits still show flushes for 5 more commits
(the fsync of the last list above counts for the first), then none:

  $ dmsetup message dma 0 clear_stats
  $ run 2
  $ fua
  FUA commits: 5 of 12 commits
  $ run 3
  $ fua
  FUA commits: 5 of 24 commits
  $ skipped
  0

With auto_fua=N no commit goes with REQ_FUA on its own:

  $ echo N >$p
  $ dmsetup message dma 0 clear_stats
  $ run 4 -F 1
  $ fua
  FUA commits: 0 of 12 commits
  $ echo Y >$p

Every acknowledged list reads back (each run wrote its own region):

  $ for s in 1 2 3 4; do dma-verify -q /dev/mapper/dma /tmp/j.$s >/dev/null || echo "run $s: violations"; done
  $ dmsetup remove dma
