#!/bin/bash
# dma-bench-sqlite: SQLite transactions for make bench's row 7 (run by dma-bench-run).
#
#   dma-bench-sqlite prepare MODE DB TABLES    create TABLES tables of 256 one-page rows
#   dma-bench-sqlite run MODE DB TABLES KIND N  N transactions; prints {"txns", "seconds", "tps"}
#
# MODE: delete (stock SQLite, journal_mode=DELETE), wal (journal_mode=WAL), both with
# synchronous=FULL on a file; atomicblk (the VFS of tools/sqlite/ on an atomic device,
# journal_mode=MEMORY, synchronous=FULL).  KIND: small (each transaction changes one row of
# each table) or 4page (four rows a quarter of the table apart in each table: four pages).
set -eu
cmd=$1 mode=$2 db=$3 tables=$4
EXT=${DMA_SQLITE_EXT:-$(dirname "$(readlink -f "$0")")/atomicblk.so}
ROWS=256

head_sql() {
	case $mode in
	delete) printf '.open %s\nPRAGMA journal_mode=DELETE;\n' "$db" ;;
	wal) printf '.open %s\nPRAGMA journal_mode=WAL;\n' "$db" ;;
	atomicblk) printf '.load %s\n.open file:%s?vfs=atomicblk\nPRAGMA locking_mode=EXCLUSIVE;\nPRAGMA journal_mode=MEMORY;\n' "${EXT%.so}" "$db" ;;
	*) echo "dma-bench-sqlite: unknown mode $mode" >&2; exit 2 ;;
	esac
	echo "PRAGMA synchronous=FULL;"
}

case $cmd in
prepare)
	{
		head_sql
		for ((t = 0; t < tables; t++)); do
			echo "CREATE TABLE t$t(id INTEGER PRIMARY KEY, v INTEGER, pad BLOB);"
			# 64 rows (64 pages) a transaction: within any device's atomic limit
			for ((c = 0; c < ROWS; c += 64)); do
				echo "WITH RECURSIVE c(x) AS (SELECT $((c + 1)) UNION ALL SELECT x + 1 FROM c WHERE x < $((c + 64))) INSERT INTO t$t SELECT x, 0, randomblob(3500) FROM c;"
			done
		done
	} | sqlite3 -bail >/dev/null
	;;
run)
	kind=$5 n=$6
	sql=/tmp/dma-bench-sqlite.$$.sql
	{
		head_sql
		for ((i = 0; i < n; i++)); do
			echo "BEGIN;"
			for ((t = 0; t < tables; t++)); do
				r=$(( (i * 37 + t * 11) % ROWS + 1 ))
				if [ "$kind" = small ]; then
					echo "UPDATE t$t SET v = v + 1 WHERE id = $r;"
				else
					echo "UPDATE t$t SET v = v + 1 WHERE id IN ($r, $(( (r + 63) % ROWS + 1 )), $(( (r + 127) % ROWS + 1 )), $(( (r + 191) % ROWS + 1 )));"
				fi
			done
			echo "COMMIT;"
		done
	} >"$sql"
	t0=${EPOCHREALTIME/./}
	sqlite3 -bail <"$sql" >/dev/null
	t1=${EPOCHREALTIME/./}
	rm -f "$sql"
	awk -v n="$n" -v us=$((t1 - t0)) 'BEGIN { printf "{\"txns\": %d, \"seconds\": %.6f, \"tps\": %.3f}\n", n, us / 1e6, n / (us / 1e6) }'
	;;
*)
	echo "usage: dma-bench-sqlite prepare|run MODE DB TABLES [KIND N]" >&2
	exit 2
	;;
esac
