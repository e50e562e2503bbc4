#!/bin/bash
# The documentation the binary carries and installs: --explain prints the
# rule page, --list-rules lists every page's rule, the man page documents
# every option of --help, and cmake --install puts binary, man page and
# docs in place.
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

for page in "$SOURCE_DIR"/rules/WL*.md; do
	id=$(basename "$page" .md)
	"$WARPLINT" --explain "$id" >"$tmp/explain" || fail "--explain $id"
	cmp -s "$tmp/explain" "$page" || fail "--explain $id is not rules/$id.md"
	"$WARPLINT" --list-rules | grep -q "^$id " || fail "$id not listed"
done
"$WARPLINT" --explain WL999 >/dev/null 2>&1 && fail "--explain WL999 succeeded"

# Every long option of --help appears in the man page (roff escapes '-').
"$WARPLINT" --help | grep -o -- '--[a-z][a-z-]*' | sort -u >"$tmp/opts"
[ "$(wc -l <"$tmp/opts")" -gt 10 ] || fail "too few options in --help"
while read -r opt; do
	roff=$(printf '%s' "$opt" | sed 's/-/\\\\-/g')
	grep -q -- "$roff" "$SOURCE_DIR/docs/warplint.1" ||
		fail "docs/warplint.1 does not document $opt"
done <"$tmp/opts"
if command -v man >/dev/null; then
	man -l "$SOURCE_DIR/docs/warplint.1" >/dev/null 2>&1 ||
		fail "man cannot render docs/warplint.1"
fi

# Installation into a scratch prefix.
cmake --install "$BUILD_DIR" --prefix "$tmp/prefix" >/dev/null ||
	fail "cmake --install"
[ -x "$tmp/prefix/bin/warplint" ] || fail "binary not installed"
[ -f "$tmp/prefix/share/man/man1/warplint.1" ] || fail "man page not installed"
[ -f "$tmp/prefix/share/doc/warplint/rules/WL101.md" ] || fail "rule pages not installed"
[ -f "$tmp/prefix/share/doc/warplint/json-format.md" ] || fail "json-format.md not installed"
echo PASS
