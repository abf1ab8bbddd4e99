O_ATOMIC (040000000) at open time: it needs O_DIRECT and a block device, it stays visible in
fcntl(F_GETFL) so a program can tell the kernel honoured it, and O_DIRECT cannot be dropped
from an O_ATOMIC file.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 1
  $ A="python3 $TESTDIR/block-atomic.py"

Without O_DIRECT open() fails with EINVAL; with it, it succeeds (even on a device that
cannot write atomically: that is reported by the writes).

  $ $A open $SCRATCH0 atomic
  EINVAL
  [1]
  $ $A open $SCRATCH0 atomic direct
  ok
  $ $A open $SCRATCH0 direct
  ok

F_GETFL reports O_ATOMIC next to O_DIRECT.

  $ $A getfl $SCRATCH0
  O_ATOMIC O_DIRECT

F_SETFL may not clear O_DIRECT while O_ATOMIC is set.

  $ $A setfl-nodirect $SCRATCH0
  EINVAL
  [1]

Only block devices take O_ATOMIC: a regular file on ext4, which supports O_DIRECT, fails with
EINVAL rather than silently writing non-atomically.

  $ mkfs.ext4 -q -F $SCRATCH0 && mkdir -p /mnt/blk && mount $SCRATCH0 /mnt/blk && truncate -s 1M /mnt/blk/file
  $ $A open /mnt/blk/file direct
  ok
  $ $A open /mnt/blk/file atomic direct
  EINVAL
  [1]

O_CREAT with O_ATOMIC never creates a file (a new file cannot be a block device): open()
fails with EINVAL before anything is created, on ext4 and on tmpfs.  An existing block device
still opens with O_CREAT.

  $ $A open /mnt/blk/new creat atomic direct
  EINVAL
  [1]
  $ ls /mnt/blk
  file
  lost+found
  $ umount /mnt/blk
  $ mkdir -p /tmp/ocreat && mount -t tmpfs tmpfs /tmp/ocreat
  $ $A open /tmp/ocreat/new creat atomic direct
  EINVAL
  [1]
  $ ls /tmp/ocreat | wc -l
  0
  $ umount /tmp/ocreat
  $ $A open $SCRATCH0 creat atomic direct
  ok

The check comes before the file's own open method runs, which may do things of its own: a
FIFO opened for reading with O_ATOMIC fails at once with EINVAL, where its open method would
first wait for a writer.

  $ mkfifo /tmp/atomic-fifo
  $ timeout 5 $A open /tmp/atomic-fifo rdonly atomic direct; echo "exit $?"
  EINVAL
  exit 1
  $ rm /tmp/atomic-fifo

A write on an O_ATOMIC descriptor without O_DIRECT cannot happen, so the nodirect variant of
the write helper fails at open.

  $ $A write $SCRATCH0 0 4096 1 nodirect
  EINVAL
  [1]
