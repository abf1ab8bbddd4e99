Recovery writes exactly what the log holds (G7), byte for byte, and nothing but the replay
puts it there.  The data device drops every write while a run of lists is logged (dm-flakey
drop_writes) and the superblock's writes are dropped too, so nothing is retired and the
data device never sees a byte of that run; then the target is created again over the
unchanged disks and its replay alone must produce the image.  The expected image is the
same operations applied to a file (dma-exercise --emulate, one job, same seed and
generation: the same bytes in the same order).  The lists have up to 8 segments of up to
128 KiB (1 MiB), many of them overlap earlier ones (the later must win), and the run starts
past the middle of a 64 MiB log, so it wraps at the log's end: the replay reads the log in
windows of 2 MiB, writes from one while it reads the next, and a transaction or an entry
may cross both a window and the wrap.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_lists
  $ D=131072 M=131080 R=0+8192
  $ dd if=/dev/zero of=$SCRATCH0 bs=1M count=64 oflag=direct status=none
  $ dd if=/dev/zero of=$SCRATCH1 bs=4096 count=1 oflag=direct status=none
  $ dmsetup create rp-d --table "0 $D linear $SCRATCH0 0"
  $ dmsetup create rp-m --table "0 $M linear $SCRATCH1 0"
  $ dmsetup create rp --table "0 $D atomic /dev/mapper/rp-d /dev/mapper/rp-m"
  $ blocks() {  # log blocks the lists took so far: a descriptor each and their 4 KiB blocks
  >   echo $(($(_dma_stat rp bytes_logged) / 4096 + $(_dma_stat rp txns_committed)))
  > }
  $ md5() { dd if=$1 bs=1M count=64 iflag=direct status=none | md5sum; }
  $ ex() {  # TARGET SEED GENERATION OPS [--emulate]
  >   dma-exercise -j /tmp/rp-j -m ioctl -n $4 -S $2 -g $3 -r $R --max-segs 8 --max-blocks 32 $5 $1 >/dev/null || echo "exercise on $1 failed"
  > }

The first run goes to disk as usual and is written back; the checkpoint moves the tail to
where it ended, past the log's middle.

  $ ex /dev/mapper/rp 1 71 150
  $ dmsetup message rp 0 checkpoint
  checkpoint done: log used 0/16384 blocks, tail seq 151
  $ L=$(_dma_stat rp log_blocks) b1=$(blocks); echo "log of $L blocks"; [ $b1 -gt $((L / 2)) ] && [ $b1 -lt $L ] && echo "first run ends past the middle"
  log of 16384 blocks
  first run ends past the middle

The second run is logged with its data and the superblock's writes dropped.

  $ dmsetup suspend rp-d; dmsetup load rp-d --table "0 $D flakey $SCRATCH0 0 0 1 1 drop_writes"; dmsetup resume rp-d
  $ printf '0 8 flakey %s 0 0 1 1 drop_writes\n8 %s linear %s 8\n' $SCRATCH1 $((M - 8)) $SCRATCH1 | dmsetup load rp-m
  $ dmsetup suspend rp-m; dmsetup resume rp-m
  $ c0=$(_dma_stat rp txns_committed)
  $ ex /dev/mapper/rp 2 72 100
  $ n=$(($(_dma_stat rp txns_committed) - c0)) b2=$(($(blocks) - b1))
  $ [ $((b1 + b2)) -gt $L ] && [ $b2 -lt $L ] && echo "second run wraps at the log's end and fits in the log" || echo "b1 $b1 b2 $b2"
  second run wraps at the log's end and fits in the log
  $ dmsetup remove rp
  $ dmsetup suspend rp-d; dmsetup load rp-d --table "0 $D linear $SCRATCH0 0"; dmsetup resume rp-d
  $ dmsetup suspend rp-m; dmsetup load rp-m --table "0 $M linear $SCRATCH1 0"; dmsetup resume rp-m

The data device holds the first run only; the replay must bring the second.  The metadata
device's reads are slowed (dm-delay, 600 ms a read) so that the check and the replay each
take longer than the five seconds after which activation reports its progress in the kernel
log: an operator waiting on a long activation sees how far it got.

  $ rm -f /tmp/rp-ref; truncate -s 64M /tmp/rp-ref
  $ ex /tmp/rp-ref 1 71 150 --emulate; ex /tmp/rp-ref 2 72 100 --emulate
  $ ref=$(md5sum </tmp/rp-ref)
  $ [ "$(md5 $SCRATCH0)" != "$ref" ] && echo "data device differs from the expected image before the replay"
  data device differs from the expected image before the replay
  $ dmsetup suspend rp-m; dmsetup load rp-m --table "0 $M delay $SCRATCH1 0 600 $SCRATCH1 0 0"; dmsetup resume rp-m
  $ dmesg -C; dmsetup create rp --table "0 $D atomic /dev/mapper/rp-d /dev/mapper/rp-m"
  $ dmesg | grep -o 'checking the log: at block [0-9]* of at most 16384 from the tail' | sed 's/[0-9]* of/N of/' | uniq
  checking the log: at block N of at most 16384 from the tail
  $ dmesg | grep -o 'replaying the log: transaction [0-9]* of [0-9]*, block [0-9]* of [0-9]*' | sed 's/[0-9]\+/N/g' | uniq
  replaying the log: transaction N of N, block N of N
  $ r=$(_dma_stat rp replayed_txns); [ "$r" = "$n" ] && echo "every transaction of the second run replayed" || echo "replayed $r of $n"
  every transaction of the second run replayed
  $ [ "$(_dma_stat rp replay_drains)" -gt 0 ] && echo "overlapping writes waited for earlier ones"
  overlapping writes waited for earlier ones
  $ dmsetup remove rp
  $ dmsetup suspend rp-m; dmsetup load rp-m --table "0 $M linear $SCRATCH1 0"; dmsetup resume rp-m
  $ [ "$(md5 $SCRATCH0)" = "$ref" ] && echo "data device holds the expected image" || echo "data device differs"
  data device holds the expected image

Group commits: four writers, so a transaction carries several lists (up to 4 MiB, more
than a window); the operations of one run are not reproducible, so dma-verify judges the
result from the writers' journal instead (each writer fsyncs after every 10 lists): every
list acknowledged before a completed fsync present, none torn.

  $ dmsetup create rp --table "0 $D atomic /dev/mapper/rp-d /dev/mapper/rp-m"
  $ dmsetup suspend rp-d; dmsetup load rp-d --table "0 $D flakey $SCRATCH0 0 0 1 1 drop_writes"; dmsetup resume rp-d
  $ printf '0 8 flakey %s 0 0 1 1 drop_writes\n8 %s linear %s 8\n' $SCRATCH1 $((M - 8)) $SCRATCH1 | dmsetup load rp-m
  $ dmsetup suspend rp-m; dmsetup resume rp-m
  $ dma-exercise -j /tmp/rp-j4 -m ioctl -n 120 -J 4 -S 3 -F 10 -r $R --max-segs 8 --max-blocks 32 /dev/mapper/rp >/dev/null || echo "exercise failed"
  $ [ "$(_dma_stat rp lists_committed)" -gt "$(_dma_stat rp txns_committed)" ] && echo "some commits carried several lists"
  some commits carried several lists
  $ n=$(_dma_stat rp txns_committed)
  $ dmsetup remove rp
  $ dmsetup suspend rp-d; dmsetup load rp-d --table "0 $D linear $SCRATCH0 0"; dmsetup resume rp-d
  $ dmsetup suspend rp-m; dmsetup load rp-m --table "0 $M linear $SCRATCH1 0"; dmsetup resume rp-m
  $ dmsetup create rp --table "0 $D atomic /dev/mapper/rp-d /dev/mapper/rp-m"
  $ r=$(_dma_stat rp replayed_txns); [ "$r" = "$n" ] && echo "every transaction replayed" || echo "replayed $r of $n"
  every transaction replayed
  $ dmsetup remove rp
  $ dma-verify /dev/mapper/rp-d /tmp/rp-j4 | tail -1 | sed 's/.*violations/violations/'
  violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ dmsetup remove rp-d rp-m
