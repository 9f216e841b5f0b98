#!/usr/bin/env bash
# Installs the Debian packages SVGAKit builds against, only those that are missing.
# Needs root (or sudo) only when something is missing.
set -euo pipefail
packages=(make pkg-config zlib1g-dev libpng-dev libdeflate-dev libfreetype-dev
  libharfbuzz-dev libharfbuzz-bin libfribidi-dev libfontconfig-dev libturbojpeg0-dev libwebp-dev
  libimagequant-dev   # svga optimize --lossy: palette quantisation (pngquant's library)
  fonts-dejavu-core fonts-noto-cjk fonts-noto-core fonts-noto-color-emoji
  libcurl4-openssl-dev   # libcurl's header for the hook's downloads (CHTTPFetch loads libcurl.so.4 at the first one)
  ffmpeg   # `svga export`'s encoder (optional at run time) and the export tests
  libhiredis-dev redis-server)   # the worker pool's Redis client; the pool tests start their own redis-server
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: all present (${packages[*]})"
  exit 0
fi
echo "deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
