#!/usr/bin/env python3
"""Fails when a Linux-only API is used outside its platform file, so a Mac build stays possible
although CI runs on Linux only.

The convention. A Swift file named `<Type>+Linux.swift` holds what a type does with Linux's own
APIs (`CommitAnnouncement+Linux.swift`: inotify; `ExecutableLocation+Linux.swift`: /proc/self/exe);
`<Type>+Darwin.swift` beside it holds the Mac's way. Linux-only APIs may appear in +Linux.swift
files only, and there inside `#if os(Linux)` or `#if canImport(Glibc)`: SwiftPM compiles every
file on every platform, so an unguarded +Linux.swift file would break the Mac's build.
Shell scripts have no platform files: what GNU and BSD spell differently lives in
`Scripts/portable.sh`, and the scripts call its helpers.

What counts as Linux-only. In Swift (Sources/, Tests/, Tutorials/, Benchmarks/Sources/,
Benchmarks/Benchmarks/; comments are skipped, string literals are read, since a path is a string):
  Glibc.<name>            a call through the module's name (Darwin has no module Glibc)
  import Glibc            outside `#if canImport(Glibc)` / `#if os(Linux)`, in any file
  inotify_*               the inotify API (a Mac has kqueue and notify(3))
  /proc/…                 procfs (a Mac has none)
  malloc_usable_size      glibc's (a Mac's is malloc_size)
  RLIMIT_FSIZE.rawValue   an enum in Glibc, an Int32 in Darwin
  utimensat               Linux's commit announcement (a Mac posts notify(3) instead)
In shell (*.sh under Scripts/ and .ci/, and .ci/run; comments and here-documents are skipped):
  mapfile, readarray      bash 4; a Mac's /bin/bash is 3.2
  stat -c, --format       GNU stat; BSD's reads -f
  timeout                 GNU coreutils, absent from a Mac
ALLOWED lists the few places let through anyway, each with its reason; an entry that no longer
matches anything is reported too, so the list stays true.

The reverse rule. A Darwin-only C API that a Mac's SDK puts in a module of its own is used only in
a file that imports that module: `import Darwin` and `Foundation` do not bring it in, so a Mac
would not compile the file, and Linux never compiles it (it is inside `#if canImport(Darwin)`):
  notify_*, NOTIFY_*      notify(3): `import notify`

Usage: python3 Scripts/tests/portability-check.py [--root DIR]
(--root checks another copy of the tree: the tests check a copy with one rule broken.)
Prints each violation as `path:line: <API> is Linux-only: <what to do>`; exits 1 if there is any.
"""
import os
import re
import sys

ROOT = os.path.normpath(sys.argv[sys.argv.index("--root") + 1] if "--root" in sys.argv[:-1]
                        else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SWIFT_FOLDERS = ["Sources", "Tests", "Tutorials", "Benchmarks/Sources", "Benchmarks/Benchmarks"]
SHELL_FOLDERS = ["Scripts", ".ci"]

# (path, API as printed) → why it may stay where it is.
ALLOWED = {
    ("Scripts/portable.sh", "timeout"): "with_timeout itself: the one place that calls GNU timeout by name",
}

# What follows "<API> is Linux-only" in a violation's line.
MOVE = ": move it into a +Linux.swift file (or +Darwin.swift beside it)"
GUARD = ": a Mac compiles +Linux.swift files too: put it inside #if os(Linux) (or #if canImport(Glibc))"

# Matched in Swift code and string literals; the API as printed is the match itself.
SWIFT_APIS = [
    re.compile(r"\bGlibc\.\w+"),
    re.compile(r"\binotify_\w+"),
    re.compile(r"/proc/[\w./-]*"),
    re.compile(r"\bmalloc_usable_size\b"),
    re.compile(r"\bRLIMIT_FSIZE\.rawValue\b"),
    re.compile(r"\butimensat\b"),
]
IMPORT_GLIBC = re.compile(r"^\s*(@\w+\s+)*import\s+(\w+\s+)?Glibc\b")

# Darwin-only C APIs in a module of their own on a Mac: (API pattern, module).
DARWIN_MODULE_APIS = [
    (re.compile(r"\b(notify_\w+|NOTIFY_\w+)"), "notify"),
]

# A word in command position: at the start, or after a space, ; & | ( or `.
COMMAND = r"(?:^|[\s;&|(`])"
SHELL_APIS = [
    (re.compile(COMMAND + r"(mapfile|readarray)\b"), None,
     " (bash 4; a Mac's bash is 3.2): use a while IFS= read -r loop"),
    (re.compile(COMMAND + r"stat\s+(?:-[A-Za-z]*c|--format|--printf)"), "stat -c",
     " (GNU stat; BSD's reads -f): use file_size from Scripts/portable.sh"),
    (re.compile(COMMAND + r"(timeout)\s"), None,
     " (GNU coreutils; a Mac has none): use with_timeout from Scripts/portable.sh"),
]


def swift_views(source):
    """The source twice, each character at its place: without comments (string literals kept),
    and without comments or string literals (code alone). Knows nested block comments, multi-line
    and raw strings, and string interpolation."""
    keep, code = list(source), list(source)
    n, i = len(source), 0
    frames = [["code", 0]]  # a code frame counts open parentheses; a string frame is [kind, hashes, multiline]
    opener = re.compile(r'(#*)("""|")')

    def blank(view, start, end):
        for k in range(start, end):
            if view[k] != "\n":
                view[k] = " "

    while i < n:
        top = frames[-1]
        if top[0] == "code":
            if source.startswith("//", i):
                end = source.find("\n", i)
                end = n if end < 0 else end
                blank(keep, i, end), blank(code, i, end)
                i = end
                continue
            if source.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if source.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif source.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                blank(keep, i, j), blank(code, i, j)
                i = j
                continue
            if source[i] in '#"':
                m = opener.match(source, i)
                if m:
                    frames.append(["string", len(m.group(1)), m.group(2) == '"""'])
                    i = m.end()
                    continue
            if source[i] == "(":
                top[1] += 1
            elif source[i] == ")":
                if top[1] == 0 and len(frames) > 1:
                    frames.pop()  # the end of an interpolation: back into its string
                    i += 1
                    continue
                top[1] -= 1
            i += 1
        else:
            _, hashes, multiline = top
            close = ('"""' if multiline else '"') + "#" * hashes
            if source.startswith(close, i):
                frames.pop()
                i += len(close)
                continue
            code[i] = code[i] if source[i] == "\n" else " "
            if source[i] == "\\" and source.startswith("#" * hashes, i + 1):
                k = i + 1 + hashes
                if k < n and source[k] == "(":
                    frames.append(["code", 0])
                    blank(code, i, k + 1)
                    i = k + 1
                else:
                    blank(code, i, k + 1)
                    i = k + 1
                continue
            if source[i] == "\n" and not multiline:
                frames.pop()  # an unterminated string: stop at the line's end
            i += 1
    return "".join(keep).split("\n"), "".join(code).split("\n")


LINUX_TEST = r"(canImport\(Glibc\)|os\(Linux\))"


def linux_guarded(conditions):
    """Whether the innermost branches of an #if stack (each a list of the chain's conditions, the
    current branch last; None for #else) include one taken only on Linux."""
    for chain in conditions:
        current = chain[-1]
        if current is not None:
            if re.search(LINUX_TEST, current) and not re.search(r"!\s*" + LINUX_TEST, current) \
                    and "||" not in current:
                return True
        elif any(c is not None and re.fullmatch(r"!\s*" + LINUX_TEST, c.strip()) for c in chain[:-1]):
            return True
    return False


def check_swift(path, relative, report):
    with open(path, encoding="utf-8", errors="replace") as file:
        kept, code = swift_views(file.read())
    platform_file = relative.endswith("+Linux.swift")
    imported = {m.group(3) for line in code for m in [re.match(r"^\s*(@\w+\s+)*import\s+(\w+\s+)?(\w+)", line)] if m}
    for pattern, module in DARWIN_MODULE_APIS:
        if module in imported:
            continue
        for number, code_line in enumerate(code, start=1):
            match = pattern.search(code_line)
            if match:
                report(relative, number, match.group(1),
                       f": on a Mac it is in the module {module}, which this file does not import (add `import {module}`)",
                       kind="Darwin-only")
                break
    conditions = []
    for number, (line, code_line) in enumerate(zip(kept, code), start=1):
        directive = re.match(r"\s*#(if|elseif|else|endif)\b(.*)", code_line)
        if directive:
            word, rest = directive.group(1), directive.group(2).strip()
            if word == "if":
                conditions.append([rest])
            elif word == "elseif" and conditions:
                conditions[-1].append(rest)
            elif word == "else" and conditions:
                conditions[-1].append(None)
            elif word == "endif" and conditions:
                conditions.pop()
            continue
        guarded = linux_guarded(conditions)
        if IMPORT_GLIBC.match(code_line) and not guarded:
            report(relative, number, "import Glibc",
                   ": put it inside #if canImport(Glibc) (or #if os(Linux))")
        for pattern in SWIFT_APIS:
            match = pattern.search(line)
            if not match:
                continue
            if not platform_file:
                report(relative, number, match.group(0), MOVE)
            elif not guarded:
                report(relative, number, match.group(0), GUARD)


def shell_lines(path):
    """The script's lines, with comments and here-documents blanked."""
    with open(path, encoding="utf-8", errors="replace") as file:
        lines = file.read().split("\n")
    result, terminator = [], None
    for line in lines:
        if terminator is not None:
            result.append("")
            if line.strip() == terminator:
                terminator = None
            continue
        # A # starts a comment at a word's start, outside quotes.
        quote, cut, k = None, len(line), 0
        while k < len(line):
            c = line[k]
            if c == "\\" and quote != "'":
                k += 2  # an escaped character, quoted or not
                continue
            if quote:
                if c == quote:
                    quote = None
            elif c in "'\"":
                quote = c
            elif c == "#" and (k == 0 or line[k - 1] in " \t;"):
                cut = k
                break
            k += 1
        line = line[:cut]
        heredoc = re.search(r"<<-?\s*(['\"]?)(\w+)\1", line)
        if heredoc:
            terminator = heredoc.group(2)
        result.append(line)
    return result


def check_shell(path, relative, report):
    for number, line in enumerate(shell_lines(path), start=1):
        for pattern, name, advice in SHELL_APIS:
            match = pattern.search(line)
            if match:
                report(relative, number, name or match.group(1), advice)


def files(folders, wanted):
    for folder in folders:
        top = os.path.join(ROOT, folder)
        for directory, subdirectories, names in os.walk(top):
            subdirectories[:] = sorted(d for d in subdirectories if not d.startswith("."))
            for name in sorted(names):
                path = os.path.join(directory, name)
                if wanted(path):
                    yield path, os.path.relpath(path, ROOT)


def is_shell(path):
    if path.endswith(".sh"):
        return True
    if os.path.splitext(path)[1]:
        return False
    try:
        with open(path, "rb") as file:
            first = file.readline()
    except OSError:
        return False
    return re.match(rb"#!.*\b(ba)?sh\b", first) is not None


def main():
    violations, used = [], set()

    def report(relative, number, api, advice, kind="Linux-only"):
        if (relative, api) in ALLOWED:
            used.add((relative, api))
            return
        violations.append(f"{relative}:{number}: {api} is {kind}{advice}")

    for path, relative in files(SWIFT_FOLDERS, lambda p: p.endswith(".swift")):
        check_swift(path, relative, report)
    for path, relative in files(SHELL_FOLDERS, is_shell):
        check_shell(path, relative, report)
    for (relative, api), reason in ALLOWED.items():
        if (relative, api) not in used:
            violations.append(f"{relative}: the allow-list lets {api} through ({reason}), "
                              "but it is not used there any more: remove the entry")

    for violation in violations:
        print(violation)
    if violations:
        sys.stdout.flush()
        print(f"portability check: {len(violations)} violation(s); the convention is in the header of "
              "Scripts/tests/portability-check.py", file=sys.stderr)
        return 1
    print("portability check: no Linux-only API outside a +Linux.swift file or Scripts/portable.sh, "
          "and every Darwin-only module imported where it is used")
    return 0


if __name__ == "__main__":
    sys.exit(main())
