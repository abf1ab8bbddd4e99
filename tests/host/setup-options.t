dm-atomic-setup reads its options as util-linux getopt(1) does: --opt VALUE and
--opt=VALUE, a unique prefix of a long option, bundled short options, options after the
command, and -- ending the options.  An unknown option is a usage error (1).

  $ cd "$CRAMTMP"
  $ first() { "$@" 2>&1 | head -n 1; }
  $ first dm-atomic-setup --log-size 8M size
  log: 2048 blocks of 4096 bytes
  $ first dm-atomic-setup --log-size=8M size
  log: 2048 blocks of 4096 bytes
  $ first dm-atomic-setup -L 8M size; first dm-atomic-setup -L8M size
  log: 2048 blocks of 4096 bytes
  log: 2048 blocks of 4096 bytes
  $ first dm-atomic-setup --log-si=8M size
  log: 2048 blocks of 4096 bytes
  $ first dm-atomic-setup size --max-bytes=64K --max-segments=8 -L 1M
  log: 256 blocks of 4096 bytes

Bundled: -q (batch mode) and -L with its value, apart or attached.

  $ truncate -s 64M d.img; truncate -s 8M m.img; echo x > m.img; truncate -s 8M m.img
  $ dm-atomic-setup -qL 4M format d.img m.img </dev/null | sed 's/uuid [0-9a-f-]*/uuid U/'
  m.img: formatted: uuid U, log 1024 blocks at block 1, data 131072 sectors, data device identity: none (only its size is checked)
  $ dm-atomic-setup -qL6M format d.img m.img </dev/null | sed 's/uuid [0-9a-f-]*/uuid U/'
  m.img: formatted: uuid U, log 1536 blocks at block 1, data 131072 sectors, data device identity: none (only its size is checked)

-- ends the options: what follows is an argument, even when it starts with a dash.

  $ cp m.img ./-m.img
  $ dm-atomic-setup check -- -m.img | tail -n 1
  clean
  $ dm-atomic-setup check -m.img
  dm-atomic-setup: invalid option -- 'm'
  dm-atomic-setup: invalid option -- '.'
  dm-atomic-setup: invalid option -- 'i'
  dm-atomic-setup: invalid option -- 'm'
  dm-atomic-setup: invalid option -- 'g'
  dm-atomic-setup: try 'dm-atomic-setup --help'
  [1]

Unknown, ambiguous, incomplete:

  $ dm-atomic-setup --frob size
  dm-atomic-setup: unrecognized option '--frob'
  dm-atomic-setup: try 'dm-atomic-setup --help'
  [1]
  $ dm-atomic-setup --max size
  dm-atomic-setup: option '--max' is ambiguous; possibilities: '--max-bytes' '--max-segments' '--max-memory'
  dm-atomic-setup: try 'dm-atomic-setup --help'
  [1]
  $ dm-atomic-setup size -L
  dm-atomic-setup: option requires an argument -- 'L'
  dm-atomic-setup: try 'dm-atomic-setup --help'
  [1]
  $ dm-atomic-setup --json=yes status x
  dm-atomic-setup: option '--json' doesn't allow an argument
  dm-atomic-setup: try 'dm-atomic-setup --help'
  [1]
  $ dm-atomic-setup --json format d.img m.img
  dm-atomic-setup: --json: format prints no report (--json is for status, check, dump, size and list-tab)
  dm-atomic-setup: try 'dm-atomic-setup --help'
  [1]
  $ dm-atomic-setup --keep-log size
  dm-atomic-setup: --keep-log is for close and close-tab
  dm-atomic-setup: try 'dm-atomic-setup --help'
  [1]

Sizes as lvm2 and cryptsetup read them: K, M, G, T (P, E) and KiB, MiB, GiB, TiB are
powers of 1024, in any case; a size in bytes has no unit.  KB, MB, GB, TB would be powers
of 1000 elsewhere (and are read as 1024 by some tools): ambiguous, refused, naming the
accepted forms.  The dma-* tools read them the same way.

  $ for v in 67108864 65536K 64M 64m 64MiB 64mib 64Mib; do dm-atomic-setup -L $v size | head -n1; done
  log: 16384 blocks of 4096 bytes
  log: 16384 blocks of 4096 bytes
  log: 16384 blocks of 4096 bytes
  log: 16384 blocks of 4096 bytes
  log: 16384 blocks of 4096 bytes
  log: 16384 blocks of 4096 bytes
  log: 16384 blocks of 4096 bytes
  $ dm-atomic-setup -L 1G size | head -n1; dm-atomic-setup -L 1GiB size | head -n1; dm-atomic-setup -L 1T size | head -n1; dm-atomic-setup -L 1TiB size | head -n1
  log: 262144 blocks of 4096 bytes
  log: 262144 blocks of 4096 bytes
  log: 268435456 blocks of 4096 bytes
  log: 268435456 blocks of 4096 bytes
  $ dm-atomic-setup --max-bytes 256KiB --max-segments 8 --max-memory 1GiB -L 1MiB size | head -n1
  log: 256 blocks of 4096 bytes
  $ dm-atomic-setup -L 64MB size
  dm-atomic-setup: -L: '64MB': MB is ambiguous (1000 or 1024?): give M or MiB (powers of 1024), or the number of bytes
  dm-atomic-setup: try 'dm-atomic-setup --help'
  [1]
  $ for v in 4kb 1GB 1TB 8M64 64iB 64B 1.5G; do dm-atomic-setup --max-memory $v size 2>&1 | head -n1; done
  dm-atomic-setup: --max-memory: '4kb': KB is ambiguous (1000 or 1024?): give K or KiB (powers of 1024), or the number of bytes
  dm-atomic-setup: --max-memory: '1GB': GB is ambiguous (1000 or 1024?): give G or GiB (powers of 1024), or the number of bytes
  dm-atomic-setup: --max-memory: '1TB': TB is ambiguous (1000 or 1024?): give T or TiB (powers of 1024), or the number of bytes
  dm-atomic-setup: --max-memory: '8M64' is not a size (bytes, or a number ending in K, M, G, T, P or E, or KiB, MiB, GiB, TiB, PiB or EiB: powers of 1024)
  dm-atomic-setup: --max-memory: '64iB' is not a size (bytes, or a number ending in K, M, G, T, P or E, or KiB, MiB, GiB, TiB, PiB or EiB: powers of 1024)
  dm-atomic-setup: --max-memory: '64B' is not a size (bytes, or a number ending in K, M, G, T, P or E, or KiB, MiB, GiB, TiB, PiB or EiB: powers of 1024)
  dm-atomic-setup: --max-memory: '1.5G' is not a size (bytes, or a number ending in K, M, G, T, P or E, or KiB, MiB, GiB, TiB, PiB or EiB: powers of 1024)
  $ printf 'db /dev/a /dev/b max-bytes=1MB\n' >tab; dm-atomic-setup --tab tab list-tab
  dm-atomic-setup: tab:1: max-bytes: '1MB': MB is ambiguous (1000 or 1024?): give M or MiB (powers of 1024), or the number of bytes (line skipped)
  [1]
  $ dma-format -s 4MB m.img
  dma-format: --data-sectors: '4MB': MB is ambiguous (1000 or 1024?): give M or MiB (powers of 1024), or the number of bytes
  Try 'dma-format --help'.
  [1]
  $ dma-format --force -s 4MiB m.img | sed 's/uuid [0-9a-f-]*/uuid U/'
  m.img: formatted: uuid U, log 2047 blocks at block 1, data 4194304 sectors

-q is cryptsetup's: --batch-mode, do not ask (format's question); it makes nothing
quieter.  The dma-* tools never ask: dma-check and dma-verify, which only read, take -q as
--quiet (as thin_check does); the tools that write refuse -q rather than take it for
--force.

  $ dm-atomic-setup format d.img m.img </dev/null 2>&1 | sed 's/uuid [0-9a-f-]*/uuid U/'
  dm-atomic-setup: m.img: contains dm-atomic metadata (uuid U, log 2047 blocks, data 4194304 sectors), its log empty: nothing would be lost but the metadata; formatting destroys it; not confirmed (standard input is not a terminal: use --batch-mode)
  $ dm-atomic-setup -q format d.img m.img </dev/null | cut -d: -f1-2
  m.img: formatted
  $ dm-atomic-setup -q check m.img | tail -n1
  clean
  $ dma-check -q m.img
  $ for t in dma-format dma-dump dma-replay dma-exercise "dma-bench lists"; do $t -q x y 2>&1 | head -n1; done
  dma-format: unknown option '-q': dma-format never asks (what would destroy data is refused without --force) and has no quiet mode
  dma-dump: unknown option '-q': dma-dump never asks (what would destroy data is refused without --force) and has no quiet mode
  dma-replay: unknown option '-q': dma-replay never asks (what would destroy data is refused without --force) and has no quiet mode
  dma-exercise: unknown option '-q': dma-exercise never asks (what would destroy data is refused without --force) and has no quiet mode
  dma-bench: unknown option '-q': dma-bench never asks (what would destroy data is refused without --force) and has no quiet mode
  $ for t in dma-format dma-check dma-dump dma-replay dma-exercise dma-verify dma-bench dm-atomic-setup; do $t --help | grep -e '^ *-q,' | sed "s/^ */$t /"; done
  dma-check -q, --quiet           print only problems
  dma-verify -q, --quiet           print only violations and the summary
  dm-atomic-setup -q, --batch-mode          do not ask before destroying data (format), as
