// The lobby's lists of the games kept on this device: the games to continue (saved after every
// action) and the finished ones (with their replay), each with a way to delete it; and the
// device's storage: whether the browser keeps it for good, "Export all games" and "Import".

import { h, button } from '../ui/dom.js';
import { t, tx, tp, lang, seatName } from '../i18n.js';
import { cardEl, icon } from '../ui/card.js';
import { gameEmblem } from '../ui/art.js';
import { confirmDialog } from '../ui/dialogs.js';
import {
  listSaves, listHistory, deleteSave, deleteHistory, removeKey, storeAll, persistence, onPersistence,
  checkPersistence, moveToVault, forgetRecords, HISTORY_MAX,
} from '../ui/saves.js';
import {
  exportData, exportCount, exportFileName, downloadJson, readTextFile, readContent, planImport, recordFragment,
} from '../ui/saves-file.js';
import { checkEntry } from '../ui/import-check.js';
import { ask } from '../ui/errors.js';
import { playable } from '../ui/games.js';

/**
 * A line under the storage buttons: what an export or an import did (the `key` and `args` of
 * each of its sentences, `error` an engine's own sentence after them), drawn again in the other
 * language.
 * @typedef {{parts: import('../ui/saves-file.js').Refusal[], error?: import('../types.js').Text, tone: 'ok' | 'bad' | 'busy'}} SavesNote
 */

/**
 * What the lists need from the lobby.
 * @typedef {object} SavesHost
 * @property {any[] | null} games the catalogue (null while it is on its way)
 * @property {() => void} rerender draw the lobby again (after a deletion)
 * @property {(id: string) => void} resume continue the saved game `id`
 * @property {() => Promise<any>} engine the engine once ready (rejects if it failed to start)
 * @property {() => boolean} shown whether the lobby is still the screen on show
 * @property {SavesNote | null} note what the last export or import did
 */

/**
 * The lists' buttons, by their `data-action` (one listener on the lobby reads it).
 */
export const SAVES_ACTIONS = /** @type {Record<string, (host: SavesHost, data: DOMStringMap, el: HTMLElement) => void | Promise<void>>} */ ({
  continue: (host, data) => host.resume(data.id),
  'delete-save': async (host, data) => {
    if (await confirmDialog(t('deleteSaveQ'), { ok: t('deleteSave'), danger: true })) {
      deleteSave(data.id);
      host.engine().then((eng) => forgetRecords(eng, [data.id]), () => {}); // its record too
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
  'export-all': async (host) => exportAll(host),
  'import-pick': (_host, _data, el) => {
    const input = el.closest('[data-testid=saves-tools]')?.querySelector('[data-testid=import-file]');
    if (input instanceof HTMLInputElement) input.click();
  },
});

/**
 * The storage controls' inputs, by their `data-action` (the lobby's `change` listener): a file
 * chosen to import.
 * @type {Record<string, (host: SavesHost, input: HTMLInputElement) => void>}
 */
export const SAVES_INPUTS = {
  'import-file': (host, input) => {
    const file = input.files?.[0];
    input.value = ''; // the same file may be chosen again
    if (file) importFile(host, file);
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
  return tx(gameTitles(games, id));
}

/**
 * A game's title in both languages (its id while the catalogue is on its way).
 * @param {any[] | null} games
 * @param {string} id
 * @returns {import('../types.js').Text | string}
 */
function gameTitles(games, id) {
  const g = (games || []).find((x) => x.id === id);
  return g ? g.titles : id;
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
      h('b', { class: 'who', text: seatName(name, i) }),
      entry.kinds?.[i] === 'bot' ? h('span', { class: 'saved-bot', text: t('bot') }) : null,
      Array.isArray(entry.scores) && Number.isFinite(entry.scores[i]) ? h('span', { class: 'saved-score', text: String(entry.scores[i]) }) : null)));
}

/**
 * How far a kept game has gone, in the words of its table ("Round 2 of 5", "Turn 25").
 * @param {{n: number, of: number | null, turn?: boolean} | null} round
 */
function roundText(round) {
  if (!round) return null;
  if (round.turn) return t('turnN', round.n);
  return round.of ? t('roundOf', round.n, round.of) : t('roundN', round.n);
}

/**
 * A kept game's line under its names: how far it has gone, then when it was saved. A game
 * counted in turns shows its turn alone (its table says "Turn 25"; the moves within a turn
 * would read as another count).
 * @param {any} entry
 */
function saveMeta(entry) {
  const moves = entry.round?.turn ? null : t('moveN', entry.ply);
  return [roundText(entry.round), moves, t('savedAt', formatDate(entry.updated))].filter(Boolean).join(' · ');
}

/** @param {string} id */
function savedArt(id) {
  if (id === 'marie') {
    return h('div', { class: 'saved-art saved-art-cards', 'aria-hidden': 'true' },
      [3, 5].map((n, i) => cardEl(n, { size: 'xs', extraClass: `mini-${i}` })));
  }
  return h('div', { class: 'saved-art', 'aria-hidden': 'true' }, gameEmblem(id));
}

/**
 * The stored entries that could not be read, with a button that removes them.
 * @param {{key: string}[]} damaged
 */
function damagedNotice(damaged) {
  if (!damaged.length) return null;
  return h('div', { class: 'saved-damaged', testid: 'saves-damaged', role: 'status' },
    h('span', { text: t('savesDamaged', damaged.length) }),
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
  const meta = saveMeta(entry);
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

// ------------------------------------------------------------------ storage: keep, export, import

/**
 * Draw what the browser does with the saved games into `el`.
 * @param {HTMLElement} el
 * @param {'yes' | 'no' | 'unknown'} state
 */
function paintStorage(el, state) {
  el.dataset.state = state;
  const text = { yes: 'storageKept', no: 'storageMayClear', unknown: 'storageChecking' }[state];
  const hint = { yes: 'storageKeptHint', no: 'storageMayClearHint', unknown: null }[state];
  el.replaceChildren(
    icon(state === 'yes' ? 'check' : 'hourglass', 'storage-icon'),
    h('span', { class: 'storage-words' },
      h('span', { class: 'storage-text', testid: 'storage-text', text: t(text) }),
      hint ? h('span', { class: 'storage-hint', testid: 'storage-hint', text: t(hint) }) : null));
}

// the state changes (the browser answered, or granted persistence when a game was saved)
onPersistence((state) => {
  for (const el of document.querySelectorAll('[data-testid=storage-state]')) {
    if (el instanceof HTMLElement) paintStorage(el, state);
  }
});

/** The line that says whether the browser keeps the saved games for good. */
function storageLine() {
  const el = h('div', { class: 'storage-state', testid: 'storage-state' });
  paintStorage(el, persistence());
  // not known yet: drawn again with the answer (the line may not be in the page yet)
  if (persistence() === 'unknown') checkPersistence().then((state) => paintStorage(el, state));
  return el;
}

/**
 * The line that says what the last export or import did.
 * @param {SavesNote | null} note
 */
function noteLine(note) {
  const el = h('p', { class: 'saves-note', testid: 'saves-note', role: 'status', 'aria-live': 'polite' });
  paintNote(el, note);
  return el;
}

/**
 * @param {HTMLElement} el
 * @param {SavesNote | null} note
 */
function paintNote(el, note) {
  el.dataset.tone = note ? note.tone : 'none';
  el.textContent = note ? noteText(note) : '';
}

/** @param {SavesNote} note */
function noteText(note) {
  // an argument in both languages (a game's title) is shown in the current one
  const words = note.parts.map((part) => t(part.key, ...(part.args || []).map((a) => (typeof a === 'object' ? tx(a) : a))));
  if (note.error) words.push(tx(note.error));
  return words.join(lang() === 'ja' ? '' : ' ');
}

/**
 * A note of one sentence.
 * @param {string} key
 * @param {'ok' | 'bad' | 'busy'} tone
 * @param {{args?: (string | number)[], error?: import('../types.js').Text}} [more]
 * @returns {SavesNote}
 */
function note1(key, tone, { args, error } = {}) {
  return { parts: [{ key, args }], error, tone };
}

/**
 * A refusal as a note.
 * @param {import('../ui/saves-file.js').Refusal} why
 * @returns {SavesNote}
 */
function refused(why) {
  return { parts: [{ key: why.key, args: why.args }], error: why.error, tone: 'bad' };
}

/**
 * Say what an export or an import did (in the lobby on show, and in its next drawings).
 * @param {SavesHost} host
 * @param {SavesNote | null} note
 */
function setNote(host, note) {
  host.note = note;
  for (const el of document.querySelectorAll('[data-testid=saves-note]')) {
    if (el instanceof HTMLElement) paintNote(el, note);
  }
}

/**
 * The device's storage: whether it is kept for good, "Export all games" and "Import".
 * @param {SavesHost} host
 */
export function storageSection(host) {
  const count = exportCount(knownGames(host.games));
  const exportBtn = button(t('exportAll'), {
    class: 'btn', testid: 'export-all', data: { action: 'export-all' }, disabled: count === 0,
    title: count === 0 ? t('exportNone') : undefined,
  });
  const importBtn = button(t('importGames'), {
    class: 'btn', testid: 'import-pick', data: { action: 'import-pick' }, 'aria-describedby': 'import-hint',
  });
  const input = h('input', {
    type: 'file', accept: '.json,application/json,text/plain', hidden: true, tabindex: '-1',
    testid: 'import-file', 'aria-label': t('importGames'), data: { action: 'import-file' },
  });
  return h('section', { class: 'saved saves-tools', testid: 'saves-tools', 'aria-labelledby': 'tools-title' },
    h('h2', { class: 'section-head', id: 'tools-title', text: t('storageTitle') }),
    h('div', { class: 'tools-row' },
      storageLine(),
      h('div', { class: 'tools-actions' }, exportBtn, importBtn, input)),
    h('p', { class: 'tools-hint', id: 'import-hint', text: t('importHint') }),
    noteLine(host.note));
}

/**
 * The games in progress of an export with their records, which the engine's worker keeps (a
 * game whose record is missing is left out); null when it could not read them.
 * @param {SavesHost} host
 * @param {any[]} saves
 */
async function withRecords(host, saves) {
  const eng = await engineFor(host);
  if (!eng) return null;
  const ans = await ask(eng, { cmd: 'vault-export', ids: saves.map((e) => e.id) });
  if (!ans.ok || !Array.isArray(ans.records)) return null;
  const records = new Map(ans.records.map((r) => [r.id, r.save]));
  return saves.map((e) => ({ ...e, save: records.get(e.id) ?? e.save })).filter((e) => typeof e.save === 'string');
}

/**
 * "Export all games": one JSON file with every game kept here. Games in progress are asked
 * about first: the file holds their whole records, every hidden card included.
 * @param {SavesHost} host
 */
async function exportAll(host) {
  const data = exportData(knownGames(host.games));
  const n = data.saves.length + data.finished.length;
  if (!n) {
    setNote(host, note1('exportNone', 'bad'));
    return;
  }
  if (data.saves.length) {
    const sure = await confirmDialog(tp('exportSecretQ', data.saves.length), { ok: t('exportSecretOk'), testid: 'export-confirm' });
    if (!sure) return;
    const saves = await withRecords(host, data.saves);
    if (!saves) {
      setNote(host, note1('exportVaultFailed', 'bad'));
      return;
    }
    data.saves = saves;
  }
  const name = exportFileName();
  downloadJson(name, data);
  setNote(host, note1('exportDone', 'ok', { args: [n, name] }));
}

/**
 * The engine, or null (and the note says why) when it could not start.
 * @param {SavesHost} host
 */
async function engineFor(host) {
  try {
    return await host.engine();
  } catch (_) {
    setNote(host, note1('importNoEngine', 'bad'));
    return null;
  }
}

/** An import is on its way; a file chosen meanwhile waits for it (the last one chosen). */
let importing = false;
/** @type {{host: SavesHost, file: File} | null} */
let queued = null;

/**
 * Import a chosen file: a file of saved games (merged into this device's) or one game record
 * (opened in the replay viewer). A refused file changes nothing. A file chosen while another
 * is imported is imported next (never dropped unread).
 * @param {SavesHost} host
 * @param {File} file
 */
async function importFile(host, file) {
  if (importing) {
    queued = { host, file };
    return;
  }
  importing = true;
  // <html data-importing> while a file is read and checked (tests wait for its end)
  document.documentElement.dataset.importing = 'true';
  try {
    await importOne(host, file);
  } finally {
    importing = false;
    const next = queued;
    queued = null;
    if (next) void importFile(next.host, next.file);
    else delete document.documentElement.dataset.importing;
  }
}

/**
 * Read and import one file (see importFile).
 * @param {SavesHost} host
 * @param {File} file
 */
async function importOne(host, file) {
  setNote(host, note1('importChecking', 'busy'));
  const read = await readTextFile(file);
  if ('why' in read) {
    setNote(host, refused(read.why));
    return;
  }
  const content = readContent(read.text, knownGames(host.games));
  if (content.kind === 'refused') setNote(host, refused(content.why));
  else if (content.kind === 'saves') await importSaves(host, content.data);
  else await openRecord(host, content.kind === 'link' ? { link: content.link } : { record: content.record });
}

/**
 * One game record: the engine checks it; then the replay viewer shows it.
 * @param {SavesHost} host
 * @param {{link: string} | {record: object}} request
 */
async function openRecord(host, request) {
  const eng = await engineFor(host);
  if (!eng) return;
  const ans = await ask(eng, { cmd: 'replay', ...request, ply: 0 });
  if (!ans.ok) {
    setNote(host, note1('importRecordRefused', 'bad', { error: ans.error }));
    return;
  }
  setNote(host, null);
  if (host.shown()) location.hash = `#/replay&${'link' in request ? request.link : recordFragment(request.record)}`;
}

/**
 * A file of saved games: every new game is checked by the engine, then all are stored together
 * (or none, and the note says why).
 * @param {SavesHost} host
 * @param {any} data
 */
async function importSaves(host, data) {
  const titleOf = (/** @type {string} */ game) => gameTitles(host.games, game);
  const plan = planImport(data, knownGames(host.games), { now: Date.now(), titleOf });
  if ('why' in plan) {
    setNote(host, refused(plan.why));
    return;
  }
  const corrected = plan.add.length ? await checkAll(host, plan, titleOf) : 0;
  if (corrected === null) return;
  const why = storeAll(plan.add);
  if (why) {
    setNote(host, note1(why === 'full' ? 'importFull' : 'importBlocked', 'bad'));
    return;
  }
  // the records of the games in progress go into the engine worker's vault
  const going = plan.add.filter((item) => item.kind === 'save').map((item) => item.entry.id);
  const eng = going.length ? await engineFor(host) : null;
  if (eng) await moveToVault(eng, going);
  setNote(host, importedNote(plan, corrected));
  if (!host.shown()) return;
  host.rerender();
  // the lists above grew: the player still sees what the import did
  document.querySelector('[data-testid=saves-note]')?.scrollIntoView({ block: 'nearest' });
}

/**
 * Replay every game of an import with the engine and check each entry whole against its record
 * (web/ui/import-check.js): `plan.add` then holds the entries to store (the fields the record
 * gives, the record's). Resolves with how many entries were corrected, or null when one is
 * refused (the note says why; nothing is stored).
 * @param {SavesHost} host
 * @param {import('../ui/saves-file.js').ImportPlan} plan
 * @param {(game: string) => import('../types.js').Text | string} titleOf
 * @returns {Promise<number | null>}
 */
async function checkAll(host, plan, titleOf) {
  const eng = await engineFor(host);
  if (!eng) return null;
  let corrected = 0;
  const now = Date.now();
  for (const item of plan.add) {
    // the last position: its answer says whether the game is over, and how it ended
    const ans = await ask(eng, { cmd: 'replay', link: item.kind === 'save' ? item.entry.save : item.entry.record });
    if (!ans.ok) {
      setNote(host, note1('importRefused', 'bad', { args: [item.index], error: ans.error }));
      return null;
    }
    const checked = checkEntry(item, ans, { now, title: titleOf(item.entry.game) });
    if ('why' in checked) {
      setNote(host, refused(checked.why));
      return null;
    }
    item.entry = checked.entry;
    if (checked.corrected.length) corrected += 1;
  }
  return corrected;
}

/**
 * What an import added, what it corrected, and what it left out.
 * @param {import('../ui/saves-file.js').ImportPlan} plan
 * @param {number} corrected how many entries had fields their record contradicts (taken from it)
 * @returns {SavesNote}
 */
function importedNote(plan, corrected) {
  const n = plan.add.length;
  const parts = [{ key: n === 0 ? 'importNothingNew' : 'importAdded', args: [n] }];
  if (corrected) parts.push({ key: 'importCorrected', args: [corrected] });
  if (plan.same) parts.push({ key: 'importSame', args: [plan.same] });
  if (plan.older) parts.push({ key: 'importOlder', args: [plan.older, HISTORY_MAX] });
  return { parts, tone: 'ok' };
}
