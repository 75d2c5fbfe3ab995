#!/usr/bin/env bash
# What every test run needs on this machine, prepared the same way for `npm test` and `.ci/run`:
# PostgreSQL on 127.0.0.1:5432, Redis on 127.0.0.1:6379, Debian's Chromium at /usr/bin/chromium and
# Debian's docker-compose (only to check docker-compose.yml; no Docker engine is needed).
# Starts or installs what is missing where it can (Debian, as root); otherwise stops at once with
# one line naming what is missing and the command that provides it.
set -uo pipefail

missing() { echo "Missing: $1. $2"; exit 1; }

if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ] && [ "$(id -u)" = 0 ]; then
    echo "Starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
  pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null ||
    missing "PostgreSQL on 127.0.0.1:5432 (trust auth)" \
      "Provide it with: sudo apt-get install -y postgresql && sudo pg_ctlcluster \$(ls /etc/postgresql) main start"
fi

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  if command -v redis-server >/dev/null; then
    echo "Starting Redis"
    mkdir -p /var/lib/redis /var/log/redis 2>/dev/null
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log >/dev/null
    for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
  fi
  redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 ||
    missing "Redis on 127.0.0.1:6379" "Provide it with: sudo apt-get install -y redis-server && redis-server --daemonize yes"
fi

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's Chromium (about 20 s)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null && apt-get install -y -qq chromium >/dev/null
  fi
  [ -x /usr/bin/chromium ] ||
    missing "Chromium at /usr/bin/chromium (the browser tests use Debian's)" "Provide it with: sudo apt-get install -y chromium"
fi
# The compose file's check against the Compose specification (issue 13): Debian's docker-compose.
if ! command -v docker-compose >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's docker-compose (the compose file's check)"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get install -y -qq --no-install-recommends docker-compose ||
      { apt-get update -qq && apt-get install -y -qq --no-install-recommends docker-compose; }; } >/dev/null
  fi
  command -v docker-compose >/dev/null ||
    missing "docker-compose (checks docker-compose.yml)" "Provide it with: sudo apt-get install -y docker-compose"
fi
echo "PostgreSQL, Redis, Chromium and docker-compose are ready"
