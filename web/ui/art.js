// Each game's own art, drawn here by hand as flat SVG shapes in the site's palette (no scanned or
// copied artwork): the picture on its lobby tile and its rules page (`gameArt`), a small emblem
// for the table's status bar (`gameEmblem`), and the collection's mark, "Five Tables", in the
// header (`collectionMark`, the same drawing as web/icons/icon.svg and tools/icons.py's PNGs).
// The drawings are built as SVG elements (the page's CSP refuses inline styles, and no drawing
// needs a request); they carry no ids, so any number of them may share a page.

import { h, svg } from './dom.js';
import { cardEl } from './card.js';

// the site's palette (web/style.css) and a few tints of it
const C = {
  ink: '#3b2a24', cocoa: '#6b3e22', caramel: '#c98b5e', raspberry: '#b8354f', rasDark: '#8f2239',
  cream: '#fffaf4', white: '#fffdf9', gold: '#e2ac36', goldLight: '#f4cb5c', goldDark: '#a8731f',
  lapis: '#2b5fa8', lapisDark: '#1d4683', red: '#c8323c', blue: '#2b67b0', green: '#3d8436',
  teal: '#22788a', sand: '#e7c48d', sandDark: '#c9965a', coral: '#e98f5c', coralDark: '#b5592f',
  leaf: '#3f7f4a', glass: '#dcedf0',
};

/** A path. */
function p(d, fill, more = {}) {
  return svg('path', { d, fill, ...more });
}

/** A stroked path with round ends (no fill). */
function line(d, stroke, width, more = {}) {
  return svg('path', { d, fill: 'none', stroke, 'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', ...more });
}

function circle(cx, cy, r, fill, more = {}) {
  return svg('circle', { cx, cy, r, fill, ...more });
}

/** A text label drawn in the picture (a number on a chip or a die). */
function label(x, y, size, fill, text) {
  return svg('text', { x, y, 'font-size': size, 'font-weight': 700, fill, 'text-anchor': 'middle', 'font-family': 'system-ui, sans-serif' }, text);
}

/** A few numbers as a path's points, rounded. */
function pts(list) {
  return list.map(([x, y]) => `${x.toFixed(1)} ${y.toFixed(1)}`).join(' L');
}

// ------------------------------------------------------------------ The Egyptian Buyer

/** A market under the pyramids: a balance with coins on one pan and a daughter's chip on the other. */
function hitokaiArt() {
  const pan = (x) => p(`M${x - 9} 62 H${x + 9} Q${x + 9} 69 ${x} 69 Q${x - 9} 69 ${x - 9} 62 Z`, C.gold, { stroke: C.goldDark, 'stroke-width': 1 });
  const coin = (x, y) => svg('rect', { x: x - 6, y, width: 12, height: 3.6, rx: 1.8, fill: C.goldLight, stroke: C.goldDark, 'stroke-width': 0.9 });
  return [
    circle(92, 22, 8, C.goldLight),
    p('M10 76 L40 30 L70 76 Z', C.sand), p('M40 30 L70 76 L50 76 Z', C.sandDark),
    p('M58 76 L76 50 L94 76 Z', C.sand), p('M76 50 L94 76 L82 76 Z', C.sandDark),
    line('M99 80 Q101 62 96 44', C.cocoa, 3.4),
    p('M96 44 Q86 38 79 45 Q88 42 96 45 Z', C.leaf), p('M96 44 Q105 37 111 43 Q104 41 96 45 Z', C.leaf),
    p('M96 44 Q90 33 83 33 Q91 36 96 45 Z', C.leaf), p('M96 44 Q102 31 109 33 Q101 36 96 45 Z', C.leaf),
    svg('ellipse', { cx: 60, cy: 84, rx: 44, ry: 7, fill: C.sand }),
    p('M47 86 H73 L69 79 H51 Z', C.cocoa), svg('rect', { x: 58, y: 38, width: 4, height: 42, fill: C.cocoa }),
    svg('rect', { x: 30, y: 40, width: 60, height: 3.6, rx: 1.8, fill: C.cocoa }), circle(60, 38, 3.4, C.gold),
    line('M36 43 L28 62 M36 43 L44 62 M84 43 L76 62 M84 43 L92 62', C.cocoa, 1.1),
    pan(36), pan(84),
    coin(36, 58), coin(36, 54.4), coin(36, 50.8),
    circle(84, 55, 7, C.raspberry, { stroke: C.cream, 'stroke-width': 1.4 }), label(84, 58.3, 9, C.cream, '13'),
  ];
}

/** The Egyptian Buyer's emblem: a pyramid under the sun. */
function hitokaiEmblem() {
  return [circle(18, 6, 3.4, C.gold), p('M2 21 L11 6 L20 21 Z', C.sandDark), p('M11 6 L20 21 L14 21 Z', C.cocoa)];
}

// ------------------------------------------------------------------ Return of the Pharaoh

/** The stripes across the headdress's hanging sides, from its outer edges (they pass behind the face). */
function nemesStripes() {
  const out = [];
  for (let y = 48; y < 88; y += 8) {
    const xl = (yy) => 33 - (9 * (yy - 36)) / 52;
    out.push(p(`M${pts([[xl(y), y], [120 - xl(y), y], [120 - xl(y + 4), y + 4], [xl(y + 4), y + 4]])} Z`, C.lapis));
  }
  return out;
}

/** The dome's stripes: the dome's outline drawn smaller and smaller about a point under it. */
function domeStripes() {
  return [0.82, 0.64].map((s) => {
    const q = (x, y) => `${(60 + s * (x - 60)).toFixed(1)} ${(48 + s * (y - 48)).toFixed(1)}`;
    return line(`M${q(33, 36)} C${q(34, 20)} ${q(44, 10)} ${q(60, 10)} C${q(76, 10)} ${q(86, 20)} ${q(87, 36)}`, C.lapis, 3.2, { 'stroke-linecap': 'butt' });
  });
}

/** A pharaoh's golden mask before the sun: the striped headdress, the cobra, the collar, the beard. */
function pharaohArt() {
  return [
    circle(60, 46, 44, '#f9dc8f'),
    p('M60 9 C44 9 34 19 33 36 L24 88 H96 L87 36 C86 19 76 9 60 9 Z', C.gold),
    ...domeStripes(), ...nemesStripes(),
    svg('rect', { x: 50, y: 62, width: 20, height: 20, fill: '#d39a3c' }),
    p('M24 100 Q24 76 60 76 Q96 76 96 100 Z', C.lapis),
    line('M30 97 Q32 82 60 82 Q88 82 90 97', C.gold, 3.2), line('M37 99 Q40 89 60 89 Q80 89 83 99', C.raspberry, 3.2),
    p('M45 28 H75 V54 Q75 71 60 73 Q45 71 45 54 Z', '#f2c25a'),
    svg('rect', { x: 45, y: 28, width: 30, height: 5, fill: C.lapis }),
    p('M60 17 Q55 22 57.5 28 H62.5 Q65 22 60 17 Z', C.raspberry, { stroke: C.goldDark, 'stroke-width': 0.8 }),
    line('M48 39 Q53 35.5 57 38.5 M63 38.5 Q67 35.5 72 39', C.lapisDark, 1.8),
    p('M48.5 44 Q53 39.5 57.5 44 Q53 46.5 48.5 44 Z M62.5 44 Q67 39.5 71.5 44 Q67 46.5 62.5 44 Z', C.ink),
    line('M48.5 44 L45.5 45.5 M71.5 44 L74.5 45.5', C.ink, 1.4),
    line('M60 46 L58.5 55 L61.5 55', '#b87a2a', 1.3), line('M55.5 61.5 Q60 63 64.5 61.5', '#a35f22', 1.6),
    svg('rect', { x: 56.5, y: 72, width: 7, height: 13, rx: 2.4, fill: C.lapis }),
    line('M57.5 76 H62.5 M57.5 80 H62.5', C.gold, 1.2),
  ];
}

/** Return of the Pharaoh's emblem: the eye of Horus. */
function pharaohEmblem() {
  return [
    line('M3 7 Q12 2.5 21 6', C.lapis, 2),
    p('M4 11 Q12 4 20 11 Q12 15 4 11 Z', C.cream, { stroke: C.lapis, 'stroke-width': 1.6 }),
    circle(12, 10.6, 2.9, C.lapis),
    line('M11 14 L10 21 M14 13.6 Q16 18 19.5 16.5 Q21 15 19 14', C.lapis, 1.8),
  ];
}

// ------------------------------------------------------------------ BAG-GAI

/** A handbag of one brand's colour, its body from (x, y), w wide and t tall. */
function bag(x, y, w, t, color, dark) {
  return [
    line(`M${x + w * 0.27} ${y + 1} Q${x + w / 2} ${y - t * 0.75} ${x + w * 0.73} ${y + 1}`, dark, 2.6),
    p(`M${x + 2} ${y} H${x + w - 2} L${x + w + 1.5} ${y + t - 2} Q${x + w + 1.5} ${y + t} ${x + w - 1} ${y + t} H${x + 1} Q${x - 1.5} ${y + t} ${x - 1.5} ${y + t - 2} Z`, color),
    p(`M${x + 2} ${y} H${x + w - 2} L${x + w - 0.8} ${y + t * 0.36} H${x + 0.8} Z`, dark),
    circle(x + w / 2, y + t * 0.36, Math.max(1.6, w / 12), C.goldLight),
  ];
}

/** A shop window on a shopping street: three bags of the three brands, and a yen coin. */
function baggaiArt() {
  const stripes = [];
  for (let i = 0; i < 8; i += 1) {
    const color = i % 2 ? C.cream : C.raspberry;
    stripes.push(svg('rect', { x: 16 + i * 11, y: 14, width: 11, height: 14, fill: color }), circle(21.5 + i * 11, 28, 5.5, color));
  }
  return [
    svg('rect', { x: 18, y: 22, width: 84, height: 66, rx: 4, fill: C.cream, stroke: '#dcbfa5', 'stroke-width': 2 }),
    svg('rect', { x: 25, y: 38, width: 70, height: 42, rx: 3, fill: C.glass }),
    line('M31 44 L39 44 M31 48 L35 48', C.white, 2),
    ...stripes,
    svg('rect', { x: 25, y: 75, width: 70, height: 4, fill: C.caramel }),
    ...bag(30, 58, 16, 17, C.blue, '#1f4d86'), ...bag(74, 58, 16, 17, C.green, '#2c6427'), ...bag(48, 50, 24, 25, C.red, '#8f2239'),
    circle(97, 84, 12, C.goldLight, { stroke: C.goldDark, 'stroke-width': 2 }), label(97, 89, 14, '#7a4f12', '¥'),
  ];
}

/** BAG-GAI's emblem: a red handbag. */
function baggaiEmblem() {
  return bag(4, 9, 16, 13, C.red, '#8f2239');
}

// ------------------------------------------------------------------ Yadokashi

/** A spiral of `turns` turns about (cx, cy), r at its outer end, as a path. */
function spiral(cx, cy, r, turns, start = 0) {
  const out = [];
  const steps = Math.round(turns * 24);
  for (let i = 0; i <= steps; i += 1) {
    const f = i / steps;
    const a = start + f * turns * 2 * Math.PI;
    out.push([cx + r * f * Math.cos(a), cy + r * f * Math.sin(a)]);
  }
  return `M${pts(out)}`;
}

/** A shell: a round spiral shell of radius r. */
function shell(cx, cy, r, fill, dark) {
  return [circle(cx, cy, r, fill), line(spiral(cx, cy, r * 0.85, 2.2, 0.6), dark, Math.max(1, r / 7))];
}

/** A hermit crab peeking out of its shell at (cx, cy): eyes on stalks and a claw. */
function crab(cx, cy, r) {
  const k = r / 18;
  const x = (v) => cx + v * k;
  const y = (v) => cy + v * k;
  return [
    line(`M${x(-22)} ${y(20)} l${-4 * k} ${5 * k} M${x(-16)} ${y(22)} l${-2 * k} ${6 * k} M${x(-10)} ${y(22)} l0 ${6 * k}`, '#a8322c', 2.2 * k),
    svg('ellipse', { cx: x(-14), cy: y(14), rx: 12 * k, ry: 9 * k, fill: '#d6504a' }),
    line(`M${x(-18)} ${y(8)} L${x(-21)} ${y(-3)} M${x(-11)} ${y(7)} L${x(-11)} ${y(-4)}`, '#d6504a', 2.4 * k),
    circle(x(-21), y(-5), 3.4 * k, C.white), circle(x(-11), y(-6), 3.4 * k, C.white),
    circle(x(-21.6), y(-5), 1.7 * k, C.ink), circle(x(-11.6), y(-6), 1.7 * k, C.ink),
    p(`M${x(-30)} ${y(13)} a${7 * k} ${7 * k} 0 1 1 ${9 * k} ${8 * k} l${-4 * k} ${-4 * k} Z`, '#c2413c'),
    ...shell(cx, cy, r, C.coral, C.coralDark),
    circle(x(-6), y(-8), 3.5 * k, '#f6c2a0'),
  ];
}

/** A twelve-sided die seen from above: a pentagon with its number. */
function die(cx, cy, r, n) {
  const corner = (i) => [cx + r * Math.cos(-Math.PI / 2 + (i * 2 * Math.PI) / 5), cy + r * Math.sin(-Math.PI / 2 + (i * 2 * Math.PI) / 5)];
  return [
    p(`M${pts([0, 1, 2, 3, 4].map(corner))} Z`, C.white, { stroke: C.teal, 'stroke-width': 1.8, 'stroke-linejoin': 'round' }),
    label(cx, cy + r * 0.38, r * 1.05, C.teal, String(n)),
  ];
}

/** Hermit crabs in shells on a ring of shells by the sea, and a die. */
function yadokashiArt() {
  const ring = [];
  const tones = [[C.sand, C.sandDark], ['#f3b9a6', C.coralDark], [C.cream, C.caramel]];
  for (let i = 0; i < 10; i += 1) {
    const a = (i / 10) * 2 * Math.PI + 0.3;
    const [fill, dark] = tones[i % 3];
    ring.push(...shell(60 + 46 * Math.cos(a), 52 + 38 * Math.sin(a), 6, fill, dark));
  }
  return [
    svg('ellipse', { cx: 60, cy: 52, rx: 46, ry: 38, fill: 'none', stroke: '#b9dcd8', 'stroke-width': 3, 'stroke-dasharray': '2 5', 'stroke-linecap': 'round' }),
    ...ring, ...crab(62, 44, 17), ...die(80, 70, 10, 7),
  ];
}

/** Yadokashi's emblem: a hermit crab in its shell. */
function yadokashiEmblem() {
  return crab(15, 11, 8.5);
}

// ------------------------------------------------------------------ Marie's Table

/** Marie's Table's emblem: a cake. */
function marieEmblem() {
  return [
    p('M2 14 H22 V23 H2 Z', C.caramel),
    p('M2 14 Q2 9 7 9 H17 Q22 9 22 14 q-2.5 3 -5 0 q-2.5 3 -5 0 q-2.5 3 -5 0 q-2.5 3 -5 0 Z', '#fff5ea', { stroke: '#dfbb9a', 'stroke-width': 0.8 }),
    circle(12, 6, 3, '#d6404f'),
  ];
}

const ART = { hitokai: hitokaiArt, pharaoh: pharaohArt, baggai: baggaiArt, yadokashi: yadokashiArt };
const EMBLEMS = { marie: marieEmblem, hitokai: hitokaiEmblem, pharaoh: pharaohEmblem, baggai: baggaiEmblem, yadokashi: yadokashiEmblem };

/**
 * A game's art on its lobby tile and its rules page: hidden from screen readers (the game's title
 * stands next to it). Marie's Table shows a fan of its own cake cards; the others a drawing.
 * @param {string} id
 * @param {'tile' | 'rules'} [where]
 */
export function gameArt(id, where = 'tile') {
  const cls = ['tile-art', 'game-art', `game-art-${id}`, `game-art-${where}`];
  if (id === 'marie' || !ART[id]) {
    return h('div', { class: [...cls, 'game-art-cards'], 'aria-hidden': 'true', testid: 'game-art', data: { art: 'marie' } },
      [3, 5, 7].map((n, i) => cardEl(n, { size: 'md', extraClass: `fan-${i}` })));
  }
  return h('div', { class: cls, 'aria-hidden': 'true', testid: 'game-art', data: { art: id } },
    svg('svg', { class: 'game-art-svg', viewBox: '0 0 120 104', 'aria-hidden': 'true', focusable: 'false' }, ART[id]()));
}

/**
 * A game's small emblem for the table (hidden from screen readers: the table's title names the game).
 * @param {string} id
 */
export function gameEmblem(id) {
  const draw = EMBLEMS[id];
  if (!draw) return null;
  return h('span', { class: ['game-emblem', `game-emblem-${id}`], 'aria-hidden': 'true', testid: 'game-emblem', data: { art: id } },
    svg('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' }, draw()));
}

// the five games' colours on the mark, as in tools/icons.py
export const MARK_PIECES = [C.red, C.gold, C.lapis, C.green, C.teal];

/** The collection's mark, "Five Tables": five round tables, each with a piece of one game. */
export function collectionMark() {
  const spots = [[32, 32], [68, 32], [50, 50], [32, 68], [68, 68]]; // as in tools/icons.py
  return svg('svg', { class: 'logo collection-mark', viewBox: '0 0 100 100', 'aria-hidden': 'true', focusable: 'false' },
    svg('rect', { x: 4, y: 4, width: 92, height: 92, rx: 22, fill: C.raspberry }),
    spots.map(([x, y], i) => [
      circle(x, y + 2.5, 12, C.rasDark), circle(x, y, 12, '#f0dcc9'), circle(x, y, 10.5, C.white),
      circle(x, y, 5, MARK_PIECES[i]),
    ]));
}
