#!/usr/bin/env bash
# Installs the Debian packages of scripts/debian-packages.txt that are not installed yet.
# Touches apt only when something is missing. Works as root; otherwise uses sudo if there is one.
set -euo pipefail

list="$(dirname "$0")/debian-packages.txt"
packages=$(sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "$list")

missing=()
for package in $packages; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  if [[ "$status" != "install ok installed" ]]; then missing+=("$package"); fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-deps: all $(wc -w <<<"$packages") packages are installed"
  exit 0
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then
  if command -v sudo >/dev/null; then
    sudo=(sudo)
  else
    echo "install-deps: not root and no sudo; install these as root: ${missing[*]}" >&2
    exit 1
  fi
fi

echo "install-deps: installing ${missing[*]}"
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends "${missing[@]}"
