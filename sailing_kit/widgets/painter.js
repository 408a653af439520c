// The painter: draws a picture (the JSON of sailing_kit/draw/wire.py) on a <canvas>, and moves
// from one picture to the next: a piece (a boat, a die, a card: shapes under one key) glides from
// where it stood to where it stands now, along its path if the picture gives one, turning as it
// goes; a die rolled tumbles and settles; a piece that appears fades in, one that leaves fades
// out. Each change takes at most MOTION_MS; none at all when the browser asks for reduced motion.
// Pictures that arrive while one moves wait their turn (a bot's move after the player's is seen
// too), the wait shortened when many queue.
//
// No Jupyter here: the board widget (canvas.js) wraps it, and any web page can import it:
//   const painter = createPainter(canvasElement);
//   painter.show(JSON.parse(text)); painter.resize(scale, devicePixelRatio);

export const MOTION_MS = 240;
export const MIN_TEXT_PX = 12; // no text is drawn smaller than this on the screen
const QUEUE_MOST = 4; // pictures waiting beyond this are shown at once
const FRAME_MS = 1000 / 60;

export function createPainter(canvas, { onFrames = null } = {}) {
  let ctx = canvas.getContext("2d"); // (the still layer of a move borrows it while painted)
  let scale = 1;
  let ratio = 1;
  let look = { lines: 1, text: 1 }; // the projector's thicker lines and larger type
  let shown = null; // the picture on screen once any motion has ended
  let smallest = Infinity; // the smallest text drawn (scene pixels), for tests
  let region = null; // the part of the picture shown (a lens), or null for all of it
  let motion = null; // {from, to, plan, start, duration, stamps, frame}
  const queue = [];
  const reduced = typeof window !== "undefined" && window.matchMedia
    ? window.matchMedia("(prefers-reduced-motion: reduce)") : { matches: false };

  function target() {
    return queue.length ? queue[queue.length - 1] : motion ? motion.to : shown;
  }

  // ----- sizes ---------------------------------------------------------------------------------
  function resize(nextScale, nextRatio = 1) {
    scale = nextScale;
    ratio = nextRatio;
    redraw();
  }

  function setLook(next) {
    look = { lines: next.lines || 1, text: next.text || 1 };
    canvas.dataset.look = look.lines > 1 || look.text > 1 ? "projector" : "plain";
    redraw();
  }

  // The canvas sized for the picture (or the part of it in `region`) at the scale, and the
  // drawing context mapping scene pixels onto it.
  function prepare(picture) {
    const [, , w, h] = area(picture);
    const pixels = [Math.max(1, Math.round(w * scale * ratio)),
      Math.max(1, Math.round(h * scale * ratio))];
    if (canvas.width !== pixels[0] || canvas.height !== pixels[1]) {
      [canvas.width, canvas.height] = pixels;
    }
    place(ctx, picture);
  }

  function area(picture) {
    return region || [0, 0, picture.width, picture.height];
  }

  function place(context, picture) {
    const [x, y, w, h] = area(picture);
    const sx = canvas.width / w;
    const sy = canvas.height / h;
    context.setTransform(sx, 0, 0, sy, -x * sx, -y * sy);
  }

  // Show only the part [x, y, w, h] of each picture (null: the whole picture): a lens.
  function setRegion(next) {
    region = next;
    redraw();
  }

  function redraw() {
    if (motion) return; // the next frame draws at the new size
    const picture = target();
    if (picture) paintStill(picture);
  }

  // ----- showing pictures ------------------------------------------------------------------------
  function show(picture, { animate = true } = {}) {
    const last = target();
    const same = last && last.width === picture.width && last.height === picture.height;
    if (!animate || !last || !same || reduced.matches) {
      queue.length = 0;
      stop();
      shown = picture;
      paintStill(picture);
      return;
    }
    queue.push(picture);
    while (queue.length > QUEUE_MOST) queue.shift();
    if (!motion) next(performance.now());
  }

  function stop() {
    if (motion && motion.frame) cancelAnimationFrame(motion.frame);
    motion = null;
  }

  function next(now) {
    const to = queue.shift();
    if (!to) return;
    const from = shown;
    const plan = planMotion(from, to);
    if (!plan.moving.length && !plan.leaving.length) {
      shown = to;
      paintStill(to);
      next(now);
      return;
    }
    const duration = queue.length ? Math.max(120, MOTION_MS / (1 + queue.length)) : MOTION_MS;
    prepare(to);
    plan.layer = stillLayer(to, plan.still); // before the first frame, which stays quick
    motion = { from, to, plan, start: performance.now(), duration, stamps: [], frame: 0 };
    motion.frame = requestAnimationFrame(step);
  }

  function step(now) {
    const m = motion;
    if (!m) return;
    m.stamps.push(now);
    const progress = Math.min(1, (now - m.start) / m.duration);
    paintFrame(m.to, m.plan, progress);
    if (progress < 1) {
      m.frame = requestAnimationFrame(step);
      return;
    }
    motion = null;
    shown = m.to;
    if (onFrames) onFrames(frameStats(m.stamps));
    next(now);
  }

  // Draw the move from picture `from` to picture `to` as it stands at `progress` (0 to 1):
  // for still frames (a strip of frames in the docs, tests).
  function frameAt(from, to, progress) {
    stop();
    queue.length = 0;
    paintFrame(to, planMotion(from, to), progress);
    shown = to;
  }

  // ----- painting ----------------------------------------------------------------------------------
  function paintStill(picture) {
    prepare(picture);
    clear(picture);
    smallest = Infinity;
    for (const shape of picture.shapes) drawShape(shape);
    canvas.dataset.smallestText = Number.isFinite(smallest) ? (smallest * scale).toFixed(2) : "";
  }

  function clear(picture) {
    ctx.clearRect(0, 0, picture.width, picture.height);
    if (picture.background) {
      ctx.globalAlpha = 1;
      ctx.fillStyle = picture.background;
      ctx.fillRect(0, 0, picture.width, picture.height);
    }
  }

  // A frame of a move: the shapes that stay still are painted once into a layer of their own
  // (kept with the plan), then each frame copies it and draws the moving pieces over it.
  function paintFrame(picture, plan, progress) {
    prepare(picture);
    const eased = easeInOut(progress);
    if (!plan.layer || plan.layer.width !== canvas.width || plan.layer.height !== canvas.height) {
      plan.layer = stillLayer(picture, plan.still);
    }
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(plan.layer, 0, 0);
    ctx.restore();
    for (const gone of plan.leaving) {
      drawPiece(gone.shapes, { alpha: 1 - eased });
    }
    for (const piece of plan.moving) {
      drawPiece(piece.shapes, poseAt(piece, eased, progress));
    }
  }

  function stillLayer(picture, shapes) {
    const layer = typeof OffscreenCanvas === "function"
      ? new OffscreenCanvas(canvas.width, canvas.height) : document.createElement("canvas");
    layer.width = canvas.width;
    layer.height = canvas.height;
    const main = ctx;
    ctx = layer.getContext("2d");
    place(ctx, picture);
    clear(picture);
    for (const shape of shapes) drawShape(shape);
    ctx = main;
    return layer;
  }

  function drawPiece(shapes, { alpha = 1, at = null, turn = 0, grow = 1, anchor = null }) {
    ctx.save();
    if (at) {
      ctx.translate(at[0], at[1]);
      ctx.rotate(turn);
      ctx.scale(grow, grow);
      ctx.translate(-anchor[0], -anchor[1]);
    }
    for (const shape of shapes) drawShape(shape, alpha);
    ctx.restore();
  }

  function drawShape(shape, alpha = 1) {
    const kind = shape[0];
    if (kind === "T") {
      const [, x, y, text, size, colour, align, bold, fit] = shape;
      const px = Math.max(size * look.text, MIN_TEXT_PX / Math.max(scale, 1e-3));
      smallest = Math.min(smallest, px);
      ctx.globalAlpha = alpha;
      ctx.font = `${bold ? "bold " : ""}${px}px sans-serif`;
      ctx.textAlign = align;
      ctx.textBaseline = "middle";
      ctx.fillStyle = colour;
      if (fit) ctx.fillText(text, x, y, fit);  // a long word squeezed into its card
      else ctx.fillText(text, x, y);
      return;
    }
    if (kind === "C") {
      const [, x, y, r, fill, stroke, lineWidth, opacity] = shape;
      ctx.beginPath();
      ctx.arc(x, y, r, 0, 2 * Math.PI);
      finish(fill, stroke, lineWidth, [], opacity * alpha);
      return;
    }
    const points = shape[1];
    ctx.beginPath();
    ctx.moveTo(points[0], points[1]);
    for (let i = 2; i < points.length; i += 2) ctx.lineTo(points[i], points[i + 1]);
    if (kind === "L") {
      finish(null, shape[2], shape[3], shape[4], shape[5] * alpha);
    } else {
      ctx.closePath();
      finish(shape[2], shape[3], shape[4], [], shape[5] * alpha);
    }
  }

  function finish(fill, stroke, lineWidth, dash, opacity) {
    ctx.globalAlpha = opacity;
    if (fill) {
      ctx.fillStyle = fill;
      ctx.fill();
    }
    if (stroke) {
      ctx.strokeStyle = stroke;
      ctx.lineWidth = lineWidth * look.lines;
      ctx.lineCap = "round";
      ctx.setLineDash(dash);
      ctx.stroke();
    }
  }

  // ----- targets -----------------------------------------------------------------------------------
  // The targets within `slop` scene pixels of scene pixel (x, y) (of their edge: a finger's
  // wider reach), nearest first (those it lies in by the nearest centre); each {x, y, w, h,
  // label, warning, inside, distance, centre} (x, y its centre, centre the distance to it).
  function targetsNear(x, y, slop = 0) {
    const picture = target();
    if (!picture) return [];
    const found = [];
    for (const [tx, ty, w, h, label, warning, round] of picture.targets || []) {
      const cx = tx + w / 2;
      const cy = ty + h / 2;
      let distance;
      if (round) {
        distance = Math.max(0, Math.hypot(x - cx, y - cy) - Math.min(w, h) / 2);
      } else {
        distance = Math.hypot(Math.max(0, Math.abs(x - cx) - w / 2),
          Math.max(0, Math.abs(y - cy) - h / 2));
      }
      if (distance <= slop) {
        const centre = Math.hypot(x - cx, y - cy);
        found.push({ x: cx, y: cy, w, h, label, warning, inside: distance === 0, distance, centre });
      }
    }
    return found.sort((a, b) => a.distance - b.distance || a.centre - b.centre);
  }

  // The target at scene pixel (x, y), or the nearest within `slop`, or null.
  function targetAt(x, y, slop = 0) {
    return targetsNear(x, y, slop)[0] || null;
  }

  return {
    show, resize, setLook, setRegion, targetAt, targetsNear, frameAt,
    get picture() { return target(); },
    get moving() { return Boolean(motion) || queue.length > 0; },
  };
}

// ----- motion: which piece goes where ----------------------------------------------------------
function piecesOf(picture) {
  const found = new Map();
  for (const [key, first, end, path, effect] of picture.pieces || []) {
    const shapes = picture.shapes.slice(first, end);
    found.set(key, { key, first, end, path, effect, shapes, pose: poseOf(shapes),
      text: JSON.stringify(shapes) });
  }
  return found;
}

// What moves from `from` to `to`: the still shapes of `to`, its pieces that move (or appear,
// or tumble) with where they start, and the pieces of `from` that leave.
export function planMotion(from, to) {
  const before = piecesOf(from);
  const after = piecesOf(to);
  const inPieces = new Set();
  const moving = [];
  for (const piece of after.values()) {
    const old = before.get(piece.key);
    const unchanged = old && old.text === piece.text && !piece.effect;
    if (unchanged) continue;
    for (let i = piece.first; i < piece.end; i++) inPieces.add(i);
    moving.push({ ...piece, old: old || null });
  }
  const still = to.shapes.filter((_, i) => !inPieces.has(i));
  const leaving = [...before.values()].filter((piece) => !after.has(piece.key));
  return { still, moving, leaving };
}

// Where a piece stands: the centre of its first shape, and the direction of that shape's first
// point from it (a boat's bow), so a boat that turns is seen turning.
function poseOf(shapes) {
  const first = shapes.find((s) => s[0] === "P" || s[0] === "L") || shapes[0];
  if (!first) return { anchor: [0, 0], angle: 0, reach: 0, rigid: false };
  if (first[0] === "C" || first[0] === "T") {
    return { anchor: [first[1], first[2]], angle: 0, reach: 0, rigid: false };
  }
  const points = first[1];
  let sx = 0;
  let sy = 0;
  const n = points.length / 2;
  for (let i = 0; i < points.length; i += 2) {
    sx += points[i];
    sy += points[i + 1];
  }
  const anchor = [sx / n, sy / n];
  const angle = Math.atan2(points[1] - anchor[1], points[0] - anchor[0]);
  const reach = Math.hypot(points[1] - anchor[1], points[0] - anchor[0]);
  return { anchor, angle, reach, rigid: n >= 3 };
}

function poseAt(piece, eased, progress) {
  const end = piece.pose.anchor;
  if (!piece.old) { // it appears: fades in, growing into place (along its path if it has one)
    const route = piece.path.length >= 4 ? pathPoints(piece.path, end, end) : [end, end];
    return { alpha: eased, at: along(route, eased), turn: 0, grow: 0.85 + 0.15 * eased,
      anchor: end };
  }
  const start = piece.old.pose.anchor;
  const route = pathPoints(piece.path, start, end);
  let turn = 0;
  const sameShape = Math.abs(piece.pose.reach - piece.old.pose.reach)
    <= 0.05 * Math.max(piece.pose.reach, piece.old.pose.reach);
  if (piece.pose.rigid && piece.old.pose.rigid && sameShape) { // (a card laid down does not turn)
    turn = -wrapAngle(piece.pose.angle - piece.old.pose.angle) * (1 - eased);
  }
  let grow = 1;
  if (piece.effect === "tumble") { // spins one and a quarter turns as it settles, and bounces
    const settle = 1 - Math.pow(1 - progress, 3);
    turn += (1 - settle) * 2.5 * Math.PI;
    grow = 1 + 0.18 * Math.sin(Math.PI * progress);
  }
  return { alpha: 1, at: along(route, eased), turn, grow, anchor: end };
}

// The route of a piece's centre: from `start` through the path's inner points to `end` (the
// path is given from the old spot to the new one: its inner points are shifted so it starts and
// ends on the piece's own centre).
function pathPoints(path, start, end) {
  const points = [];
  for (let i = 0; i < path.length; i += 2) points.push([path[i], path[i + 1]]);
  if (points.length < 2) return [start, end];
  const first = points[0];
  const last = points[points.length - 1];
  const shiftStart = [start[0] - first[0], start[1] - first[1]];
  const shiftEnd = [end[0] - last[0], end[1] - last[1]];
  return points.map((p, i) => {
    const share = i / (points.length - 1);
    return [p[0] + shiftStart[0] * (1 - share) + shiftEnd[0] * share,
      p[1] + shiftStart[1] * (1 - share) + shiftEnd[1] * share];
  });
}

function along(route, share) {
  const lengths = [];
  let total = 0;
  for (let i = 1; i < route.length; i++) {
    const length = Math.hypot(route[i][0] - route[i - 1][0], route[i][1] - route[i - 1][1]);
    lengths.push(length);
    total += length;
  }
  if (total === 0) return route[route.length - 1];
  let left = share * total;
  for (let i = 0; i < lengths.length; i++) {
    if (left <= lengths[i] || i === lengths.length - 1) {
      const t = lengths[i] ? Math.min(1, left / lengths[i]) : 1;
      return [route[i][0] + (route[i + 1][0] - route[i][0]) * t,
        route[i][1] + (route[i + 1][1] - route[i][1]) * t];
    }
    left -= lengths[i];
  }
  return route[route.length - 1];
}

function wrapAngle(angle) {
  return Math.atan2(Math.sin(angle), Math.cos(angle));
}

function easeInOut(t) {
  return t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2;
}

// Frames per second and frames dropped (a gap of more than one and a half 60 Hz frames counts
// the frames it skipped) over one motion.
export function frameStats(stamps) {
  let dropped = 0;
  for (let i = 1; i < stamps.length; i++) {
    const gap = stamps[i] - stamps[i - 1];
    if (gap > 1.5 * FRAME_MS) dropped += Math.round(gap / FRAME_MS) - 1;
  }
  const ms = stamps.length > 1 ? stamps[stamps.length - 1] - stamps[0] : 0;
  return { frames: stamps.length, dropped, ms, fps: ms ? (1000 * (stamps.length - 1)) / ms : 0 };
}
