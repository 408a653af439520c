// A message log: one line per entry, and always scrolled to the newest (also when it is shown
// after being hidden, or laid out late).
function render({ model, el }) {
  el.classList.add("sk-log");
  el.setAttribute("role", "log");
  el.setAttribute("aria-live", "polite");
  const toEnd = () => { el.scrollTop = el.scrollHeight; };
  function draw() {
    const lines = model.get("lines").map((text) => {
      const line = document.createElement("div");
      line.textContent = text;
      return line;
    });
    el.replaceChildren(...lines);
    toEnd();
    requestAnimationFrame(toEnd);
  }
  model.on("change:lines", draw);
  const resized = new ResizeObserver(toEnd);
  resized.observe(el);
  draw();
  return () => resized.disconnect();
}

export default { render };
