#!/usr/bin/env bash
# Runs every lesson once with `lab` (course size, in memory) and writes what it reported into
# the DocC catalog, where the tutorials' "what happens" steps show it:
#   Resources/output/<id>-wrong-way.txt   the wrong way's observations
#   Resources/output/<id>-right-way.txt   the right way's observations, then the numbers
#   Resources/images/trace-<id>.svg       a traced run's lanes (`lab trace <id> --format svg`),
#                                          for every lesson that runs contexts (not compiler-lessons)
#   Resources/images/course.svg, chapter-<name>.svg
#                                          the course's cover (a lesson's traced lanes) and chapter
#                                          thumbnails (a few lanes of a lesson, `--format card`), titled
#                                          with what each teaches (when every lesson is refreshed)
# The numbers are one run's on the machine that ran this script; commit the result.
#   Scripts/tutorials/refresh-outputs.sh [--text-only] [id…]     (default: every lesson)
# --text-only records the outputs alone and leaves the pictures as they are (a change of words).
# It builds `lab` in .build, or in the scratch path LAB_SCRATCH_PATH names (another build may be
# using .build): LAB_SCRATCH_PATH=.build-mine Scripts/tutorials/refresh-outputs.sh widget-change
set -euo pipefail
cd "$(dirname "$0")/../.."
out=Tutorials/ConcurrencyLabTutorials/ConcurrencyLab.docc/Resources/output
images=Tutorials/ConcurrencyLabTutorials/ConcurrencyLab.docc/Resources/images
scratch="${LAB_SCRATCH_PATH:-.build}"
mkdir -p "$out"
swift build --product lab --scratch-path "$scratch" >/dev/null
lab="$scratch/debug/lab"
text_only=false
if [ "${1:-}" = "--text-only" ]; then
    text_only=true
    shift
fi
ids=("$@")
if [ ${#ids[@]} -eq 0 ] && [ "$text_only" = false ]; then
    # The cover: a whole lesson's lanes. The chapters' thumbnails: a few lanes of a lesson each,
    # in large type (a card), whose lanes show the chapter's point.
    "$lab" trace list-that-does-not-update --in-memory --format svg -o "$images/course.svg" >/dev/null \
        --title "The course: a list shows only what its context merges; arrows follow each save to the merges and updates it caused"
    card() { local id="$1" file="$2" title="$3"; shift 3; "$lab" trace "$id" --in-memory --format card --title "$title" "$@" -o "$images/$file" >/dev/null; }
    card id-passing chapter-swiftdata.svg "Article 000: a model read off its owner's queue" \
        --lane owner --lane reader --lane "DataHandler (model actor)"
    card model-actor-executor chapter-executor.svg "Article 001: the same updates, in perform or on a model actor" \
        --lane "PerformItemUpdates (perform)" --lane "ActorItemUpdates (model actor)"
    card change-merging chapter-coredata.svg "Article 003: a save reaches another context by a merge" \
        --lane "background context, automatic merging" --lane "view context, automatic merging" --lane "view context, no merging"
    card background-storage chapter-background.svg "Article 004: the main queue, busy or free" \
        --lane "main queue" --lane "ItemsModelActor (model actor, main queue)" --lane "ItemsModelActor (model actor)"
fi
if [ ${#ids[@]} -eq 0 ]; then
    # One id a line, read into the array (a loop, not mapfile: a Mac's bash is 3.2).
    while IFS= read -r id; do
        ids+=("$id")
    done < <("$lab" list --json | python3 -c 'import json,sys; print("\n".join(i["id"] for i in json.load(sys.stdin)))')
fi
if [ ${#ids[@]} -eq 0 ]; then
    echo "refresh-outputs: lab list named no lesson" >&2
    exit 1
fi
for id in "${ids[@]}"; do
    echo "== $id"
    "$lab" run "$id" --in-memory --json > "/tmp/lab-output-$id.json" || true
    if [ "$id" != "compiler-lessons" ] && [ "$text_only" = false ]; then
        "$lab" trace "$id" --in-memory --format svg -o "$images/trace-$id.svg" >/dev/null
    fi
    python3 - "$id" "$out" "/tmp/lab-output-$id.json" <<'PY'
import json, sys, textwrap
lesson, out, path = sys.argv[1], sys.argv[2], sys.argv[3]
run = json.load(open(path))[0]
report = run.get("report")
if not report:
    sys.exit(f"{lesson} did not run: {run.get('error')}")

def lines(items):
    text = []
    for item in items:
        # What follows a newline (a schedule's timeline) keeps its columns: indented, not wrapped.
        first, *preformatted = item.split("\n")
        nested = first.startswith("  ")
        bullet, indent = ("  – ", "    ") if nested else ("• ", "  ")
        wrapped = textwrap.wrap(first.strip(), width=98 - len(bullet), subsequent_indent=indent)
        text.append(bullet + "\n".join(wrapped) + "".join("\n" + indent + line for line in preformatted))
    return text

header = f"$ swift run lab run {lesson}"
wrong = [header, "", "✗ the wrong way"] + lines(report["wrongWay"])
right = [header, "", "✓ the right way"] + lines(report["rightWay"])
if report["measurements"]:
    right += ["", "numbers"]
    for m in report["measurements"]:
        value = m["value"]
        shown = str(int(value)) if value == int(value) else (f"{value:.0f}" if abs(value) >= 100 else f"{value:.2f}")
        right.append(f"• {m['name']}: {shown} {m['unit']}")
if report.get("checks"):
    right += ["", "checks"]
    for check in report["checks"]:
        values = ", ".join(f"{v['name']} {v['value']}" for v in check["measured"])
        claim = check["name"] + (f" ({values})" if values else "")
        wrapped = textwrap.wrap(claim, width=96, subsequent_indent="  ")
        right.append(("✓ " if check["holds"] else "✗ ") + "\n".join(wrapped))
open(f"{out}/{lesson}-wrong-way.txt", "w").write("\n".join(wrong) + "\n")
open(f"{out}/{lesson}-right-way.txt", "w").write("\n".join(right) + "\n")
PY
done
