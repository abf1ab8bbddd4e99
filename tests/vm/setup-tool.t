dm-atomic-setup in the guest: a session from format to close, without writing a table by
hand: format, open (with feature arguments), status (named fields and JSON), data through the
device, close, check; and the refusals an operator meets (a name in use, a device in use,
damaged metadata, a device that is not dm-atomic).

  $ . "$TESTDIR/lib.sh"
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_scratch 3
  $ _require_dm_atomic
  $ filt() { _filter_scratch | sed 's/uuid [0-9a-f-]*/uuid U/'; }
  $ dm-atomic-setup -q -L 32M format $SCRATCH0 $SCRATCH1 | filt
  SCRATCH1: formatted: uuid U, log 8192 blocks at block 1, data 1048576 sectors, data device identity: none (only its size is checked)
  $ dm-atomic-setup --max-bytes 256K --high-watermark 60 --writeback-delay-ms 50 --zero-copy-bytes 128K open $SCRATCH0 $SCRATCH1 db
  activating db (the kernel replays the log if a crash left one)...
  /dev/mapper/db: 512 MiB, log ended: unwritten block, replayed 0 transaction(s)
  $ dm-atomic-setup status db
  name: db
  start_sector: 0
  length_sectors: 1048576
  log_used_blocks: 0
  log_blocks: 8192
  committed_txns: 0
  written_back_txns: 0
  replayed_txns: 0
  logged_bios: 0
  direct_writes: 0
  high_watermark_state: below
  max_segments: 128
  max_bytes: 262144
  commit_delay_us: 0
  high_watermark: 60
  max_memory: 67108864
  writeback_delay_ms: 50
  zero_copy_bytes: 131072
  mode: rw
  $ dmsetup table db | cut -d' ' -f6-
  8 max_bytes 262144 writeback_delay_ms 50 high_watermark 60 zero_copy_bytes 131072
  $ _pattern 4 65536 >/tmp/p4
  $ _dma_write /tmp/p4 /dev/mapper/db 0
  $ dm-atomic-setup --json status db | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["json_format_version"], d["mode"], d["committed_txns"] >= 1, d["max_bytes"])'
  1 rw True 262144

Refusals: the name is taken; the disks are in use; a device that is not dm-atomic.

  $ dm-atomic-setup open $SCRATCH0 $SCRATCH1 db
  dm-atomic-setup: a device named db exists already
  [5]
  $ dm-atomic-setup open $SCRATCH0 $SCRATCH1 db2 2>&1 | _filter_scratch
  activating db2 (the kernel replays the log if a crash left one)...
  dm-atomic-setup: the kernel refused the table: Device already in use by another dm-atomic device (-EBUSY)
  $ dmsetup info db2 >/dev/null 2>&1 || echo "no db2 left behind"
  no db2 left behind
  $ dmsetup create lin --table "0 8 linear $SCRATCH2 0"
  $ dm-atomic-setup status lin
  dm-atomic-setup: lin is not a dm-atomic device
  [2]
  $ dm-atomic-setup close lin
  dm-atomic-setup: lin is not a dm-atomic device
  [2]
  $ dmsetup remove lin
  $ dm-atomic-setup close db
  $ dm-atomic-setup close db
  dm-atomic-setup: no device named db
  [4]

After close the log is written back: the data device holds the data, check is clean.

  $ dd if=$SCRATCH0 bs=65536 count=1 iflag=direct status=none | cmp - /tmp/p4 && echo "on the data device"
  on the data device
  $ dm-atomic-setup check $SCRATCH1 | tail -n 1
  clean

Damaged metadata is refused before the kernel sees it, and nothing is created.

  $ printf 'x' | dd of=$SCRATCH1 bs=1 seek=100 conv=notrunc status=none
  $ dm-atomic-setup open $SCRATCH0 $SCRATCH1 db 2>&1 | _filter_scratch
  dm-atomic-setup: dma-check: superblock: bad checksum
  dm-atomic-setup: SCRATCH1: metadata damaged, or made for a data device of another size than SCRATCH0 (run 'dm-atomic-setup check SCRATCH1')
  $ dmsetup info db >/dev/null 2>&1 || echo "no db"
  no db
