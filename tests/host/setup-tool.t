dm-atomic-setup on the host: what needs no device-mapper (usage, sizes, format, check and dump
of image files).  Opening, closing and status are tested in the guest (tests/vm/setup-tool.t).

  $ cd "$CRAMTMP"
  $ dm-atomic-setup --version | sed 's/[0-9][0-9.]*$/V/'
  dm-atomic-setup V
  $ dm-atomic-setup --help | head -n 1
  Usage: dm-atomic-setup [options] COMMAND ARGUMENTS
  $ dm-atomic-setup
  dm-atomic-setup: no command given
  dm-atomic-setup: try 'dm-atomic-setup --help'
  [1]
  $ dm-atomic-setup frob
  dm-atomic-setup: unknown command 'frob'
  dm-atomic-setup: try 'dm-atomic-setup --help'
  [1]
  $ dm-atomic-setup --frob size
  dm-atomic-setup: unrecognized option '--frob'
  dm-atomic-setup: try 'dm-atomic-setup --help'
  [1]
  $ dm-atomic-setup -L 010 size 2>&1 | head -n 1
  dm-atomic-setup: a log of 1 blocks is too small for max_bytes 1048576 and max_segments 128 (at least 770 blocks, 3153920 bytes)
  $ dm-atomic-setup -L 0x10 size
  dm-atomic-setup: -L: '0x10' is not a size (bytes, or a number ending in K, M, G, T, P or E, or KiB, MiB, GiB, TiB, PiB or EiB: powers of 1024)
  dm-atomic-setup: try 'dm-atomic-setup --help'
  [1]
  $ dm-atomic-setup -L 99999999999999999T size
  dm-atomic-setup: -L: '99999999999999999T' is too large (at most 2^62 bytes)
  dm-atomic-setup: try 'dm-atomic-setup --help'
  [1]
  $ dm-atomic-setup --max-segments 253 size
  dm-atomic-setup: --max-segments: '253' is out of range (1 to 252)
  dm-atomic-setup: try 'dm-atomic-setup --help'
  [1]

size: the metadata a log needs (the superblock and the log), and what the largest lists need.

  $ dm-atomic-setup size
  log: 5108 blocks of 4096 bytes
  metadata device: at least 20926464 bytes (40872 sectors): the superblock and the log
  (a log of 4 group commits of 4 MiB; at least 770 blocks for max_bytes 1048576 and max_segments 128)
  the data device's size does not change it
  $ dm-atomic-setup -L 64M size
  log: 16384 blocks of 4096 bytes
  metadata device: at least 67112960 bytes (131080 sectors): the superblock and the log
  the data device's size does not change it
  $ dm-atomic-setup -L 1M --max-bytes 64K --max-segments 8 size | head -n 1
  log: 256 blocks of 4096 bytes
  $ dm-atomic-setup -L 1M size
  dm-atomic-setup: a log of 256 blocks is too small for max_bytes 1048576 and max_segments 128 (at least 770 blocks, 3153920 bytes)
  [2]

The feature options take what the kernel takes (dm-atomic.rst), for every command:

  $ dm-atomic-setup --max-bytes 100 size
  dm-atomic-setup: --max-bytes 100: the kernel takes max_bytes of 512 to 16777216 bytes, a multiple of 512 (dm-atomic.rst)
  dm-atomic-setup: try 'dm-atomic-setup --help'
  [1]
  $ dm-atomic-setup --max-memory 1 size 2>&1 | head -n1
  dm-atomic-setup: --max-memory 1: the kernel takes max_memory of 512 to 1099511627776 bytes (dm-atomic.rst)
  $ dm-atomic-setup --max-bytes 64K --max-segments 8 --max-memory 64K size 2>&1 | head -n1
  dm-atomic-setup: --max-memory 64K: the kernel takes max_memory of at least the largest list, (1 + max_bytes / 4096 + max_segments) x 4096 = 102400 bytes for max_bytes 65536 and max_segments 8 (dm-atomic.rst)
  $ dm-atomic-setup --zero-copy-bytes 4G size 2>&1 | head -n1
  dm-atomic-setup: --zero-copy-bytes 4G: the kernel takes zero_copy_bytes of 0 to 4294967295 bytes (dm-atomic.rst)
  $ dm-atomic-setup --all-writes-atomic-from 1000 size 2>&1 | head -n1
  dm-atomic-setup: --all-writes-atomic-from 1000: the kernel takes all_writes_atomic_from of 512 to 16777216 bytes, a multiple of 512 (dm-atomic.rst)
  $ dm-atomic-setup --max-bytes 64K --all-writes-atomic-from 128K size 2>&1 | head -n1
  dm-atomic-setup: --all-writes-atomic-from 128K: the kernel takes all_writes_atomic_from of at most max_bytes (65536): a logged write is cut at max_bytes (dm-atomic.rst)
  $ dm-atomic-setup --all-writes-atomic --all-writes-atomic-from=16K size 2>&1 | head -n1
  dm-atomic-setup: --all-writes-atomic-from 16K: all_writes_atomic and all_writes_atomic_from exclude each other (all_writes_atomic logs every write)

format refuses a log that size refuses, by the same rule (with -L, or the whole metadata
device), for the --max-bytes and --max-segments given (default 1M and 128): the kernel would
refuse to open it.  Nothing is written.

  $ truncate -s 64M fd.img; truncate -s 8M fm.img
  $ dm-atomic-setup -q -L 8K format fd.img fm.img
  dm-atomic-setup: a log of 2 blocks is too small for max_bytes 1048576 and max_segments 128 (at least 770 blocks, 3153920 bytes)
  [2]
  $ truncate -s 1M small.img; dm-atomic-setup -q format fd.img small.img
  dm-atomic-setup: a log of 255 blocks is too small for max_bytes 1048576 and max_segments 128 (at least 770 blocks, 3153920 bytes)
  [2]
  $ cmp fm.img /dev/zero 2>&1 | sed 's/ after byte.*//'; cmp small.img /dev/zero 2>&1 | sed 's/ after byte.*//'
  cmp: EOF on fm.img
  cmp: EOF on small.img
  $ truncate -s 2M small.img; dm-atomic-setup -q -L 1M --max-bytes 64K --max-segments 8 format fd.img small.img | sed 's/uuid [0-9a-f-]*/uuid U/'
  small.img: formatted: uuid U, log 256 blocks at block 1, data 131072 sectors, data device identity: none (only its size is checked)

format asks before overwriting anything that is not all zero, naming what it holds
(tests/host/format-guard.t); without a terminal it refuses unless --batch-mode says not to
ask.  check and dump are dma-check and dma-dump.

  $ truncate -s 64M d.img; truncate -s 8M m.img
  $ dm-atomic-setup format d.img m.img </dev/null | sed 's/uuid [0-9a-f-]*/uuid U/'
  m.img: formatted: uuid U, log 2047 blocks at block 1, data 131072 sectors, data device identity: none (only its size is checked)
  $ dm-atomic-setup -L 4M format d.img m.img </dev/null 2>&1 | sed 's/uuid [0-9a-f-]*/uuid U/'
  dm-atomic-setup: m.img: contains dm-atomic metadata (uuid U, log 2047 blocks, data 131072 sectors), its log empty: nothing would be lost but the metadata; formatting destroys it; not confirmed (standard input is not a terminal: use --batch-mode)

Any byte that is not zero counts, a newline too (the superblock starts with its checksum,
whose first byte is a newline in about one format in 256).

  $ printf '\n' > n.img; truncate -s 8M n.img
  $ dm-atomic-setup format d.img n.img </dev/null
  dm-atomic-setup: n.img: not empty (non-zero byte at offset 0, no signature blkid -p knows); formatting destroys it; not confirmed (standard input is not a terminal: use --batch-mode)
  [2]
  $ dm-atomic-setup -q -L 4M format d.img m.img | sed 's/uuid [0-9a-f-]*/uuid U/'
  m.img: formatted: uuid U, log 1024 blocks at block 1, data 131072 sectors, data device identity: none (only its size is checked)
  $ dm-atomic-setup check m.img | tail -n 1
  clean
  $ dm-atomic-setup dump m.img | sed 's/uuid [0-9a-f-]*/uuid U/' | head -n 1
  superblock: ok, version 1, uuid U, log 1+1024 blocks, data 131072 sectors, tail seq 1 at log block 0, features compat 0x3 ro_compat 0x0 incompat 0x0 (fixed_log: the log keeps its size) (data_id: none, only the data device's size is checked)
  $ printf 'x' | dd of=m.img bs=1 seek=100 conv=notrunc status=none
  $ dm-atomic-setup check m.img >/dev/null
  [7]
  $ dm-atomic-setup check nonexistent.img
  dm-atomic-setup: nonexistent.img: no such device or file
  [4]
  $ dm-atomic-setup open /nonexistent m.img x
  dm-atomic-setup: /nonexistent: no such device
  [4]
  $ dm-atomic-setup open d.img m.img x
  dm-atomic-setup: d.img: not a block device
  [4]
  $ dm-atomic-setup close
  dm-atomic-setup: close: expected NAME
  dm-atomic-setup: try 'dm-atomic-setup --help'
  [1]
