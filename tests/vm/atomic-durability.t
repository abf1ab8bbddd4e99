An acknowledged list sits in the metadata device's cache, as a write to a disk with a
volatile write cache does (G2), until something flushes that device: an empty flush from
above (fsync), a list with REQ_FUA (RWF_DSYNC), or write-back, which puts only durable
records in place.  The metadata device here is a dm-delay that holds flushes for 5 s and
passes writes at once, so an acknowledged list is seen not durable yet.  `durable_seq` in
stats is the first sequence number not known durable, `head_seq` the next to be written.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ meta=$(basename "$(readlink -f $SCRATCH1)")
  $ mflushes() { awk '{ print $16 }' /sys/block/$meta/stat; }
  $ dmsetup create dma-md --table "0 $(_sectors $SCRATCH1) delay $SCRATCH1 0 0 $SCRATCH1 0 0 $SCRATCH1 0 5000"
  $ dmsetup create dma --table "0 $(_sectors $SCRATCH0) atomic $SCRATCH0 /dev/mapper/dma-md"
  $ _dma_lists /dev/mapper/dma || _skip "the kernel has no atomic write lists"
  $ behind() { echo "not durable: $(( $(_dma_stat dma head_seq) - $(_dma_stat dma durable_seq) )) transaction(s)"; }

A list is acknowledged when its log write completes, before any flush of the metadata disk:

  $ f0=$(mflushes)
  $ _dma_ioctl /dev/mapper/dma 1 0+2 16+1
  ok
  $ behind
  not durable: 1 transaction(s)

An fsync of the device returns once the metadata disk was flushed:

  $ sync -d /dev/mapper/dma
  $ behind
  not durable: 0 transaction(s)
  $ [ $(( $(mflushes) - f0 )) -ge 1 ] && echo "the metadata disk was flushed"
  the metadata disk was flushed

A second fsync with nothing new to make durable needs no flush of either disk:

  $ s0=$(_dma_stat dma log_flushes_skipped); f0=$(mflushes)
  $ sync -d /dev/mapper/dma
  $ echo "skipped: $(( $(_dma_stat dma log_flushes_skipped) - s0 )), metadata disk flushes: $(( $(mflushes) - f0 ))"
  skipped: 1, metadata disk flushes: 0

An RWF_DSYNC atomic write (REQ_FUA) is durable when it completes, and so is the list before
it (its commit goes with REQ_PREFLUSH | REQ_FUA):

  $ _dma_ioctl /dev/mapper/dma 2 32+1
  ok
  $ behind
  not durable: 1 transaction(s)
  $ dma-rwf write -d /dev/mapper/dma 1048576 8192 7
  ok 8192
  $ behind; echo "FUA commits: $(_dma_stat dma commits_fua)"
  not durable: 0 transaction(s)
  FUA commits: 1

With the module parameter fua_commits=Y every commit is durable when acknowledged:

  $ echo Y >/sys/module/dm_atomic/parameters/fua_commits
  $ _dma_ioctl /dev/mapper/dma 3 64+1
  ok
  $ echo N >/sys/module/dm_atomic/parameters/fua_commits
  $ behind; echo "FUA commits: $(_dma_stat dma commits_fua)"
  not durable: 0 transaction(s)
  FUA commits: 2

The data reads back, and removal writes everything back:

  $ dma-rwf check /dev/mapper/dma 1048576 8192 7
  match
  $ dmsetup remove dma
  $ dmsetup remove dma-md
