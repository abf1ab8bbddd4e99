dm-atomic-setup status and the --json reports, on the host: dmsetup is a stand-in
(tests/host/dmsetup-stub; nothing reaches device-mapper).  status needs nothing but the
shell, awk and dmsetup: here it runs with a PATH that has no python3.

  $ cd "$CRAMTMP"
  $ export STUB=$CRAMTMP/stub; mkdir -p $STUB/bin $STUB/dev/db $STUB/dev/lin $STUB/nopy
  $ cp $TESTDIR/dmsetup-stub $STUB/bin/dmsetup
  $ find /usr/bin /bin -maxdepth 1 ! -name 'python*' -exec ln -sf -t $STUB/nopy {} + 2>/dev/null
  $ nopy=$STUB/bin:$TOP/tools/bin:$STUB/nopy
  $ PATH=$nopy command -v python3 || echo "no python3"
  no python3
  $ echo '0 1048576 atomic 60:1 60:2 4 max_bytes 262144 no_suspend_writeback' >$STUB/dev/db/table
  $ echo 5 >$STUB/dev/db/used; echo rw >$STUB/dev/db/mode
  $ echo '0 8 linear 60:3 0' >$STUB/dev/lin/table

  $ PATH=$nopy dm-atomic-setup status db
  name: db
  start_sector: 0
  length_sectors: 1048576
  log_used_blocks: 5
  log_blocks: 1024
  committed_txns: 12
  written_back_txns: 7
  replayed_txns: 0
  logged_bios: 30
  direct_writes: 4
  high_watermark_state: below
  max_segments: 128
  max_bytes: 1048576
  commit_delay_us: 0
  high_watermark: 75
  max_memory: 67108864
  writeback_delay_ms: 0
  no_suspend_writeback: yes
  mode: rw

--json: one object, valid JSON (python3 -m json.tool reads it back), numbers as numbers,
flags as true.

  $ PATH=$nopy dm-atomic-setup --json status db >s.json; python3 -m json.tool s.json
  {
      "json_format_version": 1,
      "name": "db",
      "start_sector": 0,
      "length_sectors": 1048576,
      "log_used_blocks": 5,
      "log_blocks": 1024,
      "committed_txns": 12,
      "written_back_txns": 7,
      "replayed_txns": 0,
      "logged_bios": 30,
      "direct_writes": 4,
      "high_watermark_state": "below",
      "max_segments": 128,
      "max_bytes": 1048576,
      "commit_delay_us": 0,
      "high_watermark": 75,
      "max_memory": 67108864,
      "writeback_delay_ms": 0,
      "no_suspend_writeback": true,
      "mode": "rw"
  }
  $ PATH=$nopy dm-atomic-setup status lin
  dm-atomic-setup: lin is not a dm-atomic device
  [2]
  $ PATH=$nopy dm-atomic-setup status nosuch
  dm-atomic-setup: no device named nosuch
  [4]

check, dump, size and list-tab take --json too: each prints one valid JSON object whose
first member is json_format_version (check and dump are dma-check's and dma-dump's, whose
members tools/README.md lists).  The exit status is that of the report without --json.

  $ dma-craft format m 16 1024; cp m bad; printf x | dd of=bad bs=1 seek=100 conv=notrunc status=none
  $ js() { "$@" >out.json; rc=$?; python3 -m json.tool out.json >/dev/null && echo "valid JSON, rc=$rc, $(head -c 24 out.json)"; }
  $ js dm-atomic-setup --json check m
  valid JSON, rc=0, {"json_format_version": 
  $ js dm-atomic-setup check --json bad
  valid JSON, rc=7, {"json_format_version": 
  $ python3 -c 'import json; print(json.load(open("out.json"))["verdict"])'
  damaged
  $ js dm-atomic-setup dump --json m; python3 -c 'import json; d = json.load(open("out.json")); print(d["end"]["reason"], d["transactions"])'
  valid JSON, rc=0, {"json_format_version": 
  unwritten []
  $ js dm-atomic-setup --json size; python3 -m json.tool out.json
  valid JSON, rc=0, {"json_format_version": 
  {
      "json_format_version": 1,
      "log_blocks": 5108,
      "block_size": 4096,
      "metadata_bytes": 20926464,
      "metadata_sectors": 40872,
      "min_log_blocks": 770,
      "max_bytes": 1048576,
      "max_segments": 128,
      "log_size_given": false
  }
  $ js dm-atomic-setup --json -L 64M --max-bytes 64K --max-segments 8 size; python3 -c 'import json; d = json.load(open("out.json")); print(d["log_blocks"], d["min_log_blocks"], d["log_size_given"])'
  valid JSON, rc=0, {"json_format_version": 
  16384 50 True

list-tab: the good entries, with their options as a list, and each bad line's problem
(also on stderr); a name or device with a quote or a backslash stays valid JSON.

  $ printf '%s\n' 'db /dev/disk/by-id/a\"b PARTLABEL=lo\\g max-bytes=256K,nofail' 'bad /dev/x /dev/y max-bytes=1MB' 'sc UUID=1 LABEL=2' >tab
  $ dm-atomic-setup --tab tab --json list-tab >out.json; echo rc=$?
  dm-atomic-setup: tab:2: max-bytes: '1MB': MB is ambiguous (1000 or 1024?): give M or MiB (powers of 1024), or the number of bytes (line skipped)
  rc=1
  $ python3 -m json.tool out.json
  {
      "json_format_version": 1,
      "tab": "tab",
      "entries": [
          {
              "name": "db",
              "data": "/dev/disk/by-id/a\\\"b",
              "metadata": "PARTLABEL=lo\\\\g",
              "options": [
                  "max-bytes=256K",
                  "nofail"
              ]
          },
          {
              "name": "sc",
              "data": "UUID=1",
              "metadata": "LABEL=2",
              "options": []
          }
      ],
      "problems": [
          "tab:2: max-bytes: '1MB': MB is ambiguous (1000 or 1024?): give M or MiB (powers of 1024), or the number of bytes (line skipped)"
      ]
  }
