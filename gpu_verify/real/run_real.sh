#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# The real-code run of gpu_verify, the half that needs no GPU:
#
#   gpu_verify/real/run_real.sh [BUILD_DIR]
#
# builds gv-prepare and gv-report in BUILD_DIR (default build-gpu),
# takes the projects of manifest.yaml from their git mirrors, prepares
# BUILD_DIR/real-bundle, and prints the command for the GPU machine and
# the one that writes gpu_verify/REAL.md afterwards.  The bundle is
# self-contained (project headers travel in it); the GPU machine needs
# this repository's gpu_verify/ and the bundle, nothing else.
set -eu
cd "$(dirname "$0")/../.."
BUILD=${1:-build-gpu}
if [ ! -x "$BUILD/gv-prepare" ] || [ ! -x "$BUILD/gv-report" ]; then
	cmake -S . -B "$BUILD" >/dev/null
fi
cmake --build "$BUILD" -j2 --target gv-prepare gv-report >/dev/null
GV_PREPARE=$BUILD/gv-prepare python3 gpu_verify/real/real.py prepare \
	--bundle "$BUILD/real-bundle" || true
echo
echo "bundle: $BUILD/real-bundle ($(du -sh "$BUILD/real-bundle" | cut -f1)," \
	"$(ls "$BUILD/real-bundle/cases" | wc -l) cases," \
	"$(grep -c '^kernel ' "$BUILD"/real-bundle/cases/*/plan.txt |
		awk -F: '{ s += $2 } END { print s }') kernels planned)"
awk -F'\t' '$3 >= 2 { print "not prepared: " $2 " " $1 " (exit " $3 ")" }' \
	"$BUILD/real-bundle/prepare.tsv"
cat <<EOT

On the GPU machine, from the repository root (device tool: carry
["$BUILD/real-bundle"], timeout_s 600, an H100 or H200):

  GV_BUDGET=540 bash gpu_verify/run_on_gpu.sh $BUILD/real-bundle \$OUT/real 16

Then here, with the results it brought back in DIR:

  gpu_verify/real/real.py report $BUILD/real-bundle DIR
EOT
