// The page's words in its language: the server writes the scripts' messages, translated, into
// the body's data-words (English ones are left out), and `_("text {name}", { name })` looks a
// message up and fills its {placeholders}. The language switch (a select every class page
// has) reloads the page with ?lang=, which the server remembers in a cookie.
const words = JSON.parse(document.body.dataset.words || "{}");

export function _(message, values = {}) {
  const said = Object.hasOwn(words, message) ? words[message] : message;
  return said.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

export const language = document.documentElement.lang || "en";

const choice = document.getElementById("sk-language");
if (choice) {
  choice.addEventListener("change", () => {
    const address = new URL(location.href);
    address.searchParams.set("lang", choice.value);
    location.href = address.href;
  });
}
