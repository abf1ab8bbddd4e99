Real power cuts of SQLite on dm-atomic (three in make test): the guest's sqlite3 shell commits
numbered transactions through the atomicblk VFS (journal_mode=OFF, synchronous=FULL; eight
pages over four tables each) and journals each acknowledgment to another disk; the host
kills QEMU with SIGKILL 0.3-4 s into it.  Every next boot recovers the target and checks:
PRAGMA integrity_check ok, the database exactly the state after some transaction (no torn
transaction), every acknowledged transaction present; then writes on from there.  The same
judge fails the same writer without atomic writes (tests/vm/sqlite-crash-control.t).
Per-boot figures: out/powercut-sqlite-1.log; longer chains: make powercut WORKLOAD=sqlite.

  $ log=$TOP/out/powercut-sqlite-1.log
  $ "$TOP/qemu-scripts/powercut.sh" --workload sqlite --cycles 3 --seed 1 > "$log" 2>&1 || cat "$log"
  $ tail -n 1 "$log"
  powercut: 3 power cuts, 3 recoveries verified, 0 violations
