// The board canvas: paints the scene the kernel sends and reports presses, releases and keys in
// scene pixels. It reads the pointer position before anything can move the canvas (focus never
// scrolls), takes taps and finger drags like the mouse, lets one double click count once, scales
// the board to the room it has (crisp at any scale), and brings the board's status line into view
// when the kernel asks. Shapes (see canvas.py): ["L", points, stroke, width, dash, opacity],
// ["P", points, fill, stroke, width, opacity], ["C", x, y, r, fill, stroke, width, opacity],
// ["T", x, y, text, size, colour, align, bold].

const REPEAT_MS = 500; // a second press this soon and this close is a double click's second half
const REPEAT_PX = 8;
const TAP_SLOP_PX = 12; // a finger that moves further is scrolling, not tapping
const STATUS_ROOM_PX = [60, 130]; // room kept under the canvas for the status line: at least,
// and at most (it grows with the longest message said, so the canvas does not jump back)
const RECENT_MS = 10000; // how long after a press the board may scroll its status into view
const PASS_KEYS = new Set(["Tab", "Escape"]);

function paintScene(ctx, model) {
  const width = model.get("width");
  const height = model.get("height");
  ctx.clearRect(0, 0, width, height);
  const background = model.get("background");
  if (background) {
    ctx.globalAlpha = 1;
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, width, height);
  }
  for (const shape of JSON.parse(model.get("scene"))) {
    const kind = shape[0];
    if (kind === "T") {
      const [, x, y, text, size, colour, align, bold] = shape;
      ctx.globalAlpha = 1;
      ctx.font = `${bold ? "bold " : ""}${size}px sans-serif`;
      ctx.textAlign = align;
      ctx.textBaseline = "middle";
      ctx.fillStyle = colour;
      ctx.fillText(text, x, y);
      continue;
    }
    if (kind === "C") {
      const [, x, y, r, fill, stroke, lineWidth, opacity] = shape;
      ctx.beginPath();
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      finish(ctx, fill, stroke, lineWidth, [], opacity);
      continue;
    }
    const points = shape[1];
    ctx.beginPath();
    ctx.moveTo(points[0], points[1]);
    for (let i = 2; i < points.length; i += 2) ctx.lineTo(points[i], points[i + 1]);
    if (kind === "L") {
      finish(ctx, null, shape[2], shape[3], shape[4], shape[5]);
    } else {
      ctx.closePath();
      finish(ctx, shape[2], shape[3], shape[4], [], shape[5]);
    }
  }
}

function finish(ctx, fill, stroke, lineWidth, dash, opacity) {
  ctx.globalAlpha = opacity;
  if (fill) {
    ctx.fillStyle = fill;
    ctx.fill();
  }
  if (stroke) {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = lineWidth;
    ctx.lineCap = "round";
    ctx.setLineDash(dash);
    ctx.stroke();
  }
}

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
  el.classList.add("sk-canvas-box");
  el.appendChild(canvas);
  const ctx = canvas.getContext("2d");
  let scale = 1;
  let lastPress = null; // {x, y, t} of the last press sent (css pixels), for double clicks
  let pressed = null; // the pointer whose press was sent and whose release is still due
  let tap = null; // a finger down on a board that takes no drags: {id, point, x, y}
  let lastInteraction = -Infinity;
  let statusRoom = STATUS_ROOM_PX[0];
  let awaitingAnswer = false;

  const board = () => el.closest(".sailing-kit-board");

  function paint() {
    const width = model.get("width");
    const height = model.get("height");
    const ratio = window.devicePixelRatio || 1;
    const pixels = [Math.round(width * scale * ratio), Math.round(height * scale * ratio)];
    if (canvas.width !== pixels[0] || canvas.height !== pixels[1]) {
      [canvas.width, canvas.height] = pixels;
    }
    ctx.setTransform(canvas.width / width, 0, 0, canvas.height / height, 0, 0);
    paintScene(ctx, model);
    // Timestamps for the benchmark: painted, then on screen (the next frame).
    const paints = Number(canvas.dataset.paints || 0) + 1;
    canvas.dataset.paintedAt = String(performance.now());
    canvas.dataset.paints = String(paints);
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

  function fit() {
    const width = model.get("width");
    const height = model.get("height");
    const home = board();
    if (!el.isConnected) return;
    // The width of the output (not of the board, whose width follows the canvas in a row).
    const outer = el.closest(".jp-OutputArea-output") || document.body;
    const widest = model.get("max_width") || Infinity; // a watched table's small picture
    const room = Math.min(outer.clientWidth - 8, document.documentElement.clientWidth - 8, widest);
    const controls = home && home.firstElementChild ? home.firstElementChild.offsetHeight : 0;
    const status = home && home.querySelector(".sk-status");
    statusRoom = Math.min(STATUS_ROOM_PX[1], Math.max(statusRoom, status ? status.offsetHeight + 8 : 0));
    const tall = roomHeight(el) - controls - statusRoom;
    const large = model.get("large");
    const fillWindow = model.get("fit") === "window" || "voila" in document.body.dataset;
    const most = large || fillWindow ? 2 : 1; // in Voilà a board may grow to fill the window
    let next = Math.min(room / width, most, large ? Infinity : tall / height);
    next = Math.max(0.2, next);
    canvas.dataset.width = String(width);
    canvas.dataset.height = String(height);
    canvas.dataset.scale = next.toFixed(4);
    canvas.setAttribute("aria-label", model.get("title") || "game board");
    canvas.style.width = `${width * next}px`;
    canvas.style.height = `${height * next}px`;
    canvas.style.touchAction = model.get("drags") ? "none" : "manipulation";
    if (Math.abs(next - scale) > 1e-4 || canvas.width === 0) {
      scale = next;
      paint();
    }
  }

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
      if (moved <= TAP_SLOP_PX && press(start, event.pointerType, event.pointerId)) {
        release(at, event.pointerType, event.pointerId);
      }
      return;
    }
    release(at, event.pointerType, event.pointerId);
  });
  canvas.addEventListener("pointercancel", (event) => {
    if (tap && tap.id === event.pointerId) tap = null;
    if (pressed === event.pointerId) pressed = null;
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
    paint();
  });
  model.on("change:background", paint);
  for (const name of ["width", "height", "large", "fit", "drags", "title", "max_width"]) {
    model.on(`change:${name}`, () => { fit(); paint(); });
  }
  const resized = new ResizeObserver(() => { watchBoard(); fit(); });
  const observeHome = () => {
    const home = board() || el.parentElement;
    if (home) resized.observe(home);
    const outer = el.closest(".jp-OutputArea-output");
    if (outer) resized.observe(outer);
    watchBoard();
    fit();
  };
  window.addEventListener("resize", fit);
  resized.observe(el);
  requestAnimationFrame(observeHome);
  fit();
  paint();
  return () => {
    resized.disconnect();
    window.removeEventListener("resize", fit);
    if (watched) watched.removeEventListener("pointerdown", noteInteraction, true);
  };
}

export default { render };
