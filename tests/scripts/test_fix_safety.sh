#!/bin/bash
# --fix under faults (DESIGN.md, "Robustness": never corrupt a user's file).
#
#  - a read-only file: an error naming it, the file untouched;
#  - a symlink: the target is edited, the link stays a link;
#  - the file changed between analysis and write: refused, the change kept;
#  - two warplint --fix on the same files at once: no corruption, no lost
#    edit, the result equals one --fix;
#  - a process killed in the middle of writing: the original stays whole;
#  - permissions, owner and CRLF line endings kept;
#  - --fix twice on a copy of the whole corpus: the second changes nothing.
#
# Timing-dependent cases use fixits/write.c's test hooks
# (WARPLINT_TEST_PAUSE_BEFORE_WRITE, WARPLINT_TEST_PAUSE_MID_WRITE) and wait
# for the line the hook prints, never for a guessed delay.
#
# Needs WARPLINT and SOURCE_DIR (set by ctest).

set -u
: "${WARPLINT:?}" "${SOURCE_DIR:?}"

FIXTURES=$SOURCE_DIR/tests/fixtures/robust
T=$(mktemp -d)
PIDS=
cleanup()
{
	local p
	for p in $PIDS; do
		kill -9 "$p" 2>/dev/null
	done
	chmod -R u+rwX "$T" 2>/dev/null
	rm -rf "$T"
}
trap cleanup EXIT
cd "$T" || exit 1

failures=0
CASE=

fail()
{
	echo "FAIL [$CASE]: $*" >&2
	failures=$((failures + 1))
}

# wait_for FILE TEXT: until the log FILE has TEXT (at most 60 s).
wait_for()
{
	local i
	for i in $(seq 600); do
		grep -qF -- "$2" "$1" 2>/dev/null && return 0
		sleep 0.1
	done
	fail "gave up waiting for '$2' in $1"
	return 1
}

# No temporary file may be left beside a fixed file after a clean run.
no_temp_files()
{
	local left
	left=$(find "$1" -name '.*.warplint-*' | head -3)
	[ -z "$left" ] || fail "temporary files left behind: $left"
}

ORIG=$FIXTURES/fixable.cu
# The reference: what a single --fix makes of the fixture.
cp "$ORIG" ref.cu
timeout 120 "$WARPLINT" --fix -q ref.cu >/dev/null 2>&1
if cmp -s "$ORIG" ref.cu; then
	echo "fixable.cu has no fix at all: this test cannot check anything" >&2
	exit 1
fi

CASE="read-only file"
cp "$ORIG" ro.cu
chmod 444 ro.cu
OUT=$(timeout 120 "$WARPLINT" --fix -q ro.cu 2>&1)
RC=$?
[ "$RC" = 2 ] || fail "exit status $RC, expected 2"
grep -qF "error: ro.cu: file is read-only" <<<"$OUT" ||
	fail "no error naming ro.cu and saying why: $OUT"
cmp -s "$ORIG" ro.cu || fail "the read-only file was changed"
[ "$(stat -c %a ro.cu)" = 444 ] || fail "mode changed to $(stat -c %a ro.cu)"

CASE="read-only beside writable"
cp "$ORIG" ro2.cu
cp "$ORIG" rw2.cu
chmod 444 ro2.cu
timeout 120 "$WARPLINT" --fix -q ro2.cu rw2.cu >/dev/null 2>&1
cmp -s ref.cu rw2.cu || fail "the writable file beside it was not fixed"
cmp -s "$ORIG" ro2.cu || fail "the read-only file was changed"

CASE="symlink"
mkdir real
cp "$ORIG" real/k.cu
ln -s real/k.cu link.cu
timeout 120 "$WARPLINT" --fix -q link.cu >/dev/null 2>&1
[ -L link.cu ] || fail "link.cu is no longer a symlink"
[ "$(readlink link.cu)" = real/k.cu ] || fail "link.cu points elsewhere now"
cmp -s ref.cu real/k.cu || fail "the link's target was not fixed"
no_temp_files .

CASE="file changed between analysis and write"
cp "$ORIG" changed.cu
# The hook prints its line, then sleeps 3 s: ample time to edit the file.
WARPLINT_TEST_PAUSE_BEFORE_WRITE=3 "$WARPLINT" --fix -q \
	changed.cu >changed.log 2>&1 &
pid=$!
PIDS="$PIDS $pid"
if wait_for changed.log "WARPLINT_TEST_PAUSE_BEFORE_WRITE"; then
	echo "// edited by someone else meanwhile" >>changed.cu
	cp changed.cu changed.want
fi
wait "$pid"
RC=$?
[ "$RC" = 2 ] || fail "exit status $RC, expected 2"
grep -q "changed.cu: .*changed since it was read" changed.log ||
	fail "no refusal naming changed.cu: $(cat changed.log)"
cmp -s changed.cu changed.want || fail "the other edit was lost"
no_temp_files .

CASE="two --fix at once"
for round in 1 2 3; do
	rm -rf "two$round"
	mkdir "two$round"
	for i in 1 2 3 4; do cp "$ORIG" "two$round/k$i.cu"; done
	# Round 1 forces both to have read the files before either writes;
	# the others race freely.
	hook=
	[ "$round" = 1 ] && hook=1
	WARPLINT_TEST_PAUSE_BEFORE_WRITE=$hook "$WARPLINT" --fix -q \
		-j2 "two$round"/k*.cu >"two$round/a.log" 2>&1 &
	a=$!
	WARPLINT_TEST_PAUSE_BEFORE_WRITE=$hook "$WARPLINT" --fix -q \
		-j2 "two$round"/k*.cu >"two$round/b.log" 2>&1 &
	b=$!
	PIDS="$PIDS $a $b"
	wait "$a"
	ra=$?
	wait "$b"
	rb=$?
	for i in 1 2 3 4; do
		cmp -s ref.cu "two$round/k$i.cu" ||
			fail "round $round: k$i.cu differs from a single --fix"
	done
	# Each run either fixed a file or refused it; it never crashed.
	for r in $ra $rb; do
		case $r in 1|2) ;; *) fail "round $round: exit status $r" ;; esac
	done
	if grep -q "Assertion\|Sanitizer\|corrupt" "two$round"/*.log; then
		fail "round $round: $(cat "two$round"/*.log)"
	fi
	no_temp_files "two$round"
done

CASE="killed while writing"
# A larger file, so that half of it is a real partial write.
for i in $(seq 200); do sed "s/\b\(sum\|vote\)\b/\1_$i/" "$ORIG"; done >killed.cu
cp killed.cu killed.orig
WARPLINT_TEST_PAUSE_MID_WRITE=60 "$WARPLINT" --fix -q \
	killed.cu >killed.log 2>&1 &
pid=$!
PIDS="$PIDS $pid"
wait_for killed.log "WARPLINT_TEST_PAUSE_MID_WRITE"
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
cmp -s killed.orig killed.cu || fail "the original was damaged by the kill"
half=$(find . -maxdepth 1 -name '.killed.cu.warplint-*' | head -1)
[ -n "$half" ] || fail "no half-written temporary file: the hook did not act"
# The next run is not confused by the leftover, and fixes the file.
timeout 120 "$WARPLINT" --fix -q killed.cu >/dev/null 2>&1
cmp -s killed.orig killed.cu && fail "the run after the kill fixed nothing"
rm -f .killed.cu.warplint-*

CASE="permissions and owner kept"
for mode in 600 640 755 664; do
	cp "$ORIG" "perm$mode.cu"
	chmod "$mode" "perm$mode.cu"
	timeout 120 "$WARPLINT" --fix -q "perm$mode.cu" >/dev/null 2>&1
	cmp -s ref.cu "perm$mode.cu" || fail "perm$mode.cu not fixed"
	[ "$(stat -c %a "perm$mode.cu")" = "$mode" ] ||
		fail "mode $mode became $(stat -c %a "perm$mode.cu")"
done
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
	cp "$ORIG" owned.cu
	chown nobody owned.cu
	timeout 120 "$WARPLINT" --fix -q owned.cu >/dev/null 2>&1
	[ "$(stat -c %U owned.cu)" = nobody ] ||
		fail "owner became $(stat -c %U owned.cu)"
fi

CASE="CRLF kept"
sed 's/$/\r/' "$ORIG" >crlf.cu
timeout 120 "$WARPLINT" --fix -q crlf.cu >/dev/null 2>&1
sed 's/$/\r/' ref.cu >crlf.want
cmp -s crlf.want crlf.cu || fail "CRLF file fixed differently from the LF one"

CASE="--fix twice on the corpus"
if [ -d "$SOURCE_DIR/corpus" ]; then
	cp -r "$SOURCE_DIR/corpus" corpus
	mapfile -t files < <(find corpus -name '*.cu' ! -name '*.fixed.cu' | sort)
	if [ "${#files[@]}" -gt 0 ]; then
		timeout 600 "$WARPLINT" --fix -q -j2 --extra-arg=-Icorpus/include \
			"${files[@]}" >first.log 2>&1
		find corpus -type f -exec cksum {} + | sort >first.sum
		timeout 600 "$WARPLINT" --fix -q -j2 --extra-arg=-Icorpus/include \
			"${files[@]}" >second.log 2>&1
		find corpus -type f -exec cksum {} + | sort >second.sum
		if ! cmp -s first.sum second.sum; then
			fail "the second --fix changed: $(diff first.sum second.sum |
				grep '^>' | awk '{print $4}' | tr '\n' ' ')"
		fi
		grep -q "fixed " second.log &&
			fail "the second --fix rewrote files: $(grep 'fixed ' second.log | head -3)"
		no_temp_files corpus
	fi
fi

if [ "$failures" -ne 0 ]; then
	echo "$failures failure(s)" >&2
	exit 1
fi
echo "all fix-safety cases passed"
