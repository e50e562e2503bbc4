#!/bin/bash
# The incremental cache (issue 15): a second run on an unchanged tree
# parses nothing and prints the same report byte for byte; changing a
# header analyses again exactly the files that include it; flags and
# configuration are part of the key; a damaged or unusable cache is a
# slower run, never a different one; --no-cache and WARPLINT_NO_CACHE
# turn it off.
#
# Needs WARPLINT (set by ctest).

set -u
: "${WARPLINT:?}"
unset WARPLINT_NO_CACHE

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
export WARPLINT_CACHE_DIR="$T/cache"
failures=0

fail()
{
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

# Files the cache gave: --verbose names each.
from_cache()
{
	grep -o "warplint: [^:]*: unchanged since" "$1" |
		sed 's/^warplint: //; s/: unchanged since$//' | sort | tr '\n' ' '
}

mkdir -p src
cat >src/step.cuh <<'EOF'
#define STEP 16
EOF
cat >src/a.cu <<'EOF'
#include "step.cuh"
__global__ void a(float *p)
{
	float v = p[threadIdx.x];
	v += __shfl_down(v, STEP);
	p[threadIdx.x] = v;
}
EOF
cat >src/b.cu <<'EOF'
__global__ void b(unsigned *p)
{
	if (__any(p[threadIdx.x]))
		p[0] = 1;
}
EOF
cat >src/clean.cu <<'EOF'
__global__ void c(float *p) { p[threadIdx.x] *= 2.0f; }
EOF
files=(src/a.cu src/b.cu src/clean.cu)

for fmt in text json sarif; do
	"$WARPLINT" --format=$fmt --color=never "${files[@]}" >first.$fmt 2>&1
	"$WARPLINT" --format=$fmt --color=never "${files[@]}" >second.$fmt 2>&1
	cmp -s first.$fmt second.$fmt ||
		fail "$fmt: a cached run printed another report"
	"$WARPLINT" --no-cache --format=$fmt --color=never "${files[@]}" \
		>fresh.$fmt 2>&1
	cmp -s first.$fmt fresh.$fmt ||
		fail "$fmt: a run with --no-cache printed another report"
done
grep -q "legacy-shuffle\|WL101" first.text || fail "no finding to compare"

# Nothing changed: every file from the cache.
"$WARPLINT" --verbose -q "${files[@]}" >/dev/null 2>v1.err
[ "$(from_cache v1.err)" = "src/a.cu src/b.cu src/clean.cu " ] ||
	fail "unchanged files not from the cache: '$(from_cache v1.err)'"

# A run the cache answers whole loads no libclang (the dynamic loader
# names each library it opens), and one that parses does.
loaded_libclang()
{
	LD_DEBUG=files "$WARPLINT" -q "$@" 2>&1 >/dev/null |
		grep -c 'file=[^ ]*libclang'
}
[ "$(loaded_libclang "${files[@]}")" = 0 ] ||
	fail "a run answered by the cache loaded libclang"
[ "$(loaded_libclang --no-cache "${files[@]}")" != 0 ] ||
	fail "the loader's trace names no libclang (the check above is void)"
# A library that cannot be loaded ends a parsing run, naming it.
WARPLINT_LIBCLANG=$T/none.so "$WARPLINT" --no-cache -q src/a.cu >/dev/null \
	2>nolib.err
status=$?
[ $status = 2 ] && grep -q "cannot load libclang $T/none.so" nolib.err ||
	fail "no clear error for a missing libclang (exit $status)"

# A header changes: only its includer is analysed again.
echo "#define STEP 8" >src/step.cuh
"$WARPLINT" --verbose -q "${files[@]}" >/dev/null 2>v2.err
[ "$(from_cache v2.err)" = "src/b.cu src/clean.cu " ] ||
	fail "after a header change: '$(from_cache v2.err)' from the cache"

# The file itself changes: analysed again, with the new text's finding.
sed -i 's/__any/__all/' src/b.cu
"$WARPLINT" --verbose -q "${files[@]}" >out3 2>v3.err
[ "$(from_cache v3.err)" = "src/a.cu src/clean.cu " ] ||
	fail "after an edit: '$(from_cache v3.err)' from the cache"
grep -q "__all" out3 || fail "the edited file's new finding is missing"

# Flags are part of the key.
"$WARPLINT" --verbose -q -DEXTRA=1 "${files[@]}" >/dev/null 2>v4.err
[ -z "$(from_cache v4.err)" ] ||
	fail "new flags, yet '$(from_cache v4.err)' from the cache"

# So is the configuration: a .warplint that disables a rule.
printf 'disable:\n  - WL102\n' >src/.warplint
"$WARPLINT" --verbose -q "${files[@]}" >out5 2>v5.err
grep -q "WL102" out5 && fail "a rule disabled by .warplint still reported"
rm src/.warplint

# --no-cache and WARPLINT_NO_CACHE neither read nor write it (the
# precompiled shim, which changes no result, stays: --no-pch for that).
rm -rf cache
"$WARPLINT" --no-cache -q "${files[@]}" >/dev/null 2>&1
WARPLINT_NO_CACHE=1 "$WARPLINT" -q "${files[@]}" >/dev/null 2>&1
[ -e cache/results ] && fail "--no-cache or WARPLINT_NO_CACHE wrote a cache"
rm -rf cache
"$WARPLINT" --no-cache --no-pch -q "${files[@]}" >/dev/null 2>&1
[ -e cache ] && fail "--no-cache --no-pch wrote to the cache folder"

# Damaged entries are misses: the same report as a fresh run.
"$WARPLINT" --format=json "${files[@]}" >good.json 2>/dev/null
find cache -type f -path '*results*' | while read -r f; do
	printf 'garbage' | dd of="$f" bs=1 seek=20 conv=notrunc 2>/dev/null
done
"$WARPLINT" --format=json "${files[@]}" >damaged.json 2>/dev/null
cmp -s good.json damaged.json || fail "a damaged cache changed the report"

# A cache folder that cannot be made: the run goes on without one.
WARPLINT_CACHE_DIR=/proc/warplint-cache "$WARPLINT" --format=json \
	"${files[@]}" >nocache.json 2>nocache.err
cmp -s good.json nocache.json || fail "an unusable cache changed the report"

# Concurrent runs share the folder safely.
rm -rf cache
for i in 1 2 3 4; do
	"$WARPLINT" --format=json "${files[@]}" >par$i.json 2>/dev/null &
done
wait
for i in 1 2 3 4; do
	cmp -s good.json par$i.json || fail "concurrent run $i differs"
done

# --fix from a cached result writes what a fresh analysis writes.
cp -r src fixed-fresh
cp -r src fixed-cached
(cd fixed-cached && "$WARPLINT" -q a.cu b.cu >/dev/null 2>&1)
(cd fixed-cached && "$WARPLINT" -q --fix a.cu b.cu >/dev/null 2>&1)
(cd fixed-fresh && "$WARPLINT" --no-cache -q --fix a.cu b.cu >/dev/null 2>&1)
diff -r fixed-fresh fixed-cached >/dev/null ||
	fail "--fix from the cache differs from a fresh --fix"
grep -q "__shfl_down_sync" fixed-cached/a.cu || fail "--fix did nothing"

if [ "$failures" -ne 0 ]; then
	echo "$failures failure(s)" >&2
	exit 1
fi
echo "ok"
