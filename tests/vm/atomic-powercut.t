Power cut during a stream of writes (G1, G2, G3, G7).  Both the data and the metadata
device are slices of one dm-flakey disk, so one table swap to drop_writes cuts the power
to both at the same instant: everything completed before it is on "disk", nothing after.
Then the target is re-created, recovery replays the log, and atomic-crash.py judges the
result against the writers' journal: no torn operation, every operation acknowledged
before the cut present, and no operation present whose predecessors (acknowledged before
it was submitted) are missing.  Each write is one bio of up to 1 MiB (257 log blocks, so
its log write can itself be torn), which is one atomic transaction.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 1
  $ _require_dm_atomic
  $ SZ=$(_sectors $SCRATCH0)
  $ C="python3 $TESTDIR/atomic-crash.py"
  $ dmsetup create dma-disk --table "0 $SZ linear $SCRATCH0 0"
  $ dmsetup create dma-d --table "0 524288 linear /dev/mapper/dma-disk 0"
  $ dmsetup create dma-m --table "0 131072 linear /dev/mapper/dma-disk 524288"
  $ cut() {
  >   dmsetup suspend --noflush --nolockfs dma-disk
  >   dmsetup load dma-disk --table "0 $SZ flakey $SCRATCH0 0 0 1 1 drop_writes"
  >   dmsetup resume dma-disk
  > }
  $ restore() {
  >   dmsetup suspend dma-disk
  >   dmsetup load dma-disk --table "0 $SZ linear $SCRATCH0 0"
  >   dmsetup resume dma-disk
  > }
  $ round() {  # SEED THREADS SECONDS [FEATURES]
  >   dmsetup create dma --table "0 524288 atomic /dev/mapper/dma-d /dev/mapper/dma-m $4" || return 1
  >   $C write /dev/mapper/dma /tmp/j$1 $1 $2 0 & w=$!
  >   sleep $3
  >   k=$(grep -c '^ack' /tmp/j$1)
  >   cut
  >   sleep 1; kill $w; wait $w 2>/dev/null
  >   dmsetup remove dma
  >   restore
  >   dmesg -C
  >   dmsetup create dma --table "0 524288 atomic /dev/mapper/dma-d /dev/mapper/dma-m $4" || return 1
  >   dmesg | grep -o 'replayed [0-9]* transactions' | sed 's/[0-9][0-9]*/N/' | sort -u
  >   dmsetup status dma | awk '{ print "status after recovery:", $NF }'
  >   $C verify /dev/mapper/dma /tmp/j$1 $1 $2 0 $k 2>>/tmp/verify.log; echo "verify: $?"
  >   [ $k -gt 0 ] || echo "NOTHING WAS ACKNOWLEDGED BEFORE THE CUT"
  >   dmsetup remove dma
  > }

One writer: the surviving operations are exactly a prefix of its sequence.

  $ round 1 1 3
  replayed N transactions
  status after recovery: rw
  verify: 0

Four concurrent writers (group commits of several lists, two log writes in flight).

  $ round 2 4 3
  replayed N transactions
  status after recovery: rw
  verify: 0

Two writers with a group-commit window, cut later.

  $ round 3 2 5 "2 commit_delay_us 200"
  replayed N transactions
  status after recovery: rw
  verify: 0

Replay is idempotent (G7): cut once more, save the metadata device before recovery,
recover, then put the saved log back and recover again: the same transactions are
replayed and the data device ends with the same bytes.

  $ dmsetup create dma --table "0 524288 atomic /dev/mapper/dma-d /dev/mapper/dma-m"
  $ $C write /dev/mapper/dma /tmp/j4 4 2 0 & w=$!

Hold write-back for a second (suspend the data slice) so that the log surely holds
committed transactions at the cut.

  $ sleep 2; dmsetup suspend --noflush dma-d; sleep 1; cut; dmsetup resume dma-d
  $ sleep 1; kill $w; wait $w 2>/dev/null || true
  $ dmsetup remove dma; restore
  $ dd if=/dev/mapper/dma-m of=/tmp/meta bs=1M iflag=direct status=none
  $ replay() {
  >   dmesg -C
  >   dmsetup create dma --table "0 524288 atomic /dev/mapper/dma-d /dev/mapper/dma-m"
  >   dmesg | grep -o 'replayed [0-9]* transactions ([0-9]* sectors)' > /tmp/r$1
  >   dmsetup remove dma
  >   head -c 268435456 /dev/mapper/dma-d | sha256sum > /tmp/h$1
  > }
  $ replay 1
  $ dd if=/tmp/meta of=/dev/mapper/dma-m bs=1M oflag=direct status=none
  $ replay 2
  $ cmp /tmp/r1 /tmp/r2 && grep -q 'replayed [1-9]' /tmp/r1 && echo "same transactions replayed twice"
  same transactions replayed twice
  $ cmp /tmp/h1 /tmp/h2 && echo "same bytes"
  same bytes

  $ dmsetup remove dma-d dma-m dma-disk
