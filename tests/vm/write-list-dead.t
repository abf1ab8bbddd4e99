A write list that waits for a frozen queue fails with EIO as soon as the disk dies
(blk_mark_disk_dead(): a surprise removal, or DM destroying a device), as a plain write does,
instead of waiting until the disk is deleted (port of v2's block-atomic-dead.t, plan 6.4,
names only).  In v3 the list is one REQ_OP_WRITE_LIST bio (patch 26), so it waits in
bio_queue_enter() like any bio and is failed there.  The test module dma-testdead freezes
null_blk's queue, then marks its disk dead.

  $ . "$TESTDIR/lib.sh"
  $ W="python3 $TESTDIR/write-list.py"
  $ modinfo null_blk 2>/dev/null | grep -q '^parm: *write_list_segments' || _skip "null_blk without write_list_segments (v3 patch 27)"
  $ K=/payload/modules/dma-testdead.ko
  $ [ -f $K ] || _skip "dma-testdead.ko was not built"
  $ modprobe null_blk queue_mode=0 memory_backed=1 write_list_segments=4 bs=4096 gb=1 nr_devices=1
  $ insmod $K dev=/dev/nullb0
  $ $W list /dev/nullb0 0:4096:1 65536:4096:2 >/tmp/list.out 2>&1 &
  $ dma-rwf write -p /dev/nullb0 131072 4096 3 >/tmp/plain.out 2>&1 &
  $ sleep 2; cat /tmp/list.out /tmp/plain.out; echo both wait
  both wait
  $ echo 1 > /sys/module/dma_testdead/parameters/dead
  $ for i in $(seq 50); do [ -s /tmp/list.out ] && [ -s /tmp/plain.out ] && break; sleep 0.1; done
  $ echo "list: $(cat /tmp/list.out), plain write: $(cat /tmp/plain.out)"
  list: EIO, plain write: EIO
  $ rmmod dma_testdead; wait
  $ rmmod null_blk
