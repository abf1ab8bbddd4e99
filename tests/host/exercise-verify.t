dma-exercise writes stamped operations and journals them; dma-verify judges
the result.  On an image file atomic operations can only be emulated
(--emulate: plain writes journaled as atomic), which is what a verifier test
needs: the damage is then made by hand.

  $ truncate -s 1M base.img
  $ cat > ops.script <<'END'
  > atomic 0+4          # op 1
  > ioctl 10+2 20+2     # op 2
  > flush               # flush 1 covers ops 1 and 2
  > atomic 30+2         # op 3
  > plain 40+2 50+1     # op 4
  > atomic 60+3         # op 5
  > atomic 70+2         # op 6, overwritten by op 7
  > atomic 70+2         # op 7
  > END
  $ dma-exercise -j j --emulate -g 42 --script ops.script base.img
  $ cat j
  dma-exercise journal v1 generation=42 block=4096
  op id=1 kind=atomic segs=0+4
  ack id=1
  op id=2 kind=ioctl segs=10+2,20+2
  ack id=2
  flush id=1
  flushed id=1
  op id=3 kind=atomic segs=30+2
  ack id=3
  op id=4 kind=plain segs=40+2,50+1
  ack id=4
  op id=5 kind=atomic segs=60+3
  ack id=5
  op id=6 kind=atomic segs=70+2
  ack id=6
  op id=7 kind=atomic segs=70+2
  ack id=7
  $ dma-verify base.img j
  op 1 atomic 0+4: all-new
  op 2 ioctl 10+2,20+2: all-new
  op 3 atomic 30+2: all-new
  op 4 plain 40+2,50+1: all-new
  op 5 atomic 60+3: all-new
  op 6 atomic 70+2: superseded
  op 7 atomic 70+2: all-new
  summary: ops 7, all-new 6, all-old 0, torn 0, superseded 1; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0

  $ zero() { cp base.img t.img; for b in "$@"; do dd if=/dev/zero of=t.img bs=4096 seek=$b count=1 conv=notrunc status=none; done; }

A hand-torn operation (one of the four blocks of op 2 back to old contents);
op 2 was flushed, so that is also a durability violation:

  $ zero 21; dma-verify -q t.img j
  op 2 ioctl 10+2,20+2: TORN
  durability: op 2 was acknowledged before a completed flush but is torn
  summary: ops 7, all-new 5, all-old 0, torn 1, superseded 1; violations: torn 1, durability 1, order 0, corrupt 0, misdirected 0
  [7]

An order violation: op 3 missing while op 5, issued after op 3 was
acknowledged, is present:

  $ zero 30 31; dma-verify t.img j > out; echo rc=$?; grep -v ': all-new$' out
  rc=7
  op 3 atomic 30+2: all-old
  order: op 3 is missing but op 7, issued after it was acknowledged, is present
  op 6 atomic 70+2: superseded
  summary: ops 7, all-new 5, all-old 1, torn 0, superseded 1; violations: torn 0, durability 0, order 1, corrupt 0, misdirected 0

A flushed operation missing entirely (durability and order):

  $ zero 0 1 2 3; dma-verify -q t.img j; echo rc=$?
  durability: op 1 was acknowledged before a completed flush but is missing
  order: op 1 is missing but op 7, issued after it was acknowledged, is present
  summary: ops 7, all-new 5, all-old 1, torn 0, superseded 1; violations: torn 0, durability 1, order 1, corrupt 0, misdirected 0
  rc=7

The last operation never acknowledged (the journal ends before its ack) may
be absent; a torn plain write is allowed:

  $ head -n -1 j > j.cut; zero 70 71 40; dma-verify t.img j.cut > out; echo rc=$?; grep -v ': all-new$' out
  rc=0
  op 4 plain 40+2,50+1: TORN (plain: allowed)
  op 6 atomic 70+2: all-old
  op 7 atomic 70+2: all-old (not acknowledged)
  summary: ops 7, all-new 4, all-old 2, torn 1, superseded 0; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0

But not torn, acknowledged or not.  Block 71 holding neither op 6 nor op 7
also means op 6 was lost while the later op 7 partly landed: an order
violation as well.

  $ zero 71; dma-verify -q t.img j.cut
  order: op 6 is missing but op 7, issued after it was acknowledged, is present
  op 7 atomic 70+2: TORN (not acknowledged)
  summary: ops 7, all-new 5, all-old 1, torn 1, superseded 0; violations: torn 1, durability 0, order 1, corrupt 0, misdirected 0
  [7]

A block torn inside (one sector old) and a block written to the wrong place:

  $ zero; printf 'xxxx' | dd of=t.img bs=1 seek=$((61*4096+1024)) conv=notrunc status=none
  $ dma-verify -q t.img j
  corrupt: block 61 has a bad stamp checksum (torn inside the block)
  op 5 atomic 60+3: TORN
  summary: ops 7, all-new 5, all-old 0, torn 1, superseded 1; violations: torn 1, durability 0, order 0, corrupt 1, misdirected 0
  [7]
  $ zero; dd if=base.img of=t.img bs=4096 skip=0 seek=11 count=1 conv=notrunc status=none
  $ dma-verify -q t.img j
  misdirected: block 11 holds block 0 of op 1, meant for block 0
  summary: ops 7, all-new 6, all-old 0, torn 0, superseded 1; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 1
  [7]

Stamps of another run count as old contents:

  $ dma-exercise -j other.j --emulate -g 43 --script ops.script t.img
  $ dma-verify -q t.img j | tail -1
  summary: ops 7, all-new 0, all-old 7, torn 0, superseded 0; violations: torn 0, durability 2, order 0, corrupt 0, misdirected 0

A journal cut short at a simulated power cut: op 3 below was issued after
the cut point (its lines are gone) and still landed, over block 1 of op 1.
It counts as newer than everything journaled: op 1 stays all-new, and op 2
missing beside it is an order violation.  (Only blocks that journaled ops
wrote are read.)

  $ truncate -s 64K pc.img; printf 'atomic 0+2\natomic 10+1\natomic 1+1\n' > pc.script
  $ dma-exercise -j pc.j --emulate -g 11 --script pc.script pc.img
  $ head -n 5 pc.j > pc.cut; tail -1 pc.cut
  ack id=2
  $ dma-verify pc.img pc.cut
  op 1 atomic 0+2: all-new
  op 2 atomic 10+1: all-new
  summary: ops 2, all-new 2, all-old 0, torn 0, superseded 0; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ dd if=/dev/zero of=pc.img bs=4096 seek=10 count=1 conv=notrunc status=none
  $ dma-verify -q pc.img pc.cut
  order: op 2 is missing but op 3, issued after it was acknowledged, is present
  summary: ops 2, all-new 1, all-old 1, torn 0, superseded 0; violations: torn 0, durability 0, order 1, corrupt 0, misdirected 0
  [7]

--read-back checks read-your-writes right after each acknowledgment; the
self-test hook flips one byte of op 7's read-back to show the check fails:

  $ truncate -s 1M rb.img
  $ dma-exercise -j rb.j --emulate -m mixed -n 40 -J 3 --read-back rb.img; echo rc=$?
  rc=0
  $ DMA_EXERCISE_SELFTEST_READBACK=7 dma-exercise -j rb.j --emulate -g 4 -n 40 --read-back rb.img
  dma-exercise: rb.img: read-back of op 7: block 197 does not hold what was just acknowledged (found a stamp with a bad checksum)
  [7]
  $ tail -1 rb.j
  ack id=7

Atomic operations on a regular file need --emulate:

  $ dma-exercise -j x.j -n 1 t.img
  dma-exercise: t.img is a regular file: atomic writes need a block device (use --mode plain, or --emulate to test dma-verify)
  [1]
  $ printf 'ioctl 1+1\n' | dma-exercise -j x.j --script - t.img
  dma-exercise: -:1: t.img is a regular file: 'ioctl' needs a block device (or --emulate)
  [1]

A script from a pipe ('-') is carried out too, not only parsed:

  $ printf 'plain 1+1\nflush\nplain 2+1\n' | dma-exercise -j p.j --script - t.img
  $ grep -c '^ack' p.j
  2

A seeded random run is reproducible and verifies clean:

  $ dma-exercise -j r1.j -g 9 -S 5 -n 300 -m mixed -F 25 --max-segs 8 --emulate base.img
  $ dma-exercise -j r2.j -g 9 -S 5 -n 300 -m mixed -F 25 --max-segs 8 --emulate base.img
  $ cmp r1.j r2.j && grep -c '^flushed' r1.j
  12
  $ dma-verify -q base.img r1.j | sed 's/all-new [0-9]*/all-new N/; s/superseded [0-9]*/superseded N/'
  summary: ops 300, all-new N, all-old 0, torn 0, superseded N; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0

Concurrent operations (--jobs): journal lines of different operations
interleave, and order is judged by the journal: an op is only required to
survive if it was acknowledged before a present op was issued.  Op 2 below
was issued while op 1 was in flight, op 3 after op 1 was acknowledged.

  $ truncate -s 64K c.img; printf 'atomic 0+1\natomic 1+1\natomic 2+1\n' > c.script
  $ dma-exercise -j c.seq --emulate -g 8 --script c.script c.img
  $ { head -1 c.seq; grep 'op id=1' c.seq; grep 'op id=2' c.seq; echo 'ack id=2'; echo 'ack id=1'
  >   grep 'op id=3' c.seq; echo 'ack id=3'; } > c.j
  $ dd if=/dev/zero of=c.img bs=4096 seek=0 count=1 conv=notrunc status=none
  $ dma-verify -q c.img c.j
  order: op 1 is missing but op 3, issued after it was acknowledged, is present
  summary: ops 3, all-new 2, all-old 1, torn 0, superseded 0; violations: torn 0, durability 0, order 1, corrupt 0, misdirected 0
  [7]
  $ dd if=/dev/zero of=c.img bs=4096 seek=2 count=1 conv=notrunc status=none
  $ dma-verify -q c.img c.j
  summary: ops 3, all-new 1, all-old 2, torn 0, superseded 0; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0

A random run from 4 threads verifies clean, every op acknowledged once:

  $ dma-exercise -j p.j -J 4 -n 200 -m mixed -F 20 --emulate p.img 2>&1; truncate -s 2M p.img
  dma-exercise: p.img: No such file or directory
  $ dma-exercise -j p.j -J 4 -n 200 -m mixed -F 20 --max-segs 6 --emulate p.img
  $ grep -c '^op ' p.j; grep -c '^ack ' p.j; grep -c '^flushed ' p.j
  200
  200
  10
  $ dma-verify -q p.img p.j | sed 's/all-new [0-9]*/all-new N/; s/superseded [0-9]*/superseded N/'
  summary: ops 200, all-new N, all-old 0, torn 0, superseded N; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0
  $ dma-exercise -j x.j -J 2 --script c.script c.img
  dma-exercise: --jobs applies to random runs, not to --script
  Try 'dma-exercise --help'.
  [1]

--seconds bounds a random run in time (here 1 s, long before a billion ops):

  $ truncate -s 1M sec.img; dma-exercise -j sec.j -T 1 -n 1000000000 -J 2 --mode plain sec.img
  $ a=$(grep -c '^ack ' sec.j); o=$(grep -c '^op ' sec.j); [ "$a" = "$o" ] && [ "$a" -gt 10 ] && echo "every op acknowledged"
  every op acknowledged
  $ dma-verify -q sec.img sec.j | sed 's/ops [0-9]*, all-new [0-9]*, all-old 0, torn [0-9]*, superseded [0-9]*/ops N/'
  summary: ops N; violations: torn 0, durability 0, order 0, corrupt 0, misdirected 0

The block size is the journal's: dma-verify has no option for it, and a
journal of another block size is refused by its header.

  $ dma-verify -b 4096 base.img j
  dma-verify: unknown option '-b'
  Try 'dma-verify --help'.
  [1]
  $ sed '1s/block=4096/block=512/' j > j512; dma-verify base.img j512
  dma-verify: j512:1: unsupported block size
  [1]
