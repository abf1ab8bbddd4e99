Man pages: one in man/ for every installed tool, for the target and for the atomictab; each
renders with man -l without a warning, and every option a tool's --help prints is in its page
(adding an option without documenting it fails here).

  $ cd "$TOP"
  $ render() { LC_ALL=C MANWIDTH=200 man --nh --nj -E ascii -l "$1" 2>/dev/null | col -bx; }

Every file in tools/bin is either installed (and then has a page) or deliberately not.

  $ tools=$(make -s -C tools print-user-tools); echo $tools
  dm-atomic-setup dma-format dma-check dma-dump dma-replay dma-exercise dma-verify dma-bench
  $ for f in tools/bin/*; do b=${f##*/}; case " $tools $(make -s -C tools print-not-installed) $(make -s -C tools print-libs) " in *" $b "*) ;; *) echo "$b: neither installed nor listed as not installed";; esac; done
  $ for t in $tools; do [ -f man/$t.8 ] || echo "$t: no man/$t.8"; done
  $ ls man
  atomictab.5
  dm-atomic-setup.8
  dm-atomic-textfile.8
  dm-atomic.8
  dma-bench.8
  dma-check.8
  dma-dump.8
  dma-exercise.8
  dma-format.8
  dma-replay.8
  dma-verify.8

Every page renders, without warnings (man --warnings passes -ww to groff), and says its
name in its NAME section.

  $ for p in man/*; do w=$(LC_ALL=C man --warnings -E ascii -l "$p" 2>&1 >/dev/null); [ -z "$w" ] || echo "$p: $w"; done
  $ for p in man/*; do n=${p##*/}; n=${n%.*}; render "$p" | grep -A1 '^NAME' | grep -q "^ *$n - " || echo "$p: no NAME line"; done

Every option of every --help is in the page (rendered, so a hyphen in the source must be
\- to match).

  $ opts() { "$1" --help | grep -oE '^ +(-[A-Za-z0-9], )?--[a-z][a-z-]*' | grep -oE -- '--?[A-Za-z0-9][a-z-]*'; }
  $ opts dma-check | tr '\n' ' '
  -s --data-sectors -d --data-dev -q --quiet --progress --json --clear-needs-check --set-data-id -h --help -V --version  (no-eol)
  $ for t in $tools; do r=$(render man/$t.8); for o in $(opts $t); do grep -qE -- "(^|[^-a-z])$o([^-a-z]|\$)" <<<"$r" || echo "$t: $o is not in man/$t.8"; done; done

The target's page names every feature argument of dm-atomic/dm-atomic.rst.

  $ feats=$(sed -n '/^Feature arguments/,/^Errors/p' dm-atomic/dm-atomic.rst | sed -n 's/^``\([a-z_]*\)\( <.*>\)\?``$/\1/p'); echo $feats
  max_segments max_bytes commit_delay_us writeback_delay_ms high_watermark max_memory zero_copy_bytes no_suspend_writeback no_discard_passdown read_only all_writes_atomic all_writes_atomic_from
  $ r=$(render man/dm-atomic.8); for f in $feats; do grep -qw -- "$f" <<<"$r" || echo "dm-atomic.8: no $f"; done

The atomictab page names every option the setup tool accepts in the file.

  $ tabopts=$(sed -n 's/^[[:space:]]*\(-|noauto|[a-z|-]*\)) ;;$/\1/p; s/^[[:space:]]*\([a-z-]*\)=\*) tab_[a-z]* .*/\1/p' tools/setup/dm-atomic-setup.sh | tr '|' ' '); echo $tabopts
  - noauto nofail no-suspend-writeback no-discard-passdown all-writes-atomic max-bytes max-segments commit-delay-us writeback-delay-ms high-watermark max-memory zero-copy-bytes all-writes-atomic-from
  $ r=$(render man/atomictab.5); for o in ${tabopts#- }; do grep -qE -- "(^|[^-a-z])$o([^-a-z]|=|\$)" <<<"$r" || echo "atomictab.5: no $o"; done
