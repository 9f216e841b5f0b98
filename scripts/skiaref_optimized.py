#!/usr/bin/env python3
"""Cross-checks `svga optimize` output with an independent reader (issue 11).

    python3 scripts/skiaref_optimized.py [--svga .build/release/svga] [--out DIR] [--min-psnr 40] [--only NAME ...]

For every conformance file (../shared/conformance/<name>/, whose source is
../shared/corpus/<name>.svga): optimize it with `svga optimize`, render the optimized file at the
conformance frames with skiaref (../shared/tools/skiaref: Python, skia-python, its own decoder)
and with `svga render`, and compare each frame (PSNR over premultiplied RGBA, skiaref's own
compare code). skiaref draws bitmaps bilinearly without mipmaps, as `svga render` does by default.
A file passes when every compared frame is >= --min-psnr dB, or, where `svga render` of the
ORIGINAL file is already further than that from skiaref's reference frame (a renderer difference
the optimizer did not cause; the "original" column), when the optimized file is no further from
skiaref than that. The "skiaref" column compares skiaref's render of the optimized file with its
reference frame of the original. Files the optimizer refuses are listed with the reason and do
not count as failures. Exit 1 when a file fails.
Needs: pip install skia-python numpy pillow.
"""
import argparse, json, math, os, subprocess, sys, tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.normpath(os.path.join(REPO, "..", "shared"))
SKIAREF = os.path.join(SHARED, "tools", "skiaref")


def show(db):
    """PSNR for the table: identical, a figure, or - when not measured."""
    return "identical" if db == math.inf else ("%.2f dB" % db if db == db and db != -math.inf else "-")


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
            rows.append((name, len(frames), float("nan"), float("nan"), float("nan"), "svga render failed: " + render.stderr.strip()[:120]))
            continue
        try:
            rf.render_one(optimized, theirs, spec)
        except Exception as e:   # skiaref could not read our file: that is what this check is for
            failed.append(name)
            rows.append((name, len(frames), float("nan"), float("nan"), float("nan"), "skiaref failed: %s" % e))
            continue
        baseline_dir = os.path.join(out, "ours-original", name)
        subprocess.run([a.svga, "render", os.path.join(SHARED, "corpus", name + ".svga"), "--out", baseline_dir,
                        "--frames", spec, "-y", "--quiet"], capture_output=True, text=True)

        def psnr(x, y):
            if not (os.path.exists(x) and os.path.exists(y)):
                return -math.inf
            return cmp.compare_arrays(cmp.load_premul(x), cmp.load_premul(y))[0]["psnr"]

        worst = baseline = skia_same = math.inf
        for n in frames:
            f = "frame_%04d.png" % n
            ref = os.path.join(conformance, name, f)
            worst = min(worst, psnr(os.path.join(ours, f), os.path.join(theirs, f)))
            baseline = min(baseline, psnr(os.path.join(baseline_dir, f), ref))
            skia_same = min(skia_same, psnr(os.path.join(theirs, f), ref))
        ok = worst >= min(a.min_psnr, baseline - 0.5)
        if not ok:
            failed.append(name)
        verdict = "ok" if worst >= a.min_psnr else ("ok (as far as the original: %s)" % show(baseline) if ok else "below %.0f dB" % a.min_psnr)
        rows.append((name, len(frames), worst, baseline, skia_same, verdict))
    print("%-28s %6s %10s %10s %10s  %s" % ("file", "frames", "optimized", "original", "skiaref", "verdict"))
    for name, count, worst, baseline, skia_same, verdict in rows:
        print("%-28s %6d %10s %10s %10s  %s" % (name, count, show(worst), show(baseline), show(skia_same), verdict))
    for name, why in skipped:
        print("%-28s not written by svga optimize: %s" % (name, why))
    finite = [r[2] for r in rows if r[2] == r[2] and r[2] != math.inf]
    print("skiaref cross-check: %d files compared, %d failed, %d not written; min PSNR %s (bound %.0f dB); work folder %s"
          % (len(rows), len(failed), len(skipped), ("%.2f dB" % min(finite)) if finite else "identical everywhere",
             a.min_psnr, out))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
