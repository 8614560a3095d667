#!/usr/bin/env python3
"""Writes what the course derives from its lessons, so that adding a lesson touches its own
folders and one line of the lesson catalog, and nothing else by hand:

- Tutorials/Workshop/WorkshopCatalog+Folders.swift: every lesson folder's exercise, as its
  checker declares it (`static let exercise`), and each exercise file's FNV-1a fingerprint as
  shipped (which tells a learner's edited file from an untouched one);
- the tutorials' table of contents, ConcurrencyLab.tutorial: each chapter's tutorial references,
  in the lesson catalog's order;
- README.md: the lesson count its sample output and its workshop line quote;
- Package.swift: the exercise files the Workshop target leaves out (a learner's half-typed file
  must break nothing), as a literal list: SwiftPM caches a manifest's result by its text;
- the tutorials' step copies (Scripts/tutorials/sync-steps.py).

The lessons and their order come from Sources/Lessons/Catalog/LessonCatalog.swift (`chapters`),
each lesson's id from its `LessonInfo` in Sources/Lessons/<Case>/<Case>.swift.

    python3 Scripts/tutorials/sync-course.py            # write what is out of date
    python3 Scripts/tutorials/sync-course.py --check    # name it and exit 1 (CI, CourseSyncTests)
    python3 Scripts/tutorials/sync-course.py --root DIR # another copy of the tree
"""
import pathlib
import re
import subprocess
import sys

GENERATED = "Tutorials/Workshop/WorkshopCatalog+Folders.swift"
TOC = "Tutorials/ConcurrencyLabTutorials/ConcurrencyLab.docc/Tutorials/ConcurrencyLab.tutorial"


def fail(message):
    sys.exit(f"sync-course: {message}")


def lessons_by_chapter(root):
    """[(article, [(type, id)])] in course order."""
    catalog = (root / "Sources/Lessons/Catalog/LessonCatalog.swift").read_text()
    chapters = re.findall(r"Chapter\(article: \.(\w+), lessons: \[(.*?)\]\)", catalog, re.S)
    if not chapters:
        fail("no Chapter(article:lessons:) in LessonCatalog.swift")
    result = []
    for article, body in chapters:
        lessons = []
        for type_name in re.findall(r"(\w+)\.self", body):
            files = list((root / "Sources/Lessons").glob(f"*/{type_name}.swift"))
            if len(files) != 1:
                fail(f"the catalog lists {type_name}, but Sources/Lessons/<folder>/{type_name}.swift is not one file: {files}")
            match = re.search(r'\bid: "([a-z0-9-]+)"', files[0].read_text())
            if not match:
                fail(f"{files[0].relative_to(root)} gives its LessonInfo no id: \"…\"")
            lessons.append((type_name, match.group(1)))
        result.append((article, lessons))
    return result


def fingerprint(path):
    h = 0xCBF29CE484222325
    for byte in path.read_bytes():
        h ^= byte
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def workshop_catalog(root, ids):
    """The generated Swift file: each folder's checker's exercise, and the fingerprints."""
    entries, prints = [], []
    for folder in sorted(p for p in (root / "Tutorials/Workshop").iterdir() if p.is_dir() and p.name != "Support"):
        checkers = sorted(folder.glob("*Checker.swift"))
        exercises = [p for p in sorted(folder.glob("*.swift"))
                     if not p.name.endswith(("+Solution.swift", "Checker.swift"))]
        if len(checkers) != 1 or len(exercises) != 1:
            fail(f"{folder.relative_to(root)} must hold one exercise, its +Solution.swift and one <Name>Checker.swift")
        checker = checkers[0].stem
        if "static let exercise = Exercise(" not in checkers[0].read_text():
            fail(f"{checkers[0].relative_to(root)} declares no `static let exercise = Exercise(…)`")
        if folder.name not in ids:
            fail(f"Tutorials/Workshop/{folder.name}/ is no lesson's id (the lessons: {', '.join(ids)})")
        entries.append(f"        {checker}.exercise,")
        prints.append(f'        "{folder.name}": 0x{fingerprint(exercises[0]):016x},')
    return "\n".join([
        "// Written by `python3 Scripts/tutorials/sync-course.py` from the lessons' exercise folders;",
        "// CI checks that it is current. Do not edit: add a lesson's folder, then run the script.",
        "",
        "extension WorkshopCatalog {",
        "    /// Each lesson folder's exercise, as its checker declares it (``all`` puts them in course order).",
        "    static let exercisesInFolders: [Exercise] = [",
        *entries,
        "    ]",
        "",
        "    /// Each exercise file's FNV-1a fingerprint as shipped, by lesson id: an untouched file has it.",
        "    static let shippedFingerprints: [String: UInt64] = [",
        *prints,
        "    ]",
        "}",
        "",
    ])


def table_of_contents(text, chapters):
    """The tutorial with each @Chapter's references replaced by its lessons', in order."""
    starts = [m.start() for m in re.finditer(r"^    @Chapter\(", text, re.M)]
    if len(starts) != len(chapters):
        fail(f"{TOC} has {len(starts)} chapters and the catalog {len(chapters)}: add the chapter's @Chapter by hand")
    pieces, last = [], 0
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        block = text[start:end]
        references = "".join(f'        @TutorialReference(tutorial: "doc:{lesson}")\n' for _, lesson in chapters[index][1])
        lines = block.splitlines(keepends=True)
        kept = [line for line in lines if not line.strip().startswith("@TutorialReference(")]
        at = next((i for i, line in enumerate(lines) if line.strip().startswith("@TutorialReference(")), None)
        if at is None:
            closing = max(i for i, line in enumerate(kept) if line.rstrip() == "    }")
            kept.insert(closing, references)
        else:
            kept.insert(at, references)
        pieces.append(text[last:start] + "".join(kept))
        last = end
    return "".join(pieces) + text[last:]


def exercise_files(root):
    """Each lesson folder's exercise file, from Tutorials/Workshop: `<id>/<Name>.swift`."""
    return [f"{p.parent.name}/{p.name}" for p in sorted((root / "Tutorials/Workshop").glob("*-*/*.swift"))
            if not p.name.endswith(("+Solution.swift", "Checker.swift"))]


def manifest(text, files):
    """Package.swift with its `workshopExercises` list between the sync-course markers."""
    pattern = re.compile(r"(// sync-course:begin workshop-exercises\n).*?(// sync-course:end workshop-exercises)", re.S)
    if not pattern.search(text):
        fail("Package.swift has no `// sync-course:begin workshop-exercises` … `end` markers")
    body = "var workshopExercises: [String] {\n    [\n" + "".join(f'        "{f}",\n' for f in files) + "    ]\n}\n"
    return pattern.sub(lambda m: m.group(1) + body + m.group(2), text)


def readme(text, count):
    text = re.sub(r"━━ 1/\d+ ", f"━━ 1/{count} ", text)
    return re.sub(r"lists the \d+ workshop exercises", f"lists the {count} workshop exercises", text)


def main():
    args = sys.argv[1:]
    check = "--check" in args
    root = pathlib.Path(args[args.index("--root") + 1]) if "--root" in args else pathlib.Path(__file__).resolve().parents[2]
    chapters = lessons_by_chapter(root)
    ids = [lesson for _, lessons in chapters for _, lesson in lessons]
    wanted = {
        GENERATED: workshop_catalog(root, ids),
        TOC: table_of_contents((root / TOC).read_text(), chapters),
        "README.md": readme((root / "README.md").read_text(), len(ids)),
        "Package.swift": manifest((root / "Package.swift").read_text(), exercise_files(root)),
    }
    stale = [path for path, text in wanted.items()
             if not (root / path).exists() or (root / path).read_text() != text]
    steps = [sys.executable, str(root / "Scripts/tutorials/sync-steps.py")] + (["--check"] if check else [])
    steps_current = subprocess.run(steps, cwd=root).returncode == 0
    if check:
        for path in stale:
            print(f"{path} is out of date: run python3 Scripts/tutorials/sync-course.py")
        sys.exit(0 if not stale and steps_current else 1)
    if not steps_current:
        fail("the step copies could not be written (see sync-steps.py's error above)")
    for path in stale:
        (root / path).write_text(wanted[path])
        print(f"wrote {path}")
    print(f"{len(ids)} lessons in {len(chapters)} chapters; {len(stale)} file(s) rewritten")


main()
