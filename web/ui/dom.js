// Tiny DOM builders. Text always goes in as text nodes (never as HTML).

const SVG_NS = 'http://www.w3.org/2000/svg';

function apply(el, props) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') el.setAttribute('class', Array.isArray(value) ? value.filter(Boolean).join(' ') : value);
    else if (key === 'text') el.textContent = String(value);
    else if (key === 'testid') el.setAttribute('data-testid', value);
    else if (key === 'data') for (const [k, v] of Object.entries(value)) { if (v !== undefined && v !== null) el.dataset[k] = String(v); }
    else if (key === 'on') for (const [ev, fn] of Object.entries(value)) el.addEventListener(ev, fn);
    else if (key === 'disabled') el.disabled = true;
    else if (key === 'value') el.value = value;
    else if (key === 'checked') el.checked = true;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** h('div', {class: 'x', testid: 'y', on: {click}}, child, 'text', ...) */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  apply(el, props);
  append(el, children);
  return el;
}

export function svg(tag, props, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null) continue;
    if (key === 'class') el.setAttribute('class', value);
    else if (key === 'text') el.textContent = String(value);
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** A button; `label` may be a string or nodes. */
export function button(label, props = {}) {
  const b = h('button', { type: 'button', ...props });
  append(b, [label]);
  return b;
}

/** Text for screen readers only (class sr-only in style.css). */
export function srOnly(text) {
  return h('span', { class: 'sr-only', text });
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Add a stylesheet of the site once (a game module calls it for its own CSS file). */
export function loadStyle(href) {
  const url = new URL(href, document.baseURI).href;
  if ([...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => l.href === url)) return;
  document.head.append(h('link', { rel: 'stylesheet', href: url }));
}
