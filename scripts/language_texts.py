#!/usr/bin/python3
# PE Lab — scripts/language_texts.py
# One language per load: which bytes of the web app belong to one language only, and the files that carry them.
#
# Every sentence a learner reads is a Text, written in the sources as a pair of string literals
# {"中文…", "English…"} (lessons/bilingual.h). The web build's pelab.wasm holds both halves of every pair in its
# data section, at addresses the code knows. This script finds them there and moves them out: the wasm keeps
# zeros in their place (an empty string to the code) and each language's bytes go to a file of their own,
# pelab-zh.lang and pelab-en.lang, that web/widget.js writes back into the module's memory before main() runs
# (the language the page opens in) or when the learner switches (the other one). The code never moves, so the
# state of a running widget (lesson, step, parameters, answers, the lab's runs) survives a switch untouched.
#
# What counts as one language's bytes:
#   * the sources' Text pairs: a brace-enclosed pair of string literals { A , B } whose first holds a CJK
#     character; A is Chinese, B English (adjacent literals are one literal, as in C++);
#   * a literal moves only when every occurrence of its exact contents in the sources is in that role (a
#     sentence that is also a key, a label shown in both languages, or the other language's half stays);
#   * in the wasm, only a whole string moves: its bytes followed by NUL and preceded by NUL, so a pointer to it
#     is a pointer to its first byte (a string starting elsewhere cannot share its bytes);
#   * the Chinese half of the font (scripts/make_font_subset.py --zh-symbol): the glyphs that only Chinese
#     texts use, a font of its own that the app merges into its atlas once Chinese has arrived.
#
# Commands:
#   split  --scan FILES... --wasm IN --out-wasm OUT --out-dir DIR [--zh-font TTF] [--mathml-from CPP]
#          [--wasm-dis PATH] [--compressed]   (IN and OUT may be the same file: it is replaced only when everything
#          was written; --compressed also writes each file's .gz and, with Debian's brotli, .br copy)
#          writes OUT (the wasm without either language's texts) and DIR/pelab-{zh,en}.lang; prints their sizes
#   list   --scan FILES...                     prints the literals and bytes of each file (a look before a build)
#
# The .lang format: b"PELANG1\0", the record count (u32, little-endian), each record's gap from the end of the one
# before (the first: its address) and length as LEB128 varints, then the records' bytes one after the other; each
# record is written at its address of the module's memory. Standard library only.
#
# The equations' MathML (for the page's text mirror: screen readers, print; views/equation_data.h) is not needed
# for the first frame: with --mathml-from (the generated equations_data.cpp) it moves the same way to
# pelab-mathml.data, which the page fetches after its first frame.
import argparse
import os
import re
import struct
import sys

MAGIC = b"PELANG1\0"


# [SECTION] C++ string literals
def is_cjk(c):
    cp = ord(c)
    return (0x2E80 <= cp <= 0x9FFF) or (0xF900 <= cp <= 0xFAFF) or (0xFF00 <= cp <= 0xFFEF) or (0x3000 <= cp <= 0x303F)


SIMPLE_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'", "?": "?",
                  "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def decode_escapes(body, path):
    """The bytes of a (non-raw) literal's body, as UTF-8."""
    out = bytearray()
    i = 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out += c.encode("utf-8")
            i += 1
            continue
        n = body[i + 1]
        if n == "x":
            m = re.match(r"[0-9a-fA-F]+", body[i + 2:])
            out.append(int(m.group(0), 16) & 0xFF)
            i += 2 + len(m.group(0))
        elif n in "uU":
            width = 4 if n == "u" else 8
            out += chr(int(body[i + 2:i + 2 + width], 16)).encode("utf-8")
            i += 2 + width
        elif n in "01234567":
            m = re.match(r"[0-7]{1,3}", body[i + 1:])
            out.append(int(m.group(0), 8) & 0xFF)
            i += 1 + len(m.group(0))
        elif n in SIMPLE_ESCAPES:
            out += SIMPLE_ESCAPES[n].encode("utf-8")
            i += 2
        else:
            sys.exit("language_texts.py: %s: unknown escape \\%s" % (path, n))
    return bytes(out)


def tokens(text, path):
    """The file's tokens that matter here: ('str', bytes) for a string literal (adjacent ones joined), ('{',),
    ('}',), (',',) and ('x',) for anything else. Comments and character literals are skipped."""
    out = []
    i, n = 0, len(text)
    ident = re.compile(r"[A-Za-z_0-9]+")
    while i < n:
        c = text[i]
        if c in " \t\r\n":
            i += 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j + 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c == "#" and (i == 0 or text[i - 1] == "\n"):
            # A preprocessor line (#include "x.h" is not a literal); continued lines included.
            j = i
            while True:
                k = text.find("\n", j)
                if k < 0:
                    j = n
                    break
                if text[k - 1] == "\\":
                    j = k + 1
                    continue
                j = k + 1
                break
            i = j
        elif c == '"' or (c in "uUL8R" and re.match(r'(u8|u|U|L)?R?"', text[i:])):
            m = re.match(r'(u8|u|U|L)?(R?)"', text[i:])
            raw = m.group(2) == "R"
            i += len(m.group(0))
            if raw:
                d = text.index("(", i)
                delim = ")" + text[i:d] + '"'
                end = text.index(delim, d)
                value = text[d + 1:end].encode("utf-8")
                i = end + len(delim)
            else:
                j = i
                while text[j] != '"':
                    j += 2 if text[j] == "\\" else 1
                value = decode_escapes(text[i:j], path)
                i = j + 1
            if out and out[-1][0] == "str" and out[-1][2]:
                out[-1] = ("str", out[-1][1] + value, True)  # adjacent literals are one literal
            else:
                out.append(("str", value, True))
        elif c == "'" and i > 0 and text[i - 1].isalnum():
            i += 1  # a digit separator (1'000)
        elif c == "'":
            j = i + 1
            while text[j] != "'":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            out.append(("x",))
        elif c in "{},":
            out.append((c,))
            i += 1
        else:
            m = ident.match(text, i)
            i = m.end() if m else i + 1
            out.append(("x",))
        # A literal followed by anything but another literal is complete.
        if out and out[-1][0] != "str" and len(out) > 1 and out[-2][0] == "str" and out[-2][2]:
            out[-2] = ("str", out[-2][1], False)
    return [(t[0], t[1]) if t[0] == "str" else t for t in out]


STEP_ID = re.compile(rb"[a-z0-9]+(-[a-z0-9]+)*")


def lesson_part(path, toks):
    """The part a file's texts belong to: a lesson's id for a step file of a lesson's folder (src/lessons/<folder>/,
    a file that declares a step: { "step-id", {"标题", "Title"}, ...}), else "" (the texts every screen may use:
    the app's, the glossary's, a lesson's lesson.cpp with its title and parameters, helpers)."""
    parts = os.path.normpath(path).split(os.sep)
    if "lessons" not in parts or len(parts) - parts.index("lessons") != 3 or parts[-1] == "lesson.cpp":
        return ""
    if not any(step_title_at(toks, k) for k in range(len(toks))):
        return ""
    folder = os.path.dirname(path)
    with open(os.path.join(folder, "lesson.cpp"), encoding="utf-8") as f:
        m = re.search(r'lesson\.id\s*=\s*"([a-z0-9-]+)"', f.read())
    if not m:
        sys.exit("language_texts.py: %s/lesson.cpp sets no lesson.id" % folder)
    return m.group(1)


def step_title_at(toks, k):
    """Whether toks[k] opens a step's declaration { "step-id", {zh, en}: the title pair sits at k + 4, k + 6."""
    t = toks[k:k + 8]
    return (len(t) == 8 and t[0] == ("{",) and t[1][0] == "str" and STEP_ID.fullmatch(t[1][1]) and t[2] == (",",)
            and t[3] == ("{",) and t[4][0] == "str" and t[5] == (",",) and t[6][0] == "str" and t[7] == ("}",))


def classify(paths):
    """{contents: (lang, part)} for the literals that are only ever a Text's Chinese half ("zh") or only ever its
    English half ("en"), by exact contents, with the part they belong to: a lesson's id when every occurrence is
    in that lesson's step files (and is not a step's title: the step lists and the links to other lessons show
    those), else "" (the texts every screen may use). Every other literal stays where it is."""
    role_counts = {}  # contents -> [as zh half, as en half, anything else]
    parts = {}        # contents -> the set of parts it occurs in
    for path in paths:
        with open(path, encoding="utf-8") as f:
            toks = tokens(f.read(), path)
        part = lesson_part(path, toks)
        titles = set()
        for k in range(len(toks)):
            if step_title_at(toks, k):
                titles.update((k + 4, k + 6))
        in_pair = set()
        for k in range(len(toks) - 4):
            t = toks[k:k + 5]
            if t[0] == ("{",) and t[1][0] == "str" and t[2] == (",",) and t[3][0] == "str" and t[4] == ("}",):
                zh, en = t[1][1], t[3][1]
                if any(is_cjk(c) for c in zh.decode("utf-8", "replace")):
                    role_counts.setdefault(zh, [0, 0, 0])[0] += 1
                    role_counts.setdefault(en, [0, 0, 0])[1] += 1
                    in_pair.update((k + 1, k + 3))
                    for at, value in ((k + 1, zh), (k + 3, en)):
                        parts.setdefault(value, set()).add("" if at in titles else part)
        for k, t in enumerate(toks):
            if t[0] == "str" and k not in in_pair:
                role_counts.setdefault(t[1], [0, 0, 0])[2] += 1
    out = {}
    for value, (as_zh, as_en, other) in role_counts.items():
        if not value or other or (as_zh and as_en):
            continue
        where = parts[value]
        out[value] = ("zh" if as_zh else "en", where.pop() if len(where) == 1 else "")
    return out


# [SECTION] the font's Chinese half
def chinese_only_chars(paths):
    """The CJK characters that only Chinese texts use (no other literal of the sources has them)."""
    classes = classify(paths)
    mine, theirs = set(), set()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for t in tokens(f.read(), path):
                if t[0] == "str":
                    text = t[1].decode("utf-8", "replace")
                    (mine if classes.get(t[1], ("", ""))[0] == "zh" else theirs).update(text)
    return sorted(c for c in mine - theirs if is_cjk(c))


# [SECTION] the wasm's data section
def read_leb(data, i, signed=False):
    """(value, index after it) of the LEB128 number at data[i]."""
    result = shift = 0
    while True:
        b = data[i]
        i += 1
        result |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            if signed and b & 0x40:
                result -= 1 << shift
            return result, i


def leb(value):
    out = bytearray()
    while True:
        b = value & 0x7F
        value >>= 7
        out.append(b | (0x80 if value else 0))
        if not value:
            return bytes(out)


def sections(wasm):
    """[(id, payload start, payload end)] of a wasm module."""
    if wasm[:8] != b"\0asm\x01\0\0\0":
        sys.exit("language_texts.py: not a wasm module")
    out, i = [], 8
    while i < len(wasm):
        sid = wasm[i]
        size, j = read_leb(wasm, i + 1)
        out.append((sid, j, j + size))
        i = j + size
    return out


def data_segments(wasm, start, end):
    """[(memory address, bytes)] of the active segments of memory 0 (i32.const offsets)."""
    count, i = read_leb(wasm, start)
    segs = []
    for _ in range(count):
        flags, i = read_leb(wasm, i)
        if flags not in (0, 2):
            sys.exit("language_texts.py: passive data segment (flags %d): not handled" % flags)
        if flags == 2:
            _, i = read_leb(wasm, i)
        if wasm[i] != 0x41:
            sys.exit("language_texts.py: a data segment's offset is not an i32.const")
        result, i = read_leb(wasm, i + 1, signed=True)
        if wasm[i] != 0x0B:
            sys.exit("language_texts.py: a data segment's offset is not a constant")
        i += 1
        size, i = read_leb(wasm, i)
        segs.append((result, wasm[i:i + size]))
        i += size
    if i != end:
        sys.exit("language_texts.py: the data section has trailing bytes")
    return segs


def sleb(value):
    out = bytearray()
    while True:
        b = value & 0x7F
        value >>= 7
        done = (value == 0 and not b & 0x40) or (value == -1 and b & 0x40)
        out.append(b | (0 if done else 0x80))
        if done:
            return bytes(out)


def encode_segments(segs):
    body = bytearray(leb(len(segs)))
    for address, data in segs:
        body += b"\0\x41" + sleb(address) + b"\x0b" + leb(len(data)) + data
    return bytes(body)


def memory_image(memory_segments):
    """(base, bytes): the memory the segments initialise, from the lowest address to the highest end, with the
    zeros between segments (wasm-opt leaves runs of zeros out of the segments)."""
    lo = min(a for a, _ in memory_segments)
    hi = max(a + len(d) for a, d in memory_segments)
    image = bytearray(hi - lo)
    for a, d in memory_segments:
        image[a - lo:a - lo + len(d)] = d
    return lo, bytes(image)


MIN_MOVED = 8  # bytes: shorter strings stay (little to gain, and more likely to match other data by chance)


def find_strings(memory_segments, literals, avoid=()):
    """{address: bytes} of the whole strings in the initial memory (a NUL before it and after it) whose contents
    are one of the literals, at least MIN_MOVED bytes long, found exactly once (a second occurrence could be
    other data that happens to read the same) and outside the ranges `avoid` [(address, length)]."""
    base, image = memory_image(memory_segments)
    seen = {}
    pos = 0
    for piece in image.split(b"\0")[:-1]:  # the last piece has no NUL after it
        if len(piece) >= MIN_MOVED and piece in literals:
            seen.setdefault(piece, []).append(base + pos)
        pos += len(piece) + 1
    inside = lambda a, n: any(lo < a + n and a < lo + m for lo, m in avoid)
    return {at[0]: piece for piece, at in seen.items() if len(at) == 1 and not inside(at[0], len(piece))}


def find_bytes(memory_segments, blob, what):
    base, image = memory_image(memory_segments)
    hits = []
    at = image.find(blob)
    while at >= 0:
        hits.append(base + at)
        at = image.find(blob, at + 1)
    if len(hits) != 1:
        sys.exit("language_texts.py: %s found %d times in the wasm's data (expected once)" % (what, len(hits)))
    return hits[0]


def referenced_addresses(wasm, wasm_dis, memory_segments):
    """Every address the code may point at: the i32.const operands and the load/store offsets of its code
    (binaryen's wasm-dis). A pointer that lands inside a string (a constant the compiler folded, &text[k]) keeps
    the rest of that string in the wasm: the string moves only up to that point. Reading too many here only keeps
    more bytes in the wasm. The data's own words are not read: a table in the data points at a string's start
    (a literal's address), never inside one, since the link (-Wl,-O0, cmake/PelabWeb.cmake) stores no string in
    another's tail; read as addresses, the data's numbers (counts, varints, glyph coordinates) would cut many
    texts for nothing."""
    import subprocess
    import tempfile
    with tempfile.NamedTemporaryFile(suffix=".wasm") as f:
        f.write(wasm)
        f.flush()
        text = subprocess.run([wasm_dis, f.name], check=True, stdout=subprocess.PIPE).stdout.decode("utf-8", "replace")
    found = {int(m) & 0xFFFFFFFF for m in re.findall(r"\(i32\.const (-?\d+)\)", text)}
    found.update(int(m) for m in re.findall(r"\boffset=(\d+)", text))
    return sorted(found)


def whole_prefixes(found, references):
    """The strings of `found` {address: bytes} cut at the first address inside them that something points at."""
    import bisect
    out = {}
    for address, value in found.items():
        i = bisect.bisect_right(references, address)
        end = address + len(value)
        if i < len(references) and references[i] < end:
            value = value[:references[i] - address]
        if len(value) >= MIN_MOVED:
            out[address] = value
    return out


def cut(memory_segments, ranges):
    """The segments with the byte ranges [(address, length)] removed (segments split around them)."""
    ranges = sorted(ranges)
    out = []
    for base, data in memory_segments:
        pos = 0
        for address, length in ranges:
            lo, hi = address - base, address - base + length
            if hi <= pos or lo >= len(data):
                continue
            if lo > pos:
                out.append((base + pos, data[pos:lo]))
            pos = max(pos, hi)
        if pos < len(data):
            out.append((base + pos, data[pos:]))
    return out


def lang_file(records):
    """The file's bytes: the magic, the record count (u32), then each record's gap (its address minus the end of
    the record before it, the first from 0) and length as LEB128 varints, then all the records' bytes in order.
    Addresses ascend and gaps are small, so the table costs about 3 bytes a record and gzip sees the texts
    together."""
    records = sorted(records)
    body = bytearray(MAGIC + struct.pack("<I", len(records)))
    end = 0
    for address, data in records:
        body += leb(address - end) + leb(len(data))
        end = address + len(data)
    for _, data in records:
        body += data
    return bytes(body)


def replace_data_section(wasm, segments):
    """The module with its data section (and data count) rewritten to `segments`."""
    body = encode_segments(segments)
    out = bytearray(wasm[:8])
    for sid, s, e in sections(wasm):
        payload = wasm[s:e]
        if sid == 11:
            payload = body
        elif sid == 12:
            payload = leb(len(segments))
        out += bytes([sid]) + leb(len(payload)) + payload
    return bytes(out)


def part_file(lang, part):
    """The file of a language's part: pelab-zh.lang (the texts every screen may use), pelab-zh-rope.lang (the
    texts of the rope lesson's steps)."""
    return "pelab-%s%s.lang" % (lang, "-" + part if part else "")


def split(args):
    classes = classify([p for p in args.scan if p.endswith((".cpp", ".h"))])
    with open(args.wasm, "rb") as f:
        wasm = f.read()
    data_secs = [s for s in sections(wasm) if s[0] == 11]
    if len(data_secs) != 1:
        sys.exit("language_texts.py: the wasm has %d data sections" % len(data_secs))
    segs = data_segments(wasm, data_secs[0][1], data_secs[0][2])
    font, avoid = b"", []
    if args.zh_font:
        with open(args.zh_font, "rb") as f:
            font = f.read()
        avoid = [(find_bytes(segs, font, "the Chinese half of the font (%s)" % args.zh_font), len(font))]
    # A string's bytes move (up to the first byte something else points at); its NUL stays in the wasm.
    references = referenced_addresses(wasm, args.wasm_dis, segs)
    files = {}  # file name -> [(address, bytes)]
    found = find_strings(segs, set(classes), avoid)
    for address, value in whole_prefixes(found, references).items():
        files.setdefault(part_file(*classes[found[address]]), []).append((address, value))
    for lang in ("zh", "en"):
        files.setdefault(part_file(lang, ""), [])
    if font:
        files[part_file("zh", "")].append((avoid[0][0], font))
    mathml = set()
    if args.mathml_from:
        with open(args.mathml_from, encoding="utf-8") as f:
            mathml = {t[1] for t in tokens(f.read(), args.mathml_from) if t[0] == "str" and t[1].startswith(b"<math")}
        files["pelab-mathml.data"] = sorted(whole_prefixes(find_strings(segs, mathml, avoid), references).items())
    moved = sorted((a, len(v)) for recs in files.values() for a, v in recs)
    for (a0, n0), (a1, _) in zip(moved, moved[1:]):
        if a0 + n0 > a1:
            sys.exit("language_texts.py: two moved ranges overlap at %d" % a1)
    new_segs = cut(segs, moved)
    # The check of the whole: the new wasm's memory with every record written back is the old one, byte for byte.
    base, image = memory_image(segs)
    rebuilt = bytearray(len(image))
    for a, d in new_segs:
        rebuilt[a - base:a - base + len(d)] = d
    for a, d in (r for recs in files.values() for r in recs):
        rebuilt[a - base:a - base + len(d)] = d
    if bytes(rebuilt) != image:
        sys.exit("language_texts.py: the split does not give back the module's memory (a bug in this script)")
    out = replace_data_section(wasm, new_segs)
    os.makedirs(args.out_dir, exist_ok=True)
    for old in os.listdir(args.out_dir):  # a lesson that is gone leaves no file behind
        if re.fullmatch(r"pelab-(zh|en)(-[a-z0-9-]+)?\.lang(\.gz|\.br)?", old) and old.split(".lang")[0] + ".lang" not in files:
            os.remove(os.path.join(args.out_dir, old))
    for name, recs in files.items():
        path = os.path.join(args.out_dir, name)
        with open(path + ".tmp", "wb") as f:
            f.write(lang_file(recs))
        os.replace(path + ".tmp", path)
    tmp = args.out_wasm + ".tmp"
    with open(tmp, "wb") as f:
        f.write(out)
    os.replace(tmp, args.out_wasm)
    if args.compressed:  # the copies a server sends as they are (scripts/serve.sh), as the build makes for the rest
        import shutil
        import subprocess
        for name in files:
            path = os.path.join(args.out_dir, name)
            # zopfli writes the gzip format some 4 % smaller than gzip -9 (what scripts/check_download_size.py
            # counts when it is there); gzip -9 without it.
            if shutil.which("zopfli"):
                subprocess.run(["zopfli", path], check=True)
            else:
                subprocess.run(["gzip", "-9", "-n", "-k", "-f", path], check=True)
            if shutil.which("brotli"):
                subprocess.run(["brotli", "-q", "11", "-k", "-f", path], check=True)
    print("language_texts.py: wasm %d -> %d bytes; moved out: %s" % (len(wasm), len(out), ", ".join(
        "%s %d bytes" % (name, sum(len(v) for _, v in recs)) for name, recs in sorted(files.items()))))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("command", choices=["split", "list"])
    ap.add_argument("--scan", nargs="+", required=True)
    ap.add_argument("--out")
    ap.add_argument("--wasm")
    ap.add_argument("--out-wasm")
    ap.add_argument("--out-dir")
    ap.add_argument("--zh-font")
    ap.add_argument("--mathml-from")
    ap.add_argument("--wasm-dis", default="wasm-dis")
    ap.add_argument("--compressed", action="store_true", help="also write FILE.gz and (with brotli) FILE.br")
    args = ap.parse_args()
    if args.command == "list":
        totals = {}
        for value, key in classify(args.scan).items():
            n = totals.setdefault(part_file(*key), [0, 0])
            n[0] += 1
            n[1] += len(value)
        for name, (count, size) in sorted(totals.items()):
            print("%-32s %5d literals %8d bytes" % (name, count, size))
    else:
        split(args)


if __name__ == "__main__":
    main()
