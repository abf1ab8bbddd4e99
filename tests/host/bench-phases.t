dma-bench-phases cuts a lone writer's atomic lists into the phases of dm-atomic's path from a
kernel trace (tracefs text).  Here a saved trace of one list's whole cycle (taken in the
guest with `dma-bench-phases run`'s events; dm-atomic is 252:0, its log disk 253:64), then
the start of the next list:

  $ cat > trace.txt <<'T'
  > # tracer: nop
  >          dma-bench-167     [000] .....    21.529462: block_bio_queue: 252,0 WS 42592 + 32 [dma-bench]
  >          dma-bench-167     [000] .....    21.529540: block_bio_queue: 252,0 WS 322304 + 32 [dma-bench]
  >         kworker/u4:3-140     [001] .....    21.529757: workqueue_execute_start: work struct ff265cb2c1284a90: function commit_work_fn [dm_atomic]
  >         kworker/u4:3-140     [001] .....    21.530117: block_bio_queue: 253,64 WS 8 + 136 [kworker/u4:3]
  >         kworker/u4:3-140     [001] .....    21.530230: block_rq_issue: 253,64 WS 69632 () 8 + 136 [kworker/u4:3]
  >         kworker/u4:3-140     [001] .....    21.530339: workqueue_execute_end: work struct ff265cb2c1284a90: function commit_work_fn [dm_atomic]
  >               <idle>-0       [001] d.h2.    21.530615: block_rq_complete: 253,64 WS () 8 + 136 [0]
  >         kworker/u4:3-140     [001] .....    21.530737: workqueue_execute_start: work struct ff265cb2c1284ae8: function complete_work_fn [dm_atomic]
  >         kworker/u4:3-140     [001] .....    21.530819: workqueue_execute_end: work struct ff265cb2c1284ae8: function complete_work_fn [dm_atomic]
  >          dma-bench-167     [000] .....    21.531173: block_bio_queue: 252,0 FWS 0 + 0 [dma-bench]
  >         kworker/0:1H-33      [000] .....    21.531327: block_rq_issue: 253,64 FF 0 () 0 + 0 [kworker/0:1H]
  >               <idle>-0       [000] d.h2.    21.531451: block_rq_complete: 253,64 FF () 18446744073709551615 + 0 [0]
  >         kworker/u4:3-140     [001] .....    21.531500: workqueue_execute_start: work struct ff265cb2c1284b00: function writeback_work_fn [dm_atomic]
  >          dma-bench-167     [000] .....    21.531811: block_bio_queue: 252,0 WS 148096 + 32 [dma-bench]
  >         kworker/u4:3-140     [001] .....    21.531900: workqueue_execute_end: work struct ff265cb2c1284b00: function writeback_work_fn [dm_atomic]
  > T
  $ dma-bench-phases analyze trace.txt --dm 252:0 --log 253:64
  trace: 15 events, 2 lists, 1 with their whole cycle
  phase           median us    mean us
  hop_commit            295        295
  build                 473        473
  log_device            385        385
  hop_complete          122        122
  complete               82         82
  to_next               992        992
  total                2349       2349
  write-back passes: 1, mean 400 us

A FUA log write on a disk without FUA completes after the flush that follows it: the log
disk's last completion before the completion worker ran ends log_device:

  $ sed '/21.530615: block_rq_complete/a\
  >               <idle>-0       [001] d.h2.    21.530700: block_rq_complete: 253,64 FF () 18446744073709551615 + 0 [0]' trace.txt > fua.txt
  $ dma-bench-phases analyze fua.txt --dm 252:0 --log 253:64 | grep -E 'log_device|hop_complete'
  log_device            470        470
  hop_complete           37         37

Another device's bios are not lists of this one, and a trace without a whole cycle says so:

  $ dma-bench-phases analyze trace.txt --dm 252:1 --log 253:64
  trace: 15 events, 0 lists, 0 with their whole cycle
  dma-bench-phases: no list with its whole cycle in the trace (wrong --dm/--log, or no dm-atomic list written?)
  [1]

Bad arguments are refused, naming what:

  $ dma-bench-phases analyze trace.txt --dm 252 --log 253:64
  dma-bench-phases: --dm: '252' is not MAJ:MIN
  Try 'dma-bench-phases --help'.
  [2]
  $ dma-bench-phases analyze nothere.txt --dm 252:0 --log 253:64
  dma-bench-phases: nothere.txt: No such file or directory
  Try 'dma-bench-phases --help'.
  [2]
  $ dma-bench-phases run --dm /dev/null --log /dev/null -- true
  dma-bench-phases: --dm: /dev/null is not a block device
  Try 'dma-bench-phases --help'.
  [2]
  $ dma-bench-phases run --dm /dev/null
  dma-bench-phases: run: options, then -- and the command to trace
  Try 'dma-bench-phases --help'.
  [2]
  $ dma-bench-phases analyze trace.txt --dm 252:0 --log 253:64 --gap-us 0
  dma-bench-phases: --gap-us: '0' is not positive
  Try 'dma-bench-phases --help'.
  [2]
