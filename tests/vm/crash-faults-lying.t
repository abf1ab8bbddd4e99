Disks that lie: dm-flakey drop_writes and corrupt_bio_byte on the metadata
slice ($SCRATCH1) and on the data slice ($SCRATCH0) while dma-exercise streams mixed atomic,
discontiguous and plain writes with fsyncs (four threads, journaled, 1200 ops; once 50 are
acknowledged the writer is paused (SIGSTOP; what it has in flight goes on), the lie swapped
in and the writer resumed, so at least 200 ops (checked) are issued to the lying disk
however slow or fast the kernel; the writer never sees an error).  A disk that acknowledges writes it does
not store voids the log's guarantees, so the expectations are what still holds (see
dm-atomic.rst, "Failure model"):

Metadata drops writes, repaired before a clean removal: nothing at all is lost, since
write-back comes from memory and the removal's checkpoint rewrites the superblock (it once
did not when nothing was left to write back, and the next activation replayed
transactions superseded long ago over newer data: 73 torn lists).  Metadata drops writes
up to and including the removal (its cache lost everything since the fault): activation
succeeds, replays exactly what dma-check finds, and writes only whole blocks to their own
places (superseded transactions replayed over newer data tear lists: inherent).
corrupt_bio_byte on writes: Linux 6.1's dm-flakey corrupts the byte in the submitter's
own page (upstream clones the pages since 6.5), so the corruption reaches dm-atomic's
in-memory copy, which write-back and reads use: the data then holds exactly what the
target served before the removal, and the only damage is the corrupted byte (byte 0 of a
block, the stamp's magic): put back, nothing is torn or lost.  A superblock write
corrupted (REQ_META writes only): activation is refused with its reason, dma-check
agrees, and after a clean removal a re-format loses nothing.  Data drops writes: what was
written back before the fault (a checkpoint) survives; what write-back sent after it is
lost, and the target cannot know.

No splat anywhere (the runner fails the test on one).

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ D=131072 M=16384
  $ dmsetup create cf-d --table "0 $D linear $SCRATCH0 0"
  $ dmsetup create cf-m --table "0 $M linear $SCRATCH1 0"
  $ T="0 $D atomic /dev/mapper/cf-d /dev/mapper/cf-m"
  $ . "$TESTDIR/crash-faults-lib.sh"
  $ rsum() { dd if=/dev/mapper/cf bs=1M count=16 iflag=direct status=none | sha256sum; }
  $ stream() {  # SLICE TABLE SEED [MODE]: 1200 ops; the lie once 50 are acknowledged
  >   dmsetup create cf --table "$T" || return 1
  >   rm -f /tmp/j
  >   dma-exercise --force -j /tmp/j -m ${4:-mixed} -r 0+4096 -n 1200 -T 900 -S $3 -F 16 -J 4 /dev/mapper/cf \
  >     >/dev/null 2>&1 & w=$!
  >   waitfor 120 acked 50 || echo "fewer than 50 ops acknowledged before the lie"
  >   kill -STOP $w; n=$(grep -c '^op' /tmp/j)
  >   [ "$1" = cf-d ] && { L=$(wc -l < /tmp/j); dmsetup message cf 0 checkpoint >/dev/null; }
  >   swap $1 "$2"; kill -CONT $w
  >   wait $w; echo "writer exit $?, $(mode)"; swap cf-d "0 $D linear $SCRATCH0 0"
  >   [ $((1200 - n)) -ge 200 ] || echo "only $((1200 - n)) ops after the lie"
  > }
  $ lag() {  # the superblock on disk against the tail in memory
  >   local disk mem
  >   dmsetup message cf 0 checkpoint >/dev/null
  >   disk=$(dma-dump --kv --live /dev/mapper/cf-m | sed -n 's/^superblock.* tail_seq=\([0-9]*\).*/\1/p')
  >   mem=$(dmsetup message cf 0 stats | sed -n 's/^tail_seq=//p')
  >   [ "$disk" -lt "$mem" ] && echo "superblock on disk lags the tail in memory"
  > }
  $ reactivate() {  # remove, repair, check offline, activate: what the kernel replayed
  >   dmsetup remove cf; good
  >   dma-check -q /dev/mapper/cf-m && echo "dma-check: clean"
  >   n=$(dma-dump --kv /dev/mapper/cf-m | sed -n 's/^end .* txns=\([0-9]*\).*/\1/p')
  >   dmesg -C; dmsetup create cf --table "$T" || return 1
  >   r=$(dmesg | sed -n 's/.*atomic: .*: replayed \([0-9]*\) transactions.*/\1/p')
  >   [ "$r" = "$n" ] && echo "replayed $r, as dma-check found" || echo "replayed $r, dma-check found $n"
  > }
  $ verify() {  # full: no violation at all; blocks: every block whole and in its place
  >   dma-verify -q ${2:-/dev/mapper/cf} /tmp/j > /tmp/v; rc=$?
  >   case "$1" in
  >   full) [ $rc = 0 ] && echo "verify: no violation" || { echo "verify rc $rc"; tail -n 5 /tmp/v; } ;;
  >   blocks) tail -n 1 /tmp/v | grep -q 'corrupt 0, misdirected 0$' &&
  >           echo "verify: every block whole and in place" || tail -n 5 /tmp/v ;;
  >   esac
  > }
  $ restore() {  # put back byte 0 of every stamp flakey zeroed, in a copy; verify the copy
  >   dd if=/dev/mapper/cf of=/tmp/copy bs=1M count=16 iflag=direct status=none
  >   python3 -c '
  > b = bytearray(open("/tmp/copy", "rb").read()); n = 0
  > for o in range(0, len(b), 4096):
  >     if b[o] == 0 and b[o + 1:o + 8] == b"MASTAMP":
  >         b[o] = 0x44; n += 1
  > open("/tmp/copy", "wb").write(b)
  > print("stamps with a zeroed byte 0: %s" % ("some" if n else "none"))'
  >   verify full /tmp/copy
  > }

Metadata drops writes; repaired while the target still runs, then a clean removal.  The
superblock on disk lags (the checkpoint's write was dropped); the removal rewrites it, so
nothing is replayed and nothing is lost.

  $ stream cf-m "0 $M flakey $SCRATCH1 0 0 60 1 drop_writes" 1
  writer exit 0, rw
  $ lag
  superblock on disk lags the tail in memory
  $ live=$(rsum); good; reactivate
  dma-check: clean
  replayed 0, as dma-check found
  $ [ "$(rsum)" = "$live" ] && echo "data as served before the removal"
  data as served before the removal
  $ verify full
  verify: no violation
  $ dmsetup remove cf

Metadata drops writes up to and including the removal: the metadata is that of the fault
moment, consistent but old.  Activation replays what dma-check finds; those transactions
were superseded on the data device, so lists may tear (inherent), but every block is
whole and in its place.

  $ stream cf-m "0 $M flakey $SCRATCH1 0 0 60 1 drop_writes" 2
  writer exit 0, rw
  $ lag
  superblock on disk lags the tail in memory
  $ reactivate
  dma-check: clean
  replayed [0-9]+, as dma-check found (re)
  $ mode
  rw
  $ verify blocks
  verify: every block whole and in place
  $ dmsetup remove cf

Metadata corrupts byte 4097 of every write (byte 0 of the first data block of a log
write; superblock writes are one block and untouched).  dm-flakey 6.1 writes the byte
into dm-atomic's own pages, so write-back carries it to the data device: the data after
reactivation is what the target served, and with the byte put back nothing is torn or
lost.

  $ stream cf-m "0 $M flakey $SCRATCH1 0 0 60 5 corrupt_bio_byte 4097 w 0 0" 3
  writer exit 0, rw
  $ live=$(rsum); reactivate
  dma-check: clean
  replayed 0, as dma-check found
  $ [ "$(rsum)" = "$live" ] && echo "data as served before the removal"
  data as served before the removal
  $ restore
  stamps with a zeroed byte 0: some
  verify: no violation
  $ dmsetup remove cf

Metadata corrupts the magic of superblock writes (corrupt_bio_byte 33, flags REQ_META =
4096): activation is refused with its reason and writes nothing, dma-check agrees.  The
removal was clean (everything written back), so a re-format loses nothing.

  $ stream cf-m "0 $M flakey $SCRATCH1 0 0 60 5 corrupt_bio_byte 33 w 0 4096" 4
  writer exit 0, rw
  $ dmsetup remove cf; good
  $ before=$(dd if=/dev/mapper/cf-m bs=1M count=8 iflag=direct status=none | sha256sum)
  $ dmesg -C; dmsetup create cf --table "$T" 2>/dev/null || echo "refused"
  refused
  $ dmsetup remove cf >/dev/null 2>&1; dmesg | grep -o 'atomic: Superblock [a-z ]*' | sed 's/ *$//'
  atomic: Superblock has a bad magic number
  $ [ "$(dd if=/dev/mapper/cf-m bs=1M count=8 iflag=direct status=none | sha256sum)" = "$before" ] &&
  >   echo "metadata untouched"
  metadata untouched
  $ dma-check /dev/mapper/cf-m
  superblock: bad magic
  damaged
  [7]
  $ dd if=/dev/zero of=/dev/mapper/cf-m bs=4096 count=1 oflag=direct status=none
  $ dmsetup create cf --table "$T" && mode
  rw
  $ verify full
  verify: no violation
  $ dmsetup remove cf

Data drops writes, after a checkpoint: every op acknowledged before the checkpoint
survives (present, or overwritten by a later op that landed); what write-back sent after
the fault is gone while the tail moved on, and nothing in the log is left to replay.
Discontiguous lists stream, and until the fault the data slice delays writes by 500 ms, so
write-back lags and only the checkpoint puts the last ops before it on the data device.

  $ swap cf-d "0 $D delay $SCRATCH0 0 0 $SCRATCH0 0 500"
  $ stream cf-d "0 $D flakey $SCRATCH0 0 0 60 1 drop_writes" 5 ioctl
  writer exit 0, rw
  $ reactivate
  dma-check: clean
  replayed 0, as dma-check found
  $ dma-verify /dev/mapper/cf /tmp/j > /tmp/v; python3 -c '
  > import re, sys
  > L = int(sys.argv[1]); acked = set()
  > for i, line in enumerate(open("/tmp/j"), 1):
  >     if i <= L and line.startswith("ack id="):
  >         acked.add(int(line[7:]))
  > bad = [l for l in open("/tmp/v") if re.match(r"op (\d+) \S+ \S+: (all-old|TORN)", l)
  >        and int(l.split()[1]) in acked]
  > print("acknowledged before the checkpoint: %s; lost or torn: %d" % ("some" if acked else "none", len(bad)))
  > ' $L
  acknowledged before the checkpoint: some; lost or torn: 0
  $ verify blocks
  verify: every block whole and in place
  $ dmsetup remove cf

Data corrupts byte 4097 of every write (write-back and direct writes; in place again):
the data after reactivation is what the target served, and with the byte put back
nothing is torn or lost.

  $ stream cf-d "0 $D flakey $SCRATCH0 0 0 60 5 corrupt_bio_byte 4097 w 0 0" 6
  writer exit 0, rw
  $ live=$(rsum); reactivate
  dma-check: clean
  replayed 0, as dma-check found
  $ [ "$(rsum)" = "$live" ] && echo "data as served before the removal"
  data as served before the removal
  $ restore
  stamps with a zeroed byte 0: some
  verify: no violation
  $ dmsetup remove cf cf-d cf-m
