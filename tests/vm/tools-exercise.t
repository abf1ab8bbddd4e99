The userspace tools against the real kernel: dma-exercise refuses a device
without atomic support (the message names the call: RWF_ATOMIC or BLKWRITELIST on
the v3 series, O_ATOMIC pwritev or BLKATOMICWRITE on v2), writes stamped atomic writes and
write lists through dm-atomic, dma-verify judges them, and after a power
cut (dm-flakey drop_writes under both devices) the userspace scan
(dma-replay --dry-run) and the kernel's recovery agree, with no torn, lost or
reordered operation.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 4; _require_dm_atomic
  $ dma-exercise -j j0 -n 1 -g 1 $SCRATCH2 2>&1 | _filter_scratch; tail -1 j0
  dma-exercise: SCRATCH2: op 1: *: the device does not support atomic writes (EOPNOTSUPP*) (glob)
  fail id=1 errno=95
  $ dma-exercise -j j0 -n 1 -g 1 -m ioctl $SCRATCH2 2>&1 | _filter_scratch; tail -1 j0
  dma-exercise: SCRATCH2: op 1: BLK*WRITE*: the device does not support atomic writes (EOPNOTSUPP*) (glob)
  fail id=1 errno=95

  $ SZ=$(_sectors $SCRATCH0)
  $ dmsetup create dma --table "0 $SZ atomic $SCRATCH0 $SCRATCH1"
  $ dma-check $SCRATCH1 2>&1 | _filter_scratch
  dma-check: SCRATCH1: device is in use (opened exclusively elsewhere, e.g. by an active dm-atomic target)
  $ dma-exercise -j jx -n 1 --mode plain $SCRATCH0 2>&1 | _filter_scratch
  dma-exercise: SCRATCH0: device is in use (opened exclusively elsewhere, e.g. by an active dm-atomic target)
  $ summary() { sed 's/ops [0-9]*, all-new [0-9]*, all-old [0-9]*, torn 0, superseded [0-9]*/ops N/'; }
  $ dma-exercise -j j1 -n 100 -g 2 -m mixed -F 10 -r 0+2048 --read-back /dev/mapper/dma; echo rc=$?
  rc=0
  $ dma-verify -q /dev/mapper/dma j1 | summary
  summary: ops N; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ dma-exercise -j j2 -n 200 -g 3 -m mixed -J 4 -F 25 --max-segs 8 -r 0+4096 --read-back /dev/mapper/dma; echo rc=$?
  rc=0
  $ dma-verify -q /dev/mapper/dma j2 | summary
  summary: ops N; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ dmsetup remove dma
  $ dma-check -q $SCRATCH1; echo rc=$?
  rc=0
  $ dma-verify -q $SCRATCH0 j2 | summary
  summary: ops N; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0

Power cuts under streams of operations: the cut comes once the stream has 1000 operations
acknowledged, or after the round's seconds when it is slower.

  $ SZ3=$(_sectors $SCRATCH3)
  $ dmsetup create pc-disk --table "0 $SZ3 linear $SCRATCH3 0"
  $ dmsetup create pc-d --table "0 524288 linear /dev/mapper/pc-disk 0"
  $ dmsetup create pc-m --table "0 131072 linear /dev/mapper/pc-disk 524288"
  $ round() { # GEN SECONDS EXERCISE-ARGS...
  >   g=$1 t=$2; shift 2
  >   dmsetup create pc --table "0 524288 atomic /dev/mapper/pc-d /dev/mapper/pc-m"
  >   (dma-exercise --force -j jp$g -n 1000000 -g $g -r 0+16384 "$@" /dev/mapper/pc > ex.out 2>&1 &)
  >   for i in $(seq $((t * 4))); do [ "$(grep -c '^ack ' jp$g 2>/dev/null)" -ge 1000 ] && break; sleep 0.25; done
  >   n=$(wc -l < jp$g)
  >   dmsetup suspend --noflush --nolockfs pc-disk
  >   dmsetup load pc-disk --table "0 $SZ3 flakey $SCRATCH3 0 0 1 1 drop_writes"
  >   dmsetup resume pc-disk
  >   sleep 2; pkill -x dma-exercise; sleep 1; cat ex.out
  >   [ "$(head -n $n jp$g | grep -c '^ack ')" -gt 100 ] && echo "more than 100 ops acknowledged before the cut"
  >   dmsetup remove pc
  >   dmsetup suspend pc-disk; dmsetup load pc-disk --table "0 $SZ3 linear $SCRATCH3 0"; dmsetup resume pc-disk
  >   dma-check -q /dev/mapper/pc-m && echo "log clean"
  >   u=$(dma-replay --dry-run /dev/mapper/pc-d /dev/mapper/pc-m | tail -1 | grep -o 'replay [0-9]* transactions ([0-9]* sectors)')
  >   dmesg -C
  >   dmsetup create pc --table "0 524288 atomic /dev/mapper/pc-d /dev/mapper/pc-m"
  >   k=$(dmesg | grep -o 'replayed [0-9]* transactions ([0-9]* sectors)')
  >   [ "${u/replay/replayed}" = "$k" ] && echo "userspace and kernel recovery agree" || echo "userspace: $u; kernel: $k"
  >   head -n $n jp$g > jp.cut; dma-verify -q /dev/mapper/pc jp.cut | summary
  >   dmsetup remove pc
  > }
  $ round 5 15 -m mixed -J 4 -F 50 --max-segs 8
  more than 100 ops acknowledged before the cut
  log clean
  userspace and kernel recovery agree
  summary: ops N; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ round 6 10 -m mixed -J 4 -F 20 --max-segs 4 --max-blocks 64
  more than 100 ops acknowledged before the cut
  log clean
  userspace and kernel recovery agree
  summary: ops N; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ round 7 12 -m ioctl -J 2 --max-segs 16
  more than 100 ops acknowledged before the cut
  log clean
  userspace and kernel recovery agree
  summary: ops N; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ dmsetup remove pc-d pc-m pc-disk
