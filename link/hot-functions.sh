#!/bin/sh
# Writes link/hot-functions.txt: the functions of target/release/nomic that
# `check`, `diff`, `parse` and `render` run on a 10,000-rule ruleset, as the
# linker names them, for build.rs to hand to the linker
# (`--symbol-ordering-file`): laid out together, the code a command runs
# fills fewer pages, and the kernel maps fewer around each page it faults
# in (see docs/performance.md, round 10).
#
# Run it from the repository's top after a change of toolchain, of
# Cargo.toml's version or dependencies (each renames every function of the
# crate), then build again. Needs valgrind and nm. A folder holding
# rules-l.md and rules-l-changed.md (`cargo xtask bench-peers-inputs 10000
# FOLDER`) may be given; otherwise they are generated.
set -eu
cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
inputs=${1:-$work}
if [ $# -eq 0 ]; then
    cargo xtask bench-peers-inputs 10000 "$work" >/dev/null
fi
nomic=target/release/nomic
run() {
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$1.out" \
        "$nomic" "$@" >/dev/null 2>&1 || true
}
run check "$inputs/rules-l.md"
run diff "$inputs/rules-l.md" "$inputs/rules-l-changed.md"
run parse "$inputs/rules-l.md"
for form in txt-long md-short; do
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/render-$form.out" \
        "$nomic" render --to "$form" "$inputs/rules-l.md" >/dev/null 2>&1 || true
done
nm "$nomic" | awk '$2 ~ /^[tT]$/ { print $3 }' | sort -u >"$work/defined"
# Each function once, in the order the runs first name it.
sed -n 's/^c\{0,1\}fn=([0-9]*) //p' "$work"/*.out | awk '!seen[$0]++' >"$work/named"
awk 'NR == FNR { defined[$0] = 1; next } defined[$0]' "$work/defined" "$work/named" \
    >link/hot-functions.txt
wc -l link/hot-functions.txt
