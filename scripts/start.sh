#!/usr/bin/env bash
# Serves console and API on one port (PORT, default 8080). Reuses the database at DB_PATH
# (default data/costlens.db); the simulator seeds it only when the file does not exist.
set -euo pipefail
cd "$(dirname "$0")/.."

# Rebuild the client only when a source file is newer than the last build.
if [ ! -f client/dist/index.html ] || [ -n "$(find client/src client/index.html shared/src -newer client/dist/index.html -print -quit 2>/dev/null)" ]; then
  echo "Building the console…"
  npm run build --silent
fi
exec node --import tsx simulator/src/server.ts
