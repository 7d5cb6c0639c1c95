// PE Lab — web/post.js (linked with --post-js)
// SDL2 addresses its canvas as "#canvas". Map that selector to this instance's own canvas, so several
// widgets can live in one page, each created with createPelab({canvas: …}).
if (Module["canvas"]) specialHTMLTargets["#canvas"] = Module["canvas"];
