#!/usr/bin/env bash
# Re-records the reference frames of SampleAssets with the Skia reference renderer
# (../shared/tools/skiaref, which implements spec Part A independently of our code):
#   pip install skia-python numpy pillow && scripts/record-sample-references.sh
# Run it after changing a sample scene; the SampleAssets reference test then holds our renderer to
# the same thresholds as the corpus conformance test.
set -euo pipefail
cd "$(dirname "$0")/.."
out=Tests/SVGARenderTests/SampleReferences
rm -rf "$out"; mkdir -p "$out"
for f in SampleAssets/*.svga; do
  name=$(basename "$f" .svga)
  n=$(python3 -c "import sys; sys.path.insert(0,'../shared/tools/skiaref'); import svga_decode as sd; print(sd.decode_file('$f').frames)")
  frames="0,$((n / 3)),$((2 * n / 3)),$((n - 1))"
  python3 ../shared/tools/skiaref/render_frames.py "$f" --out "$out/$name" --frames "$frames" >/dev/null
  python3 - "$out/$name/meta.json" <<'PY'
import json, sys
p = sys.argv[1]; m = json.load(open(p)); m.pop("render_ms", None)
json.dump(m, open(p, "w"), indent=1, sort_keys=True)
PY
done
du -sh "$out"
