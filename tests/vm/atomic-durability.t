An acknowledged list sits in the metadata device's cache, as a write to a disk with a
volatile write cache does (G2), until something flushes that device: an empty flush from
above (fsync), a list with REQ_FUA (RWF_DSYNC), or write-back, which puts only durable
records in place.  The metadata device here is a dm-delay that holds every flush (for 600
s) and passes writes at once; `release` reloads it without the delay, which sends the held
flushes down.  So nothing can make a list durable behind the test's back, and a writer
that waits for a flush is seen waiting.  `durable_seq` in stats is the first sequence
number not known durable, `head_seq` the next to be written.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ meta=$(basename "$(readlink -f $SCRATCH1)")
  $ mflushes() { awk '{ print $16 }' /sys/block/$meta/stat; }
  $ mdtable() { echo "0 $(_sectors $SCRATCH1) delay $SCRATCH1 0 0 $SCRATCH1 0 0 $SCRATCH1 0 $1"; }
  $ swap() { dmsetup load dma-md --table "$(mdtable $1)" && dmsetup suspend dma-md && dmsetup resume dma-md; }
  $ hold() { swap 600000; }
  $ release() { swap 0; }
  $ dmsetup create dma-md --table "$(mdtable 600000)"
  $ dmsetup create dma --table "0 $(_sectors $SCRATCH0) atomic $SCRATCH0 /dev/mapper/dma-md"
  $ _dma_lists /dev/mapper/dma || { release; _skip "the kernel has no atomic write lists"; }
  $ behind() { echo "not durable: $(( $(_dma_stat dma head_seq) - $(_dma_stat dma durable_seq) )) transaction(s)"; }

A list is acknowledged when its log write completes, before any flush of the metadata disk:

  $ _dma_ioctl /dev/mapper/dma 1 0+2 16+1
  ok
  $ behind
  not durable: 1 transaction(s)

An fsync of the device waits for the metadata disk's flush, and then the list is durable:

  $ f0=$(mflushes)
  $ sync -d /dev/mapper/dma & s=$!
  $ sleep 5; kill -0 $s && echo "fsync waits"
  fsync waits
  $ release; wait $s; echo "fsync returned $?"
  fsync returned 0
  $ behind
  not durable: 0 transaction(s)
  $ [ $(( $(mflushes) - f0 )) -ge 1 ] && echo "the metadata disk was flushed"
  the metadata disk was flushed

A second fsync with nothing new to make durable needs no flush of either disk (with flushes
held again it would wait 600 s otherwise):

  $ hold
  $ s0=$(_dma_stat dma log_flushes_skipped)
  $ sync -d /dev/mapper/dma
  $ echo "skipped: $(( $(_dma_stat dma log_flushes_skipped) - s0 ))"
  skipped: 1

An RWF_DSYNC atomic write (REQ_FUA) is durable when it completes, and so is the list before
it: its commit waits for the metadata disk's flush, then goes with REQ_FUA:

  $ _dma_ioctl /dev/mapper/dma 2 32+1
  ok
  $ dma-rwf write -d /dev/mapper/dma 1048576 8192 7 >/tmp/dsync & d=$!
  $ sleep 5; kill -0 $d && echo "RWF_DSYNC waits"
  RWF_DSYNC waits
  $ release; wait $d; cat /tmp/dsync
  ok 8192
  $ behind; echo "FUA commits: $(_dma_stat dma commits_fua)"
  not durable: 0 transaction(s)
  FUA commits: 1

With the module parameter fua_commits=Y every commit is durable when acknowledged, without
a flush (the log was durable already, and REQ_FUA writes pass the held flushes):

  $ hold
  $ echo Y >/sys/module/dm_atomic/parameters/fua_commits
  $ _dma_ioctl /dev/mapper/dma 3 64+1
  ok
  $ echo N >/sys/module/dm_atomic/parameters/fua_commits
  $ behind; echo "FUA commits: $(_dma_stat dma commits_fua)"
  not durable: 0 transaction(s)
  FUA commits: 2

The data reads back, and removal writes everything back:

  $ release
  $ dma-rwf check /dev/mapper/dma 1048576 8192 7
  match
  $ dmsetup remove dma
  $ dmsetup remove dma-md
