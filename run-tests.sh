#!/usr/bin/env bash
# The whole test suite: install and build if needed, then every unit, corpus
# and command-line test through ctest.  This is what .ci/run runs.
set -euo pipefail
cd "$(dirname "$0")"
./bootstrap.sh --no-run
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
