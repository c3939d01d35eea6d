// Playing: open a game (a new record, a share link or a game saved on this device), mount its
// table (web/ui/play.js), keep its address in the bar and the game on this device after every
// change (a game in progress as a save, a finished one in the history).

import { t, STRINGS } from '../i18n.js';
import { toast } from '../ui/dialogs.js';
import { getSave, getHistory, writeSave, finishSave, newId, setCurrentTab } from '../ui/saves.js';
import { loadModule } from '../ui/games.js';
import { ask } from '../ui/errors.js';
import { randomSeed } from '../ui/seed.js';
import { openingScreen } from './common.js';
import { showLinkError, showResumeError, showEngineFailed } from './errors.js';

/**
 * The saved game a table keeps up to date: its id and when it began (`done` once over).
 * @typedef {{id: string, created: number, done?: boolean, warned?: boolean}} SaveSlot
 */

/**
 * Keep the game of a table on this device after every change: a game in progress as a save, a
 * finished one in the history. `save` is null for a game that was already over when opened.
 * @param {SaveSlot | null} save
 * @param {any} snap
 */
function persist(save, snap) {
  if (!save || save.done) return;
  if (snap.over) {
    save.done = true;
    finishSave(save.id, snap, save.created);
    setCurrentTab(null);
    return;
  }
  const ok = writeSave(save.id, snap, save.created);
  if (!ok && !save.warned) {
    save.warned = true;
    toast(t('saveFailed'));
  }
  setCurrentTab(save.id, `#${snap.share}`);
}

/**
 * The table of a started game.
 * @param {import('../ui/router.js').Shell} shell
 * @param {{snap: any, mod: any, game: any, save: SaveSlot | null, Table: any}} o
 * @returns {import('../ui/router.js').Screen}
 */
function tableScreen(shell, { snap, mod, game, save, Table }) {
  const { router } = shell;
  let table = null;
  /** @type {import('../ui/router.js').Screen} */
  const s = {
    ownsAddress: true,
    render() {
      if (table) {
        table.render();
        return;
      }
      table = new Table({
        container: shell.container,
        engine: shell.engine.engine,
        module: mod,
        snap,
        game,
        onShare: (share) => { if (router.showing(s)) router.setAddress(`#${share}`, false); },
        onSnap: (next) => persist(save, next),
        onRestart: (kind, record) => restart(shell, kind, record),
        onReplay: (last) => {
          location.hash = save && save.done && getHistory(save.id) ? `#/replay/${save.id}` : `#/replay&${last.share}`;
        },
        onFatal: (error) => showLinkError(shell, error),
      });
      table.begin();
    },
    onLang() {}, // the table follows the language itself
    destroy() { table?.destroy(); },
  };
  return s;
}

/**
 * A rematch (the same deal) or a new game (a new deal) with the same seats and options.
 * @param {import('../ui/router.js').Shell} shell
 * @param {'rematch' | 'new'} kind
 * @param {import('../types.js').GameRecord} record
 */
async function restart(shell, kind, record) {
  const rec = { ...record, actions: [] };
  if (kind === 'new') rec.seed = randomSeed();
  const err = await startRecord(shell, rec, shell.router.token, { push: true });
  if (err) showLinkError(shell, err);
}

/**
 * Start a game from a request ({record} or {link}) and mount its table. Resolves with the
 * engine's refusal, or null (started, or the player went elsewhere meanwhile).
 * `saveId`/`created`: the saved game this continues (a new save otherwise).
 * @param {import('../ui/router.js').Shell} shell
 * @param {{record?: object, link?: string}} request
 * @param {number} token the navigation it belongs to
 * @param {{push: boolean, saveId?: string | null, created?: number | null}} opts
 * @returns {Promise<import('../types.js').Text | null>}
 */
export async function startGame(shell, request, token, { push, saveId = null, created = null }) {
  const { router } = shell;
  let eng;
  try {
    eng = await shell.engine.ready();
  } catch (_) {
    if (router.current(token)) showEngineFailed(shell);
    return null;
  }
  const ans = await ask(eng, { cmd: 'start', ...request });
  if (!router.current(token)) {
    if (ans.ok) eng.call({ cmd: 'close', session: ans.session }).catch(() => {});
    return null;
  }
  if (!ans.ok) return ans.error;
  const mod = await loadModule(ans.game);
  if (!mod) {
    eng.call({ cmd: 'close', session: ans.session }).catch(() => {});
    return STRINGS.notPlayableYet;
  }
  const game = await shell.games.find(ans.game).catch(() => null);
  // the table's code is loaded when a first game starts, not with the lobby (issue 10)
  const { Table } = await import('../ui/play.js');
  /** @type {SaveSlot | null} */
  let save = null;
  if (!ans.over) save = { id: saveId || newId(), created: created || Date.now() };
  else if (saveId) finishSave(saveId, ans, created || Date.now()); // it had ended: now history
  router.navigate();
  router.setAddress(`#${ans.share}`, push);
  router.show(tableScreen(shell, { snap: ans, mod, game, save, Table }));
  return null;
}

/**
 * Start the game of a record (from the setup page, a rematch...).
 * @param {import('../ui/router.js').Shell} shell
 * @param {import('../types.js').GameRecord} record
 * @param {number} token
 * @param {{push: boolean}} opts
 */
export function startRecord(shell, record, token, opts) {
  return startGame(shell, { record }, token, opts);
}

/**
 * Open a share link (the address `#g=...`).
 * @param {import('../ui/router.js').Shell} shell
 * @param {string} hash
 */
export async function openLink(shell, hash) {
  const token = shell.router.navigate();
  shell.router.show(openingScreen(shell));
  const err = await startGame(shell, { link: hash }, token, { push: false });
  if (err && shell.router.current(token)) showLinkError(shell, err);
}

/**
 * Continue a saved game exactly where it was (its full record, hidden moves included).
 * @param {import('../ui/router.js').Shell} shell
 * @param {string} id
 * @param {{push: boolean}} opts
 */
export async function resumeSave(shell, id, { push }) {
  const entry = getSave(id);
  if (!entry) {
    toast(t('resumeFailed'));
    shell.router.home();
    return;
  }
  const token = shell.router.navigate();
  shell.router.show(openingScreen(shell));
  const err = await startGame(shell, { link: entry.save }, token, { push, saveId: id, created: entry.created });
  if (err && shell.router.current(token)) showResumeError(shell, id, err);
}
