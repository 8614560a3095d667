#!/usr/bin/env bash
# Runs every lesson under the trace recorder (`lab trace <id> --format html`), opens each page in
# headless Chromium, and saves a screenshot: the pictures checked the way a learner sees them.
# The browser is $CHROMIUM if set, else chromium, chromium-browser or google-chrome, else a Mac's
# Google Chrome (see find_chromium in Scripts/portable.sh).
# Fails when a lesson's trace cannot be written, when Chromium cannot render a page, or when a
# screenshot is blank (smaller than a page with no picture). Look at the screenshots before
# trusting a change to the drawing.
#
#   Scripts/traces/check-pictures.sh [output folder]      (default: .build/trace-pictures)
set -euo pipefail
cd "$(dirname "$0")/../.."
. Scripts/portable.sh

out="${1:-.build/trace-pictures}"
mkdir -p "$out"
pages="$(cd "$out" && pwd)"
if ! chromium="$(find_chromium)"; then
    echo "check-pictures: no Chromium; install it (apt-get install chromium; on a Mac, Google Chrome" \
        "or brew install --cask chromium), or name it in CHROMIUM" >&2
    exit 1
fi

swift build --product lab >/dev/null
lab="$(swift build --product lab --show-bin-path)/lab"
ids="$("$lab" list --json | python3 -c 'import json, sys; print(" ".join(s["id"] for s in json.load(sys.stdin)))')"

failed=0
for id in $ids; do
    page="$pages/$id.html"
    shot="$out/$id.png"
    if ! "$lab" trace "$id" --format html -o "$page" >/dev/null; then
        echo "FAIL $id: lab trace failed" >&2; failed=1; continue
    fi
    "$lab" trace "$id" --format svg -o "$out/$id.svg" >/dev/null
    rm -f "$shot"
    with_timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1260,900 \
        --screenshot="$shot" "file://$page" >/dev/null 2>&1 || true
    size=$(file_size "$shot")
    # A page with a heading and no picture is about 20 KB; a picture with lanes is several times that.
    if [ "$size" -lt 40000 ]; then
        echo "FAIL $id: screenshot $shot is ${size} bytes (blank, or not rendered)" >&2; failed=1; continue
    fi
    echo "ok   $id: $page ($(grep -c '<text x="12"' "$page") lanes), $shot (${size} bytes)"
done
exit $failed
