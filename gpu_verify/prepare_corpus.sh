#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Prepare a gpu_verify bundle for every fixable corpus kernel (a corpus
# file NAME.cu with NAME.fixed.cu or NAME.shuffle.fixed.cu beside it) and
# for gpu_verify/examples, on a machine without a GPU:
#
#   gpu_verify/prepare_corpus.sh [BUNDLE] [FILE...]
#
# BUNDLE defaults to build-gpu/gv-bundle; FILEs default to the whole
# corpus.  GV_PREPARE names the gv-prepare binary.  Prints one line per
# case and exits 1 if any case had a problem (the bundle is still
# written: gv-report shows what is missing).
set -u
cd "$(dirname "$0")/.."
B=${1:-build-gpu/gv-bundle}
shift || true
PREP=${GV_PREPARE:-build-gpu/gv-prepare}
rm -rf "$B"
mkdir -p "$B"
status=0
if [ $# -eq 0 ]; then
	set -- $(find corpus gpu_verify/examples -name '*.cu' \
		! -name '*.fixed.cu' 2>/dev/null | sort)
fi
n=0
for src in "$@"; do
	stem=${src%.cu}
	styles=""
	[ -f "$stem.fixed.cu" ] && styles="syncwarp"
	[ -f "$stem.shuffle.fixed.cu" ] && styles="$styles shuffle"
	case $src in gpu_verify/examples/*) styles="syncwarp" ;; esac
	# A corpus file that does not compile on purpose (a header missing
	# by design, its header says "nvcc: no") has no after to build.
	if [ -n "$styles" ] && head -n 30 "$src" | grep -q '^ \* nvcc: no'; then
		echo "skip $src (nvcc: no)"
		continue
	fi
	# Options in the file's header (`launch: x32`, `unsafe-fixes: yes`)
	# change the fix warplint makes; the corpus's fixed file holds it.
	stated=""
	head -n 20 "$src" | grep -qE '^ \* (launch|unsafe-fixes|disable|enable):' &&
		stated=1
	for style in $styles; do
		fixed=()
		if [ -n "$stated" ]; then
			f=$stem.fixed.cu
			[ "$style" = shuffle ] && f=$stem.shuffle.fixed.cu
			fixed=(--fixed "$f")
		fi
		"$PREP" "$src" --out "$B" --fix-style "$style" "${fixed[@]}" \
			-I corpus/include 2>>"$B/prepare.log"
		rc=$?
		printf '%s\t%s\t%d\n' "$src" "$style" "$rc" >>"$B/prepare.tsv"
		n=$((n + 1))
		echo "prepare $src ($style): $rc"
		[ $rc -ne 0 ] && status=1
	done
done
echo "$n cases in $B"
exit $status
