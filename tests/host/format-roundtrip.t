dma-format -> dma-check / dma-dump round trip on image files, and the
refusals of dma-format.

  $ truncate -s 1M meta.img; truncate -s 8M data.img
  $ dma-format --data-dev data.img -u 0123456789abcdef0123456789ABCDEF meta.img
  meta.img: formatted: uuid 01234567-89ab-cdef-0123-456789abcdef, log 255 blocks at block 1, data 16384 sectors, data device identity: none (only its size is checked)
  $ dma-check --data-dev data.img meta.img
  superblock: ok, version 1, uuid 01234567-89ab-cdef-0123-456789abcdef, log 1+255 blocks, data 16384 sectors, tail seq 1 at log block 0, features compat 0x2 ro_compat 0x0 incompat 0x0 (data_id: none, only the data device's size is checked)
  log: 0 transactions in 0 blocks
  end: unwritten block at log block 0 (expected seq 1)
  clean
  $ dma-dump --kv meta.img
  superblock status=ok version=1 uuid=01234567-89ab-cdef-0123-456789abcdef log_start=1 log_blocks=255 data_sectors=16384 tail_seq=1 tail_block=0 feature_compat=0x2 feature_ro_compat=0x0 feature_incompat=0x0 unknown_compat=0x0 unknown_ro_compat=0x0 data_id=none
  end reason=unwritten normal=yes log_block=0 expected_seq=1 found_seq=0 entry=0 bad_block=0 txns=0 used_blocks=0

The superblock bytes: checksum first, then flags, block number, uuid, magic
"DMATOMSB", version 1, block size 4096, log start 1, 255 log blocks, 16384
data sectors, tail seq 1, tail block 0, the feature words (compat 0x2: the data
device's identity is recorded, here none: an image file has none), zeroes after.

  $ od -An -tx1 -N 96 meta.img | sed 's/^ //'
  81 96 83 7a 00 00 00 00 00 00 00 00 00 00 00 00
  01 23 45 67 89 ab cd ef 01 23 45 67 89 ab cd ef
  44 4d 41 54 4f 4d 53 42 01 00 00 00 00 10 00 00
  01 00 00 00 00 00 00 00 ff 00 00 00 00 00 00 00
  00 40 00 00 00 00 00 00 01 00 00 00 00 00 00 00
  00 00 00 00 00 00 00 00 02 00 00 00 00 00 00 00

Checked against a data device of another size:

  $ truncate -s 4M small.img; dma-check --data-dev small.img meta.img
  superblock: data device size mismatch: formatted for 16384 sectors, the data device has 8192
  damaged
  [7]

Refusals: an already formatted (non-zero) device without --force; a log that
does not fit; sizes that are not whole sectors.  Nothing is changed.

  $ md5sum meta.img > sum
  $ dma-format -s 100 meta.img
  dma-format: meta.img: contains dm-atomic metadata (uuid 01234567-89ab-cdef-0123-456789abcdef, log 255 blocks, data 16384 sectors), its log empty: nothing would be lost but the metadata; use --force to overwrite it
  [2]
  $ dma-format -s 100 --force --log-blocks 256 meta.img
  dma-format: meta.img: --log-blocks 256 does not fit: room for 255
  [2]
  $ dma-format -s 100 --log-blocks 1 meta.img
  dma-format: --log-blocks: must be 2..1099511627776 (got '1')
  Try 'dma-format --help'.
  [1]
  $ truncate -s 1000 odd.img; dma-format --data-dev odd.img meta.img
  dma-format: odd.img: size 1000 bytes is not a non-zero multiple of 512
  [2]
  $ dma-format -s 0 meta.img
  dma-format: --data-sectors: must be 1..36028797018963967 (got '0')
  Try 'dma-format --help'.
  [1]
  $ dma-format -s 100 -u xyz meta.img
  dma-format: --uuid: 'xyz' is not 32 hex digits
  Try 'dma-format --help'.
  [1]
  $ md5sum -c sum
  meta.img: OK

--force reformats; a random uuid each time:

  $ dma-format -s 100 --force --log-blocks 10 meta.img | sed 's/uuid [0-9a-f-]*/uuid U/'
  meta.img: formatted: uuid U, log 10 blocks at block 1, data 100 sectors
  $ dma-check -q meta.img
  $ a=$(dma-dump --kv meta.img | sed -n 's/.*uuid=\([^ ]*\).*/\1/p')
  $ dma-format -s 100 --force meta.img >/dev/null
  $ b=$(dma-dump --kv meta.img | sed -n 's/.*uuid=\([^ ]*\).*/\1/p')
  $ [ "$a" != "$b" ] && echo different
  different

A log written under the old uuid does not pass for the new format's: the
first block is zeroed by dma-format, and a record of another format is
recognised by its salt.

  $ dma-craft format c.img 16 1024; dma-craft txn c.img 0+8 8+8 >/dev/null
  $ dma-format -s 1024 --force c.img >/dev/null; dma-dump c.img | tail -1
  end: unwritten block at log block 0 (expected seq 1)

A random uuid is an RFC 4122 version 4 uuid (version nibble 4, variant bits
10), as the target makes when it formats all-zero metadata:

  $ for i in $(seq 32); do
  >   dma-format -s 100 --force meta.img | sed 's/.*uuid \([0-9a-f-]*\),.*/\1/'
  > done > uuids
  $ sort -u uuids | wc -l
  32
  $ grep -cE '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$' uuids
  32
