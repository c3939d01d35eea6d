// The lobby's lists of the games kept on this device: the games to continue (saved after every
// action) and the finished ones (with their replay), each with a way to delete it.

import { h, button } from '../ui/dom.js';
import { t, tx, lang } from '../i18n.js';
import { cardEl, cakeLogo, icon } from '../ui/card.js';
import { confirmDialog } from '../ui/dialogs.js';
import { listSaves, listHistory, deleteSave, deleteHistory, removeKey } from '../ui/saves.js';
import { playable } from '../ui/games.js';

/**
 * What the lists need from the lobby.
 * @typedef {object} SavesHost
 * @property {any[] | null} games the catalogue (null while it is on its way)
 * @property {() => void} rerender draw the lobby again (after a deletion)
 * @property {(id: string) => void} resume continue the saved game `id`
 */

/**
 * The lists' buttons, by their `data-action` (one listener on the lobby reads it).
 * @type {Record<string, (host: SavesHost, data: DOMStringMap) => void | Promise<void>>}
 */
export const SAVES_ACTIONS = {
  continue: (host, data) => host.resume(data.id),
  'delete-save': async (host, data) => {
    if (await confirmDialog(t('deleteSaveQ'), { ok: t('deleteSave'), danger: true })) {
      deleteSave(data.id);
      host.rerender();
    }
  },
  'delete-finished': async (host, data) => {
    if (await confirmDialog(t('deleteFinishedQ'), { ok: t('deleteSave'), danger: true })) {
      deleteHistory(data.id);
      host.rerender();
    }
  },
  'remove-damaged': (host) => {
    const known = knownGames(host.games);
    for (const d of listSaves(known).damaged.concat(listHistory(known).damaged)) removeKey(d.key);
    host.rerender();
  },
};

/**
 * The ids of the catalogue's games (undefined while the catalogue is on its way: any game).
 * @param {any[] | null} games
 */
function knownGames(games) {
  return games ? new Set(games.map((g) => g.id)) : undefined;
}

/** @param {number} ms */
function formatDate(ms) {
  try {
    return new Intl.DateTimeFormat(lang() === 'ja' ? 'ja-JP' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
  } catch (_) {
    return new Date(ms).toLocaleString();
  }
}

/**
 * @param {any[] | null} games
 * @param {string} id
 */
function gameTitle(games, id) {
  const g = (games || []).find((x) => x.id === id);
  return g ? tx(g.titles) : id;
}

/**
 * The players of a kept game, the winners crowned.
 * @param {any} entry
 * @param {number[]} [winners]
 */
function namesLine(entry, winners = []) {
  const win = new Set(winners);
  return h('p', { class: 'saved-names', 'aria-label': t('vsLabel') },
    entry.names.map((name, i) => h('span', { class: ['saved-name', `seat-c${i}`, win.has(i) ? 'is-winner' : null] },
      win.has(i) ? icon('crown', 'crown-mini') : null,
      h('b', { class: 'who', text: name }),
      entry.kinds?.[i] === 'bot' ? h('span', { class: 'saved-bot', text: t('bot') }) : null,
      Array.isArray(entry.scores) && Number.isFinite(entry.scores[i]) ? h('span', { class: 'saved-score', text: String(entry.scores[i]) }) : null)));
}

/** @param {{n: number, of: number | null} | null} round */
function roundText(round) {
  if (!round) return null;
  return round.of ? t('roundOf', round.n, round.of) : t('roundN', round.n);
}

/** @param {string} id */
function savedArt(id) {
  if (id === 'marie') {
    return h('div', { class: 'saved-art saved-art-cards', 'aria-hidden': 'true' },
      [3, 5].map((n, i) => cardEl(n, { size: 'xs', extraClass: `mini-${i}` })));
  }
  return h('div', { class: 'saved-art', 'aria-hidden': 'true' }, cakeLogo());
}

/**
 * The stored entries that could not be read, with a button that removes them.
 * @param {{key: string}[]} damaged
 */
function damagedNotice(damaged) {
  if (!damaged.length) return null;
  return h('div', { class: 'saved-damaged', testid: 'saves-damaged', role: 'status' },
    h('span', { text: damaged.length === 1 ? t('savesDamagedOne') : t('savesDamagedMany', damaged.length) }),
    button(t('removeDamaged'), { class: 'btn btn-quiet btn-sm', testid: 'remove-damaged', data: { action: 'remove-damaged' } }));
}

/**
 * A trash button that deletes a kept game (its `action`: delete-save or delete-finished).
 * @param {string} testid
 * @param {string} action
 * @param {string} id
 * @param {string} title the game's title
 */
function deleteButton(testid, action, id, title) {
  return button(icon('trash'), {
    class: 'btn btn-icon btn-quiet', testid, 'aria-label': t('deleteSaveNamed', title), title: t('deleteSave'),
    data: { action, id },
  });
}

/**
 * One game to continue.
 * @param {any} entry
 * @param {SavesHost} host
 */
function saveRow(entry, host) {
  const title = gameTitle(host.games, entry.game);
  const go = playable(entry.game)
    ? button(t('continueGame'), { class: 'btn btn-primary', testid: 'save-continue', data: { action: 'continue', id: entry.id } })
    : h('span', { class: 'soon', text: t('comingSoon') });
  const del = deleteButton('save-delete', 'delete-save', entry.id, title);
  const meta = [roundText(entry.round), t('moveN', entry.ply), t('savedAt', formatDate(entry.updated))].filter(Boolean).join(' · ');
  return h('li', { class: 'saved-item', testid: 'save-item', data: { saveId: entry.id, game: entry.game } },
    savedArt(entry.game),
    h('div', { class: 'saved-body' },
      h('h3', { class: 'saved-title', text: title }),
      namesLine(entry),
      h('p', { class: 'saved-meta', testid: 'save-meta', text: meta })),
    h('div', { class: 'saved-actions' }, go, del));
}

/**
 * The games to continue (and the damaged entries), or null when there are none.
 * @param {SavesHost} host
 */
export function continueSection(host) {
  const known = knownGames(host.games);
  const { items, damaged } = listSaves(known);
  const allDamaged = damaged.concat(listHistory(known).damaged);
  if (!items.length && !allDamaged.length) return null;
  const rows = items.map((entry) => saveRow(entry, host));
  return h('section', { class: 'saved', testid: 'saves', 'aria-labelledby': 'saves-title' },
    h('h2', { class: 'section-head', id: 'saves-title', text: t('continueTitle') }),
    damagedNotice(allDamaged),
    rows.length ? h('ul', { class: 'saved-list', testid: 'save-list' }, rows) : null);
}

/**
 * One finished game.
 * @param {any} entry
 * @param {SavesHost} host
 */
function finishedRow(entry, host) {
  const title = gameTitle(host.games, entry.game);
  const replay = playable(entry.game)
    ? h('a', { class: 'btn', href: `#/replay/${entry.id}`, testid: 'finished-replay' },
      icon('eye'), h('span', { text: t('watchReplay') }))
    : null;
  const del = deleteButton('finished-delete', 'delete-finished', entry.id, title);
  return h('li', { class: 'saved-item finished-item', testid: 'finished-item', data: { finishedId: entry.id, game: entry.game } },
    h('div', { class: 'saved-body' },
      h('h3', { class: 'saved-title' }, h('span', { text: title }),
        h('span', { class: 'saved-date', text: t('finishedAt', formatDate(entry.finished)) })),
      namesLine(entry, entry.winners)),
    h('div', { class: 'saved-actions' }, replay, del));
}

/**
 * The finished games, or null when there are none.
 * @param {SavesHost} host
 */
export function finishedSection(host) {
  const { items } = listHistory(knownGames(host.games));
  if (!items.length) return null;
  return h('section', { class: 'saved finished', testid: 'finished', 'aria-labelledby': 'finished-title' },
    h('h2', { class: 'section-head', id: 'finished-title', text: t('historyTitle') }),
    h('ul', { class: 'saved-list', testid: 'finished-list' }, items.map((entry) => finishedRow(entry, host))));
}
