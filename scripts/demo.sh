#!/usr/bin/env bash
# The main job on the bundled samples: build, then for every SampleAssets/*.svga print what it
# holds and render every frame to out/demo/<name>/frame_NNNN.png (replacing an earlier run's frames).
set -euo pipefail
cd "$(dirname "$0")/.."
# Static Swift runtime, as `make build` (see the Makefile).
swift build -c release --static-swift-stdlib --product svga
svga=.build/release/svga
mkdir -p out/demo
for f in SampleAssets/*.svga; do
  name=$(basename "$f" .svga)
  echo "== $f"
  "$svga" info "$f"
  "$svga" render "$f" --out "out/demo/$name" --overwrite
done
if [ -f SampleAssets/gift.svga ]; then
  echo "== personalised gift: SampleAssets/gift.svga with a round avatar, a nickname and a count"
  "$svga" render SampleAssets/gift.svga --out out/demo/gift-personalised --overwrite \
    --set-image avatar=out/demo/bitmaps/frame_0012.png --image-fit avatar=aspect-fill --image-mask avatar=circle \
    --set-text 'nickname=Ada Lovelace' --text-style 'nickname={"color":"#FFD700","size":34}' \
    --set-text count=x3 --text-style 'count={"size":44}'
  echo "== personalised gift with a CJK + Latin + emoji name (HarfBuzz shaping, fontconfig fallback, colour emoji)"
  "$svga" render SampleAssets/gift.svga --out out/demo/gift-cjk-emoji --overwrite \
    --set-image avatar=out/demo/bitmaps/frame_0012.png --image-fit avatar=aspect-fill --image-mask avatar=circle \
    --set-text 'nickname=小明 Alice 🌹' --text-style 'nickname={"color":"#FFD700","size":34,"fit":"shrink","minSize":20}' \
    --set-text count=x3 --text-style 'count={"size":44}'
  echo "   frame with the name in full: out/demo/gift-cjk-emoji/frame_0020.png"
fi
echo "PNG frames are in out/demo/"
