#!/usr/bin/env bash
# Installs the Debian packages the tests need when missing: Chromium with its headless shell (the
# journeys run in the shell) and a CJK font for the browser tests, LibreOffice without its GUI
# (Writer, Calc, Impress) for the Office-to-PDF previews, and Tesseract with its English data for
# the test that tries to read the captcha; poppler-utils (pdfsig, pdftotext, pdftoppm) and
# libnss3-tools (certutil) to check signed contracts the way other tools see them; WenQuanYi Micro
# Hei, a CJK font in TrueType outlines that the watermarks of served PDFs embed as a subset.
# Quick when everything is there: it only asks dpkg.
set -euo pipefail
missing=()
for package in chromium chromium-headless-shell fonts-noto-cjk fonts-wqy-microhei tesseract-ocr tesseract-ocr-eng poppler-utils libnss3-tools; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
# Any LibreOffice will do (a desktop install has the full packages, not the -nogui ones).
if ! command -v soffice >/dev/null 2>&1 && [ ! -x /usr/lib/libreoffice/program/soffice ]; then
  missing+=(libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui)
fi
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
