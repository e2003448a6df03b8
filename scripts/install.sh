#!/bin/sh
# Installs nomic's release binary, checked against its published SHA-256:
# no compiler needed.
#
#   curl -fsSL https://github.com/OWNER/nomic/releases/latest/download/install.sh | sh
#
# NOMIC_VERSION      the release tag (v0.1.0), or `latest` (the default)
# NOMIC_INSTALL_DIR  where the binary goes (default ~/.local/bin)
# NOMIC_RELEASES     the releases page the assets are under
# NOMIC_TARGET       the target triple, when the platform's own is not wanted
#
# The assets are nomic-TARGET.tar.gz (nomic-TARGET.zip on Windows), each
# with nomic-TARGET.tar.gz.sha256 beside it, as .github/workflows/release.yml
# publishes them.
set -eu

releases="${NOMIC_RELEASES:-https://github.com/OWNER/nomic/releases}"
version="${NOMIC_VERSION:-latest}"
install_dir="${NOMIC_INSTALL_DIR:-$HOME/.local/bin}"

if [ -z "${NOMIC_TARGET:-}" ]; then
    case "$(uname -s)-$(uname -m)" in
        Linux-x86_64) NOMIC_TARGET=x86_64-unknown-linux-gnu ;;
        Darwin-arm64) NOMIC_TARGET=aarch64-apple-darwin ;;
        Darwin-x86_64) NOMIC_TARGET=x86_64-apple-darwin ;;
        MINGW*-x86_64 | MSYS*-x86_64 | CYGWIN*-x86_64) NOMIC_TARGET=x86_64-pc-windows-msvc ;;
        *)
            echo "nomic: no release binary for $(uname -s) $(uname -m);" \
                "build it with: cargo install --locked --git https://github.com/OWNER/nomic nomic" >&2
            exit 1
            ;;
    esac
fi

case "$NOMIC_TARGET" in
    *windows*) archive="nomic-$NOMIC_TARGET.zip" binary=nomic.exe ;;
    *) archive="nomic-$NOMIC_TARGET.tar.gz" binary=nomic ;;
esac
if [ "$version" = latest ]; then
    base="$releases/latest/download"
else
    base="$releases/download/$version"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
curl -fsSL -o "$archive" "$base/$archive"
curl -fsSL -o "$archive.sha256" "$base/$archive.sha256"
if command -v sha256sum >/dev/null 2>&1; then
    sha256sum -c "$archive.sha256" >/dev/null
else
    shasum -a 256 -c "$archive.sha256" >/dev/null
fi || {
    echo "nomic: $archive does not match its published SHA-256; nothing was installed" >&2
    exit 1
}
case "$archive" in
    *.zip) unzip -q "$archive" ;;
    *) tar -xzf "$archive" ;;
esac
mkdir -p "$install_dir"
cp "$binary" "$install_dir/$binary"
chmod +x "$install_dir/$binary"
echo "nomic: installed $("$install_dir/$binary" --version) in $install_dir"
