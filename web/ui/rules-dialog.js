// The rules at hand: the Rules button of the live table, the replay viewer and the pass-and-play
// cover, and the dialog it opens over them with the game's rules written for learning
// (ui/guide.js). Opening and closing it asks nothing of the engine and leaves the address and
// the table as they were; Escape or Close shut it and the focus goes back to the button.

import { h, clear, button } from './dom.js';
import { t, tx } from '../i18n.js';
import { modal } from './dialogs.js';
import { guideView, loadGuideParts } from './guide.js';
import { icon } from './card.js';

/** @type {{close: () => void} | null} the dialog on screen (one at a time) */
let open = null;

/**
 * The Rules button (`data-action="rules"`: the table's or the viewer's one listener opens the
 * dialog; `testid` tells the places apart).
 * @param {string} [testid]
 */
export function rulesButton(testid = 'rules-open') {
  // an open book and a short word: the status bar has little room (a longer button there
  // pushed the table's own buttons out of reach)
  return button([icon('book'), h('span', { class: 'btn-rules-text', text: t('rules') })], {
    class: 'btn btn-rules', testid, title: t('rulesButtonTitle'), 'aria-haspopup': 'dialog', data: { action: 'rules' },
  });
}

/**
 * Open the rules of game `id` over whatever is on screen. `title` gives the game's name in the
 * current language; `credits` (the catalogue's) close the rules, as on the rules page (a
 * beginner found no designer named in the rules at the table).
 * @param {string} id
 * @param {() => string} title
 * @param {{en: string, ja: string}[]} [credits]
 */
export function openRules(id, title, credits = []) {
  if (open) return open;
  const heading = h('h2', { id: 'rules-dialog-title', testid: 'rules-dialog-title' });
  const kicker = h('span', { class: 'kicker' });
  const body = h('div', { class: 'rules-dialog-body', testid: 'rules-dialog-body', tabindex: '0' },
    h('p', { class: 'guide-note', text: t('guideLoading') }));
  /** @type {{guide: any, mod: any} | null} */
  let parts = null;
  const paint = () => {
    heading.textContent = title();
    kicker.textContent = t('rulesTitle');
    body.setAttribute('aria-label', t('rulesOf', title()));
    if (!parts) return;
    const top = body.scrollTop;
    clear(body).append(guideView(parts.guide, 'rd', parts.mod), creditsView(credits));
    body.scrollTop = top;
  };
  paint();
  const content = h('div', { class: 'rules-dialog' }, h('div', { class: 'rules-dialog-head' }, kicker, heading), body);
  open = modal(content, { testid: 'rules-dialog', label: () => t('rulesOf', title()), relabel: paint, onClose: () => { open = null; } });
  loadGuideParts(id).then((p) => {
    parts = p;
    if (open) paint();
  }, (err) => console.error(err));
  return open;
}

/**
 * The game's credits, headed as on the rules page (nothing when there are none).
 * @param {{en: string, ja: string}[]} credits
 */
function creditsView(credits) {
  if (!credits.length) return '';
  return h('section', { class: 'rules-credits' },
    h('h3', { class: 'section-title', text: t('credits') }),
    h('ul', { class: 'credits', testid: 'rules-dialog-credits' }, credits.map((c) => h('li', { text: tx(c) }))));
}

/**
 * The game's name for the dialog: from its catalogue entry, or its id.
 * @param {{titles?: {en: string, ja: string}} | null | undefined} game
 * @param {string} id
 */
export function gameTitle(game, id) {
  return () => (game?.titles ? tx(game.titles) : id);
}
