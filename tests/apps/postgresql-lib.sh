# Helpers for the PostgreSQL tests (tests/apps/postgresql-*.t), after tests/vm/lib.sh:
#   . "$TESTDIR/../vm/lib.sh"; . "$TESTDIR/postgresql-lib.sh"
# Debian's postgresql-15, from the apps guest image (qemu-scripts/rootfs.sh apps).  One server
# at a time, run as the postgres user on a Unix socket in /run/pg, no TCP; small buffers for a
# 2 GiB TCG guest.  Data checksums are on (initdb -k), so a torn page cannot pass unseen.

PG_BIN=/usr/lib/postgresql/15/bin
PG_SOCK=/run/pg
PG_USER=postgres

# _require_postgresql: skip unless the guest image has PostgreSQL 15.
_require_postgresql() {
	[ -x $PG_BIN/postgres ] || _skip "postgresql-15 is not in the guest image (make test-apps boots the apps image)"
	id -u $PG_USER >/dev/null 2>&1 || _skip "the postgres user is missing from the guest image"
}

# _pg_as CMD...: run a command as the postgres user.
_pg_as() { (cd / && runuser -u $PG_USER -- "$@"); }

# _pg_init DATADIR: a fresh cluster with data checksums, owned by postgres.
_pg_init() {
	mkdir -p "$1" $PG_SOCK && chown $PG_USER: "$1" $PG_SOCK && chmod 0700 "$1" &&
		_pg_as $PG_BIN/initdb -D "$1" -k -A trust -U postgres -E UTF8 --locale=C >/tmp/pg-init.log 2>&1 ||
		{ tail -n 20 /tmp/pg-init.log; return 1; }
}

# _pg_start DATADIR FPW(on|off) [more "-c name=value" options]: start the server, wait for it.
# Page writes all the time: a short checkpoint interval and a busy background writer.
_pg_start() {
	local dir=$1 fpw=$2; shift 2
	mkdir -p $PG_SOCK && chown $PG_USER: $PG_SOCK
	_pg_as $PG_BIN/pg_ctl start -w -t 300 -D "$dir" -l /tmp/pg-server.log -o "-c listen_addresses='' \
		-c unix_socket_directories=$PG_SOCK -c full_page_writes=$fpw -c shared_buffers=16MB \
		-c max_wal_size=64MB -c min_wal_size=32MB -c checkpoint_timeout=30s -c bgwriter_delay=10ms \
		-c bgwriter_lru_maxpages=1000 -c synchronous_commit=on -c fsync=on -c wal_sync_method=fdatasync \
		-c max_connections=20 $*" >/tmp/pg-start.log 2>&1 ||
		{ echo "postgres did not start:"; tail -n 20 /tmp/pg-start.log /tmp/pg-server.log; return 1; }
}

# _pg_stop: a clean (fast) shutdown.
_pg_stop() { _pg_as $PG_BIN/pg_ctl stop -w -t 300 -m fast -D "$1" >/dev/null 2>&1; }

# _pg_kill: SIGKILL to the postmaster and every backend, as a crash would stop them.
_pg_kill() {
	pkill -9 -x postgres
	local i
	for ((i = 0; i < 100; i++)); do
		pgrep -x postgres >/dev/null || return 0
		sleep 0.1
	done
	echo "postgres processes survived SIGKILL"; return 1
}

# _psql SQL...: run SQL, unaligned, tuples only, stop at the first error.
_psql() { _pg_as psql -h $PG_SOCK -U postgres -X -q -A -t -v ON_ERROR_STOP=1 "$@"; }

# _pgbench ARGS...: pgbench on the server (database postgres).
_pgbench() { _pg_as $PG_BIN/pgbench -h $PG_SOCK -U postgres "$@" postgres; }
