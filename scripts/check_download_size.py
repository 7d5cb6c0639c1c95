#!/usr/bin/env python3
# PE Lab — scripts/check_download_size.py: the download cap as a check that fails (docs/performance.md,
# "Download"). What a visitor's first load of index.html fetches is index.html itself, every local file it
# names (<script src>, <link href>, <img src>: today widget.js, pelab.js and the preloaded pelab.wasm) and
# pelab.wasm, which widget.js fetches. Each is compressed with `gzip -9` (the command line tool, as
# tests/browser/bench.mjs measures it: node's zlib or Python's would give other sizes), each part's size is
# printed, and the exit status is 1 when the sum is over the cap (850,000 bytes unless --cap says otherwise),
# 2 when a file is missing or gzip is absent.
# Usage: scripts/check_download_size.py DIST_DIR [--cap BYTES]     (DIST_DIR: build/web/dist)
# Run by CTest in the web workflow (test download_size, tests/CMakeLists.txt), after the build.
import html.parser
import os
import shutil
import subprocess
import sys

DEFAULT_CAP = 850_000
ALWAYS = ["pelab.wasm"]  # fetched by widget.js (WebAssembly.compileStreaming), whatever index.html names


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
    out = subprocess.run([gzip, "-9", "-c", path], check=True, stdout=subprocess.PIPE).stdout
    return len(out)


def main(argv):
    args = list(argv[1:])
    cap = DEFAULT_CAP
    if "--cap" in args:
        i = args.index("--cap")
        try:
            cap = int(args[i + 1])
        except (IndexError, ValueError):
            print("usage: check_download_size.py DIST_DIR [--cap BYTES]", file=sys.stderr)
            return 2
        del args[i:i + 2]
    if len(args) != 1:
        print("usage: check_download_size.py DIST_DIR [--cap BYTES]", file=sys.stderr)
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

    total = 0
    missing = []
    print(f"first-load download of {dist} (gzip -9):")
    for name in names:
        path = os.path.join(dist, name)
        if not os.path.isfile(path):
            missing.append(name)
            print(f"  {name:<14} missing")
            continue
        size = gzip_bytes(gzip, path)
        total += size
        print(f"  {name:<14} {os.path.getsize(path):>10,} B raw {size:>10,} B gzip")
    if missing:
        print(f"check_download_size: FAILED: {', '.join(missing)} missing (the first load fetches them)")
        return 2
    verdict = "within" if total <= cap else "OVER"
    print(f"  {'total':<14} {'':>10}       {total:>10,} B gzip   {verdict} the cap of {cap:,} B")
    if total > cap:
        print(f"check_download_size: FAILED: the first load downloads {total:,} bytes gzip, "
              f"{total - cap:,} over the cap of {cap:,} (docs/performance.md, Download)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
