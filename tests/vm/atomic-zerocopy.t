Zero-copy logging (feature argument zero_copy_bytes): a list of at least that many bytes
goes to the log from the writer's own pages, without data checksums, followed by a commit
record once its data is durable, and is written in place before it is acknowledged.  Lists
below the threshold, and lists over logged data not yet retired, are copied as before.
Recovery replays zero-copy transactions whose commit record is valid and stops at the first
whose record is missing.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ . "$TESTDIR/atomic-lib.sh"
  $ _require_lists
  $ D=131072 M=131080
  $ dd if=/dev/zero of=$SCRATCH0 bs=1M count=64 oflag=direct status=none
  $ dd if=/dev/zero of=$SCRATCH1 bs=4096 count=1 oflag=direct status=none
  $ dmsetup create zc-d --table "0 $D delay $SCRATCH0 0 0 $SCRATCH0 0 3000"
  $ dmsetup create zc-m --table "0 $M linear $SCRATCH1 0"
  $ dmsetup create zc --table "0 $D atomic /dev/mapper/zc-d /dev/mapper/zc-m 4 zero_copy_bytes 65536 writeback_delay_ms 60000"
  $ dmsetup table zc | cut -d' ' -f6-
  4 zero_copy_bytes 65536 writeback_delay_ms 60000
  $ rd() { dd if=$1 bs=4096 skip=$2 count=$3 iflag=direct status=none; }

The data device delays writes (and flushes) by 3 s for a while and write-back waits a minute
(or an explicit checkpoint), so that what is logged stays unretired while the next steps
look at it, however slow the kernel (a debug kernel under emulation), and what is in place when a write is
acknowledged was not put there by a write-back.

A 1 MiB atomic write is zero-copy: it is on the data device as soon as it is
acknowledged, and reads back through the target.

  $ head -c 1M /dev/urandom > /tmp/zc.1
  $ _dma_write /tmp/zc.1 /dev/mapper/zc 1048576
  $ _dma_stat zc zero_copy_txns
  1
  $ rd /dev/mapper/zc-d 256 256 | cmp - /tmp/zc.1 && echo "in place"
  in place
  $ rd /dev/mapper/zc 256 256 | cmp - /tmp/zc.1 && echo "reads back"
  reads back

A 32 KiB write is below the threshold: copied, and on the data device only after the
write-back.
  $ head -c 32K /dev/urandom > /tmp/zc.2
  $ _dma_write /tmp/zc.2 /dev/mapper/zc 4194304
  $ _dma_stat zc zero_copy_txns
  1
  $ rd /dev/mapper/zc-d 1024 8 | cmp -s - /tmp/zc.2 || echo "not in place yet"
  not in place yet
  $ rd /dev/mapper/zc 1024 8 | cmp - /tmp/zc.2 && echo "reads back from the log"
  reads back from the log

A 1 MiB list over those 32 KiB, still in the log, is copied (zero-copy would let their
write-back land over it); one beside them is zero-copy.

  $ head -c 1M /dev/urandom > /tmp/zc.3
  $ _dma_write /tmp/zc.3 /dev/mapper/zc 4194304
  $ _dma_stat zc zero_copy_txns
  1
  $ _dma_write /tmp/zc.3 /dev/mapper/zc 8388608
  $ _dma_stat zc zero_copy_txns
  2
  $ rd /dev/mapper/zc 1024 256 | cmp - /tmp/zc.3 && rd /dev/mapper/zc 2048 256 | cmp - /tmp/zc.3 && echo "both read back"
  both read back

A plain write over zero-copy data not yet retired is logged (a replay of the list must not
land over it), and wins.

  $ w0=$(_dma_stat zc plain_writes_logged)
  $ head -c 4096 /dev/urandom > /tmp/zc.4
  $ dd if=/tmp/zc.4 of=/dev/mapper/zc bs=4096 seek=2048 oflag=direct status=none
  $ echo $(($(_dma_stat zc plain_writes_logged) - w0))
  1
  $ rd /dev/mapper/zc 2048 1 | cmp - /tmp/zc.4 && echo "the plain write reads back"
  the plain write reads back
  $ dmsetup suspend zc-d; dmsetup load zc-d --table "0 $D linear $SCRATCH0 0"; dmsetup resume zc-d
  $ dmsetup message zc 0 checkpoint | cut -d: -f1
  checkpoint done
  $ rd /dev/mapper/zc-d 2048 1 | cmp - /tmp/zc.4 && rd /dev/mapper/zc-d 1024 256 | cmp - /tmp/zc.3 && echo "data device holds the newest data"
  data device holds the newest data

The module parameter zero_copy=N copies every list (for comparisons).

  $ echo N > /sys/module/dm_atomic/parameters/zero_copy
  $ _dma_write /tmp/zc.1 /dev/mapper/zc 16777216
  $ _dma_stat zc zero_copy_txns
  2
  $ echo Y > /sys/module/dm_atomic/parameters/zero_copy

The rest with write-back's default delay (a reload; its suspend writes the log back).

  $ dmsetup reload zc --table "0 $D atomic /dev/mapper/zc-d /dev/mapper/zc-m 2 zero_copy_bytes 65536"
  $ dmsetup suspend zc; dmsetup resume zc

Recovery.  The data device and the superblock drop every write while lists of up to 8
segments of up to 128 KiB are logged (many zero-copy, some copied: below the threshold or
over logged data), so only the replay can put them on the data device.

  $ dmsetup message zc 0 checkpoint >/dev/null
  $ md5() { dd if=$1 bs=1M count=64 iflag=direct status=none | md5sum; }
  $ ex() {  # TARGET SEED GENERATION OPS [--emulate]
  >   dma-exercise -j /tmp/zc-j -m ioctl -n $4 -S $2 -g $3 -r 0+8192 --max-segs 8 --max-blocks 32 $5 $1 >/dev/null || echo "exercise on $1 failed"
  > }
  $ rm -f /tmp/zc-ref; dd if=$SCRATCH0 of=/tmp/zc-ref bs=1M count=64 status=none
  $ dmsetup suspend zc-d; dmsetup load zc-d --table "0 $D flakey $SCRATCH0 0 0 1 1 drop_writes"; dmsetup resume zc-d
  $ printf '0 8 flakey %s 0 0 1 1 drop_writes\n8 %s linear %s 8\n' $SCRATCH1 $((M - 8)) $SCRATCH1 | dmsetup load zc-m
  $ dmsetup suspend zc-m; dmsetup resume zc-m
  $ c0=$(_dma_stat zc txns_committed) z0=$(_dma_stat zc zero_copy_txns)
  $ ex /dev/mapper/zc 5 75 120

The last transaction is a zero-copy one (a list of 256 KiB beyond the exercise's 32 MiB):
which of the exercise's lists go zero-copy depends on what write-back has retired by then.

  $ head -c 256K /dev/urandom > /tmp/zc.5
  $ _dma_write /tmp/zc.5 /dev/mapper/zc $((48 << 20))
  $ n=$(($(_dma_stat zc txns_committed) - c0)) z=$(($(_dma_stat zc zero_copy_txns) - z0))
  $ [ $z -gt 10 ] && [ $z -lt $n ] && echo "zero-copy and copied transactions" || echo "zero-copy $z of $n"
  zero-copy and copied transactions
  $ dmsetup remove zc
  $ dmsetup suspend zc-d; dmsetup load zc-d --table "0 $D linear $SCRATCH0 0"; dmsetup resume zc-d
  $ dmsetup suspend zc-m; dmsetup load zc-m --table "0 $M linear $SCRATCH1 0"; dmsetup resume zc-m

The superblock says the log may hold commit records (code that does not know them refuses it).

  $ dma-dump /dev/mapper/zc-m | grep -o "incompat 0x1 (commit_records: zero-copy transactions)"
  incompat 0x1 (commit_records: zero-copy transactions)
  $ ex /tmp/zc-ref 5 75 120 --emulate
  $ dd if=/tmp/zc.5 of=/tmp/zc-ref bs=1M seek=48 conv=notrunc status=none
  $ dma-dump /dev/mapper/zc-m | grep '^txn seq' | tail -1 | grep -c 'commit record at log block'
  1
  $ ref=$(md5sum </tmp/zc-ref)
  $ [ "$(md5 $SCRATCH0)" != "$ref" ] && echo "data device differs from the expected image before the replay"
  data device differs from the expected image before the replay
  $ [ "$(dma-dump /dev/mapper/zc-m | grep -c 'commit record at log block')" = "$z" ] && echo "every zero-copy transaction has its commit record"
  every zero-copy transaction has its commit record

A torn zero-copy transaction: the commit record of the last one is overwritten, as if the
crash came before it was written.  The replay stops there; what came before it is replayed.

  $ dd if=/dev/mapper/zc-m of=/tmp/zc-meta bs=1M count=65 status=none
  $ last=$(dma-dump /dev/mapper/zc-m | grep 'commit record at log block' | tail -1)
  $ lseq=$(echo "$last" | sed 's/^txn seq \([0-9]*\) .*/\1/') lblk=$(echo "$last" | sed 's/.*commit record at log block \([0-9]*\) .*/\1/')
  $ dd if=/dev/zero of=/dev/mapper/zc-m bs=4096 seek=$((lblk + 1)) count=1 conv=notrunc oflag=direct status=none
  $ dma-check /dev/mapper/zc-m | grep -o "no commit record (torn zero-copy transaction)" | head -1
  no commit record (torn zero-copy transaction)
  $ dmsetup create zc --table "0 $D atomic /dev/mapper/zc-d /dev/mapper/zc-m 4 zero_copy_bytes 65536 writeback_delay_ms 60000"
  $ _dma_stat zc replay_end
  no commit record (torn zero-copy transaction)
  $ r=$(_dma_stat zc replayed_txns); first=$(dma-dump /tmp/zc-meta | sed -n 's/^txn seq \([0-9]*\) .*/\1/p' | head -1)
  $ [ "$r" = "$((lseq - first))" ] && echo "replayed every transaction before the torn one"
  replayed every transaction before the torn one
  $ dmsetup remove zc

The same log with its record back replays all of it and gives the expected image.

  $ dd if=/tmp/zc-meta of=/dev/mapper/zc-m bs=1M count=65 conv=notrunc oflag=direct status=none
  $ dmsetup create zc --table "0 $D atomic /dev/mapper/zc-d /dev/mapper/zc-m 4 zero_copy_bytes 65536 writeback_delay_ms 60000"
  $ [ "$(_dma_stat zc replayed_txns)" = "$n" ] && echo "every transaction replayed"
  every transaction replayed
  $ dmsetup remove zc
  $ [ "$(md5 $SCRATCH0)" = "$ref" ] && echo "data device holds the expected image" || echo "data device differs"
  data device holds the expected image
  $ dmsetup remove zc-d zc-m
