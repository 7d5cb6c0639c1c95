#!/usr/bin/env node
// PE Lab — scripts/equations/make_equations.mjs
// Build-time generator behind pelab_equations() (cmake/PelabEquations.cmake): typesets every step's TeX with
// a real TeX engine (MathJax, npm mathjax-full) and writes the result as compact vector data in a C++ source,
// which views/views_equation.cpp draws with ImGui draw lists. Nothing of MathJax ships; no network at run time.
//   1. scans the --scan sources (src/lessons/**/*.cpp) for raw strings R"tex(...)tex" — the step text stays
//      the one source of each equation; Chinese words may stand inside \text{…} (a step's Chinese equation);
//   2. MathJax renders each TeX to SVG (display style, local font cache) and to MathML (for screen readers);
//   3. the SVG is walked with its transforms: each glyph (<use> of a <path> in <defs>) becomes a placement
//      (glyph, scale, offset) in a box that holds both MathJax's layout box and all ink; <rect>/<line> become rectangles (fraction bars, radical bars, rules); a nested
//      <svg> (the middle piece of a stretched delimiter) clips its glyph, which then becomes a mesh of its own;
//      a CJK character, which MathJax's fonts lack, comes as a <text> in a cell 1 em wide and becomes a text run
//      (the character, its cell, its size) that the app draws with its own font, which holds every such character;
//   4. each distinct glyph outline is flattened (quadratic/cubic Béziers to lines, at most 1/100 em off),
//      grouped into outer contours and holes by containment, and triangulated with earcut once;
//   5. the C++ source holds the glyph meshes (points on a 1/250 em grid, delta-coded along each glyph as zigzag
//      varints, 8-bit triangle indices, contour ends
//      for the anti-aliasing outline pass) and, per equation, its placements, rectangles, extent and baseline.
// The output is rewritten only when it changed (Ninja restat: no recompiling when no TeX changed).
// Usage: node make_equations.mjs --output <file.cpp> --scan <files...>
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import earcut from 'earcut';
import zlib from 'node:zlib';

const require = createRequire(import.meta.url);
const { mathjax } = require('mathjax-full/js/mathjax.js');
const { TeX } = require('mathjax-full/js/input/tex.js');
const { SVG } = require('mathjax-full/js/output/svg.js');
const { liteAdaptor } = require('mathjax-full/js/adaptors/liteAdaptor.js');
const { RegisterHTMLHandler } = require('mathjax-full/js/handlers/html.js');
const { AllPackages } = require('mathjax-full/js/input/tex/AllPackages.js');
const { SerializedMmlVisitor } = require('mathjax-full/js/core/MmlTree/SerializedMmlVisitor.js');
const { STATE } = require('mathjax-full/js/core/MathItem.js');

// [SECTION] arguments and scanning
function fail(msg) {
  process.stderr.write(`make_equations.mjs: ${msg}\n`);
  process.exit(1);
}

function parseArgs(argv) {
  const out = { output: '', scan: [] };
  for (let i = 0; i < argv.length; ++i) {
    if (argv[i] === '--output') out.output = argv[++i];
    else if (argv[i] === '--scan') { while (i + 1 < argv.length && !argv[i + 1].startsWith('--')) out.scan.push(argv[++i]); }
    else fail(`unknown argument ${argv[i]}`);
  }
  if (!out.output || out.scan.length === 0) fail('usage: --output <file.cpp> --scan <files...>');
  return out;
}

const CJK = /[\u2E80-\u2FFF\u3000-\u303F\u3040-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF]/;

// Every R"tex(...)tex" raw string, exactly as the compiler sees it (raw strings have no escapes).
function scanTex(files) {
  const found = new Map();   // tex -> first "file:line"
  for (const file of [...files].sort()) {
    const text = fs.readFileSync(file, 'utf8');
    const re = /R"tex\(([\s\S]*?)\)tex"/g;
    let m;
    while ((m = re.exec(text)) !== null) {
      const where = `${file}:${text.slice(0, m.index).split('\n').length}`;
      if (!found.has(m[1])) found.set(m[1], where);
    }
  }
  return found;
}

// [SECTION] MathJax: TeX -> SVG (lite DOM) and TeX -> MathML
const adaptor = liteAdaptor();
RegisterHTMLHandler(adaptor);
// Without noerrors/noundefined a TeX mistake throws instead of being typeset in red.
const packages = AllPackages.filter((p) => !['noerrors', 'noundefined', 'autoload', 'require', 'bussproofs'].includes(p));
const texOptions = { packages, formatError: (jax, err) => { throw err; } };
const svgDoc = mathjax.document('', { InputJax: new TeX(texOptions), OutputJax: new SVG({ fontCache: 'local' }) });
const mmlDoc = mathjax.document('', { InputJax: new TeX(texOptions) });
const mmlVisitor = new SerializedMmlVisitor();

function toMathML(tex) {
  const node = mmlDoc.convert(tex, { display: true, end: STATE.CONVERT });
  // One line: the serializer indents; whitespace between tags carries nothing in MathML.
  return mmlVisitor.visitTree(node, mmlDoc).replace(/>\s+</g, '><').replace(/ data-mjx-[\w-]+="[^"]*"/g, '').trim();
}

// [SECTION] affine transforms [a b c d e f]: x' = a x + c y + e, y' = b x + d y + f
const IDENTITY = [1, 0, 0, 1, 0, 0];
function mul(m, n) {  // m ∘ n (apply n first)
  return [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
          m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
          m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
}
function apply(m, x, y) { return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]; }

function parseTransform(s) {
  let m = IDENTITY;
  if (!s) return m;
  const re = /(\w+)\s*\(([^)]*)\)/g;
  let t;
  while ((t = re.exec(s)) !== null) {
    const v = t[2].split(/[\s,]+/).filter((x) => x !== '').map(Number);
    let n;
    switch (t[1]) {
      case 'translate': n = [1, 0, 0, 1, v[0], v[1] ?? 0]; break;
      case 'scale': n = [v[0], 0, 0, v[1] ?? v[0], 0, 0]; break;
      case 'matrix': n = v; break;
      default: throw new Error(`unsupported SVG transform ${t[1]}`);
    }
    m = mul(m, n);
  }
  return m;
}

// [SECTION] glyph outlines: SVG path -> flattened contours
const TOLERANCE = 10;  // flattening error bound in glyph units (1/1000 em): 0.2 px at a 20 px font

function parsePath(d) {
  const tokens = d.match(/[MmLlHhVvCcSsQqTtZz]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) || [];
  const contours = [];
  let cur = null, x = 0, y = 0, sx = 0, sy = 0, cmd = '', i = 0, lastCtrl = null, lastCmd = '';
  const num = () => Number(tokens[i++]);
  const lineTo = (nx, ny) => { cur.push([nx, ny]); x = nx; y = ny; };
  const quad = (x1, y1, x2, y2) => {
    const dd = Math.hypot(x - 2 * x1 + x2, y - 2 * y1 + y2);
    const n = Math.max(1, Math.ceil(Math.sqrt(dd / (4 * TOLERANCE))));
    const x0 = x, y0 = y;
    for (let k = 1; k <= n; ++k) {
      const t = k / n, u = 1 - t;
      cur.push([u * u * x0 + 2 * u * t * x1 + t * t * x2, u * u * y0 + 2 * u * t * y1 + t * t * y2]);
    }
    x = x2; y = y2;
  };
  const cubic = (x1, y1, x2, y2, x3, y3) => {
    const dd = Math.max(Math.hypot(x - 2 * x1 + x2, y - 2 * y1 + y2), Math.hypot(x1 - 2 * x2 + x3, y1 - 2 * y2 + y3));
    const n = Math.max(1, Math.ceil(Math.sqrt((6 * dd) / (8 * TOLERANCE))));
    const x0 = x, y0 = y;
    for (let k = 1; k <= n; ++k) {
      const t = k / n, u = 1 - t;
      cur.push([u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3,
                u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3]);
    }
    x = x3; y = y3;
  };
  while (i < tokens.length) {
    if (/[A-Za-z]/.test(tokens[i])) cmd = tokens[i++];
    const rel = cmd === cmd.toLowerCase();
    const ox = rel ? x : 0, oy = rel ? y : 0;
    switch (cmd.toUpperCase()) {
      case 'M': {
        const nx = num() + ox, ny = num() + oy;
        cur = [[nx, ny]]; contours.push(cur); x = sx = nx; y = sy = ny;
        cmd = rel ? 'l' : 'L';   // further pairs are line-tos
        lastCtrl = null; lastCmd = 'M';
        continue;
      }
      case 'L': lineTo(num() + ox, num() + oy); lastCtrl = null; break;
      case 'H': lineTo(num() + ox, y); lastCtrl = null; break;
      case 'V': lineTo(x, num() + oy); lastCtrl = null; break;
      case 'Q': { const x1 = num() + ox, y1 = num() + oy, x2 = num() + ox, y2 = num() + oy; quad(x1, y1, x2, y2); lastCtrl = [x1, y1]; break; }
      case 'T': {
        const x1 = lastCtrl && 'QT'.includes(lastCmd) ? 2 * x - lastCtrl[0] : x;
        const y1 = lastCtrl && 'QT'.includes(lastCmd) ? 2 * y - lastCtrl[1] : y;
        quad(x1, y1, num() + ox, num() + oy); lastCtrl = [x1, y1]; break;
      }
      case 'C': {
        const x1 = num() + ox, y1 = num() + oy, x2 = num() + ox, y2 = num() + oy, x3 = num() + ox, y3 = num() + oy;
        cubic(x1, y1, x2, y2, x3, y3); lastCtrl = [x2, y2]; break;
      }
      case 'S': {
        const x1 = lastCtrl && 'CS'.includes(lastCmd) ? 2 * x - lastCtrl[0] : x;
        const y1 = lastCtrl && 'CS'.includes(lastCmd) ? 2 * y - lastCtrl[1] : y;
        const x2 = num() + ox, y2 = num() + oy, x3 = num() + ox, y3 = num() + oy;
        cubic(x1, y1, x2, y2, x3, y3); lastCtrl = [x2, y2]; break;
      }
      case 'Z': x = sx; y = sy; cur = null; lastCtrl = null; lastCmd = 'Z'; continue;
      default: throw new Error(`unsupported path command ${cmd}`);
    }
    lastCmd = cmd.toUpperCase();
    if (cur === null) throw new Error('path draws before its first M');
  }
  return contours;
}

// Glyph points snap to a grid of POINT_GRID units (1/1000 em each) before triangulation, so the mesh is
// exact on the stored points. 1/250 em is a tenth of a pixel for a 25 px equation, and the coarser grid
// makes most deltas fit one varint byte (about 8 KB less download than whole units).
const POINT_GRID = 4;

// Points on the grid, no repeated points, no closing duplicate, at least a triangle.
function cleanContour(pts) {
  const out = [];
  for (const [px, py] of pts) {
    const q = [Math.round(px / POINT_GRID) * POINT_GRID, Math.round(py / POINT_GRID) * POINT_GRID];
    const last = out[out.length - 1];
    if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
  }
  while (out.length > 1 && out[0][0] === out[out.length - 1][0] && out[0][1] === out[out.length - 1][1]) out.pop();
  return out.length >= 3 && Math.abs(area(out)) > 0 ? out : null;
}

function area(c) {
  let a = 0;
  for (let i = 0, j = c.length - 1; i < c.length; j = i++) a += (c[j][0] - c[i][0]) * (c[j][1] + c[i][1]);
  return a / 2;
}

function inside(pt, c) {
  let r = false;
  for (let i = 0, j = c.length - 1; i < c.length; j = i++) {
    const [xi, yi] = c[i], [xj, yj] = c[j];
    if ((yi > pt[1]) !== (yj > pt[1]) && pt[0] < ((xj - xi) * (pt[1] - yi)) / (yj - yi) + xi) r = !r;
  }
  return r;
}

// Sutherland–Hodgman against the box [x0,x1]×[y0,y1] (the nested <svg> of a stretched delimiter's extender).
function clipContour(pts, box) {
  const edges = [
    (p) => p[0] >= box[0], (p) => p[0] <= box[2], (p) => p[1] >= box[1], (p) => p[1] <= box[3]];
  const cut = [
    (a, b) => { const t = (box[0] - a[0]) / (b[0] - a[0]); return [box[0], a[1] + t * (b[1] - a[1])]; },
    (a, b) => { const t = (box[2] - a[0]) / (b[0] - a[0]); return [box[2], a[1] + t * (b[1] - a[1])]; },
    (a, b) => { const t = (box[1] - a[1]) / (b[1] - a[1]); return [a[0] + t * (b[0] - a[0]), box[1]]; },
    (a, b) => { const t = (box[3] - a[1]) / (b[1] - a[1]); return [a[0] + t * (b[0] - a[0]), box[3]]; }];
  let out = pts;
  for (let e = 0; e < 4 && out.length; ++e) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; ++i) {
      const a = input[(i + input.length - 1) % input.length], b = input[i];
      const ain = edges[e](a), bin = edges[e](b);
      if (bin) { if (!ain) out.push(cut[e](a, b)); out.push(b); }
      else if (ain) out.push(cut[e](a, b));
    }
  }
  return out;
}

// A glyph mesh: contours (for the outline pass) and triangles over all of them (holes cut out).
function meshOf(d, clip) {
  let raw = parsePath(d);
  if (clip) raw = raw.map((c) => clipContour(c, clip));
  const contours = raw.map(cleanContour).filter(Boolean);
  // Depth by containment: even = outer boundary, odd = hole of the smallest enclosing outer one.
  const depth = contours.map((c, i) => {
    let n = 0;
    for (let j = 0; j < contours.length; ++j) {
      if (j === i) continue;
      let votes = 0;
      const probes = Math.min(c.length, 5);
      for (let k = 0; k < probes; ++k) votes += inside(c[Math.floor((k * c.length) / probes)], contours[j]) ? 1 : -1;
      if (votes > 0) ++n;
    }
    return n;
  });
  const order = [];   // outer contours each followed by their holes: the point order of the mesh
  const triangles = [];
  contours.forEach((c, i) => {
    if (depth[i] % 2 !== 0) return;
    const holes = contours.map((h, j) => j).filter((j) => depth[j] === depth[i] + 1 && inside(contours[j][0], c));
    const base = order.reduce((s, k) => s + contours[k].length, 0);
    const flat = [], holeStarts = [];
    for (const k of [i, ...holes]) {
      if (k !== i) holeStarts.push(flat.length / 2);
      for (const p of contours[k]) flat.push(p[0], p[1]);
    }
    for (const t of earcut(flat, holeStarts, 2)) triangles.push(base + t);
    order.push(i, ...holes);
  });
  const used = new Set(order);
  if (used.size !== contours.length) throw new Error('a hole lies in no outer contour');
  const points = [], ends = [];
  for (const k of order) { for (const p of contours[k]) points.push(p); ends.push(points.length); }
  for (const p of points) if (Math.abs(p[0]) > 32767 || Math.abs(p[1]) > 32767) throw new Error('glyph outside int16');
  if (points.length > 65535) throw new Error('glyph with more than 65535 points');
  return { points, triangles, ends };
}

// [SECTION] SVG walk: placements and rectangles of one equation
const glyphs = [];            // {key, mesh}
const glyphIndex = new Map(); // key -> index

function glyphOf(d, clip) {
  const key = clip ? `${d}|${clip.map((v) => v.toFixed(1)).join(',')}` : d;
  if (!glyphIndex.has(key)) {
    glyphIndex.set(key, glyphs.length);
    glyphs.push(meshOf(d, clip));
  }
  return glyphIndex.get(key);
}

function layout(tex) {
  const container = svgDoc.convert(tex, { display: true });
  const root = adaptor.firstChild(container);
  if (adaptor.kind(root) !== 'svg') throw new Error('MathJax gave no <svg>');
  const [vx, vy, vw, vh] = adaptor.getAttribute(root, 'viewBox').split(/\s+/).map(Number);
  const defs = new Map();
  const placements = [], rects = [], texts = [];
  // The frame of the data: origin at the box's top-left, y down, 1/1000 em.
  const frame = [1, 0, 0, 1, -vx, -vy];

  const place = (d, m, clipBox) => {
    if (!d) return;   // empty glyphs (spaces, function application)
    if (Math.abs(m[1]) > 1e-9 || Math.abs(m[2]) > 1e-9) throw new Error('rotated or skewed glyph');
    let clip = null;
    if (clipBox) {   // the clip box in the glyph's own units
      const [ax, ay] = [(clipBox[0] - m[4]) / m[0], (clipBox[1] - m[5]) / m[3]];
      const [bx, by] = [(clipBox[2] - m[4]) / m[0], (clipBox[3] - m[5]) / m[3]];
      clip = [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
    }
    const g = glyphOf(d, clip);
    if (glyphs[g].points.length) placements.push([g, m[0], m[3], m[4], m[5]]);
  };
  const addRect = (m, x, y, w, h) => {
    const [ax, ay] = apply(m, x, y), [bx, by] = apply(m, x + w, y + h);
    if (w > 0 && h > 0) rects.push([Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)]);
  };

  const walk = (node, m, clipBox) => {
    const kind = adaptor.kind(node);
    if (kind === '#text' || kind === '#comment') return;
    const attr = (n) => adaptor.getAttribute(node, n);
    if (attr('data-mml-node') === 'merror') throw new Error(`TeX error: ${adaptor.textContent(node)}`);
    let here = mul(m, parseTransform(attr('transform')));
    switch (kind) {
      case 'defs':
        for (const p of adaptor.childNodes(node)) if (adaptor.kind(p) === 'path') defs.set(adaptor.getAttribute(p, 'id'), adaptor.getAttribute(p, 'd'));
        return;
      case 'svg': {   // nested: a viewport that clips (the stretched middle of a delimiter)
        const [bx, by, bw, bh] = attr('viewBox').split(/\s+/).map(Number);
        const x = Number(attr('x') || 0), y = Number(attr('y') || 0), w = Number(attr('width')), h = Number(attr('height'));
        if (Math.abs(w - bw) > 1e-6 || Math.abs(h - bh) > 1e-6) throw new Error('scaled nested <svg>');
        const [ax, ay] = apply(here, x, y), [cx, cy] = apply(here, x + w, y + h);
        const box = [Math.min(ax, cx), Math.min(ay, cy), Math.max(ax, cx), Math.max(ay, cy)];
        clipBox = clipBox ? [Math.max(box[0], clipBox[0]), Math.max(box[1], clipBox[1]), Math.min(box[2], clipBox[2]), Math.min(box[3], clipBox[3])] : box;
        here = mul(here, [1, 0, 0, 1, x - bx, y - by]);
        break;
      }
      case 'use': {
        const id = (attr('xlink:href') || attr('href') || '').replace(/^#/, '');
        if (!defs.has(id)) throw new Error(`<use> of unknown glyph ${id}`);
        place(defs.get(id), here, clipBox);
        return;
      }
      case 'path': place(attr('d'), here, clipBox); return;
      case 'rect':
        addRect(here, Number(attr('x') || 0), Number(attr('y') || 0), Number(attr('width')), Number(attr('height')));
        return;
      case 'line': {   // table rules: axis-aligned strokes
        const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((k) => Number(attr(k) || 0));
        const t = Number(attr('stroke-width') || 0) / 2;
        if (x1 !== x2 && y1 !== y2) throw new Error('slanted <line>');
        addRect(here, Math.min(x1, x2) - t, Math.min(y1, y2) - t, Math.abs(x2 - x1) + 2 * t, Math.abs(y2 - y1) + 2 * t);
        return;
      }
      case 'text': {   // a character MathJax's fonts lack: only CJK, which it sets in a 1 em cell
        const chars = [...adaptor.textContent(node)];
        if (chars.length !== 1 || !CJK.test(chars[0])) throw new Error(`a character MathJax's fonts lack: "${adaptor.textContent(node)}"`);
        const size = Number(String(attr('font-size') || '').replace(/px$/, ''));
        if (!(size > 0)) throw new Error(`a <text> without its size: "${chars[0]}"`);
        if (Math.abs(here[1]) > 1e-9 || Math.abs(here[2]) > 1e-9 || here[0] <= 0) throw new Error('rotated or mirrored text');
        // here: the text's own frame (y flipped back by its scale(1,-1)); its origin is the cell's baseline start.
        texts.push({ text: chars[0], x: here[4], y: here[5], cell: 1000 * here[0], size: size * here[0] });
        return;
      }
      case 'g': case 'a': break;
      default: throw new Error(`unsupported SVG element <${kind}>`);
    }
    for (const c of adaptor.childNodes(node)) walk(c, here, clipBox);
  };
  for (const c of adaptor.childNodes(root)) walk(c, frame, null);
  // The box holds the ink as well as MathJax's layout box: glyphs may reach past their metrics (an italic
  // letter's overhang at the end, a tall accent), and what the app reserves must contain all that is drawn.
  let [x0, y0, x1, y1] = [0, 0, vw, vh];
  const grow = (x, y) => { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); };
  for (const [g, sx, sy, tx, ty] of placements) for (const [px, py] of glyphs[g].points) grow(sx * px + tx, sy * py + ty);
  for (const r of rects) { grow(r[0], r[1]); grow(r[2], r[3]); }
  // A text run's cell: its width, from an ascent of 0.88 to a descent of 0.12 of its size (a CJK face's ink).
  for (const t of texts) { grow(t.x, t.y - 0.88 * t.size); grow(t.x + t.cell, t.y + 0.12 * t.size); }
  for (const p of placements) { p[3] -= x0; p[4] -= y0; }
  for (const r of rects) { r[0] -= x0; r[2] -= x0; r[1] -= y0; r[3] -= y0; }
  for (const t of texts) { t.x -= x0; t.y -= y0; }
  return { width: x1 - x0, height: y1 - y0, baseline: -vy - y0, placements, rects, texts };
}

// [SECTION] C++ output
function cString(s) {
  // Escapes everything outside printable ASCII (MathML may hold Greek letters and operators as UTF-8).
  let out = '"';
  for (const b of Buffer.from(s, 'utf8')) {
    if (b === 0x22 || b === 0x5c) out += '\\' + String.fromCharCode(b);
    else if (b >= 0x20 && b < 0x7f && b !== 0x3f) out += String.fromCharCode(b);   // '?' avoids trigraphs
    else out += '\\' + b.toString(8).padStart(3, '0');
  }
  return out + '"';
}

function numbers(list, perLine = 24) {
  const lines = [];
  for (let i = 0; i < list.length; i += perLine) lines.push('    ' + list.slice(i, i + perLine).join(',') + ',');
  return lines.join('\n');
}

const fix = (v) => (Math.round(v * 10) / 10).toString();

// The placements as columns (equation_data.h says why): glyph, scale index, and tx, ty in tenths of a unit,
// delta-coded within each equation. binarySize() and emit() both lay them out from here.
function placementColumns(equations) {
  const scales = [], scaleIndex = new Map(), glyph = [], scale = [], dx = [], dy = [];
  for (const e of equations) {
    let px = 0, py = 0;
    for (const [g, sx, sy, tx, ty] of e.placements) {
      const key = `${+sx.toFixed(4)},${+sy.toFixed(4)}`;
      if (!scaleIndex.has(key)) { scaleIndex.set(key, scales.length / 2); scales.push(+sx.toFixed(4), +sy.toFixed(4)); }
      if (scaleIndex.get(key) > 255) fail(`more than 256 distinct glyph scales; widen placement_scale`);
      const x = Math.round(tx * 10), y = Math.round(ty * 10);
      glyph.push(g); scale.push(scaleIndex.get(key)); dx.push(x - px); dy.push(y - py);
      px = x; py = y;
    }
  }
  return { scales, glyph, scale, dx, dy };
}

// Zigzag varint: 7 bits per byte, low first, the high bit set on every byte but the last; the sign in bit 0.
function pushVarint(out, v) {
  let z = v < 0 ? -2 * v - 1 : 2 * v;
  while (z >= 0x80) { out.push((z & 0x7f) | 0x80); z = Math.floor(z / 128); }
  out.push(z);
}

// The placements' offsets: dx, dy of each in turn, as zigzag varints (most deltas fit in one or two bytes).
function offsetBytes(cols) {
  const out = [];
  cols.dx.forEach((x, k) => { pushVarint(out, x); pushVarint(out, cols.dy[k]); });
  return out;
}

// Every glyph's points as grid steps, delta-coded within the glyph (the first against 0), as varints.
function pointBytes() {
  const out = [];
  for (const g of glyphs) {
    let px = 0, py = 0;
    for (const [x, y] of g.points) {
      pushVarint(out, (x - px) / POINT_GRID);
      pushVarint(out, (y - py) / POINT_GRID);
      px = x; py = y;
    }
  }
  return out;
}

function emit(equations) {
  const idx = [], ends = [], glyphRows = [];
  let pointTotal = 0;
  for (const g of glyphs) {
    if (g.points.length > 256) fail(`a glyph mesh has ${g.points.length} points; indices are 8-bit (at most 256)`);
    glyphRows.push(`{${pointTotal},${idx.length},${ends.length},${g.points.length},${g.triangles.length},${g.ends.length}}`);
    pointTotal += g.points.length;
    idx.push(...g.triangles);
    ends.push(...g.ends);
  }
  const pts = pointBytes();
  const cols = placementColumns(equations);
  const rectRows = [], textRows = [], eqRows = [];
  let p0 = 0;
  for (const e of equations) {
    const r0 = rectRows.length, t0 = textRows.length;
    for (const r of e.rects) rectRows.push(`{${r.map(fix).join(',')}}`);
    for (const t of e.texts) textRows.push(`{${cString(t.text)},${fix(t.x)},${fix(t.y)},${fix(t.cell)},${fix(t.size)}}`);
    eqRows.push(`{${cString(e.tex)},\n     ${cString(e.mathml)},\n     ${fix(e.width)},${fix(e.height)},${fix(e.baseline)},${p0},${e.placements.length},${r0},${e.rects.length},${t0},${e.texts.length}}`);
    p0 += e.placements.length;
  }
  return `// Generated by scripts/equations/make_equations.mjs from the R"tex(...)tex" strings of the lessons. Do not edit.
// ${equations.length} equations, ${glyphs.length} glyph meshes, ${pointTotal} points (${pts.length} bytes), ${idx.length / 3} triangles, ${cols.glyph.length} placements.
#include "views/equation_data.h"

namespace pelab {
namespace equation_data {

static const unsigned char kPoints[] = {
${numbers(pts)}
    0};
static const unsigned char kIndices[] = {
${numbers(idx)}
    0};
static const unsigned short kContourEnds[] = {
${numbers(ends)}
    0};
static const Glyph kGlyphs[] = {
${numbers(glyphRows, 6)}
    {0,0,0,0,0,0}};
static const unsigned short kPlacementGlyph[] = {
${numbers(cols.glyph)}
    0};
static const unsigned char kPlacementScale[] = {
${numbers(cols.scale)}
    0};
static const unsigned char kPlacementOffsets[] = {
${numbers(offsetBytes(cols))}
    0};
static const float kScales[] = {
${numbers(cols.scales, 12)}
    0};
static const Rect kRects[] = {
${numbers(rectRows, 6)}
    {0,0,0,0}};
static const TextRun kTexts[] = {
${numbers(textRows, 4)}
    {"",0,0,0,0}};
static const Equation kEquations[] = {
${eqRows.map((r) => '    ' + r + ',').join('\n')}
    {"", "", 0,0,0,0,0,0,0,0,0}};  // end marker (not counted)

const Tables& tables() {
    static const Tables t = {kPoints, ${POINT_GRID}, kIndices, kContourEnds, kGlyphs, ${glyphs.length},
                             kPlacementGlyph, kPlacementScale, kPlacementOffsets, ${cols.glyph.length}, kScales,
                             kRects, kTexts, kEquations, ${equations.length}};
    return t;
}

}  // namespace equation_data
}  // namespace pelab
`;
}

// [SECTION] main
const args = parseArgs(process.argv.slice(2));
const found = scanTex(args.scan);
const equations = [];
for (const [tex, where] of found) {
  try {
    const l = layout(tex);
    const mathml = toMathML(tex);
    if (!mathml.includes('<math')) throw new Error('no MathML');
    equations.push({ tex, mathml, ...l });
  } catch (err) {
    fail(`${where}: cannot typeset ${JSON.stringify(tex)}: ${err.message}`);
  }
}
const source = emit(equations);

// What the tables weigh in the binary (the wasm's data section) and gzip-compressed, as a check on the
// download budget: the same numbers laid out as the compiler does.
function binarySize() {
  const parts = [];
  const i16 = (a) => Buffer.from(Int16Array.from(a).buffer), u16 = (a) => Buffer.from(Uint16Array.from(a).buffer);
  const f32 = (a) => Buffer.from(Float32Array.from(a).buffer), u32 = (a) => Buffer.from(Uint32Array.from(a).buffer);
  const i32 = (a) => Buffer.from(Int32Array.from(a).buffer), u8 = (a) => Buffer.from(Uint8Array.from(a));
  parts.push(u8(pointBytes()));
  for (const g of glyphs) {
    parts.push(u8(g.triangles), u16(g.ends), u32([0, 0, 0]), u16([g.points.length, g.triangles.length, g.ends.length]));
  }
  const cols = placementColumns(equations);
  parts.push(u16(cols.glyph), u8(cols.scale), u8(offsetBytes(cols)), f32(cols.scales));
  for (const e of equations) {
    for (const r of e.rects) parts.push(f32(r));
    for (const t of e.texts) parts.push(Buffer.from(t.text + '\0'), f32([t.x, t.y, t.cell, t.size]));
    parts.push(Buffer.from(e.tex + '\0' + e.mathml + '\0'), f32([e.width, e.height, e.baseline]), u32([0, 0, 0, 0, 0, 0, 0, 0]));
  }
  const raw = Buffer.concat(parts);
  return [raw.length, zlib.gzipSync(raw, { level: 9 }).length];
}
const [rawBytes, gzipBytes] = binarySize();
let old = null;
try { old = fs.readFileSync(args.output, 'utf8'); } catch { /* first run */ }
if (old !== source) {
  fs.mkdirSync(path.dirname(args.output), { recursive: true });
  fs.writeFileSync(args.output + '.tmp', source);
  fs.renameSync(args.output + '.tmp', args.output);
}
process.stdout.write(`make_equations.mjs: ${equations.length} equations, ${glyphs.length} glyphs, ` +
                     `${(rawBytes / 1024).toFixed(1)} KiB of tables (${(gzipBytes / 1024).toFixed(1)} KiB gzip) -> ${args.output}\n`);
