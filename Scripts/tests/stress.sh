#!/usr/bin/env bash
# The full counter stress: 8 model actors × 1,000 increments (each a save), 50 runs under .error with
# refresh-and-retry, then 50 under .mergeByPropertyObjectTrump without retry. Prints one line per run
# and a summary per strategy; fails if an increment is lost under .error or a count does not add up.
# Extra arguments go to `swift test` (e.g. --scratch-path .build-stress).
set -euo pipefail
cd "$(dirname "$0")/../.."
LAB_STRESS_FULL=1 swift test --filter 'CounterStressTests/fullStress' "$@" 2>&1 | tee /tmp/concurrencylab-stress.log
