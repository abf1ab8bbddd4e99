The all_writes_atomic feature: every write bio of at most max_bytes goes through the log and is
all-or-nothing, without an atomic request (RWF_ATOMIC, a write list, O_ATOMIC). Plain O_DIRECT
16 KiB writes (a database's pages) are counted as logged, one bio each; a larger bio is cut at
max_bytes, each piece logged on its own; the feature shows in the status and the table. Then
crash states of a writer of 16 KiB pages (atomic-all-writes.py): with the feature no state
holds a torn or lost page; the same table without it (the control) must show torn pages, so the
check can fail.  all_writes_atomic_from logs only writes of at least the given size: the
same counts and crash states for the 16 KiB writes, smaller ones straight to the data device.

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 3
  $ _require_dm_atomic
  $ show() { for k in plain_writes_logged bios_logged bytes_logged writes_direct; do printf '%s=%s ' $k "$(_dma_stat dma $k)"; done; echo; }
  $ dmsetup create dma --table "0 65536 atomic $SCRATCH0 $SCRATCH1 3 max_bytes 32768 all_writes_atomic"
  $ dmsetup status dma | grep -o ' 13 max_segments .*'
   13 max_segments 128 max_bytes 32768 commit_delay_us 0 high_watermark 80 max_memory 67108864 writeback_delay_ms 100 all_writes_atomic rw
  $ dmsetup table dma | _filter_scratch | sed "s/$(_majmin $SCRATCH0)/SCRATCH0/; s/$(_majmin $SCRATCH1)/SCRATCH1/"
  0 65536 atomic SCRATCH0 SCRATCH1 3 max_bytes 32768 all_writes_atomic

Sixteen plain 16 KiB O_DIRECT writes: sixteen logged bios, nothing straight to the data
device; then one 64 KiB write, cut at max_bytes into two logged bios.

  $ _pattern 1 262144 >/tmp/A
  $ dd if=/tmp/A of=/dev/mapper/dma bs=16384 count=16 oflag=direct status=none
  $ show
  plain_writes_logged=16 bios_logged=16 bytes_logged=262144 writes_direct=0 
  $ dmsetup message dma 0 clear_stats
  $ dd if=/tmp/A of=/dev/mapper/dma bs=65536 count=1 seek=4 oflag=direct status=none
  $ show
  plain_writes_logged=2 bios_logged=2 bytes_logged=65536 writes_direct=0 
  $ dd if=/dev/mapper/dma bs=16384 count=16 iflag=direct status=none | cmp - /tmp/A && echo same
  same
  $ dmsetup remove dma

Without the feature the same writes go straight to the data device.

  $ dmsetup create dma --table "0 65536 atomic $SCRATCH0 $SCRATCH1 2 max_bytes 32768"
  $ dd if=/tmp/A of=/dev/mapper/dma bs=16384 count=16 oflag=direct status=none
  $ show
  plain_writes_logged=0 bios_logged=0 bytes_logged=0 writes_direct=16 
  $ dmsetup remove dma

With all_writes_atomic_from 16384 only writes of at least 16 KiB go through the log: the
sixteen 16 KiB writes are logged and the 64 KiB one is cut at max_bytes into two logged bios,
while 4 KiB and 8 KiB writes elsewhere (a redo log's appends, a file system's journal blocks)
go straight to the data device; a 4 KiB write over a block still in the log is logged after
it (written back later: writeback_delay_ms 60000 keeps it there), so the block reads the
newest data.

  $ dmsetup create dma --table "0 65536 atomic $SCRATCH0 $SCRATCH1 6 max_bytes 32768 writeback_delay_ms 60000 all_writes_atomic_from 16384"
  $ dmsetup status dma | grep -o ' 14 max_segments .*'
   14 max_segments 128 max_bytes 32768 commit_delay_us 0 high_watermark 80 max_memory 67108864 writeback_delay_ms 60000 all_writes_atomic_from 16384 rw
  $ dd if=/tmp/A of=/dev/mapper/dma bs=16384 count=16 oflag=direct status=none
  $ dd if=/tmp/A of=/dev/mapper/dma bs=65536 count=1 seek=4 oflag=direct status=none
  $ show
  plain_writes_logged=18 bios_logged=18 bytes_logged=327680 writes_direct=0 
  $ dmsetup message dma 0 clear_stats
  $ dd if=/tmp/A of=/dev/mapper/dma bs=4096 count=4 seek=512 oflag=direct status=none
  $ dd if=/tmp/A of=/dev/mapper/dma bs=8192 count=2 seek=512 oflag=direct status=none
  $ show
  plain_writes_logged=0 bios_logged=0 bytes_logged=0 writes_direct=6 
  $ dmsetup message dma 0 clear_stats
  $ _pattern 2 4096 >/tmp/B
  $ dd if=/tmp/B of=/dev/mapper/dma bs=4096 count=1 seek=1 oflag=direct status=none
  $ show
  plain_writes_logged=1 bios_logged=1 bytes_logged=4096 writes_direct=0 
  $ { head -c 4096 /tmp/A; cat /tmp/B; tail -c +8193 /tmp/A; } >/tmp/AB
  $ dd if=/dev/mapper/dma bs=16384 count=16 iflag=direct status=none | cmp - /tmp/AB && echo newest
  newest
  $ dmsetup remove dma
  $ dd if=$SCRATCH0 bs=16384 count=16 iflag=direct status=none | cmp - /tmp/AB && echo written back at removal
  written back at removal

The setup tool opens it with --all-writes-atomic and names every flag in force in its status.

  $ dm-atomic-setup --all-writes-atomic --no-discard-passdown open $SCRATCH0 $SCRATCH1 dma >/dev/null
  $ dmsetup table dma | grep -o ' [0-9]* no_discard_passdown all_writes_atomic$'
   2 no_discard_passdown all_writes_atomic
  $ dm-atomic-setup status dma | sed -n '/^max_segments/,$p'
  max_segments: 128
  max_bytes: 1048576
  commit_delay_us: 0
  high_watermark: 80
  max_memory: 67108864
  writeback_delay_ms: 100
  no_discard_passdown: yes
  all_writes_atomic: yes
  mode: rw
  $ dm-atomic-setup close dma

Crash states, with the feature and without.

  $ python3 "$TESTDIR/atomic-all-writes.py" on 1 --writes 16 --max 16
  on: 16 writes of 16 KiB: 16 logged as 16 bios (262144 bytes), 0 straight to the data device
  on prefix states: [0-9]+ checked, 0 bad (re)
  on subset states: [0-9]+ checked, 0 bad (re)
  on torn states: [0-9]+ checked, 0 bad (re)
  on torn-plain states: [0-9]+ checked, 0 bad (re)
  on: [0-9]+ states checked, 0 with a torn or lost write (re)
  $ python3 "$TESTDIR/atomic-all-writes.py" from 1 --writes 16 --max 16
  from: 16 writes of 16 KiB: 16 logged as 16 bios (262144 bytes), 0 straight to the data device
  from prefix states: [0-9]+ checked, 0 bad (re)
  from subset states: [0-9]+ checked, 0 bad (re)
  from torn states: [0-9]+ checked, 0 bad (re)
  from torn-plain states: [0-9]+ checked, 0 bad (re)
  from: [0-9]+ states checked, 0 with a torn or lost write (re)
  $ python3 "$TESTDIR/atomic-all-writes.py" off 1 --writes 16 --max 16 >/tmp/out; echo "exit $?"
  exit 0
  $ head -n 1 /tmp/out
  off: 16 writes of 16 KiB: 0 logged as 0 bios (0 bytes), 16 straight to the data device
  $ grep -E '^off torn-plain states: [0-9]+ checked, [1-9][0-9]* bad' /tmp/out | sed 's/[0-9][0-9]*/N/g'
  off torn-plain states: N checked, N bad
  $ grep -m1 'torn: sectors of writes' /tmp/out | sed 's/.*: block [0-9]* torn/block B torn/; s/\[.*\]/[...]/'
  block B torn: sectors of writes [...]
