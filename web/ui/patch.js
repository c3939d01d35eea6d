// Redraw without rebuilding. A table is drawn afresh from its state on every render; the fresh
// drawing is laid over the one on screen and nodes that look the same are kept, so the browser
// restyles and lays out only what changed (a whole new table cost 30-80 ms of style and layout
// in a frame), focus stays where it was, and a node keeps its identity from one render to the
// next (what a move animation needs).
//
// Drawings carry no listeners (a table listens once, on its root), so any node may be patched.
// Children with a `data-key` are matched by key, the others by place. Style properties are
// copied through the CSSOM, never as a `style` attribute: the page's CSP (`style-src 'self'`)
// refuses a style attribute written as text.

const KEPT = new WeakSet();

/**
 * Mark `node` as one that its owner keeps between redraws (the log panel): it is put in place as
 * it is, never patched into another node or another into it.
 * @template {Node} T
 * @param {T} node
 * @returns {T}
 */
export function kept(node) {
  KEPT.add(node);
  return node;
}

const FORM = new Set(['INPUT', 'SELECT', 'TEXTAREA', 'OPTION']);

/**
 * May `old` stay on screen, patched to look like `fresh`?
 * @param {Node} old
 * @param {Node} fresh
 */
function keepable(old, fresh) {
  if (old.nodeType !== fresh.nodeType) return false;
  if (old.nodeType === Node.TEXT_NODE) return true;
  if (!(old instanceof Element) || !(fresh instanceof Element)) return false;
  return old.namespaceURI === fresh.namespaceURI && old.tagName === fresh.tagName
    && !FORM.has(fresh.tagName) && !KEPT.has(old) && !KEPT.has(fresh)
    && old.getAttribute('data-key') === fresh.getAttribute('data-key');
}

/**
 * Copy the inline style properties of `fresh` onto `old` through the CSSOM.
 * @param {HTMLElement | SVGElement} old
 * @param {HTMLElement | SVGElement} fresh
 */
function patchStyle(old, fresh) {
  const want = fresh.style;
  const have = old.style;
  for (let i = have.length - 1; i >= 0; i -= 1) {
    const name = have.item(i);
    if (!want.getPropertyValue(name)) have.removeProperty(name);
  }
  for (let i = 0; i < want.length; i += 1) {
    const name = want.item(i);
    const value = want.getPropertyValue(name);
    const priority = want.getPropertyPriority(name);
    if (have.getPropertyValue(name) !== value || have.getPropertyPriority(name) !== priority) {
      have.setProperty(name, value, priority);
    }
  }
}

/**
 * @param {Element} old
 * @param {Element} fresh
 */
function patchAttributes(old, fresh) {
  // the focused element keeps what focus.js gave it (a tabindex, the focus-anchor class)
  const focused = old === document.activeElement;
  for (const { name } of [...old.attributes]) {
    if (name === 'style') continue;
    // (a tutorial's mark and its badge are the drawing's, focused or not: ui/tutorial.js)
    if ((!focused || name.startsWith('data-tutorial')) && !fresh.hasAttribute(name)) old.removeAttribute(name);
  }
  for (const { name, value } of fresh.attributes) {
    if (name === 'style') continue;
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  if (old instanceof HTMLElement || old instanceof SVGElement) {
    patchStyle(old, /** @type {HTMLElement | SVGElement} */ (fresh));
  }
  // a property the attribute does not carry once the element exists
  if (old instanceof HTMLButtonElement && fresh instanceof HTMLButtonElement) old.disabled = fresh.disabled;
}

/**
 * @param {Node} old
 * @param {Node} fresh
 */
function patchNode(old, fresh) {
  if (old instanceof Text && fresh instanceof Text) {
    if (old.data !== fresh.data) old.data = fresh.data;
    return;
  }
  if (old instanceof Element && fresh instanceof Element) {
    patchAttributes(old, fresh);
    place(old, [...fresh.childNodes]);
  }
}

/**
 * The node on screen that `fresh` should become: the one with the same key, or the one at the
 * same place when neither has a key.
 * @param {Element} parent
 * @param {Node} fresh
 * @param {number} i
 * @param {Map<string, Node>} keyed
 */
function counterpart(parent, fresh, i, keyed) {
  const key = fresh instanceof Element ? fresh.getAttribute('data-key') : null;
  if (key !== null) return keyed.get(key) ?? null;
  const current = parent.childNodes[i];
  if (current instanceof Element && current.hasAttribute('data-key')) return null;
  return current ?? null;
}

/**
 * Make the children of `parent` (on screen) the nodes `fresh` (just drawn, or kept nodes already
 * in place, such as the log panel). Each fresh node becomes its counterpart on screen, patched,
 * where it may; else the fresh node itself takes the place.
 * @param {Element} parent
 * @param {Node[]} fresh
 */
export function place(parent, fresh) {
  /** @type {Map<string, Node>} */
  const keyed = new Map();
  const keys = new Set(fresh.map((n) => (n instanceof Element ? n.getAttribute('data-key') : null)));
  for (const child of [...parent.children]) {
    const key = child.getAttribute('data-key');
    // a keyed node the drawing no longer has goes first: the nodes after it are not moved (a
    // node taken out and put back in restarts its animations: a crab arriving again)
    if (key !== null && !keys.has(key) && !fresh.includes(child)) child.remove();
    else if (key !== null) keyed.set(key, child);
  }
  fresh.forEach((node, i) => {
    let target = node;
    let current = parent.childNodes[i];
    if (!KEPT.has(node)) {
      const old = counterpart(parent, node, i, keyed);
      if (old && old !== node && keepable(old, node)) {
        patchNode(old, node);
        target = old;
      } else if (old && old !== node && old.parentNode === parent && node instanceof Element && node.hasAttribute('data-key')) {
        // a keyed node replaced (another tag: a shell that became a button): the new one takes
        // its place, the nodes after it stay where they are
        if (old === current) { parent.replaceChild(node, old); return; }
        parent.removeChild(old);
        current = parent.childNodes[i];
      }
    }
    if (current !== target) parent.insertBefore(target, current ?? null);
  });
  while (parent.childNodes.length > fresh.length) parent.lastChild?.remove();
}
