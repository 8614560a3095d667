#!/usr/bin/env bash
# Builds the benchmark package (debug) without running a benchmark: the CI check that the
# benchmarks still compile against the core. Run from anywhere; exits non-zero on any error.
# Warnings in the benchmark package's own sources fail the check too.
set -euo pipefail
cd "$(dirname "$0")/../../Benchmarks"

# package-benchmark 1.38 resolves only with Swift 6.3 or later (Benchmarks/README.md): say so and
# skip on an older toolchain rather than fail on a dependency's manifest.
version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9]*\)\.\([0-9][0-9]*\).*/\1 \2/p' | head -n 1)
major=${version% *}
minor=${version#* }
if [ -z "$version" ] || [ "$major" -lt 6 ] || { [ "$major" -eq 6 ] && [ "$minor" -lt 3 ]; }; then
    echo "== Benchmarks/: skipped (Swift ${major:-?}.${minor:-?}; the benchmark package needs Swift 6.3 or later)"
    exit 0
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "== swift build (Benchmarks/)"
swift build 2>&1 | tee "$log"
if grep -E "^$(pwd)/(Benchmarks|Sources)/.*warning:" "$log"; then
    echo "error: the benchmark package has warnings (above)" >&2
    exit 1
fi
