#!/usr/bin/python3
# PE Lab — scripts/make_font_subset.py
# Build-time generator behind pelab_font_subset() (cmake/PelabDeps.cmake). Run it with Debian's
# /usr/bin/python3 (package python3-fonttools), not a pyenv/venv python.
#   1. collects every non-ASCII character of the --scan files (UTF-8 sources with the zh/en texts),
#      adds printable ASCII U+0020..U+007E and ImGui's ellipsis (U+2026) and fallback (U+FFFD) glyphs;
#   2. cuts the CJK font (--font, face --font-number of a .ttc) down to those glyphs with fontTools.subset:
#      no hinting, no layout tables (ImGui uses none), no glyph names. Characters the CJK font lacks
#      (WenQuanYi Micro Hei has no ᵀ ᵢ ₀ ₅-₉ ⟨ ⟩) are cut from --fallback-font (DejaVu Sans) and merged in,
#      so the result is still one font;
#   3. writes the subset font (--out-font), a character list (--out-chars: "U+4E2D 中" per line, then as
#      "# ..." comments the ones borrowed from the fallback font and those no font has) and a C++ source
#      (--out-ranges) with
#        extern const unsigned short <symbol>_ranges[] = { first, last, ..., 0 };
#      i.e. ImGui glyph ranges covering exactly the subset's codepoints <= 0xFFFF.
# When the character set, the fonts and this script are unchanged, nothing is rewritten (Ninja restat then
# skips the re-embedding and recompiling).
import argparse
import hashlib
import os
import sys
import unicodedata

EXTRA_CODEPOINTS = (0x2026, 0xFFFD)   # ImGui's ellipsis and fallback glyphs, when the font has them
SKIP_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Mn", "Me"}  # invisible / non-spacing
SUBSET_UNITS_PER_EM = 256             # the em the subset is scaled to (see cut())


def collect(paths):
    chars = set(range(0x20, 0x7F))
    for path in paths:
        try:
            with open(path, "r", encoding="utf-8") as f:
                text = f.read()
        except UnicodeDecodeError as e:
            sys.exit("make_font_subset.py: %s is not UTF-8 (%s)" % (path, e))
        for c in text:
            cp = ord(c)
            if cp > 0x7E and unicodedata.category(c) not in SKIP_CATEGORIES:
                chars.add(cp)
    chars.update(EXTRA_CODEPOINTS)
    return chars


def ranges_of(codepoints):
    out = []
    for cp in sorted(cp for cp in codepoints if cp <= 0xFFFF):
        if out and cp == out[-1][1] + 1:
            out[-1][1] = cp
        else:
            out.append([cp, cp])
    return out


def write_if_changed(path, data):
    mode = "wb" if isinstance(data, bytes) else "w"
    try:
        with open(path, "rb") as f:
            old = f.read()
        if old == (data if isinstance(data, bytes) else data.encode("utf-8")):
            return
    except OSError:
        pass
    tmp = path + ".tmp"
    with open(tmp, mode, **({} if mode == "wb" else {"encoding": "utf-8"})) as f:
        f.write(data)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description="Subset a CJK font to the characters PE Lab shows.")
    ap.add_argument("--font", required=True)
    ap.add_argument("--font-number", type=int, default=0)
    ap.add_argument("--fallback-font", default="", help="font for characters the CJK font lacks ('' = none)")
    ap.add_argument("--symbol", required=True)
    ap.add_argument("--out-font", required=True)
    ap.add_argument("--out-chars", required=True)
    ap.add_argument("--out-ranges", required=True)
    ap.add_argument("--scan", nargs="+", required=True)
    args = ap.parse_args()

    wanted = collect(args.scan)

    # Key of everything the outputs depend on; equal key + existing outputs = nothing to do.
    fonts = [args.font] + ([args.fallback_font] if args.fallback_font else [])
    font_ids = ["%s:%d:%d" % (p, os.stat(p).st_size, int(os.stat(p).st_mtime)) for p in fonts]
    with open(os.path.abspath(__file__), "rb") as f:
        script_hash = hashlib.sha256(f.read()).hexdigest()
    key_src = "%s|%d|%s|%s|%s" % ("|".join(font_ids), args.font_number, script_hash, args.symbol,
                                  ",".join("%X" % c for c in sorted(wanted)))
    key = hashlib.sha256(key_src.encode()).hexdigest()
    key_line = "# key: %s\n" % key
    if all(os.path.exists(p) for p in (args.out_font, args.out_ranges)):
        try:
            with open(args.out_chars, "r", encoding="utf-8") as f:
                if f.readline() == key_line:
                    return 0
        except OSError:
            pass

    from fontTools import merge, subset
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.scaleUpem import scale_upem

    def cut(path, font_number, codepoints, out_path):
        font = TTFont(path, fontNumber=font_number, recalcTimestamp=False, lazy=False)
        options = subset.Options()
        options.hinting = False
        options.layout_features = []
        options.glyph_names = False
        options.notdef_outline = True
        options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
        options.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "vhea", "vmtx",
                                "DSIG", "FFTM", "gasp", "hdmx", "LTSH", "VDMX", "PCLT", "morx", "feat"]
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=codepoints)
        subsetter.subset(font)
        # Outlines on a 256-unit em instead of 2048: a unit is still under a sixth of a pixel at the largest
        # size the app draws (a 1.5× title, about 40 px), and an advance is off by at most half a unit (0.03 px
        # at the 16 px body size); the smaller coordinates store in fewer bytes (about 12 KB less download than
        # 2048). Both fonts are scaled alike, so the merge below still sees one em.
        if font["head"].unitsPerEm > SUBSET_UNITS_PER_EM:
            scale_upem(font, SUBSET_UNITS_PER_EM)
        font.save(out_path)
        font.close()

    def cmap_of(path, font_number):
        font = TTFont(path, fontNumber=font_number, lazy=True)
        cmap = set(font.getBestCmap())
        font.close()
        return cmap

    main_cmap = cmap_of(args.font, args.font_number)
    present = sorted(cp for cp in wanted if cp in main_cmap)
    borrowed = []
    if args.fallback_font:
        fb_cmap = cmap_of(args.fallback_font, 0)
        borrowed = sorted(cp for cp in wanted if cp not in main_cmap and cp in fb_cmap)
    covered = set(present) | set(borrowed)
    missing = sorted(cp for cp in wanted if cp not in covered and cp not in EXTRA_CODEPOINTS)

    tmp_main = args.out_font + ".main.tmp"
    tmp_fb = args.out_font + ".fallback.tmp"
    tmp_font = args.out_font + ".tmp"
    cut(args.font, args.font_number, present, tmp_main)
    if borrowed:
        cut(args.fallback_font, 0, borrowed, tmp_fb)
        merged = merge.Merger().merge([tmp_main, tmp_fb])   # metrics/names of the CJK font come first
        # Reproducible bytes: the merger stamps head.created/modified with "now"; keep the CJK font's.
        main_head = TTFont(tmp_main, lazy=True)["head"]
        merged["head"].created, merged["head"].modified = main_head.created, main_head.modified
        merged.recalcTimestamp = False
        merged.save(tmp_font)
        merged.close()
        os.remove(tmp_fb)
        os.remove(tmp_main)
    else:
        os.replace(tmp_main, tmp_font)
    with open(tmp_font, "rb") as f:
        font_bytes = f.read()
    os.remove(tmp_font)
    present = sorted(covered)

    lines = [key_line,
             "# %d characters: subset of %s (face %d)%s\n" % (
                 len(present), args.font, args.font_number,
                 ", with %d from %s" % (len(borrowed), args.fallback_font) if borrowed else "")]
    for cp in present:
        lines.append("U+%04X %s\n" % (cp, chr(cp)))
    for cp in borrowed:
        lines.append("# from the fallback font: U+%04X %s\n" % (cp, chr(cp)))
    for cp in missing:
        lines.append("# missing from every font: U+%04X %s\n" % (cp, chr(cp)))

    rng = ranges_of(present)
    body = ",\n".join("    0x%04X, 0x%04X" % (a, b) for a, b in rng)
    cpp = ("// Generated by scripts/make_font_subset.py - do not edit.\n"
           "// ImGui glyph ranges (inclusive pairs, 0-terminated) for the %d codepoints of %s.ttf\n"
           "extern const unsigned short %s_ranges[];\n"
           "const unsigned short %s_ranges[] = {\n%s%s    0\n};\n"
           % (len(present), args.symbol, args.symbol, args.symbol, body, ",\n" if body else ""))

    write_if_changed(args.out_font, font_bytes)
    write_if_changed(args.out_ranges, cpp)
    write_if_changed(args.out_chars, "".join(lines))   # last: its key line marks the set as complete
    if missing:
        print("make_font_subset.py: %d character(s) not in %s: %s" % (
            len(missing), " or ".join(os.path.basename(p) for p in fonts), " ".join("U+%04X" % c for c in missing)),
            file=sys.stderr)
    print("make_font_subset.py: %s.ttf: %d glyphs, %d bytes" % (args.symbol, len(present), len(font_bytes)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
