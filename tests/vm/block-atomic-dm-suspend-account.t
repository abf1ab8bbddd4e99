A suspended DM device keeps an atomic list whole and submits it again when it is resumed.
The list's writes count once in the kernel's page-out statistics (pgpgout in /proc/vmstat,
in KiB), as a plain O_DIRECT write held back by the suspended device does.  Each write is
1 MiB to a dm-linear device over null_blk, started while the device is suspended; "counted
once" means pgpgout grew by at least 1024 KiB and less than 2048 KiB meanwhile (the guest's
other writes in those seconds are far fewer), a count of 2048 or more is printed as it is.

  $ . "$TESTDIR/lib.sh"
  $ A="python3 $TESTDIR/block-atomic.py"
  $ modprobe null_blk queue_mode=0 memory_backed=1 atomic_segs=4 atomic_max_bytes=1048576 bs=4096 gb=1 nr_devices=1
  $ dmsetup create blk-pgout --table "0 $(_sectors /dev/nullb0) linear /dev/nullb0 0"
  $ pgout() { awk '$1 == "pgpgout" { print $2 }' /proc/vmstat; }
  $ where() { sed -n '1s/^\[<0>\] \([^+]*\)+.*/\1/p' /proc/$1/stack 2>/dev/null; }
  $ trial() {
  >   dmsetup suspend blk-pgout
  >   b=$(pgout)
  >   if [ $1 = list ]; then
  >     ( exec $A list /dev/mapper/blk-pgout 0:262144:1 1048576:262144:2 2097152:262144:3 3145728:262144:4 >/tmp/pg.out 2>&1 ) &
  >   else
  >     ( exec dd if=/dev/zero of=/dev/mapper/blk-pgout bs=1M count=1 seek=8 oflag=direct status=none >/tmp/pg.out 2>&1 ) &
  >   fi
  >   w=$!; sleep 2
  >   [ -n "$(where $w)" ] && echo "$1 writer waits while suspended"
  >   dmsetup resume blk-pgout
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
  >   dd if=/dev/mapper/blk-pgout bs=256k skip=$(( (s - 1) * 4 )) count=1 iflag=direct status=none | cmp -s - <($A pattern $s 262144) || echo "segment $s missing"
  > done
  $ dmsetup remove blk-pgout
  $ rmmod null_blk
