// A finished or closed table, move by move: first, back, forward, last, a slider and the move
// list (the address's #14 opens move 14, for "let's look at move 14" on the projector). The
// picture is the public one, painted by the kit's canvas.js. A game with an exact solver links
// to the table's review (every decision weighed).
import { _ } from "./language.js";
import canvasWidget from "./kit/canvas.js";

const { base } = document.body.dataset;
const code = decodeURIComponent(location.pathname.split("/").pop()).toUpperCase();
const slider = document.getElementById("slider");
const list = document.getElementById("moves");
let total = 0;
let shown = -1;
let model = null;

function makeModel(state) {
  const handlers = {};
  return {
    state: { fit: "window", large: false, drags: false, max_width: 0, ...state },
    get(name) { return this.state[name]; },
    on(event, handler) { (handlers[event] ||= []).push(handler); },
    send() {},
    update(next) {
      Object.assign(this.state, next);
      for (const name of Object.keys(next)) for (const handler of handlers[`change:${name}`] || []) handler();
    },
  };
}

async function frame(move, withMoves = false) {
  const response = await fetch(`${base}class/api/replay/${encodeURIComponent(code)}?move=${move}${withMoves ? "&moves=1" : ""}`,
    { credentials: "same-origin" });
  const data = await response.json().catch(() => ({ error: _("The class server did not answer.") }));
  if (!response.ok) { document.getElementById("error").textContent = data.error || _("Refused."); return; }
  total = data.total;
  shown = data.move;
  slider.max = String(total);
  slider.value = String(shown);
  document.getElementById("title").textContent = _("Replay of table {code} · {game}", data);
  document.getElementById("where").textContent = _("move {number} of {total}", { number: shown, total });
  document.getElementById("caption").textContent = data.caption;
  const review = document.getElementById("review-link");
  review.hidden = !data.review;
  review.firstElementChild.href = `${base}class/review/${encodeURIComponent(data.code)}`;
  if (!model) {
    model = makeModel(data.scene);
    canvasWidget.render({ model, el: document.getElementById("board") });
  } else {
    model.update(data.scene);
  }
  if (data.moves) {
    list.replaceChildren(...data.moves.map((text, index) => {
      const item = document.createElement("li");
      item.textContent = text.replace(/^\d+\. /, "");
      item.addEventListener("click", () => go(index + 1));
      return item;
    }));
  }
  [...list.children].forEach((item, index) => item.setAttribute("aria-current", String(index + 1 === shown)));
  document.body.dataset.move = String(shown);
  history.replaceState(null, "", `#${shown}`);
}

const go = (move) => frame(Math.max(0, Math.min(total, move)));
document.getElementById("first").addEventListener("click", () => go(0));
document.getElementById("back").addEventListener("click", () => go(shown - 1));
document.getElementById("forward").addEventListener("click", () => go(shown + 1));
document.getElementById("last").addEventListener("click", () => go(total));
slider.addEventListener("change", () => go(Number(slider.value)));
document.addEventListener("keydown", (event) => {
  const step = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: total }[event.key];
  if (step !== undefined && event.target.tagName !== "INPUT") { event.preventDefault(); go(step); }
});
const start = Number.parseInt(location.hash.slice(1), 10);
frame(Number.isInteger(start) ? start : 0, true);
