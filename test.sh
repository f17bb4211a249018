#!/usr/bin/env bash
# Runs every test: the Rust workspace (rules, engine, server API and load test), then the
# web app in headless Chromium. Installs what the browser tests need (Debian's chromium
# and CJK fonts, playwright-core from npm) when it is missing. The Fairy-Stockfish
# fixtures are committed, so no Python is needed.
#
#   ./test.sh                      everything
#   ASHTA_SKIP_BROWSER=1 ./test.sh  the Rust tests only
set -euo pipefail
cd "$(dirname "$0")"
cargo test --workspace --locked "$@"

if [ "${ASHTA_SKIP_BROWSER:-0}" = 1 ]; then
  exit 0
fi

# --- browser tests ---
if ! command -v chromium >/dev/null 2>&1; then
  echo "installing chromium for the browser tests"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
fi
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
cargo build --locked --profile test -p ashta
BIN="${CARGO_TARGET_DIR:-target}/debug/ashta"
WORK=$(mktemp -d)
PORT=$((20000 + RANDOM % 20000))
"$BIN" serve --addr "127.0.0.1:$PORT" --db "$WORK/browser.db" --no-open --games-per-minute 100000 >"$WORK/serve.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true; rm -rf "$WORK"' EXIT
UP=0
for _ in $(seq 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then UP=1; break; fi
  sleep 0.2
done
if [ "$UP" != 1 ]; then
  echo "the server did not start:" >&2
  cat "$WORK/serve.log" >&2
  exit 1
fi
mkdir -p target/screenshots
# a small experiment of the reconstruction lab, whose report the browser opens too
"$BIN" lab shatranj --compare tabiya=none,10 --games 4 --level 1 --jobs 2 --out "$WORK/lab" >/dev/null
ASHTA_URL="http://127.0.0.1:$PORT" SHOTS="$PWD/target/screenshots" LAB_REPORT="$WORK/lab/report.html" \
  node tests/browser/run.mjs
echo "screenshots of each board kind: target/screenshots/"
