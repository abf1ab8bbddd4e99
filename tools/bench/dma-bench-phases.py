#!/usr/bin/env python3
"""dma-bench-phases: where a lone writer's atomic list spends its time in dm-atomic.

    dma-bench-phases run --dm DEV --log DEV [--gap-us N] -- CMD [ARG...]
    dma-bench-phases analyze TRACE --dm MAJ:MIN --log MAJ:MIN [--gap-us N]

run (in the guest, as root): turns on the kernel's trace events (workqueue_execute_start/end,
block_bio_queue, block_rq_issue, block_rq_complete) in tracefs, runs CMD (typically
`dma-bench lists -J 1 ...` on the dm-atomic device DEV), turns them off and analyzes the
trace.  analyze: the same analysis of a saved trace (the text of tracefs' `trace` file).

Each list is a burst of bios queued on the dm-atomic device (bios less than --gap-us apart,
default 80, belong to one list).  A list whose whole cycle is in the trace is cut into:

  hop_commit     its first bio queued -> dm-atomic's commit worker starts
  build          commit worker starts -> the log write is issued to the log disk
                 (copy and crc32c of the data, the descriptor, the bio)
  log_device     the log write issued -> completed by the log disk (with the flush that
                 follows a FUA write on a disk without FUA: the last request the log disk
                 completed before the completion worker ran)
  hop_complete   completed -> dm-atomic's completion worker starts
  complete       the completion worker runs (index, the list's bios ended)
  to_next        the completion worker ends -> the next list's first bio (the writer
                 wakes, returns, fdatasync if it makes one, builds its next list)

and the median and mean of each are printed in microseconds, with the number of write-back
passes and their mean time.  The cut needs the two workers: by default dm-atomic builds a
lone writer's commit in the writer's context and acknowledges it in the log write's
completion, so set its module parameters inline_submit and inline_ack to N first.  Meant for one writer: with several, lists interleave and the
cut is meaningless.  Tracing costs time too: compare phases with each other, not with
untraced rates.

Exit status: 0 printed, 1 no complete list in the trace, 2 usage or setup error.
"""
import bisect
import os
import re
import statistics
import subprocess
import sys

EVENTS = ["workqueue/workqueue_execute_start", "workqueue/workqueue_execute_end",
          "block/block_bio_queue", "block/block_rq_issue", "block/block_rq_complete"]
PHASES = ["hop_commit", "build", "log_device", "hop_complete", "complete", "to_next", "total"]
LINE = re.compile(r"^\s*(.+?)-(\d+)\s+\[(\d+)\]\s+\S+\s+([\d.]+): (\w+): (.*)$")


def usage(msg):
    sys.stderr.write("dma-bench-phases: %s\nTry 'dma-bench-phases --help'.\n" % msg)
    sys.exit(2)


def parse_devno(s, what):
    m = re.match(r"^(\d+)[:,](\d+)$", s or "")
    if not m:
        usage("%s: '%s' is not MAJ:MIN" % (what, s))
    return "%s,%s" % m.groups()


def devno_of(path, what):
    try:
        st = os.stat(path)
    except OSError as e:
        usage("%s: %s: %s" % (what, path, e.strerror))
    if not (st.st_mode & 0o170000) == 0o060000:
        usage("%s: %s is not a block device" % (what, path))
    return "%d,%d" % (os.major(st.st_rdev), os.minor(st.st_rdev))


def after(times, t):
    """The first of the sorted times at or after t, or None."""
    i = bisect.bisect_left(times, t)
    return times[i] if i < len(times) else None


def analyze(lines, dm, log, gap_us):
    starts, cstart, complete_s, complete_e, issue, done = [], [], [], [], [], []
    log_done = []	# every request the log disk completed, flushes too
    wb, wb_start, pending, last_q, nev = [], None, {}, None, 0
    for line in lines:
        m = LINE.match(line)
        if not m:
            continue
        nev += 1
        t, name, d = float(m.group(4)) * 1e6, m.group(5), m.group(6)
        f = d.split()
        # Writes with data (an empty flush, "+ 0", is the writer's fdatasync, not a list).
        if name == "block_bio_queue" and len(f) > 4 and f[0] == dm and "W" in f[1] \
                and f[4] != "0":
            if last_q is None or t - last_q > gap_us:
                starts.append(t)
            last_q = t
        elif name in ("workqueue_execute_start", "workqueue_execute_end"):
            fn = d.split("function ")[-1].split()[0] if "function " in d else ""
            begin = name.endswith("start")
            if fn == "commit_work_fn" and begin:
                cstart.append(t)
            elif fn == "complete_work_fn":
                (complete_s if begin else complete_e).append(t)
            elif fn == "writeback_work_fn":
                if begin:
                    wb_start = t
                elif wb_start is not None:
                    wb.append(t - wb_start)
                    wb_start = None
        elif name == "block_rq_issue" and len(f) > 4 and f[0] == log and "W" in f[1] \
                and f[2].isdigit() and int(f[2]) > 0:
            issue.append(t)
            pending[f[4]] = t
        elif name == "block_rq_complete" and f and f[0] == log:
            log_done.append(t)
            if len(f) > 3 and f[3] in pending:
                pending.pop(f[3])
                done.append(t)
    ph = {p: [] for p in PHASES}
    for s, s2 in zip(starts, starts[1:]):
        c0 = after(cstart, s)
        l0 = after(issue, c0) if c0 is not None else None
        l1 = after(done, l0) if l0 is not None else None
        d0 = after(complete_s, l1) if l1 is not None else None
        d1 = after(complete_e, d0) if d0 is not None else None
        if d1 is None or d1 > s2:
            continue
        # A FUA write on a disk without FUA completes after its flush: the log write
        # ends with the last request the log disk completed before the worker ran.
        i = bisect.bisect_right(log_done, d0)
        if i and log_done[i - 1] > l1:
            l1 = log_done[i - 1]
        for p, v in zip(PHASES, (c0 - s, l0 - c0, l1 - l0, d0 - l1, d1 - d0, s2 - d1, s2 - s)):
            ph[p].append(v)
    return nev, len(starts), ph, wb


def report(nev, nlists, ph, wb):
    n = len(ph["total"])
    print("trace: %d events, %d lists, %d with their whole cycle" % (nev, nlists, n))
    if not n:
        sys.stderr.write("dma-bench-phases: no list with its whole cycle in the trace "
                         "(wrong --dm/--log, or no dm-atomic list written?)\n")
        return 1
    print("%-14s %10s %10s" % ("phase", "median us", "mean us"))
    for p in PHASES:
        print("%-14s %10.0f %10.0f" % (p, statistics.median(ph[p]), statistics.mean(ph[p])))
    if wb:
        print("write-back passes: %d, mean %.0f us" % (len(wb), statistics.mean(wb)))
    else:
        print("write-back passes: 0")
    return 0


def options(args):
    o = {"dm": None, "log": None, "gap": 80.0}
    rest = []
    while args:
        a = args.pop(0)
        if a == "--":
            return o, rest, args
        if a in ("--dm", "--log", "--gap-us"):
            if not args:
                usage("%s: missing value" % a)
            v = args.pop(0)
            if a == "--gap-us":
                try:
                    o["gap"] = float(v)
                except ValueError:
                    usage("--gap-us: '%s' is not a number" % v)
                if not o["gap"] > 0:
                    usage("--gap-us: '%s' is not positive" % v)
            else:
                o[a[2:]] = v
        elif a.startswith("-"):
            usage("unknown option '%s'" % a)
        else:
            rest.append(a)
    return o, rest, None


def tracefs():
    for d in ("/sys/kernel/tracing", "/sys/kernel/debug/tracing"):
        if os.path.exists(os.path.join(d, "trace")):
            return d
    subprocess.run(["mount", "-t", "tracefs", "tracefs", "/sys/kernel/tracing"],
                   check=False, stderr=subprocess.DEVNULL)
    if os.path.exists("/sys/kernel/tracing/trace"):
        return "/sys/kernel/tracing"
    usage("no tracefs (mount -t tracefs tracefs /sys/kernel/tracing)")


def put(path, value):
    with open(path, "w") as f:
        f.write(value)


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    cmd, args = argv[1], argv[2:]
    if cmd == "analyze":
        o, rest, _ = options(args)
        if len(rest) != 1:
            usage("analyze: one TRACE file")
        dm, log = parse_devno(o["dm"], "--dm"), parse_devno(o["log"], "--log")
        try:
            with open(rest[0]) as f:
                lines = f.readlines()
        except OSError as e:
            usage("%s: %s" % (rest[0], e.strerror))
        return report(*analyze(lines, dm, log, o["gap"]))
    if cmd == "run":
        o, rest, command = options(args)
        if rest or not command:
            usage("run: options, then -- and the command to trace")
        if not o["dm"] or not o["log"]:
            usage("run: --dm DEV and --log DEV are needed")
        dm, log = devno_of(o["dm"], "--dm"), devno_of(o["log"], "--log")
        t = tracefs()
        # One clock for every CPU: the writer and the workers run on different vCPUs.
        with open(os.path.join(t, "trace_clock")) as f:
            clock = re.search(r"\[(\w+)\]", f.read()).group(1)
        put(os.path.join(t, "trace_clock"), "global")
        put(os.path.join(t, "tracing_on"), "0")
        put(os.path.join(t, "trace"), "")
        put(os.path.join(t, "buffer_size_kb"), "16384")
        for e in EVENTS:
            put(os.path.join(t, "events", e, "enable"), "1")
        put(os.path.join(t, "tracing_on"), "1")
        try:
            rc = subprocess.run(command).returncode
        finally:
            put(os.path.join(t, "tracing_on"), "0")
            for e in EVENTS:
                put(os.path.join(t, "events", e, "enable"), "0")
        with open(os.path.join(t, "trace")) as f:
            lines = f.readlines()
        lost = 0
        for c in os.listdir(os.path.join(t, "per_cpu")):
            with open(os.path.join(t, "per_cpu", c, "stats")) as f:
                m = re.search(r"^overrun: (\d+)", f.read(), re.M)
                lost += int(m.group(1)) if m else 0
        put(os.path.join(t, "trace"), "")
        put(os.path.join(t, "trace_clock"), clock)
        if lost:
            sys.stderr.write("dma-bench-phases: %d events lost (trace buffer full): "
                             "trace a shorter command\n" % lost)
        if rc:
            sys.stderr.write("dma-bench-phases: the command exited with %d\n" % rc)
        return report(*analyze(lines, dm, log, o["gap"])) or (1 if rc else 0)
    usage("unknown command '%s' (run or analyze)" % cmd)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
