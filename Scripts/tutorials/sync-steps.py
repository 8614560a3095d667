#!/usr/bin/env python3
"""Copies the tutorials' step code into the DocC catalog, where `@Code(file:)` finds it.

The step code is real Swift, compiled in CI: every `*.swift` file under
Tutorials/ConcurrencyLabTutorials/Steps/ (the ConcurrencyLabTutorials target), plus the files
listed in Steps/snippets.txt (snippets another part of the package compiles or checks; a third
word names a region, the lines between `// tutorial:begin NAME` and `// tutorial:end NAME`, so a
step shows the part of a file that matters and edits elsewhere in it change nothing). The copy
in ConcurrencyLab.docc/Resources/code/ drops each line that ends in `// tutorial:hide` (the
namespace that lets several steps declare the same names) and un-indents what such a line
opened by four spaces.

    python3 Scripts/tutorials/sync-steps.py          # rewrite the copies
    python3 Scripts/tutorials/sync-steps.py --check  # exit 1 if a copy drifted (TutorialsTests does the same)
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


def region(text: str, name: str, path) -> str:
    """The lines between `// tutorial:begin NAME` and `// tutorial:end NAME`, without the
    indentation they share."""
    lines = text.split("\n")
    stripped = [line.strip() for line in lines]
    try:
        begin = stripped.index(f"// tutorial:begin {name}")
        end = stripped.index(f"// tutorial:end {name}", begin)
    except ValueError:
        sys.exit(f"{path} has no region '{name}' (// tutorial:begin {name} … // tutorial:end {name})")
    body = lines[begin + 1:end]
    indent = min((len(line) - len(line.lstrip(" ")) for line in body if line.strip()), default=0)
    return "\n".join(line[min(indent, len(line) - len(line.lstrip(" "))):] for line in body)


def sources() -> dict:
    """Resource file name → the text its source gives (a whole file, or one region of it)."""
    found = {path.name: (lambda path=path: path.read_text()) for path in sorted(STEPS.rglob("*.swift"))}
    listing = STEPS / "snippets.txt"
    if listing.exists():
        for line in listing.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                name, path, *part = line.split()
                source = ROOT / path
                if part:
                    found[name] = lambda source=source, part=part[0]: region(source.read_text(), part, source)
                else:
                    found[name] = lambda source=source: source.read_text()
    return found


def main() -> int:
    check = "--check" in sys.argv
    expected = {name: shown(read()) for name, read in sources().items()}
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
        print("step copies out of date: " + ", ".join(sorted(drifted)) + "; run python3 Scripts/tutorials/sync-steps.py")
        return 1
    print(("checked " if check else "synced ") + f"{len(expected)} step files" + (f" ({len(drifted)} rewritten)" if drifted and not check else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
