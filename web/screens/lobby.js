// The lobby: the games (a tile each, with its buttons to play and to read the rules), the games to
// continue and the finished ones kept on this device, and a few notes.

import { h, clear } from '../ui/dom.js';
import { t, tx, lang } from '../i18n.js';
import { icon } from '../ui/card.js';
import { offlineReady } from '../ui/pwa.js';
import { playable } from '../ui/games.js';
import { page, gameMeta, learnLink } from './common.js';
import { gameArt } from '../ui/art.js';
import { continueSection, finishedSection, storageSection, SAVES_ACTIONS, SAVES_INPUTS } from './lobby-saves.js';
import { checkPersistence } from '../ui/saves.js';
import { resumeSave } from './table.js';

// The lobby's first drawing in a page is laid out a piece a frame (the hero, the grid, each game
// tile, the notes...): on the test machine the browser's first layout of the whole lobby, fonts
// still cold, took 50-160 ms in one frame, and 6-30 ms a piece when laid out piece by piece
// (issue 10: never block the main thread more than 50 ms). Until one such drawing has finished,
// a redraw starts over the same way; after it, redraws (the engine ready, the other language, a
// save from another tab) are warm and put everything in at once. A game tile is built in the
// frame that appends it: building the five tiles (their art is SVG) took 8-26 ms of script, which
// would otherwise run in the task that evaluates this module graph.

/**
 * Append each [parent, piece] of `pieces`, a piece being a node, null (skipped) or a function
 * that builds its node: all now once the page has laid out a whole lobby, else one a frame.
 * @param {import('../ui/router.js').Shell} shell
 * @param {HTMLElement} section
 * @param {[HTMLElement, Node | (() => Node) | null][]} pieces
 */
function layOut(shell, section, pieces) {
  const todo = pieces.filter(([, piece]) => piece);
  const build = (piece) => (typeof piece === 'function' ? piece() : piece);
  if (shell.memo.lobbyLaidOut || typeof requestAnimationFrame !== 'function') {
    for (const [parent, piece] of todo) parent.append(build(piece));
    return;
  }
  section.setAttribute('aria-busy', 'true');
  const next = () => {
    if (!section.isConnected) return; // drawn again meanwhile: that drawing goes on
    const [parent, piece] = todo.shift();
    parent.append(build(piece));
    if (todo.length) {
      requestAnimationFrame(next);
      return;
    }
    section.removeAttribute('aria-busy');
    shell.memo.lobbyLaidOut = true;
  };
  // the coming frame lays out the header's tools, drawn just before; the pieces from the next
  requestAnimationFrame(() => requestAnimationFrame(next));
}

/**
 * A game's tile in the lobby: its art, titles, player counts and buttons.
 * @param {any} g its catalogue entry
 */
function gameTile(g) {
  // in English, the original Japanese title under the English one; in Japanese, no English title
  const other = lang() === 'ja' ? null : g.titles.ja;
  return h('article', { class: 'game-tile', testid: `game-${g.id}`, data: { game: g.id } },
    gameArt(g.id),
    h('div', { class: 'tile-body' },
      h('h2', { class: 'tile-title', testid: 'game-title', text: tx(g.titles) }),
      other && other !== tx(g.titles) ? h('p', { class: 'tile-sub', text: other }) : null,
      gameMeta(g),
      h('div', { class: 'tile-actions' },
        playable(g.id)
          ? h('a', { class: 'btn btn-primary btn-lg', href: `#/setup/${g.id}`, testid: `play-${g.id}`, text: t('play') })
          : h('span', { class: 'soon', testid: `soon-${g.id}`, text: t('comingSoon') }),
        h('a', { class: 'btn btn-lg', href: `#/rules/${g.id}`, testid: `rules-${g.id}`, text: t('rules') }),
        learnLink(g))));
}

/** How to play, in three steps. */
function howTo() {
  return h('section', { class: 'how', 'aria-label': t('howTitle') },
    h('h2', { class: 'how-title', text: t('howTitle') }),
    h('ol', { class: 'how-list' }, ['how1', 'how2', 'how3'].map((k, i) => h('li', { class: 'how-item' },
      h('span', { class: 'how-num', text: String(i + 1) }), h('span', { text: t(k) })))));
}

/** The note that the site works offline now (null until it does). */
function offlineNote() {
  if (!offlineReady()) return null;
  return h('p', { class: 'lobby-note small offline-ready', testid: 'offline-ready' },
    icon('check'), h('span', { text: t('offlineReady') }));
}

/**
 * The lists of kept games and the storage controls; stored data never breaks the lobby.
 * @param {import('./lobby-saves.js').SavesHost} host
 */
function keptGames(host) {
  try {
    return [continueSection(host), finishedSection(host), storageSection(host)];
  } catch (err) {
    console.error(err);
    return [null, null, null];
  }
}

/**
 * Draw the lobby: the hero, the engine's banner, the games kept, a tile per game, the finished
 * games, the storage line and the notes.
 * @param {import('../ui/router.js').Shell} shell
 * @param {import('./lobby-saves.js').SavesHost & {games: any[] | null, failed: boolean}} s
 */
function renderLobby(shell, s) {
  const grid = h('div', { class: 'game-grid', testid: 'game-list' });
  // the grid's cells: a tile per game (each built when it is laid out), or a notice
  const cells = s.games
    ? s.games.map((g) => () => gameTile(g))
    : [h('p', { class: 'notice', text: s.failed ? t('catalogFailed') : '…' })];
  const [saved, finished, storage] = keptGames(s);
  const section = page('lobby', 'lobby');
  section.addEventListener('click', (ev) => onClick(s, ev));
  section.addEventListener('change', (ev) => onChange(s, ev));
  /** @type {[HTMLElement, Node | (() => Node) | null][]} */
  const pieces = [
    [section, h('div', { class: 'hero' },
      h('h1', { class: 'hero-title', text: t('lobbyTitle') }),
      h('p', { class: 'hero-sub', text: t('appTagline') }))],
    [section, shell.engine.banner()],
    [section, saved],
    [section, grid],
    ...cells.map((cell) => /** @type {[HTMLElement, Node | (() => Node)]} */ ([grid, cell])),
    [section, finished],
    [section, storage],
    [section, howTo()],
    [section, h('p', { class: 'lobby-note small', text: `${t('offlineNote')} ${t('savedNote')}` })],
    [section, offlineNote()],
  ];
  clear(shell.container).append(section);
  layOut(shell, section, pieces);
}

/**
 * The lobby screen.
 * @param {import('../ui/router.js').Shell} shell
 * @returns {import('../ui/router.js').Screen}
 */
export function lobbyScreen(shell) {
  const { router } = shell;
  /** @type {import('../ui/router.js').Screen & import('./lobby-saves.js').SavesHost & {failed: boolean}} */
  const s = {
    games: null,
    failed: false,
    note: null,
    rerender() { if (router.showing(s)) s.render(); },
    resume(id) { resumeSave(shell, id, { push: true }); },
    engine() { return shell.engine.ready(); },
    shown() { return router.showing(s); },
    home: true,
    render() { renderLobby(shell, s); },
    onEngine() { s.render(); },
    onDevice() { s.render(); },
  };
  shell.games.list().then((games) => { s.games = games; s.rerender(); })
    .catch(() => { s.failed = true; s.rerender(); });
  checkPersistence(); // the storage line shows the browser's answer (it may have changed)
  return s;
}

/**
 * A tap in the lobby: the button's `data-action` (continue a game, delete one...).
 * @param {import('./lobby-saves.js').SavesHost} host
 * @param {MouseEvent} ev
 */
function onClick(host, ev) {
  const target = ev.target instanceof Element ? ev.target.closest('[data-action]') : null;
  const action = target instanceof HTMLElement ? SAVES_ACTIONS[target.dataset.action] : null;
  if (action && target instanceof HTMLElement) action(host, target.dataset, target);
}

/**
 * An input of the lobby changed (a file chosen to import): its `data-action`.
 * @param {import('./lobby-saves.js').SavesHost} host
 * @param {Event} ev
 */
function onChange(host, ev) {
  const input = ev.target;
  const action = input instanceof HTMLInputElement ? SAVES_INPUTS[input.dataset.action] : null;
  if (action && input instanceof HTMLInputElement) action(host, input);
}
