#!/usr/bin/env bash
# The test suite: install and build if needed, then every unit, corpus and
# command-line test through ctest.
#   ./run-tests.sh          the everyday suite (a few minutes)
#   ./run-tests.sh --full   also the memory checks (label memcheck: ASan and
#                           UBSan builds, Valgrind, a short libFuzzer run)
#                           and the behaviour guard (label behaviour:
#                           tests/scripts/behaviour.py); what CI runs
#                           (.ci/run)
# Other arguments go to ctest (-R REGEX, -L LABEL, ...).
set -euo pipefail
cd "$(dirname "$0")"
full=0
if [ "${1:-}" = "--full" ]; then
	full=1
	shift
fi
./bootstrap.sh --no-run
if [ "$full" = 1 ]; then
	exec ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
fi
exec ctest --test-dir build --output-on-failure -j"$(nproc)" -LE "memcheck|behaviour" "$@"
