// The board canvas (an anywidget; canvas.py prepends painter.js, whose createPainter paints).
// It lays the board out from the space it has: beside its side panel on a wide screen, the whole
// board in view; stacked, the board first, on a narrow one. It reads the pointer before anything
// can move the canvas (focus never scrolls), takes taps and finger drags like the mouse, lets one
// double click count once, and on a touch screen gives every target a finger's reach (a tap near
// a target is that target, and targets are drawn at least TOUCH_PX apart). A target with a
// warning says it on hover, or on a first tap (a second tap plays it). It brings the board's
// status line into view when the kernel asks.

const REPEAT_MS = 500; // a second press this soon and this close is a double click's second half
const REPEAT_PX = 8;
const TAP_SLOP_PX = 12; // a finger that moves further is scrolling, not tapping
const TOUCH_PX = 44; // the least size of a target under a finger (CSS pixels)
const MOST_ZOOM = 2.2; // a touch screen's zoom for small targets goes no further
const NARROW_PX = 600; // narrower than this, a touch screen zooms the board for the finger
const DOUBT_PX = 12; // a tap this much nearer one target's centre than another's is for it
const ARMED_MS = 5000; // how long a first tap on a warned target waits for the second
const STATUS_ROOM_PX = 64; // room kept under the canvas for the status line and the seed
const SIDE_GAP_PX = 12;
const WIDE_SHARE = 0.6; // beside the panel, the board may lose at most this share of its size
const RECENT_MS = 10000; // how long after a press the board may scroll its status into view
const PASS_KEYS = new Set(["Tab", "Escape"]);
const PROJECTOR_LOOK = { lines: 1.8, text: 1.15 };

// The height a board may use: the notebook panel in JupyterLab, else the window.
function roomHeight(node) {
  const panel = node.closest(".jp-WindowedPanel-outer, .jp-NotebookPanel-notebook");
  return panel && panel.clientHeight > 0 ? Math.min(panel.clientHeight, window.innerHeight)
    : window.innerHeight;
}

function render({ model, el }) {
  const canvas = document.createElement("canvas");
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "img");
  canvas.setAttribute("data-lm-suppress-shortcuts", "true"); // keys go to the board, not Lab
  canvas.className = "sk-canvas";
  const tip = document.createElement("div");
  tip.className = "sk-tip";
  tip.setAttribute("role", "tooltip");
  el.classList.add("sk-canvas-box");
  el.append(canvas, tip);
  const coarse = window.matchMedia("(pointer: coarse)");
  let scale = 1;
  let lastPress = null; // {x, y, t} of the last press sent (css pixels), for double clicks
  let pressed = null; // the pointer whose press was sent and whose release is still due
  let tap = null; // a finger down on a board that takes no drags: {id, at}
  let armed = null; // {x, y, t}: a warned target tapped once
  let lastInteraction = -Infinity;
  let awaitingAnswer = false;

  const painter = createPainter(canvas, {
    onFrames: (stats) => {
      canvas.dataset.motions = String(Number(canvas.dataset.motions || 0) + 1);
      canvas.dataset.lastMotion = JSON.stringify(stats);
    },
  });
  const board = () => el.closest(".sailing-kit-board");
  // The targets of the picture on screen, for tests (scene pixels: x, y, w, h, label, warning).
  Object.defineProperty(canvas, "skTargets", {
    get: () => (painter.picture && painter.picture.targets) || [],
  });
  // Whether a move is still being drawn (tests read the pixels once it is not).
  Object.defineProperty(canvas, "skMoving", { get: () => painter.moving });

  function picture() {
    try {
      return JSON.parse(model.get("scene"));
    } catch (error) {
      return null;
    }
  }

  function paint({ animate = true } = {}) {
    const next = picture();
    if (!next || !next.width) return;
    painter.show(next, { animate });
    const paints = Number(canvas.dataset.paints || 0) + 1;
    canvas.dataset.paintedAt = String(performance.now());
    canvas.dataset.paints = String(paints);
    canvas.dataset.targets = String((next.targets || []).length);
    requestAnimationFrame(() => {
      canvas.dataset.shownAt = String(performance.now());
      canvas.dataset.shown = String(paints);
      if (awaitingAnswer) { // the first picture on screen after the last press or release
        awaitingAnswer = false;
        canvas.dataset.answeredAt = canvas.dataset.shownAt;
        canvas.dataset.answers = String(Number(canvas.dataset.answers || 0) + 1);
      }
    });
  }

  // ----- layout ----------------------------------------------------------------------------------
  // The room the board has: its width, and the height left for the canvas when the whole board
  // (controls above, status below) is to be seen without scrolling.
  function room(home) {
    const outer = el.closest(".jp-OutputArea-output") || document.body;
    const widest = model.get("max_width") || Infinity; // a watched table's small picture
    const width = Math.min(outer.clientWidth - 8, document.documentElement.clientWidth - 8, widest);
    const windowFit = model.get("fit") === "window" || "voila" in document.body.dataset;
    const view = roomHeight(el);
    const top = el.getBoundingClientRect().top + window.scrollY;
    const controls = home && home.firstElementChild ? home.firstElementChild.offsetHeight : 0;
    // An app at the top of its page keeps what stands above the board in view too.
    const above = windowFit && top < view / 2 ? top : controls;
    return { width, height: view - above - STATUS_ROOM_PX, windowFit };
  }

  function fit() {
    const width = model.get("width");
    const height = model.get("height");
    const home = board();
    if (!el.isConnected) return;
    const side = home && home.querySelector(".sk-side");
    const space = room(home);
    const projector = model.get("projector");
    const most = projector || space.windowFit ? 2 : 1; // in Voilà a board may grow to the window
    const tall = projector ? Infinity : space.height / height;
    const stacked = Math.min(space.width / width, most, tall);
    let next = stacked;
    let wide = false;
    if (side && side.offsetWidth > 0) {
      const beside = Math.min((space.width - side.offsetWidth - SIDE_GAP_PX) / width, most, tall);
      wide = beside >= WIDE_SHARE * stacked;
      next = wide ? beside : stacked;
    }
    if (home) {
      home.classList.toggle("sk-wide", wide);
      home.classList.toggle("sk-stacked", !wide);
      home.classList.toggle("sk-projector", Boolean(projector));
    }
    next = Math.max(0.2, next);
    // A finger on a narrow screen (a phone) gets targets its own size, the board zoomed and
    // panned; a wide touch screen (a whiteboard) keeps the whole board in view, a finger's
    // reach given by the wider hit of each target.
    const finger = coarse.matches && space.width < NARROW_PX ? touchScale() : 0;
    const zoomed = finger > next;
    if (zoomed) next = Math.min(finger, 3);
    el.classList.toggle("sk-zoomed", zoomed);
    el.style.maxWidth = zoomed ? `${space.width}px` : "";
    canvas.dataset.width = String(width);
    canvas.dataset.height = String(height);
    canvas.dataset.scale = next.toFixed(4);
    canvas.dataset.layout = wide ? "wide" : "stacked";
    canvas.setAttribute("aria-label", model.get("title") || "game board");
    canvas.style.width = `${width * next}px`;
    canvas.style.height = `${height * next}px`;
    canvas.style.touchAction = model.get("drags") ? "none" : zoomed ? "pan-x pan-y" : "manipulation";
    if (side) {
      side.style.maxHeight = wide ? `${Math.max(height * next + 40, 200)}px` : "";
    }
    if (Math.abs(next - scale) > 1e-4 || canvas.width === 0) {
      scale = next;
      painter.resize(scale, window.devicePixelRatio || 1);
      if (zoomed) showTargets();
    }
  }

  // The scale at which every target has a finger's room of its own: TOUCH_PX between the
  // centres of two targets (and across the smallest), at most MOST_ZOOM; it never shrinks
  // while the board lives, so the picture does not jump from one move to the next.
  let fingerScale = 0;
  function touchScale() {
    const current = painter.picture;
    const targets = current ? current.targets || [] : [];
    let least = Infinity;
    for (let i = 0; i < targets.length; i++) {
      const [x, y, w, h] = targets[i];
      least = Math.min(least, Math.max(w, h));
      for (let j = i + 1; j < targets.length; j++) {
        const [x2, y2, w2, h2] = targets[j];
        const apart = Math.max(Math.abs(x + w / 2 - x2 - w2 / 2), Math.abs(y + h / 2 - y2 - h2 / 2));
        if (apart > 0.5) least = Math.min(least, apart);
      }
    }
    if (Number.isFinite(least) && least > 0) {
      fingerScale = Math.max(fingerScale, Math.min(MOST_ZOOM, TOUCH_PX / least));
    }
    return fingerScale;
  }

  // Scroll a zoomed board so the targets are in view, scrolling no further than that needs (so
  // as much of the picture's left, where its title is, stays in view); targets wider than the
  // view are shown from their left edge.
  function showTargets() {
    const current = painter.picture;
    const targets = current ? current.targets || [] : [];
    if (!targets.length) return;
    const left = Math.min(...targets.map(([x]) => x));
    const right = Math.max(...targets.map(([x, , w]) => x + w));
    el.scrollLeft = Math.max(0, Math.min(left * scale - 12, right * scale + 12 - el.clientWidth));
  }

  // ----- pointer ---------------------------------------------------------------------------------
  // Scene pixels under an event, read before anything may move the canvas.
  function point(event) {
    const box = canvas.getBoundingClientRect();
    return {
      x: (model.get("width") * (event.clientX - box.left)) / box.width,
      y: (model.get("height") * (event.clientY - box.top)) / box.height,
      cssX: event.clientX, cssY: event.clientY,
    };
  }

  function send(event, at, pointer) {
    canvas.dataset[event === "down" ? "lastDown" : "lastUp"] = `${at.x.toFixed(2)} ${at.y.toFixed(2)}`;
    model.send({ event, x: at.x, y: at.y, pointer });
  }

  function press(at, pointer, id) {
    const now = performance.now();
    const repeat = lastPress && now - lastPress.t < REPEAT_MS
      && Math.hypot(at.cssX - lastPress.x, at.cssY - lastPress.y) < REPEAT_PX;
    lastPress = { x: at.cssX, y: at.cssY, t: now };
    lastInteraction = now;
    if (repeat) return false; // the second half of a double click plays nothing
    send("down", at, pointer);
    canvas.dataset.presses = String(Number(canvas.dataset.presses || 0) + 1);
    canvas.dataset.pressedAt = String(now);
    awaitingAnswer = true;
    pressed = id;
    return true;
  }

  function release(at, pointer, id) {
    if (pressed !== id) return;
    pressed = null;
    canvas.dataset.releasedAt = String(performance.now());
    awaitingAnswer = true;
    send("up", at, pointer);
  }

  // A finger's tap: near a target it is that target; between several closer together than a
  // finger, where it could mean either, a lens shows them larger to tap the one meant; on a
  // warned target, the first tap says the warning and only a second tap plays it.
  function fingerTap(at, pointer, id) {
    if (lens) {
      closeLens();
      return;
    }
    const near = painter.targetsNear(at.x, at.y, TOUCH_PX / 2 / scale);
    const doubt = near.length > 1 && (near[1].centre - near[0].centre) * scale < DOUBT_PX
      && spacing(near) * scale < TOUCH_PX;
    if (doubt) {
      openLens(near, at);
      return;
    }
    play(near[0] || null, at, pointer, id);
  }

  function play(found, at, pointer, id) {
    let aim = at;
    if (found) {
      aim = { ...at, x: found.x, y: found.y };
      const now = performance.now();
      const again = armed && armed.x === found.x && armed.y === found.y && now - armed.t < ARMED_MS;
      if (found.warning && !again) {
        armed = { x: found.x, y: found.y, t: now };
        showTip(found, found.x, found.y, true);
        return;
      }
    }
    armed = null;
    hideTip();
    if (press(aim, pointer, id)) release(aim, pointer, id);
  }

  // The least distance between the centres of targets (along the longer axis), scene pixels.
  function spacing(targets) {
    let least = Infinity;
    for (let i = 0; i < targets.length; i++) {
      for (let j = i + 1; j < targets.length; j++) {
        const apart = Math.max(Math.abs(targets[i].x - targets[j].x),
          Math.abs(targets[i].y - targets[j].y));
        least = Math.min(least, apart);
      }
    }
    return least;
  }

  // The lens: the targets near a tap, drawn large enough that each has a finger's room.
  let lens = null;
  function openLens(near, at) {
    // As large as the targets need, within the board's box (which clips what overflows it).
    const core = [Math.min(...near.map((t) => t.x - t.w / 2)), Math.min(...near.map((t) => t.y - t.h / 2)),
      Math.max(...near.map((t) => t.x + t.w / 2)), Math.max(...near.map((t) => t.y + t.h / 2))];
    const roomX = 0.9 * el.clientWidth - 1.6 * TOUCH_PX;
    const roomY = 0.9 * el.clientHeight - 1.6 * TOUCH_PX;
    const most = Math.min(roomX / Math.max(core[2] - core[0], 1), roomY / Math.max(core[3] - core[1], 1));
    const zoom = Math.max(scale, Math.min((1.2 * TOUCH_PX) / Math.max(spacing(near), 1), most));
    const margin = (0.8 * TOUCH_PX) / zoom;
    const left = core[0] - margin;
    const top = core[1] - margin;
    const right = core[2] + margin;
    const bottom = core[3] + margin;
    const region = [left, top, right - left, bottom - top];
    const box = document.createElement("div");
    box.className = "sk-lens";
    const view = document.createElement("canvas");
    box.appendChild(view);
    el.appendChild(box);
    const lensPainter = createPainter(view);
    lensPainter.setRegion(region);
    lensPainter.resize(zoom, window.devicePixelRatio || 1);
    lensPainter.show(painter.picture, { animate: false });
    view.style.width = `${region[2] * zoom}px`;
    view.style.height = `${region[3] * zoom}px`;
    const host = el.getBoundingClientRect();
    const shown = canvas.getBoundingClientRect();
    const x = shown.left - host.left + el.scrollLeft + at.x * scale - (region[2] * zoom) / 2;
    const y = shown.top - host.top + at.y * scale - (region[3] * zoom) / 2;
    const widest = el.scrollLeft + el.clientWidth - region[2] * zoom - 6;
    box.style.left = `${Math.max(el.scrollLeft, Math.min(x, widest))}px`;
    box.style.top = `${Math.max(0, Math.min(y, el.clientHeight - region[3] * zoom - 6))}px`;
    const targets = near.map((t) => ({ ...t, lensX: (t.x - left) * zoom, lensY: (t.y - top) * zoom }));
    lens = { box, targets, zoom };
    canvas.skLens = targets.map((t) => [t.lensX, t.lensY, t.label]);
    box.addEventListener("pointerup", (event) => {
      event.stopPropagation();
      const place = view.getBoundingClientRect();
      const px = event.clientX - place.left;
      const py = event.clientY - place.top;
      const chosen = targets
        .map((t) => ({ t, d: Math.hypot(t.lensX - px, t.lensY - py) }))
        .filter(({ d }) => d <= TOUCH_PX / 2)
        .sort((a, b) => a.d - b.d)[0];
      if (!chosen) {
        closeLens();
        return;
      }
      const t = chosen.t;
      const again = armed && armed.x === t.x && armed.y === t.y
        && performance.now() - armed.t < ARMED_MS;
      if (t.warning && !again) { // the lens stays: a second tap on it plays the warned move
        armed = { x: t.x, y: t.y, t: performance.now() };
        showTip(t, t.x, t.y, true);
        return;
      }
      closeLens();
      play(t, { x: t.x, y: t.y, cssX: event.clientX, cssY: event.clientY }, event.pointerType,
        event.pointerId);
    });
    box.addEventListener("pointerdown", (event) => event.stopPropagation());
  }

  function closeLens() {
    if (!lens) return;
    lens.box.remove();
    lens = null;
    canvas.skLens = null;
  }

  function showTip(found, x, y, tapped) {
    const words = found.warning || found.label;
    if (!words) {
      hideTip();
      return;
    }
    tip.textContent = found.warning && tapped ? `${words} (tap again to play it)` : words;
    tip.classList.toggle("sk-warn", Boolean(found.warning));
    tip.classList.add("sk-shown");
    const box = canvas.getBoundingClientRect();
    const host = el.getBoundingClientRect();
    tip.style.left = `${Math.max(0, box.left - host.left + el.scrollLeft + x * scale + 14)}px`;
    tip.style.top = `${Math.max(0, box.top - host.top + y * scale - 34)}px`;
  }

  function hideTip() {
    tip.classList.remove("sk-shown");
  }

  canvas.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const at = point(event);
    if (event.pointerType === "mouse") event.preventDefault(); // no focus scroll, no selection
    canvas.focus({ preventScroll: true });
    if (event.pointerType !== "mouse" && !model.get("drags")) {
      tap = { id: event.pointerId, at };
      return;
    }
    if (press(at, event.pointerType, event.pointerId)) {
      try { canvas.setPointerCapture(event.pointerId); } catch (e) { /* already released */ }
    }
  });
  canvas.addEventListener("pointerup", (event) => {
    const at = point(event);
    if (tap && tap.id === event.pointerId) {
      const moved = Math.hypot(at.cssX - tap.at.cssX, at.cssY - tap.at.cssY);
      const start = tap.at;
      tap = null;
      if (moved <= TAP_SLOP_PX) fingerTap(start, event.pointerType, event.pointerId);
      return;
    }
    release(at, event.pointerType, event.pointerId);
  });
  canvas.addEventListener("pointercancel", (event) => {
    if (tap && tap.id === event.pointerId) tap = null;
    if (pressed === event.pointerId) pressed = null;
  });
  canvas.addEventListener("pointermove", (event) => {
    if (event.pointerType !== "mouse") return;
    const at = point(event);
    const found = painter.targetAt(at.x, at.y, 0);
    if (found) showTip(found, at.x, at.y, false);
    else hideTip();
  });
  canvas.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse") hideTip(); // (a finger lifted leaves too: its tip stays)
  });
  canvas.addEventListener("contextmenu", (event) => {
    if (model.get("drags")) event.preventDefault();
  });
  canvas.addEventListener("keydown", (event) => {
    if (PASS_KEYS.has(event.key) || event.altKey) return;
    if (!(event.ctrlKey || event.metaKey)) event.preventDefault();
    event.stopPropagation();
    lastInteraction = performance.now();
    awaitingAnswer = true;
    lastPress = null; // a key between two presses: no double click
    model.send({ event: "key", key: event.key, shift: event.shiftKey, ctrl: event.ctrlKey,
                 meta: event.metaKey });
  });

  // Buttons of the board count as interaction too (their results are shown in the status), and
  // a press elsewhere on the board ends any double click: the next press on the canvas counts.
  const noteInteraction = (event) => {
    lastInteraction = performance.now();
    awaitingAnswer = true;
    if (event.target !== canvas) lastPress = null;
  };
  let watched = null;
  function watchBoard() {
    const home = board();
    if (home === watched) return;
    if (watched) watched.removeEventListener("pointerdown", noteInteraction, true);
    watched = home;
    if (home) home.addEventListener("pointerdown", noteInteraction, true);
  }

  function reveal() {
    const home = board();
    if (!home) return;
    const status = home.querySelector(".sk-status");
    if (!status) return;
    status.classList.remove("sk-flash");
    void status.offsetWidth; // restart the animation
    status.classList.add("sk-flash");
    const recent = performance.now() - lastInteraction < RECENT_MS;
    if (recent || home.contains(document.activeElement)) {
      requestAnimationFrame(() => status.scrollIntoView({ block: "nearest", inline: "nearest" }));
    }
  }

  model.on("msg:custom", (message) => {
    if (message && message.do === "reveal") reveal();
  });
  model.on("change:scene", () => {
    canvas.dataset.receivedAt = String(performance.now());
    hideTip();
    closeLens();
    paint();
    if (coarse.matches) fit(); // the targets may ask for another zoom
  });
  model.on("change:projector", () => {
    painter.setLook(model.get("projector") ? PROJECTOR_LOOK : {});
    fit();
  });
  for (const name of ["width", "height", "fit", "drags", "title", "max_width"]) {
    model.on(`change:${name}`, fit); // (a new size comes with its picture: painted then)
  }
  const resized = new ResizeObserver(() => { watchBoard(); fit(); });
  const observeHome = () => {
    const home = board() || el.parentElement;
    if (home) resized.observe(home);
    const side = home && home.querySelector(".sk-side");
    if (side) resized.observe(side);
    const outer = el.closest(".jp-OutputArea-output");
    if (outer) resized.observe(outer);
    watchBoard();
    fit();
  };
  window.addEventListener("resize", fit);
  resized.observe(el);
  requestAnimationFrame(observeHome);
  if (model.get("projector")) painter.setLook(PROJECTOR_LOOK);
  paint({ animate: false });
  fit();
  return () => {
    resized.disconnect();
    window.removeEventListener("resize", fit);
    if (watched) watched.removeEventListener("pointerdown", noteInteraction, true);
  };
}

export default { render };
