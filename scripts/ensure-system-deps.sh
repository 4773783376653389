#!/usr/bin/env bash
# Installs the Debian packages the browser tests need (Chromium and a CJK font) when missing.
set -euo pipefail
missing=()
for package in chromium fonts-noto-cjk; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing Debian packages: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "apt-get is not available: install ${missing[*]} yourself, then run the tests again." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
