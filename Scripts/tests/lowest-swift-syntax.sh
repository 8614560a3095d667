#!/usr/bin/env bash
# Builds a model layer that pins swift-syntax 600.0.1 (Scripts/tests/lowest-swift-syntax/), the
# lowest the package accepts, against the `SwiftData` product: the check that the package resolves
# beside other macro packages and that its macros build with that swift-syntax. Linux only: on a
# Mac the `SwiftData` product is not declared (Apple's framework is used).
set -euo pipefail
cd "$(dirname "$0")/lowest-swift-syntax"
if [ "$(uname -s)" != Linux ]; then
    echo "== lowest swift-syntax: skipped (the SwiftData product exists on Linux only)"
    exit 0
fi
echo "== swift build (Scripts/tests/lowest-swift-syntax: swift-syntax 600.0.1)"
swift build --scratch-path "${LOWEST_SWIFT_SYNTAX_SCRATCH:-.build}"
resolved=$(swift package --scratch-path "${LOWEST_SWIFT_SYNTAX_SCRATCH:-.build}" show-dependencies --format json | python3 -c '
import json, sys
def walk(node):
    for dependency in node.get("dependencies", []):
        if dependency["identity"] == "swift-syntax":
            print(dependency["version"]); return True
        if walk(dependency): return True
    return False
walk(json.load(sys.stdin))')
echo "swift-syntax resolved to $resolved"
[ "$resolved" = "600.0.1" ] || { echo "error: expected swift-syntax 600.0.1" >&2; exit 1; }
