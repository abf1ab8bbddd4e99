dma-check shows how far it got through the log on stderr: with --progress (or
DMA_PROGRESS set) always, on a terminal once the check has taken a second,
otherwise never.  Stdout is the same either way.

  $ dma-craft format img 16 1024; dma-craft txn img 0+8 >/dev/null
  $ dma-check img > plain.out 2> plain.err; wc -c < plain.err
  0
  $ dma-check --progress img > out 2> err; cmp out plain.out && tr '\r' '\n' < err | grep done
  dma-check: scanning the log, blocks 3/16 done
  dma-check: looking beyond the end of the log, blocks 16/16 done
  $ DMA_PROGRESS=1 dma-check -q img 2>&1 >/dev/null | tr '\r' '\n' | grep -c done
  2
  $ dma-check --json --progress img 2>/dev/null | jq -r .verdict
  clean

On a terminal (script(1) gives it one), only once the check has taken a second
(DMA_PROGRESS_AFTER seconds): nothing for a quick check, progress for a long
one (here a check that takes any time at all):

  $ command -v script >/dev/null || { echo "needs script(1)"; exit 80; }
  $ script -qec 'dma-check -q img' /dev/null < /dev/null
  $ DMA_PROGRESS_AFTER=0 script -qec 'dma-check -q img' /dev/null < /dev/null | tr '\r' '\n' | grep done
  dma-check: scanning the log, blocks 3/16 done
  dma-check: looking beyond the end of the log, blocks 16/16 done

A real one: a 1 GiB log has a quarter of a million blocks to read beyond its
end (about a second here; the threshold is lowered to 0.2 s so that a faster
machine shows it too).

  $ truncate -s 1G big; dma-format -s 8 big >/dev/null
  $ DMA_PROGRESS_AFTER=0.2 script -qec 'dma-check -q big' /dev/null < /dev/null | tr '\r' '\n' | grep -E 'dma-check: .*done'
  dma-check: looking beyond the end of the log, blocks 262143/262143 done

dma-replay shows the same for its check, then how far the replay itself got, in
transactions (with --progress or DMA_PROGRESS, or on a terminal after a second):

  $ dma-craft format m2 16 1024 >/dev/null; dma-craft txn m2 0+8 >/dev/null; dma-craft txn m2 8+8 >/dev/null
  $ truncate -s 512K d2
  $ dma-replay --progress --keep-tail d2 m2 2>err; tr '\r' '\n' < err | grep done
  replayed 2 transactions (16 sectors); log ended: unwritten block at log block 4 (expected seq 3)
  dma-replay: scanning the log, blocks 5/16 done
  dma-replay: looking beyond the end of the log, blocks 16/16 done
  dma-replay: replaying, transactions 2/2 done
  $ DMA_PROGRESS=1 dma-replay --keep-tail d2 m2 2>&1 >/dev/null | tr '\r' '\n' | grep -c done
  3
  $ dma-replay --keep-tail d2 m2 2>&1 >/dev/null | wc -c
  0
