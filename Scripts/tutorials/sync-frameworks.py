#!/usr/bin/env python3
"""Writes each tutorial's "Which framework." paragraph from its lesson's LessonInfo.frameworks.

The paragraph sits in the tutorial's @Intro, before "From article…": "Which framework. The wrong
way: … The right way: …", word for word what `lab run` and `lab explain` print.
TutorialCatalogTests fails when a tutorial's paragraph and its lesson disagree, so after changing
a lesson's `frameworks`, run this and commit both:

    swift build --product lab && python3 Scripts/tutorials/sync-frameworks.py
"""
import json
import pathlib
import re
import subprocess

root = pathlib.Path(__file__).resolve().parents[2]
tutorials = root / "Tutorials/ConcurrencyLabTutorials/ConcurrencyLab.docc/Tutorials"
lessons = json.loads(subprocess.check_output([str(root / ".build/debug/lab"), "list", "--json"]))

# A wrapped line must not start with what Markdown or DocC would read as syntax.
SYNTAX = re.compile(r"^([@#*>+=-]|\d+\.)")


def wrap(text, width=96, indent="        "):
    lines, line = [], ""
    for word in text.split(" "):
        if line and len(indent + line + " " + word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    for i in range(1, len(lines)):
        while SYNTAX.match(lines[i]) and " " in lines[i - 1]:
            head, last = lines[i - 1].rsplit(" ", 1)
            lines[i - 1], lines[i] = head, f"{last} {lines[i]}"
    return "\n".join(indent + line for line in lines)


for lesson in lessons:
    path = tutorials / f"{lesson['id']}.tutorial"
    text = path.read_text()
    frameworks = lesson["frameworks"]
    paragraph = wrap(f"Which framework. The wrong way: {frameworks['wrongWay']} The right way: {frameworks['rightWay']}")
    existing = re.compile(r" +Which framework\..*?(?=\n\n)", re.S)
    if existing.search(text):
        text = existing.sub(lambda _: paragraph, text, count=1)
    else:
        text = re.sub(r"\n\n( +From article)", lambda m: f"\n\n{paragraph}\n\n{m.group(1)}", text, count=1)
    path.write_text(text)
print(f"wrote the framework paragraph of {len(lessons)} tutorials")
