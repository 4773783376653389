#!/usr/bin/env bash
# What the engine for behaviour (ADR 0014) set out to remove, counted in business code: casts of
# rows, raw writes, hand-written body parsers, untyped hook registrations and central lists.
# `bash scripts/behaviour-counts.sh [git-revision]` counts the working tree or a revision.
set -euo pipefail
cd "$(dirname "$0")/.."
tree=.
if [ $# -gt 0 ]; then
  tree=$(mktemp -d)
  trap 'rm -rf "$tree"' EXIT
  git archive "$1" packages/domain/src packages/platform/src | tar -x -C "$tree"
fi
domain="$tree/packages/domain/src"
platform="$tree/packages/platform/src"
code() { grep -rlE --include=*.ts --include=*.tsx '' "$@" | grep -vE '\.test\.|\.testing\.' || true; }
count() { if [ -n "$2" ]; then echo "$2" | xargs grep -oE "$1" | wc -l; else echo 0; fi; }
files=$(code "$domain")
echo "casts of rows (as number|string|boolean|Row|…) in domain code: $(count ' as (number|string|boolean|Row|Row\[\]|number\[\]|string\[\])\b' "$files")"
echo "raw writes (.update/.insert/.delete on the query builder, one line or chained) in domain code: $(count '(\b(tx|db|trx)\s*\.(update|insert|delete)\()|(\.(update|insert|delete)\((table|context\.runtime|schema\.\w+|\w+Table)\b)' "$files")"
echo "hand-written body parsers (bodyOf, idIn, idsIn, asBody) in domain and platform: $(count 'function (bodyOf|idIn|idsIn|asBody)\b' "$(code "$domain" "$platform")")"
echo "untyped hook registrations (legacyActions) in domain and platform: $(count '\blegacyActions\(' "$(code "$domain" "$platform")")"
central=0
for f in menus.ts messages.ts screens.ts server.ts index.ts approval-templates.ts; do [ -f "$domain/$f" ] && central=$((central + 1)); done
echo "central lists of areas' objects (menus, messages, screens, server, index, approval templates): $central"
