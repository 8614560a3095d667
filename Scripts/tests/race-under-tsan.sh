#!/usr/bin/env bash
# Runs wrong-queue-mutation's deliberate data race under ThreadSanitizer, and shows its report.
#
# The race: two threads each run `item.count += 1` on the same model of a private context, with
# ConcurrencyDebug off and no perform: they read and write the model's attribute storage at the
# same time. The test that runs it (Tests/LessonsTests/WrongQueueMutationRaceDemoTests.swift)
# is disabled unless LAB_RACE_DEMO=1, so neither `swift test` nor the suite's
# `swift test --sanitize=thread` ever runs it; this script sets the variable.
#
# The sanitized build goes to .build-tsan (the first one takes several minutes, swift-syntax
# included), so the normal .build stays as it is.
#
# Usage: Scripts/tests/race-under-tsan.sh
# Exit status: 0 when ThreadSanitizer reported the data race (what this demonstrates), 1 if not.
set -uo pipefail
cd "$(dirname "$0")/../.."

log="$(mktemp)"
trap 'rm -f "$log"' EXIT

echo "== LAB_RACE_DEMO=1 swift test --sanitize=thread --filter WrongQueueMutationRaceDemoTests"
LAB_RACE_DEMO=1 swift test --sanitize=thread --scratch-path .build-tsan \
    --filter WrongQueueMutationRaceDemoTests 2>&1 | tee "$log"

echo
if grep -q "WARNING: ThreadSanitizer: data race" "$log"; then
    echo "== ThreadSanitizer reported the data race (swift test fails because of it, as it should):"
    grep -m 1 -A 12 "WARNING: ThreadSanitizer: data race" "$log"
    echo "== The fix: run each increment inside context.perform (or performAndWait), or in a model actor."
    exit 0
fi
echo "== ThreadSanitizer reported no data race: the demonstration did not work."
exit 1
