# Helpers for the MariaDB tests (tests/apps/mariadb-*.t), after tests/vm/lib.sh:
#   . "$TESTDIR/../vm/lib.sh"; . "$TESTDIR/mariadb-lib.sh"
# Debian's mariadb-server and sysbench, from the apps guest image (qemu-scripts/rootfs.sh apps).
# One server at a time, as root, on a socket, no networking; small buffers for a 2 GiB TCG guest.

MDB_SOCK=/run/mdb.sock

# _require_mariadb: skip unless the guest image has the database packages.
_require_mariadb() {
	command -v mariadbd >/dev/null || _skip "mariadb-server is not in the guest image (make test-apps boots the apps image)"
	command -v sysbench >/dev/null || _skip "sysbench is not in the guest image"
}

# _mdb_init DATADIR: a fresh data directory (system tables), as mariadb-install-db makes it.
_mdb_init() {
	mariadb-install-db --no-defaults --user=root --datadir="$1" --auth-root-authentication-method=normal \
		--skip-test-db --skip-name-resolve --force --innodb-log-file-size=16M >/tmp/mdb-init.log 2>&1 ||
		{ tail -n 20 /tmp/mdb-init.log; return 1; }
}

# _mdb_start DATADIR DOUBLEWRITE(0|1) [more server options]: start the server, wait for it.
_mdb_start() {
	local dir=$1 dw=$2; shift 2
	mariadbd --no-defaults --user=root --datadir="$dir" --socket=$MDB_SOCK --skip-networking \
		--pid-file=/run/mdb.pid --log-error=/tmp/mdb-error.log \
		--innodb-doublewrite="$dw" --innodb-flush-method=O_DIRECT --innodb-flush-log-at-trx-commit=1 \
		--innodb-buffer-pool-size=64M --innodb-log-file-size=16M --innodb-log-buffer-size=2M \
		--skip-log-bin --performance-schema=0 --skip-name-resolve "$@" >/tmp/mdb-start.log 2>&1 &
	local i
	for ((i = 0; i < 600; i++)); do
		mariadb-admin --socket=$MDB_SOCK -uroot ping >/dev/null 2>&1 && return 0
		kill -0 $! 2>/dev/null || { echo "mariadbd exited:"; tail -n 20 /tmp/mdb-start.log /tmp/mdb-error.log; return 1; }
		sleep 0.5
	done
	echo "mariadbd did not answer in 300 s"; tail -n 20 /tmp/mdb-error.log; return 1
}

# _mdb_stop: a clean shutdown.
_mdb_stop() {
	mariadb-admin --socket=$MDB_SOCK -uroot shutdown >/dev/null 2>&1
	local i
	for ((i = 0; i < 600; i++)); do
		[ -e /run/mdb.pid ] || return 0
		sleep 0.5
	done
	echo "mariadbd did not stop"; return 1
}

# _mdb SQL...: run SQL through the client, tab-separated, no headers.
_mdb() { mariadb --socket=$MDB_SOCK -uroot -N -B "$@"; }

# _sysbench ARGS...: sysbench oltp_write_only against the server.
_sysbench() {
	sysbench oltp_write_only --db-driver=mysql --mysql-socket=$MDB_SOCK --mysql-user=root \
		--mysql-db=sbtest "$@"
}
