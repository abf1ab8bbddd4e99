Row numbers of `make bench` go up to 10 (row 10: PostgreSQL), so two digits must parse
everywhere rows are named.  bench.sh takes ROWS as row numbers 1-10, comma separated:

  $ eval "$(grep '^rows_ok()' "$TOP/qemu-scripts/bench.sh")"
  $ for r in 1 10 9,10 10,1 1,2,3,4,5,6,7,8 0 11 100 01 1,,2 ,1 1, 10a 9-10; do rows_ok "$r" && echo "$r ok" || echo "$r refused"; done
  1 ok
  10 ok
  9,10 ok
  10,1 ok
  1,2,3,4,5,6,7,8 ok
  0 refused
  11 refused
  100 refused
  01 refused
  1,,2 refused
  ,1 refused
  1, refused
  10a refused
  9-10 refused

In the guest, dma-bench-run's has_row does not take row 1 for row 10, nor 10 for 1:

  $ eval "$(grep '^has_row()' "$(command -v dma-bench-run)")"
  $ ROWS=" $(echo 9,10 | tr ',' ' ') "
  $ for r in 1 9 10 0; do has_row $r && echo "$r yes" || echo "$r no"; done
  1 no
  9 yes
  10 yes
  0 no
  $ ROWS=" 1 2 "
  $ for r in 1 10; do has_row $r && echo "$r yes" || echo "$r no"; done
  1 yes
  10 no

Row 10 in the plan dma-bench-report gives dma-bench-run:

  $ dma-bench-report --plan | grep '^10'
  10\tpgbench-tpcb\ta-fpw b-atomic-nofpw c-atomic8k-nofpw (esc)

A run of row 10 (made up here: one round of three cells), with the WAL PostgreSQL wrote
(pg_stat_wal's wal_bytes and wal_fpi, and how far the WAL's insert position moved, after
minus before) in each cell's JSON:

  $ mkdir -p raw/cells
  $ printf '%s\n' 'plan=full rounds=1' '10 sep pgbench-tpcb a-fpw b-atomic-nofpw c-atomic8k-nofpw' >raw/plan.txt
  $ mk() {
  >   printf '%s\n' row=10 layout=sep group=pgbench-tpcb col=$2 round=1 rc=0 top=dm-1 \
  >     "roles=data:/dev/vdb log:/dev/vdc" run_s=12.0 drain_s=0.000000 cpu_ticks=$3 hz=100 \
  >     "io_before=0 0 0 0 0 0" "io_after=0 $4 0 $5 0 $6" pos=$1 >raw/cells/000$1.meta
  >   echo "$7" >raw/cells/000$1.json
  > }
  $ mk 1 a-fpw 600 12000 12000 0 '{"txns": 600, "tps": 50.0, "wal_bytes": 5400000, "wal_fpi": 600, "wal_lsn_bytes": 5400100}'
  $ mk 2 b-atomic-nofpw 720 14000 6000 9000 '{"txns": 600, "tps": 60.0, "wal_bytes": 360000, "wal_fpi": 0, "wal_lsn_bytes": 360100}'
  $ mk 3 c-atomic8k-nofpw 660 13000 7000 5000 '{"txns": 600, "tps": 65.0, "wal_bytes": 384000, "wal_fpi": 0, "wal_lsn_bytes": 384100}'
  $ dma-bench-report --check --rows 10 raw
  bench output complete: rows 10, 3 cells (full plan), 1 round(s), every figure present

The table gives the WAL bytes a transaction with their ratio to the baseline's, beside the
transactions a second, the guest CPU and the bytes each disk wrote a transaction:

  $ dma-bench-report --rows 10 --csv raw.csv raw | grep -c '^row 10: PostgreSQL 15 pgbench'
  1
  $ dma-bench-report --rows 10 raw | sed -n '2,5p'
    layout  group        column                                    txn/s                    ratio    p99 us CPU ms/txn            WAL bytes/txn (ratio) bytes/txn data/log (ratio of data+log)
    sep     pgbench-tpcb a-fpw                       50.00 [50.00-50.00]                                  -      10.00                             9000       10240/0
    sep     pgbench-tpcb b-atomic-nofpw              60.00 [60.00-60.00]            1.2 [1.2-1.2]         -      12.00   600.0 (0.0667 [0.0667-0.0667]) 5120/7680 (total 1.25)
    sep     pgbench-tpcb c-atomic8k-nofpw            65.00 [65.00-65.00]            1.3 [1.3-1.3]         -      11.00   640.0 (0.0711 [0.0711-0.0711]) 5973/4267 (total 1)
  $ grep -E '^10,sep,pgbench-tpcb,(a-fpw|c-atomic8k-nofpw),a-fpw,(tps|wal_)' raw.csv
  10,sep,pgbench-tpcb,a-fpw,a-fpw,tps,txn/s,1,50,50,50,1,1,1
  10,sep,pgbench-tpcb,a-fpw,a-fpw,wal_bytes_per_txn,WAL bytes/txn,1,9000,9000,9000,1,1,1
  10,sep,pgbench-tpcb,a-fpw,a-fpw,wal_fpi_per_txn,full-page images/txn,1,1,1,1,1,1,1
  10,sep,pgbench-tpcb,a-fpw,a-fpw,wal_lsn_bytes_per_txn,WAL bytes/txn (insert position),1,9000.17,9000.17,9000.17,1,1,1
  10,sep,pgbench-tpcb,c-atomic8k-nofpw,a-fpw,tps,txn/s,1,65,65,65,1.3,1.3,1.3
  10,sep,pgbench-tpcb,c-atomic8k-nofpw,a-fpw,wal_bytes_per_txn,WAL bytes/txn,1,640,640,640,0.0711111,0.0711111,0.0711111
  10,sep,pgbench-tpcb,c-atomic8k-nofpw,a-fpw,wal_fpi_per_txn,full-page images/txn,1,0,0,0,0,0,0
  10,sep,pgbench-tpcb,c-atomic8k-nofpw,a-fpw,wal_lsn_bytes_per_txn,WAL bytes/txn (insert position),1,640.167,640.167,640.167,0.0711283,0.0711283,0.0711283

A cell without the WAL bytes is incomplete, and rows 9 and 10 parse together (row 9 was not
run here):

  $ echo '{"txns": 600, "tps": 60.0}' >raw/cells/0002.json
  $ dma-bench-report --check --rows 9,10 raw
  bench output INCOMPLETE: 6 problem(s)
    plan: row 9 sep: not in the plan
    plan: row 9 column a-doublewrite: in no group of the plan
    plan: row 9 column b-atomic-nodw: in no group of the plan
    plan: row 9 column c-atomic16k-nodw: in no group of the plan
    plan: row 9 column d-atomic16k-zc-nodw: in no group of the plan
    row 10 sep pgbench-tpcb b-atomic-nofpw round 1: figure wal_bytes_per_txn missing
  [1]
