// PE Lab — web/examples/lecture/deck.js
// Drives the embedded widgets from the deck: the step of a slide's widget is the data-step of its last
// shown fragment, or the slide's data-pelab-start. A cue names the step by its id (data-step="toeplitz-f",
// as `pelab-cli text` lists them), so the deck keeps working when a lesson gains a step, or by its number.
// Messages use the widget's postMessage API ({type: "pelab:setState", state}); the widget answers with
// {type: "pelab:state"}, whose step is always the number.
(function () {
  'use strict';
  var deck = new Reveal({ hash: true, transition: 'none', controlsTutorial: false, viewDistance: 8 });

  // A cue as the widget takes it: a step number as a number, anything else (a step id) as written.
  function stepCue(text) {
    return /^[0-9]+$/.test(text) ? Number(text) : text;
  }

  function widgetStep(slide) {
    var shown = slide.querySelectorAll('.fragment.visible[data-step]');
    if (shown.length) return stepCue(shown[shown.length - 1].getAttribute('data-step'));
    return stepCue(slide.getAttribute('data-pelab-start') || '1');
  }

  function sync(slide) {
    if (!slide) return;
    var frame = slide.querySelector('iframe.pelab');
    if (!frame || !frame.contentWindow) return;
    // The frame's own origin: the widget listens to its parent only, and no other page gets the message.
    var origin = new URL(frame.src, location.href).origin;
    frame.contentWindow.postMessage({ type: 'pelab:setState', state: { step: widgetStep(slide) } },
                                    origin === 'null' ? '*' : origin);
  }

  deck.on('slidechanged', function (e) { sync(e.currentSlide); });
  deck.on('fragmentshown', function () { sync(deck.getCurrentSlide()); });
  deck.on('fragmenthidden', function () { sync(deck.getCurrentSlide()); });
  // A widget reporting ready on the current slide gets the slide's step (deep links into the deck).
  window.addEventListener('message', function (e) {
    if (e.data && e.data.type === 'pelab:ready') {
      var slide = deck.getCurrentSlide();
      var frame = slide && slide.querySelector('iframe.pelab');
      if (frame && e.source === frame.contentWindow) sync(slide);
    }
  });
  deck.initialize();
  window.pelabDeck = deck;
})();
