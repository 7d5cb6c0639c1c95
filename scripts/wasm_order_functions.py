#!/usr/bin/python3
# PE Lab — scripts/wasm_order_functions.py
# The last step of the web app's link (src/platform/CMakeLists.txt, after wasm-opt): puts the functions of
# pelab.wasm in the order of their names, then strips the names. Why: gzip finds repeats only within 32 KB, and
# the functions that look alike have names alike (the std::function wrappers of every lambda, one lesson's view
# builders, one Eigen kernel's instances): side by side they compress about 13 KB better than in the order the
# linker and wasm-opt leave (by use count, ties by index). Nothing but the order changes: the same functions,
# the same bodies, every call and table entry renumbered by binaryen itself (the module goes through its text
# form: wasm-dis, reorder the top-level `(func …)` fields, wasm-as). The input must carry a name section (the app
# links with --profiling-funcs and wasm-opt keeps it with -g); the output has none. The text form brings back
# block labels that wasm-opt had removed: the --pass options (-Oz for the app) run once more on the ordered module,
# which binaryen's passes leave in its order (about 2 KB gzip less than without).
# Usage: wasm_order_functions.py IN.wasm OUT.wasm --wasm-dis PATH --wasm-as PATH --wasm-opt PATH
#                                [--feature=F]... [--pass=P]...
#        (--feature: a binaryen feature flag, e.g. --enable-bulk-memory, for wasm-as and wasm-opt;
#         --pass: a wasm-opt pass or level for the last run, e.g. -Oz)
# Exit status 2, OUT untouched, when a tool fails or the module's text is not laid out as expected.
import argparse
import os
import re
import subprocess
import sys
import tempfile

FUNC_LINE = re.compile(r"^ \(func \$(\S+)")


def fail(message):
    print("wasm_order_functions.py: " + message, file=sys.stderr)
    sys.exit(2)


def run(command):
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        fail("%s failed (%d): %s" % (os.path.basename(command[0]), done.returncode, done.stderr.strip()[-500:]))


def reorder(text):
    """The module's text with its defined functions sorted by name; everything else in place."""
    lines = text.rstrip("\n").split("\n")
    if not lines or not lines[0].startswith("(module") or lines[-1] != ")":
        fail("unexpected module text from wasm-dis")
    head, fields = [lines[0]], []          # fields: the top-level items, each its lines (one space of indent)
    for line in lines[1:-1]:
        if line.startswith(" ("):
            fields.append([line])
        elif fields:
            fields[-1].append(line)
        else:
            head.append(line)
    functions = [f for f in fields if FUNC_LINE.match(f[0])]
    if not functions:
        fail("no named functions: link with --profiling-funcs and keep the names through wasm-opt (-g)")
    names = [FUNC_LINE.match(f[0]).group(1) for f in functions]
    if len(set(names)) != len(names):
        fail("two functions share a name")
    ordered = iter(f for _, f in sorted(zip(names, functions), key=lambda pair: pair[0]))
    out = list(head)
    for field in fields:
        out.extend(next(ordered) if FUNC_LINE.match(field[0]) else field)
    out.append(")")
    return "\n".join(out) + "\n", len(functions)


def copy_whole(src, dst):
    # Written beside the target first, then renamed: a failed copy never leaves a partial pelab.wasm.
    part = dst + ".part"
    with open(src, "rb") as f, open(part, "wb") as g:
        g.write(f.read())
    os.replace(part, dst)


def main():
    ap = argparse.ArgumentParser(description="Order a wasm module's functions by name, then strip the names.")
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--wasm-dis", required=True)
    ap.add_argument("--wasm-as", required=True)
    ap.add_argument("--wasm-opt", required=True)
    ap.add_argument("--feature", action="append", default=[])
    ap.add_argument("--pass", dest="passes", action="append", default=[])
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        wat = os.path.join(tmp, "in.wat")
        run([args.wasm_dis, args.input, "-o", wat])
        with open(wat, encoding="utf-8") as f:
            text, count = reorder(f.read())
        with open(wat, "w", encoding="utf-8") as f:
            f.write(text)
        ordered = os.path.join(tmp, "ordered.wasm")
        run([args.wasm_as, wat] + args.feature + ["-o", ordered])
        stripped = os.path.join(tmp, "out.wasm")
        run([args.wasm_opt, ordered] + args.feature + args.passes + ["--strip-debug", "--strip-producers", "-o", stripped])
        copy_whole(stripped, args.output)
    print("wasm_order_functions.py: %s: %d functions in name order, names stripped" % (
        os.path.basename(args.output), count))
    return 0


if __name__ == "__main__":
    sys.exit(main())
