#!/usr/bin/env bash
# PE Lab — scripts/serve.sh
# Quick start for the browser version: set-up, build the web preset (configure + build; the node tests
# are left to scripts/test.sh), then serve build/web/dist on http://localhost:${PORT:-8080}/ (loopback only).
# The build writes FILE.br and FILE.gz beside each page file; a request for FILE whose Accept-Encoding allows
# br (or gzip) gets that copy with Content-Encoding, as a production server configured for pre-compressed
# files would send it (nginx gzip_static / brotli_static, Caddy precompressed).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO_ROOT"
export NODE_PATH=/usr/share/nodejs
: "${HOME:=$(getent passwd "$(id -u)" | cut -d: -f6)}"   # the dependency cache defaults to ~/.cache/pelab
export HOME
PORT="${PORT:-8080}"

bash scripts/setup.sh
cmake --preset web
cmake --build --preset web
[ -f build/web/dist/index.html ] || { echo "serve.sh: build/web/dist/index.html is missing" >&2; exit 1; }

echo
echo "================================================================"
echo "  PE Lab is served at:  http://localhost:${PORT}/"
echo "  (files: build/web/dist; press Ctrl+C to stop)"
echo "================================================================"
cd build/web/dist
exec /usr/bin/python3 - "$PORT" <<'PY'
import http.server, os, sys

class PreCompressed(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".js": "text/javascript"}

    def send_head(self):
        path = self.translate_path(self.path)
        accepted = [e.split(";")[0].strip() for e in self.headers.get("Accept-Encoding", "").split(",")]
        if os.path.isfile(path):
            since = self.headers.get("If-Modified-Since")
            if since and since == self.date_time_string(int(os.path.getmtime(path))):
                self.send_response(304)
                self.end_headers()
                return None
            for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
                if encoding in accepted and os.path.isfile(path + suffix):
                    f = open(path + suffix, "rb")
                    self.send_response(200)
                    self.send_header("Content-Type", self.guess_type(path))
                    self.send_header("Content-Encoding", encoding)
                    self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
                    self.send_header("Vary", "Accept-Encoding")
                    # Cacheable, checked again on every use (a rebuild shows at once): the iframes of a lecture deck
                    # share one copy of pelab.wasm and of the texts' files.
                    self.send_header("Last-Modified", self.date_time_string(int(os.path.getmtime(path))))
                    self.send_header("Cache-Control", "no-cache")
                    self.end_headers()
                    return f
        return super().send_head()

http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), PreCompressed).serve_forever()
PY
