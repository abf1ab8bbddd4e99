The node_exporter textfile collector (tools/system/dm-atomic-textfile) against a stand-in
dmsetup that prints status lines and stats of real devices (tests/host/textfile/: writers
waiting for a full log, fail mode, a zero-copy device with all_writes_atomic_from whose stats
do not answer, beside a
linear device): every field becomes a metric labelled with the device's name, the file is
valid Prometheus text format, and it is replaced whole.

  $ cd "$CRAMTMP"
  $ F=$TOP/tests/host/textfile; tf=$TOP/tools/system/dm-atomic-textfile
  $ mkdir bin; cat >bin/dmsetup <<'STUB'
  > #!/bin/sh
  > [ -n "${DMSETUP_FAIL:-}" ] && { echo "/dev/mapper/control: open failed: Permission denied" >&2; exit 1; }
  > case "$1" in
  > status) [ -n "${DMSETUP_NONE:-}" ] && { echo "No devices found"; exit 0; }
  >         for d in $DEVS; do printf '%s: ' $d; cat "$F/$d.status"; done
  >         echo "lin: 0 2048 linear 8:16 0" ;;
  > message) [ "$3 $4" = "0 stats" ] && [ -f "$F/$2.stats" ] || { echo "device-mapper: message ioctl on $2 failed: Invalid argument" >&2; exit 1; }
  >         cat "$F/$2.stats" ;;
  > *) echo "dmsetup stand-in: $1?" >&2; exit 1 ;;
  > esac
  > STUB
  $ chmod +x bin/dmsetup; export PATH=$PWD/bin:$PATH F DEVS="full fail zc"
  $ sh $tf --stdout >out.prom; echo $?
  0

The exposition format: every line a HELP, a TYPE or a sample `name{labels} value`; HELP and
TYPE once per family, before its samples; every sample of a family seen so declared; no
series twice.

  $ check() { awk '
  >   /^# HELP / { if (help[$3]++) print "HELP twice: " $3; next }
  >   /^# TYPE / { if (type[$3]++) print "TYPE twice: " $3; if ($4 !~ /^(gauge|counter)$/) print "type? " $0; if (done[$3]) print "TYPE after samples: " $3; next }
  >   /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\]|\\.)*",?)*\})? -?[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?$/ {
  >     m = $1; sub(/\{.*/, "", m); done[m] = 1
  >     if (!type[m] || !help[m]) print "no HELP/TYPE before: " $0
  >     if (m ~ /_total$/ && type[m] != 1) print "?"; if (seen[$1]++) print "series twice: " $1; n++; next }
  >   { print "bad line: " $0 }
  >   END { print n " samples" }' "$1"; }
  $ check out.prom
  148 samples
  $ grep -c '^# TYPE' out.prom
  56
  $ grep '^# TYPE .* counter' out.prom | awk '$3 !~ /_total$/' | grep -c .
  0
  [1]

Writers waiting for a full log (full), fail mode (fail), and the zero-copy device without
stats (zc): what a monitor watches.

  $ grep -E '^dm_atomic_(up|waiting_for_space|log_used_ratio|log_used_blocks|log_blocks|above_high_watermark|fail_mode|read_only|mode|stats_success|space_waits_total)\{' out.prom
  dm_atomic_up{name="full"} 1
  dm_atomic_up{name="fail"} 1
  dm_atomic_up{name="zc"} 1
  dm_atomic_log_blocks{name="full"} 511
  dm_atomic_log_blocks{name="fail"} 511
  dm_atomic_log_blocks{name="zc"} 1023
  dm_atomic_log_used_blocks{name="full"} 510
  dm_atomic_log_used_blocks{name="fail"} 17
  dm_atomic_log_used_blocks{name="zc"} 0
  dm_atomic_log_used_ratio{name="full"} 0.998043
  dm_atomic_log_used_ratio{name="fail"} 0.0332681
  dm_atomic_log_used_ratio{name="zc"} 0
  dm_atomic_waiting_for_space{name="full"} 1
  dm_atomic_waiting_for_space{name="fail"} 0
  dm_atomic_above_high_watermark{name="full"} 1
  dm_atomic_above_high_watermark{name="fail"} 0
  dm_atomic_above_high_watermark{name="zc"} 0
  dm_atomic_fail_mode{name="full"} 0
  dm_atomic_fail_mode{name="fail"} 1
  dm_atomic_fail_mode{name="zc"} 0
  dm_atomic_read_only{name="full"} 0
  dm_atomic_read_only{name="fail"} 0
  dm_atomic_read_only{name="zc"} 0
  dm_atomic_mode{name="full",mode="rw"} 1
  dm_atomic_mode{name="full",mode="ro"} 0
  dm_atomic_mode{name="full",mode="Fail"} 0
  dm_atomic_mode{name="fail",mode="rw"} 0
  dm_atomic_mode{name="fail",mode="ro"} 0
  dm_atomic_mode{name="fail",mode="Fail"} 1
  dm_atomic_mode{name="zc",mode="rw"} 1
  dm_atomic_mode{name="zc",mode="ro"} 0
  dm_atomic_mode{name="zc",mode="Fail"} 0
  dm_atomic_space_waits_total{name="full"} 1
  dm_atomic_space_waits_total{name="fail"} 3
  dm_atomic_stats_success{name="full"} 1
  dm_atomic_stats_success{name="fail"} 1
  dm_atomic_stats_success{name="zc"} 0
  $ grep -E '^dm_atomic_(feature|zero_copy_bytes|all_writes_atomic_from_bytes|max_bytes|commit_delay_seconds|writeback_delay_seconds|high_watermark_ratio|max_memory_bytes|replay_end)\{name="(full|zc)"' out.prom
  dm_atomic_replay_end{name="full",reason="formatted"} 1
  dm_atomic_max_memory_bytes{name="full"} 67108864
  dm_atomic_max_memory_bytes{name="zc"} 67108864
  dm_atomic_max_bytes{name="full"} 65536
  dm_atomic_max_bytes{name="zc"} 1048576
  dm_atomic_commit_delay_seconds{name="full"} 0
  dm_atomic_commit_delay_seconds{name="zc"} 0
  dm_atomic_writeback_delay_seconds{name="full"} 0.1
  dm_atomic_writeback_delay_seconds{name="zc"} 0.1
  dm_atomic_high_watermark_ratio{name="full"} 0.8
  dm_atomic_high_watermark_ratio{name="zc"} 0.8
  dm_atomic_zero_copy_bytes{name="full"} 0
  dm_atomic_zero_copy_bytes{name="zc"} 16384
  dm_atomic_all_writes_atomic_from_bytes{name="full"} 0
  dm_atomic_all_writes_atomic_from_bytes{name="zc"} 16384
  dm_atomic_feature{name="full",feature="no_suspend_writeback"} 0
  dm_atomic_feature{name="full",feature="no_discard_passdown"} 0
  dm_atomic_feature{name="full",feature="read_only"} 0
  dm_atomic_feature{name="full",feature="all_writes_atomic"} 1
  dm_atomic_feature{name="zc",feature="no_suspend_writeback"} 0
  dm_atomic_feature{name="zc",feature="no_discard_passdown"} 0
  dm_atomic_feature{name="zc",feature="read_only"} 0
  dm_atomic_feature{name="zc",feature="all_writes_atomic"} 0

Every field: each numeric key of stats has its metric (a counter KEY_total or a gauge KEY;
max_memory as max_memory_bytes), and each field of the status line too.

  $ for kv in $(cat $F/full.stats); do k=${kv%%=*}; case $k in mode|replay_end) continue ;; max_memory) k=max_memory_bytes ;; esac
  >   grep -qE "^dm_atomic_${k}(_total)?\{name=\"full\"\} ${kv#*=}\$" out.prom || echo "stats $kv: no metric"; done
  $ for m in log_used_blocks log_blocks txns_committed_total txns_written_back_total replayed_txns bios_logged_total writes_direct_total above_high_watermark max_segments max_bytes commit_delay_seconds high_watermark_ratio max_memory_bytes writeback_delay_seconds fail_mode; do
  >   grep -q "^dm_atomic_$m{name=\"fail\"}" out.prom || echo "$m: missing"; done
  $ grep -v '^#' out.prom | grep -v '{name="\(full\|fail\|zc\)"' | sed 's/_seconds [0-9]*$/_seconds N/'
  dm_atomic_collector_success 1
  dm_atomic_collector_last_run_timestamp_seconds N

A stats field this version does not know is exported all the same, as a gauge.

  $ { cat $F/full.stats; echo "new_counter=42"; } >new.stats; cp $F/full.status new.status
  $ F2=$PWD; mkdir f2; cp new.stats new.status f2/; F=$PWD/f2 DEVS=new sh $tf --stdout | grep -A2 'new_counter'
  # HELP dm_atomic_new_counter dm-atomic stats field new_counter (not known to this collector)
  # TYPE dm_atomic_new_counter gauge
  dm_atomic_new_counter{name="new"} 42

The file: written through a temporary file in its directory and renamed (mode 0644, nothing
left beside it); node_exporter reads only *.prom files, so other names are refused, as is a
directory that does not exist.

  $ mkdir tfd; sh $tf -o tfd/dm_atomic.prom; echo $?; ls tfd; stat -c %a tfd/dm_atomic.prom
  0
  dm_atomic.prom
  644
  $ grep -v timestamp tfd/dm_atomic.prom | cmp - <(grep -v timestamp out.prom) && echo "the same metrics"
  the same metrics
  $ sh $tf -o tfd/dm_atomic.txt
  dm-atomic-textfile: tfd/dm_atomic.txt: node_exporter reads only files ending in .prom
  [2]
  $ sh $tf -o nodir/x.prom
  dm-atomic-textfile: nodir: no such directory (node_exporter's --collector.textfile.directory)
  [2]
  $ sh $tf -o
  dm-atomic-textfile: -o needs a file name
  [2]
  $ sh $tf --frob
  dm-atomic-textfile: unknown argument '--frob'
  dm-atomic-textfile: try 'dm-atomic-textfile --help'
  [2]

No device: only the collector's own metrics.  dmsetup failing (not root, no device-mapper):
the file says so (collector_success 0, no device metrics left from before), the reason goes
to stderr, exit 1.  A status line it cannot read is named, the others still exported.

  $ DMSETUP_NONE=1 sh $tf --stdout | grep -v '^#'  | sed 's/_seconds [0-9]*$/_seconds N/'
  dm_atomic_collector_success 1
  dm_atomic_collector_last_run_timestamp_seconds N
  $ DMSETUP_FAIL=1 sh $tf -o tfd/dm_atomic.prom; echo $?
  dm-atomic-textfile: dmsetup status: /dev/mapper/control: open failed: Permission denied
  1
  $ grep -v '^#' tfd/dm_atomic.prom | sed 's/_seconds [0-9]*$/_seconds N/'; ls tfd
  dm_atomic_collector_success 0
  dm_atomic_collector_last_run_timestamp_seconds N
  dm_atomic.prom
  $ mkdir f3; cp $F/full.* f3/; echo "0 1048576 atomic 510/511 30 0 0 30 0 above 13 max_segments" >f3/cut.status
  $ F=$PWD/f3 DEVS="cut full" sh $tf --stdout >cut.prom; echo $?
  dm-atomic-textfile: cut: status line not understood: 0 1048576 atomic 510/511 30 0 0 30 0 above 13 max_segments
  1
  $ grep -E '^dm_atomic_(up|collector_success)' cut.prom
  dm_atomic_up{name="full"} 1
  dm_atomic_collector_success 0
