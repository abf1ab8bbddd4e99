dm-atomic-setup close: afterwards the data device alone holds the data, as the help and
the docs say ("its log is written back first").  A suspend does that by itself, but not
with no_suspend_writeback (the log is kept), nor in fail mode; so close writes the log back
with the checkpoint message first, suspends, and removes the device only when its log is
empty, or refuses (2) and leaves it as it was, unless --keep-log.  dmsetup is a stand-in
(tests/host/dmsetup-stub: the target's suspend and checkpoint rules; nothing reaches
device-mapper); it records how many log blocks a removed device left in
$STUB/removed-NAME.

  $ cd "$CRAMTMP"
  $ export STUB=$CRAMTMP/stub; mkdir -p $STUB/bin $STUB/dev; export PATH=$STUB/bin:$PATH
  $ cp $TESTDIR/dmsetup-stub $STUB/bin/dmsetup
  $ mkdev() { mkdir $STUB/dev/$1; echo "0 1048576 atomic 60:1 60:2 $2" >$STUB/dev/$1/table; echo $3 >$STUB/dev/$1/used; echo ${4:-rw} >$STUB/dev/$1/mode; }
  $ calls() { grep -v ' info \| table \| status ' $STUB/calls | sed 's/ --noudevsync//'; : >$STUB/calls; }

Default features: the suspend writes the log back.

  $ mkdev db "" 5
  $ dm-atomic-setup close db; cat $STUB/removed-db
  0
  $ calls
  dmsetup suspend db
  dmsetup remove db

no_suspend_writeback: the suspend keeps the log, so close sends checkpoint first.

  $ mkdev nsw "1 no_suspend_writeback" 5
  $ dm-atomic-setup close nsw; cat $STUB/removed-nsw
  0
  $ calls
  dmsetup message nsw 0 checkpoint
  dmsetup suspend nsw
  dmsetup remove nsw

A write between the checkpoint and the suspend: the log is not empty once suspended; the
device is resumed and the checkpoint sent again.

  $ mkdev late "1 no_suspend_writeback" 5; echo 3 >$STUB/dev/late/late
  $ dm-atomic-setup close late; cat $STUB/removed-late
  0
  $ calls
  dmsetup message late 0 checkpoint
  dmsetup suspend late
  dmsetup resume late
  dmsetup message late 0 checkpoint
  dmsetup suspend late
  dmsetup remove late

Fail mode (an I/O error): the log cannot be written back.  Refused, and the device is left
active (resumed) as it was; --keep-log removes it all the same and says what the log keeps.

  $ mkdev f "1 no_suspend_writeback" 5 Fail
  $ dm-atomic-setup close f
  dm-atomic-setup: f: its log still holds 5 blocks the data device lacks (the device is in fail mode (an I/O error); the log keeps what could not be written back): not closed; --keep-log closes it anyway (the log is kept and the next open replays it; the data device alone is then not up to date)
  [2]
  $ ls $STUB/dev/f; calls
  mode
  table
  used
  dmsetup message f 0 checkpoint
  dmsetup suspend f
  dmsetup resume f
  $ mkdev f2 "" 4 Fail
  $ dm-atomic-setup close f2
  dm-atomic-setup: f2: its log still holds 4 blocks the data device lacks (the device is in fail mode (an I/O error); the log keeps what could not be written back): not closed; --keep-log closes it anyway (the log is kept and the next open replays it; the data device alone is then not up to date)
  [2]
  $ dm-atomic-setup --keep-log close f; cat $STUB/removed-f
  dm-atomic-setup: f: closed with 5 blocks in its log (--keep-log): the next open replays them
  5
  $ calls
  dmsetup suspend f2
  dmsetup resume f2
  dmsetup suspend f
  dmsetup remove f

--keep-log on a healthy no_suspend_writeback device: no checkpoint, the log stays.

  $ mkdev k "1 no_suspend_writeback" 7
  $ dm-atomic-setup close k --keep-log; cat $STUB/removed-k
  dm-atomic-setup: k: closed with 7 blocks in its log (--keep-log): the next open replays them
  7

A read-only device writes nothing, so what its log holds was there before it opened: it
is closed and the log named.

  $ mkdev ro "1 read_only" 6 ro
  $ dm-atomic-setup close ro; cat $STUB/removed-ro
  dm-atomic-setup: ro: closed; its log holds 6 blocks (read-only: not written back): the next read-write open replays them
  6

A device someone suspended is left suspended: close refuses (2) and sends nothing (a resume
would let I/O through that the suspender held back).

  $ mkdev s "1 no_suspend_writeback" 5; : >$STUB/dev/s/suspended; : >$STUB/calls
  $ dm-atomic-setup close s
  dm-atomic-setup: s is suspended: resume it first (close writes its log back while it is active)
  [2]
  $ ls $STUB/dev/s/suspended; calls
  */stub/dev/s/suspended (glob)

In use: refused before anything is sent (5).  Not a dm-atomic device (2), none (4).

  $ mkdev busy "" 2; echo 1 >$STUB/dev/busy/open; : >$STUB/calls
  $ dm-atomic-setup close busy
  dm-atomic-setup: busy: in use (open 1 times): unmount it or close what holds it first
  [5]
  $ calls
  $ mkdir $STUB/dev/lin; echo '0 8 linear 60:3 0' >$STUB/dev/lin/table
  $ dm-atomic-setup close lin
  dm-atomic-setup: lin is not a dm-atomic device
  [2]
  $ dm-atomic-setup close nosuch
  dm-atomic-setup: no device named nosuch
  [4]

close-tab closes the same way, and passes --keep-log on.

  $ printf 'a /dev/x /dev/y no-suspend-writeback\nb /dev/z /dev/w\n' >tab
  $ mkdev a "1 no_suspend_writeback" 5 Fail; mkdev b "" 3
  $ dm-atomic-setup --tab tab close-tab
  dm-atomic-setup: a: its log still holds 5 blocks the data device lacks (the device is in fail mode (an I/O error); the log keeps what could not be written back): not closed; --keep-log closes it anyway (the log is kept and the next open replays it; the data device alone is then not up to date)
  [2]
  $ ls $STUB/dev
  a
  busy
  f2
  lin
  s
  $ dm-atomic-setup --tab tab --keep-log close-tab
  dm-atomic-setup: a: closed with 5 blocks in its log (--keep-log): the next open replays them
  $ ls $STUB/dev
  busy
  f2
  lin
  s
