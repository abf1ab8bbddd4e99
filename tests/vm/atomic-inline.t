A lone writer's list skips the two workers: with no other list queued and no commit in
flight, it is copied and its log write sent in the writer's own context (stats
commits_inline), and a commit alone in flight is acknowledged in its log write's completion
(acks_inline).  A list whose submitter must not sleep (REQ_NOWAIT) goes to the commit
worker; lists of several writers that wait beside a commit in flight go in groups, by the
worker.  The module parameters inline_submit and inline_ack set to N leave both to the
workers.  Every acknowledged list is there either way (dma-verify).

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ dmsetup create dma --table "0 $(_sectors $SCRATCH0) atomic $SCRATCH0 $SCRATCH1"
  $ _dma_lists /dev/mapper/dma || _skip "the kernel has no atomic write lists"
  $ P=/sys/module/dm_atomic/parameters
  $ cat $P/inline_submit $P/inline_ack
  Y
  Y
  $ st() { echo "$(_dma_stat dma txns_committed) commits, $(_dma_stat dma commits_inline) in the writer's context, $(_dma_stat dma acks_inline) acknowledged in the completion"; }
  $ run() { dma-exercise -j /tmp/j.$1 -m ioctl -S $1 -r 0+4096 "${@:2}" /dev/mapper/dma; }
  $ ok() { dma-verify -q /dev/mapper/dma /tmp/j.$1 >/dev/null && echo "every list there" || echo "violations"; }

One writer, twelve lists one after another:

  $ dmsetup message dma 0 clear_stats; run 1 -n 12; st; ok 1
  12 commits, 12 in the writer's context, 12 acknowledged in the completion
  every list there

Both parameters N: the workers do it.

  $ echo N > $P/inline_submit; echo N > $P/inline_ack
  $ dmsetup message dma 0 clear_stats; run 2 -n 12; st; ok 2
  12 commits, 0 in the writer's context, 0 acknowledged in the completion
  every list there
  $ echo Y > $P/inline_submit; echo Y > $P/inline_ack

Each alone: only the submission in the writer's context, then only the acknowledgment in
the completion.

  $ echo N > $P/inline_ack
  $ dmsetup message dma 0 clear_stats; run 3 -n 12; st
  12 commits, 12 in the writer's context, 0 acknowledged in the completion
  $ echo Y > $P/inline_ack; echo N > $P/inline_submit
  $ dmsetup message dma 0 clear_stats; run 4 -n 12; st
  12 commits, 0 in the writer's context, 12 acknowledged in the completion
  $ echo Y > $P/inline_submit

An atomic write with RWF_NOWAIT (REQ_NOWAIT): committed by the worker, acknowledged in the
completion.

  $ dmsetup message dma 0 clear_stats; dma-rwf write -n /dev/mapper/dma 33554432 16384 5; st
  ok 16384
  1 commits, 0 in the writer's context, 1 acknowledged in the completion

Eight writers at once: lists wait beside the commit in flight and go in groups by the
worker (some commits still find no other list and go inline).

  $ dmsetup message dma 0 clear_stats; run 6 -J 8 -n 400
  $ c=$(_dma_stat dma txns_committed) i=$(_dma_stat dma commits_inline) l=$(_dma_stat dma lists_committed)
  $ [ $l = 400 ] && [ $c -lt 400 ] && [ $i -lt $c ] && echo "400 lists in fewer commits, not all inline" || echo "lists $l, commits $c, inline $i"
  400 lists in fewer commits, not all inline
  $ ok 6
  every list there
  $ dmsetup remove dma
