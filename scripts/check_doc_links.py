#!/usr/bin/env python3
# PE Lab — scripts/check_doc_links.py: every relative link in README.md and docs/*.md points at a file that
# exists, and every #anchor at a heading of its target (GitHub's rule for heading ids: lower case, spaces to
# hyphens, punctuation dropped, a repeated heading gets -1, -2, ...). Links in fenced code blocks and in
# `code spans` are not links. Prints each broken link with its file and line; exit status 1 if any.
# Usage: scripts/check_doc_links.py [FILE.md ...]      (default: README.md docs/*.md, from the repository root)
import glob
import os
import re
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def prose_lines_raw(path):
    """(line number, text) of the lines outside fenced code blocks."""
    inside = False
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if FENCE.match(line):
                inside = not inside
                continue
            if not inside:
                yield n, line


def prose_lines(path):
    """(line number, text) of the lines outside fenced code blocks, with `code spans` blanked."""
    for n, line in prose_lines_raw(path):
        yield n, re.sub(r"`[^`]*`", "``", line)


def slug(heading):
    text = re.sub(r"<[^>]+>", "", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)  # \w is Unicode-aware: CJK and accented letters stay
    return text.replace(" ", "-")


def anchors(path):
    seen = {}
    result = set()
    for _, line in prose_lines_raw(path):
        m = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        base = slug(m.group(2))
        k = seen.get(base, 0)
        seen[base] = k + 1
        result.add(base if k == 0 else f"{base}-{k}")
    return result



def main(argv):
    files = argv[1:] or [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    broken = 0
    checked = 0
    for md in files:
        for n, line in prose_lines(md):
            for target in LINK.findall(line):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                    continue  # http:, https:, mailto:, data: ...
                checked += 1
                path, _, anchor = target.partition("#")
                dest = os.path.normpath(os.path.join(os.path.dirname(md), path)) if path else md
                rel = os.path.relpath(md, ROOT)
                if not os.path.exists(dest):
                    print(f"{rel}:{n}: {target}: no such file")
                    broken += 1
                    continue
                if anchor:
                    if not dest.endswith(".md") or not os.path.isfile(dest):
                        print(f"{rel}:{n}: {target}: an anchor into a file that is not Markdown")
                        broken += 1
                    elif anchor not in anchors(dest):
                        print(f"{rel}:{n}: {target}: no heading with the id '{anchor}'")
                        broken += 1
    print(f"check_doc_links: {checked} relative links in {len(files)} files, {broken} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
