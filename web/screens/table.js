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
import {
  getSave, getHistory, writeSave, finishSave, restoreSave, forgetRecords, newId, revOf, deleteSave,
} from '../ui/saves.js';
import { showSaveBanner, hideSaveBanner, saveBannerKind } from '../ui/save-banner.js';
import { loadModule } from '../ui/games.js';
import { ask } from '../ui/errors.js';
import { tooLong } from '../ui/import-check.js';
import { openingScreen } from './common.js';
import { showLinkError, showResumeError, showEngineFailed, showNotHere } from './errors.js';

/**
 * The saved game a table keeps up to date: its id, when it began, the revision of its entry this
 * tab read or wrote last and the engine's number of the record it holds (`keep`: the record
 * itself stays in the engine's worker, which keeps it in its vault); `done` once over, `stale`
 * once another tab has moved it on (nothing is written any more), `full` while the storage
 * refuses it, `leaving` while the game is reloaded from its save. `chain`: the writes, one after
 * the other. `unplayed`: a game nobody asked to keep yet (the one a lesson's end starts): left
 * before any move, its save is deleted (the lobby lists no game with nothing to continue).
 * @typedef {{id: string, created: number, rev: number, keep: number | null, done?: boolean,
 *   warned?: boolean, stale?: boolean, full?: boolean, leaving?: boolean, writing?: boolean,
 *   unplayed?: boolean, chain: Promise<void>}} SaveSlot
 */

/**
 * Keep the game of a table on this device after every change: a game in progress as a save (its
 * public facts here, its record in the vault), a finished one in the history. `save` is null for
 * a game that was already over when opened.
 * @param {import('../ui/router.js').Shell} shell
 * @param {SaveSlot | null} save
 * @param {any} snap
 */
function persist(shell, save, snap) {
  if (!save || save.done || save.stale || save.leaving) return;
  if (!snap.over && snap.keep === save.keep && !save.full) return; // nothing new
  save.chain = save.chain.then(() => (snap.over ? finish(shell, save, snap) : keep(shell, save, snap)));
}

/**
 * The game ended: into the history; its record is public now, the vault forgets it.
 * @param {import('../ui/router.js').Shell} shell
 * @param {SaveSlot} save
 * @param {any} snap
 */
function finish(shell, save, snap) {
  if (save.done || save.stale || save.leaving) return;
  const res = finishSave(save.id, snap, save.created, save.rev);
  if (res.ok === true) {
    save.done = true;
    forgetRecords(shell.engine.engine, [save.id]);
    forgetDevices(save.id); // its seats on other devices: their tokens are of no more use
    saved(save);
  } else {
    failed(shell, save, res.reason);
  }
}

/**
 * A game in progress: its entry here (the revision checked), then its record into the vault
 * with that revision; when the vault refuses it, the entry is put back as it was.
 * @param {import('../ui/router.js').Shell} shell
 * @param {SaveSlot} save
 * @param {any} snap
 */
async function keep(shell, save, snap) {
  if (save.done || save.stale || save.leaving || (snap.keep === save.keep && !save.full)) return;
  const res = writeSave(save.id, snap, save.created, save.rev);
  if (res.ok !== true) {
    failed(shell, save, res.reason);
    return;
  }
  const before = save.rev;
  save.rev = res.rev;
  save.writing = true;
  const kept = await ask(shell.engine.engine, { cmd: 'vault-keep', session: snap.session, game: save.id, keep: snap.keep, rev: res.rev });
  save.writing = false;
  if (!kept.ok) {
    restoreSave(save.id, res.previous);
    save.rev = before;
    failed(shell, save, { stale: 'conflict', full: 'full' }[kept.reason] || 'blocked');
    return;
  }
  save.keep = snap.keep;
  saved(save);
}

/**
 * A write went through: a full storage that refused the ones before is said to be over.
 * @param {SaveSlot} save
 */
function saved(save) {
  if (!save.full) return;
  save.full = false;
  if (saveBannerKind() === 'full') hideSaveBanner();
  toast(() => t('saveBack'));
}

/**
 * A write was refused: another tab moved the game on, the storage is full, or there is none.
 * @param {import('../ui/router.js').Shell} shell
 * @param {SaveSlot} save
 * @param {string} reason
 */
function failed(shell, save, reason) {
  if (reason === 'conflict') {
    movedOn(shell, save);
  } else if (reason === 'full') {
    if (!save.full) showSaveBanner('full');
    save.full = true;
  } else if (!save.warned) {
    save.warned = true;
    toast(() => t('saveFailed'));
  }
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
  await resumeSave(shell, save.id, { push: false });
}

/**
 * Whether a table has work the save lacks: a request on its way, a write on its way, a position
 * the storage refused, or a position not yet written.
 * @param {any} table
 * @param {SaveSlot} save
 */
function unsaved(table, save) {
  if (!table) return false;
  return Boolean(table.busy || save.full || save.writing || (table.snap && !table.snap.over && table.snap.keep !== save.keep));
}

/**
 * A table left: a game that `unplayed` marks, left before any move, is not kept (its save and
 * its record go, once the writes on their way are done; a save another tab moved on stays).
 * @param {import('../ui/router.js').Shell} shell
 * @param {SaveSlot | null} save
 * @param {any} snap the table's last snapshot
 */
function dropUnplayed(shell, save, snap) {
  if (!save?.unplayed || !snap || snap.over || snap.ply !== 0 || save.done || save.stale) return;
  save.leaving = true; // the writes queued and not begun are dropped (`keep`)
  const drop = () => {
    const entry = getSave(save.id);
    if (!entry || entry.ply !== 0 || revOf(entry) !== save.rev) return;
    deleteSave(save.id);
    forgetRecords(shell.engine.engine, [save.id]);
  };
  drop(); // now, before the lobby lists the saves; again after a write on its way
  save.chain = save.chain.then(drop);
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
 * @param {{snap: any, mod: any, game: any, save: SaveSlot | null, Table: any, devices?: any}} o
 * @returns {import('../ui/router.js').Screen}
 */
function tableScreen(shell, { snap, mod, game, save, Table, devices }) {
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
        // the address of a finished game: its record (nothing is hidden any more)
        onShare: (share) => { if (router.showing(s) && table?.snap?.over) router.setAddress(`#${share}`, false); },
        onSnap: (next) => persist(shell, save, next),
        onRestart: (kind, record) => restart(shell, kind, record, devices?.hub.seats ?? []), // (new invites)
        onReplay: (last) => {
          location.hash = save && save.done && getHistory(save.id) ? `#/replay/${save.id}` : `#/replay&${last.share}`;
        },
        onFatal: (error) => showLinkError(shell, error),
        devices: devices || undefined,
      });
      table.begin();
      unwatch = watchSave(shell, save, () => table);
    },
    onLang() {}, // the table follows the language itself
    destroy() {
      unwatch();
      table?.destroy();
      dropUnplayed(shell, save, table?.snap);
    },
  };
  return s;
}

/**
 * A rematch (the same deal) or a new game (a new deal) with the same seats and options.
 * @param {import('../ui/router.js').Shell} shell
 * @param {'rematch' | 'new'} kind
 * @param {import('../types.js').GameRecord} record
 * @param {number[]} devices the seats played on other devices: they still are (their phones
 *   scan new invites)
 */
async function restart(shell, kind, record, devices) {
  const rec = { ...record, actions: [] };
  if (kind === 'new') delete rec.seed; // the engine deals a new one
  const err = await startRecord(shell, rec, shell.router.token, { push: true, devices });
  if (err) showLinkError(shell, err);
}

/**
 * Start a game from a request ({record}, {link} or {resume}: the saved game `saveId` from the
 * vault) and mount its table. Resolves with the engine's refusal, or null (started, or the player
 * went elsewhere meanwhile). A game in progress is kept under `saveId` (a new id otherwise: a
 * link or a record is always a new game) and its address is `#play/<id>`; a finished one's is its
 * record. `created`/`rev`: the saved game's, as read; `legacy`: its record came from an old entry
 * (not yet in the vault: written at the first save); `unplayed`: a new game not kept if it is
 * left before any move (the one a lesson's end starts).
 * @param {import('../ui/router.js').Shell} shell
 * @param {{record?: object, link?: string, resume?: boolean, rev?: number}} request
 * @param {number} token the navigation it belongs to
 * `devices`: the seats a person plays from another device (a new game; a saved one keeps its own).
 * @param {{push: boolean, saveId?: string | null, created?: number | null, rev?: number, legacy?: boolean, unplayed?: boolean, devices?: number[]}} opts
 * @returns {Promise<import('../types.js').Text | null>}
 */
export async function startGame(shell, request, token, { push, saveId = null, created = null, rev = 0, legacy = false, unplayed = false, devices = [] }) {
  const { router } = shell;
  let eng;
  try {
    eng = await shell.engine.ready();
  } catch (_) {
    if (router.current(token)) showEngineFailed(shell);
    return null;
  }
  const id = saveId || newId();
  const ans = await ask(eng, { cmd: 'start', ...request, game: id });
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
  if (!ans.over) {
    save = { id, created: created || Date.now(), rev: saveId ? rev : 0, keep: saveId && !legacy ? ans.keep : null, chain: Promise.resolve() };
    if (unplayed && !saveId) save.unplayed = true;
  } else if (saveId) {
    finishSave(saveId, ans, created || Date.now(), rev); // it had ended: now history
    forgetRecords(eng, [saveId]);
  }
  const linked = ans.over ? null : await devicesFor({ id, game: ans.game }, devices, eng);
  if (!router.current(token)) return null;
  router.navigate();
  router.setAddress(ans.over ? `#${ans.share}` : `#play/${id}`, push);
  router.show(tableScreen(shell, { snap: ans, mod, game, save, Table, devices: linked }));
  return null;
}

/** Forget the seats on other devices of the game `id` (ui/devices.js's key). */
function forgetDevices(id) {
  try {
    localStorage.removeItem(`pygames.devices.${id}`);
  } catch (_) { /* no storage: nothing was kept */ }
}

/** Whether this device keeps seats on other devices for the game `id` (ui/devices.js's key). */
function hasDevices(id) {
  try {
    return localStorage.getItem(`pygames.devices.${id}`) !== null;
  } catch (_) {
    return false;
  }
}

/**
 * The seats of the game `id` played from other devices (a new game's `seats`, else those its
 * save keeps), with the hub that connects them; null when there are none. The page's code for
 * them is loaded only then.
 * @param {{id: string, game: string}} where the save's id and the game's id
 * @param {number[]} seats
 * @param {import('../types.js').Engine} engine
 */
async function devicesFor({ id, game }, seats, engine) {
  if (!seats.length && !hasDevices(id)) return null;
  const ui = await import('../ui/devices.js');
  if (seats.length) ui.keepDevices(id, { seats, tokens: {} });
  const kept = ui.devicesOf(id);
  if (!kept) return null;
  let table = null;
  const hub = await ui.hubOf({ id, game, kept, engine, table: () => table });
  return { hub, ui, bind: (t) => { table = t; } };
}

/**
 * Start the game of a record (from the setup page, a rematch...): a new game.
 * @param {import('../ui/router.js').Shell} shell
 * @param {import('../types.js').GameRecord} record
 * @param {number} token
 * @param {{push: boolean, unplayed?: boolean, devices?: number[]}} opts
 */
export function startRecord(shell, record, token, opts) {
  return startGame(shell, { record }, token, opts);
}

/**
 * Open a game link (the address `#g=...`): a new game of that record (a finished one is shown as
 * it ended). A link never opens a game running on this device.
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
 * Continue a saved game exactly where it was (`#play/<id>`): its record from the vault, hidden
 * moves included. A game finished meanwhile is shown as it ended; an id this device does not
 * keep is said so, with the way back to the lobby.
 * @param {import('../ui/router.js').Shell} shell
 * @param {string} id
 * @param {{push: boolean}} opts
 */
export async function resumeSave(shell, id, { push }) {
  const entry = getSave(id);
  const done = entry ? null : getHistory(id);
  if (!entry && !done) {
    showNotHere(shell);
    return;
  }
  const token = shell.router.navigate();
  shell.router.show(openingScreen(shell));
  if (done) {
    const err = await startGame(shell, { link: done.record }, token, { push });
    if (err && shell.router.current(token)) showLinkError(shell, err);
    return;
  }
  const legacy = typeof entry.save === 'string';
  const err = await startGame(shell, legacy ? { link: entry.save } : { resume: true, rev: revOf(entry) }, token, {
    push, saveId: id, created: entry.created, rev: revOf(entry), legacy,
  });
  if (err && shell.router.current(token)) showResumeError(shell, id, err);
}
