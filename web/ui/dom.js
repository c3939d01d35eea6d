// Tiny DOM builders. Text always goes in as text nodes (never as HTML).

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Set CSS custom properties (`{'--col': 3}`) through the CSSOM: the page's CSP refuses a `style`
 * attribute written as text, and a stylesheet reads the properties (`grid-column: var(--col)`).
 * @param {HTMLElement | SVGElement} el
 * @param {Record<string, string | number | null | undefined>} vars
 */
export function setVars(el, vars) {
  for (const [name, value] of Object.entries(vars || {})) {
    if (value === undefined || value === null) el.style.removeProperty(name);
    else el.style.setProperty(name, String(value));
  }
}

function apply(el, props) {
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') el.setAttribute('class', Array.isArray(value) ? value.filter(Boolean).join(' ') : value);
    else if (key === 'text') el.textContent = String(value);
    else if (key === 'testid') el.setAttribute('data-testid', value);
    else if (key === 'data') for (const [k, v] of Object.entries(value)) { if (v !== undefined && v !== null) el.dataset[k] = String(v); }
    else if (key === 'vars') setVars(el, value);
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

/**
 * h('div', {class: 'x', testid: 'y', data: {action: 'move', a}, vars: {'--col': 2}}, child, 'text', ...)
 * Drawings carry no listeners: a table's root listens once and reads `data-action`.
 * @template {string} K
 * @param {K} tag
 * @param {Record<string, any> | null} [props]
 * @param {...any} children
 * @returns {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement}
 */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  apply(el, props);
  append(el, children);
  return /** @type {any} */ (el);
}

export function svg(tag, props, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null) continue;
    if (key === 'class') el.setAttribute('class', Array.isArray(value) ? value.filter(Boolean).join(' ') : value);
    else if (key === 'text') el.textContent = String(value);
    else if (key === 'vars') setVars(el, value);
    else if (key === 'testid') el.setAttribute('data-testid', value);
    else if (key === 'data') for (const [k, v] of Object.entries(value)) { if (v !== undefined && v !== null) el.dataset[k] = String(v); }
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
  const links = [...document.querySelectorAll('link[rel="stylesheet"]')];
  if (links.some((l) => l instanceof HTMLLinkElement && l.href === url)) return;
  document.head.append(h('link', { rel: 'stylesheet', href: url }));
}
