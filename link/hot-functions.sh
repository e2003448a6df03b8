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
    name=$1
    shift
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/$name.out" \
        "$nomic" "$@" >/dev/null 2>&1 || true
}
# In this order: `diff` holds two files and has the least room, so its
# functions come first and lie together; then those of `parse`, `check`
# and `render`.
run 1-diff diff "$inputs/rules-l.md" "$inputs/rules-l-changed.md"
run 2-parse parse "$inputs/rules-l.md"
run 3-check check "$inputs/rules-l.md"
run 4-md-short render --to md-short "$inputs/rules-l.md"
run 5-txt-long render --to txt-long "$inputs/rules-l.md"
nm "$nomic" | awk '$2 ~ /^[tT]$/ { print $3 }' | sort -u >"$work/defined"
# Each function once, grouped by which runs name it (those of every run
# first, then by the runs in the order above), in the order first named.
for out in "$work"/*.out; do
    sed -n 's/^c\{0,1\}fn=([0-9]*) //p' "$out" | awk '!seen[$0]++'
    echo "--"
done >"$work/named"
awk '
    NR == FNR { defined[$0] = 1; next }
    $0 == "--" { bit /= 2; next }
    FNR == 1 { bit = 16 }
    defined[$0] {
        if (!($0 in mask)) order[n++] = $0
        mask[$0] += bit
    }
    END { for (i = 0; i < n; i++) printf "%02d %06d %s\n", 31 - mask[order[i]], i, order[i] }
' "$work/defined" "$work/named" | LC_ALL=C sort | cut -d" " -f3 >link/hot-functions.txt
wc -l link/hot-functions.txt
