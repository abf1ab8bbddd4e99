The baseline every tool gets: help, version, bad option, missing argument,
missing input, nonexistent path, directory, FIFO (not a device or image),
truncated and corrupted input.  Exit status (the classes of exit-codes.t):
1 usage, 4 not found (no such path, a directory, a FIFO), 6 I/O error,
7 damaged.

  $ for t in dma-format dma-check dma-dump dma-exercise dma-verify dma-replay; do
  >   $t --help | head -1; echo "rc=$?"
  >   $t --version
  > done
  Usage: dma-format [options] METADATA
  rc=0
  dma-format (dm-atomic tools) 0.2.0, on-disk format version 1
  Usage: dma-check [options] METADATA
  rc=0
  dma-check (dm-atomic tools) 0.2.0, on-disk format version 1
  Usage: dma-dump [options] METADATA
  rc=0
  dma-dump (dm-atomic tools) 0.2.0, on-disk format version 1
  Usage: dma-exercise [options] TARGET
  rc=0
  dma-exercise (dm-atomic tools) 0.2.0, on-disk format version 1
  Usage: dma-verify [options] TARGET JOURNAL
  rc=0
  dma-verify (dm-atomic tools) 0.2.0, on-disk format version 1
  Usage: dma-replay [options] DATA METADATA
  rc=0
  dma-replay (dm-atomic tools) 0.2.0, on-disk format version 1

Bad option, option without its argument, no input:

  $ for t in dma-format dma-check dma-dump dma-exercise dma-verify dma-replay; do
  >   $t --frobnicate x; echo "rc=$?"
  > done
  dma-format: unknown option '--frobnicate'
  Try 'dma-format --help'.
  rc=1
  dma-check: unknown option '--frobnicate'
  Try 'dma-check --help'.
  rc=1
  dma-dump: unknown option '--frobnicate'
  Try 'dma-dump --help'.
  rc=1
  dma-exercise: unknown option '--frobnicate'
  Try 'dma-exercise --help'.
  rc=1
  dma-verify: unknown option '--frobnicate'
  Try 'dma-verify --help'.
  rc=1
  dma-replay: unknown option '--frobnicate'
  Try 'dma-replay --help'.
  rc=1
  $ dma-format x --data-sectors
  dma-format: option '--data-sectors' needs an argument
  Try 'dma-format --help'.
  [1]
  $ dma-check -s
  dma-check: option '-s' needs an argument
  Try 'dma-check --help'.
  [1]
  $ dma-dump --data-dev
  dma-dump: option '--data-dev' needs an argument
  Try 'dma-dump --help'.
  [1]
  $ dma-exercise --journal
  dma-exercise: option '--journal' needs an argument
  Try 'dma-exercise --help'.
  [1]
  $ dma-verify --quiet=1 x
  dma-verify: option '--quiet' takes no argument
  Try 'dma-verify --help'.
  [1]
  $ dma-format -s 8; echo rc=$?; dma-check; echo rc=$?; dma-dump; echo rc=$?
  dma-format: missing METADATA argument
  Try 'dma-format --help'.
  rc=1
  dma-check: missing METADATA argument
  Try 'dma-check --help'.
  rc=1
  dma-dump: missing METADATA argument
  Try 'dma-dump --help'.
  rc=1
  $ dma-exercise --journal j; echo rc=$?; dma-exercise img; echo rc=$?
  dma-exercise: missing TARGET argument
  Try 'dma-exercise --help'.
  rc=1
  dma-exercise: missing --journal FILE
  Try 'dma-exercise --help'.
  rc=1
  $ dma-verify; echo rc=$?; dma-verify x; echo rc=$?
  dma-verify: missing TARGET argument
  Try 'dma-verify --help'.
  rc=1
  dma-verify: missing JOURNAL argument
  Try 'dma-verify --help'.
  rc=1
  $ dma-format -s 1x img
  dma-format: --data-sectors: '1x' is not a number (decimal digits, optionally followed by K, M, G, T, P or E: powers of 1024)
  Try 'dma-format --help'.
  [1]
  $ dma-check a b
  dma-check: unexpected argument 'b'
  Try 'dma-check --help'.
  [1]

Nonexistent path, directory, FIFO:

  $ mkdir dir; mkfifo fifo; truncate -s 64K img
  $ for p in nonexistent dir fifo; do
  >   dma-format -s 8 $p; dma-check $p; dma-dump $p
  >   dma-exercise --journal j --ops 1 $p; dma-verify $p j; dma-replay img $p
  > done 2>&1 | sort | uniq -c | sed 's/^ *//'
  1 dma-check: dir: is a directory, not a device or image file
  1 dma-check: fifo: not a block device or regular file
  1 dma-check: nonexistent: No such file or directory
  1 dma-dump: dir: is a directory, not a device or image file
  1 dma-dump: fifo: not a block device or regular file
  1 dma-dump: nonexistent: No such file or directory
  1 dma-exercise: dir: is a directory, not a device or image file
  1 dma-exercise: fifo: not a block device or regular file
  1 dma-exercise: nonexistent: No such file or directory
  1 dma-format: dir: is a directory, not a device or image file
  1 dma-format: fifo: not a block device or regular file
  1 dma-format: nonexistent: No such file or directory
  1 dma-replay: dir: is a directory, not a device or image file
  1 dma-replay: fifo: not a block device or regular file
  1 dma-replay: nonexistent: No such file or directory
  1 dma-verify: dir: is a directory, not a device or image file
  1 dma-verify: fifo: not a block device or regular file
  1 dma-verify: nonexistent: No such file or directory
  $ dma-format -s 8 --data-dev img img
  dma-format: give --data-sectors or --data-dev, not both
  Try 'dma-format --help'.
  [1]
  $ dma-format --data-dev fifo img
  dma-format: fifo: not a block device or regular file
  [4]

Truncated input: smaller than a superblock, and a log cut short.

  $ truncate -s 100 short
  $ dma-check short
  superblock: truncated: 100 bytes, less than one 4096-byte block
  damaged
  [7]
  $ dma-dump short
  superblock: truncated
  end: invalid superblock (truncated)
  [7]
  $ dma-replay img short
  dma-replay: short: superblock: truncated; nothing replayed
  [7]
  $ dma-format -s 8 short
  dma-format: short: too small: 100 bytes, need at least 12288
  [2]
  $ dma-format -s 1024 -u 00112233445566778899aabbccddeeff img
  img: formatted: uuid 00112233-4455-6677-8899-aabbccddeeff, log 15 blocks at block 1, data 1024 sectors
  $ truncate -s 32K img
  $ dma-check img
  superblock: metadata device too small for the log: it needs 16 blocks (log 1+15), the metadata device has 8 (32768 bytes)
  damaged
  [7]

Corrupted input: one flipped byte in the superblock.

  $ dma-format -s 1024 -u 00112233445566778899aabbccddeeff --force img >/dev/null
  $ printf '\001' | dd of=img bs=1 seek=2000 conv=notrunc status=none
  $ dma-check img
  superblock: bad checksum
  damaged
  [7]
  $ dma-dump img
  superblock: bad checksum
  end: invalid superblock (bad checksum)
  [7]

Exerciser and verifier inputs: a target smaller than a block, a truncated or
corrupted journal, a target truncated after the run, a bad script (which
writes nothing).

  $ dma-exercise --journal j --mode plain short
  dma-exercise: short: smaller than one 4096-byte block
  [2]
  $ truncate -s 1M t.img
  $ dma-exercise -j t.j -g 5 --mode plain -n 20 t.img
  $ dma-verify -q t.img t.j
  summary: ops 20, all-new 20, all-old 0, torn 0, superseded 0; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ : > empty.j; dma-verify t.img empty.j
  dma-verify: empty.j: empty journal
  [1]
  $ head -c 30 t.j > cut.j; dma-verify t.img cut.j
  dma-verify: cut.j:1: ignoring the incomplete last line
  dma-verify: cut.j: no journal header
  [1]
  $ head -c -3 t.j > cut.j; dma-verify t.img cut.j | tail -2
  dma-verify: cut.j:41: ignoring the incomplete last line
  op 20 plain 183+3,220+6,242+7: all-new (not acknowledged)
  summary: ops 20, all-new 20, all-old 0, torn 0, superseded 0; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ sed '6s/op id=3/op id=9/' t.j > bad.j; dma-verify t.img bad.j
  dma-verify: bad.j:6: operation ids out of sequence
  [1]
  $ sed '1s/v1/v7/' t.j > bad.j; dma-verify t.img bad.j
  dma-verify: bad.j:1: not a dma-exercise journal (bad header)
  [1]
  $ printf 'garbage\n' >> bad.j; sed -i '1s/v7/v1/' bad.j; dma-verify t.img bad.j
  dma-verify: bad.j:42: unknown record
  [1]
  $ truncate -s 64K t.img; dma-verify t.img t.j
  dma-verify: t.img: truncated: op 1 writes block 236 but it has 16 blocks
  [2]
  $ truncate -s 64K z.img
  $ printf 'plain 0+1\nflush\natomic 3+1 5+1\n' > bad.script
  $ dma-exercise -j s.j --emulate --script bad.script z.img
  dma-exercise: bad.script:3: 'atomic' takes one contiguous BLOCK+COUNT (use 'ioctl' for a discontiguous list)
  [1]
  $ printf 'plain 0+1\nwrite 3+1\n' > bad.script
  $ dma-exercise -j s.j --script bad.script z.img
  dma-exercise: bad.script:2: unknown operation 'write'
  [1]
  $ printf 'plain 15+2\n' > bad.script
  $ dma-exercise -j s.j --script bad.script z.img
  dma-exercise: bad.script:1: 15+2 is past the end of z.img (16 blocks)
  [1]
  $ cmp z.img /dev/zero
  cmp: EOF on z.img after byte 65536, in line 1
  [1]

Progress goes to stderr (on a terminal, or with DMA_PROGRESS=1), stdout stays clean:

  $ truncate -s 1M pg.img
  $ DMA_PROGRESS=1 dma-exercise -j pg.j --mode plain -n 50 pg.img 2>err >out; tr '\r' '\n' < err | tail -1; wc -c < out
  dma-exercise: operations 50/50 done
  0
  $ DMA_PROGRESS=1 dma-verify -q pg.img pg.j 2>err | sed 's/all-new [0-9]*, all-old 0, torn 0, superseded [0-9]*/.../'; tr '\r' '\n' < err | tail -1
  summary: ops 50, ...; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  dma-verify: blocks 575/575 done
