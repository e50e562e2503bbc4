#!/bin/bash
# --export-fixes round trip: the YAML that warplint writes, applied by
# clang-apply-replacements to a copy of the sources, gives the same bytes
# as warplint --fix on another copy.
set -u
car=$(command -v clang-apply-replacements-19 || command -v clang-apply-replacements)
[ -n "$car" ] || { echo "no clang-apply-replacements"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

mkdir -p "$tmp/a" "$tmp/b" "$tmp/yaml"
n=0
for f in "$SOURCE_DIR"/tests/golden/ci-sample.cu \
	 "$SOURCE_DIR"/corpus/WL101/*.cu "$SOURCE_DIR"/corpus/WL102/*.cu; do
	case "$f" in *.fixed.cu) continue ;; esac
	n=$((n + 1))
	cp "$f" "$tmp/a/$n.cu"
	cp "$f" "$tmp/b/$n.cu"
done
[ "$n" -gt 2 ] || fail "too few inputs"

(cd "$tmp/a" && "$WARPLINT" --no-config -q --export-fixes="$tmp/yaml/fixes.yaml" \
	./*.cu >/dev/null)
[ -s "$tmp/yaml/fixes.yaml" ] || fail "no YAML written"
grep -q 'ReplacementText' "$tmp/yaml/fixes.yaml" || fail "YAML has no replacement"
"$car" "$tmp/yaml" || fail "clang-apply-replacements rejected the YAML"
(cd "$tmp/b" && "$WARPLINT" --no-config -q --fix ./*.cu >/dev/null 2>&1)

changed=0
for i in $(seq 1 "$n"); do
	cmp -s "$tmp/a/$i.cu" "$tmp/b/$i.cu" ||
		{ diff -u "$tmp/b/$i.cu" "$tmp/a/$i.cu"; fail "$i.cu differs"; }
	cmp -s "$tmp/a/$i.cu" "$SOURCE_DIR/tests/golden/ci-sample.cu" || changed=1
done
[ "$changed" = 1 ] || fail "no file was changed: the test proves nothing"
echo PASS
