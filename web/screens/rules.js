// A game's rules page: its short blurb and credits (from the catalogue), the rules written for
// learning (web/rules/<id>.js, drawn by ui/guide.js: sections, a drawn example, the glossary of
// the table's words), and the way to its setup. Nothing here needs the engine.

import { h, clear } from '../ui/dom.js';
import { t, tx } from '../i18n.js';
import { playable } from '../ui/games.js';
import { page, gameMeta, waitingPage, learnLink } from './common.js';
import { gameArt } from '../ui/art.js';
import { gameErrorPage } from './errors.js';
import { guideView, loadGuideParts } from '../ui/guide.js';

/**
 * The rules page's paper.
 * @param {any} g the game's catalogue entry
 * @param {{guide: any, mod: any} | null} parts the guide, once loaded
 */
function rulesPaper(g, parts) {
  return h('div', { class: 'paper' },
    h('div', { class: 'rules-head' },
      gameArt(g.id, 'rules'),
      h('div', {},
        h('p', { class: 'kicker', text: t('rulesTitle') }),
        h('h1', { class: 'page-title', testid: 'rules-title', text: tx(g.titles) }),
        gameMeta(g))),
    // the catalogue's blurb: the game in a few lines (its first paragraph)
    h('div', { class: 'rules-text', testid: 'rules-summary' }, g.summary.slice(0, 1).map((p) => h('p', { text: tx(p) }))),
    parts?.guide ? guideView(parts.guide, 'rp', parts.mod) : null,
    h('h2', { class: 'section-title', text: t('credits') }),
    h('ul', { class: 'credits', testid: 'credits' }, g.credits.map((c) => h('li', { text: tx(c) }))),
    actions(g));
}

/** The way on: to the setup (or "coming soon"), and back to the lobby. */
function actions(g) {
  return h('div', { class: 'page-actions' },
    playable(g.id)
      ? h('a', { class: 'btn btn-primary btn-lg', href: `#/setup/${g.id}`, testid: 'to-setup', text: t('setUpTable') })
      : h('span', { class: 'soon', text: t('comingSoon') }),
    learnLink(g),
    h('a', { class: 'btn btn-lg btn-quiet', href: '#/', testid: 'back-lobby', text: t('backToLobby') }));
}

/**
 * The rules page of the game `id`.
 * @param {import('../ui/router.js').Shell} shell
 * @param {string} id
 * @returns {import('../ui/router.js').Screen}
 */
export function rulesScreen(shell, id) {
  /** @type {import('../ui/router.js').Screen & {game: any, parts: any}} */
  const s = {
    game: undefined,
    parts: null,
    render() {
      if (s.game === undefined) waitingPage(shell.container, 'rules', 'rules');
      else if (s.game === null) gameErrorPage(shell, false);
      else clear(shell.container).append(page('rules', 'rules', rulesPaper(s.game, s.parts)));
    },
  };
  const redraw = () => { if (shell.router.showing(s)) s.render(); };
  shell.games.find(id).then((g) => { s.game = g; redraw(); }, () => { s.game = null; redraw(); });
  loadGuideParts(id).then((parts) => { s.parts = parts; redraw(); }, (err) => console.error(err));
  return s;
}
