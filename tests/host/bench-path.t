dma-bench path: the disks' own cost of a logged write, on two files here (the benchmark
runs it on the guest's raw disks).  Each write makes the steps asked for, in order; the
JSON names them with their mean times, and the bytes land where the steps say.

  $ truncate -s 8M log data
  $ dma-bench path -b 64K -T 0.2 log data > out.json
  $ jq -r '.steps, .bytes_per_write, (.writes > 0), (.bytes == .writes * 65536), (.step_us | keys_unsorted | join(" ")), .error' out.json
  log,flush,record,inplace
  65536
  true
  true
  log flush record inplace
  

The log starts past its offset (1 MiB by default: a dm-atomic superblock stays whole), with a
zero descriptor block, the data, and the record after it; the data goes to DATA from 0:

  $ cmp -n 1048576 log /dev/zero
  $ od -An -tx1 -j 1048576 -N 4 log | tr -d ' '
  00000000
  $ od -An -tx1 -j $((1048576 + 4096 + 1)) -N 3 log | tr -d ' '
  5a5a5a
  $ od -An -tx1 -j 1 -N 3 data | tr -d ' '
  5a5a5a

Only the log write: DATA is not touched.

  $ truncate -s 0 data; truncate -s 8M data
  $ dma-bench path -b 64K -T 0.1 --steps log log data | jq -r '.steps, (.step_us | keys | join(" "))'
  log
  log
  $ cmp data /dev/zero
  cmp: EOF on data after byte 8388608, in line 1
  [1]

The log write with O_DSYNC (REQ_FUA), as a commit durable on its own: the same bytes at the
same place.

  $ truncate -s 0 log; truncate -s 8M log
  $ dma-bench path -b 64K -T 0.1 --steps log-fua log data | jq -r '.steps, (.step_us | keys | join(" "))'
  log-fua
  log-fua
  $ od -An -tx1 -j $((1048576 + 4096 + 1)) -N 3 log | tr -d ' '
  5a5a5a

Bad arguments are refused, naming what:

  $ dma-bench path -T 0.1 --steps log,sync log data
  dma-bench: --steps: 'sync' is not log, log-fua, flush, record or inplace
  Try 'dma-bench --help'.
  [1]
  $ dma-bench path -T 0.1 --steps log,flush,log log data
  dma-bench: --steps: 'log' twice
  Try 'dma-bench --help'.
  [1]
  $ dma-bench path -T 0.1 --steps log,log-fua log data
  dma-bench: --steps: log and log-fua: one log write or the other
  Try 'dma-bench --help'.
  [1]
  $ dma-bench path -T 0.1 --steps log,,flush log data
  dma-bench: --steps: 'log,,flush' has an empty step
  Try 'dma-bench --help'.
  [1]
  $ dma-bench path --log-offset 16M log data
  dma-bench: log: 8388608 bytes: too small for two writes of 1048576 bytes past the log offset 16777216
  [2]
  $ dma-bench path -b 6000 log data
  dma-bench: --bytes: a multiple of 4096
  Try 'dma-bench --help'.
  [1]
  $ dma-bench path -b 4M log data
  dma-bench: log: 8388608 bytes: too small for two writes of 4194304 bytes past the log offset 1048576
  [2]
  $ dma-bench path log
  dma-bench: path: LOG and DATA, two devices
  Try 'dma-bench --help'.
  [1]
