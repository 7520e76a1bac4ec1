#!/usr/bin/env bash
# One command from a fresh clone to a running console: system packages, npm dependencies,
# then `npm start` (builds the client when needed, seeds the database when there is none).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-system-deps.sh
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci
fi
exec bash scripts/start.sh
