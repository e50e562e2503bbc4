#!/bin/bash
# compile_commands.json as it comes from real (and hostile) projects:
# relative "directory" entries, a FILE named another way than its entry,
# unknown and nvcc-only flags, entries whose file is missing, spaces and
# non-ASCII in paths, a malformed database, and commands and arguments
# that would run programs if anything ever handed them to a shell.
# warplint must only parse them (compdb.h: "nothing from a compile
# database is ever executed"), and the same for a .warplint config file.
#
# Needs WARPLINT and SOURCE_DIR (set by ctest).

set -u
: "${WARPLINT:?}" "${SOURCE_DIR:?}"

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1

failures=0
CASE=
OUT=
RC=

fail()
{
	echo "FAIL [$CASE]: $*" >&2
	printf '%s\n' "$OUT" | head -30 >&2
	failures=$((failures + 1))
}

run()
{
	OUT=$(timeout 120 "$WARPLINT" --color=never "$@" 2>&1)
	RC=$?
}

expect_rc()
{
	[ "$RC" = "$1" ] || fail "exit status $RC, expected $1"
}

expect_out()
{
	grep -qF -- "$1" <<<"$OUT" || fail "output lacks: $1"
}

expect_no_out()
{
	! grep -qF -- "$1" <<<"$OUT" || fail "output has: $1"
}

# The header compiles only with the database's -I and -D: a finding and no
# WL900 prove that the entry's flags reached the parser.
mkdir -p "proj/src dir/inc" proj/build
printf '#pragma once\n#ifndef FROM_DB\n#error FROM_DB not defined: flags lost\n#endif\n' \
	>"proj/src dir/inc/h.cuh"
printf '#include "h.cuh"\n__global__ void k(int *o, int v) { o[0] = __shfl(v, 0); }\n' \
	>"proj/src dir/k é.cu"
cat >proj/build/compile_commands.json <<'EOF'
[
  {
    "directory": "../src dir",
    "file": "k é.cu",
    "command": "/usr/local/cuda/bin/nvcc -Iinc -DFROM_DB --bogus-flag -Xfoo --weird=1 -gencode arch=compute_60,code=sm_60 --expt-relaxed-constexpr -Xcompiler -fPIC,-Wall -ccbin g++ -x cu -c 'k é.cu' -o k.o"
  },
  {
    "directory": "../src dir",
    "file": "missing.cu",
    "arguments": ["nvcc", "-c", "missing.cu"]
  }
]
EOF

CASE="relative directory, run from elsewhere"
run -p proj/build "proj/src dir/k é.cu"
expect_rc 1
expect_out "k é.cu:2:43: error:"
expect_no_out "WL900"

CASE="relative directory, run from the build dir"
OUT=$(cd proj/build && timeout 120 "$WARPLINT" --color=never -p . "../src dir/k é.cu" 2>&1)
RC=$?
expect_rc 1
expect_no_out "WL900"

CASE="FILE named another way than the entry"
run -p proj/build "./proj/src dir/../src dir/k é.cu"
expect_rc 1
expect_no_out "WL900"

CASE="every file of the database, one missing"
run -p proj/build
expect_rc 2
expect_out "missing.cu: error: cannot open: No such file or directory"
expect_out "k é.cu:2:43: error:"
expect_no_out "WL900"

CASE="malformed database"
mkdir -p broken
printf '[ { "directory": "/tmp", "file": ' >broken/compile_commands.json
run -p broken proj/build/../"src dir/k é.cu"
case $RC in 2|3) ;; *) fail "exit status $RC, expected 2 or 3" ;; esac
expect_out "compile_commands.json"

CASE="commands are parsed, never run"
# Each of these creates a file if any part of it reaches a shell, or if an
# argument is passed to clang as something that loads code.
mkdir -p evil
printf '__global__ void k(int *o, int v) { o[0] = __shfl(v, 0); }\n' >evil/k.cu
cat >evil/compile_commands.json <<EOF
[
  {
    "directory": "$T/evil",
    "file": "k.cu",
    "command": "touch $T/pwned-command && nvcc -c k.cu; touch $T/pwned-semicolon | touch $T/pwned-pipe \$(touch $T/pwned-subst) \`touch $T/pwned-backtick\`"
  },
  {
    "directory": "$T/evil",
    "file": "k2.cu",
    "arguments": ["nvcc", "-DX=\$(touch $T/pwned-arg)", "-I\`touch $T/pwned-tick\`",
		  "-Xclang", "-load", "-Xclang", "$T/evil.so",
		  "-fplugin=$T/evil.so", "-B$T/evilbin", "--driver-mode=cl",
		  "-###", "-c", "k2.cu"]
  }
]
EOF
cp evil/k.cu evil/k2.cu
run -p evil
expect_rc 1
expect_out "k.cu:1:43: error:"
expect_out "k2.cu:1:43: error:"
for f in "$T"/pwned-*; do
	[ ! -e "$f" ] || fail "a command from the database ran: $f exists"
done

CASE="a config file is parsed, never run"
mkdir -p cfg
cp evil/k.cu cfg/k.cu
cat >cfg/.warplint <<EOF
# Every value here would run something if it reached a shell.
extra-arg = -DX=\$(touch $T/pwned-config)
extra-args: [ "\`touch $T/pwned-config2\`" ]
command = touch $T/pwned-config3
compile-database = \$(touch $T/pwned-config4)
EOF
run cfg/k.cu
# The config may be rejected (a usage error) or partly used; either way
# nothing in it may run.
for f in "$T"/pwned-*; do
	[ ! -e "$f" ] || fail "a command from the config file ran: $f exists"
done

if [ "$failures" -ne 0 ]; then
	echo "$failures failure(s)" >&2
	exit 1
fi
echo "all compile-database cases passed"
