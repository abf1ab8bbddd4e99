Atomic lists from userspace through the block-layer series: the target advertises its own
limits (the virtio disks under it have none), the block layer refuses lists beyond them
before any I/O, discontiguous write lists (BLKWRITELIST; BLKATOMICWRITE and O_ATOMIC in the
v2 series) land whole, and
dma-exercise/dma-verify find no torn, lost or reordered list, also across a power cut.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_lists
  $ SZ=$(_sectors $SCRATCH0)
  $ _list_limits $SCRATCH0
  0 0
  $ dmsetup create dma --table "0 $SZ atomic $SCRATCH0 $SCRATCH1 4 max_segments 16 max_bytes 262144"
  $ _list_limits /dev/mapper/dma
  16 262144

A discontiguous list of 16 ranges lands whole; each range reads back.

  $ set -- $(for i in $(seq 0 15); do echo $((i * 100))+$((i % 4 + 1)); done)
  $ _dma_ioctl /dev/mapper/dma 1 "$@"
  ok
  $ i=0; for r in "$@"; do dd if=/dev/mapper/dma bs=4k skip=${r%+*} count=${r#*+} iflag=direct status=none | cmp -s - /tmp/seg.$i || echo "range $r differs"; i=$((i + 1)); done; echo checked
  checked

Lists beyond the limits, or malformed, are refused before any I/O.

  $ _dma_ioctl /dev/mapper/dma 2 $(for i in $(seq 0 16); do echo $((5000 + i * 10))+1; done)
  E2BIG
  $ _dma_ioctl /dev/mapper/dma 3 6000+40 6100+30
  E2BIG
  $ _dma_ioctl /dev/mapper/dma 4 7000+4 7002+4
  ENOTUNIQ
  $ _dma_ioctl /dev/mapper/dma 5 7000+1 $((SZ / 8))+1
  ENOSPC
  $ dd if=/dev/mapper/dma bs=4k skip=5000 count=2200 iflag=direct status=none | tr -d '\0' | wc -c
  0
  $ head -c 262144 /dev/urandom > /tmp/ok; head -c 266240 /dev/urandom > /tmp/big
  $ _dma_write /tmp/ok /dev/mapper/dma 0 && echo "256 KiB in one write: ok"
  256 KiB in one write: ok

One byte range beyond the limit: the v3 list ioctl says E2BIG, the v2 O_ATOMIC write() EINVAL.

  $ r=$(_dma_write /tmp/big /dev/mapper/dma 0 2>&1)
  [1]
  $ case $(_list_series):$r in v3:"Argument list too long"|v2:"Invalid argument") echo "refused: too big";; *) echo "$r";; esac
  refused: too big
  $ dmsetup message dma 0 stats | grep -E '^lists_committed='
  lists_committed=2

Random mixed lists from four threads, judged against their journal.

  $ dma-exercise --force -j /tmp/j1 -m mixed -n 300 -J 4 -S 7 -F 50 --max-segs 8 -r 0+4096 /dev/mapper/dma; echo "exercise: $?"
  exercise: 0
  $ dma-verify /dev/mapper/dma /tmp/j1 | tail -1 | sed 's/.*violations/violations/'
  violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ dmsetup remove dma

A power cut under lists in flight: data and metadata are slices of one dm-flakey disk that
switches to drop_writes; the journal is cut at the same moment.

  $ dmsetup create dma-disk --table "0 $SZ linear $SCRATCH0 0"
  $ dmsetup create dma-d --table "0 524288 linear /dev/mapper/dma-disk 0"
  $ dmsetup create dma-m --table "0 131072 linear /dev/mapper/dma-disk 524288"
  $ dmsetup create dma --table "0 524288 atomic /dev/mapper/dma-d /dev/mapper/dma-m"
  $ dma-exercise --force -j /tmp/j2 -m mixed -n 1000000 --seconds 60 -J 4 -S 9 -F 20 --max-segs 16 -r 0+16384 /dev/mapper/dma >/dev/null 2>&1 & w=$!
  $ sleep 4; kill -0 $w && echo "exerciser running at the cut"; n=$(wc -l < /tmp/j2)
  exerciser running at the cut
  $ dmsetup suspend --noflush --nolockfs dma-disk
  $ dmsetup load dma-disk --table "0 $SZ flakey $SCRATCH0 0 0 1 1 drop_writes"
  $ dmsetup resume dma-disk
  $ sleep 1; kill $w; wait $w 2>/dev/null || true
  $ dmsetup remove dma
  $ dmsetup suspend dma-disk; dmsetup load dma-disk --table "0 $SZ linear $SCRATCH0 0"; dmsetup resume dma-disk
  $ dmsetup create dma --table "0 524288 atomic /dev/mapper/dma-d /dev/mapper/dma-m"
  $ head -n $n /tmp/j2 > /tmp/j2cut; grep -c '^ack' /tmp/j2cut | awk '{ print ($1 > 0) ? "acknowledged before the cut: some" : "NONE" }'
  acknowledged before the cut: some
  $ dma-verify /dev/mapper/dma /tmp/j2cut | tail -1 | sed 's/.*violations/violations/'
  violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ dmsetup remove dma dma-d dma-m dma-disk
