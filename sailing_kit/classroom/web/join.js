// The join page: a table's code (filled in from a join link's ?code=) and a name. The browser
// remembers its seats, to go back to one with a click.
import { _ } from "./language.js";

const { base } = document.body.dataset;
const KEY = "sailing_kit_seats";
const remembered = () => { try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { return []; } };
function remember(seat) {
  const seats = remembered().filter((s) => s.code !== seat.code);
  seats.unshift({ code: seat.code, token: seat.token, name: seat.name, game: seat.game });
  localStorage.setItem(KEY, JSON.stringify(seats.slice(0, 10)));
}
async function post(url, data) {
  const response = await fetch(base + url, { method: "POST", credentials: "same-origin",
    headers: { "Content-Type": "application/json" }, body: JSON.stringify(data) });
  const answer = await response.json().catch(() => ({ error: _("The class server did not answer.") }));
  if (!response.ok) throw new Error(answer.error || _("Refused."));
  return answer;
}
const say = (message) => { document.getElementById("error").textContent = message; };
const goTo = (code) => { location.href = `${base}class/seat/${encodeURIComponent(code)}`; };
async function rejoin(seat) {
  try {
    const back = await post("class/api/rejoin", { token: seat.token });
    remember({ ...seat, code: back.code });
    goTo(back.code);
  } catch (error) {
    localStorage.setItem(KEY, JSON.stringify(remembered().filter((s) => s.token !== seat.token)));
    say(error.message);
    show();
  }
}
function show() {
  const box = document.getElementById("seats");
  box.replaceChildren();
  for (const seat of remembered()) {
    const button = document.createElement("button");
    button.className = "rejoin";
    button.type = "button";
    button.textContent = _("Back to table {code} ({game}) as {name}", seat);
    button.addEventListener("click", () => rejoin(seat));
    box.appendChild(button);
  }
}
document.getElementById("join").addEventListener("submit", async (event) => {
  event.preventDefault();
  say("");
  try {
    const seat = await post("class/api/join", { code: document.getElementById("code").value,
                                                name: document.getElementById("name").value });
    remember(seat);
    goTo(seat.code);
  } catch (error) { say(error.message); }
});
const linked = new URLSearchParams(location.search).get("code");
if (linked) {
  document.getElementById("code").value = linked.slice(0, 8);
  document.getElementById("name").focus();
}
show();
