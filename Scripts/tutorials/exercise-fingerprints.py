#!/usr/bin/env python3
"""Prints the FNV-1a fingerprint of every workshop exercise file, as WorkshopCatalog records them.

Run it after changing an exercise file on purpose (the shipped version), and paste the new
value into Tutorials/Workshop/WorkshopCatalog.swift. The checker tests insist that a checker fails
on an exercise file that has its shipped fingerprint; they skip a file edited here (a learner's),
and fail on a file git shows as committed whose fingerprint is not the catalog's.
"""
import pathlib

root = pathlib.Path(__file__).resolve().parents[2]
# Each lesson's folder holds its exercise, its solution (+Solution.swift) and its checker.
exercises = [path for path in (root / "Tutorials/Workshop").glob("*-*/*.swift")
             if not path.name.endswith(("+Solution.swift", "Checker.swift"))]
for path in sorted(exercises):
    h = 0xCBF29CE484222325
    for byte in path.read_bytes():
        h ^= byte
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    print(f"0x{h:016x}  {path.relative_to(root)}")
