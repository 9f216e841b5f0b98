#!/usr/bin/env python3
"""Cross-checks `svga optimize` output with an independent reader (issue 11).

    python3 scripts/skiaref_optimized.py [--svga .build/release/svga] [--out DIR] [--min-psnr 40] [--only NAME ...]

For every conformance file (../shared/conformance/<name>/, whose source is
../shared/corpus/<name>.svga): optimize it with `svga optimize`, render the optimized file at the
conformance frames with skiaref (../shared/tools/skiaref: Python, skia-python, its own decoder)
and with `svga render`, and compare each frame (PSNR over premultiplied RGBA, skiaref's own
compare code). skiaref draws bitmaps bilinearly without mipmaps, as `svga render` does by default.
A file passes when every compared frame is >= --min-psnr dB; files the optimizer refuses or
cannot read are listed with the reason and do not count as failures. Exit 1 when a file fails.
Needs: pip install skia-python numpy pillow.
"""
import argparse, json, math, os, subprocess, sys, tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.normpath(os.path.join(REPO, "..", "shared"))
SKIAREF = os.path.join(SHARED, "tools", "skiaref")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--svga", default=os.path.join(REPO, ".build", "release", "svga"))
    ap.add_argument("--out", default=None, help="work folder (default: a temporary one)")
    ap.add_argument("--min-psnr", type=float, default=40.0)
    ap.add_argument("--only", nargs="*", default=None)
    a = ap.parse_args()
    sys.path.insert(0, SKIAREF)
    import render_frames as rf   # skiaref: decoder + renderer (needs skia-python)
    import compare as cmp        # skiaref's PSNR over premultiplied RGBA

    out = a.out or tempfile.mkdtemp(prefix="skiaref-optimized-")
    conformance = os.path.join(SHARED, "conformance")
    names = sorted(n for n in os.listdir(conformance)
                   if os.path.isfile(os.path.join(conformance, n, "meta.json"))
                   and os.path.isfile(os.path.join(SHARED, "corpus", n + ".svga")))
    if a.only:
        names = [n for n in names if n in a.only]
    failed, skipped, rows = [], [], []
    for name in names:
        frames = json.load(open(os.path.join(conformance, name, "meta.json")))["frames"]
        spec = ",".join(str(f) for f in frames)
        optimized = os.path.join(out, "optimized", name + ".svga")
        os.makedirs(os.path.dirname(optimized), exist_ok=True)
        if os.path.exists(optimized):
            os.remove(optimized)
        run = subprocess.run([a.svga, "optimize", os.path.join(SHARED, "corpus", name + ".svga"), optimized, "--quiet"],
                             capture_output=True, text=True)
        if not os.path.exists(optimized):
            skipped.append((name, (run.stderr.strip().splitlines() or ["no output"])[-1]))
            continue
        ours, theirs = os.path.join(out, "ours", name), os.path.join(out, "skiaref", name)
        render = subprocess.run([a.svga, "render", optimized, "--out", ours, "--frames", spec, "-y", "--quiet"],
                                capture_output=True, text=True)
        if render.returncode != 0:
            failed.append(name)
            rows.append((name, len(frames), float("nan"), "svga render failed: " + render.stderr.strip()[:120]))
            continue
        try:
            rf.render_one(optimized, theirs, spec)
        except Exception as e:   # skiaref could not read our file: that is what this check is for
            failed.append(name)
            rows.append((name, len(frames), float("nan"), "skiaref failed: %s" % e))
            continue
        worst, note = math.inf, ""
        for n in frames:
            fa, fb = os.path.join(ours, "frame_%04d.png" % n), os.path.join(theirs, "frame_%04d.png" % n)
            if not (os.path.exists(fa) and os.path.exists(fb)):
                worst, note = -math.inf, "frame %d missing" % n
                break
            r, _ = cmp.compare_arrays(cmp.load_premul(fa), cmp.load_premul(fb))
            worst = min(worst, r["psnr"])
        ok = worst >= a.min_psnr
        if not ok:
            failed.append(name)
        rows.append((name, len(frames), worst, note or ("ok" if ok else "below %.0f dB" % a.min_psnr)))
    print("%-28s %6s %10s  %s" % ("file", "frames", "min PSNR", "verdict"))
    for name, count, worst, verdict in rows:
        shown = "identical" if worst == math.inf else ("%.2f dB" % worst if worst == worst else "-")
        print("%-28s %6d %10s  %s" % (name, count, shown, verdict))
    for name, why in skipped:
        print("%-28s not written by svga optimize: %s" % (name, why))
    finite = [w for _, _, w, _ in rows if w == w and w != math.inf]
    print("skiaref cross-check: %d files compared, %d failed, %d not written; min PSNR %s (bound %.0f dB); work folder %s"
          % (len(rows), len(failed), len(skipped), ("%.2f dB" % min(finite)) if finite else "identical everywhere",
             a.min_psnr, out))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
