#!/usr/bin/env bash
# End-to-end render time, one thread, on the frames that have conformance references: what a user
# of `svga render` waits for (decode + render + PNG + write). Compares two builds of `svga`:
#   scripts/bench-render.sh OLD_SVGA NEW_SVGA [NAME ...]     (names of ../shared/conformance folders)
# Each run is repeated 5 times; the best wall time counts (the least disturbed by other load).
set -euo pipefail
old=$1; new=$2; shift 2
names=("$@")
[ ${#names[@]} -eq 0 ] && names=(angel rose bubble 22 shape-path-undefined)
root="$(cd "$(dirname "$0")/.." && pwd)/../shared"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
best() {  # best wall seconds of 5 runs of: svga render FILE --out DIR --frames LIST --threads 1
  local exe=$1 file=$2 frames=$3 t b="" start
  for _ in 1 2 3 4 5; do
    rm -rf "$tmp/out"
    start=$EPOCHREALTIME
    "$exe" render "$file" --out "$tmp/out" --frames "$frames" --threads 1 >/dev/null
    t=$(awk "BEGIN{print $EPOCHREALTIME - $start}")
    if [ -z "$b" ] || awk "BEGIN{exit !($t < $b)}"; then b=$t; fi
  done
  echo "$b"
}
printf '%-24s %7s %9s %9s %8s\n' file frames "old ms" "new ms" speed-up
for name in "${names[@]}"; do
  file="$root/corpus/$name.svga"
  frames=$(ls "$root/conformance/$name" | sed -n 's/^frame_0*\([0-9][0-9]*\)\.png$/\1/p; s/^frame_0000\.png$/0/p' | sort -n | uniq | paste -sd, -)
  count=$(echo "$frames" | tr ',' '\n' | wc -l)
  o=$(best "$old" "$file" "$frames"); n=$(best "$new" "$file" "$frames")
  printf '%-24s %7d %9.1f %9.1f %7.2f×\n' "$name" "$count" "$(awk "BEGIN{print $o*1000}")" "$(awk "BEGIN{print $n*1000}")" "$(awk "BEGIN{print $o/$n}")"
done
