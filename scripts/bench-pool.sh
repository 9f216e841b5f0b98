#!/usr/bin/env bash
# Throughput of the worker pool (not a test): events per second rendered by 1, 2 and 4
# `svga hook --redis` workers on a small gift (SampleAssets/gift.svga: 400×400, 30 frames).
# Each run gets a fresh redis-server on a free loopback port, preloads EVENTS events (distinct
# senders, so no combos), starts the workers (--threads 1 each: the pool is the parallelism) and
# times until every event has its result. Usage: scripts/bench-pool.sh [EVENTS] (default 60).
set -euo pipefail
cd "$(dirname "$0")/.."
EVENTS=${1:-60}
SVGA=.build/release/svga
[ -x "$SVGA" ] || swift build -c release >/dev/null
command -v redis-server >/dev/null || { echo "bench-pool: redis-server is not installed (scripts/install-deps.sh)"; exit 1; }
WORK=$(mktemp -d)
trap 'for p in ${PIDS:-}; do kill -9 "$p" 2>/dev/null || true; done; redis-cli -p "${PORT:-0}" shutdown nosave >/dev/null 2>&1 || true; rm -rf "$WORK"' EXIT
cp SampleAssets/gift.svga "$WORK/gift.svga"
cp "$SVGA" "$WORK/svga" && SVGA="$WORK/svga"   # a rebuild while the benchmark runs cannot touch it
cat > "$WORK/catalog.json" <<'JSON'
{"categories": [{"categoryID": 1, "name": "Bench", "giftList": [
  {"giftID": "rose", "name": "Rose", "resourceURL": "gift.svga",
   "extensionInfo": {"svga.nameKey": "nickname", "svga.countKey": "count"}}]}]}
JSON
echo "machine: $(nproc) cores, $(uname -srm); $(swift --version 2>/dev/null | head -1)"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $EVENTS events of SampleAssets/gift.svga (400x400, 30 frames)"
for WORKERS in 1 2 4; do
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no --dir "$WORK" --daemonize yes --logfile "$WORK/redis.log"
  until redis-cli -p "$PORT" ping >/dev/null 2>&1; do sleep 0.05; done
  for i in $(seq 1 "$EVENTS"); do
    redis-cli -p "$PORT" XADD gifts '*' event \
      "{\"eventID\":\"e$i\",\"liveID\":\"bench\",\"gift\":{\"giftID\":\"rose\"},\"sender\":{\"userID\":\"u$i\",\"userName\":\"User $i\"}}" >/dev/null
  done
  [ "$(redis-cli -p "$PORT" xlen gifts)" -eq "$EVENTS" ] || { echo "bench-pool: the events did not reach the stream"; exit 1; }
  rm -rf "$WORK/out"
  START=$(date +%s.%N)
  PIDS=""
  for w in $(seq 1 "$WORKERS"); do
    "$SVGA" hook --catalog "$WORK/catalog.json" --out "$WORK/out" --redis "redis://127.0.0.1:$PORT" --stream gifts \
      --group bench --threads 1 --combo-window 0 --quiet >/dev/null 2>"$WORK/worker-$w.err" &
    PIDS="$PIDS $!"
  done
  until [ "$(redis-cli -p "$PORT" xlen gifts:results)" -ge "$EVENTS" ]; do
    sleep 0.05
    for p in $PIDS; do kill -0 "$p" 2>/dev/null || { echo "bench-pool: a worker exited:"; cat "$WORK"/worker-*.err; exit 1; }; done
  done
  END=$(date +%s.%N)
  for p in $PIDS; do kill -TERM "$p"; done
  for p in $PIDS; do wait "$p"; done
  PIDS=""
  redis-cli -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
  awk -v n="$EVENTS" -v w="$WORKERS" -v s="$START" -v e="$END" \
    'BEGIN { printf "%d worker%s: %5.2f s, %6.2f events/s\n", w, (w == 1 ? " " : "s"), e - s, n / (e - s) }'
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
