// The teacher's dashboard: the server's dashboard widgets, mirrored over one WebSocket (the
// same mirror.js as the seats'), reconnecting by itself.
import { _, language } from "./language.js";
import { Mirror } from "./mirror.js";

const { base } = document.body.dataset;
const banner = document.getElementById("banner");
let socket = null;
let finished = false;
const mirror = new Mirror(document.getElementById("page"), (event) => {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(event));
});
function say(text) { banner.textContent = text; banner.style.display = text ? "block" : "none"; }
function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}${base}class/ws/teacher?lang=${language}`);
  socket.addEventListener("message", (event) => {
    const data = JSON.parse(event.data);
    if (data.t === "hello") { mirror.reset(); say(""); document.body.dataset.state = "live"; }
    else if (data.t === "ui") {
      mirror.apply(data);
      document.body.dataset.updates = String(Number(document.body.dataset.updates || 0) + 1);
    } else if (data.t === "refused" && data.fatal) { finished = true; location.href = `${base}teacher`; }
    else if (data.t === "refused") say(data.why);
  });
  socket.addEventListener("close", () => {
    if (finished) return;
    say(_("Connection lost: reconnecting…"));
    setTimeout(connect, 1000);
  });
}
connect();
