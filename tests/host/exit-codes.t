Exit codes: one convention for dm-atomic-setup and every dma-* tool, each class its own
code (man dm-atomic-setup, EXIT STATUS): 0 done, 1 usage error, 2 refused, 3 out of
memory, 4 not found, 5 in use, 6 I/O error, 7 damaged.

Each class is shown here on files, for every tool that has it.  rc prints a command's
status alone (its messages are checked by the other tests).

  $ cd "$CRAMTMP"
  $ rc() { "$@" >/dev/null 2>&1; echo "rc=$?"; }
  $ dma-craft format good 16 1024; cp good bad; printf x | dd of=bad bs=1 seek=100 conv=notrunc status=none
  $ truncate -s 512K data; truncate -s 1M zero; echo hello > text; truncate -s 1M text

Every tool's --help names the classes.

  $ for t in dma-format dma-check dma-dump dma-replay dma-exercise dma-verify dma-bench dm-atomic-setup; do
  >   $t --help | grep -c '1 usage error, 2 refused, 3 out of memory, 4 not found' | sed "s/^/$t /"
  > done
  dma-format 1
  dma-check 1
  dma-dump 1
  dma-replay 1
  dma-exercise 1
  dma-verify 1
  dma-bench 1
  dm-atomic-setup 1

1, usage: an unknown option, a missing argument, a bad number.

  $ rc dma-format --frob good; rc dma-check; rc dma-dump -Z good; rc dma-replay data
  rc=1
  rc=1
  rc=1
  rc=1
  $ rc dma-exercise -j j -n x zero; rc dma-verify zero; rc dma-bench --frob; rc dm-atomic-setup --frob size
  rc=1
  rc=1
  rc=1
  rc=1
  $ rc dm-atomic-setup check; rc dm-atomic-setup -L 12Q size
  rc=1
  rc=1

2, refused: what would destroy data or cannot be used here.

  $ rc dma-format -s 1024 text; rc dma-format -d data data; rc dma-format --force -d good good
  rc=2
  rc=2
  rc=2
  $ rc dma-exercise -j j --mode plain text; rc dma-bench path text zero
  rc=2
  rc=2
  $ cp good newer; dma-craft sb newer incompat=4
  $ rc dma-check newer; rc dma-dump newer; rc dma-replay data newer
  rc=2
  rc=2
  rc=2
  $ rc dm-atomic-setup format data text </dev/null; rc dm-atomic-setup -L 1M size
  rc=2
  rc=2

4, not found: no such file, or not a device or file.

  $ rc dma-check nonexistent; rc dma-dump .; rc dma-format -s 8 /dev/null; rc dma-replay data nonexistent
  rc=4
  rc=4
  rc=4
  rc=4
  $ rc dma-exercise -j j --mode plain nonexistent; rc dma-verify zero nonexistent
  rc=4
  rc=4
  $ rc dm-atomic-setup check nonexistent; rc dm-atomic-setup dump .
  rc=4
  rc=4

5, in use: a block device opened exclusively elsewhere (the tools open block devices
with O_EXCL; files have no such lock, so tests/vm/setup-tool.t shows it for the tools), and
for dm-atomic-setup a device name that exists.  Here dmsetup is a stand-in that knows one
device, db (nothing reaches device-mapper).

  $ mkdir bin; printf '#!/bin/sh\n[ "$1" = info ] && [ "$2" = db ]\n' >bin/dmsetup; chmod +x bin/dmsetup
  $ mknod bd1 b 60 1; mknod bd2 b 60 2
  $ PATH=$PWD/bin:$PATH rc dm-atomic-setup open bd1 bd2 db
  rc=5

6, I/O error: here a write past the file size limit (ulimit -f), which fails with EFBIG
(SIGXFSZ, which would kill the tool, is ignored).

  $ (trap '' XFSZ; ulimit -f 1; rc dma-format -s 1024 zero; rc dma-exercise -j /dev/null --mode plain -n 1 zero)
  rc=6
  rc=6
  $ cp good m6; truncate -s 8M z8; (trap '' XFSZ; ulimit -f 1; rc dma-replay data m6; rc dm-atomic-setup -q format data z8)
  rc=6
  rc=6

7, damaged: metadata that is neither clean nor unformatted, a log no crash leaves, a torn
atomic write.

  $ rc dma-check bad; rc dma-dump bad; rc dma-replay data bad; rc dm-atomic-setup check bad; rc dm-atomic-setup dump bad
  rc=7
  rc=7
  rc=7
  rc=7
  rc=7
  $ cp good gap; dma-craft txn gap 0+8 >/dev/null; dma-craft txn --seq 7 gap 8+8 >/dev/null
  $ rc dma-check gap; rc dma-replay data gap
  rc=7
  rc=7
  $ truncate -s 1M t; echo 'ioctl 0+2 10+1' >s; dma-exercise -j j --emulate --script s t
  $ dd if=/dev/zero of=t bs=4096 seek=10 count=1 conv=notrunc status=none
  $ rc dma-verify t j
  rc=7

0: the same tools on good input.

  $ rc dma-check good; rc dma-dump good; rc dma-check zero; rc dma-replay data good; rc dm-atomic-setup check good
  rc=0
  rc=0
  rc=0
  rc=0
  rc=0
