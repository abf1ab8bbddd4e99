JSON output (dma-dump --json, dma-check --json): one object, its first member
the JSON format version; dma-check's verdict and exit status are those of its
text output.

  $ fresh() { dma-craft format img 16 1024; }
  $ fresh; dma-craft txn img 0+8 >/dev/null; dma-craft txn img 100+9 >/dev/null
  $ dma-dump --json img | jq -c '[.json_format_version, (.transactions | length), .end.reason]'
  [1,2,"unwritten"]
  $ dma-dump --json img | head -c 26; echo
  {"json_format_version": 1,
  $ dma-check --json img; echo rc=$?
  {"json_format_version": 1,
   "superblock": {"status": "ok", "version": 1, "uuid": "11223344-5566-7788-99aa-bbccddeef001", "log_start": 1, "log_blocks": 16, "data_sectors": 1024, "tail_seq": 1, "tail_block": 0, "feature_compat": 0, "feature_ro_compat": 0, "feature_incompat": 0, "unknown_compat": 0, "unknown_ro_compat": 0},
   "log": {"transactions": 2, "used_blocks": 5},
   "end": {"reason": "unwritten", "normal": true, "log_block": 5, "expected_seq": 3, "found_seq": 0, "entry": 0, "bad_block": 5, "txns": 2, "used_blocks": 5},
   "beyond": {"found": "nothing"},
   "verdict": "clean"}
  rc=0

-q does not change it:

  $ dma-check -q --json img | jq -r .verdict
  clean

A torn transaction in the middle with a later one recording it as durable
(damaged, exit 7), and without that record (in flight: clean, exit 0):

  $ dma-craft txn --durable-seq 3 img 1016+8 >/dev/null; dma-craft flip img 3 100
  $ dma-check --json img | jq -c '[.verdict, .end.reason, .beyond]'; echo "rc=${PIPESTATUS[0]}"
  ["damaged","data_crc",{"found":"damage","seq":3,"log_block":5}]
  rc=7
  $ fresh; for r in 0+8 100+9 1016+8; do dma-craft txn img $r >/dev/null; done; dma-craft flip img 3 100
  $ dma-check --json img | jq -c '[.verdict, .end.reason, .beyond]'; echo "rc=${PIPESTATUS[0]}"
  ["clean","data_crc",{"found":"in_flight","seq":3,"log_block":5}]
  rc=0

An invalid superblock (no log member), with the sizes of a mismatch; a
truncated and an unformatted device:

  $ dma-check --json -s 2048 img | jq -c .; echo "rc=${PIPESTATUS[0]}"
  {"json_format_version":1,"superblock":{"status":"data_size_mismatch","message":"data device size mismatch: formatted for 1024 sectors, the data device has 2048"},"verdict":"damaged"}
  rc=7
  $ truncate -s 100 short; dma-check --json short | jq -c .; echo "rc=${PIPESTATUS[0]}"
  {"json_format_version":1,"superblock":{"status":"truncated","message":"truncated"},"verdict":"damaged"}
  rc=7
  $ truncate -s 64K zero; dma-check --json zero | jq -c .; echo "rc=${PIPESTATUS[0]}"
  {"json_format_version":1,"superblock":{"status":"unformatted","message":"unformatted (all zero)"},"verdict":"unformatted"}
  rc=0
