Damage in the middle of the log.  When the scan of a log stops at a damaged transaction and a
valid later one records it as durable (its durable_seq), the log does not end at its last
commit: acknowledged transactions lie beyond the damage.  Activation then refuses, with its
reason, and writes nothing; replaying up to the damage and moving the tail past everything
after it would lose them silently.  A torn transaction followed by one that was in flight
with it (nothing acknowledged after the tear) is a legal crash state and replays as before.
The logs are made by dma-craft on a file, then copied onto the metadata disk.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 2
  $ _require_dm_atomic
  $ SZ=$(_sectors $SCRATCH0)
  $ cd /tmp
  $ craft() {
  >   dma-craft format m.img 1024 $SZ && dma-craft txn m.img 0+8 >/dev/null &&
  >   dma-craft txn m.img 100+9 >/dev/null && dma-craft txn $1 m.img 1016+8 >/dev/null &&
  >   dma-craft flip m.img $2 $3 && dd if=m.img of=$SCRATCH1 bs=4096 oflag=direct status=none
  > }
  $ sums() { { head -c 4198400 $SCRATCH1; head -c 1M $SCRATCH0; tail -c 8192 $SCRATCH0; } | sha256sum | cut -c1-16; }
  $ try() {
  >   dmesg -C; before=$(sums)
  >   if dmsetup create dma-x --table "0 $SZ atomic $SCRATCH0 $SCRATCH1" 2>/dev/null; then
  >     echo "accepted: $(dmsetup message dma-x 0 stats | grep -E '^replayed_txns=')"; dmsetup remove dma-x; return
  >   fi
  >   dmesg | sed -n 's/.*device-mapper: table: [0-9]*:[0-9]*: atomic: //p'
  >   dmesg | grep -o 'log damaged: .*' | sed 's/ at log block [0-9]*//g'
  >   [ "$(sums)" = "$before" ] && echo "nothing written"
  > }

Transaction 2's data is damaged (a flipped byte); transaction 3 says 2 was durable.

  $ craft "--durable-seq 3" 4 100
  $ dma-check -q $SCRATCH1 >/dev/null 2>&1; echo "dma-check: $?"
  dma-check: 7
  $ try
  Log damaged: acknowledged transactions lie beyond a damaged one (see dma-check) (-EUCLEAN)
  log damaged: the scan stops at transaction 2 (data checksum mismatch), but transaction 3 records it as durable; not activating (see dma-check)
  nothing written

Transaction 2's descriptor is damaged instead (its magic): the same.

  $ craft "--durable-seq 3" 2 4
  $ try
  Log damaged: acknowledged transactions lie beyond a damaged one (see dma-check) (-EUCLEAN)
  log damaged: the scan stops at transaction 2 (bad magic), but transaction 3 records it as durable; not activating (see dma-check)
  nothing written

Transaction 3 does not record 2 as durable: it was in flight with the torn 2, and recovery
replays transaction 1 only, as after any crash during a commit.

  $ craft "" 4 100
  $ dma-check -q $SCRATCH1 >/dev/null 2>&1; echo "dma-check: $?"
  dma-check: 0
  $ try
  accepted: replayed_txns=1
