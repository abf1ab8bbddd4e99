Ordinary writes with REQ_PREFLUSH through DM, on the atomic-list series: ext4 journal commits
on dm-linear are writes with data and a preflush, which DM core splits into an empty flush and
then resubmits the data.  The series added the atomic-list case to that completion path; it
must not look at the finished dm_io after freeing it (the debug kernel's KASAN reports that as
a use-after-free; the lean kernel cannot see it).  Many small fsyncs, every one acknowledged,
the data intact and the file system clean.

  $ . "$TESTDIR/lib.sh"
  $ _require_scratch 1
  $ d=$(basename $(readlink -f $SCRATCH0))
  $ cat /sys/block/$d/queue/write_cache
  write back
  $ dmsetup create baf-lin --table "0 $(_sectors $SCRATCH0) linear $SCRATCH0 0"
  $ cat /sys/dev/block/$(_majmin /dev/mapper/baf-lin)/queue/write_cache
  write back
  $ mkfs.ext4 -q -F /dev/mapper/baf-lin && mkdir -p /mnt/baf && mount /dev/mapper/baf-lin /mnt/baf
  $ flushes() { awk '{ print $16 }' /sys/block/$d/stat; }
  $ f0=$(flushes)

300 appends of 4 KiB to four files, each followed by fsync (a journal commit: a preflush with
data through dm-linear).

  $ python3 - <<'PY'
  > import os, random
  > fds = [os.open("/mnt/baf/f%d" % i, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644) for i in range(4)]
  > r = random.Random(7)
  > for n in range(300):
  >     fd = fds[n % 4]
  >     os.write(fd, r.randbytes(4096))
  >     os.fsync(fd)
  > for fd in fds:
  >     os.close(fd)
  > print("done")
  > PY
  done
  $ [ $(( $(flushes) - f0 )) -ge 300 ] && echo "the disk below saw the flushes"
  the disk below saw the flushes

The data reads back after a remount (the page cache dropped), and fsck finds nothing wrong.

  $ umount /mnt/baf && mount /dev/mapper/baf-lin /mnt/baf
  $ python3 - <<'PY'
  > import random
  > r = random.Random(7)
  > want = [b"", b"", b"", b""]
  > for n in range(300):
  >     want[n % 4] += r.randbytes(4096)
  > print(all(open("/mnt/baf/f%d" % i, "rb").read() == want[i] for i in range(4)))
  > PY
  True
  $ umount /mnt/baf
  $ fsck.ext4 -n -f /dev/mapper/baf-lin >/dev/null 2>&1 && echo clean
  clean
  $ dmsetup remove baf-lin
