bash completion (tools/completion/dm-atomic, installed once per command name): sourced in
a plain bash (no bash-completion needed), the completion functions are called as bash calls
them, with COMP_WORDS and COMP_CWORD set.  dmsetup is a stand-in listing active devices.

  $ cd "$CRAMTMP"
  $ . "$TOP/tools/completion/dm-atomic"
  $ complete -p dm-atomic-setup dma-format dma-check dma-dump dma-replay dma-exercise dma-verify dma-bench
  complete -F _dm_atomic_setup dm-atomic-setup
  complete -F _dma_tool dma-format
  complete -F _dma_tool dma-check
  complete -F _dma_tool dma-dump
  complete -F _dma_tool dma-replay
  complete -F _dma_tool dma-exercise
  complete -F _dma_tool dma-verify
  complete -F _dma_tool dma-bench
  $ c() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); "$(complete -p "$1" | sed 's/.*-F \([^ ]*\) .*/\1/')" "$1"; printf '%s\n' "${COMPREPLY[@]}" | sort | paste -sd' '; }

Commands, then options (every long option --help lists, and no other):

  $ c dm-atomic-setup ''
  check close close-tab dump format list-tab open open-tab probe resize size status
  $ c dm-atomic-setup cl
  close close-tab
  $ c dm-atomic-setup -q -L 4M ''
  check close close-tab dump format list-tab open open-tab probe resize size status
  $ c dm-atomic-setup --max
  --max-bytes --max-memory --max-segments
  $ c dm-atomic-setup status --j
  --json
  $ diff <(c dm-atomic-setup -- | tr ' ' '\n' | grep -- '^--') <(dm-atomic-setup --help | grep -o -- '--[a-z][a-z-]*' | grep -vx -- '--opt' | sort -u) && echo "every long option of --help"
  every long option of --help
  $ c dm-atomic-setup -L ''
  16M 1G 1M 256K 256M 4M 64K 64M
  $ c dm-atomic-setup --log-size=6
  64K 64M
  $ c dm-atomic-setup --log-size = 2
  256K 256M

Arguments: files for devices; the active dm-atomic devices for close, status, resize; the
atomictab's entries (the --tab given) for open-tab, close-tab, list-tab.

  $ touch meta.img meta2.img; mkdir bin
  $ printf '#!/bin/sh\n[ "$*" = "ls --target atomic" ] && printf "db\\t(253:0)\\ndb2\\t(253:1)\\n"\n' >bin/dmsetup; chmod +x bin/dmsetup
  $ c dm-atomic-setup check me
  meta.img meta2.img
  $ c dm-atomic-setup -q format meta.img me
  meta.img meta2.img
  $ c dm-atomic-setup open meta.img meta2.img ''
  
  $ PATH=$PWD/bin:$PATH c dm-atomic-setup close ''
  db db2
  $ PATH=$PWD/bin:$PATH c dm-atomic-setup --json status db
  db db2
  $ PATH=$PWD/bin:$PATH c dm-atomic-setup close db ''
  
  $ printf 'alpha /dev/a /dev/b\nbeta /dev/c /dev/d noauto\n' >tab
  $ c dm-atomic-setup --tab tab open-tab ''
  alpha beta
  $ c dm-atomic-setup --tab=tab close-tab b
  beta
  $ c dm-atomic-setup --tab ta
  tab

The dma-* tools: the options of their --help, files, dma-bench's commands, dma-exercise's
modes.

  $ c dma-check --
  --clear-needs-check --data-dev --data-sectors --help --json --progress --quiet --set-data-id --version
  $ c dma-format --f
  --force
  $ c dma-check -q me
  meta.img meta2.img
  $ c dma-bench ''
  cpu lists path
  $ c dma-exercise -m ''
  atomic ioctl mixed plain
  $ c dma-exercise -n ''
  
  $ for t in dma-format dma-check dma-dump dma-replay dma-exercise dma-verify; do [ "$(c $t -- | wc -w)" -ge 3 ] || echo "$t: no options"; done
