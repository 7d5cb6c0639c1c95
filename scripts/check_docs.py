#!/usr/bin/env python3
# PE Lab — scripts/check_docs.py: the docs say what is. Checks, without a build:
#   tree     every folder and file that the source-tree block of docs/architecture.md names exists, and every
#            folder under src/ down to two levels (src/core, src/lessons/rope, …) is in that block;
#   lessons  the lesson tables of README.md and docs/lessons.md (a table whose first column is headed `id`) list
#            exactly the curriculum, in its order: from `pelab-cli list` when --cli names the binary, else from
#            the registry's source (src/lessons/registry.cpp, and `in_curriculum = false` in an entry's lesson.cpp);
#   diary    no dated diary in README.md or docs/*.md: no date (YYYY-MM-DD) with a measurement within 200 characters
#            of it in the same paragraph (figures live in docs/performance.md without dates; history is in git);
#   counts   no count of lessons, tests or suites typed in prose ("twelve lessons", "85 tests"): such counts fall
#            out of date; say "the lessons below" or name the command that counts them;
#   size     docs/lab.md is at most LAB_DOC_MAX_BYTES;
#   limits   each cap and limit the docs state is the constant it comes from: the download caps (DEFAULT_CAP and
#            LAB_CAP of scripts/check_download_size.py) and lab.md's size limit wherever the docs give them, and,
#            with --cli, docs/lab.md's command line (each key=value of `lab train` is that key's default), its
#            ranges and the budget of a model the lab opens as `pelab-cli lab keys` prints them (TrainConfig{},
#            ModelConfig{} and lab_model.h's constants).
# Prints each check and each failure (file:line: what); exit status 1 when any check fails, 2 on bad usage.
# Usage: scripts/check_docs.py [--cli PATH_TO_PELAB_CLI]     (from anywhere; paths are relative to the repository)
# Run by CTest in native builds (test docs_say_what_is, tests/CMakeLists.txt) with the built pelab-cli.
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
LAB_DOC_MAX_BYTES = 15_000
FENCE = re.compile(r"^\s*(```|~~~)")


def rel(path):
    return os.path.relpath(path, ROOT)


def read_lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().split("\n")


def doc_files():
    return [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))


# [SECTION] tree: docs/architecture.md's source tree against the source tree
# The block is the first fenced block after the heading "## Source tree". Each entry line starts with a path
# (a folder ends with "/"), indented under its parent folder, then its description; a line indented at least as
# far as the previous entry's description continues that description. A description may name files (a name with
# an extension, `*` allowed): each must exist in the entry's folder or below it (a name with a "/" may also be
# a path from the repository root).
FILE_NAME = re.compile(
    r"(?<![\w/.*-])([\w*-]+(?:/[\w*-]+)*\.(?:\*|h|cpp|js|mjs|py|sh|frag|vert|glsl|txt|cmake|json|html|md))(?![\w/.])")


def tree_block(path):
    lines = read_lines(path)
    start = None
    for i, line in enumerate(lines):
        if re.match(r"^##\s+Source tree\s*$", line):
            start = i
            break
    if start is None:
        return None, 0
    i = start + 1
    while i < len(lines) and not FENCE.match(lines[i]):
        i += 1
    first = i + 1
    j = first
    while j < len(lines) and not FENCE.match(lines[j]):
        j += 1
    return lines[first:j], first + 1  # the block's lines, and the file line number of its first line


def parse_tree(block, first_line):
    """[(line number, path relative to the root, description)] of the entries, descriptions joined."""
    entries = []
    stack = []  # (indent, folder path) of the open folders
    desc_col = None
    for k, line in enumerate(block):
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        if desc_col is not None and indent >= desc_col:
            n, path, desc = entries[-1]
            entries[-1] = (n, path, desc + " " + line.strip())
            continue
        m = re.match(r"^( *)(\S+)(\s*)(.*)$", line)
        token = m.group(2)
        desc_col = len(m.group(1)) + len(token) + len(m.group(3)) if m.group(4) else indent + len(token) + 1
        while stack and stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1] if stack else ""
        path = parent + token
        entries.append((first_line + k, path, m.group(4)))
        if token.endswith("/"):
            stack.append((indent, path))
    return entries


def check_tree():
    doc = os.path.join(ROOT, "docs", "architecture.md")
    failures = []
    block, first_line = tree_block(doc)
    if block is None:
        return [f"{rel(doc)}: no '## Source tree' heading with a fenced block after it"], "no tree"
    entries = parse_tree(block, first_line)
    named = set()
    files_checked = 0
    for n, path, desc in entries:
        full = os.path.join(ROOT, path)
        if path.endswith("/"):
            named.add(path.rstrip("/"))
            if not os.path.isdir(full):
                failures.append(f"{rel(doc)}:{n}: {path}: no such folder")
                continue
            folder = full
        else:
            if not glob.glob(full):
                failures.append(f"{rel(doc)}:{n}: {path}: no such file")
                continue
            folder = os.path.dirname(full)
        for name in FILE_NAME.findall(desc):
            files_checked += 1
            found = glob.glob(os.path.join(folder, name)) or glob.glob(os.path.join(folder, "**", name), recursive=True)
            if not found and "/" in name:
                found = glob.glob(os.path.join(ROOT, name))  # a path from the repository root
            if not found:
                failures.append(f"{rel(doc)}:{n}: {name}: named in the description of {path}, but not in that "
                                f"folder or below it")
    src_dirs = []
    src = os.path.join(ROOT, "src")
    for dirpath, dirnames, _ in os.walk(src):
        r = os.path.relpath(dirpath, src)
        level = 0 if r == "." else r.count(os.sep) + 1  # dirpath's depth below src/; its folders are one deeper
        dirnames.sort()
        for d in dirnames:
            src_dirs.append(rel(os.path.join(dirpath, d)).replace(os.sep, "/"))
        if level + 1 >= 2:
            dirnames[:] = []  # folders deeper than two levels need not be listed
    for d in src_dirs:
        if d not in named:
            failures.append(f"{rel(doc)}: the source tree does not list {d}/")
    summary = (f"{len(entries)} entries and {files_checked} file names of docs/architecture.md's source tree exist; "
               f"the {len(src_dirs)} folders under src/ (two levels) are listed")
    return failures, summary


# [SECTION] lessons: the lesson tables against the registry
def curriculum_from_cli(cli):
    try:
        out = subprocess.run([cli, "list"], capture_output=True, text=True, timeout=120)
    except OSError as e:
        return None, f"{cli} list: {e}"
    if out.returncode != 0:
        return None, f"{cli} list exited with {out.returncode}: {out.stderr.strip()}"
    ids = []
    inside = False
    for line in out.stdout.split("\n"):
        if line == "lessons:":
            inside = True
            continue
        if inside:
            if not line.startswith("  "):
                break
            ids.append(line.split()[0])
    if not ids:
        return None, f"{cli} list printed no lessons"
    return ids, None


def curriculum_from_source():
    registry = os.path.join(ROOT, "src", "lessons", "registry.cpp")
    text = open(registry, encoding="utf-8").read()
    m = re.search(r"every_lesson\(\)\s*\{.*?=\s*\{(.*?)\};", text, re.S)
    if not m:
        return None, f"{rel(registry)}: no every_lesson() table found"
    body = re.sub(r"//[^\n]*", "", m.group(1))
    functions = re.findall(r"\b(lesson_\w+)\(\)", body)
    sources = glob.glob(os.path.join(ROOT, "src", "lessons", "*", "*.cpp"))
    ids = []
    for fn in functions:
        defining = [p for p in sources
                    if re.search(r"const\s+Lesson\s*\*\s*" + fn + r"\s*\(\s*\)\s*\{", open(p, encoding="utf-8").read())]
        if len(defining) != 1:
            return None, f"{rel(registry)}: {fn}() is defined in {len(defining)} files under src/lessons (expected one)"
        lesson_cpp = os.path.join(os.path.dirname(defining[0]), "lesson.cpp")
        code = open(lesson_cpp if os.path.exists(lesson_cpp) else defining[0], encoding="utf-8").read()
        lid = re.search(r"\.id\s*=\s*\"([^\"]+)\"", code)
        if not lid:
            return None, f"{rel(lesson_cpp)}: no `.id = \"…\"` for {fn}()"
        if re.search(r"\bin_curriculum\s*=\s*false\b", code):
            continue
        ids.append(lid.group(1))
    return ids, None


def lesson_tables(path):
    """[(line number, [ids])] of the tables whose first column is headed `id`."""
    tables = []
    lines = read_lines(path)
    i = 0
    while i < len(lines):
        header = [c.strip() for c in lines[i].strip().strip("|").split("|")] if lines[i].lstrip().startswith("|") else []
        if header and header[0] == "id" and i + 1 < len(lines) and re.match(r"^\s*\|[\s:|-]+\|\s*$", lines[i + 1]):
            ids = []
            j = i + 2
            while j < len(lines) and lines[j].lstrip().startswith("|"):
                cell = lines[j].strip().strip("|").split("|")[0].strip()
                ids.append(cell.strip("`"))
                j += 1
            tables.append((i + 1, ids))
            i = j
        else:
            i += 1
    return tables


def check_lessons(cli):
    failures = []
    if cli:
        ids, problem = curriculum_from_cli(cli)
        origin = f"`{cli} list`"
    else:
        ids, problem = curriculum_from_source()
        origin = "src/lessons/registry.cpp"
    if problem:
        return [problem], "the curriculum could not be read"
    checked = []
    for doc, required in ((os.path.join(ROOT, "README.md"), False), (os.path.join(ROOT, "docs", "lessons.md"), True)):
        tables = lesson_tables(doc)
        if not tables:
            if required:
                failures.append(f"{rel(doc)}: no lesson table (a table whose first column is headed `id`)")
            continue
        for n, table_ids in tables:
            checked.append(rel(doc))
            if table_ids != ids:
                missing = [x for x in ids if x not in table_ids]
                extra = [x for x in table_ids if x not in ids]
                what = []
                if missing:
                    what.append("missing " + ", ".join(missing))
                if extra:
                    what.append("not in the curriculum " + ", ".join(extra))
                if not what:
                    what.append("another order")
                failures.append(f"{rel(doc)}:{n}: the lesson table is not the curriculum ({'; '.join(what)}): "
                                f"expected {' '.join(ids)}")
    return failures, f"the lesson tables of {', '.join(checked) or 'no file'} equal the curriculum from {origin} ({' '.join(ids)})"


# [SECTION] diary: dates with measurements
DATE = re.compile(r"\b(19|20)\d\d-[01]\d-[0-3]\d\b")
MEASUREMENT = re.compile(
    r"\d[\d,.]*\s*(?:ms|s|min|minutes?|seconds?|h|hours?|bytes|B|KB|kB|KiB|MB|MiB|GB|GiB|%|×|x|GFLOP/s)(?![\w])"
    r"|\b(?:measured|timed|took|load average|median|figures?|benchmark(?:ed)?)\b", re.I)


def paragraphs(path):
    """(first line number, text) of each paragraph (blank-line separated), fenced blocks one paragraph each."""
    lines = read_lines(path)
    out, cur, start = [], [], None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            if cur:
                out.append((start, "\n".join(cur)))
            cur, start = [], None
            continue
        if start is None:
            start = n
        cur.append(line)
    if cur:
        out.append((start, "\n".join(cur)))
    return out


def check_diary():
    failures = []
    files = doc_files()
    for doc in files:
        for start, text in paragraphs(doc):
            for m in DATE.finditer(text):
                window = text[max(0, m.start() - 200):m.end() + 200]
                if MEASUREMENT.search(window):
                    n = start + text.count("\n", 0, m.start())
                    failures.append(f"{rel(doc)}:{n}: a dated measurement ({m.group(0)}): current figures go in "
                                    f"docs/performance.md without dates, history stays in git")
    return failures, f"no dated measurement in {len(files)} files (README.md, docs/*.md)"


# [SECTION] counts: numbers of lessons and tests typed in prose
# From three up: "one" and "two" describe structure far more often than they count ("split it into two lessons",
# "two tests at a time").
NUMBER_WORDS = ("three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
                "seventeen eighteen nineteen twenty thirty forty fifty").split()
COUNT = re.compile(r"\b([3-9]|\d\d[\d,]*|" + "|".join(NUMBER_WORDS) + r")\s+(?:(?:curriculum|further|more|test|"
                   r"GoogleTest|browser|CTest)\s+)?(lessons|tests|suites|test files|checks)\b", re.I)


def check_counts():
    failures = []
    files = doc_files()
    for doc in files:
        inside = False
        for n, line in enumerate(read_lines(doc), 1):
            if FENCE.match(line):
                inside = not inside
                continue
            if inside:
                continue
            prose = re.sub(r"`[^`]*`", "``", line)
            for m in COUNT.finditer(prose):
                failures.append(f"{rel(doc)}:{n}: '{m.group(0)}': a count typed in prose falls out of date; say which "
                                f"(\"the lessons below\") or name the command that counts them")
    return failures, f"no count of lessons, tests or suites typed in the prose of {len(files)} files"


# [SECTION] size
def check_size():
    doc = os.path.join(ROOT, "docs", "lab.md")
    size = os.path.getsize(doc)
    failures = []
    if size > LAB_DOC_MAX_BYTES:
        failures.append(f"docs/lab.md: {size:,} bytes, over {LAB_DOC_MAX_BYTES:,}: say what the lab is; figures "
                        f"belong in docs/performance.md, history in git")
    return failures, f"docs/lab.md is {size:,} bytes (at most {LAB_DOC_MAX_BYTES:,})"


# [SECTION] limits
# A cap the docs state, in the words they state it with: "cap of 500,000", "capped at **800,000", "fails above
# 800,000", "within 500,000 bytes" (a download cap), "`docs/lab.md` at most 15,000 bytes" (lab.md's size).
CAP_WORDS = re.compile(r"(?:\bcap(?:ped)?(?: is| of| at)?|\bfails above|\bwithin) \**(\d{1,3}(?:,\d{3})+)\b")
LAB_DOC_WORDS = re.compile(r"lab\.md`? (?:is )?at most (\d{1,3}(?:,\d{3})*) bytes")
SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


def download_caps():
    sys.path.insert(0, os.path.join(ROOT, "scripts"))
    sys.dont_write_bytecode = True  # no __pycache__ in the source tree
    import check_download_size
    return {check_download_size.DEFAULT_CAP, check_download_size.LAB_CAP}


def doc_number(text):
    """A number as the docs write it: 20,000, 1e-5, 2³¹−1 (a power minus one); None when it is none of these."""
    text = text.replace(",", "").replace("−", "-")
    m = re.fullmatch(r"(\d+)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)(-\d+)?", text)
    if m:
        return int(m.group(1)) ** int(m.group(2).translate(SUPERSCRIPT)) + int(m.group(3) or 0)
    try:
        return float(text)
    except ValueError:
        return None


def lab_keys(cli):
    """`pelab-cli lab keys`: ({key: (min, max, default text)}, {budget name: number}), or a failure's text."""
    try:
        out = subprocess.run([cli, "lab", "keys"], check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        return None, None, f"{cli} lab keys: {e}"
    keys, budget = {}, {}
    for line in out.split("\n"):
        m = re.match(r"^  (\w+)  (?:int in |number in |list of [\d.]+ numbers in )?(-?[\d.e+-]+)\.\.(-?[\d.e+-]+), "
                     r"default (\S+)  \(", line)
        if m:
            keys[m.group(1)] = (float(m.group(2)), float(m.group(3)), m.group(4))
        m = re.match(r"^  (\w+)  one of \S+, default (\S+)  \(", line)
        if m:
            keys[m.group(1)] = (None, None, m.group(2))
        if line.startswith("a model the lab opens:"):
            for name, low, high in re.findall(r"(\w+) (\d+)\.\.(\d+)", line):
                budget[name] = (int(low), int(high))
            mib = re.search(r"at most (\d+) MiB", line)
            budget["MiB"] = int(mib.group(1)) if mib else None
    return keys, budget, None


def check_lab_doc(cli, failures):
    """docs/lab.md's command line, ranges and budget against `pelab-cli lab keys`; what was compared."""
    keys, budget, problem = lab_keys(cli)
    if problem:
        failures.append(problem)
        return ""
    doc = os.path.join(ROOT, "docs", "lab.md")
    text = "\n".join(read_lines(doc))
    flat = re.sub(r"\s+", " ", text)
    compared = 0
    # The command line: every key=value of `lab train`'s usage (a value in capitals is a placeholder).
    usage = re.search(r"pelab-cli lab train (.*?)\n(?=pelab-cli )", text, re.S)
    if not usage:
        failures.append("docs/lab.md: no `pelab-cli lab train` usage line in its command line block")
    else:
        for key, value in re.findall(r"\b(\w+)=([^\s\]|]+)", usage.group(1)):
            if value.isupper() or key not in keys:
                continue
            compared += 1
            default = keys[key][2]
            same = (value == default if doc_number(value) is None or doc_number(default) is None
                    else doc_number(value) == doc_number(default))
            if not same:
                failures.append(f"docs/lab.md: `lab train … {key}={value}` but {key}'s default is {keys[key][2]} "
                                f"(pelab-cli lab keys)")
    # The ranges: "Ranges: d 16…128 …, layers 1…4, train_steps 1…20,000, …" up to the sentence's end.
    ranges = re.search(r"Ranges: (.*?); ", flat)
    if not ranges:
        failures.append("docs/lab.md: no \"Ranges:\" sentence under the command line")
    else:
        found = 0
        for key, low, high in re.findall(r"\b(\w+)(?: lengths)? (-?[\d.e,−-]+)…([\d.e,⁰¹²³⁴⁵⁶⁷⁸⁹−-]+)", ranges.group(1)):
            high = high.rstrip(",")  # the list's comma, not the number's
            if key not in keys or keys[key][0] is None:
                failures.append(f"docs/lab.md: the ranges name {key}, which `lab train` has no numeric key for")
                continue
            found += 1
            if (doc_number(low), doc_number(high)) != keys[key][:2]:
                failures.append(f"docs/lab.md: {key} {low}…{high}, but `pelab-cli lab keys` gives "
                                f"{keys[key][0]:g}..{keys[key][1]:g}")
        if found < 10:
            failures.append(f"docs/lab.md: only {found} ranges read from the \"Ranges:\" sentence (expected the lab's keys)")
        compared += found
    # The budget of a model the lab opens, and every "N MiB" of lab.md.
    m = re.search(r"d (\d+)…(\d+) with d/heads even, at most (\d+) heads, (\d+) layers, `max_positions` ([\d,]+)", flat)
    if not m:
        failures.append("docs/lab.md: the budget of a model the lab opens (\"d A…B with d/heads even, at most H heads, "
                        "L layers, `max_positions` P\") is not found")
    else:
        stated = {"d": (int(m.group(1)), int(m.group(2))), "heads": int(m.group(3)), "layers": int(m.group(4)),
                  "max_positions": int(m.group(5).replace(",", ""))}
        for name, value in stated.items():
            expected = budget.get(name) if name == "d" else (budget.get(name) or (None, None))[1]
            compared += 1
            if value != expected:
                failures.append(f"docs/lab.md: the budget says {name} {value}, `pelab-cli lab keys` {expected}")
    for mib in re.findall(r"(\d+) MiB", flat):
        compared += 1
        if int(mib) != budget.get("MiB"):
            failures.append(f"docs/lab.md: {mib} MiB, but a weights file may have {budget.get('MiB')} MiB")
    return f"; docs/lab.md's command line, ranges and budget are `pelab-cli lab keys`' ({compared} numbers)"


def check_limits(cli):
    failures = []
    caps = download_caps()
    stated = 0
    for doc in doc_files():
        for n, paragraph in paragraphs(doc):
            paragraph = re.sub(r"\s+", " ", paragraph)
            for m in CAP_WORDS.finditer(paragraph):
                stated += 1
                value = int(m.group(1).replace(",", ""))
                if value not in caps:
                    failures.append(f"{rel(doc)}:{n}: '{m.group(0)}': the download caps are "
                                    f"{' and '.join(f'{c:,}' for c in sorted(caps))} (scripts/check_download_size.py)")
            for m in LAB_DOC_WORDS.finditer(paragraph):
                stated += 1
                if int(m.group(1).replace(",", "")) != LAB_DOC_MAX_BYTES:
                    failures.append(f"{rel(doc)}:{n}: '{m.group(0)}': lab.md's limit is {LAB_DOC_MAX_BYTES:,}")
    if stated == 0:
        failures.append("no download cap found in the docs (docs/performance.md states them)")
    lab = check_lab_doc(cli, failures) if cli else "; docs/lab.md's keys not compared (needs --cli)"
    return failures, f"{stated} caps stated in the docs are the checks' constants" + lab


def main(argv):
    cli = None
    args = argv[1:]
    while args:
        a = args.pop(0)
        if a == "--cli" and args:
            cli = args.pop(0)
        elif a.startswith("--cli="):
            cli = a.split("=", 1)[1]
        else:
            print(f"usage: {argv[0]} [--cli PATH_TO_PELAB_CLI]", file=sys.stderr)
            return 2
    failed = 0
    for name, run in (("tree", check_tree), ("lessons", lambda: check_lessons(cli)), ("diary", check_diary),
                      ("counts", check_counts), ("size", check_size), ("limits", lambda: check_limits(cli))):
        failures, summary = run()
        if failures:
            failed += 1
            print(f"FAIL {name}:")
            for f in failures:
                print(f"  {f}")
        else:
            print(f"ok   {name}: {summary}")
    print(f"check_docs: {failed} of 6 checks failed" if failed else "check_docs: every check passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
