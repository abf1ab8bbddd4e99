What a monitor sees when writers wait for a full log and when fail mode latches: stats'
waiting_for_space, the kernel log lines (a full log and its end, said at most once a minute;
fail mode), and the metrics of the node_exporter collector (tools/system/dm-atomic-textfile),
run here against the real dmsetup.  The data device is slowed down (dm-delay) and the log is
2 MiB (511 blocks), so 4 MiB of 64 KiB writes fill it.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ . "$TESTDIR/atomic-lib.sh"
  $ SZ=$(_sectors $SCRATCH0)
  $ tf() { sh /payload/system/dm-atomic-textfile --stdout | grep -E "^dm_atomic_($1)\{"; }
  $ dmsetup create dma-data --table "0 $SZ delay $SCRATCH0 0 0 $SCRATCH0 0 1500"
  $ dmsetup create dma-meta --table "0 4096 linear $SCRATCH1 0"
  $ dmsetup create dma --table "0 $SZ atomic /dev/mapper/dma-data /dev/mapper/dma-meta 5 max_segments 16 max_bytes 65536 all_writes_atomic"
  $ _dma_stat dma waiting_for_space
  0
  $ tf 'waiting_for_space|fail_mode|log_used_blocks|log_blocks|up'
  dm_atomic_up{name="dma"} 1
  dm_atomic_log_blocks{name="dma"} 511
  dm_atomic_log_used_blocks{name="dma"} 0
  dm_atomic_waiting_for_space{name="dma"} 0
  dm_atomic_fail_mode{name="dma"} 0
  $ dmesg -C
  $ _pattern 5 4194304 >/tmp/p
  $ dd if=/tmp/p of=/dev/mapper/dma bs=64k oflag=direct status=none &
  $ for i in $(seq 200); do [ "$(_dma_stat dma waiting_for_space)" = 1 ] && break; sleep 0.1; done; _dma_stat dma waiting_for_space
  1
  $ dmsetup status dma | awk '{ print $4, $10, $NF }'
  51[01]/511 above rw (re)
  $ tf 'waiting_for_space|fail_mode|above_high_watermark'
  dm_atomic_waiting_for_space{name="dma"} 1
  dm_atomic_above_high_watermark{name="dma"} 1
  dm_atomic_fail_mode{name="dma"} 0
  $ wait; dmsetup message dma 0 checkpoint >/dev/null; _dma_stat dma waiting_for_space
  0
  $ dmesg | grep -o 'atomic: [0-9:]*: \(log full\|write-back freed\).*' | sed 's/[0-9][0-9]*/N/g' | sort -u
  atomic: N:N: log full (N/N blocks used): writers wait for write-back
  atomic: N:N: write-back freed space after N ms: writers resume
  $ dmesg | grep -c 'log full'
  1
  $ head -c 4194304 /dev/mapper/dma | cmp - /tmp/p && echo "all 4 MiB read back"
  all 4 MiB read back

Fail mode: the metadata device fails under a write.

  $ dmsetup suspend dma-meta; dmsetup load dma-meta --table "0 4096 error"; dmsetup resume dma-meta
  $ dd if=/tmp/p of=/dev/mapper/dma bs=64k count=1 oflag=direct status=none 2>&1 | sed 's/.*: //'
  Input/output error
  $ dmsetup status dma | awk '{ print $NF }'; _dma_stat dma mode
  Fail
  Fail
  $ tf 'fail_mode|mode'
  dm_atomic_fail_mode{name="dma"} 1
  dm_atomic_mode{name="dma",mode="rw"} 0
  dm_atomic_mode{name="dma",mode="ro"} 0
  dm_atomic_mode{name="dma",mode="Fail"} 1
  $ dmesg | grep -o 'atomic: [0-9:]*: .*switching to fail mode.*' | sed 's/[0-9][0-9]*:[0-9][0-9]*/N:N/'
  atomic: N:N: log write failed (error -5): switching to fail mode; acknowledged data stays in the log
  $ dmsetup remove dma dma-data dma-meta
