#!/usr/bin/env python3
# PE Lab — tests/desktop/x11_keys.py: real key presses for the desktop tests, through the X server's XTest
# extension (libXtst, loaded with ctypes: no extra package). Gives the "PE Lab" window the keyboard focus,
# parks the pointer outside it (so no hover changes the picture), then presses each named key in turn.
# Usage: DISPLAY=:N x11_keys.py Right Left End Home ...
import ctypes
import ctypes.util
import sys
import time

x11 = ctypes.CDLL(ctypes.util.find_library("X11") or "libX11.so.6")
xtst = ctypes.CDLL(ctypes.util.find_library("Xtst") or "libXtst.so.6")
x11.XOpenDisplay.restype = ctypes.c_void_p
x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
x11.XDefaultRootWindow.restype = ctypes.c_ulong
x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
x11.XStringToKeysym.restype = ctypes.c_ulong
x11.XStringToKeysym.argtypes = [ctypes.c_char_p]
x11.XKeysymToKeycode.restype = ctypes.c_ubyte
x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
x11.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                           ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
                           ctypes.POINTER(ctypes.c_uint)]
x11.XFetchName.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_char_p)]
x11.XSetInputFocus.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_ulong]
x11.XFlush.argtypes = [ctypes.c_void_p]
x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ulong]


def find_window(display, window, title):
    name = ctypes.c_char_p()
    if x11.XFetchName(display, window, ctypes.byref(name)) and name.value == title:
        return window
    root, parent = ctypes.c_ulong(), ctypes.c_ulong()
    children, count = ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
    if not x11.XQueryTree(display, window, ctypes.byref(root), ctypes.byref(parent), ctypes.byref(children),
                          ctypes.byref(count)):
        return None
    for i in range(count.value):
        found = find_window(display, children[i], title)
        if found:
            return found
    return None


def main(keys):
    display = x11.XOpenDisplay(None)
    if not display:
        print("x11_keys: cannot open the display", file=sys.stderr)
        return 1
    window = find_window(display, x11.XDefaultRootWindow(display), b"PE Lab")
    if not window:
        print("x11_keys: no window named PE Lab", file=sys.stderr)
        return 1
    x11.XSetInputFocus(display, window, 2, 0)  # RevertToParent, CurrentTime
    xtst.XTestFakeMotionEvent(display, -1, 5000, 5000, 0)  # clamped to the far corner, off the window
    x11.XSync(display, 0)
    for key in keys:
        code = x11.XKeysymToKeycode(display, x11.XStringToKeysym(key.encode()))
        if not code:
            print(f"x11_keys: unknown key {key}", file=sys.stderr)
            return 1
        xtst.XTestFakeKeyEvent(display, code, 1, 0)
        xtst.XTestFakeKeyEvent(display, code, 0, 0)
        x11.XSync(display, 0)
        time.sleep(0.05)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
