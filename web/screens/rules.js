// A game's rules page: its summary and credits (from the catalogue), and the way to its setup.

import { h, clear } from '../ui/dom.js';
import { t, tx } from '../i18n.js';
import { playable } from '../ui/games.js';
import { page, gameMeta, waitingPage } from './common.js';
import { gameArt } from '../ui/art.js';
import { gameErrorPage } from './errors.js';

/**
 * The rules page's paper.
 * @param {any} g the game's catalogue entry
 */
function rulesPaper(g) {
  return h('div', { class: 'paper' },
    h('div', { class: 'rules-head' },
      gameArt(g.id, 'rules'),
      h('div', {},
        h('p', { class: 'kicker', text: t('rulesTitle') }),
        h('h1', { class: 'page-title', testid: 'rules-title', text: tx(g.titles) }),
        gameMeta(g))),
    h('div', { class: 'rules-text', testid: 'rules-summary' }, g.summary.map((p) => h('p', { text: tx(p) }))),
    h('h2', { class: 'section-title', text: t('credits') }),
    h('ul', { class: 'credits', testid: 'credits' }, g.credits.map((c) => h('li', { text: tx(c) }))),
    h('div', { class: 'page-actions' },
      playable(g.id)
        ? h('a', { class: 'btn btn-primary btn-lg', href: `#/setup/${g.id}`, testid: 'to-setup', text: t('setUpTable') })
        : h('span', { class: 'soon', text: t('comingSoon') }),
      h('a', { class: 'btn btn-lg btn-quiet', href: '#/', testid: 'back-lobby', text: t('backToLobby') })));
}

/**
 * The rules page of the game `id`.
 * @param {import('../ui/router.js').Shell} shell
 * @param {string} id
 * @returns {import('../ui/router.js').Screen}
 */
export function rulesScreen(shell, id) {
  /** @type {import('../ui/router.js').Screen & {game: any}} */
  const s = {
    game: undefined,
    render() {
      if (s.game === undefined) waitingPage(shell.container, 'rules', 'rules');
      else if (s.game === null) gameErrorPage(shell, false);
      else clear(shell.container).append(page('rules', 'rules', rulesPaper(s.game)));
    },
  };
  const show = (g) => { s.game = g; if (shell.router.showing(s)) s.render(); };
  shell.games.find(id).then(show, () => show(null));
  return s;
}
