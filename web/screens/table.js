// Playing: open a game (a new record, a share link or a game saved on this device), mount its
// table (web/ui/play.js), keep its address in the bar and the game on this device after every
// change (a game in progress as a save, a finished one in the history).
//
// Two tabs on one saved game never lose an action: every write names the save's revision it
// builds on (web/ui/saves.js) and is refused when another tab has written since. A tab hears of
// the other's writes (the `storage` event, and again when it comes back into view): with nothing
// of its own unsaved it follows (reloads the game from the save), else it stops saving and says
// "This game moved on in another tab" with a button that reloads it. A full storage is said in
// a banner; the game goes on in memory and the previous save stays as it was.

import { t, STRINGS } from '../i18n.js';
import { toast } from '../ui/dialogs.js';
import { getSave, getHistory, writeSave, finishSave, newId, setCurrentTab, revOf } from '../ui/saves.js';
import { showSaveBanner, hideSaveBanner, saveBannerKind } from '../ui/save-banner.js';
import { loadModule } from '../ui/games.js';
import { ask } from '../ui/errors.js';
import { randomSeed } from '../ui/seed.js';
import { tooLong } from '../ui/import-check.js';
import { openingScreen } from './common.js';
import { showLinkError, showResumeError, showEngineFailed } from './errors.js';

/**
 * The saved game a table keeps up to date: its id, when it began, the revision of the save this
 * tab read or wrote last and the record it holds (`fragment`); `done` once over, `stale` once
 * another tab has moved it on (nothing is written any more), `full` while the storage refuses
 * it, `leaving` while the game is reloaded from its save.
 * @typedef {{id: string, created: number, rev: number, fragment: string | null, done?: boolean,
 *   warned?: boolean, stale?: boolean, full?: boolean, leaving?: boolean}} SaveSlot
 */

/**
 * Keep the game of a table on this device after every change: a game in progress as a save, a
 * finished one in the history. `save` is null for a game that was already over when opened.
 * @param {import('../ui/router.js').Shell} shell
 * @param {SaveSlot | null} save
 * @param {any} snap
 */
function persist(shell, save, snap) {
  if (!save || save.done || save.stale || save.leaving) return;
  const res = snap.over
    ? finishSave(save.id, snap, save.created, save.rev)
    : writeSave(save.id, snap, save.created, save.rev);
  if (res.ok === true) {
    save.rev = res.rev;
    save.fragment = snap.save ?? res.save;
    if (snap.over) save.done = true;
    setCurrentTab(snap.over ? null : save.id, `#${snap.share}`);
    if (save.full) {
      save.full = false;
      if (saveBannerKind() === 'full') hideSaveBanner();
      toast(() => t('saveBack'));
    }
    return;
  }
  if (res.reason === 'conflict') {
    movedOn(shell, save);
    return;
  }
  if (res.reason === 'full') {
    if (!save.full) showSaveBanner('full');
    save.full = true;
  } else if (!save.warned) {
    save.warned = true;
    toast(() => t('saveFailed'));
  }
  if (!snap.over) setCurrentTab(save.id, `#${snap.share}`);
}

/**
 * Another tab moved the game on while this one has work of its own: stop saving, say so, offer
 * to reload.
 * @param {import('../ui/router.js').Shell} shell
 * @param {SaveSlot} save
 */
function movedOn(shell, save) {
  save.stale = true;
  showSaveBanner('moved', { onReload: () => { follow(shell, save); } });
}

/**
 * Go on from what another tab saved: the game from its save, or its end if it was finished
 * there.
 * @param {import('../ui/router.js').Shell} shell
 * @param {SaveSlot} save
 */
async function follow(shell, save) {
  save.leaving = true;
  hideSaveBanner();
  const done = getSave(save.id) ? null : getHistory(save.id);
  if (!done) {
    await resumeSave(shell, save.id, { push: false });
    return;
  }
  const token = shell.router.navigate();
  shell.router.show(openingScreen(shell));
  const err = await startGame(shell, { link: done.record }, token, { push: false });
  if (err && shell.router.current(token)) showLinkError(shell, err);
}

/**
 * Whether a table has work the save lacks: a request on its way, a position the storage refused,
 * or a position not yet written.
 * @param {any} table
 * @param {SaveSlot} save
 */
function unsaved(table, save) {
  if (!table) return false;
  return Boolean(table.busy || save.full || (table.snap?.save && table.snap.save !== save.fragment));
}

/**
 * Follow the save of a table's game when another tab writes it (`storage` events; again when
 * this tab comes back into view, and once now for what was written while the game opened).
 * Returns the function that stops it.
 * @param {import('../ui/router.js').Shell} shell
 * @param {SaveSlot | null} save
 * @param {() => any} getTable
 */
function watchSave(shell, save, getTable) {
  if (!save) return () => {};
  const check = () => {
    if (save.done || save.stale || save.leaving) return;
    const entry = getSave(save.id);
    // nothing newer; or the save was deleted in another tab (this one goes on and saves again)
    if (entry ? revOf(entry) <= save.rev : !getHistory(save.id)) return;
    const table = getTable();
    if (entry && table?.snap?.save === entry.save) {
      save.rev = revOf(entry); // the other tab stored this very position
      save.fragment = entry.save;
      return;
    }
    if (document.visibilityState === 'hidden') return; // when it comes back into view
    if (unsaved(table, save)) {
      movedOn(shell, save);
      return;
    }
    follow(shell, save).then(() => { if (shell.router.screen.ownsAddress) toast(() => t('followedTab')); });
  };
  const keys = [`pygames.save.${save.id}`, `pygames.done.${save.id}`];
  /** @param {StorageEvent} ev */
  const onStorage = (ev) => { if (ev.key === null || keys.includes(ev.key)) check(); };
  const onVisible = () => { if (document.visibilityState === 'visible') check(); };
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', onVisible);
  // what was written while the game opened: in a task of its own, not in the table's drawing
  let live = true;
  setTimeout(() => { if (live) check(); }, 0);
  return () => {
    live = false;
    window.removeEventListener('storage', onStorage);
    document.removeEventListener('visibilitychange', onVisible);
  };
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
  let unwatch = () => {};
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
        onSnap: (next) => persist(shell, save, next),
        onRestart: (kind, record) => restart(shell, kind, record),
        onReplay: (last) => {
          location.hash = save && save.done && getHistory(save.id) ? `#/replay/${save.id}` : `#/replay&${last.share}`;
        },
        onFatal: (error) => showLinkError(shell, error),
      });
      table.begin();
      unwatch = watchSave(shell, save, () => table);
    },
    onLang() {}, // the table follows the language itself
    destroy() {
      unwatch();
      table?.destroy();
    },
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
 * `saveId`/`created`/`rev`/`fragment`: the saved game this continues (its revision and record as
 * read; a new save otherwise).
 * @param {import('../ui/router.js').Shell} shell
 * @param {{record?: object, link?: string}} request
 * @param {number} token the navigation it belongs to
 * @param {{push: boolean, saveId?: string | null, created?: number | null, rev?: number, fragment?: string | null}} opts
 * @returns {Promise<import('../types.js').Text | null>}
 */
export async function startGame(shell, request, token, { push, saveId = null, created = null, rev = 0, fragment = null }) {
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
  if (!ans.over) save = { id: saveId || newId(), created: created || Date.now(), rev: saveId ? rev : 0, fragment: saveId ? fragment : null };
  else if (saveId) finishSave(saveId, ans, created || Date.now(), rev); // it had ended: now history
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
  // longer than any record the engine takes: refused at once, the engine is not asked
  if (tooLong(hash)) { showLinkError(shell, STRINGS.linkTooLong); return; }
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
    toast(() => t('resumeFailed'));
    shell.router.home();
    return;
  }
  const token = shell.router.navigate();
  shell.router.show(openingScreen(shell));
  const err = await startGame(shell, { link: entry.save }, token, {
    push, saveId: id, created: entry.created, rev: revOf(entry), fragment: entry.save,
  });
  if (err && shell.router.current(token)) showResumeError(shell, id, err);
}
