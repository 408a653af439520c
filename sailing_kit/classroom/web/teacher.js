// The teacher's key, once: the server answers with a signed cookie that opens the dashboard.
import { _ } from "./language.js";

const { base } = document.body.dataset;
document.getElementById("login").addEventListener("submit", async (event) => {
  event.preventDefault();
  const response = await fetch(`${base}teacher`, { method: "POST", credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ key: document.getElementById("key").value.trim() }) });
  if (response.ok) { location.href = `${base}class/dashboard`; return; }
  const answer = await response.json().catch(() => ({}));
  document.getElementById("error").textContent = answer.error || _("Refused.");
});
