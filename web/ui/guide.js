// A game's rules written for learning (web/rules/<id>.js) drawn as a page part: a table of
// contents, the sections with their drawn example, and the glossary of the table's words. The
// rules page (screens/rules.js) and the table's Rules dialog (ui/rules-dialog.js) both draw it;
// it needs no engine. The table of contents scrolls to a section without touching the address
// (the address is the app's route).

import { h, loadStyle } from './dom.js';
import { t, tx } from '../i18n.js';
import { guideArt } from './guide-art.js';
import { loadGuide } from '../rules/index.js';
import { MODULES } from '../games/index.js';

loadStyle(new URL('../guide.css', import.meta.url).href);

/**
 * A cell of a guide's table: a plain string or {en, ja}.
 * @param {string | {en: string, ja: string}} c
 */
function cell(c) {
  return typeof c === 'string' ? c : tx(c);
}

/** A guide's table: a head row and body rows (the first cell of a row is its heading). */
function guideTable(tbl) {
  return h('div', { class: 'guide-table-wrap' },
    h('table', { class: 'guide-table' },
      h('thead', {}, h('tr', {}, tbl.head.map((c) => h('th', { scope: 'col', text: cell(c) })))),
      h('tbody', {}, tbl.rows.map((row) => h('tr', {},
        row.map((c, i) => (i === 0 ? h('th', { scope: 'row', text: cell(c) }) : h('td', { text: cell(c) }))))))));
}

/** A step's text with its leading name in bold ("Vote. Everyone...", "投票:全員が..."). */
function labelled(text) {
  const m = /^([^.:：]{1,24}[.:：])\s*([\s\S]*)$/.exec(text);
  return m ? [h('b', { class: 'guide-step-name', text: m[1] }), ' ', m[2]] : [text];
}

/** One item of a section's body. */
function bodyItem(item, game, mod) {
  if (item.list) return h('ul', { class: 'guide-list' }, item.list.map((x) => h('li', { text: tx(x) })));
  if (item.steps) return h('ol', { class: 'guide-steps' }, item.steps.map((x) => h('li', {}, labelled(tx(x)))));
  if (item.table) return guideTable(item.table);
  if (item.example) {
    return h('figure', { class: 'guide-example', testid: 'guide-example', data: { example: item.example } },
      guideArt(game, mod), h('figcaption', { class: 'guide-caption', text: tx(item.caption) }));
  }
  return h('p', { text: tx(item) });
}

/** The id of a section's heading: unique within the page (the page and the dialog differ). */
function anchor(where, id) {
  return `${where}-${id}`;
}

/** The table of contents: buttons that scroll to each section and to the glossary. */
function contents(guide, where) {
  const entries = [...guide.sections.map((s) => [s.id, tx(s.title)]), ['glossary', t('guideGlossary')]];
  return h('nav', { class: 'guide-toc', testid: 'guide-toc', 'aria-label': t('guideContents') },
    h('ol', {}, entries.map(([id, title]) => h('li', {},
      h('button', { type: 'button', class: 'guide-toc-link', data: { guideJump: anchor(where, id) }, text: title })))));
}

/** The glossary: each word the table shows, and what it means. */
function glossary(guide, where) {
  return h('section', { class: 'guide-section guide-glossary', testid: 'guide-glossary', 'aria-labelledby': anchor(where, 'glossary') },
    h('h2', { class: 'guide-title', id: anchor(where, 'glossary'), tabindex: '-1', text: t('guideGlossary') }),
    h('p', { class: 'guide-note', text: t('guideGlossaryNote') }),
    h('dl', { class: 'guide-terms' }, guide.glossary.flatMap((g) => [
      h('dt', { class: ['guide-term', g.mark ? 'is-mark' : null], data: { term: g.term.en }, text: tx(g.term) }),
      h('dd', { class: 'guide-means', text: tx(g.means) })])));
}

/**
 * The guide as nodes, in the current language. `where` names the place it is drawn in (its
 * headings' ids start with it).
 * @param {any} guide
 * @param {string} where
 * @param {any} mod the game's renderer module (its pieces draw the example)
 */
export function guideView(guide, where, mod) {
  const sections = guide.sections.map((s) => h('section', {
    class: 'guide-section', testid: `guide-${s.id}`, 'aria-labelledby': anchor(where, s.id),
  },
  h('h2', { class: 'guide-title', id: anchor(where, s.id), tabindex: '-1', text: tx(s.title) }),
  s.body.map((item) => bodyItem(item, guide.id, mod))));
  const root = h('div', { class: 'guide', testid: 'guide', data: { game: guide.id } },
    contents(guide, where), sections, glossary(guide, where));
  root.addEventListener('click', jump);
  return root;
}

/** A tap on the table of contents: scroll to the section (the address stays as it is). */
function jump(ev) {
  const el = ev.target instanceof Element ? ev.target.closest('[data-guide-jump]') : null;
  if (!(el instanceof HTMLElement)) return;
  const target = document.getElementById(el.dataset.guideJump || '');
  if (!target) return;
  target.scrollIntoView({ block: 'start' });
  keepBelow(target, el.closest('.guide-toc'));
  target.focus({ preventScroll: true });
}

/**
 * Where the contents stay at the top of the rules while they scroll (the rules dialog), a section
 * jumped to stops below them, whatever their number of rows.
 * @param {HTMLElement} target
 * @param {Element | null} toc
 */
function keepBelow(target, toc) {
  if (!(toc instanceof HTMLElement) || getComputedStyle(toc).position !== 'sticky') return;
  const under = toc.getBoundingClientRect().bottom + 8 - target.getBoundingClientRect().top;
  // the box the contents stick to: the nearest one around them that scrolls
  let scroller = toc.parentElement;
  while (scroller && !/auto|scroll/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
  if (under > 0 && scroller) scroller.scrollTop -= under;
}

/**
 * A game's guide and its renderer module (for the drawn example; it loads the game's
 * stylesheet). Neither needs the engine.
 * @param {string} id
 * @returns {Promise<{guide: any, mod: any}>}
 */
export function loadGuideParts(id) {
  const renderer = MODULES[id] ? MODULES[id]().catch(() => null) : Promise.resolve(null);
  return Promise.all([loadGuide(id), renderer]).then(([guide, mod]) => ({ guide, mod }));
}
