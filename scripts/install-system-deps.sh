#!/usr/bin/env bash
# Installs the Debian packages costlens needs beyond Node: Chromium (Playwright tests, later PDF export)
# and fonts. Idempotent: does nothing when they are present. Never downloads a browser of its own.
set -euo pipefail

if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
  exit 0
fi

packages=(chromium fonts-liberation)
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${packages[*]} with apt-get (about 30 s)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
elif command -v sudo >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${packages[*]} with sudo apt-get (about 30 s)…"
  sudo apt-get update -qq
  sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${packages[@]}" >/dev/null
else
  echo "warning: chromium is not installed and cannot be installed here (no root or apt-get)." >&2
  echo "         The console runs without it; the browser tests need /usr/bin/chromium." >&2
fi
