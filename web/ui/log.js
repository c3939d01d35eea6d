// The game log: engine texts in the current language, {0}, {1}... replaced by seat names as text.

import { h } from './dom.js';
import { tx, fillNodes, t } from '../i18n.js';

/** One log line as a fragment (names as <b> with textContent). */
export function logLine(entry, names) {
  return fillNodes(tx(entry.text), (i) => {
    const seat = entry.seats[i];
    if (seat === undefined) return null;
    return h('b', { class: `who seat-c${seat}`, text: names[seat] ?? `#${seat}` });
  });
}

/** Append log lines to a log list (`<ol>`). */
export function appendLogLines(list, entries, names) {
  for (const entry of entries) {
    const isRound = /^Round \d+/.test(entry.text.en || '');
    list.append(h('li', { class: ['log-item', isRound ? 'log-round' : null], data: { ply: entry.ply } }, logLine(entry, names)));
  }
}

/** The log panel. Keeps the newest line in sight. */
export function logPanel(entries, names, { title = t('log') } = {}) {
  const list = h('ol', { class: 'log-list', testid: 'log', 'aria-live': 'polite' });
  appendLogLines(list, entries, names);
  // a column-reverse scroller stays pinned to its newest (last) line at any size
  return h('section', { class: 'side-panel log-panel' },
    h('h2', { class: 'side-title', text: title }), logScroller(title, 'log-scroll', list));
}

/** A scrolling box of log lines: a named region that takes the keyboard focus, so the arrow
 * keys scroll it (axe: scrollable-region-focusable). */
export function logScroller(title, cls, ...children) {
  return h('div', { class: cls, tabindex: '0', role: 'region', 'aria-label': title }, ...children);
}
