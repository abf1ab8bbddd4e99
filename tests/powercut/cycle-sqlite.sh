#!/bin/bash
# One boot of a SQLite power-cut chain (qemu-scripts/powercut.sh --workload sqlite), run in the
# guest as DMA_MODE=powercut.  Same disks and conventions as cycle.sh: SCRATCH0 holds dm-atomic's
# data (64 MiB), SCRATCH1 its metadata (4 MiB), SCRATCH3 an ext4 journal disk mounted sync.
#
# The database lives on dm-atomic through the atomicblk VFS (journal_mode=OFF,
# synchronous=FULL).  The writer is Debian's sqlite3 shell running numbered transactions
# (tests/vm/sqlite-crash.py's: eight pages over four tables and acks each); after each COMMIT
# returns it appends the number to this boot's journal (/journal/jK).  Every boot but the first
# activates the target on what the cut left, and checks: PRAGMA integrity_check ok, the
# database is exactly the state after some transaction M (nothing torn), and M is at least
# the last number any journal holds (nothing acknowledged lost).  Then it starts the writer
# again from M + 1 and prints @@DMA-CUT: the host kills QEMU a random moment later.
. "$(dirname "$0")/cycle-lib.sh"

D=131072 M=8192
LIB=/payload/tests/vm/sqlite-crash.py
EXT=/payload/bin/atomicblk

pc_journal
insmod "$DMA_MODULE" || fail "insmod"
dmsetup create pcd --table "0 $D linear $SCRATCH0 0" || fail "dm-linear"
dmsetup create pcm --table "0 $M linear $SCRATCH1 0" || fail "dm-linear"
pc_activate $D sqlite

# The check, with sqlite-crash.py's judge; prints the next transaction number on stdout.
check() {
	python3 - "$LIB" "$1" <<'PY'
import glob, importlib.util, sys
spec = importlib.util.spec_from_file_location("sc", sys.argv[1])
sc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sc)
acked = 0
for j in glob.glob("/journal/j*"):
    for line in open(j):
        if line.strip().isdigit():
            acked = max(acked, int(line))
rc, out, err = sc.shell("/dev/mapper/pc", sc.CHECK_SQL, True)
problem = sc.judge(out, acked) if not rc else "sqlite3: " + err
m = [l for l in out if l.startswith("acks|")]
m = int(m[0].split("|")[1]) if m else -1
t, d, c = (problem or "").startswith("torn"), (problem or "").startswith("lost"), \
    bool(problem) and not (problem.startswith("torn") or problem.startswith("lost"))
print("verify boot %s: summary: database at transaction %d, %d acknowledged; violations: "
      "torn %d, durability %d, order 0, corrupt %d, misdirected 0%s"
      % (sys.argv[2], m, acked, t, d, c, " (%s)" % problem if problem else ""), file=sys.stderr)
print(m + 1)
sys.exit(1 if problem else 0)
PY
}

if [ "$cycle" = 1 ]; then
	python3 -c "
import importlib.util, sys
spec = importlib.util.spec_from_file_location('sc', '$LIB'); sc = importlib.util.module_from_spec(spec); spec.loader.exec_module(sc)
rc, out, err = sc.shell('/dev/mapper/pc', sc.setup_sql(), True)
sys.exit(err if rc else 0)" || fail "database setup"
	next=1
else
	next=$(check $((cycle - 1)) 2>/tmp/verdict); rc=$?
	pc "$(cat /tmp/verdict)"
	[ $rc = 0 ] || fail "the database after the cut of boot $((cycle - 1))"
fi

if [ "$final" = 1 ]; then
	pc_done
fi

pc "at $(up) s workload: transactions from $next on"
python3 - "$LIB" "$next" "$cycle" <<'PY' | sqlite3 -bail >/tmp/writer.out 2>&1 &
import importlib.util, sys
spec = importlib.util.spec_from_file_location("sc", sys.argv[1])
sc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sc)
n, k = int(sys.argv[2]), sys.argv[3]
print(".load /payload/bin/atomicblk\n.open file:/dev/mapper/pc?vfs=atomicblk\n"
      "PRAGMA locking_mode=EXCLUSIVE;\nPRAGMA journal_mode=OFF;\nPRAGMA synchronous=FULL;")
while True:
    sql = sc.txn_sql(n).replace(".system dmsetup --noudevsync message sqc-lw 0 mark c%d" % n,
                                ".system echo %d >>/journal/j%s" % (n, k))
    sys.stdout.write(sql)
    sys.stdout.flush()
    n += 1
PY
sleep 1
echo "@@DMA-CUT"
wait
cat /tmp/writer.out
fail "the writer ended before the power cut"
