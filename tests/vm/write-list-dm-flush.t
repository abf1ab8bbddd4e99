Flushes with data through device-mapper on the v3 series, and a write list's page-out count
(v3 patch 29; port of v2's block-atomic-dm-flush.t, block-atomic-dm-preflush.t and
block-atomic-dm-suspend-account.t, plan 6.4).  In v3 a write list is one bio
(REQ_OP_WRITE_LIST), so DM core handles a list with REQ_PREFLUSH as any flush with data: it
sends an empty flush to every target of the table first, then resubmits the list without
the flag from its workqueue (dm_io_complete(), queue_io()); v2 had a path of its own for
lists (dm_atomic_preflush()).  Likewise a list held by a suspended device is a deferred bio,
submitted again on resume, and counted once in pgpgout, as a plain write.

Ordinary writes with REQ_PREFLUSH through DM: ext4 journal commits on dm-linear are writes with
data and a preflush, which DM core splits into an empty flush and then resubmits the data.
Many small fsyncs, every one acknowledged, the data intact and the file system clean.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 4
  $ W="python3 $TESTDIR/write-list.py"
  $ modinfo null_blk 2>/dev/null | grep -q '^parm: *write_list_segments' || _skip "null_blk without write_list_segments (v3 patch 27)"
  $ d=$(basename $(readlink -f $SCRATCH0))
  $ cat /sys/block/$d/queue/write_cache
  write back
  $ dmsetup create wlf-lin --table "0 $(_sectors $SCRATCH0) linear $SCRATCH0 0"
  $ cat /sys/dev/block/$(_majmin /dev/mapper/wlf-lin)/queue/write_cache
  write back
  $ mkfs.ext4 -q -F /dev/mapper/wlf-lin && mkdir -p /mnt/wlf && mount /dev/mapper/wlf-lin /mnt/wlf
  $ flushes() { awk '{ print $16 }' /sys/block/$1/stat; }
  $ f0=$(flushes $d)

300 appends of 4 KiB to four files, each followed by fsync (a journal commit: a preflush with
data through dm-linear).

  $ python3 - <<'PY'
  > import os, random
  > fds = [os.open("/mnt/wlf/f%d" % i, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644) for i in range(4)]
  > r = random.Random(7)
  > for n in range(300):
  >     fd = fds[n % 4]
  >     os.write(fd, r.randbytes(4096))
  >     os.fsync(fd)
  > for fd in fds:
  >     os.close(fd)
  > print("done")
  > PY
  done
  $ [ $(( $(flushes $d) - f0 )) -ge 300 ] && echo "the disk below saw the flushes"
  the disk below saw the flushes

The data reads back after a remount (the page cache dropped), and fsck finds nothing wrong.

  $ umount /mnt/wlf && mount /dev/mapper/wlf-lin /mnt/wlf
  $ python3 - <<'PY'
  > import random
  > r = random.Random(7)
  > want = [b"", b"", b"", b""]
  > for n in range(300):
  >     want[n % 4] += r.randbytes(4096)
  > print(all(open("/mnt/wlf/f%d" % i, "rb").read() == want[i] for i in range(4)))
  > PY
  True
  $ umount /mnt/wlf
  $ fsck.ext4 -n -f /dev/mapper/wlf-lin >/dev/null 2>&1 && echo clean
  clean
  $ dmsetup remove wlf-lin

A suspended DM device keeps a write list whole and submits it again when it is resumed.  The
list's data count once in the kernel's page-out statistics (pgpgout in /proc/vmstat, in KiB),
as a plain O_DIRECT write held back by the suspended device does.  Each write is 1 MiB to a
dm-linear device over null_blk, started while the device is suspended; "counted once" means
pgpgout grew by at least 1024 KiB and less than 2048 KiB meanwhile (the guest's other writes in
those seconds are far fewer), a count of 2048 or more is printed as it is.

  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=4 write_list_max_bytes=1048576 bs=4096 gb=1 nr_devices=1
  $ dmsetup create wlf-pgout --table "0 $(_sectors /dev/nullb0) linear /dev/nullb0 0"
  $ pgout() { awk '$1 == "pgpgout" { print $2 }' /proc/vmstat; }
  $ where() { sed -n '1s/^\[<0>\] \([^+]*\)+.*/\1/p' /proc/$1/stack 2>/dev/null; }
  $ trial() {
  >   dmsetup suspend wlf-pgout
  >   b=$(pgout)
  >   if [ $1 = list ]; then
  >     ( exec $W list /dev/mapper/wlf-pgout 0:262144:1 1048576:262144:2 2097152:262144:3 3145728:262144:4 >/tmp/pg.out 2>&1 ) &
  >   else
  >     ( exec dd if=/dev/zero of=/dev/mapper/wlf-pgout bs=1M count=1 seek=8 oflag=direct status=none >/tmp/pg.out 2>&1 ) &
  >   fi
  >   w=$!; sleep 2
  >   [ -n "$(where $w)" ] && echo "$1 writer waits while suspended"
  >   dmsetup resume wlf-pgout
  >   wait $w; echo "$1 writer: $? $(cat /tmp/pg.out)"
  >   d=$(( $(pgout) - b ))
  >   if [ $d -ge 1024 ] && [ $d -lt 2048 ]; then echo "$1: counted once"; else echo "$1: pgpgout grew by $d KiB for a 1024 KiB write"; fi
  > }
  $ trial plain
  plain writer waits while suspended
  plain writer: 0 
  plain: counted once
  $ trial list
  list writer waits while suspended
  list writer: 0 ok
  list: counted once
  $ for s in 1 2 3 4; do
  >   dd if=/dev/mapper/wlf-pgout bs=256k skip=$(( (s - 1) * 4 )) count=1 iflag=direct status=none | cmp -s - <($W pattern $s 262144) || echo "segment $s missing"
  > done
  $ dmsetup remove wlf-pgout
  $ rmmod null_blk

A write list with REQ_PREFLUSH through a DM table of two targets: the list goes to one target,
but the preflush promises that every write completed before it is durable, also writes to the
other target's device.  So DM flushes the whole table first, as for any flush.  A device that
takes lists and has a write cache is needed below each target: dm-atomic (A on
SCRATCH0/SCRATCH1, B on SCRATCH2/SCRATCH3; null_blk's lists need a device without a cache).
A plain write to B goes straight to B's data disk (SCRATCH2); then a preflush list to the top
device's first target (the test module dma-testbio submits it; no userspace call sets
REQ_PREFLUSH on a list) flushes SCRATCH2 too.  The block_bio_queue trace of the three DM
devices shows the order: the list arrives at the top, an empty flush goes to A and to B, then
the list, without the flag, to A.  (DM core's first flush clone is the dm_io's embedded clone,
made from the list bio: patch 29 turns it into a plain empty flush.  Before that fix it went
down as a write list of 0 bytes, which blk_write_list_check() refused with BLK_STS_INVAL, and
6.1's __dm_io_complete() requeued the data whatever the flush's status: A, the list's own
target, got no flush, the trace had no "A FWS" line, and the list still completed with 0.)

  $ _require_dm_atomic
  $ K=/payload/modules/dma-testbio.ko
  $ [ -f $K ] || _skip "dma-testbio.ko was not built"
  $ SZ=$(_sectors $SCRATCH0)
  $ disk=$(basename "$(readlink -f $SCRATCH2)")
  $ dmsetup create wlf-a --table "0 $SZ atomic $SCRATCH0 $SCRATCH1"
  $ dmsetup create wlf-b --table "0 $SZ atomic $SCRATCH2 $SCRATCH3"
  $ printf '0 %d linear /dev/mapper/wlf-a 0\n%d %d linear /dev/mapper/wlf-b 0\n' $SZ $SZ $SZ | dmsetup create wlf-top
  $ q=/sys/dev/block/$(_majmin /dev/mapper/wlf-top)/queue; cat $q/write_cache; [ "$(cat $q/max_write_list_segments)" -gt 1 ] && echo takes lists
  write back
  takes lists
  $ _pattern 3 4096 >/tmp/p3
  $ dd if=/tmp/p3 of=/dev/mapper/wlf-top bs=4096 seek=$(( SZ / 8 + 100 )) oflag=direct status=none
  $ [ "$(dmsetup message wlf-b 0 stats | sed -n 's/^writes_direct=//p')" = 1 ] && echo "direct write on B"
  direct write on B
  $ T=/sys/kernel/tracing; mountpoint -q $T || mount -t tracefs tracefs $T
  $ echo 0 > $T/tracing_on; echo > $T/trace; echo 1 > $T/events/block/block_bio_queue/enable
  $ f0=$(flushes $disk)
  $ echo 1 > $T/tracing_on; insmod $K dev=/dev/mapper/wlf-top nr=2 preflush=1 seed=7; echo 0 > $T/tracing_on
  $ f1=$(flushes $disk)
  $ echo 0 > $T/events/block/block_bio_queue/enable
  $ rmmod dma-testbio
  $ dmesg | grep -o 'dma-testbio: .*' | tail -1
  dma-testbio: /dev/mapper/wlf-top: list of 2 range(s) +PREFLUSH: done (0)
  $ [ $((f1 - f0)) -ge 1 ] && echo "B's data disk was flushed before the list completed"
  B's data disk was flushed before the list completed
  $ names="$(_majmin /dev/mapper/wlf-top | tr : ,)=top $(_majmin /dev/mapper/wlf-a | tr : ,)=A $(_majmin /dev/mapper/wlf-b | tr : ,)=B"
  $ sed -n 's/.*block_bio_queue: \([0-9]*,[0-9]*\) \([A-Z]*\) .*/\1 \2/p' $T/trace | awk -v names="$names" '
  >   BEGIN { n = split(names, a, " "); for (i = 1; i <= n; i++) { split(a[i], kv, "="); m[kv[1]] = kv[2] } }
  >   $1 in m { print m[$1], $2 }' >/tmp/wlf.trace
  $ cat /tmp/wlf.trace
  top FWLS
  A FWS
  B FWS
  A WLS
  $ echo > $T/trace

The list is on A, the plain write on B.

  $ dd if=/dev/mapper/wlf-a bs=4096 skip=16 count=1 iflag=direct status=none | od -An -v -tx1 | sort -u
   08 08 08 08 08 08 08 08 08 08 08 08 08 08 08 08
  $ dd if=/dev/mapper/wlf-b bs=4096 skip=100 count=1 iflag=direct status=none | cmp - /tmp/p3 && echo "plain write on B"
  plain write on B
  $ dmsetup remove wlf-top
  $ dmsetup remove wlf-b
  $ dmsetup remove wlf-a
