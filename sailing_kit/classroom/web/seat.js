// A seat's page (or a spectator's): one WebSocket to the class server, which sends the seat's
// board as widget nodes (drawn by mirror.js) and takes its clicks, taps and keys. The page comes
// back by itself after a lost connection or a server restart; it stops where the server says the
// seat is gone, and follows a rematch to the new table.
import { _, language } from "./language.js";
import { Mirror } from "./mirror.js";

const { base, role } = document.body.dataset;
const code = decodeURIComponent(location.pathname.split("/").pop()).toUpperCase();
const page = document.getElementById("page");
const banner = document.getElementById("banner");
const message = document.getElementById("message");
let socket = null;
let finished = false;
let waitMs = 500;
let status = {};
let lost = false;

function say(box, text, kind = "") {
  box.textContent = text;
  box.dataset.kind = kind;
  box.style.display = text ? "block" : "none";
}

function showStatus() {
  const words = lost ? _("Connection lost: reconnecting…")
    : status.closed ? _("This table is closed: no more moves.")
    : status.paused ? _("Paused by your teacher.") : "";
  say(banner, words, lost ? "lost" : "");
  say(message, status.message ? _("Your teacher: {message}", status) : "", "teacher");
}

function stop(words) {
  finished = true;
  const notice = document.createElement("p");
  notice.className = "sk-class-notice";
  notice.textContent = words + " ";
  const link = document.createElement("a");
  link.href = base;
  link.textContent = _("Join a table");
  notice.append(link);
  page.replaceChildren(notice);
  document.body.dataset.state = "gone";
}

const mirror = new Mirror(page, (event) => {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(event));
});

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${scheme}//${location.host}${base}class/ws/${role}/${encodeURIComponent(code)}?lang=${language}`);
  socket.addEventListener("message", (event) => {
    const data = JSON.parse(event.data);
    switch (data.t) {
      case "hello":
        mirror.reset();
        lost = false;
        waitMs = 500;
        document.title = role === "seat" ? _("{name} at table {code} · {game}", data)
          : _("Watching table {code} · {game}", data);
        document.body.dataset.state = "live";
        showStatus();
        break;
      case "ui":
        mirror.apply(data);
        document.body.dataset.updates = String(Number(document.body.dataset.updates || 0) + 1);
        break;
      case "status":
        status = data;
        showStatus();
        break;
      case "moved":
        finished = true;
        location.href = `${base}class/${role}/${encodeURIComponent(data.code)}`;
        break;
      case "gone":
        stop(data.why);
        break;
      case "refused":
        if (data.fatal) stop(data.why); else say(message, data.why, "refused");
        break;
      default:
        break;
    }
  });
  socket.addEventListener("close", () => {
    if (finished) return;
    lost = true;
    showStatus();
    setTimeout(connect, waitMs);
    waitMs = Math.min(waitMs * 2, 4000);
  });
}

connect();
