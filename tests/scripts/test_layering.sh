#!/bin/bash
# The layers (issue 16), bottom up: base, fixits, analyzer (the engine),
# rules, driver (the program), gpu_verify.  A file includes headers of its
# own folder and of the folders below it, never above.  Within a folder,
# the files' calls form no cycle (read from the symbols each object of
# libwl_core.a defines and uses), so that each reads without the next.
#
# Needs SOURCE_DIR and BUILD_DIR (set by ctest).

set -u
cd "${SOURCE_DIR:?}" || exit 1
lib=${BUILD_DIR:?}/base/libwl_core.a
if [ ! -s "$lib" ] || ! nm "$lib" >/dev/null 2>&1; then
	echo "FAIL: no symbols to read in $lib (build it first)" >&2
	exit 1
fi
layers=(base fixits analyzer rules driver gpu_verify)
# One recursion that stays split in three files, each one idea: the
# uniformity of a value (eval.c) rests on the trip counts of the loops
# around its writes (evaltrip.c), a trip count on its bounds, per lane
# where they are constant (evalint.c), and those on the values that reach
# them (eval.c); a difference whose varying terms cancel (evaldiff.c)
# asks how its other terms vary, and what a call stores into a local
# through its address (evalout.c) how the call's arguments do, and an
# expression that did not parse (evalunparsed.c) how the variables it
# names do.  Joined, they would make one file of 2,000 lines; cut apart,
# function pointers would hide the recursion from the reader.
allowed_loop=" eval.c evaldiff.c evalint.c evalout.c evaltrip.c evalunparsed.c "
failures=0

# "file:folder/header.h" for every project include under folder $1.
includes()
{
	grep -ro '^#include "[a-z_]*/[a-z_0-9]*\.[a-z]*"' "$1" \
		--include='*.c' --include='*.h' | sed 's/#include "//; s/"$//'
}

for ((i = 0; i < ${#layers[@]}; i++)); do
	below=" ${layers[*]:0:i+1} "
	while IFS=: read -r file header; do
		# gpu_verify/include/... is a folder of gpu_verify's own
		[[ " ${layers[*]} " == *" ${header%%/*} "* ]] || continue
		[[ $below == *" ${header%%/*} "* ]] && continue
		echo "FAIL: $file includes $header, a layer above ${layers[i]}/" >&2
		failures=$((failures + 1))
	done < <(includes "${layers[i]}")
	# calls between the files of this folder, as "caller callee" pairs
	files=" $(cd "${layers[i]}" && echo *.c) "
	loop=$(nm -A "$lib" 2>/dev/null | awk -v files="$files" '
		{ split($1, p, ":"); obj = p[2]; sub(/\.o$/, "", obj) }
		index(files, " " obj " ") == 0 { next }
		$(NF-1) == "U" { use[obj, $NF] = 1; next }
		$(NF-1) ~ /^[TDBR]$/ { def[$NF] = obj }
		END { for (k in use) { split(k, u, SUBSEP)
			if ((u[2] in def) && def[u[2]] != u[1])
				print u[1], def[u[2]] } }' |
		tsort 2>&1 >/dev/null | sed -n 's/^tsort: \([a-z_0-9]*\.c\)$/\1/p' |
		sort -u | while read -r f; do
			[[ $allowed_loop == *" $f "* ]] || echo "$f"
		done)
	if [ -n "$loop" ]; then
		echo "FAIL: a cycle of calls in ${layers[i]}/ through:" $loop >&2
		failures=$((failures + 1))
	fi
done

if [ "$failures" -ne 0 ]; then
	echo "$failures layering violation(s)" >&2
	exit 1
fi
echo "ok"
