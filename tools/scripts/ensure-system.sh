#!/usr/bin/env bash
# Installs and starts what the tests and the product need from the machine, idempotently:
# Debian's Chromium for the browser tests, the PostgreSQL and Redis servers the tests use
# (started with the machine's own commands when they are not running), and ClamAV's clamd for
# files-svc's virus scanning, started with tools/clamav/clamd.conf and the EICAR-only signature
# database shipped in tools/clamav/db (no download), and OpenLDAP's slapd (with ldap-utils) for
# the demo staff directory that tools/stack/directory.ts runs itself (tools/ldap/README.md).
# Needs root for apt-get and clamd.
# `--runtime` (npm start) skips what only the tests need (Chromium, docker-compose).
set -euo pipefail

runtime_only=false
[ "${1:-}" = --runtime ] && runtime_only=true

need_apt=()
$runtime_only || [ -x /usr/bin/chromium ] || need_apt+=(chromium fonts-liberation)
# Debian's docker-compose parses docker/compose.yaml without an engine (tools/scripts/check-compose.sh).
$runtime_only || command -v docker-compose >/dev/null || need_apt+=(docker-compose)
[ -x /usr/sbin/clamd ] || need_apt+=(clamav clamav-daemon)
[ -x /usr/sbin/slapd ] || need_apt+=(slapd ldap-utils)
# promtool (Debian's prometheus package) checks the alert rules (tools/kubernetes/alerts.test.ts).
$runtime_only || command -v promtool >/dev/null || need_apt+=(prometheus)
# The tests make a TLS certificate for a throw-away Redis (libs/service-kit/src/testing/redis-server.ts).
$runtime_only || command -v openssl >/dev/null || need_apt+=(openssl)

if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "ensure-system: missing ${need_apt[*]}; run as root or install them with apt-get" >&2
    exit 1
  fi
  echo "ensure-system: installing ${need_apt[*]}"
  if [[ " ${need_apt[*]} " == *" slapd "* ]]; then
    # No default database, so the package's postinst creates nothing and no system slapd serves
    # port 389 (a failing service start there is ignored): the demo directory runs its own slapd.
    echo 'slapd slapd/no_configuration boolean true' | debconf-set-selections
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  echo "ensure-system: starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
fi
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "ensure-system: starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly yes --maxmemory-policy noeviction --dir /var/lib/redis --logfile /var/log/redis/ci.log
fi
# Sessions, rate limits and the scan, email and places queues live in Redis: the local one keeps
# them across a restart (append-only file) and never evicts a key to make room (a lost job is a
# lost email), as production's must (docs/deploy.md "Redis"). Applied to a Redis already running too.
if redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  redis-cli -h 127.0.0.1 -p 6379 config set maxmemory-policy noeviction >/dev/null 2>&1 || true
  redis-cli -h 127.0.0.1 -p 6379 config set appendonly yes >/dev/null 2>&1 || true
fi

# clamd answers PING on 127.0.0.1:3310 (and on /run/clamav/clamd.ctl) once it is up.
clamd_answers() {
  local reply=''
  { exec 3<>/dev/tcp/127.0.0.1/3310 && printf 'zPING\0' >&3 && IFS= read -r -d '' -t 3 reply <&3; } 2>/dev/null || true
  # In braces: a bare `exec … 2>/dev/null` would silence the rest of this script's stderr.
  { exec 3>&-; } 2>/dev/null || true
  [ "$reply" = PONG ]
}
clamav_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/../clamav" && pwd)"
# tools/clamav/clamd.conf as clamd runs it (the database path filled in; the User line dropped
# when the clamav user cannot read the repository).
render_clamd_conf() {
  local keep_user='b'
  runuser -u clamav -- test -r "${clamav_dir}/db/clearing-desk-eicar.ndb" 2>/dev/null || keep_user='d'
  sed -e "s#@CLAMAV_DIR@#${clamav_dir}#g" -e "/^User clamav\$/${keep_user}" "${clamav_dir}/clamd.conf"
}
if clamd_answers; then
  # A clamd started before tools/clamav/clamd.conf changed keeps its old settings (limits): say so
  # rather than restart it under whoever is using it.
  # Settings only: comments and the database path (another checkout's) do not count.
  settings() { grep -v '^#\|^DatabaseDirectory\|^$' "$@"; }
  if [ -r /run/clamav/clearing-desk-clamd.conf ] && ! cmp -s <(render_clamd_conf | settings) <(settings /run/clamav/clearing-desk-clamd.conf); then
    echo "ensure-system: the running clamd was started with an older tools/clamav/clamd.conf; restart it to apply the new one: kill \"\$(cat /run/clamav/clearing-desk-clamd.pid)\" && sudo bash tools/scripts/ensure-system.sh" >&2
  fi
else
  if [ "$(id -u)" != 0 ]; then
    echo "ensure-system: clamd is not running; run this script as root to start it (files-svc fails closed without it)" >&2
    exit 1
  fi
  echo "ensure-system: starting clamd (tools/clamav/clamd.conf, EICAR-only signatures)"
  mkdir -p /run/clamav /var/log/clamav
  chown clamav:clamav /run/clamav /var/log/clamav 2>/dev/null || true
  # clamd drops to the clamav user; when that user cannot read the repository (a private home
  # folder), it stays root instead.
  render_clamd_conf > /run/clamav/clearing-desk-clamd.conf
  clamd --config-file=/run/clamav/clearing-desk-clamd.conf
  for _ in $(seq 1 60); do clamd_answers && break; sleep 0.5; done
  clamd_answers || { echo "ensure-system: clamd did not answer on 127.0.0.1:3310; see /var/log/clamav/clearing-desk-clamd.log" >&2; exit 1; }
fi
