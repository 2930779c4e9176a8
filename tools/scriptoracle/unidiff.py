"""Applies a unified diff (one file, as `diff -U1` writes it) to a text, strictly: every context
and removed line must match exactly, hunks in order. Lines before the first `--- ` line are the
patch's comment header and are ignored."""
from __future__ import annotations

import re

_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


class PatchError(Exception):
    pass


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def apply(text: str, patch: str, name: str = "patch") -> str:
    plines = patch.splitlines(keepends=True)
    i = 0
    while i < len(plines) and not plines[i].startswith("--- "):
        i += 1
    if i + 1 >= len(plines) or not plines[i + 1].startswith("+++ "):
        raise PatchError(f"{name}: no '--- '/'+++ ' file header")
    i += 2
    src = _lines(text)
    out: list[str] = []
    pos = 0  # next unread line of src (0-based)
    hunks = 0
    while i < len(plines):
        m = _HUNK.match(plines[i])
        if not m:
            raise PatchError(f"{name}: expected a hunk header at patch line {i + 1}: {plines[i]!r}")
        hunks += 1
        old_start = int(m.group(1))
        old_len = int(m.group(2)) if m.group(2) is not None else 1
        start = old_start - 1 if old_len else old_start
        if start < pos:
            raise PatchError(f"{name}: hunk {hunks} overlaps the previous one")
        out.extend(src[pos:start])
        pos = start
        i += 1
        while i < len(plines) and not plines[i].startswith("@@"):
            line = plines[i]
            tag, body = line[:1], line[1:]
            if i + 1 < len(plines) and plines[i + 1].startswith("\\"):
                body = body.rstrip("\n")  # "\ No newline at end of file" applies to this line
                i += 1
            if tag in (" ", "-"):
                if pos >= len(src) or src[pos] != body:
                    got = src[pos] if pos < len(src) else "<end of file>"
                    raise PatchError(f"{name}: hunk {hunks} does not match line {pos + 1}: "
                                     f"expected {body!r}, found {got!r}")
                if tag == " ":
                    out.append(body)
                pos += 1
            elif tag == "+":
                out.append(body)
            else:
                raise PatchError(f"{name}: unexpected patch line {i + 1}: {line!r}")
            i += 1
    if hunks == 0:
        raise PatchError(f"{name}: no hunks")
    out.extend(src[pos:])
    return "".join(out)
