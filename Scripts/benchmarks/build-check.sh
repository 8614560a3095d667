#!/usr/bin/env bash
# Builds the benchmark package (debug) without running a benchmark: the CI check that the
# benchmarks still compile against the core. Run from anywhere; exits non-zero on any error.
# Warnings in the benchmark package's own sources fail the check too.
set -euo pipefail
cd "$(dirname "$0")/../../Benchmarks"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "== swift build (Benchmarks/)"
swift build 2>&1 | tee "$log"
if grep -E "^$(pwd)/(Benchmarks|Sources)/.*warning:" "$log"; then
    echo "error: the benchmark package has warnings (above)" >&2
    exit 1
fi
