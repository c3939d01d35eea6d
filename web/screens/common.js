// Pieces several screens draw: the page frame, a game's art and meta line, the loading page.

import { h, clear, button } from '../ui/dom.js';
import { icon } from '../ui/card.js';
import { t } from '../i18n.js';
import { toast } from '../ui/dialogs.js';
import { progressOf } from '../ui/tutorial.js';

const CANCEL_AFTER_MS = 600; // the opening's Cancel shows after this long (most take less)

/**
 * A screen's page: `<section class="page <cls>" data-testid="<testid>">`.
 * @param {string} cls
 * @param {string} testid
 * @param {...any} children
 */
export function page(cls, testid, ...children) {
  return h('section', { class: ['page', cls], testid }, ...children);
}

/**
 * A game's player counts and length.
 * @param {{min_players: number, max_players: number, minutes: number}} g its catalogue entry
 */
export function gameMeta(g) {
  return h('p', { class: 'game-meta' },
    h('span', { class: 'meta-item', text: t('players', g.min_players, g.max_players) }),
    h('span', { class: 'meta-item', text: t('minutes', g.minutes) }));
}

/**
 * A page that says "…" while its game's catalogue entry is on its way.
 * @param {HTMLElement} container
 * @param {string} cls
 * @param {string} testid
 */
export function waitingPage(container, cls, testid) {
  clear(container).append(page(cls, testid, h('p', { class: 'notice', text: '…' })));
}

/**
 * The page shown while a game or a replay opens (`data-testid="opening"`). Its Cancel (shown
 * after a moment: most openings take less) goes back to the lobby and ends the engine's worker,
 * whatever it is busy with, for a fresh one (web/engine.js `restart`): the opening's request is
 * then refused as cancelled, and its navigation is no longer the current one.
 * @param {import('../ui/router.js').Shell} shell
 */
export function openingPage(shell) {
  const cancel = button(t('cancelOpening'), { class: 'btn btn-lg opening-cancel', testid: 'cancel-opening' });
  cancel.addEventListener('click', () => cancelOpening(shell), { once: true });
  const row = h('div', { class: 'opening-cancel-row', hidden: true }, cancel);
  setTimeout(() => { row.hidden = false; }, CANCEL_AFTER_MS);
  clear(shell.container).append(page('loading', 'opening',
    h('div', { class: 'loading-card' },
      h('div', { class: 'spinner big', 'aria-hidden': 'true' }),
      h('p', { text: t('opening') }),
      shell.engine.state !== 'ready' ? h('p', { class: 'field-help', text: t('engineWait') }) : null,
      row)));
}

/**
 * Give up an opening: the lobby (in place of the address being opened), then a fresh engine.
 * @param {import('../ui/router.js').Shell} shell
 */
function cancelOpening(shell) {
  shell.router.setAddress('#/', false);
  shell.router.home();
  toast(() => t('openingCancelled'));
  shell.engine.restart();
}

/**
 * The screen shown while a game opens.
 * @param {import('../ui/router.js').Shell} shell
 * @returns {import('../ui/router.js').Screen}
 */
export function openingScreen(shell) {
  return { render: () => openingPage(shell) };
}

/**
 * The way to a game's guided first game ("Learn to play", `#learn=<id>`; none when the game has
 * none): "Resume lesson (4 / 15)" when one was left half way, and a "Learned" mark once finished.
 * @param {{id: string, tutorial?: number | null}} g its catalogue entry
 * @param {string} [cls] the link's classes
 */
export function learnLink(g, cls = 'btn btn-lg') {
  if (!g.tutorial) return null;
  const progress = progressOf(g.id);
  const resume = !progress.done && progress.step > 0 && progress.step < g.tutorial;
  const label = resume ? t('learnResume', progress.step + 1, g.tutorial) : t('learnToPlay');
  const link = h('a', { class: [cls, 'learn-link'], href: `#learn=${g.id}`, testid: `learn-${g.id}`, data: { resume: resume ? 'yes' : 'no' }, text: label });
  if (!progress.done) return link;
  // the mark says itself in words (no tap or hover needed)
  const done = h('span', { class: 'learn-done', testid: `learned-${g.id}` }, icon('check'), h('span', { text: t('learnDone') }));
  return h('span', { class: 'learn-wrap' }, link, done);
}
