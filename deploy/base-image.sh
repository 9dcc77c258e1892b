#!/usr/bin/env bash
# Builds a local base image for Rampart's Containerfile on a machine that reaches no container
# registry: Debian's minimal root filesystem (debootstrap --variant=minbase), this host's Node and
# npm copied in, CA certificates, imported into Podman. Skipped when the image already exists.
#
#   deploy/base-image.sh [--force]
#   podman build --build-arg BASE_IMAGE=localhost/rampart-base:bookworm -f Containerfile .
#
# Environment: RAMPART_BASE_IMAGE (the tag, localhost/rampart-base:bookworm by default),
# DEBIAN_MIRROR (http://deb.debian.org/debian), NODE_BIN (the node to copy, /usr/bin/node).
# Needs root (debootstrap) and the host to run Debian-compatible glibc: Node is copied, not built.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
export CONTAINERS_CONF=${CONTAINERS_CONF:-$root/deploy/containers.conf}
image=${RAMPART_BASE_IMAGE:-localhost/rampart-base:bookworm}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
node_bin=${NODE_BIN:-/usr/bin/node}

if [ "${1:-}" != "--force" ] && podman image exists "$image"; then
  echo "base image $image already exists (deploy/base-image.sh --force rebuilds it)"
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "deploy/base-image.sh must run as root (debootstrap creates device nodes and owners)" >&2
  exit 1
fi
command -v debootstrap >/dev/null || { echo "debootstrap is not installed" >&2; exit 1; }
node_bin=$(readlink -f "$node_bin")
npm_dir=$(readlink -f "$(dirname "$node_bin")/../lib/node_modules/npm")
[ -x "$node_bin" ] || { echo "no node at $node_bin (set NODE_BIN)" >&2; exit 1; }
[ -f "$npm_dir/bin/npm-cli.js" ] || { echo "no npm beside $node_bin (looked in $npm_dir)" >&2; exit 1; }

work=$(mktemp -d /tmp/rampart-base.XXXXXX)
trap 'rm -rf "$work"' EXIT
rootfs=$work/rootfs
started=$(date +%s)

echo "debootstrap bookworm (minbase) from $mirror"
debootstrap --variant=minbase --include=ca-certificates bookworm "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -n 30 "$work/debootstrap.log" >&2
  exit 1
}

# The official Node image's layout: node and npm under /usr/local.
echo "copying $($node_bin --version) from $node_bin and npm $("$node_bin" "$npm_dir/bin/npm-cli.js" --version)"
install -D -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
mkdir -p "$rootfs/usr/local/lib/node_modules"
cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
# The host's built-in npm settings (its CA file, its headers directory) are not the image's.
rm -f "$rootfs/usr/local/lib/node_modules/npm/npmrc"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

# What an image does not need at run time.
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
  "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* \
  "$rootfs"/var/log/* "$rootfs"/tmp/*

chroot "$rootfs" /usr/local/bin/node -e 'require("node:crypto").randomUUID()' ||
  { echo "the copied node does not run in the new root filesystem" >&2; exit 1; }

echo "importing as $image"
tar --numeric-owner -C "$rootfs" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_VERSION='"$("$node_bin" --version | tr -d v)" \
  --change 'CMD ["node"]' \
  - "$image" >/dev/null
echo "base image $image built in $(($(date +%s) - started)) s"
