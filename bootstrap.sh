#!/usr/bin/env bash
# Set up a fresh Debian 12 machine for warplint: install what is missing with
# apt-get, build into build/, and run build/warplint over corpus/.
#   ./bootstrap.sh            everything
#   ./bootstrap.sh --no-run   install and build only (used by run-tests.sh)
set -euo pipefail
cd "$(dirname "$0")"

packages=(cmake make gcc pkg-config libclang-19-dev clang-19 clang-tools-19 libclang-rt-19-dev
	  libcmocka-dev libjansson-dev libyaml-dev libxxhash-dev python3 python3-yaml
	  python3-jsonschema valgrind)
missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	echo "bootstrap: installing ${missing[*]}"
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo="sudo"
	$sudo apt-get update -q
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j"$(nproc)"

if [ "${1:-}" != "--no-run" ]; then
	# Findings are expected in the corpus: exit status 1 is not an error here.
	mapfile -d '' files < <(find corpus \( -name '*.cu' -o -name '*.cuh' \) \
		! -name '*.fixed.cu*' ! -path 'corpus/include/*' -print0 | sort -z)
	status=0
	build/warplint --color=never "${files[@]}" || status=$?
	[ "$status" -le 1 ] || exit "$status"
fi
