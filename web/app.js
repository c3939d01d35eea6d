// The page shell: header (language, bot speed, settings, engine progress), hash routes, the
// lobby (with the games to continue and the finished ones), the rules pages, the table setup,
// opening share links, mounting a game table (saved after every action), the replay viewer, and
// the service worker that keeps the site offline. It never implements a rule: the engine (Python
// in a worker) answers every question about a game.
//
// Routes: #/ lobby, #/rules/<id>, #/setup/<id>, #g=<record> a game (this tab's saved game when
// the address is the one it left), #/replay/<finished id>, #/replay&g=<record>[&ply=N].

import { h, clear, button } from './ui/dom.js';
import { t, tx, lang, setLang, onLang, levelName, STRINGS } from './i18n.js';
import { cardEl, cakeLogo, icon } from './ui/card.js';
import { errorPage, clearOverlays, toast, confirmDialog } from './ui/dialogs.js';
import { speed } from './ui/speed.js';
import {
  listSaves, listHistory, getSave, getHistory, writeSave, finishSave, deleteSave, deleteHistory,
  removeKey, newId, currentTab, setCurrentTab,
} from './ui/saves.js';
import {
  openSettings, onSettings, setBotSpeed, tableOptions, booleanOptions, optionSwitch,
} from './ui/settings.js';
import { registerServiceWorker, onOfflineReady, offlineReady } from './ui/pwa.js';
import { keepFocus } from './ui/focus.js';
import { MODULES } from './games/index.js';
import { catalogJson, fetchCatalog } from './catalog.js';

// An async module script: it runs in a task of its own as soon as its modules are in, instead of
// in the task that ends the HTML parse and lays the page out (one long task of 70-190 ms on the
// test machine). The page it draws into must be parsed first.
if (document.readyState === 'loading') {
  await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
}

const app = document.getElementById('app');
const html = document.documentElement;
keepFocus(app); // redraws keep the keyboard focus where the player was

// ------------------------------------------------------------------ game modules (one per game)
// (the list lives in games/index.js)

function playable(id) {
  return Object.prototype.hasOwnProperty.call(MODULES, id);
}

async function loadModule(id) {
  if (!playable(id)) return null;
  const loader = MODULES[id];
  const mod = await loader();
  return mod.default || mod;
}

// ------------------------------------------------------------------ engine boot
const engineBox = {
  engine: null,
  state: 'loading',
  stage: 'download',
  pct: 0,
  error: null,
};
let resolveReady;
let rejectReady;
const engineReady = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
engineReady.catch(() => {});

function setEngineState(state, error) {
  if (engineBox.state === 'ready' || engineBox.state === 'failed') return;
  engineBox.state = state;
  html.dataset.engine = state;
  if (state === 'ready') resolveReady(engineBox.engine);
  if (state === 'failed') {
    engineBox.error = error || null;
    rejectReady(error || new Error('engine failed'));
  }
  paintEngineStatus();
  if (screen.onEngine) screen.onEngine();
}

function engineNote() {
  if (engineBox.state === 'ready') return null;
  return h('p', { class: ['field-help', engineBox.state === 'failed' ? 'neg' : null], testid: 'engine-note', text: engineBox.state === 'failed' ? t('engineFailed') : t('engineWait') });
}

function engineBanner() {
  if (engineBox.state !== 'failed') return null;
  return h('div', { class: 'engine-banner', testid: 'engine-failed', role: 'alert' },
    h('strong', { text: t('engineFailed') }),
    engineBox.error ? h('p', { text: tx(engineBox.error) }) : null,
    h('p', { text: t('engineFailedHelp') }));
}

function onProgress(ev) {
  if (!ev) return;
  if (ev.type === 'failed') {
    setEngineState('failed', ev.error);
    return;
  }
  if (ev.type === 'progress') {
    engineBox.stage = ev.stage || engineBox.stage;
    if (typeof ev.pct === 'number') engineBox.pct = Math.max(0, Math.min(100, Math.round(ev.pct)));
    if (ev.stage === 'ready') engineBox.pct = 100;
    paintEngineStatus();
  }
}

async function bootEngine() {
  html.dataset.engine = 'loading';
  try {
    // boot.js (an async script of its own) started the engine before this module graph loaded;
    // importing it here gives that same module, or loads it now if it has not run yet
    const { engine, followEngine } = await import('./boot.js');
    engineBox.engine = engine;
    followEngine(onProgress);
    await engineBox.engine.ready;
    setEngineState('ready');
  } catch (err) {
    const text = err && err.en ? err : (err && err.error) || null;
    setEngineState('failed', text || { en: String(err?.message || err), ja: String(err?.message || err) });
  }
}

function paintEngineStatus() {
  const box = document.getElementById('engine-status');
  const text = document.getElementById('engine-text');
  const fill = document.getElementById('engine-fill');
  if (!box) return;
  box.dataset.state = engineBox.state;
  if (engineBox.state === 'ready') {
    text.textContent = t('engineReady');
    fill.style.width = '100%';
  } else if (engineBox.state === 'failed') {
    text.textContent = t('engineFailed');
    fill.style.width = '100%';
    box.title = tx(engineBox.error) || '';
  } else {
    const key = `engineStage_${engineBox.stage}`;
    text.textContent = t(key in STAGE_KEYS ? key : 'engineLoading', engineBox.pct);
    fill.style.width = `${Math.max(4, engineBox.pct)}%`;
  }
}
const STAGE_KEYS = { engineStage_download: 1, engineStage_start: 1, engineStage_install: 1 };

/** The engine once ready; throws {en, ja} if it failed to start. */
async function readyEngine() {
  if (engineBox.state === 'ready') return engineBox.engine;
  return engineReady;
}

// ------------------------------------------------------------------ catalogue
let catalogPromise = null;
let catalogAsked = false;
function catalog() {
  if (!catalogPromise) {
    // the first time, the answer catalog.js asked for as the page started; later, a fresh one
    const json = catalogAsked ? fetchCatalog() : catalogJson;
    catalogAsked = true;
    catalogPromise = json
      .then((data) => data.games)
      .catch(async () => {
        const eng = await readyEngine();
        const ans = await eng.call({ cmd: 'catalog' });
        if (!ans.ok) throw ans.error;
        return ans.games;
      });
    catalogPromise.catch(() => { catalogPromise = null; });
  }
  return catalogPromise;
}

async function findGame(id) {
  const games = await catalog();
  return games.find((g) => g.id === id) || null;
}

// ------------------------------------------------------------------ header
function paintHeader() {
  document.getElementById('brand-title').textContent = t('appTitle');
  const logo = document.querySelector('.brand-logo');
  if (logo && !logo.firstChild) logo.append(cakeLogo());
  document.title = `${t('appTitle')} · ${lang() === 'ja' ? 'Table Games' : 'テーブルゲーム'}`;
  const tools = clear(document.getElementById('topbar-tools'));
  const langs = h('div', { class: 'seg lang-switch', role: 'group', 'aria-label': t('langLabel') },
    ['en', 'ja'].map((code) => {
      const b = button(code === 'en' ? 'EN' : '日本語', {
        class: ['seg-btn', lang() === code ? 'is-on' : null], testid: `lang-${code}`,
        'aria-pressed': lang() === code ? 'true' : 'false', lang: code,
        title: code === 'en' ? 'English' : '日本語', // the name stays the visible text (EN)
      });
      b.addEventListener('click', () => setLang(code));
      return b;
    }));
  const sel = h('select', { class: 'select select-sm', testid: 'speed', id: 'speed-select', 'aria-label': t('botSpeed') },
    ['normal', 'fast', 'instant'].map((s) => h('option', { value: s, text: t(`speed_${s}`) })));
  sel.value = speed();
  sel.addEventListener('change', () => setBotSpeed(sel.value));
  const speedBox = h('label', { class: 'speed', for: 'speed-select' }, h('span', { class: 'speed-label', text: t('botSpeed') }), sel);
  const gear = button(icon('gear'), {
    class: 'btn btn-icon topbar-btn', testid: 'open-settings', 'aria-label': t('settings'), title: t('settings'),
    'aria-haspopup': 'dialog',
  });
  gear.addEventListener('click', () => {
    catalog().then((games) => openSettings({ games }), () => openSettings({ games: [] }));
  });
  tools.append(speedBox, langs, gear);
  paintEngineStatus();
}
onSettings((what) => { if (what === 'speed') paintHeader(); });

// ------------------------------------------------------------------ screens
let screen = { render() {}, destroy() {} };
let routeToken = 0;

function show(next) {
  try { screen.destroy(); } catch (_) { /* ignore */ }
  clearOverlays();
  screen = next;
  try {
    screen.render();
  } catch (err) {
    crashed(err);
  }
  window.scrollTo(0, 0);
}

/** Never leave a blank page: an unexpected error shows a message and a way back. */
function crashed(err) {
  console.error(err);
  const message = String(err?.message || err || '');
  if (!app.firstElementChild || app.querySelector('[data-testid=opening]')) {
    errorPage(app, { title: t('somethingWrong'), message, help: t('linkBrokenHelp'), testid: 'crash-page' });
  } else {
    toast(`${t('somethingWrong')} ${message}`);
  }
}
window.addEventListener('error', (ev) => crashed(ev.error || ev.message));
window.addEventListener('unhandledrejection', (ev) => crashed(ev.reason));

function page(cls, testid, ...children) {
  return h('section', { class: ['page', cls], testid }, ...children);
}

function gameMeta(g) {
  return h('p', { class: 'game-meta' },
    h('span', { class: 'meta-item', text: t('players', g.min_players, g.max_players) }),
    h('span', { class: 'meta-item', text: t('minutes', g.minutes) }));
}

function tileArt(id) {
  if (id === 'marie') {
    return h('div', { class: 'tile-art', 'aria-hidden': 'true' }, [3, 5, 7].map((n, i) => cardEl(n, { size: 'md', extraClass: `fan-${i}` })));
  }
  return h('div', { class: 'tile-art tile-art-plain', 'aria-hidden': 'true' }, h('span', { class: 'plate' }, cakeLogo()));
}

// ------------------------------------------------------------------ lobby: saved and finished games
function formatDate(ms) {
  try {
    return new Intl.DateTimeFormat(lang() === 'ja' ? 'ja-JP' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
  } catch (_) {
    return new Date(ms).toLocaleString();
  }
}

function gameTitle(games, id) {
  const g = (games || []).find((x) => x.id === id);
  return g ? tx(g.titles) : id;
}

function namesLine(entry, winners = []) {
  const win = new Set(winners);
  return h('p', { class: 'saved-names', 'aria-label': t('vsLabel') },
    entry.names.map((name, i) => h('span', { class: ['saved-name', `seat-c${i}`, win.has(i) ? 'is-winner' : null] },
      win.has(i) ? icon('crown', 'crown-mini') : null,
      h('b', { class: 'who', text: name }),
      entry.kinds?.[i] === 'bot' ? h('span', { class: 'saved-bot', text: t('bot') }) : null,
      Array.isArray(entry.scores) && Number.isFinite(entry.scores[i]) ? h('span', { class: 'saved-score', text: String(entry.scores[i]) }) : null)));
}

function roundText(round) {
  if (!round) return null;
  return round.of ? t('roundOf', round.n, round.of) : t('roundN', round.n);
}

function savedArt(id) {
  if (id === 'marie') {
    return h('div', { class: 'saved-art saved-art-cards', 'aria-hidden': 'true' },
      [3, 5].map((n, i) => cardEl(n, { size: 'xs', extraClass: `mini-${i}` })));
  }
  return h('div', { class: 'saved-art', 'aria-hidden': 'true' }, cakeLogo());
}

function damagedNotice(damaged, rerender) {
  if (!damaged.length) return null;
  const remove = button(t('removeDamaged'), { class: 'btn btn-quiet btn-sm', testid: 'remove-damaged' });
  remove.addEventListener('click', () => {
    for (const d of damaged) removeKey(d.key);
    rerender();
  });
  return h('div', { class: 'saved-damaged', testid: 'saves-damaged', role: 'status' },
    h('span', { text: damaged.length === 1 ? t('savesDamagedOne') : t('savesDamagedMany', damaged.length) }),
    remove);
}

function continueSection(games, rerender) {
  const known = games ? new Set(games.map((g) => g.id)) : undefined;
  const { items, damaged } = listSaves(known);
  const history = listHistory(known);
  const allDamaged = damaged.concat(history.damaged);
  if (!items.length && !allDamaged.length) return null;
  const rows = items.map((entry) => {
    const title = gameTitle(games, entry.game);
    const go = playable(entry.game)
      ? button(t('continueGame'), { class: 'btn btn-primary', testid: 'save-continue' })
      : h('span', { class: 'soon', text: t('comingSoon') });
    if (go.tagName === 'BUTTON') go.addEventListener('click', () => resumeSave(entry.id, { push: true }));
    const del = button(icon('trash'), {
      class: 'btn btn-icon btn-quiet', testid: 'save-delete', 'aria-label': t('deleteSaveNamed', title), title: t('deleteSave'),
    });
    del.addEventListener('click', async () => {
      if (await confirmDialog(t('deleteSaveQ'), { ok: t('deleteSave'), danger: true })) {
        deleteSave(entry.id);
        rerender();
      }
    });
    const meta = [roundText(entry.round), t('moveN', entry.ply), t('savedAt', formatDate(entry.updated))].filter(Boolean).join(' · ');
    return h('li', { class: 'saved-item', testid: 'save-item', data: { saveId: entry.id, game: entry.game } },
      savedArt(entry.game),
      h('div', { class: 'saved-body' },
        h('h3', { class: 'saved-title', text: title }),
        namesLine(entry),
        h('p', { class: 'saved-meta', testid: 'save-meta', text: meta })),
      h('div', { class: 'saved-actions' }, go, del));
  });
  return h('section', { class: 'saved', testid: 'saves', 'aria-labelledby': 'saves-title' },
    h('h2', { class: 'section-head', id: 'saves-title', text: t('continueTitle') }),
    damagedNotice(allDamaged, rerender),
    rows.length ? h('ul', { class: 'saved-list', testid: 'save-list' }, rows) : null);
}

function finishedSection(games, rerender) {
  const known = games ? new Set(games.map((g) => g.id)) : undefined;
  const { items } = listHistory(known);
  if (!items.length) return null;
  const rows = items.map((entry) => {
    const title = gameTitle(games, entry.game);
    const replay = h('a', { class: 'btn', href: `#/replay/${entry.id}`, testid: 'finished-replay' },
      icon('eye'), h('span', { text: t('watchReplay') }));
    const del = button(icon('trash'), {
      class: 'btn btn-icon btn-quiet', testid: 'finished-delete', 'aria-label': t('deleteSaveNamed', title), title: t('deleteSave'),
    });
    del.addEventListener('click', async () => {
      if (await confirmDialog(t('deleteFinishedQ'), { ok: t('deleteSave'), danger: true })) {
        deleteHistory(entry.id);
        rerender();
      }
    });
    return h('li', { class: 'saved-item finished-item', testid: 'finished-item', data: { finishedId: entry.id, game: entry.game } },
      h('div', { class: 'saved-body' },
        h('h3', { class: 'saved-title' }, h('span', { text: title }),
          h('span', { class: 'saved-date', text: t('finishedAt', formatDate(entry.finished)) })),
        namesLine(entry, entry.winners)),
      h('div', { class: 'saved-actions' }, playable(entry.game) ? replay : null, del));
  });
  return h('section', { class: 'saved finished', testid: 'finished', 'aria-labelledby': 'finished-title' },
    h('h2', { class: 'section-head', id: 'finished-title', text: t('historyTitle') }),
    h('ul', { class: 'saved-list', testid: 'finished-list' }, rows));
}

// The lobby's first drawing in a page is laid out a piece a frame (the hero, the grid, each game
// tile, the notes...): on the test machine the browser's first layout of the whole lobby, fonts
// still cold, took 50-160 ms in one frame, and 6-30 ms a piece when laid out piece by piece
// (issue 10: never block the main thread more than 50 ms). Until one such drawing has finished,
// a redraw starts over the same way; after it, redraws (the engine ready, the other language, a
// save from another tab) are warm and put everything in at once. A game tile is built in the
// frame that appends it: building the five tiles (their art is SVG) took 8-26 ms of script, which
// would otherwise run in the task that evaluates this module graph.
let lobbyLaidOut = false;

/** Append each [parent, piece] of `pieces`, a piece being a node, null (skipped) or a function
 * that builds its node: now, or on the first drawing one a frame. */
function layOut(section, pieces) {
  const todo = pieces.filter(([, piece]) => piece);
  const build = (piece) => (typeof piece === 'function' ? piece() : piece);
  if (lobbyLaidOut || typeof requestAnimationFrame !== 'function') {
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
    lobbyLaidOut = true;
  };
  // the coming frame lays out the header's tools, drawn just before; the pieces from the next
  requestAnimationFrame(() => requestAnimationFrame(next));
}

/** A game's tile in the lobby: its art, titles, player counts and buttons. */
function gameTile(g) {
  const other = lang() === 'ja' ? g.titles.en : g.titles.ja;
  return h('article', { class: 'game-tile', testid: `game-${g.id}`, data: { game: g.id } },
    tileArt(g.id),
    h('div', { class: 'tile-body' },
      h('h2', { class: 'tile-title', testid: 'game-title', text: tx(g.titles) }),
      other && other !== tx(g.titles) ? h('p', { class: 'tile-sub', text: other }) : null,
      gameMeta(g),
      h('div', { class: 'tile-actions' },
        playable(g.id)
          ? h('a', { class: 'btn btn-primary btn-lg', href: `#/setup/${g.id}`, testid: `play-${g.id}`, text: t('play') })
          : h('span', { class: 'soon', testid: `soon-${g.id}`, text: t('comingSoon') }),
        h('a', { class: 'btn btn-lg', href: `#/rules/${g.id}`, testid: `rules-${g.id}`, text: t('rules') }))));
}

function lobbyScreen() {
  const s = {
    isLobby: true,
    games: null,
    failed: false,
    render() {
      const grid = h('div', { class: 'game-grid', testid: 'game-list' });
      // the grid's cells: a tile per game (each built when it is laid out), or a notice
      const cells = s.games
        ? s.games.map((g) => () => gameTile(g))
        : [h('p', { class: 'notice', text: s.failed ? t('catalogFailed') : '…' })];
      const rerender = () => { if (screen === s) s.render(); };
      let saved = null;
      let finished = null;
      try {
        saved = continueSection(s.games, rerender);
        finished = finishedSection(s.games, rerender);
      } catch (err) {
        console.error(err); // never let stored data break the lobby
      }
      const section = page('lobby', 'lobby');
      const pieces = [
        [section, h('div', { class: 'hero' },
          h('h1', { class: 'hero-title', text: t('lobbyTitle') }),
          h('p', { class: 'hero-sub', text: t('appTagline') }))],
        [section, engineBanner()],
        [section, saved],
        [section, grid],
        ...cells.map((cell) => [grid, cell]),
        [section, h('p', { class: 'lobby-note', text: t('moreSoon') })],
        [section, finished],
        [section, h('section', { class: 'how', 'aria-label': t('howTitle') },
          h('h2', { class: 'how-title', text: t('howTitle') }),
          h('ol', { class: 'how-list' }, ['how1', 'how2', 'how3'].map((k, i) => h('li', { class: 'how-item' },
            h('span', { class: 'how-num', text: String(i + 1) }), h('span', { text: t(k) })))))],
        [section, h('p', { class: 'lobby-note small', text: `${t('offlineNote')} ${t('savedNote')}` })],
        [section, offlineReady()
          ? h('p', { class: 'lobby-note small offline-ready', testid: 'offline-ready' }, icon('check'), h('span', { text: t('offlineReady') }))
          : null],
      ];
      clear(app).append(section);
      layOut(section, pieces);
    },
    onEngine() { s.render(); },
    destroy() {},
  };
  catalog().then((games) => { s.games = games; if (screen === s) s.render(); })
    .catch(() => { s.failed = true; if (screen === s) s.render(); });
  return s;
}

function rulesScreen(id) {
  const s = {
    game: undefined,
    render() {
      if (s.game === undefined) { clear(app).append(page('rules', 'rules', h('p', { class: 'notice', text: '…' }))); return; }
      if (s.game === null) {
        errorPage(app, { title: t('unknownGame'), testid: 'error-page' });
        return;
      }
      const g = s.game;
      clear(app).append(page('rules', 'rules',
        h('div', { class: 'paper' },
          h('div', { class: 'rules-head' },
            tileArt(g.id),
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
            h('a', { class: 'btn btn-lg btn-quiet', href: '#/', testid: 'back-lobby', text: t('backToLobby') })))));
    },
    destroy() {},
  };
  findGame(id).then((g) => { s.game = g; if (screen === s) s.render(); })
    .catch(() => { s.game = null; if (screen === s) s.render(); });
  return s;
}

// ------------------------------------------------------------------ setup
const MAX_SEED = 2 ** 53 - 1;

export function randomSeed() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return (a[0] & 0x1fffff) * 0x100000000 + a[1];
}

function defaultName(kind, i) {
  return t(kind === 'bot' ? 'defaultBot' : 'defaultHuman', i + 1);
}

function setupScreen(id) {
  const st = {
    players: null,
    seats: [],
    seedMode: 'random',
    seed: '',
    options: {},
    error: null,
    starting: false,
  };
  const s = {
    game: undefined,
    mod: null,
    render() {
      if (s.game === undefined) { clear(app).append(page('setup', 'setup', h('p', { class: 'notice', text: '…' }))); return; }
      if (s.game === null || !s.mod) {
        errorPage(app, { title: s.game ? t('notPlayableYet') : t('unknownGame') });
        return;
      }
      const g = s.game;
      if (st.players === null) {
        st.players = Math.min(Math.max(4, g.min_players), g.max_players);
        st.options = tableOptions(g); // the catalogue's defaults, switches as set on this device
      }
      while (st.seats.length < g.max_players) {
        const i = st.seats.length;
        st.seats.push({ kind: i === 0 ? 'human' : 'bot', level: g.levels.includes('normal') ? 'normal' : g.levels[0], name: '' });
      }
      const names = st.seats.slice(0, st.players).map((seat, i) => seat.name.trim() || defaultName(seat.kind, i));

      const count = h('div', { class: 'seg seg-lg', role: 'group', 'aria-label': t('numPlayers') });
      for (let n = g.min_players; n <= g.max_players; n += 1) {
        const b = button(String(n), { class: ['seg-btn', st.players === n ? 'is-on' : null], testid: `players-${n}`, 'aria-pressed': st.players === n ? 'true' : 'false' });
        b.addEventListener('click', () => { st.players = n; s.render(); });
        count.append(b);
      }

      const rows = st.seats.slice(0, st.players).map((seat, i) => {
        const kind = h('div', { class: 'seg', role: 'group', 'aria-label': t('seatN', i + 1) },
          ['human', 'bot'].map((k) => {
            const b = button(t(k), { class: ['seg-btn', seat.kind === k ? 'is-on' : null], testid: `seat-kind-${i}-${k}`, 'aria-pressed': seat.kind === k ? 'true' : 'false' });
            b.addEventListener('click', () => { seat.kind = k; s.render(); });
            return b;
          }));
        const level = h('select', { class: 'select', testid: `seat-level-${i}`, 'aria-label': t('level'), disabled: seat.kind !== 'bot' },
          g.levels.map((lv) => h('option', { value: lv, text: levelName(lv) })));
        level.value = seat.level;
        level.addEventListener('change', () => { seat.level = level.value; });
        const name = h('input', {
          class: 'input', type: 'text', maxlength: 24, testid: `seat-name-${i}`, value: seat.name,
          placeholder: defaultName(seat.kind, i), 'aria-label': `${t('seatN', i + 1)} ${t('name')}`, autocomplete: 'off',
        });
        name.addEventListener('input', () => {
          seat.name = name.value;
          // update labels that show this seat's name in place (no re-render while typing)
          const label = seat.name.trim() || defaultName(seat.kind, i);
          for (const el of app.querySelectorAll(`[data-seat-option="${i}"]`)) el.textContent = label;
        });
        return h('li', { class: ['seat-row', `seat-c${i}`], testid: `seat-row-${i}` },
          h('span', { class: 'seat-num', text: String(i + 1) }),
          name, kind, h('span', { class: ['level-box', seat.kind === 'bot' ? null : 'is-off'] }, level));
      });

      const seedInput = h('input', {
        class: 'input input-seed', type: 'text', inputmode: 'numeric', pattern: '[0-9]*', testid: 'seed-input',
        value: st.seed, placeholder: '12345', 'aria-label': t('seedFixed'), disabled: st.seedMode !== 'fixed',
      });
      seedInput.addEventListener('input', () => { st.seed = seedInput.value.trim(); });
      const seedSeg = h('div', { class: 'seg', role: 'group', 'aria-label': t('deal') },
        [['random', 'seedRandom'], ['fixed', 'seedFixed']].map(([m, key]) => {
          const b = button(t(key), { class: ['seg-btn', st.seedMode === m ? 'is-on' : null], testid: `seed-${m}`, 'aria-pressed': st.seedMode === m ? 'true' : 'false' });
          b.addEventListener('click', () => { st.seedMode = m; s.render(); if (m === 'fixed') app.querySelector('[data-testid=seed-input]')?.focus(); });
          return b;
        }));

      const start = button(st.starting ? t('starting') : t('start'), { class: 'btn btn-primary btn-xl', testid: 'start-game', disabled: st.starting });
      // the names as typed now (typing does not redraw the page, so not `names` of this render)
      start.addEventListener('click', () => s.start(st.seats.slice(0, st.players).map((seat, i) => seat.name.trim() || defaultName(seat.kind, i))));

      clear(app).append(page('setup', 'setup',
        h('div', { class: 'paper setup-paper' },
          h('div', { class: 'setup-head' },
            h('p', { class: 'kicker', text: t('setupTitle') }),
            h('h1', { class: 'page-title', text: tx(g.titles) })),
          h('div', { class: 'setup-grid' },
            h('div', { class: 'setup-seats' },
              h('div', { class: 'field field-row' }, h('span', { class: 'field-label', text: t('numPlayers') }), count),
              h('ol', { class: 'seat-rows', testid: 'seat-rows' }, rows)),
            h('div', { class: 'setup-side' },
              h('div', { class: 'field' }, h('span', { class: 'field-label', text: t('deal') }), seedSeg, seedInput,
                h('p', { class: 'field-help', text: t('seedHelp') })),
              ...s.optionFields(g, names),
              st.error ? h('p', { class: 'form-error', testid: 'setup-error', role: 'alert', text: st.error }) : null,
              h('div', { class: 'setup-actions' },
                start,
                h('div', { class: 'engine-note', id: 'engine-note' }, engineNote()),
                h('a', { class: 'btn btn-lg btn-quiet', href: '#/', testid: 'back-lobby', text: t('backToLobby') })))))));
    },
    /** The renderer's own option fields, then an on/off switch for each boolean option it left. */
    optionFields(g, names) {
      const custom = s.mod.setupOptions ? s.mod.setupOptions(st, names) : null;
      const handled = new Set(s.mod.handlesOptions || []);
      // the renderer draws an option itself when it declares so (handlesOptions) or when its
      // fields carry data-option="<key>" or data-testid="opt-<key>"
      const nodes = [custom].flat().filter((n) => n instanceof Element || n instanceof DocumentFragment);
      const drawn = (key) => {
        const sel = `[data-testid="opt-${CSS.escape(key)}"], [data-option="${CSS.escape(key)}"]`;
        return nodes.some((n) => (n instanceof Element && n.matches(sel)) || n.querySelector(sel));
      };
      const generic = booleanOptions(g).filter((key) => !handled.has(key) && !drawn(key));
      const box = generic.length
        ? h('div', { class: 'field setup-switches', testid: 'setup-options' },
          h('span', { class: 'field-label', text: t('tableOptionsSetup') }),
          generic.map((key) => optionSwitch(key, Boolean(st.options[key]), (value) => { st.options[key] = value; }, { testid: `opt-${key}` })))
        : null;
      return [custom, box];
    },
    async start(names) {
      const g = s.game;
      let seed;
      if (st.seedMode === 'fixed') {
        if (!/^\d{1,16}$/.test(st.seed) || Number(st.seed) > MAX_SEED) {
          st.error = t('seedInvalid');
          s.render();
          return;
        }
        seed = Number(st.seed);
      } else seed = randomSeed();
      const seats = st.seats.slice(0, st.players).map((seat, i) => (seat.kind === 'bot'
        ? { name: names[i], kind: 'bot', level: seat.level }
        : { name: names[i], kind: 'human' }));
      const options = { ...st.options };
      if ('elder' in options && (options.elder === null || options.elder >= st.players)) delete options.elder;
      const record = { v: 1, game: g.id, players: st.players, seed, options, seats, actions: [] };
      st.error = null;
      st.starting = true;
      s.render();
      const token = routeToken;
      const err = await startRecord(record, token, { push: true });
      if (err && screen === s) {
        st.starting = false;
        st.error = tx(err);
        s.render();
      }
    },
    destroy() {},
  };
  Promise.all([findGame(id), loadModule(id)]).then(([g, mod]) => {
    s.game = g;
    s.mod = mod;
    if (screen === s) s.render();
  }).catch(() => { s.game = null; if (screen === s) s.render(); });
  // only the note about the engine changes when it becomes ready (typing is not interrupted)
  s.onEngine = () => {
    const box = document.getElementById('engine-note');
    if (box) clear(box).append(...[engineNote()].filter(Boolean));
  };
  return s;
}

// ------------------------------------------------------------------ playing
let currentShare = null;

function setShare(share, push) {
  const target = `#${share}`;
  // the table's address is written a little after each move (ui/play.js); if the player has
  // gone elsewhere meanwhile (the lobby, another link), that address stays: its hashchange is
  // on its way, and writing the game back over it would keep the player at the table
  if (!push && currentShare !== null && location.hash !== currentShare) return;
  currentShare = target;
  if (location.hash === target) return;
  if (push) history.pushState(null, '', target);
  else history.replaceState(null, '', target);
}

/**
 * Keep the game of a table on this device after every change: a game in progress as a save
 * (`save`: {id, created}), a finished one in the history. `save` is null for a game that was
 * already over when opened.
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

function tableScreen(snap, mod, game, save, Table) {
  const s = {
    table: null,
    render() {
      if (!s.table) {
        s.table = new Table({
          container: app,
          engine: engineBox.engine,
          module: mod,
          snap,
          game,
          onShare: (share) => { if (screen === s) setShare(share, false); },
          onSnap: (next) => persist(save, next),
          onRestart: (kind, record) => {
            const rec = { ...record, actions: [] };
            if (kind === 'new') rec.seed = randomSeed();
            startRecord(rec, routeToken, { push: true }).then((err) => {
              if (err) linkError(err);
            });
          },
          onReplay: (last) => {
            location.hash = save && save.done && getHistory(save.id) ? `#/replay/${save.id}` : `#/replay&${last.share}`;
          },
          onFatal: (error) => linkError(error),
        });
        s.table.begin();
      } else s.table.render();
    },
    destroy() {
      if (s.table) s.table.destroy();
    },
  };
  return s;
}

function linkError(error) {
  show({
    render() {
      errorPage(app, { title: t('linkBroken'), message: tx(error), help: t('linkBrokenHelp'), testid: 'link-error' });
    },
    destroy() {},
  });
}

/** A saved game the engine could not open: say so, offer to delete it; the lobby still works. */
function resumeError(id, error) {
  show({
    render() {
      errorPage(app, { title: t('resumeFailed'), message: tx(error), help: t('resumeFailedHelp'), testid: 'resume-error' });
      const del = button([icon('trash'), h('span', { text: t('deleteThisSave') })], { class: 'btn btn-lg', testid: 'delete-broken-save' });
      del.addEventListener('click', () => {
        deleteSave(id);
        setCurrentTab(null);
        location.hash = '#/';
        if (location.hash === '#/') route();
      });
      app.querySelector('.error-card [data-testid=back-lobby]')?.before(del);
    },
    destroy() {},
  });
}

function engineFailedPage() {
  show({
    render() {
      errorPage(app, { title: t('engineFailed'), message: tx(engineBox.error), help: t('engineFailedHelp'), testid: 'engine-error' });
    },
    destroy() {},
  });
}

function loadingPage() {
  show({
    render() {
      clear(app).append(page('loading', 'opening',
        h('div', { class: 'loading-card' },
          h('div', { class: 'spinner big', 'aria-hidden': 'true' }),
          h('p', { text: t('opening') }),
          engineBox.state !== 'ready' ? h('p', { class: 'field-help', text: t('engineWait') }) : null)));
    },
    destroy() {},
  });
}

/**
 * Start a game from a request ({record} or {link}); mount its table. Returns an error or null.
 * `saveId`/`created`: the saved game this continues (a new save otherwise).
 */
async function startGame(request, token, { push, saveId = null, created = null }) {
  let eng;
  try {
    eng = await readyEngine();
  } catch (_) {
    if (token === routeToken) engineFailedPage();
    return null;
  }
  let ans;
  try {
    ans = await eng.call({ cmd: 'start', ...request });
  } catch (err) {
    ans = { ok: false, error: { en: String(err?.message || err), ja: String(err?.message || err) } };
  }
  if (token !== routeToken) {
    if (ans && ans.ok) eng.call({ cmd: 'close', session: ans.session }).catch(() => {});
    return null;
  }
  if (!ans.ok) return ans.error;
  const mod = await loadModule(ans.game);
  const game = await findGame(ans.game).catch(() => null);
  // the table's code is loaded when a first game starts, not with the lobby (issue 10)
  const Table = mod ? (await import('./ui/play.js')).Table : null;
  if (!mod) {
    eng.call({ cmd: 'close', session: ans.session }).catch(() => {});
    return STRINGS.notPlayableYet;
  }
  let save = null;
  if (!ans.over) save = { id: saveId || newId(), created: created || Date.now() };
  else if (saveId) finishSave(saveId, ans, created || Date.now()); // it had ended: now history
  routeToken += 1;
  setShare(ans.share, push);
  show(tableScreen(ans, mod, game, save, Table));
  return null;
}

function startRecord(record, token, opts) {
  return startGame({ record }, token, opts);
}

async function openLink(hash) {
  const token = ++routeToken;
  loadingPage();
  const err = await startGame({ link: hash }, token, { push: false });
  if (err && token === routeToken) linkError(err);
}

/** Continue a saved game exactly where it was (its full record, hidden moves included). */
async function resumeSave(id, { push }) {
  const entry = getSave(id);
  if (!entry) {
    toast(t('resumeFailed'));
    routeToken += 1;
    show(lobbyScreen());
    return;
  }
  const token = ++routeToken;
  loadingPage();
  const err = await startGame({ link: entry.save }, token, { push, saveId: id, created: entry.created });
  if (err && token === routeToken) resumeError(id, err);
}

// ------------------------------------------------------------------ replay viewer
function replayScreen(link, { ply = 0 } = {}) {
  const token = routeToken;
  const s = {
    viewer: null,
    render() {
      if (s.viewer) { s.viewer.render(); return; }
      clear(app).append(page('loading', 'opening',
        h('div', { class: 'loading-card' },
          h('div', { class: 'spinner big', 'aria-hidden': 'true' }),
          h('p', { text: t('opening') }),
          engineBox.state !== 'ready' ? h('p', { class: 'field-help', text: t('engineWait') }) : null)));
    },
    destroy() { s.viewer?.destroy(); },
  };
  (async () => {
    let eng;
    try {
      eng = await readyEngine();
    } catch (_) {
      if (token === routeToken) engineFailedPage();
      return;
    }
    let first;
    try {
      first = await eng.call({ cmd: 'replay', link });
    } catch (err) {
      first = { ok: false, error: { en: String(err?.message || err), ja: String(err?.message || err) } };
    }
    if (token !== routeToken || screen !== s) return;
    if (!first.ok) { linkError(first.error); return; }
    const mod = await loadModule(first.game);
    const game = await findGame(first.game).catch(() => null);
    const ReplayViewer = mod ? (await import('./ui/replay.js')).ReplayViewer : null;
    if (token !== routeToken || screen !== s) return;
    if (!mod) { linkError(STRINGS.notPlayableYet); return; }
    const back = h('a', { class: 'btn btn-quiet', href: '#/', testid: 'back-lobby', text: t('backToLobby') });
    s.viewer = new ReplayViewer({
      container: app, engine: eng, module: mod, game, link, first, ply, actions: [back],
      onFatal: (error) => { if (screen === s) linkError(error || STRINGS.unknownError); },
    });
    s.viewer.begin();
  })();
  return s;
}

function replayRoute(hash) {
  let m = hash.match(/^#\/replay\/([\w-]+)$/);
  if (m) {
    const entry = getHistory(m[1]);
    routeToken += 1;
    if (!entry) {
      show({
        render() { errorPage(app, { title: t('replayNotFound'), testid: 'replay-missing' }); },
        destroy() {},
      });
      return true;
    }
    show(replayScreen(entry.record));
    return true;
  }
  m = hash.match(/^#\/replay&(.*)$/);
  if (m) {
    const parts = m[1].split('&');
    const record = parts.find((p) => p.startsWith('g='));
    const ply = Number((parts.find((p) => p.startsWith('ply=')) || '').slice(4));
    routeToken += 1;
    if (!record) linkError(STRINGS.linkBroken);
    else show(replayScreen(record, { ply: Number.isInteger(ply) && ply > 0 ? ply : 0 }));
    return true;
  }
  return false;
}

// ------------------------------------------------------------------ routes
function route() {
  const hash = location.hash || '#/';
  if (hash === currentShare && screen.table) return;
  currentShare = null;
  const m = hash.match(/^#\/(setup|rules)\/([\w-]+)$/);
  if (m) {
    routeToken += 1;
    show(m[1] === 'setup' ? setupScreen(m[2]) : rulesScreen(m[2]));
    return;
  }
  if (hash.startsWith('#/replay') && replayRoute(hash)) return;
  if (/^#g=|[#&]g=/.test(hash)) {
    // this tab's game in progress (a reload, a restored tab): continue its full save
    const cur = currentTab();
    if (cur && cur.hash === hash && getSave(cur.id)) resumeSave(cur.id, { push: false });
    else openLink(hash);
    return;
  }
  routeToken += 1;
  show(lobbyScreen());
}

window.addEventListener('hashchange', route);
onLang(() => {
  paintHeader();
  if (!screen.table && !screen.viewer) screen.render();
});
// another tab saved or deleted a game: the lobby shows it
window.addEventListener('storage', (ev) => {
  if (ev.key && ev.key.startsWith('pygames.') && screen.isLobby) screen.render();
});
onOfflineReady(() => { if (screen.isLobby) screen.render(); });

paintHeader();
// the first screen is drawn in a task of its own, not in the one that evaluates this module graph
// (with the drawing in it, that task took 39-61 ms traced on the test machine; issue 10)
setTimeout(route, 0);
bootEngine();
registerServiceWorker(engineReady);
