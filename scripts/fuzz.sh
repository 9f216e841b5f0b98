#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer targets in Fuzz/ (a package of their own, so `swift build`
# and `swift test` never compile them) with -sanitize=fuzzer,address, seeds each from
# SampleAssets, the test fixtures and ../shared/corpus when present, and runs each for
# FUZZ_SECONDS (default 600). Inputs that crash, leak, time out or pass the memory bound are
# written to Fuzz/artifacts/<target>/; copy them to Tests/Fixtures/hostile/<target>/ so the
# replay test keeps them forever.
#
#   FUZZ_SECONDS=60 make fuzz                 a smoke run (CI)
#   FUZZ_TARGETS="protobuf zip" make fuzz     some targets only
#   FUZZ_SANITIZERS=fuzzer make fuzz          without AddressSanitizer (faster)
#   FUZZ_SEED=1 make fuzz                     libFuzzer's random seed fixed (CI: the same inputs
#                                             every run, so a green smoke run stays green)
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${FUZZ_SECONDS:-600}
TARGETS=${FUZZ_TARGETS:-"decode protobuf zip path json png render"}
SANITIZERS=${FUZZ_SANITIZERS:-fuzzer,address}
SEED_ARGS=()
[ -n "${FUZZ_SEED:-}" ] && SEED_ARGS=(-seed="$FUZZ_SEED")
ROOT=$PWD
WORK=$ROOT/Fuzz/work
mkdir -p "$WORK"

# One build folder per sanitizer set, so switching does not rebuild the other.
BUILD=(swift build -c release -Xswiftc -sanitize="$SANITIZERS" -Xswiftc -parse-as-library
       --build-path ".build-${SANITIZERS//,/-}")
(cd Fuzz && "${BUILD[@]}")
BIN=$(cd Fuzz && "${BUILD[@]}" --show-bin-path)
# A small quarantine: ASan's default 256 MB would count against the RSS limit below.
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=32:malloc_context_size=10}

svga_files() {
    find "$ROOT/SampleAssets" -name '*.svga'
    [ -d "$ROOT/../shared/corpus" ] && find "$ROOT/../shared/corpus" -name '*.svga'
    [ -d "$ROOT/Tests/Fixtures/hostile" ] && find "$ROOT/Tests/Fixtures/hostile" -type f
    true
}

# Seeds per target, rebuilt each run (the corpus libFuzzer grows is kept in $WORK/<t>/corpus).
# Large movies are reduced (scripts/fuzz-seed.pl: image bytes cut to their headers, frames to
# the first 24) so that each execution costs what the target parses, not megabytes of PNG data;
# what is still over 1 MiB after that (the hostile 1e6-arc paths) is left to the replay test.
seed() {
    local t=$1 dir=$WORK/$1/seeds
    rm -rf "$dir"; mkdir -p "$dir" "$WORK/$1/corpus" "$ROOT/Fuzz/artifacts/$1"
    local name
    case $t in
    decode)
        svga_files | while read -r f; do
            name=$dir/$(basename "$f")-$(cksum < "$f" | cut -d' ' -f1)
            if [ "$(stat -c %s "$f")" -le 65536 ] ||
               ! { perl scripts/fuzz-seed.pl svga "$f" || perl scripts/fuzz-seed.pl zip "$f"; } > "$name" 2>/dev/null; then
                cp "$f" "$name"
            fi
        done ;;
    render)
        # Rendering decodes the images, so they stay whole; movies still over 256 KiB after the
        # cut are left out (find below).
        svga_files | while read -r f; do
            name=$dir/$(basename "$f")-$(cksum < "$f" | cut -d' ' -f1)
            if ! { perl scripts/fuzz-seed.pl --whole-images svga "$f" || perl scripts/fuzz-seed.pl --whole-images zip "$f"; } > "$name" 2>/dev/null; then
                cp "$f" "$name"
            fi
            [ "$(stat -c %s "$name")" -le 262144 ] || rm -f "$name"
        done ;;
    zip)
        svga_files | while read -r f; do
            [ "$(head -c 2 "$f")" = "PK" ] || continue
            if [ "$(stat -c %s "$f")" -le 65536 ] || ! perl scripts/fuzz-seed.pl zip "$f" > "$dir/$(basename "$f")" 2>/dev/null; then
                cp "$f" "$dir/$(basename "$f")"
            fi
        done ;;
    protobuf)
        svga_files | while read -r f; do perl scripts/fuzz-seed.pl pb "$f" > "$dir/$(basename "$f").pb" 2>/dev/null || true; done ;;
    json)
        svga_files | while read -r f; do perl scripts/fuzz-seed.pl spec "$f" > "$dir/$(basename "$f").json" 2>/dev/null || true; done ;;
    path)
        cp "$ROOT"/Fuzz/seeds/path/* "$dir/" ;;
    png)
        find "$ROOT/Tests" "$ROOT/SampleAssets" -name '*.png' -size -64k | head -200 | while read -r f; do
            cp "$f" "$dir/$(cksum < "$f" | cut -d' ' -f1).png"; done ;;
    esac
    find "$dir" -type f \( -empty -o -size +1024k \) -delete
}

status=0
for t in $TARGETS; do
    seed "$t"
    echo "== fuzz-$t: $SECONDS_EACH s, seeds: $(ls "$WORK/$t/seeds" | wc -l)"
    # An input must cost < 1 s and < 100 MB without sanitizers (HostileUploadTests); ASan triples
    # memory and slows code 2–3×, and libFuzzer holds its whole corpus in memory, hence 5 s per
    # input, 2 GB for the process, and 256 MB for any single allocation (the budget's largest
    # single buffer is 64 MiB: one 4096² image).
    if ! "$BIN/fuzz-$t" "$WORK/$t/corpus" "$WORK/$t/seeds" -max_total_time="$SECONDS_EACH" \
        ${SEED_ARGS[@]+"${SEED_ARGS[@]}"} -timeout=5 -rss_limit_mb=2048 -malloc_limit_mb=256 -print_final_stats=1 \
        -artifact_prefix="$ROOT/Fuzz/artifacts/$t/" 2>&1 | tee "$WORK/$t/log.txt" | grep -E "^(#[0-9]+.*(INITED|DONE)|stat::|==[0-9]+==|SUMMARY|artifact)" ; then
        :
    fi
    if grep -qE "ERROR: libFuzzer|SUMMARY: AddressSanitizer|==ERROR" "$WORK/$t/log.txt"; then
        echo "fuzz-$t FOUND A PROBLEM: see $WORK/$t/log.txt and Fuzz/artifacts/$t/"
        status=1
    fi
    execs=$(grep -E "stat::number_of_executed_units" "$WORK/$t/log.txt" | awk '{print $2}')
    echo "fuzz-$t: ${execs:-?} executions in $SECONDS_EACH s (≈ $(( ${execs:-0} / SECONDS_EACH )) execs/s)"
done
exit $status
