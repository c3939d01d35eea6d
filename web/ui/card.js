// Cake cards drawn with SVG: each number has its own colour (CSS class n1..n7) AND its own mark,
// so colour is never the only signal. Also a few shared icons.

import { h, svg } from './dom.js';

function starPath(cx, cy, outer, inner) {
  const pts = [];
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 === 0 ? outer : inner;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return `M${pts.join(' L')} Z`;
}

/** The mark of a number, in a 24x24 box, drawn with currentColor. */
export function markShape(n) {
  switch (n) {
    case 1: return [svg('circle', { cx: 12, cy: 12, r: 8.5 })];
    case 2: return [svg('path', { d: 'M12 2.5 L21.5 12 L12 21.5 L2.5 12 Z' })];
    case 3: return [svg('path', { d: 'M12 3 L21.5 20 L2.5 20 Z' })];
    case 4: return [svg('rect', { x: 4, y: 4, width: 16, height: 16, rx: 1.5 })];
    case 5: return [svg('path', { d: starPath(12, 12.8, 10.5, 4.4) })];
    case 6: return [svg('path', { d: 'M12 21 C5 15.5 2.5 12 2.5 8.2 A4.7 4.7 0 0 1 12 6.2 A4.7 4.7 0 0 1 21.5 8.2 C21.5 12 19 15.5 12 21 Z' })];
    case 7: {
      const petals = [];
      for (let i = 0; i < 5; i += 1) {
        const a = -Math.PI / 2 + (i * 2 * Math.PI) / 5;
        petals.push(svg('circle', { cx: (12 + 5.6 * Math.cos(a)).toFixed(2), cy: (12 + 5.6 * Math.sin(a)).toFixed(2), r: 4.4 }));
      }
      return petals;
    }
    default: return [];
  }
}

/** The mark of a seat (0-4), in a 24x24 box: circle, triangle, square, diamond, cross. Seats
 * differ by colour and by this mark where a colour alone would tell whose a thing is. */
const SEAT_MARKS = [
  () => svg('circle', { cx: 12, cy: 12, r: 8.5 }),
  () => svg('path', { d: 'M12 3 L21.5 20 L2.5 20 Z' }),
  () => svg('rect', { x: 4, y: 4, width: 16, height: 16, rx: 1.5 }),
  () => svg('path', { d: 'M12 2 L22 12 L12 22 L2 12 Z' }),
  () => svg('path', { d: 'M9 2.5h6v6.5h6.5v6H15v6.5H9V15H2.5V9H9z' }),
];

export function seatMark(seat, cls = '') {
  const shape = SEAT_MARKS[seat % SEAT_MARKS.length];
  return svg('svg', { class: `seat-mark seat-c${seat} ${cls}`.trim(), viewBox: '0 0 24 24', 'aria-hidden': 'true', 'data-mark': seat }, shape());
}

export function markIcon(n, cls = 'mark') {
  return svg('svg', { class: `${cls} n${n}`, viewBox: '0 0 24 24', 'aria-hidden': 'true', fill: 'currentColor' }, markShape(n));
}

function frostingPath() {
  // top of the card with a scalloped (dripping) lower edge
  let d = 'M2 9 Q2 2 9 2 H51 Q58 2 58 9 V22';
  for (let i = 0; i < 7; i += 1) d += ' a4 4 0 0 1 -8 0';
  return `${d} Z`;
}
const FROSTING = frostingPath();

/** The face of a card: an SVG 60x84. */
function face(n) {
  return svg('svg', { class: 'card-svg', viewBox: '0 0 60 84', 'aria-hidden': 'true' },
    svg('rect', { class: 'card-bg', x: 1, y: 1, width: 58, height: 82, rx: 7 }),
    svg('path', { class: 'card-frost', d: FROSTING }),
    svg('g', { class: 'card-mark-top', transform: 'translate(21.5 4.5) scale(0.7)' }, markShape(n)),
    svg('text', { class: 'card-num', x: 30, y: 62, 'text-anchor': 'middle' }, String(n)),
    svg('g', { class: 'card-mark-bottom', transform: 'translate(25 68) scale(0.42)' }, markShape(n)),
    svg('text', { class: 'card-corner', x: 7, y: 79, 'text-anchor': 'middle' }, String(n)),
    svg('text', { class: 'card-corner', x: 53, y: 79, 'text-anchor': 'middle' }, String(n)),
  );
}

/**
 * A card element. opts: {size: 'xl'|'lg'|'md'|'sm'|'xs', tag: 'div'|'button', label, ...props}
 * Carries data-card=<n>.
 */
export function cardEl(n, opts = {}) {
  const { size = 'md', tag = 'div', label, extraClass, ...props } = opts;
  const el = h(tag, {
    class: ['card', `card-${size}`, `n${n}`, extraClass],
    data: { card: n },
    ...(tag === 'button' ? { type: 'button' } : { role: 'img' }),
    'aria-label': label ?? String(n),
    ...props,
  }, face(n));
  return el;
}

/** A face-down card. */
export function backEl(size = 'md', extraClass) {
  return h('div', { class: ['card', 'card-back', `card-${size}`, extraClass], 'aria-hidden': 'true' },
    svg('svg', { class: 'card-svg', viewBox: '0 0 60 84', 'aria-hidden': 'true' },
      svg('rect', { class: 'back-bg', x: 1, y: 1, width: 58, height: 82, rx: 7 }),
      svg('rect', { class: 'back-frame', x: 6, y: 6, width: 48, height: 72, rx: 4 }),
      cakeShape('translate(15 27) scale(1.25)', 'back-cake'),
    ));
}

function cakeShape(transform, cls) {
  return svg('g', { transform, class: cls },
    svg('path', { class: 'cake-body', d: 'M2 14 H22 V24 H2 Z' }),
    svg('path', { class: 'cake-cream', d: 'M2 14 Q2 9 7 9 H17 Q22 9 22 14 q-2.5 3 -5 0 q-2.5 3 -5 0 q-2.5 3 -5 0 q-2.5 3 -5 0 Z' }),
    svg('circle', { class: 'cake-berry', cx: 12, cy: 6, r: 3 }),
  );
}

function gearPath() {
  // eight teeth around a ring with a hole (drawn with the even-odd rule)
  const pts = [];
  const teeth = 8;
  for (let i = 0; i < teeth * 4; i += 1) {
    const a = (i / (teeth * 4)) * 2 * Math.PI - Math.PI / 2;
    const r = i % 4 < 2 ? 10.2 : 7.8;
    const shift = (i % 4 === 0 || i % 4 === 2) ? 0.13 : -0.13;
    pts.push(`${(12 + r * Math.cos(a + shift)).toFixed(2)} ${(12 + r * Math.sin(a + shift)).toFixed(2)}`);
  }
  return `M${pts.join(' L')} Z M12 8.6 A3.4 3.4 0 1 0 12 15.4 A3.4 3.4 0 1 0 12 8.6 Z`;
}

const EVEN_ODD = new Set(['gear', 'eye']);

const ICONS = {
  gear: gearPath(),
  undo: 'M9.5 4.5 3 10.5l6.5 6v-4c4.6-.2 8 1.2 10.5 5.5-.5-5.8-4-9.6-10.5-10z',
  first: 'M5 5h2.6v14H5z M19 5v14L8.6 12z',
  prev: 'M17 5v14L6.6 12z',
  next: 'M7 5v14l10.4-7z',
  last: 'M16.4 5H19v14h-2.6z M5 5v14l10.4-7z',
  pause: 'M6 5h4.2v14H6z M13.8 5H18v14h-4.2z',
  trash: 'M9 3h6l1 2h4v2.2H4V5h4z M5.8 8.6h12.4L17 21H7z',
  eye: 'M12 5C6.8 5 3 9.2 1.5 12 3 14.8 6.8 19 12 19s9-4.2 10.5-7C21 9.2 17.2 5 12 5zm0 11.2a4.2 4.2 0 1 1 0-8.4 4.2 4.2 0 0 1 0 8.4zm0-6.6a2.4 2.4 0 1 0 0 4.8 2.4 2.4 0 0 0 0-4.8z',
  thumb: 'M2 10h4v11H2z M8 21h9.3a2.1 2.1 0 0 0 2.1-1.7l1.5-7.2A2 2 0 0 0 18.9 9.6h-5.3l.9-4.2a1.9 1.9 0 0 0-3.4-1.4L8 9.2z',
  crown: 'M3 17.5h18V20H3z M3 16 L4.6 6.5 L9.2 11 L12 4.5 L14.8 11 L19.4 6.5 L21 16 Z',
  fork: 'M6 2h1.4v6h1.2V2H10v6h1.2V2h1.4v7.2a3 3 0 0 1-2.3 2.9V22H8.3V12.1A3 3 0 0 1 6 9.2z M17.5 2c1.6 1 2.5 3.4 2.5 6.5 0 2-.8 3.3-2 3.7V22h-2V2z',
  check: 'M4 12.5 9.5 18 20 6.5 18.3 5 9.4 14.7 5.7 11z',
  chart: 'M3 3h2v16h16v2H3z M6.8 15.4 11 10.2l3 3 5.2-7.1 1.6 1.2-6.6 9-3-3-2.8 3.4z',
  book: 'M2.5 5.2c3.2-1.4 6.4-1.3 8.7.7v13.7c-2.3-1.8-5.5-1.9-8.7-.6z M21.5 5.2c-3.2-1.4-6.4-1.3-8.7.7v13.7c2.3-1.8 5.5-1.9 8.7-.6z',
  hourglass: 'M6 2h12v5l-4 5 4 5v5H6v-5l4-5-4-5z M8 4v2.3l4 5 4-5V4z',
};

export function icon(name, cls = '') {
  const rotate = name === 'thumbdown';
  const d = ICONS[rotate ? 'thumb' : name];
  return svg('svg', { class: `icon icon-${name} ${cls}`, viewBox: '0 0 24 24', 'aria-hidden': 'true', fill: 'currentColor' },
    svg('path', { d, transform: rotate ? 'rotate(180 12 12)' : undefined, 'fill-rule': EVEN_ODD.has(name) ? 'evenodd' : undefined }));
}
