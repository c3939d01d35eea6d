// The "Tap here" badge of a lesson's mark (ui/tutorial.js). The mark carries the badge's words
// (`data-tutorial-tip`); the badge itself is one element of the table's own, over everything of
// the table (no scrolling box clips it, no neighbouring shell hides it), placed through the CSSOM
// (the CSP refuses style attributes written as text) next to the mark's ring: on the side where
// it covers the least of what is around (words, controls, pictures; the mark's own words never),
// inside the table and the window. It follows the mark while it moves (a piece gliding to its
// place, a scrolled panel) and hides when the mark is out of sight.

import { h } from './dom.js';

/** The attribute of the mark that carries the badge (its words). */
const TIP = 'data-tutorial-tip';
/** px between the mark's box and the badge: its ring (outline 3 + offset 3) and a little halo. */
const RING = 9;
/** How long the badge follows its mark after a drawing (a piece's move), ms. */
const FOLLOW_MS = 2500;
/** px of the badge over the mark's edge when it sits on its ring. */
const EDGE = 6;
/** How much more a line of words matters than a control's blank part. */
const WORDS = 4;
/** What a badge should not cover besides words. */
const SOLID = 'button, a[href], input, select, textarea, img, svg, [role=img], [data-flip]';

/** @typedef {{left: number, top: number, right: number, bottom: number}} Box */

/** @param {DOMRect | Box} r @returns {Box} */
function box(r) {
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}

/** @param {Box} a @param {Box} b */
function overlap(a, b) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const hh = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && hh > 0 ? w * hh : 0;
}

/** @param {Box} a @param {Box} b @returns {Box} */
function clip(a, b) {
  return { left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) };
}

/** @param {Box} a @param {number} d @returns {Box} */
function grow(a, d) {
  return { left: a.left - d, top: a.top - d, right: a.right + d, bottom: a.bottom + d };
}

/**
 * The part of `el` seen inside the boxes around it that clip it (up to `root`) and the window,
 * or null when none of it is.
 * @param {Element} el
 * @param {Element} root
 */
function seen(el, root) {
  let r = box(el.getBoundingClientRect());
  for (let a = el.parentElement; a && a !== root.parentElement; a = a.parentElement) {
    if (getComputedStyle(a).overflow !== 'visible') r = clip(r, box(a.getBoundingClientRect()));
  }
  r = clip(r, { left: 0, top: 0, right: innerWidth, bottom: innerHeight });
  return r.right - r.left > 2 && r.bottom - r.top > 2 ? r : null;
}

/**
 * What the badge should not cover within `near`, with how much it matters: the lines of words
 * (the mark's own too) most, then controls and pictures, least the mark's own box (its border
 * and padding), never the boxes that hold the mark (its panel, its button) nor the badge.
 * @param {Element} root
 * @param {Element} mark
 * @param {Box} near
 * @param {Element} badge
 * @returns {{b: Box, w: number}[]}
 */
function around(root, mark, near, badge) {
  /** @type {{b: Box, w: number}[]} */
  const out = [{ b: box(mark.getBoundingClientRect()), w: 0.5 }];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement;
    if (!parent || !n.textContent?.trim() || badge.contains(parent)) continue;
    if (!overlap(box(parent.getBoundingClientRect()), near)) continue;
    range.selectNodeContents(n);
    for (const r of range.getClientRects()) if (overlap(r, near)) out.push({ b: box(r), w: WORDS });
  }
  for (const el of root.querySelectorAll(SOLID)) {
    if (el.contains(mark) || badge.contains(el)) continue;
    const r = el.getBoundingClientRect();
    if (overlap(r, near)) out.push({ b: box(r), w: 1 });
  }
  return out;
}

/**
 * The places the badge (w x hh) may take around the mark's box `r`, the preferred first: on its
 * ring above it (half over the mark's top edge, where a button has its padding), above it, then
 * below, then beside it.
 * @param {Box} r
 * @param {number} w
 * @param {number} hh
 * @returns {{side: string, x: number, y: number}[]}
 */
function places(r, w, hh) {
  const cx = (r.left + r.right) / 2 - w / 2;
  const cy = (r.top + r.bottom) / 2 - hh / 2;
  const xs = [cx, r.right - w, r.left, r.right - w / 2, r.left - w / 2];
  const rows = [
    ['on-top', r.top - hh + EDGE], ['above', r.top - RING - hh],
    ['on-bottom', r.bottom - EDGE], ['below', r.bottom + RING],
  ];
  return [
    ...rows.flatMap(([side, y]) => xs.map((x) => ({ side: String(side), x, y: Number(y) }))),
    { side: 'right', x: r.right + RING, y: cy },
    { side: 'left', x: r.left - RING - w, y: cy },
  ];
}

/**
 * The best place: the one that covers the least (words most, controls, the mark's own box) and
 * stays inside `bounds`; the earlier one on a tie.
 * @param {{side: string, x: number, y: number}[]} spots
 * @param {number} w
 * @param {number} hh
 * @param {{b: Box, w: number}[]} things
 * @param {Box} bounds
 * @param {Box} mark the mark's box (a badge above or below it stays over it: `aside`)
 */
function best(spots, w, hh, things, bounds, mark) {
  let pick = spots[0];
  let low = Infinity;
  spots.forEach((s, i) => {
    const b = { left: s.x, top: s.y, right: s.x + w, bottom: s.y + hh };
    const outside = w * hh - overlap(b, bounds);
    const covered = things.reduce((sum, t) => sum + overlap(b, t.b) * t.w, 0);
    const cost = outside * 50 + covered + aside(s, b, mark) + i * 4;
    if (cost < low) { low = cost; pick = s; }
  });
  return pick;
}

/** How much of the badge `b` above or below the mark's box `mark` lies beyond its sides (as an
 * area, half the weight of a control's): a badge pushed half off its mark looks like its
 * neighbour's (The Egyptian Buyer's lesson put it under the "4" next to the "6" to pay). */
const ASIDE = 0.5;

/** @param {{side: string}} s @param {Box} b @param {Box} mark */
function aside(s, b, mark) {
  if (s.side === 'left' || s.side === 'right') return 0;
  const within = Math.max(0, Math.min(b.right, mark.right) - Math.max(b.left, mark.left));
  return (b.right - b.left - within) * (b.bottom - b.top) * ASIDE;
}

export class TipBadge {
  constructor() {
    /** @type {HTMLElement | null} */
    this.el = null;
    /** @type {Element | null} the mark it is placed by, and how */
    this.mark = null;
    this.spot = { side: 'above', dx: 0, dy: 0 };
    this.at = '';
    this.size = '';
    this.until = 0;
    this.frame = 0;
    this.onMove = () => this.place(false);
  }

  /**
   * After a drawing: the badge by the mark that carries it in `root` (the table), or none.
   * @param {Element} root
   */
  update(root) {
    const mark = [...root.querySelectorAll(`[${TIP}]`)].find((el) => !(el instanceof SVGElement)) ?? null;
    if (!mark) { this.hide(); return; }
    const el = this.badge(root);
    el.textContent = mark.getAttribute(TIP) || '';
    this.mark = mark;
    this.size = '';
    this.place(true);
    this.until = performance.now() + FOLLOW_MS;
    if (!this.frame) this.frame = requestAnimationFrame(() => this.tick());
  }

  /** The badge element, in `root` (made once per table). */
  badge(root) {
    if (this.el && this.el.parentElement === root) return this.el;
    this.el = h('div', { class: 'tutorial-tip', testid: 'tutorial-tip', 'aria-hidden': 'true' });
    root.append(this.el);
    addEventListener('resize', this.onMove);
    addEventListener('scroll', this.onMove, true);
    return this.el;
  }

  hide() {
    this.mark = null;
    if (this.el) this.el.hidden = true;
  }

  /** Follow the mark for a while after a drawing (its move), frame by frame. */
  tick() {
    this.frame = 0;
    if (!this.el?.isConnected) { this.stop(); return; }
    this.place(false);
    if (performance.now() < this.until) this.frame = requestAnimationFrame(() => this.tick());
  }

  /** The table is gone: no more listening. */
  stop() {
    removeEventListener('resize', this.onMove);
    removeEventListener('scroll', this.onMove, true);
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  /**
   * Put the badge by its mark: choose its side afresh (`choose`: after a drawing) or keep it
   * where it was relative to the mark (the mark moves).
   * @param {boolean} choose
   */
  place(choose) {
    const el = this.el;
    const mark = this.mark;
    if (!el || !mark) return;
    if (!el.isConnected) { this.stop(); return; }
    const root = /** @type {Element} */ (el.parentElement);
    const vis = mark.isConnected ? seen(mark, root) : null;
    el.hidden = !vis;
    if (!vis) return;
    const r = box(mark.getBoundingClientRect());
    const at = [r.left, r.top, r.right, r.bottom].map(Math.round);
    const size = `${at[2] - at[0]}x${at[3] - at[1]}`;
    if (!choose && this.at === at.join()) return;
    if (choose || size !== this.size) this.choose(root, mark, r, vis);
    this.at = at.join();
    this.size = size;
    this.put(r);
  }

  /**
   * Choose the badge's place around the mark's box `r` (its part `vis` seen).
   * @param {Element} root
   * @param {Element} mark
   * @param {Box} r
   * @param {Box} vis
   */
  choose(root, mark, r, vis) {
    const el = /** @type {HTMLElement} */ (this.el);
    const { width: w, height: hh } = el.getBoundingClientRect();
    const bounds = clip(box(root.getBoundingClientRect()), { left: 0, top: 0, right: innerWidth, bottom: innerHeight });
    const near = grow(vis, RING + Math.max(w, hh) + 4);
    const things = around(root, mark, near, el);
    const spot = best(places(vis, w, hh), w, hh, things, grow(bounds, -2), vis);
    this.spot = { side: spot.side, dx: spot.x - r.left, dy: spot.y - r.top };
    el.dataset.side = spot.side;
  }

  /** Write the badge's place (the mark's box `r` plus the chosen offset). */
  put(r) {
    const el = /** @type {HTMLElement} */ (this.el);
    el.style.setProperty('--tip-x', `${Math.round(r.left + this.spot.dx)}px`);
    el.style.setProperty('--tip-y', `${Math.round(r.top + this.spot.dy)}px`);
  }
}
