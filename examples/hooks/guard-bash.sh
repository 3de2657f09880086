#!/bin/sh
# A PreToolUse command hook (Claude Code's hook protocol): the event JSON arrives on stdin.
# Exit 2 blocks the call and stderr goes to the model; exit 0 with no output has no opinion.
input=$(cat)
case "$input" in
  *'rm -rf'*)
    echo "guard-bash.sh: recursive deletes are not allowed in this project" >&2
    exit 2
    ;;
esac
exit 0
