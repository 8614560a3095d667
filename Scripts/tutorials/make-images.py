#!/usr/bin/env python3
"""Draws the course's images (queues as lanes, work as blocks) as PNG files with only the
standard library: a tiny rasteriser and a PNG encoder (zlib + CRC chunks).

    python3 Scripts/tutorials/make-images.py    # rewrites ConcurrencyLab.docc/Resources/images/*.png
"""
import pathlib
import struct
import zlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "Tutorials/ConcurrencyLabTutorials/ConcurrencyLab.docc/Resources/images"

W, H = 800, 400
INK = (36, 41, 56)
PAPER = (246, 244, 238)
MAIN = (66, 112, 196)       # the main queue
PRIVATE = (58, 150, 110)    # a private queue
WRONG = (206, 76, 62)       # a wrong-queue access
ACTOR = (150, 110, 190)     # an actor
STORE = (214, 160, 60)      # the store


class Canvas:
    def __init__(self, background):
        self.pixels = [[background] * W for _ in range(H)]

    def rect(self, x, y, w, h, color, radius=0):
        for j in range(max(0, y), min(H, y + h)):
            for i in range(max(0, x), min(W, x + w)):
                dx = max(x + radius - i, 0, i - (x + w - 1 - radius))
                dy = max(y + radius - j, 0, j - (y + h - 1 - radius))
                if dx * dx + dy * dy <= radius * radius:
                    self.pixels[j][i] = color

    def circle(self, cx, cy, r, color):
        for j in range(max(0, cy - r), min(H, cy + r + 1)):
            for i in range(max(0, cx - r), min(W, cx + r + 1)):
                if (i - cx) ** 2 + (j - cy) ** 2 <= r * r:
                    self.pixels[j][i] = color

    def arrow(self, x0, y0, x1, y1, color, width=6):
        steps = max(abs(x1 - x0), abs(y1 - y0))
        for s in range(steps + 1):
            x = x0 + (x1 - x0) * s // max(steps, 1)
            y = y0 + (y1 - y0) * s // max(steps, 1)
            self.circle(x, y, width // 2, color)
        self.circle(x1, y1, width + 4, color)

    def lane(self, y, color, blocks, label_color=None):
        tint = tuple((c + 3 * p) // 4 for c, p in zip(color, PAPER))
        self.rect(40, y, W - 80, 56, tint, radius=28)
        self.circle(68, y + 28, 16, label_color or color)
        for start, length in blocks:
            self.rect(110 + start, y + 12, length, 32, color, radius=8)

    def save(self, name):
        raw = b"".join(b"\x00" + bytes(c for pixel in row for c in pixel) for row in self.pixels)

        def chunk(kind, data):
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

        png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0))
        png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
        OUT.mkdir(parents=True, exist_ok=True)
        (OUT / name).write_bytes(png)


def course():
    c = Canvas(PAPER)
    # One card per scenario, in course order, coloured by what it is about.
    colors = [MAIN, MAIN, ACTOR, MAIN, ACTOR, ACTOR, PRIVATE, ACTOR, STORE, STORE, MAIN, STORE, MAIN, STORE, PRIVATE, STORE, INK]
    per_row, width, gap = 9, 76, 10
    for n, color in enumerate(colors):
        row, column = divmod(n, per_row)
        in_row = min(per_row, len(colors) - row * per_row)
        left = (W - in_row * (width + gap) + gap) // 2  # each row centred
        x, y = left + column * (width + gap), 70 + row * 140
        c.rect(x, y, width, 120, color, radius=18)
        c.circle(x + 30, y + 30, 14, PAPER)
    c.save("course.png")


def chapter_swiftdata():
    c = Canvas(PAPER)
    c.lane(90, MAIN, [(0, 120), (160, 60), (260, 90)])
    c.rect(30, 200, W - 60, 110, ACTOR, radius=40)
    c.lane(227, PRIVATE, [(0, 200), (230, 160), (420, 140)])
    c.arrow(430, 180, 430, 235, WRONG)
    c.save("chapter-swiftdata.png")


def chapter_executor():
    c = Canvas(PAPER)
    c.rect(40, 60, 220, 280, ACTOR, radius=36)
    for n in range(4):
        c.rect(80, 90 + n * 60, 140, 36, PAPER, radius=10)
    for n in range(4):
        c.arrow(230, 108 + n * 60, 330, 200, INK, width=4)
    c.lane(172, PRIVATE, [(250, 60), (330, 80), (430, 120)])
    c.save("chapter-executor.png")


def chapter_coredata():
    c = Canvas(PAPER)
    c.lane(50, MAIN, [(0, 90), (300, 120)])
    c.lane(170, PRIVATE, [(60, 160), (260, 100)])
    c.rect(300, 300, 200, 70, STORE, radius=20)
    c.arrow(360, 226, 380, 300, INK, width=4)
    c.arrow(330, 300, 300, 106, STORE, width=4)
    c.save("chapter-coredata.png")


def chapter_background():
    c = Canvas(PAPER)
    c.lane(90, MAIN, [(0, 30), (120, 30), (240, 30), (360, 30), (480, 30)])
    c.lane(240, PRIVATE, [(0, 600)])
    for n in range(6):
        c.rect(130 + n * 100, 262, 8, 12, PAPER)
    c.save("chapter-background.png")


if __name__ == "__main__":
    course()
    chapter_swiftdata()
    chapter_executor()
    chapter_coredata()
    chapter_background()
    print("images written to", OUT.relative_to(ROOT))
