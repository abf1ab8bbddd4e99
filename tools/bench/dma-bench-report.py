#!/usr/bin/env python3
"""dma-bench-report: turn a dma-bench-run output directory into figures.

  dma-bench-report [--check] [--rows 1,2,..] [--layouts sep,fua,shared]
                   [--csv FILE] [--table FILE] [--chart PREFIX] RAWDIR
  dma-bench-report --plan [--quick] [--series v3]

Every cell (one measurement) gives figures; cells of the same row, layout, group and
column are summarised as median, min and max; each column is divided by its row's baseline
column *of the same round* (measured minutes apart in the same boot), and those ratios are
summarised the same way.  --check verifies the run is complete: every row, layout, group and
column of the plan dma-bench-run wrote (RAWDIR/plan.txt) has every round with every figure a
finite number (it never judges a speed); it exits 1 and says what is missing otherwise.  The
plan itself is held to SPEC below: a full plan must hold every group of every layout and
column, the smoke plan (DMA_BENCH_SMOKE=1) at least one group of every layout and every
column of each row.  Without plan.txt (output of an older run) SPEC is the plan.

--plan prints SPEC for dma-bench-run, a row a line: the row, its groups and its columns,
separated by tabs (--quick: the recovery row's quick log sizes).  SPEC is the one list of
what a run measures.

Rows 1 and 2 have a column of one transaction a write (and row 1 its variants), named for
the call that makes it: on a kernel with the v2 series atom-oatomic* (fio --atomic=1, one
O_ATOMIC pwrite a write), on one with v3, which has no O_ATOMIC, atom-list1* (dma-bench
lists -m atomic -k 1, one BLKWRITELIST of one range a write).  --series v3 prints v3's
names; a run's output says which it used in env-guest.txt (series=v3; without the line,
v2).  Those cells' figures are read from fio's JSON or dma-bench's, whichever the cell has;
--check holds an atom-list1 cell to one BLKWRITELIST of one range a list.
"""
import json
import math
import os
import re
import statistics
import sys

# What a complete run holds, independent of what the guest script did.
QUICK_RECOVERY = ["log-2m", "log-4m", "log-8m"]
FULL_RECOVERY = ["log-16m", "log-64m", "log-256m", "log-448m"]
SPEC = {
    1: dict(title="streaming sequential writes (fio, 1 writer, psync)",
            layouts=["sep", "fua"], groups=["seq-256k", "seq-1m", "seq-1m-u"],
            cols=["lin-plain", "atom-oatomic", "atom-oatomic-copy", "atom-oatomic-fua",
                  "atom-oatomic-2pass",
                  "atom-oatomic-crc32c", "atom-plain", "floor-zc", "floor-zc-ack", "floor-log"],
            base="lin-plain", head="mb_s", kind="fio-write"),
    2: dict(title="random writes (fio, psync)", layouts=["sep"],
            groups=["rand-4k-j1", "rand-4k-j8", "rand-16k-j1", "rand-16k-j8"],
            cols=["lin-plain", "atom-oatomic", "atom-plain"], base="lin-plain",
            head="iops", kind="fio-write"),
    3: dict(title="DB transactions: 4 discontiguous 16 KiB pages, durable at commit",
            layouts=["sep", "fua", "shared"], groups=["txn-w1", "txn-w4", "txn-w16"],
            cols=["a-doublewrite", "b-atomic-flush", "b-atomic-flush-workers", "b-atomic-flush-fua",
                  "b-atomic-flush-noauto", "b-atomic-flush-passdown", "b-atomic-flush-nowindow",
                  "c-atomic-noflush", "c-atomic-fua", "floor-commit"],
            base="a-doublewrite", head="tps", kind="lists"),
    4: dict(title="4 KiB reads (fio, 1 reader), all through one dm-delay",
            layouts=["sep"], groups=["read-4k", "randread-4k"],
            cols=["lin-plain", "atom-written", "atom-inlog"], base="lin-plain",
            head="iops", kind="fio-read"),
    5: dict(title="recovery: activation with a full log vs reading as many bytes",
            layouts=["sep"], groups=FULL_RECOVERY, cols=["seqread", "activate", "activate-zc",
                                                 "activate-zc-single"],
            base="seqread", head="seconds", kind="timed"),
    6: dict(title="lists of 4 KiB segments (s = segments, j = writers; s1-1m: one 1 MiB "
                  "range, logged zero-copy)", layouts=["sep"],
            groups=["s1-j1", "s8-j1", "s32-j1", "s128-j1", "s1-j8", "s8-j2", "s8-j4", "s8-j8",
                    "s128-j8", "s1-1m-j1", "s1-1m-j8"],
            cols=["lin-plain", "atom-list", "atom-list-nowindow", "atom-list-zcalone"], base="lin-plain",
            head="lists_s",
            kind="lists"),
    7: dict(title="SQLite 3.40 transactions, synchronous=FULL (t = tables a transaction changes, "
                  "small = one row each, 4page = four rows apart each): journal_mode=DELETE "
                  "and WAL on ext4 on dm-linear vs the atomicblk VFS on dm-atomic",
            layouts=["sep"], groups=["t1-small", "t1-4page", "t4-small", "t4-4page"],
            cols=["a-delete", "b-wal", "c-atomicblk"], base="a-delete", head="tps",
            kind="sqlite"),
    8: dict(title="asynchronous 4 KiB random writes, io_uring and libaio at queue depth 1, 8, "
                  "32: plain on dm-linear and dm-atomic vs RWF_ATOMIC on dm-atomic",
            layouts=["sep"], groups=["uring-qd1", "uring-qd8", "uring-qd32", "aio-qd1",
                                     "aio-qd8", "aio-qd32"],
            cols=["lin-plain", "atom-plain", "atom-rwf"], base="lin-plain", head="iops",
            kind="qd"),
    9: dict(title="MariaDB 10.11 sysbench oltp_write_only (1 thread, innodb_flush_method=O_DIRECT, "
                  "flush_log_at_trx_commit=1): doublewrite on, ext4 on dm-linear vs doublewrite "
                  "off, ext4 on dm-atomic with all_writes_atomic (b), all_writes_atomic_from 16384 "
                  "(c: only the 16 KiB page writes logged) or that and zero_copy_bytes 16384 (d) "
                  "(apps image only)",
            layouts=["sep"], groups=["oltp-write-only"],
            cols=["a-doublewrite", "b-atomic-nodw", "c-atomic16k-nodw", "d-atomic16k-zc-nodw"],
            base="a-doublewrite",
            head="tps",
            kind="sqlite"),
    10: dict(title="PostgreSQL 15 pgbench TPC-B-like (scale 2, 2 clients, synchronous_commit=on, "
                   "checkpoint_timeout=30s, max_wal_size=64MB, shared_buffers=16MB): "
                   "full_page_writes=on, ext4 on dm-linear vs full_page_writes=off, ext4 on "
                   "dm-atomic with all_writes_atomic (b) or all_writes_atomic_from 8192 (c: only "
                   "the 8 KiB page writes and larger logged) (apps image only)",
             layouts=["sep"], groups=["pgbench-tpcb"],
             cols=["a-fpw", "b-atomic-nofpw", "c-atomic8k-nofpw"],
             base="a-fpw",
             head="tps",
             kind="sqlite", wal=True),
}
# v3's names of the columns of one transaction a write in rows 1 and 2 (see the docstring).
V2_ONE, V3_ONE = "atom-oatomic", "atom-list1"
V3_TITLES = {
    1: "streaming sequential writes (1 writer, synchronous: fio psync; atom-list1*: dma-bench "
       "lists, one BLKWRITELIST of one range a write)",
    2: "random writes (synchronous: fio psync; atom-list1: dma-bench lists, one BLKWRITELIST "
       "of one range a write)",
}


def use_series(series):
    """SPEC as the kernel of SERIES names its columns (v3: atom-list1* in rows 1, 2)."""
    if series != "v3":
        return
    for row in (1, 2):
        SPEC[row]["cols"] = [V3_ONE + c[len(V2_ONE):] if c.startswith(V2_ONE) else c
                             for c in SPEC[row]["cols"]]
        SPEC[row]["title"] = V3_TITLES[row]


class WrongCall(ValueError):
    """A cell that was not written with the call its column names."""


UNITS = {"mb_s": "MB/s", "drained_mb_s": "MB/s", "iops": "IO/s", "tps": "txn/s",
         "lists_s": "lists/s", "seconds": "s", "lat_p50_us": "us", "lat_p99_us": "us",
         "cpu_s_per_mib": "CPU s/MiB", "lists_per_commit": "lists",
         "replayed_mib": "MiB", "from_log": "share of reads", "cpu_ms_per_txn": "CPU ms/txn",
         "wal_bytes_per_txn": "WAL bytes/txn", "wal_fpi_per_txn": "full-page images/txn",
         "wal_lsn_bytes_per_txn": "WAL bytes/txn (insert position)"}
HEAD_NAMES = {"mb_s": "MB/s", "iops": "IO/s", "tps": "txn/s", "lists_s": "lists/s",
              "seconds": "seconds"}


def read_kv(path):
    d = {}
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if "=" in line:
                k, v = line.split("=", 1)
                d[k] = v
    return d


def read_json_lines(path):
    """Merge every JSON object in the file (fio's may follow warnings)."""
    out = {}
    try:
        text = open(path, errors="replace").read()
    except OSError:
        return out
    dec = json.JSONDecoder()
    i = 0
    while True:
        i = text.find("{", i)
        if i < 0:
            break
        try:
            obj, end = dec.raw_decode(text, i)
        except ValueError:
            i += 1
            continue
        if isinstance(obj, dict):
            out.update(obj)
        i = end
    return out


def stats_kv(s):
    return dict(x.split("=", 1) for x in s.split() if "=" in x)


def own_json(f, js, drain):
    """The figures every dma-bench and dma-rwf JSON line has; returns its bytes."""
    user = js["bytes"]
    f["mb_s"] = js["mb_per_s"]
    f["lat_p50_us"] = js["lat_us"]["p50"]
    f["lat_p99_us"] = js["lat_us"]["p99"]
    f["drained_mb_s"] = user / (js["seconds"] + drain) / 1e6
    return user


def figures(meta, js):
    """The figures of one cell, or None when the cell has no usable output."""
    row = int(meta["row"])
    kind = SPEC[row]["kind"]
    f = {}
    ticks = float(meta.get("cpu_ticks", "nan"))
    hz = float(meta.get("hz", "100") or 100)
    io0 = [int(x) for x in meta.get("io_before", "").split()]
    io1 = [int(x) for x in meta.get("io_after", "").split()]
    roles = [r.split(":", 1)[0] for r in meta.get("roles", "").split()]
    if len(io0) != 2 + 2 * len(roles) or len(io1) != len(io0):
        return None
    d = [b - a for a, b in zip(io0, io1)]
    top_r, top_w = d[0] * 512, d[1] * 512
    drain = float(meta.get("drain_s", "nan"))
    if meta.get("col", "").startswith(V3_ONE) and \
            (js.get("call") != "BLKWRITELIST" or js.get("segs") != 1 or
             js.get("mode") != "atomic" or js.get("ioctls") != js.get("lists")):
        raise WrongCall("not one BLKWRITELIST of one range a write: call %s, mode %s, %s "
                        "segment(s), %s ioctls for %s lists" % (
                            js.get("call"), js.get("mode"), js.get("segs"), js.get("ioctls"),
                            js.get("lists")))
    if kind == "sqlite":
        if "tps" not in js or not js.get("txns"):
            return None
        n = js["txns"]
        f["tps"] = js["tps"]
        f["cpu_ms_per_txn"] = ticks / hz * 1000 / n
        # Bytes each underlying disk wrote per transaction (write-back and flush included).
        for i, role in enumerate(roles):
            f["wb_" + role] = d[3 + 2 * i] * 512 / n
        f["wb_total"] = sum(d[3 + 2 * i] for i in range(len(roles))) * 512 / n
        # Row 10: WAL PostgreSQL wrote per transaction (pg_stat_wal's wal_bytes and wal_fpi,
        # after minus before; wal_lsn_bytes: how far the WAL's insert position moved).
        for k in ("wal_bytes", "wal_fpi", "wal_lsn_bytes"):
            if k in js:
                f[k + "_per_txn"] = js[k] / n
        return f
    if "steps" in js:
        # dma-bench path: the disks' own cost of a logged write's steps (row 3: of a
        # transaction's commit, one writer).
        if not js.get("writes"):
            return None
        user = own_json(f, js, drain)
        f["tps" if row == 3 else "iops"] = js["writes_per_s"]
        for step, us in js.get("step_us", {}).items():
            f["step_%s_us" % step] = us
    elif kind == "fio-write" and "lists" in js:
        # dma-bench lists (rows 1, 2 on v3: atom-list1*): one list of one range a write.
        if not js.get("lists"):
            return None
        user = own_json(f, js, drain)
        f["iops"] = js["lists_per_s"]
    elif kind in ("fio-write", "fio-read"):
        jobs = js.get("jobs")
        if not jobs:
            return None
        side = jobs[0]["write" if kind == "fio-write" else "read"]
        user = side["io_bytes"]
        rt = side["runtime"] / 1000.0
        f["mb_s"] = side["bw_bytes"] / 1e6
        f["iops"] = side["iops"]
        pc = side.get("clat_ns", {}).get("percentile", {})
        f["lat_p50_us"] = pc.get("50.000000", float("nan")) / 1000.0
        f["lat_p99_us"] = pc.get("99.000000", float("nan")) / 1000.0
        if kind == "fio-write":
            f["drained_mb_s"] = user / (rt + drain) / 1e6 if rt + drain > 0 else float("nan")
        elif "stats_before" in js:
            # Share of the reads that found their data in dm-atomic's log.
            a, b = stats_kv(js["stats_before"]), stats_kv(js["stats_after"])
            ios = side.get("total_ios") or 0
            f["from_log"] = (int(b["reads_from_log"]) - int(a["reads_from_log"])) / ios \
                if ios else float("nan")
    elif kind == "lists":
        if "lists" not in js:
            return None
        user = own_json(f, js, drain)
        f["tps" if row == 3 else "lists_s"] = js["lists_per_s"]
        if "stats_before" in js:
            a, b = stats_kv(js["stats_before"]), stats_kv(js["stats_after"])
            commits = int(b["txns_committed"]) - int(a["txns_committed"])
            lists = int(b["lists_committed"]) - int(a["lists_committed"])
            f["lists_per_commit"] = lists / commits if commits else float("nan")
    elif kind == "qd":
        if "ios" not in js or not js["ios"]:
            return None
        user = own_json(f, js, drain)
        f["iops"] = js["iops"]
    else:  # timed
        if "seconds" not in js:
            return None
        user = js["bytes"]
        f["seconds"] = js["seconds"]
        f["mb_s"] = user / js["seconds"] / 1e6 if js["seconds"] > 0 else float("nan")
        if "stats" in js:
            st = stats_kv(js["stats"])
            f["replayed_mib"] = int(st.get("replayed_sectors", "nan")) * 512 / 2**20
    f["cpu_s_per_mib"] = ticks / hz / (user / 2**20) if user else float("nan")
    # Bytes each underlying disk wrote (read, for reads) per user byte.
    ref = top_w if kind in ("fio-write", "lists", "qd") else None
    if "steps" in js:
        ref = user	# dma-bench path writes the raw disks, with no device on top
    for i, role in enumerate(roles):
        if kind == "fio-read":
            f["ra_" + role] = d[2 + 2 * i] * 512 / user if user else float("nan")
        elif ref:
            f["wa_" + role] = d[3 + 2 * i] * 512 / ref
    return f


def read_plan(path):
    """(kind, rounds, [(row, layout, group, [cols])], problems) of plan.txt, or None."""
    if not os.path.exists(path):
        return None
    kind, rounds, entries, problems = None, None, [], []
    for i, line in enumerate(open(path), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("plan="):
            kv = dict(x.split("=", 1) for x in line.split() if "=" in x)
            kind = kv.get("plan")
            try:
                rounds = int(kv.get("rounds", ""))
            except ValueError:
                problems.append("plan.txt line %d: no number of rounds" % i)
            continue
        f = line.split()
        if len(f) < 4 or not f[0].isdigit():
            problems.append("plan.txt line %d: not 'row layout group columns...': %s" % (i, line))
            continue
        entries.append((int(f[0]), f[1], f[2], f[3:]))
    if kind not in ("full", "smoke"):
        problems.append("plan.txt: no 'plan=full' or 'plan=smoke' line")
    return kind, rounds, entries, problems


def check_plan(kind, entries, rows, layouts):
    """What the plan lacks against SPEC for the rows and layouts asked for."""
    problems = []
    for row, lay, g, cols in entries:
        if row not in SPEC:
            problems.append("plan: row %d is no row of the benchmark" % row)
            continue
        sp = SPEC[row]
        if lay not in sp["layouts"]:
            problems.append("plan: row %d has no layout %s" % (row, lay))
        if g not in sp["groups"]:
            problems.append("plan: row %d has no group %s" % (row, g))
        for c in cols:
            if c not in sp["cols"]:
                problems.append("plan: row %d has no column %s" % (row, c))
        if sp["base"] not in cols:
            problems.append("plan: row %d %s %s lacks the baseline column %s" %
                            (row, lay, g, sp["base"]))
    for row in rows:
        sp = SPEC[row]
        mine = [e for e in entries if e[0] == row]
        for lay in sp["layouts"]:
            if lay not in layouts:
                continue
            planned = {(e[2], c) for e in mine if e[1] == lay for c in e[3]}
            if not planned:
                problems.append("plan: row %d %s: not in the plan" % (row, lay))
            elif kind == "full":
                for g in sp["groups"]:
                    for c in sp["cols"]:
                        if (g, c) not in planned:
                            problems.append("plan: row %d %s %s %s: not in the full plan" %
                                            (row, lay, g, c))
        cols = {c for e in mine for c in e[3]}
        for c in sp["cols"]:
            if c not in cols:
                problems.append("plan: row %d column %s: in no group of the plan" % (row, c))
    return problems


def summary(v):
    v = [x for x in v if x is not None]
    if not v:
        return (float("nan"),) * 3
    return statistics.median(v), min(v), max(v)


def fmt(x, w=0):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        s = "-"
    elif abs(x) >= 1000:
        s = "%.0f" % x
    elif abs(x) >= 100:
        s = "%.1f" % x
    elif abs(x) >= 10:
        s = "%.2f" % x
    else:
        s = "%.3g" % x
    return s.rjust(w) if w else s


def main(argv):
    check = False
    rows = sorted(SPEC)
    layouts = ["sep", "fua", "shared"]
    csv_path = table_path = chart = None
    args = argv[1:]
    raw = None
    if args and args[0] == "--plan":
        opts = args[1:]
        if opts[:1] == ["--quick"]:
            SPEC[5]["groups"] = QUICK_RECOVERY
            opts = opts[1:]
        if opts[:1] == ["--series"] and opts[1:2] in (["v2"], ["v3"]):
            use_series(opts[1])
            opts = opts[2:]
        if opts:
            print("dma-bench-report: --plan takes only --quick and --series v2|v3, in that "
                  "order (see --help)", file=sys.stderr)
            return 2
        for row in sorted(SPEC):
            print("%d\t%s\t%s" % (row, " ".join(SPEC[row]["groups"]),
                                  " ".join(SPEC[row]["cols"])))
        return 0
    while args:
        a = args.pop(0)
        if a == "--check":
            check = True
        elif a == "--rows":
            rows = [int(x) for x in re.split(r"[ ,]+", args.pop(0).strip()) if x]
        elif a == "--layouts":
            layouts = [x for x in re.split(r"[ ,]+", args.pop(0).strip()) if x]
        elif a == "--csv":
            csv_path = args.pop(0)
        elif a == "--table":
            table_path = args.pop(0)
        elif a == "--chart":
            chart = args.pop(0)
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        elif raw is None and not a.startswith("-"):
            raw = a
        else:
            print("dma-bench-report: bad argument '%s' (see --help)" % a, file=sys.stderr)
            return 2
    if raw is None:
        print("dma-bench-report: missing RAWDIR", file=sys.stderr)
        return 2

    env = {}
    for name in ("env-host.txt", "env-guest.txt"):
        p = os.path.join(raw, name)
        if os.path.exists(p):
            env.update(read_kv(p))
    quick = "quick=1" in open(os.path.join(raw, "env-guest.txt")).read() \
        if os.path.exists(os.path.join(raw, "env-guest.txt")) else False
    if quick:
        SPEC[5]["groups"] = QUICK_RECOVERY
    use_series(env.get("series", "v2").split(" ", 1)[0])

    # cells[(row, layout, group, col)][round] = figures
    cells, problems = {}, []
    cdir = os.path.join(raw, "cells")
    names = sorted(n[:-5] for n in os.listdir(cdir) if n.endswith(".meta")) \
        if os.path.isdir(cdir) else []
    for n in names:
        meta = read_kv(os.path.join(cdir, n + ".meta"))
        key = (int(meta["row"]), meta["layout"], meta["group"], meta["col"])
        if key[0] not in SPEC:
            continue
        f = None
        if meta.get("rc") == "0":
            try:
                f = figures(meta, read_json_lines(os.path.join(cdir, n + ".json")))
            except WrongCall as e:
                problems.append("cell %s: row %d %s %s %s round %s: %s" %
                                (n, key[0], key[1], key[2], key[3], meta.get("round"), e))
            except (KeyError, ValueError, TypeError, ZeroDivisionError) as e:
                problems.append("cell %s %s: unreadable output (%s)" % (n, key, e))
        else:
            problems.append("cell %s: row %d %s %s %s round %s exited %s" %
                            (n, key[0], key[1], key[2], key[3], meta.get("round"),
                             meta.get("rc")))
        cells.setdefault(key, {})[int(meta["round"])] = f

    rounds = sorted({r for v in cells.values() for r in v})
    nrounds = max(rounds) if rounds else 0

    # The plan: what dma-bench-run set out to measure (SPEC, without plan.txt).
    plan = read_plan(os.path.join(raw, "plan.txt"))
    kind = "full"
    if plan:
        kind, prounds, entries, pprob = plan
        problems += pprob + check_plan(kind, entries, rows, layouts)
        nrounds = prounds or nrounds
        planned = {(row, lay, g, c) for row, lay, g, cols in entries for c in cols
                   if row in rows and lay in layouts}
    else:
        planned = {(row, lay, g, c) for row in rows for lay in SPEC[row]["layouts"]
                   for g in SPEC[row]["groups"] for c in SPEC[row]["cols"] if lay in layouts}
    for key in sorted(cells):
        if key[0] in rows and key[1] in layouts and key not in planned:
            problems.append("row %d %s %s %s: measured, but not in the plan" % key)

    # Completeness, against the plan.
    for row in rows:
        sp = SPEC[row]
        for lay in sp["layouts"]:
            if lay not in layouts:
                continue
            for g in sp["groups"]:
                for c in sp["cols"]:
                    if (row, lay, g, c) not in planned:
                        continue
                    got = cells.get((row, lay, g, c), {})
                    if not got:
                        problems.append("row %d %s %s %s: no measurement" % (row, lay, g, c))
                        continue
                    for r in range(1, nrounds + 1):
                        f = got.get(r)
                        if f is None:
                            problems.append("row %d %s %s %s round %d: no figures" %
                                            (row, lay, g, c, r))
                            continue
                        need = [sp["head"], "mb_s", "cpu_s_per_mib"]
                        if sp["kind"] == "sqlite":
                            need = [sp["head"], "cpu_ms_per_txn", "wb_data", "wb_log", "wb_total"]
                        if sp.get("wal"):
                            need.append("wal_bytes_per_txn")
                        if sp["kind"] in ("fio-write", "fio-read", "lists", "qd"):
                            need += ["lat_p50_us", "lat_p99_us"]
                        if sp["kind"] in ("fio-write", "lists", "qd"):
                            need += ["wa_" + x for x in ("data", "log", "disk")
                                     if any(k == "wa_" + x for k in f)] or ["wa_data"]
                        if row in (3, 6) and c.startswith(("atom-", "b-", "c-")):
                            need.append("lists_per_commit")
                        if row == 5 and c.startswith("activate"):
                            need.append("replayed_mib")
                        if row == 4 and c.startswith("atom-"):
                            need.append("from_log")
                        for k in need:
                            v = f.get(k)
                            if v is None or not isinstance(v, (int, float)) or \
                                    math.isnan(v) or math.isinf(v):
                                problems.append("row %d %s %s %s round %d: figure %s "
                                                "missing" % (row, lay, g, c, r, k))

    # Summaries and ratios.
    out_rows = []  # (row, layout, group, col, base, figure, n, med, lo, hi, rmed, rlo, rhi)
    for key in sorted(cells, key=lambda k: (k[0], SPEC[k[0]]["layouts"].index(k[1])
                                            if k[1] in SPEC[k[0]]["layouts"] else 9,
                                            SPEC[k[0]]["groups"].index(k[2])
                                            if k[2] in SPEC[k[0]]["groups"] else 99,
                                            SPEC[k[0]]["cols"].index(k[3])
                                            if k[3] in SPEC[k[0]]["cols"] else 9)):
        row, lay, g, c = key
        base = SPEC[row]["base"]
        got = {r: f for r, f in cells[key].items() if f}
        bgot = {r: f for r, f in cells.get((row, lay, g, base), {}).items() if f}
        figs = sorted({k for f in got.values() for k in f})
        for fig in figs:
            vals = [f[fig] for f in got.values() if fig in f]
            med, lo, hi = summary(vals)
            ratios = []
            for r, f in got.items():
                b = bgot.get(r, {}).get(fig)
                if fig in f and b:
                    ratios.append(f[fig] / b)
            rmed, rlo, rhi = summary(ratios)
            out_rows.append((row, lay, g, c, base, fig, len(vals), med, lo, hi, rmed, rlo,
                             rhi))

    if csv_path:
        with open(csv_path, "w") as f:
            f.write("row,layout,group,column,baseline,figure,unit,rounds,median,min,max,"
                    "ratio_median,ratio_min,ratio_max\n")
            for t in out_rows:
                unit = UNITS.get(t[5], "bytes/user byte" if t[5][:3] in ("wa_", "ra_")
                                 else "bytes/txn" if t[5][:3] == "wb_" else "")
                f.write(",".join([str(t[0]), t[1], t[2], t[3], t[4], t[5], unit, str(t[6])] +
                                 ["" if math.isnan(x) else "%.6g" % x for x in t[7:]]) + "\n")

    # The terminal table: the headline figure, its ratio to the baseline, CPU, amplification.
    lines = []
    if env:
        lines.append("environment:")
        for k in sorted(env):
            lines.append("  %s: %s" % (k, env[k]))
        lines.append("")
    idx = {}
    for t in out_rows:
        idx[(t[0], t[1], t[2], t[3], t[5])] = t
    for row in rows:
        sp = SPEC[row]
        head = sp["head"]
        lines.append("row %d: %s; %s, median [min-max] of %d round(s); ratio = column / %s, "
                     "same round" % (row, sp["title"], HEAD_NAMES[head], nrounds, sp["base"]))
        extra = "WA data/log" if sp["kind"] != "fio-read" else "read data/log"
        if sp["kind"] == "sqlite":
            extra = "bytes/txn data/log (ratio of data+log)"
        # Row 10: the WAL bytes a transaction, and their ratio to the baseline's.
        wal = ("%32s " % "WAL bytes/txn (ratio)") if sp.get("wal") else ""
        lines.append("  %-7s %-12s %-20s %26s %24s %9s %10s %s%13s" %
                     ("layout", "group", "column", HEAD_NAMES[head], "ratio", "p99 us",
                      "CPU s/MiB" if sp["kind"] != "sqlite" else "CPU ms/txn", wal, extra))
        for lay in sp["layouts"]:
            for g in sp["groups"]:
                for c in sp["cols"]:
                    if (row, lay, g, c) not in planned:
                        continue
                    t = idx.get((row, lay, g, c, head))
                    if not t:
                        if lay in layouts:
                            lines.append("  %-7s %-12s %-20s %26s" % (lay, g, c, "MISSING"))
                        continue
                    ratio = "" if c == sp["base"] else "%s [%s-%s]" % (
                        fmt(t[10]), fmt(t[11]), fmt(t[12]))
                    p99 = idx.get((row, lay, g, c, "lat_p99_us"))
                    cpu = idx.get((row, lay, g, c, "cpu_s_per_mib" if sp["kind"] != "sqlite"
                                   else "cpu_ms_per_txn"))
                    amp = []
                    if sp["kind"] == "sqlite":
                        for role in ("data", "log"):
                            a = idx.get((row, lay, g, c, "wb_" + role))
                            if a:
                                amp.append(fmt(a[7]))
                        a = idx.get((row, lay, g, c, "wb_total"))
                        if a and c != sp["base"]:
                            amp[-1] += " (total %s)" % fmt(a[10])
                    for role in ("data", "log", "disk") if sp["kind"] != "sqlite" else ():
                        a = idx.get((row, lay, g, c, ("ra_" if sp["kind"] == "fio-read"
                                                      else "wa_") + role))
                        if a:
                            amp.append(fmt(a[7]))
                    if row in (3, 6) and c.startswith(("atom-", "b-", "c-")):
                        lpc = idx.get((row, lay, g, c, "lists_per_commit"))
                        if lpc:
                            amp.append("%s/commit" % fmt(lpc[7]))
                    fl = idx.get((row, lay, g, c, "from_log"))
                    if fl:
                        amp.append("%s%% log" % fmt(100 * fl[7]))
                    wal = ""
                    if sp.get("wal"):
                        w = idx.get((row, lay, g, c, "wal_bytes_per_txn"))
                        wal = fmt(w[7]) if w else "-"
                        if w and c != sp["base"]:
                            wal += " (%s [%s-%s])" % (fmt(w[10]), fmt(w[11]), fmt(w[12]))
                        wal = "%32s " % wal
                    lines.append("  %-7s %-12s %-20s %26s %24s %9s %10s %s%13s" % (
                        lay, g, c, "%s [%s-%s]" % (fmt(t[7]), fmt(t[8]), fmt(t[9])), ratio,
                        fmt(p99[7]) if p99 else "-", fmt(cpu[7]) if cpu else "-", wal,
                        "/".join(amp)))
        lines.append("")
    gcpu = os.path.join(raw, "guest-cpu.json")
    if os.path.exists(gcpu):
        g = read_json_lines(gcpu)
        lines.append("guest CPU (dma-bench cpu, userspace code under the same emulation): "
                     "memcpy %s MB/s, crc32c %s MB/s, log scan %s MB/s" % (
                         fmt(g.get("memcpy_mb_s")), fmt(g.get("crc32c_mb_s")),
                         fmt(g.get("scan_mb_s"))))
    hcpu = os.path.join(raw, "host-cpu.json")
    if os.path.exists(hcpu):
        h = read_json_lines(hcpu)
        lines.append("host CPU  (the same binary on the host):                      "
                     "memcpy %s MB/s, crc32c %s MB/s, log scan %s MB/s" % (
                         fmt(h.get("memcpy_mb_s")), fmt(h.get("crc32c_mb_s")),
                         fmt(h.get("scan_mb_s"))))
    text = "\n".join(line.rstrip() for line in lines) + "\n"
    if table_path:
        open(table_path, "w").write(text)
    if not check:
        sys.stdout.write(text)

    if chart:
        # Ratios of the headline figure, one bar per non-baseline column.
        with open(chart + ".dat", "w") as f:
            n = 0
            for row in rows:
                sp = SPEC[row]
                for lay in sp["layouts"]:
                    for g in sp["groups"]:
                        for c in sp["cols"]:
                            t = idx.get((row, lay, g, c, sp["head"]))
                            if c == sp["base"] or not t or math.isnan(t[10]):
                                continue
                            f.write('%d "%d %s %s %s" %g %g %g\n' % (
                                n, row, lay, g, c, t[10], t[11], t[12]))
                            n += 1
        with open(chart + ".gp", "w") as f:
            f.write("""set terminal pngcairo size 1200,%d font ",9"
set output "%s.png"
set title "dm-atomic / baseline, same boot, median and min-max of the rounds (row 5: activation time / read time)"
set style fill solid 0.5
set yrange [-1:%d]
set ytics nomirror
set grid x
set logscale x 2
set xlabel "ratio (log scale; 1 = the baseline)"
set arrow from 1, graph 0 to 1, graph 1 nohead lw 2
unset key
plot "%s.dat" using (sqrt($3*1)):1:(1):3:($1-0.35):($1+0.35):ytic(2) with boxxyerror lc rgb "#4477aa", \\
     "" using 3:1:4:5 with xerrorbars lc rgb "black" pt 7 ps 0.5
""" % (200 + 16 * max(n, 1), os.path.basename(chart), max(n, 1),
                   os.path.basename(chart)))

    if check:
        if problems:
            print("bench output INCOMPLETE: %d problem(s)" % len(problems))
            for p in problems[:40]:
                print("  " + p)
            return 1
        print("bench output complete: rows %s, %d cells (%s plan), %d round(s), every figure "
              "present" % (",".join(map(str, rows)), sum(len(v) for k, v in cells.items() if k in planned), kind,
                           nrounds))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
