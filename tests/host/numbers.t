Numbers on the command line, the same in every tool (one parser,
tools/lib/util.c): decimal, a leading zero is not octal, no hex; a binary unit
K, M, G, T, P or E (any case, optionally followed by iB) multiplies.

  $ truncate -s 1M m.img
  $ fmt() { dma-format --force -u 00112233445566778899aabbccddeeff "$@" m.img 2>&1 | sed 's/.*uuid [^,]*, //'; }
  $ fmt -s 010
  log 255 blocks at block 1, data 10 sectors
  $ fmt -s 4K; fmt -s 4KiB; fmt -s 4k; fmt --data-sectors 1m
  log 255 blocks at block 1, data 4096 sectors
  log 255 blocks at block 1, data 4096 sectors
  log 255 blocks at block 1, data 4096 sectors
  log 255 blocks at block 1, data 1048576 sectors
  $ fmt -s 0x10; fmt -s 4KB; fmt -s ' 4'; fmt -s -4; fmt -s +4; fmt -s 4.5K; fmt -s K
  dma-format: --data-sectors: '0x10' is not a number (decimal digits, optionally followed by K, M, G, T, P or E: powers of 1024)
  Try 'dma-format --help'.
  dma-format: --data-sectors: '4KB': KB is ambiguous (1000 or 1024?): give K or KiB (powers of 1024), or the number of bytes
  Try 'dma-format --help'.
  dma-format: --data-sectors: ' 4' is not a number (decimal digits, optionally followed by K, M, G, T, P or E: powers of 1024)
  Try 'dma-format --help'.
  dma-format: --data-sectors: '-4' is not a number (decimal digits, optionally followed by K, M, G, T, P or E: powers of 1024)
  Try 'dma-format --help'.
  dma-format: --data-sectors: '+4' is not a number (decimal digits, optionally followed by K, M, G, T, P or E: powers of 1024)
  Try 'dma-format --help'.
  dma-format: --data-sectors: '4.5K' is not a number (decimal digits, optionally followed by K, M, G, T, P or E: powers of 1024)
  Try 'dma-format --help'.
  dma-format: --data-sectors: 'K' is not a number (decimal digits, optionally followed by K, M, G, T, P or E: powers of 1024)
  Try 'dma-format --help'.

Overflow is refused, whether of 64 bits, of the unit, or of the field the
value goes into (a superblock field, a 32-bit count, a time):

  $ fmt -s 18446744073709551616; fmt -s 16E; fmt -s 36028797018963968
  dma-format: --data-sectors: '18446744073709551616' is too large (at most 18446744073709551615)
  Try 'dma-format --help'.
  dma-format: --data-sectors: '16E' is too large (at most 18446744073709551615)
  Try 'dma-format --help'.
  dma-format: --data-sectors: must be 1..36028797018963967 (got '36028797018963968')
  Try 'dma-format --help'.
  $ fmt -s 15E; fmt -s 8 --log-blocks 18446744073709551615
  dma-format: --data-sectors: must be 1..36028797018963967 (got '15E')
  Try 'dma-format --help'.
  dma-format: --log-blocks: must be 2..1099511627776 (got '18446744073709551615')
  Try 'dma-format --help'.
  $ truncate -s 1M t.img
  $ dma-exercise -j j --mode plain -n 1 --max-segs 4294967298 t.img
  dma-exercise: --max-segs: must be 1..256 (got '4294967298')
  Try 'dma-exercise --help'.
  [1]
  $ dma-exercise -j j --mode plain -n 1 --jobs 4294967297 t.img
  dma-exercise: --jobs: must be 1..64 (got '4294967297')
  Try 'dma-exercise --help'.
  [1]
  $ dma-exercise -j j --mode plain -n 5 --seconds 9223372036854775807 t.img
  dma-exercise: --seconds: must be 0..2147483647 (got '9223372036854775807')
  Try 'dma-exercise --help'.
  [1]
  $ dma-exercise -j j --mode plain -n 5 --ops 20000000000000000000 t.img
  dma-exercise: --ops: '20000000000000000000' is too large (at most 18446744073709551615)
  Try 'dma-exercise --help'.
  [1]

Units everywhere a number is taken, also in a region and a script:

  $ truncate -s 8M t.img
  $ dma-exercise -j j --mode plain -n 1K -g 7 -r 1K+1K t.img; grep -c '^ack' j
  1024
  $ dma-verify -q t.img j | cut -d';' -f1
  summary: ops 1024, all-new 214, all-old 0, torn 0, superseded 810
  $ printf 'plain 1K+1\n' > s; dma-exercise -j j -g 7 --script s t.img; sed -n 2p j
  op id=1 kind=plain segs=1024+1
  $ printf 'plain 0x10+1\n' > s; dma-exercise -j j --script s t.img
  dma-exercise: s:1: '0x10' is not a number (decimal digits, optionally followed by K, M, G, T, P or E: powers of 1024)
  Try 'dma-exercise --help'.
  [1]
