#!/usr/bin/env python3
# PE Lab — scripts/check_download_size.py: the download cap as a check that fails (docs/performance.md,
# "Download"). What a visitor's first load of index.html fetches is index.html itself, every local file it
# names (<script src>, <link href>, <img src>: today widget.js, pelab.js and the preloaded pelab.wasm) and
# pelab.wasm, which widget.js fetches. Each counts as what a browser accepting gzip downloads: the build's
# pre-compressed copy FILE.gz (zopfli's, where Debian's zopfli is installed: the gzip format, some 4 % smaller than
# gzip -9), checked to decompress to exactly the file, else the file through `gzip -9` (the command line tool, as
# tests/browser/bench.mjs measures it: node's zlib or Python's would give other sizes); each part's size is
# printed, and the exit status is 1 when the sum is over the cap (DEFAULT_CAP unless --cap says otherwise),
# 2 when a file is missing or gzip is absent.
# One language per load: the wasm holds neither language's texts; widget.js fetches the one the page opens in,
# pelab-zh.lang or pelab-en.lang (scripts/language_texts.py), beside it, with the texts of the lesson it opens on,
# pelab-<lang>-<lesson>.lang (the other lessons' after the first frame). So the first load is measured once per
# language, on the lesson whose texts weigh most, each against the cap; and the check fails (1) when index.html
# names a texts file (every first load would then fetch it, whatever the language).
# The lab is stated apart: its module pelab_lab.js, pelab_lab.wasm and lab_worker.js, and its data
# lab_reference_runs.json and the shipped models lab_shipped_<pe>_<task>.weights (each one in dist), which the page
# fetches only when the lab opens (new Worker('lab_worker.js'), the reference runs' fetch, the worker's fetch of a
# shipped model when the lab first looks inside it), so they are not part of any lesson's first load; the check
# fails (1) when index.html names one of them (they would then be fetched by every first load) and when they are
# over their own cap, LAB_CAP bytes gzip together.
# A dist folder without the module (a build before it) skips that part with a line saying so.
# Usage: scripts/check_download_size.py DIST_DIR [--cap BYTES] [--write-doc docs/performance.md]
# (DIST_DIR: build/web/dist). --write-doc replaces the first-load table and the lab's table of that document (each
# between its two comment lines) with the figures just measured: the one place they are written.
# Run by CTest in the web workflow (test download_size, tests/CMakeLists.txt), after the build.
import glob
import html.parser
import os
import shutil
import subprocess
import sys
import zlib

DEFAULT_CAP = 800_000
LANGUAGES = {"zh": "pelab-zh.lang", "en": "pelab-en.lang"}  # the one the page opens in
LESSON_TEXTS = "pelab-{lang}-*.lang"  # a lesson's steps' texts: the first load fetches the one it opens on
ALWAYS = ["pelab.wasm"]  # fetched by widget.js (WebAssembly.compileStreaming), whatever index.html names
LAB_FILES = ["pelab_lab.js", "pelab_lab.wasm", "lab_worker.js", "lab_reference_runs.json"]  # when the lab opens
LAB_SHIPPED = "lab_shipped_*.weights"  # the models the lab ships, those in dist (fetched when first looked inside)
LAB_CAP = 500_000


class LoadedFiles(html.parser.HTMLParser):
    """Local files a page makes the browser fetch as it loads: <script src>, <link href>, <img src>."""

    def __init__(self):
        super().__init__()
        self.files = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        url = None
        if tag in ("script", "img") and a.get("src"):
            url = a["src"]
        elif tag == "link" and a.get("href"):
            url = a["href"]
        if not url:
            return
        url = url.split("#", 1)[0].split("?", 1)[0]
        if not url or ":" in url or url.startswith("//"):
            return  # data: / blob: / another origin: nothing fetched from dist (and nothing allowed by the CSP)
        while url.startswith("./"):
            url = url[2:]
        self.files.append(url.lstrip("/"))  # a same-origin absolute path: dist is the site's root


def gzip_bytes(gzip, path):
    """What a browser that accepts gzip downloads for `path`: the build's pre-compressed copy PATH.gz (made with
    zopfli where it is installed: the gzip format, smaller than gzip -9) when there is one and it decompresses to
    exactly the file, else the file through gzip -9 (what a server compressing on the fly at best sends)."""
    copy = path + ".gz"
    if os.path.isfile(copy):
        with open(copy, "rb") as f:
            packed = f.read()
        with open(path, "rb") as f:
            if zlib.decompress(packed, 16 + zlib.MAX_WBITS) == f.read():
                return len(packed)
        print(f"check_download_size: {copy} is not {path} compressed; counting gzip -9 instead", file=sys.stderr)
    out = subprocess.run([gzip, "-9", "-c", path], check=True, stdout=subprocess.PIPE).stdout
    return len(out)


USAGE = "usage: check_download_size.py DIST_DIR [--cap BYTES] [--write-doc DOC.md]"
# The tables --write-doc writes, each between its two marker lines: "first-load" and "lab".
def doc_markers(table):
    return (f"<!-- {table} table: written by scripts/check_download_size.py --write-doc; do not edit by hand -->",
            f"<!-- end of the {table} table -->")


# What each file is, for the tables --write-doc writes (a lesson's texts file is named by its pattern).
DOC_WORDS = {
    "pelab.wasm": "the code, the glyphs both languages use, the typeset equations",
    "pelab.js": "emscripten's loader, through the Closure Compiler",
    "widget.js": "`PELab.mount`, `window.pelab`, `postMessage`, the texts' files, the lab's client",
    "index.html": "the page",
    "pelab-en.lang": "English for every screen",
    "pelab-zh.lang": "Chinese for every screen, and the glyphs only Chinese uses",
    "pelab_lab.wasm": "the lab's core: the training loop at `-O3`, the rest at `-Oz`",
    "pelab_lab.js": "the lab module's loader",
    "lab_worker.js": "the worker that carries the lab's messages, minified",
    "lab_reference_runs.json": "the reference runs",
}


def file_words(name):
    if name in DOC_WORDS:
        return DOC_WORDS[name]
    if name.startswith("lab_shipped_"):  # lab_shipped_<pe>_<task>.weights
        pe, task = name[len("lab_shipped_"):-len(".weights")].split("_", 1)
        return f"the shipped {pe} model on {task}, packed at 16 bits"
    lang, lesson = name[len("pelab-"):-len(".lang")].split("-", 1)  # pelab-<lang>-<lesson>.lang
    return f"the heaviest lesson's {'Chinese' if lang == 'zh' else 'English'}, `{lesson}`"


def write_doc(doc, tables):
    """Replaces each table of `tables` ({name: (rows, totals)}: rows (file, raw, gz), totals (label, bytes, cap))
    between its markers in `doc`. Fails (2) when a table's markers are missing, so a renamed heading cannot leave
    one stale."""
    with open(doc, encoding="utf-8") as f:
        text = f.read()
    for table, (rows, totals) in tables.items():
        begin, end = doc_markers(table)
        if begin not in text or end not in text:
            print(f"check_download_size: {doc} has no {table} table markers ({begin} ... {end})", file=sys.stderr)
            return 2
        lines = [begin, "| file | raw (bytes) | shipped .gz (bytes) |", "| --- | ---: | ---: |"]
        lines += [f"| `{name}` ({file_words(name)}) | {raw:,} | {packed:,} |" for name, raw, packed in rows]
        lines += [f"| **{label}** (cap {cap:,}) | | **{total:,}** |" for label, total, cap in totals]
        lines.append(end)
        head, rest = text.split(begin, 1)
        text = head + "\n".join(lines) + rest.split(end, 1)[1]
    with open(doc, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"check_download_size: wrote the {' and '.join(tables)} tables of {doc}")
    return 0


def main(argv):
    args = list(argv[1:])
    cap = DEFAULT_CAP
    if "--cap" in args:
        i = args.index("--cap")
        try:
            cap = int(args[i + 1])
        except (IndexError, ValueError):
            print(USAGE, file=sys.stderr)
            return 2
        del args[i:i + 2]
    doc = None
    if "--write-doc" in args:
        i = args.index("--write-doc")
        if i + 1 >= len(args):
            print(USAGE, file=sys.stderr)
            return 2
        doc = args[i + 1]
        del args[i:i + 2]
    if len(args) != 1:
        print(USAGE, file=sys.stderr)
        return 2
    dist = args[0]
    gzip = shutil.which("gzip")
    if not gzip:
        print("check_download_size: gzip is not installed", file=sys.stderr)
        return 2
    index = os.path.join(dist, "index.html")
    if not os.path.isfile(index):
        print(f"check_download_size: {index} is missing; build first: cmake --workflow --preset web",
              file=sys.stderr)
        return 2
    parser = LoadedFiles()
    with open(index, encoding="utf-8") as f:
        parser.feed(f.read())
    names = []
    for name in ["index.html"] + parser.files + ALWAYS:
        if name not in names:
            names.append(name)

    named = [f for f in names if f.endswith(".lang")]
    if named:
        print(f"check_download_size: FAILED: index.html loads {', '.join(named)}: a language's texts must be "
              f"fetched only for a page that opens in it")
        return 1
    status = 0
    rows, totals = [], []  # for --write-doc: every file once, in the order measured, and each language's total
    for lang, lang_file in LANGUAGES.items():
        total = 0
        missing = []
        # The lesson a page opens on: the one whose texts weigh most, so the figure holds for any deep link.
        lessons = {os.path.basename(p): gzip_bytes(gzip, p)
                   for p in glob.glob(os.path.join(glob.escape(dist), LESSON_TEXTS.format(lang=lang)))}
        heaviest = [max(lessons, key=lessons.get)] if lessons else []
        print(f"first-load download of {dist} in {'Chinese' if lang == 'zh' else 'English'}, on the lesson whose "
              f"texts weigh most (the shipped .gz copies):")
        for name in names + [lang_file] + heaviest:
            path = os.path.join(dist, name)
            if not os.path.isfile(path):
                missing.append(name)
                print(f"  {name:<14} missing")
                continue
            size = gzip_bytes(gzip, path)
            total += size
            print(f"  {name:<28} {os.path.getsize(path):>10,} B raw {size:>10,} B gzip")
            if all(r[0] != name for r in rows):
                rows.append((name, os.path.getsize(path), size))
        if missing:
            print(f"check_download_size: FAILED: {', '.join(missing)} missing (the first load fetches them)")
            return 2
        verdict = "within" if total <= cap else "OVER"
        print(f"  {'total':<28} {'':>10}       {total:>10,} B gzip   {verdict} the cap of {cap:,} B")
        print(f"first load ({lang}): {total} bytes gzip")
        totals.append((lang, total))
        if total > cap:
            print(f"check_download_size: FAILED: the first load in {lang} downloads {total:,} bytes gzip, "
                  f"{total - cap:,} over the cap of {cap:,} (docs/performance.md, Download)")
            status = 1
    lab_status, lab_rows, lab_total = check_lab(gzip, dist, names)
    status = max(status, lab_status)
    if doc and status == 0:
        first_load = [(f"first load in {'Chinese' if lang == 'zh' else 'English'}", total, cap)
                      for lang, total in sorted(totals, key=lambda t: t[0] != "en")]
        tables = {"first-load": (rows, first_load)}
        if lab_rows:
            tables["lab"] = (lab_rows, [("the lab", lab_total, LAB_CAP)])
        status = write_doc(doc, tables)
    return status


def check_lab(gzip, dist, first_load):
    """The lab's own figure: (status, rows, total), status 1 when the first load names one of its files or they
    are over LAB_CAP, 2 when one is missing; no rows when the build has no lab."""
    shipped = sorted(os.path.basename(p) for p in glob.glob(os.path.join(glob.escape(dist), LAB_SHIPPED)))
    named = [name for name in LAB_FILES + shipped if name in first_load]
    if named:
        print(f"check_download_size: FAILED: index.html loads {', '.join(named)}: the lab's files must be "
              f"fetched only when the lab opens, not by every first load")
        return 1, [], 0
    present = [name for name in LAB_FILES if os.path.isfile(os.path.join(dist, name))]
    if not present:
        print("the lab: not in this build (pelab_lab.js, pelab_lab.wasm, lab_worker.js); skipped")
        return 0, [], 0
    print(f"the lab's module and data, fetched when the lab opens (not part of the first load; the shipped .gz copies):")
    total, rows = 0, []
    for name in LAB_FILES + shipped:
        path = os.path.join(dist, name)
        if not os.path.isfile(path):
            print(f"  {name:<28} missing")
            print(f"check_download_size: FAILED: {name} missing (the lab's files: {', '.join(LAB_FILES)}, "
                  f"and the shipped models)")
            return 2, [], 0
        size = gzip_bytes(gzip, path)
        total += size
        rows.append((name, os.path.getsize(path), size))
        print(f"  {name:<28} {os.path.getsize(path):>10,} B raw {size:>10,} B gzip")
    if not shipped:
        print(f"  (no shipped models, {LAB_SHIPPED}, in this build)")
    verdict = "within" if total <= LAB_CAP else "OVER"
    print(f"  {'total':<28} {'':>10}       {total:>10,} B gzip   {verdict} the lab's cap of {LAB_CAP:,} B")
    if total > LAB_CAP:
        print(f"check_download_size: FAILED: the lab downloads {total:,} bytes gzip, "
              f"{total - LAB_CAP:,} over its cap of {LAB_CAP:,} (docs/lab.md, In the browser)")
        return 1, rows, total
    return 0, rows, total


if __name__ == "__main__":
    sys.exit(main(sys.argv))
