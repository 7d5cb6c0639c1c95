#!/usr/bin/python3
# PE Lab — scripts/make_single_file.py
# Makes the offline build's one self-contained HTML file (the web build's build/web/pelab.html) from the web
# build's own files: a copy of web/index.html in which every <script src="..."> becomes an inline <script>
# holding that file (widget.js from web/, pelab.js as linked), pelab.wasm (the same bytes the served page
# loads) goes into a data block <script type="application/octet-stream" id="pelab-wasm"> as base64, which
# web/widget.js compiles instead of fetching, every local <link rel="stylesheet"> becomes an inline <style>,
# and the wasm preload link is dropped. Both languages' texts and the equations' MathML (pelab-zh.lang,
# pelab-zh-<lesson>.lang, the same for en, pelab-mathml.data beside pelab.wasm: scripts/language_texts.py) go
# into data blocks id="pelab-data:<file name>" the same way. The result opens from file:// with no server and no network (a USB
# stick, an LMS upload).
# With --lab-runs, the length-generalisation lab's reference runs (the JSON the served page fetches as
# lab_reference_runs.json) go into a data block <script type="application/json" id="pelab-lab-runs">, which
# widget.js's lab client reads instead of fetching, so the lab shows them offline. Training is not possible there
# (it needs the lab's worker, a same-origin file): the lab says so (docs/lab.md, "In the page").
#
# It refuses (exit 1, one line naming the tag) anything that would still need a server or the network:
# a script or stylesheet it cannot find, a remote URL, any other <link> to a file, a pelab.js without its
# pelab.wasm and language files beside it.
#
# Usage: make_single_file.py --page web/index.html --search-dir web --search-dir build/web/dist \
#                            [--lab-runs build/web/dist/lab_reference_runs.json] --output build/web/pelab.html
import argparse
import base64
import json
import os
import re
import sys

# Attributes of one tag, e.g. src="pelab.js" or rel=preload.
ATTR_RE = re.compile(r'([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*(?:=\s*("[^"]*"|\'[^\']*\'|[^\s"\'=<>`]+))?')
SCRIPT_RE = re.compile(r'<script\b([^>]*)>\s*</script\s*>', re.IGNORECASE)
LINK_RE = re.compile(r'<link\b([^>]*)>', re.IGNORECASE)
# The data block web/widget.js looks for (widget.js: embeddedWasm).
WASM_BLOCK = '<script type="application/octet-stream" id="pelab-wasm">\n%s\n</script>\n'
SCRIPT_MARK = '\0pelab-script\0'  # where an inlined script starts (NUL: no page holds one)
DATA_BLOCK = '<script type="application/octet-stream" id="%s">\n%s\n</script>\n'
# The lab's reference runs (widget.js: labClient).
LAB_RUNS_BLOCK = '<script type="application/json" id="pelab-lab-runs">\n%s\n</script>\n'


def fail(message):
    print('make_single_file.py: ' + message, file=sys.stderr)
    sys.exit(1)


def attributes(text):
    attrs = {}
    for name, value in ATTR_RE.findall(text):
        if value[:1] in ('"', "'"):
            value = value[1:-1]
        attrs[name.lower()] = value
    return attrs


def is_remote(url):
    return re.match(r'^[a-zA-Z][a-zA-Z0-9+.-]*:', url) is not None or url.startswith('//')


def find_local(name, search_dirs, tag):
    if is_remote(name) or name.startswith('/') or '..' in name.split('/'):
        fail('%s: "%s" is not a file next to the page; the single file cannot fetch it' % (tag, name))
    for d in search_dirs:
        path = os.path.join(d, name)
        if os.path.isfile(path):
            return path
    fail('%s: "%s" not found in %s' % (tag, name, ', '.join(search_dirs)))


def read_text(path):
    with open(path, encoding='utf-8') as f:
        return f.read()


def inline_script_body(js, tag):
    # Inside <script>, only "</script" ends the element. It can only occur inside JS strings, regexes,
    # template literals and comments, where "<\/" means the same: "\/" is a valid escape everywhere,
    # regexes with the u flag included (unlike "\!", so "<!--" is left exactly as written).
    # "<!--" followed by "<script" would make the HTML parser skip the element's real end tag; that
    # cannot be escaped without changing what the JS means, so it is refused.
    if '<!--' in js and re.search(r'<script', js, flags=re.IGNORECASE):
        fail('%s: the script holds both "<!--" and "<script"; inlined, the HTML parser would not end it at '
             'its </script>' % tag)
    return re.sub(r'</(script)', r'<\\/\1', js, flags=re.IGNORECASE)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--page', required=True, help='the HTML page (web/index.html)')
    ap.add_argument('--search-dir', action='append', required=True,
                    help='where the page\'s scripts and stylesheets are looked up, in order')
    ap.add_argument('--lab-runs', help='the lab\'s reference runs (JSON) to carry in a data block')
    ap.add_argument('--output', required=True)
    args = ap.parse_args()
    lab_runs = ''
    if args.lab_runs:
        text = read_text(args.lab_runs)
        try:
            json.loads(text)
        except ValueError as e:
            fail('--lab-runs %s: not JSON (%s)' % (args.lab_runs, e))
        # "</" and "<!--" can only be inside JSON strings, where "<\/" and "\u003c" mean the same.
        lab_runs = LAB_RUNS_BLOCK % text.strip().replace('</', '<\\/').replace('<!--', '\\u003c!--')

    html = read_text(args.page)
    inlined = []

    def replace_script(m):
        attrs = attributes(m.group(1))
        if 'src' not in attrs:
            return m.group(0)
        tag = m.group(0).strip()
        path = find_local(attrs['src'], args.search_dir, tag)
        js = read_text(path)
        block = ''
        if os.path.basename(path) == 'pelab.js':
            if lab_runs:
                block += lab_runs
                inlined.append('%s (%d bytes)' % (os.path.basename(args.lab_runs), len(lab_runs)))
            wasm_path = os.path.join(os.path.dirname(path), 'pelab.wasm')
            if not os.path.isfile(wasm_path):
                fail('%s: %s has no pelab.wasm beside it to inline' % (tag, path))
            with open(wasm_path, 'rb') as w:
                wasm = w.read()
            # 76 base64 characters a line, as MIME writes it: no line too long for an editor.
            encoded = base64.encodebytes(wasm).decode('ascii').strip()
            block += WASM_BLOCK % encoded
            inlined.append('pelab.wasm (%d bytes, as base64)' % len(wasm))
            # Both languages' texts (scripts/language_texts.py), which widget.js writes into the module's memory.
            folder = os.path.dirname(path)
            names = sorted(n for n in os.listdir(folder) if re.fullmatch(r'pelab-(zh|en)(-[a-z0-9-]+)?\.lang', n))
            for name in ('pelab-zh.lang', 'pelab-en.lang', 'pelab-mathml.data'):
                if not os.path.isfile(os.path.join(folder, name)):
                    fail('%s: %s has no %s beside it to inline' % (tag, path, name))
            for name in names + ['pelab-mathml.data']:
                data_path = os.path.join(folder, name)
                block_id = 'pelab-data:' + name
                with open(data_path, 'rb') as f:
                    data = f.read()
                block += DATA_BLOCK % (block_id, base64.encodebytes(data).decode('ascii').strip())
                inlined.append('%s (%d bytes, as base64)' % (name, len(data)))
        inlined.append('%s (%d bytes)' % (attrs['src'], len(js)))
        keep = ''.join(' %s="%s"' % (k, v) for k, v in attrs.items() if k in ('id', 'type', 'nonce'))
        data_blocks.append(block)
        return SCRIPT_MARK + '<script%s>\n%s\n</script>' % (keep, inline_script_body(js, tag))

    def replace_link(m):
        attrs = attributes(m.group(1))
        rel = attrs.get('rel', '').lower().split()
        href = attrs.get('href', '')
        tag = m.group(0)
        if href.startswith('data:'):
            return tag                      # e.g. the empty favicon: nothing to fetch
        if 'preload' in rel or 'modulepreload' in rel or 'prefetch' in rel:
            return ''                       # the wasm preload: the wasm is inside the page now
        if 'stylesheet' in rel:
            css = read_text(find_local(href, args.search_dir, tag))
            inlined.append('%s (%d bytes)' % (href, len(css)))
            media = attrs.get('media')
            return '<style%s>\n%s\n</style>' % (' media="%s"' % media if media else '',
                                                 re.sub(r'</(style)', r'<\\/\1', css, flags=re.IGNORECASE))
        if href:
            fail('%s: a <link> to "%s" would need a server or the network' % (tag, href))
        return tag

    # The data blocks go before the first script: widget.js, which index.html loads before pelab.js, reads them as
    # it runs.
    data_blocks = []
    html = SCRIPT_RE.sub(replace_script, html)
    html = html.replace(SCRIPT_MARK, ''.join(data_blocks), 1).replace(SCRIPT_MARK, '')
    html = LINK_RE.sub(replace_link, html)
    if not any(s.startswith('pelab.js') for s in inlined):
        fail('%s has no <script src="pelab.js">: nothing to inline' % args.page)

    banner = ('<!-- Generated by scripts/make_single_file.py from %s: one self-contained file that opens from '
              'file:// with no server and no network. Inlined: %s. Do not edit; rebuild with '
              '`cmake --workflow --preset web`. -->\n' % (os.path.basename(args.page), ', '.join(inlined)))
    html = re.sub(r'(<!doctype html>\s*)', lambda m: m.group(1) + banner, html, count=1, flags=re.IGNORECASE)
    tmp = args.output + '.tmp'
    with open(tmp, 'w', encoding='utf-8', newline='\n') as f:
        f.write(html)
    os.replace(tmp, args.output)
    print('make_single_file.py: wrote %s (%d bytes; inlined %s)' % (args.output, len(html.encode('utf-8')),
                                                                   ', '.join(inlined)))


if __name__ == '__main__':
    main()
