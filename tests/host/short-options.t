A short option means the same in every tool: the table of short options from
every tool's --help has one long option per letter.

  $ for t in dma-format dma-check dma-dump dma-exercise dma-verify dma-replay; do
  >   $t --help | sed -n 's/^ *-\([a-zA-Z]\), \(--[a-z-]*\).*/\1 \2/p'
  > done | sort -u > table
  $ cut -d' ' -f1 table | uniq -d
  $ paste -sd' ' table | fold -sw 76
  F --flush-every J --jobs S --seed T --seconds V --version d --data-dev f 
  --force g --generation h --help j --journal k --kv l --log-blocks m --mode 
  n --ops q --quiet r --region s --data-sectors u --uuid

The letters no longer used for something else are refused, not taken for the
other meaning:

  $ truncate -s 64K z; dma-craft format m 16 128
  $ dma-dump -j m
  dma-dump: unknown option '-j'
  Try 'dma-dump --help'.
  [1]
  $ dma-replay -n z m
  dma-replay: unknown option '-n'
  Try 'dma-replay --help'.
  [1]
  $ dma-exercise -j j -s script z
  dma-exercise: unknown option '-s'
  Try 'dma-exercise --help'.
  [1]
  $ dma-dump --json m | jq -r .end.reason; dma-replay --dry-run z m | tail -1
  unwritten
  would replay 0 transactions (0 sectors); log ends: unwritten block at log block 0 (expected seq 1)
