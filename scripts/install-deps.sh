#!/usr/bin/env bash
# Installs the Debian packages that are not installed yet: those of scripts/debian-packages.txt
# (building and running doska: `make play`), and with --test also those of
# scripts/debian-packages-test.txt, node and npm, and the browser tests' npm packages (`make test`).
# Touches apt only when something is missing. Works as root; otherwise uses sudo if there is one.
set -euo pipefail

here=$(dirname "$0")
lists=("$here/debian-packages.txt")
test=0
case "${1:-}" in
  "") ;;
  --test) test=1; lists+=("$here/debian-packages-test.txt") ;;
  *) echo "usage: install-deps.sh [--test]" >&2; exit 2 ;;
esac
packages=$(sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "${lists[@]}")

missing=()
for package in $packages; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  if [[ "$status" != "install ok installed" ]]; then missing+=("$package"); fi
done

# node and npm run the browser tests; Debian's are installed only when there are none (a node
# from elsewhere is kept as it is).
if [[ $test -eq 1 ]]; then
  if ! command -v node >/dev/null; then missing+=(nodejs); fi
  if ! command -v npm >/dev/null; then missing+=(npm); fi
fi

if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-deps: all $(wc -w <<<"$packages") packages are installed"
else
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
fi

# The browser tests' npm packages (playwright-core, pinned by package-lock.json).
browser_tests="$here/../tests/browser"
if [[ $test -eq 1 && ! -d "$browser_tests/node_modules" ]]; then
  echo "install-deps: npm packages of tests/browser"
  if [[ -f "$browser_tests/package-lock.json" ]]; then
    (cd "$browser_tests" && npm ci --no-audit --no-fund)
  else
    (cd "$browser_tests" && npm install --no-audit --no-fund)
  fi
fi
