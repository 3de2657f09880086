#!/usr/bin/env bash
# Debian packages the tests use. Installed only when missing (apt-get update once).
set -euo pipefail
need=()
for pkg in "$@" $(cat .ci/debian-packages.txt | sed 's/#.*//'); do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || need+=("$pkg")
done
if [ "${#need[@]}" -eq 0 ]; then echo "debian packages: all present"; exit 0; fi
if [ "$(id -u)" -ne 0 ]; then echo "debian packages: missing ${need[*]} and not root; tests needing them skip"; exit 0; fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
echo "debian packages: installed ${need[*]}"
