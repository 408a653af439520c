// A finished or closed table's review: every decision of its students weighed against optimal
// play, the same review a notebook and a board show. The server sends it as an HTML fragment
// it escaped itself (no student's text is in it), weighed on its review thread.
import { _ } from "./language.js";

const { base } = document.body.dataset;
const code = decodeURIComponent(location.pathname.split("/").pop()).toUpperCase();
document.getElementById("replay").href = `${base}class/replay/${encodeURIComponent(code)}`;

async function load() {
  const response = await fetch(`${base}class/api/review/${encodeURIComponent(code)}`,
    { credentials: "same-origin" });
  const data = await response.json().catch(() => ({ error: _("The class server did not answer.") }));
  document.getElementById("status").textContent = "";
  if (!response.ok) { document.getElementById("error").textContent = data.error || _("Refused."); return; }
  document.getElementById("title").textContent = _("Review of table {code} · {game}", data);
  document.getElementById("review").innerHTML = data.html;
  document.body.dataset.ready = "true";
}
load();
