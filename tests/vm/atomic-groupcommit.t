Group commit: lists that wait together are committed as one transaction (one log write).
One writer issuing lists one after the other gets one transaction per list; eight writers
with a commit window share transactions.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ . "$TESTDIR/atomic-lib.sh"
  $ [ -e /sys/dev/block/$(_majmin $SCRATCH0)/queue/atomic_write_segments ] || _skip "kernel without the atomic-list series"
  $ SZ=$(_sectors $SCRATCH0)

  $ dmsetup create dma --table "0 $SZ atomic $SCRATCH0 $SCRATCH1"
  $ dma-exercise -j /tmp/j1 -m atomic -n 100 -S 1 -r 0+8192 /dev/mapper/dma; echo "exercise: $?"
  exercise: 0
  $ echo "lists $(_dma_stat dma lists_committed), transactions $(_dma_stat dma txns_committed)"
  lists 100, transactions 100
  $ dmsetup remove dma

  $ dmsetup create dma --table "0 $SZ atomic $SCRATCH0 $SCRATCH1 2 commit_delay_us 5000"
  $ dma-exercise -j /tmp/j2 -m ioctl -n 400 -J 8 -S 2 -r 0+8192 /dev/mapper/dma; echo "exercise: $?"
  exercise: 0
  $ l=$(_dma_stat dma lists_committed); t=$(_dma_stat dma txns_committed)
  $ echo "lists $l"; [ $t -lt $((l * 3 / 4)) ] && echo "fewer than 3/4 as many transactions" || echo "transactions: $t"
  lists 400
  fewer than 3/4 as many transactions
  $ dma-verify /dev/mapper/dma /tmp/j2 | tail -1 | sed 's/.*violations/violations/'
  violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ dmsetup remove dma
