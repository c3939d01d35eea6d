// Moves you can follow: a piece that changes place on the table travels there (FLIP with the Web
// Animations API). The renderers mark what moves with `data-flip="<id>"`, an id the same physical
// piece keeps wherever it is drawn (a card's number, a shell's number...: from the view's data,
// docs/table-layer.md). The table measures the marked elements before a redraw (`measure`), lays
// the new drawing over the old one, then `settle` reads the new places, and only then writes:
// each piece that moved is sent back to where it was and animated to its new place; a piece that
// appears comes in with a short fade and scale (from `data-flip-from`, the id of the piece it
// comes out of, when that one was on screen). Only marked elements are measured, all reads come
// before all writes, and nothing is written when nothing moved.

/** The attribute that names a piece, and the class of the last bot move's pieces. */
export const FLIP_ATTR = 'data-flip';
export const LAST_CLASS = 'flip-last';
const ANIM_ID = 'flip';
const MIN_SHIFT = 1; // px: a smaller change of place is no move

/** How long a move takes, ms, at each bot speed (none at instant). */
export const DURATIONS = { slow: 420, normal: 320, fast: 170, instant: 0 };

/**
 * @typedef {object} Place
 * @property {DOMRect | null} rect where the piece was (its visual box, a running move
 *   included); null when it was drawn twice or not seen
 * @property {string} at its place on the table: `data-flip-at`, else its container's test id
 */

/**
 * Where `el` is on the table, as a name: `data-flip-at` when the renderer gives one (a shell's
 * seat and position), else the test id of the nearest container that has one.
 * @param {Element} el
 */
function placeName(el) {
  const at = el.getAttribute('data-flip-at');
  if (at !== null) return at;
  return el.parentElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? '';
}

/**
 * The marked elements under `root` by id, and the ids drawn twice (a card in a hand and in a
 * summary: no one piece, left out of the moves).
 * @param {ParentNode} root
 * @returns {{one: Map<string, Element>, twice: Set<string>}}
 */
function marked(root) {
  /** @type {Map<string, Element>} */
  const one = new Map();
  const twice = new Set();
  for (const el of root.querySelectorAll(`[${FLIP_ATTR}]`)) {
    const id = el.getAttribute(FLIP_ATTR) || '';
    if (one.has(id)) twice.add(id);
    else one.set(id, el);
  }
  for (const id of twice) one.delete(id);
  return { one, twice };
}

/**
 * Read where every marked piece under `root` is (no writes). A piece drawn twice or not seen (a
 * closed panel) is known without a place: it neither moves nor appears when it shows.
 * @param {ParentNode} root
 * @returns {Map<string, Place>}
 */
export function measure(root) {
  /** @type {Map<string, Place>} */
  const out = new Map();
  const { one, twice } = marked(root);
  for (const [id, el] of one) {
    const rect = el.getBoundingClientRect();
    out.set(id, { rect: rect.width || rect.height ? rect : null, at: placeName(el) });
  }
  for (const id of twice) out.set(id, { rect: null, at: '' });
  return out;
}

/**
 * After a redraw: find the pieces that changed place or appeared since `before`, and animate
 * them over `duration` ms (0: none). Returns the ids of the pieces that came to a new place or
 * appeared (the bot move's highlight).
 * @param {ParentNode} root
 * @param {Map<string, Place>} before
 * @param {number} duration
 * @returns {Set<string>}
 */
export function settle(root, before, duration) {
  const { moves, appear, changed } = travels(root, before);
  if (duration) animate(moves, appear, duration);
  return changed;
}

/**
 * The reads of `settle`: the pieces that moved (from where, at what scale), the ones that
 * appeared, and the ids of both.
 * @param {ParentNode} root
 * @param {Map<string, Place>} before
 */
function travels(root, before) {
  /** @type {{el: Element, dx: number, dy: number, sx: number, sy: number}[]} */
  const moves = [];
  /** @type {Element[]} */
  const appear = [];
  /** @type {Set<string>} */
  const changed = new Set();
  for (const [id, el] of marked(root).one) {
    const rect = el.getBoundingClientRect();
    if (!rect.width && !rect.height) continue;
    const from = before.get(id) ?? before.get(el.getAttribute('data-flip-from') ?? '');
    if (!from) {
      if (before.size) { appear.push(el); changed.add(id); }
      continue;
    }
    if (!from.rect) continue;
    const dx = from.rect.left - rect.left;
    const dy = from.rect.top - rect.top;
    if (Math.abs(dx) < MIN_SHIFT && Math.abs(dy) < MIN_SHIFT) continue;
    const sx = from.rect.width / rect.width || 1;
    const sy = from.rect.height / rect.height || 1;
    moves.push({ el, dx, dy, sx, sy });
    if (!before.has(id) || before.get(id)?.at !== placeName(el)) changed.add(id);
  }
  return { moves, appear, changed };
}

/**
 * The writes of `settle`: each moved piece travels from its old place, each new one fades in.
 * @param {{el: Element, dx: number, dy: number, sx: number, sy: number}[]} moves
 * @param {Element[]} appear
 * @param {number} duration
 */
function animate(moves, appear, duration) {
  const timing = { duration, easing: 'cubic-bezier(0.2, 0.7, 0.3, 1)', id: ANIM_ID };
  for (const { el, dx, dy, sx, sy } of moves) {
    stop(el);
    const scale = Math.abs(sx - 1) > 0.05 || Math.abs(sy - 1) > 0.05 ? ` scale(${sx.toFixed(3)}, ${sy.toFixed(3)})` : '';
    el.animate([
      { transform: `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px)${scale}`, transformOrigin: 'top left' },
      { transform: 'none', transformOrigin: 'top left' },
    ], timing);
  }
  for (const el of appear) {
    stop(el);
    el.animate([{ opacity: 0, transform: 'scale(0.6)' }, { opacity: 1, transform: 'none' }], { ...timing, duration: Math.round(duration * 0.8) });
  }
}

/** Cancel a move still running on `el` (its new one starts from where it is seen now). */
function stop(el) {
  for (const a of el.getAnimations()) if (a.id === ANIM_ID) a.cancel();
}

/**
 * Mark the pieces named in `ids` under `root` as the last bot move's (the class `flip-last`):
 * called on a fresh drawing before it is laid over the screen, so a redraw keeps the class.
 * @param {ParentNode} root
 * @param {Set<string>} ids
 */
export function highlight(root, ids) {
  if (!ids.size) return;
  for (const el of root.querySelectorAll(`[${FLIP_ATTR}]`)) {
    if (ids.has(el.getAttribute(FLIP_ATTR) || '')) el.classList.add(LAST_CLASS);
  }
}
