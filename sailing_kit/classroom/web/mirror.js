// Draws the widget nodes a class server sends over a page's WebSocket (see
// sailing_kit/classroom/mirror.py) and sends back the page's events. The board canvas and the
// message log are drawn by the kit's own canvas.js and log.js, the very modules the notebook
// boards load, given a small model in place of a kernel's; other widgets are plain HTML
// controls. Text from the server is set as text, except the boards' own HTML widgets.
import canvasWidget from "./kit/canvas.js";
import logWidget from "./kit/log.js";

const MODULES = { canvas: canvasWidget, log: logWidget };
const LAYOUT = ["width", "min_width", "max_width", "height", "min_height", "max_height",
  "overflow", "border", "padding", "margin", "flex_flow"];

// What an anywidget's render() expects of its model: get, on, send.
class Model {
  constructor(state, send) {
    this.state = { ...state };
    this.handlers = {};
    this.send = send;
  }
  get(name) { return this.state[name]; }
  on(event, handler) { (this.handlers[event] ||= []).push(handler); }
  off() { this.handlers = {}; }
  fire(event, value) { for (const handler of this.handlers[event] || []) handler(value); }
  update(state) {
    const changed = Object.keys(state).filter(
      (name) => JSON.stringify(this.state[name]) !== JSON.stringify(state[name]));
    Object.assign(this.state, state);
    for (const name of changed) this.fire(`change:${name}`);
  }
}

function labelled(node, control) {
  if (!node.label) return control;
  const label = document.createElement("label");
  label.className = "sk-labelled";
  const words = document.createElement("span");
  words.textContent = node.label;
  label.append(words, control);
  return label;
}

export class Mirror {
  // Draws into `root`; `send(message)` reaches the server.
  constructor(root, send) {
    this.root = root;
    this.send = send;
    this.items = new Map(); // id -> {node, el, control, model, cleanup}
    this.top = null;
  }

  reset() {
    for (const item of this.items.values()) item.cleanup?.();
    this.items.clear();
    this.root.replaceChildren();
    this.top = null;
  }

  apply(message) {
    for (const id of message.gone || []) {
      const item = this.items.get(id);
      if (item) { item.cleanup?.(); item.el.remove(); this.items.delete(id); }
    }
    const nodes = message.nodes || {};
    for (const [id, node] of Object.entries(nodes)) this.draw(id, node);
    for (const [id, node] of Object.entries(nodes)) {
      if (node.k === "box") this.arrange(this.items.get(id), node);
    }
    const top = this.items.get(message.root);
    if (top && this.top !== top.el) {
      this.top = top.el;
      this.root.replaceChildren(top.el);
    }
  }

  arrange(item, node) {
    const children = node.c.map((id) => this.items.get(id)?.el).filter(Boolean);
    const holder = item.control || item.el;
    const current = [...holder.children];
    if (current.length !== children.length || current.some((el, i) => el !== children[i])) {
      holder.replaceChildren(...children);
    }
  }

  draw(id, node) {
    let item = this.items.get(id);
    if (item && item.node.k !== node.k) {
      item.cleanup?.();
      this.items.delete(id);
      item = null;
    }
    if (!item) {
      item = this.create(id, node);
      this.items.set(id, item);
    }
    item.node = node;
    this.style(item.el, node);
    this.fill(id, item, node);
  }

  // The widget's classes and layout, kept apart from what a widget's own render sets on its
  // element (the board canvas marks its box zoomed and sizes it): only what this mirror set
  // before is taken back.
  style(el, node) {
    const classes = ["sk-w", `sk-${node.k}`, node.d ? `sk-${node.d}box` : "", ...(node.cls || [])]
      .filter(Boolean);
    el.classList.remove(...(el.skClasses || []));
    el.classList.add(...classes);
    el.skClasses = classes;
    const styled = new Set();
    for (const name of LAYOUT) {
      const css = name.replace(/_(.)/g, (_, c) => c.toUpperCase());
      const value = (node.lay && node.lay[name]) || "";
      if (value) styled.add(css);
      if (value || (el.skStyled && el.skStyled.has(css))) el.style[css] = value;
    }
    el.skStyled = styled;
  }

  create(id, node) {
    const send = this.send;
    const item = { node };
    if (node.k === "any") {
      item.el = document.createElement("div");
      item.model = new Model(node.s, (content) => send({ t: "canvas", id, e: content }));
      const module = MODULES[node.m];
      item.cleanup = module ? module.render({ model: item.model, el: item.el }) : null;
      return item;
    }
    if (node.k === "button" || node.k === "toggle") {
      item.el = document.createElement("button");
      item.el.type = "button";
      item.el.addEventListener("click", () => {
        const now = item.node;
        send(now.k === "toggle" ? { t: "set", id, v: !now.v } : { t: "click", id });
      });
      return item;
    }
    if (node.k === "select" || node.k === "int" || node.k === "slider" || node.k === "text") {
      const control = document.createElement(node.k === "select" ? "select" : "input");
      if (node.k !== "select") control.type = { int: "number", slider: "range", text: "text" }[node.k];
      control.addEventListener("change", () => {
        const value = item.node.k === "text" ? control.value
          : item.node.k === "select" ? control.selectedIndex : Number.parseInt(control.value, 10);
        if (item.node.k === "text" || Number.isInteger(value)) send({ t: "set", id, v: value });
      });
      item.control = control;
      item.el = labelled(node, control);
      return item;
    }
    if (node.k === "choice") {
      item.el = document.createElement("div");
      item.el.setAttribute("role", "group");
      return item;
    }
    item.el = document.createElement("div");
    if (node.titles) item.el.setAttribute("role", "group");
    return item;
  }

  fill(id, item, node) {
    const { el } = item;
    switch (node.k) {
      case "any":
        item.model.update(node.s);
        break;
      case "html":
        if (el.innerHTML !== node.v) el.innerHTML = node.v; // the board's own HTML (names escaped)
        break;
      case "label":
        el.textContent = node.v;
        break;
      case "button":
      case "toggle":
        el.textContent = node.label;
        el.title = node.tip || "";
        el.disabled = !!node.off;
        if (node.k === "toggle") el.setAttribute("aria-pressed", String(!!node.v));
        if (node.style) el.dataset.style = node.style;
        break;
      case "select": {
        const control = item.control;
        const options = node.opts.map((text) => { const o = document.createElement("option"); o.textContent = text; return o; });
        if ([...control.options].map((o) => o.text).join("\n") !== node.opts.join("\n")) control.replaceChildren(...options);
        control.selectedIndex = node.i ?? -1;
        control.disabled = !!node.off;
        el.firstChild.textContent = node.label || "";
        break;
      }
      case "int":
      case "slider":
      case "text": {
        const control = item.control;
        if (node.k !== "text") { control.min = node.min; control.max = node.max; }
        if (node.k === "text") control.placeholder = node.ph || "";
        if (document.activeElement !== control) control.value = node.v;
        control.disabled = !!node.off;
        if (node.label && el.firstChild) el.firstChild.textContent = node.label;
        break;
      }
      case "choice": {
        const buttons = node.opts.map((text, index) => {
          const button = document.createElement("button");
          button.type = "button";
          button.textContent = text;
          button.setAttribute("aria-pressed", String(index === node.i));
          button.disabled = !!node.off;
          button.addEventListener("click", () => this.send({ t: "set", id, v: index }));
          return button;
        });
        el.replaceChildren(...buttons);
        break;
      }
      default:
        break;
    }
  }
}
