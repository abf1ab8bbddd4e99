The crash-state tool's own logic, on the host (tests/vm/crash-states.py): it reads a
dm-log-writes log, enumerates the crash states the issue asks for, and its judge flags
each kind of violation.  A judge that cannot fail would make every VM crash test vacuous.
An acknowledged list may still sit in the metadata device's cache (G2: a volatile write
cache), so it must survive once a flush completed after it, or at once when it was written
with REQ_FUA (RWF_DSYNC), or when dm-atomic writes every commit REQ_FUA (fua_commits=Y).

  $ cd "$TOP/tests/vm"
  $ cat > /tmp/cs-host.py <<'PY'
  > import importlib.util, struct, random
  > spec = importlib.util.spec_from_file_location("cs", "crash-states.py")
  > cs = importlib.util.module_from_spec(spec); spec.loader.exec_module(cs)
  > # A log: W(8 sectors, FUA) mark, W W W (cached) FLUSH, W(16 sectors, FUA), mark.
  > ents = [(0, 8, cs.F_FUA, b"a" * 4096), (0, 0, cs.F_MARK, b"a1"),
  >         (100, 1, 0, b"b" * 512), (101, 1, 0, b"c" * 512), (102, 1, 0, b"d" * 512),
  >         (0, 0, cs.F_FLUSH, b""), (8, 16, cs.F_FUA, b"e" * 8192), (0, 0, cs.F_MARK, b"f2")]
  > out = bytearray(struct.pack("<QQQI", cs.LW_MAGIC, 1, len(ents), 512).ljust(512, b"\0"))
  > for sec, n, fl, data in ents:
  >     hdr = struct.pack("<QQQQ", sec, n, fl, len(data) if fl & cs.F_MARK else 0)
  >     out += (hdr + (data if fl & cs.F_MARK else b"")).ljust(512, b"\0")
  >     if not fl & cs.F_MARK and n:
  >         out += data
  > open("/tmp/cs-host.log", "wb").write(out)
  > e = cs.read_log("/tmp/cs-host.log")
  > print(len(e), [x["mark"] for x in e if x["mark"]], [x["n"] for x in e])
  > st = cs.enumerate_states(e, random.Random(1))
  > kinds = {}
  > for k, p, x in st: kinds[k] = kinds.get(k, 0) + 1
  > print(sorted(kinds.items()))
  > print([(p, [i for i, m in x]) for k, p, x in st if k == "subset"])
  > print([(p, len(x[0][1])) for k, p, x in st if k == "torn"][:3])
  > ops = {1: dict(kind="list", segs=[(0, 2), (5, 1)], k=0), 2: dict(kind="list", segs=[(1, 1)], k=1),
  >        3: dict(kind="plain", segs=[(7, 1)], k=2), 5: dict(kind="list", segs=[(3, 1)], k=3, fua=True)}
  > j = cs.Judge(ops, [1, 2, 3, 5], {4: 3}, 9)
  > def img(**b):
  >     d = bytearray(8 * cs.BLOCK)
  >     for blk, op in b.items():
  >         i = int(blk[1:]); d[i * cs.BLOCK:(i + 1) * cs.BLOCK] = cs.stamp(9, op, i)
  >     return bytes(d)
  > print("nothing, no marks:", j.verdict(img(), []))
  > print("all of 1 and 2, acked:", j.verdict(img(b0=1, b1=2, b5=1), ["a1", "a2"]))
  > print("1 torn:", j.verdict(img(b0=1), []))
  > print("1 acked, lost:", j.verdict(img(), ["a1"]))
  > print("all flushed, lost:", j.verdict(img(), ["a1", "a2", "a3", "f4"]))
  > print("RWF_DSYNC 5 acked, lost:", j.verdict(img(b0=1, b1=2, b5=1, b7=3), ["a5"]))
  > cs.FUA_COMMITS = True
  > print("fua_commits=Y, 1 acked, lost:", cs.Judge(ops, [1, 2, 3, 5], {4: 3}, 9).verdict(img(), ["a1"]))
  > cs.FUA_COMMITS = False
  > print("2 without 1:", j.verdict(img(b1=2), []))
  > print("plain 3 acked, lost:", j.verdict(img(b0=1, b1=2, b5=1), ["a1", "a2", "a3"]))
  > print("plain 3 flushed, lost:", j.verdict(img(b0=1, b1=2, b5=1), ["f4"]))
  > d = bytearray(img(b0=1, b1=2, b5=1)); d[100] ^= 1
  > print("bit flip:", j.verdict(bytes(d), []))
  > print("misdirected:", j.verdict(img(b0=1, b1=2, b5=1, b6=2), []))
  > PY
  $ python3 /tmp/cs-host.py
  8 ['a1', 'f2'] [8, 0, 1, 1, 1, 0, 16, 0]
  [('prefix', 4), ('subset', 6), ('torn', 8)]
  [(2, [2]), (2, [3]), (2, [2, 3]), (2, [4]), (2, [2, 4]), (2, [3, 4])]
  [(0, 1), (0, 4), (0, 7)]
  nothing, no marks: []
  all of 1 and 2, acked: []
  1 torn: ['G1 op 1 torn: noo']
  1 acked, lost: []
  all flushed, lost: ['G2 op 1 acknowledged and flushed but absent', 'G2 op 2 acknowledged and flushed but absent', 'G2 op 3 acknowledged and flushed but absent']
  RWF_DSYNC 5 acked, lost: ['G2 op 5 acknowledged (REQ_FUA) but absent']
  fua_commits=Y, 1 acked, lost: ['G2 op 1 acknowledged but absent']
  2 without 1: ['G1 op 1 torn: ono', 'G3 op 1 absent while a list submitted after its ack survives']
  plain 3 acked, lost: []
  plain 3 flushed, lost: ['G2 op 3 acknowledged and flushed but absent']
  bit flip: ['block 0: garbage', 'G1 op 1 torn: onn', 'G3 op 1 absent while a list submitted after its ack survives']
  misdirected: ['block 6: misdirected stamp of op 2 block 6']
  $ rm -f /tmp/cs-host.py /tmp/cs-host.log
