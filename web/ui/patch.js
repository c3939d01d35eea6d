// Redraw without rebuilding. A table is drawn afresh from each snapshot; when that drawing has
// no event listener at all (bots are playing, or the seat looking cannot act), it is laid over
// the one on screen and nodes that look the same are kept, so the browser restyles and lays out
// only what changed (a whole new table cost 30-80 ms of style and layout in a frame).
//
// A drawing with listeners replaces what is on screen: its handlers close over the nodes drawn
// with them (a picker updates its own labels, a summary removes its own layer), so those very
// nodes must be the ones shown. For the same reason an element on screen that has a listener is
// never kept (its handler belongs to an older drawing), nor is a form field.

let listened = 0;
const LISTENED = new WeakSet();
const addListener = EventTarget.prototype.addEventListener;
EventTarget.prototype.addEventListener = function addEventListener(...args) {
  listened += 1;
  LISTENED.add(this);
  return addListener.apply(this, args);
};

/** How many listeners the page has added so far: compare before and after drawing. */
export function listenerCount() {
  return listened;
}

const KEPT = new WeakSet();

/** Mark `node` as one that is kept between redraws by its owner (the log panel): it is put in
 * place as it is, never patched into another node or another into it. */
export function kept(node) {
  KEPT.add(node);
  return node;
}

const FORM = new Set(['INPUT', 'SELECT', 'TEXTAREA', 'OPTION']);

/** May `old` stay on screen, patched to look like `fresh`? */
function keepable(old, fresh) {
  if (old.nodeType !== fresh.nodeType) return false;
  if (old.nodeType === Node.TEXT_NODE) return true;
  if (old.nodeType !== Node.ELEMENT_NODE) return false;
  return old.namespaceURI === fresh.namespaceURI && old.tagName === fresh.tagName
    && !FORM.has(fresh.tagName) && !KEPT.has(old) && !KEPT.has(fresh) && !LISTENED.has(old);
}

function patchAttributes(old, fresh) {
  // the focused element keeps what focus.js gave it (a tabindex, the focus-anchor class)
  const focused = old === document.activeElement;
  for (const { name } of [...old.attributes]) {
    if (!focused && !fresh.hasAttribute(name)) old.removeAttribute(name);
  }
  for (const { name, value } of fresh.attributes) {
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
}

function patchNode(old, fresh) {
  if (old.nodeType === Node.TEXT_NODE) {
    if (old.data !== fresh.data) old.data = fresh.data;
    return;
  }
  patchAttributes(old, fresh);
  place(old, [...fresh.childNodes], true);
}

/**
 * Make the children of `parent` (on screen) the nodes `fresh` (just drawn, or kept nodes already
 * in place, such as the log panel). With `patch`, the child at each place is patched to look
 * like the fresh node where it may be; else (or where it may not) the fresh node takes its place.
 */
export function place(parent, fresh, patch) {
  fresh.forEach((node, i) => {
    const current = parent.childNodes[i];
    if (current === node) return;
    if (current && patch && keepable(current, node)) patchNode(current, node);
    else if (current) parent.replaceChild(node, current);
    else parent.appendChild(node);
  });
  while (parent.childNodes.length > fresh.length) parent.lastChild.remove();
}
