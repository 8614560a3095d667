#!/usr/bin/env python3
"""Copies the tutorials' step code into the DocC catalog, where `@Code(file:)` finds it.

The step code is real Swift, compiled in CI: every `*.swift` file under
Tutorials/ConcurrencyLabTutorials/Steps/ (the ConcurrencyLabTutorials target), plus the files
listed in Steps/snippets.txt (snippets another part of the package compiles or checks). The copy
in ConcurrencyLab.docc/Resources/code/ drops each line that ends in `// tutorial:hide` (the
namespace that lets several steps declare the same names) and un-indents what such a line
opened by four spaces.

    python3 Tutorials/Scripts/sync-steps.py          # rewrite the copies
    python3 Tutorials/Scripts/sync-steps.py --check  # exit 1 if a copy drifted (TutorialsTests does the same)
"""
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
TARGET = ROOT / "Tutorials/ConcurrencyLabTutorials"
STEPS = TARGET / "Steps"
CODE = TARGET / "ConcurrencyLab.docc/Resources/code"
MARK = "// tutorial:hide"


def shown(source: str) -> str:
    """The text a tutorial shows for a step source."""
    lines, depth = [], 0
    for line in source.split("\n"):
        stripped = line.rstrip()
        if stripped.endswith(MARK):
            code = stripped[: -len(MARK)].rstrip()
            if code.endswith("{"):
                depth += 1
            elif code.startswith("}"):
                depth -= 1
            continue
        indent = " " * (4 * depth)
        lines.append(line[len(indent):] if line.startswith(indent) else line)
    return "\n".join(lines)


def sources() -> dict:
    """Resource file name → source path."""
    found = {path.name: path for path in sorted(STEPS.rglob("*.swift"))}
    listing = STEPS / "snippets.txt"
    if listing.exists():
        for line in listing.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                name, path = line.split()
                found[name] = ROOT / path
    return found


def main() -> int:
    check = "--check" in sys.argv
    expected = {name: shown(path.read_text()) for name, path in sources().items()}
    drifted = []
    CODE.mkdir(parents=True, exist_ok=True)
    for name, text in expected.items():
        target = CODE / name
        if not target.exists() or target.read_text() != text:
            drifted.append(name)
            if not check:
                target.write_text(text)
    for stale in CODE.glob("*"):
        if stale.name not in expected:
            drifted.append(stale.name)
            if not check:
                stale.unlink()
    if check and drifted:
        print("step copies out of date: " + ", ".join(sorted(drifted)) + "; run python3 Tutorials/Scripts/sync-steps.py")
        return 1
    print(("checked " if check else "synced ") + f"{len(expected)} step files" + (f" ({len(drifted)} rewritten)" if drifted and not check else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
