#!/usr/bin/env bash
# Runs observe.ts inside a sandbox: new mount, network and pid namespaces, loopback only, a
# read-only /, tmpfs over /tmp and /home, a small git project at /home/user/project, uid 65534.
# Usage (as root): scripts/observe-cli/sandbox.sh [observe.ts|observe-calls.ts] < in.jsonl > observed.jsonl
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
script="${1:-observe.ts}"
exec 3<&0
exec unshare --mount --net --pid --fork --mount-proc bash -s "$repo" "$script" <<'INNER'
set -euo pipefail
repo="$1"
script="$2"
mount --make-rprivate /
mount --bind / / && mount -o remount,bind,ro /
mount -t tmpfs -o mode=1777 tmpfs /tmp
mount -t tmpfs -o mode=0755 tmpfs /home
# /etc/claude-code (managed settings) exists only in this namespace: an overlay over /etc whose
# upper layer is the namespace's /tmp, so the host's /etc is never written.
mkdir -p /tmp/.etc-upper /tmp/.etc-work
mount -t overlay overlay -o lowerdir=/etc,upperdir=/tmp/.etc-upper,workdir=/tmp/.etc-work /etc
mkdir -p /etc/claude-code && chown 65534:65534 /etc/claude-code
ip link set lo up
p=/home/user/project
mkdir -p "$p/src/lib" "$p/docs" /home/user/.cache
cd "$p"
printf '# demo\n\nA small project.\nTODO: more\n' > README.md
printf '{\n  "name": "demo",\n  "version": "1.2.3",\n  "scripts": { "test": "node src/index.js" }\n}\n' > package.json
printf 'alpha\nbeta\ngamma\n' > a.txt
printf 'alpha\nBETA\ngamma\n' > b.txt
printf 'console.log("hi"); // TODO\n' > src/index.js
printf 'export const x = 1;\n' > src/lib/util.ts
printf 'notes\n' > docs/notes.md
printf 'a,b\n1,2\n' > data.csv
printf 'line\nline\nother\n' > dup.txt
git init -q . && git -c user.name=a -c user.email=a@b add -A && git -c user.name=a -c user.email=a@b commit -qm init
git tag v1.0.0
printf 'more\n' >> README.md
chown -R 65534:65534 /home/user
export HOME=/home/user OBSERVE_CWD="$p" PATH="$PATH"
exec setpriv --reuid=65534 --regid=65534 --clear-groups --no-new-privs \
  env HOME=/home/user OBSERVE_CWD="$p" TSX_DISABLE_CACHE=1 \
  node --import "$repo/node_modules/tsx/dist/esm/index.mjs" "$repo/scripts/observe-cli/$script" <&3
INNER
