// A game's table setup: how many play, each seat's name and whether a person or a bot (and how
// strong) plays it, the deal (random or a seed), the game's own options (its renderer draws them
// with `setupOptions`; an on/off switch for each boolean option it leaves), whether hints may be
// asked at the table (the record's `options.hints`), then the start.
//
// The page never draws a seed (issue 33): a random deal is a record without one, and the engine
// deals. A typed deal number replays a known deal. "Share this deal" asks the engine for a deal
// (`deal`), shows its link with the warning that the link reveals every hand, and the game then
// started here plays that very deal.

import { h, clear, button } from '../ui/dom.js';
import { modal, toast } from '../ui/dialogs.js';
import { ask } from '../ui/errors.js';
import { t, tx, levelName, fill, STRINGS } from '../i18n.js';
import { checkName, cleanName, NAME_MAX } from '../ui/names.js';
import { tableOptions, booleanOptions, optionSwitch } from '../ui/settings.js';
import { loadModule } from '../ui/games.js';
import { parseSeed } from '../ui/seed.js';
import { page, waitingPage, learnLink } from './common.js';
import { gameErrorPage } from './errors.js';
import { startRecord } from './table.js';

/**
 * The setup page's state (the game's `setupOptions` gets it and keeps `options` up to date).
 * @typedef {object} SetupState
 * @property {number | null} players
 * @property {{kind: SeatKind, level: string, name: string}[]} seats
 * @property {'random' | 'fixed'} seedMode
 * @property {string} seed as typed
 * @property {number | null} dealt the seed of the deal shared ("Share this deal"), never shown
 * @property {Record<string, any>} options the table options (the catalogue's defaults at first)
 * @property {boolean | null} hints hints allowed, as the player set it (null: not touched, the
 *   default: on with exactly one human seated)
 * @property {import('../types.js').Text | null} error
 * @property {boolean} starting
 */

/**
 * Who plays a seat: a person at this device (`human`), a person on their own device (`device`,
 * issue 34: a phone that joins by a code shown at the table) or a bot.
 * @typedef {'human' | 'device' | 'bot'} SeatKind
 */

/** @returns {SetupState} */
function newState() {
  return { players: null, seats: [], seedMode: 'random', seed: '', dealt: null, options: {}, hints: null, error: null, starting: false };
}

/**
 * Fill in what depends on the game: the number of players, its options, a seat for each player.
 * @param {SetupState} st
 * @param {any} g the catalogue entry
 */
function prepare(st, g) {
  if (st.players === null) {
    st.players = Math.min(Math.max(4, g.min_players), g.max_players);
    st.options = tableOptions(g); // the catalogue's defaults, switches as set on this device
  }
  while (st.seats.length < g.max_players) {
    const i = st.seats.length;
    st.seats.push({ kind: i === 0 ? 'human' : 'bot', level: g.levels.includes('normal') ? 'normal' : g.levels[0], name: '' });
  }
}

/**
 * @param {SeatKind} kind
 * @param {number} i
 */
function defaultName(kind, i) {
  return t(kind === 'bot' ? 'defaultBot' : 'defaultHuman', i + 1);
}

/**
 * The seated players' names as typed now (a blank name is the default one).
 * @param {SetupState} st
 */
function seatNames(st) {
  return st.seats.slice(0, st.players).map((seat, i) => cleanName(seat.name) || defaultName(seat.kind, i));
}

/**
 * The first typed name the rule NAME-1 refuses (ui/names.js), as a sentence naming its seat;
 * null when every name may be used (a blank one is the seat's default name).
 * @param {SetupState} st
 * @returns {import('../types.js').Text | null}
 */
function nameError(st) {
  for (const [i, seat] of st.seats.slice(0, st.players).entries()) {
    if (!cleanName(seat.name)) continue;
    const verdict = checkName(seat.name);
    if (verdict.ok === false) {
      const entry = STRINGS[verdict.problem];
      return { en: `${fill(STRINGS.seatN.en, [i + 1])}: ${fill(entry.en, [NAME_MAX])}`, ja: `${fill(STRINGS.seatN.ja, [i + 1])}：${fill(entry.ja, [NAME_MAX])}` };
    }
  }
  return null;
}

/**
 * A segmented control's button.
 * @param {string} label
 * @param {boolean} on
 * @param {string} testid
 * @param {Record<string, string | number>} data its `data-action` and arguments
 */
function segButton(label, on, testid, data) {
  return button(label, { class: ['seg-btn', on ? 'is-on' : null], testid, 'aria-pressed': on ? 'true' : 'false', data });
}

/**
 * How many play.
 * @param {SetupState} st
 * @param {any} g
 */
function countField(st, g) {
  const count = h('div', { class: 'seg seg-lg', role: 'group', 'aria-label': t('numPlayers') });
  for (let n = g.min_players; n <= g.max_players; n += 1) {
    count.append(segButton(String(n), st.players === n, `players-${n}`, { action: 'players', n }));
  }
  return h('div', { class: 'field field-row' }, h('span', { class: 'field-label', text: t('numPlayers') }), count);
}

/**
 * One seat: its name, a person or a bot, the bot's level.
 * @param {SetupState['seats'][number]} seat
 * @param {number} i
 * @param {string[]} levels
 */
function seatRow(seat, i, levels) {
  const kind = h('div', { class: 'seg', role: 'group', 'aria-label': t('seatN', i + 1) },
    ['human', 'device', 'bot'].map((k) => segButton(t(k === 'device' ? 'ownDevice' : k), seat.kind === k, `seat-kind-${i}-${k}`, { action: 'seat-kind', seat: i, kind: k })));
  const level = /** @type {HTMLSelectElement} */ (h('select', {
    class: 'select', testid: `seat-level-${i}`, 'aria-label': t('level'), disabled: seat.kind !== 'bot',
    data: { field: 'seat-level', seat: i },
  }, levels.map((lv) => h('option', { value: lv, text: levelName(lv) }))));
  level.value = seat.level;
  const name = h('input', {
    // maxlength counts UTF-16 units: twice NAME_MAX lets 24 code points of any script in
    class: 'input', type: 'text', maxlength: NAME_MAX * 2, dir: 'auto', testid: `seat-name-${i}`, value: seat.name,
    placeholder: defaultName(seat.kind, i), 'aria-label': `${t('seatN', i + 1)} ${t('name')}`, autocomplete: 'off',
    data: { field: 'seat-name', seat: i },
  });
  return h('li', { class: ['seat-row', `seat-c${i}`], testid: `seat-row-${i}` },
    h('span', { class: 'seat-num', text: String(i + 1) }),
    name, kind, h('span', { class: ['level-box', seat.kind === 'bot' ? null : 'is-off'] }, level));
}

/**
 * The deal: random, or from a typed seed.
 * @param {SetupState} st
 */
function seedField(st) {
  const input = h('input', {
    class: 'input input-seed', type: 'text', inputmode: 'numeric', pattern: '[0-9]*', testid: 'seed-input',
    value: st.seed, placeholder: t('seedPlaceholder'), 'aria-label': t('seedFixed'), disabled: st.seedMode !== 'fixed',
    data: { field: 'seed' },
  });
  const seg = h('div', { class: 'seg', role: 'group', 'aria-label': t('deal') },
    [['random', 'seedRandom'], ['fixed', 'seedFixed']].map(([m, key]) => segButton(t(key), st.seedMode === m, `seed-${m}`, { action: 'seed-mode', mode: m })));
  const share = button(t('shareDeal'), { class: 'btn btn-sm', testid: 'share-deal', data: { action: 'share-deal' } });
  const dealt = st.dealt !== null && st.seedMode === 'random'
    ? h('p', { class: 'field-help', testid: 'deal-shared', text: t('shareDealSet') }) : null;
  return h('div', { class: 'field' }, h('span', { class: 'field-label', text: t('deal') }), seg, input,
    h('p', { class: 'field-help', text: t('seedHelp') }), dealt, h('div', { class: 'setup-share' }, share));
}

/**
 * The game's own option fields (every renderer's `setupOptions(state, names)` is called the same
 * way), then an on/off switch for each boolean option of the catalogue it left. A renderer draws
 * an option itself when it declares so (`handlesOptions`) or when its fields carry
 * `data-option="<key>"` or `data-testid="opt-<key>"`.
 * @param {SetupState} st
 * @param {any} mod the renderer
 * @param {any} g the catalogue entry
 * @param {string[]} names
 */
function optionFields(st, mod, g, names) {
  const custom = mod.setupOptions ? mod.setupOptions(st, names) : null;
  const handled = new Set(mod.handlesOptions || []);
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
}

/**
 * Whether hints are allowed: as the player set it, else on when exactly one person is seated
 * (the engine's own default for a record without the option).
 * @param {SetupState} st
 */
function hintsOn(st) {
  if (typeof st.hints === 'boolean') return st.hints;
  return st.seats.slice(0, st.players).filter((seat) => seat.kind !== 'bot').length === 1;
}

/**
 * The coach: whether the Hint button is offered at the table.
 * @param {SetupState} st
 */
function hintsField(st) {
  // the default turned off by a second person seated says why (the switch changed by itself)
  const offWhy = typeof st.hints !== 'boolean' && !hintsOn(st)
    ? h('p', { class: 'field-help', testid: 'hints-off-why', text: t('hintsOffMany') }) : null;
  return h('div', { class: 'field setup-hints', testid: 'setup-hints' },
    h('span', { class: 'field-label', text: t('hintsField') }),
    optionSwitch('hints', hintsOn(st), (value) => { st.hints = value; }, { testid: 'opt-hints' }), offWhy);
}

/**
 * What a seat on its own device means, under the seats while one is chosen.
 * @param {SetupState} st
 */
function devicesNote(st) {
  if (!st.seats.slice(0, st.players).some((seat) => seat.kind === 'device')) return null;
  return h('p', { class: 'field-help devices-note', testid: 'devices-note', text: t('ownDeviceHelp') });
}

/**
 * The whole setup page.
 * @param {import('../ui/router.js').Shell} shell
 * @param {SetupState} st
 * @param {any} g
 * @param {any} mod
 */
function setupPage(shell, st, g, mod) {
  const names = seatNames(st);
  const rows = st.seats.slice(0, st.players).map((seat, i) => seatRow(seat, i, g.levels));
  const start = button(st.starting ? t('starting') : t('start'), {
    class: 'btn btn-primary btn-xl', testid: 'start-game', disabled: st.starting, data: { action: 'start' },
  });
  return page('setup', 'setup',
    h('div', { class: 'paper setup-paper' },
      h('div', { class: 'setup-head' },
        h('p', { class: 'kicker', text: t('setupTitle') }),
        h('h1', { class: 'page-title', text: tx(g.titles) }),
        learnLink(g, 'btn')),
      h('div', { class: 'setup-grid' },
        h('div', { class: 'setup-seats' }, countField(st, g), h('ol', { class: 'seat-rows', testid: 'seat-rows' }, rows), devicesNote(st)),
        h('div', { class: 'setup-side' },
          seedField(st),
          ...optionFields(st, mod, g, names),
          hintsField(st),
          st.error ? h('p', { class: 'form-error', testid: 'setup-error', role: 'alert', text: tx(st.error) }) : null,
          h('div', { class: 'setup-actions' },
            start,
            h('div', { class: 'engine-note', id: 'engine-note' }, shell.engine.note()),
            h('a', { class: 'btn btn-lg btn-quiet', href: '#/', testid: 'back-lobby', text: t('backToLobby') }))))));
}

/**
 * The record of the game set up: an option left null (the engine's default: a random seat...)
 * is left out of it, and so is the seed when the engine is to deal (`seed` null).
 * @param {SetupState} st
 * @param {any} g
 * @param {number | null} seed
 * @returns {import('../types.js').GameRecord}
 */
function recordOf(st, g, seed) {
  const names = seatNames(st);
  /** @type {import('../types.js').SeatInfo[]} */
  const seats = st.seats.slice(0, st.players).map((seat, i) => (seat.kind === 'bot'
    ? { name: names[i], kind: /** @type {const} */ ('bot'), level: seat.level }
    : { name: names[i], kind: /** @type {const} */ ('human') }));
  const options = Object.fromEntries(Object.entries(st.options).filter(([, v]) => v !== null && v !== undefined));
  options.hints = hintsOn(st);
  const record = { v: 1, game: g.id, players: st.players, options, seats, actions: [] };
  return seed === null ? record : { ...record, seed };
}

/**
 * The setup page's buttons, by their `data-action`.
 * @type {Record<string, (s: SetupScreen, data: DOMStringMap) => void>}
 */
const ACTIONS = {
  players: (s, data) => { s.st.players = Number(data.n); s.st.dealt = null; s.render(); },
  'seat-kind': (s, data) => {
    s.st.seats[Number(data.seat)].kind = data.kind === 'bot' || data.kind === 'device' ? data.kind : 'human';
    s.render();
  },
  'seed-mode': (s, data) => {
    s.st.seedMode = data.mode === 'fixed' ? 'fixed' : 'random';
    s.st.dealt = null;
    s.render();
    const input = s.shell.container.querySelector('[data-testid=seed-input]');
    if (data.mode === 'fixed' && input instanceof HTMLInputElement) input.focus();
  },
  start: (s) => { startGame(s); },
  'share-deal': (s) => { shareDeal(s); },
};

/**
 * The setup page's fields, by their `data-field`; typing does not redraw the page.
 * @type {Record<string, (s: SetupScreen, el: HTMLInputElement | HTMLSelectElement) => void>}
 */
const FIELDS = {
  'seat-name': (s, el) => {
    const i = Number(el.dataset.seat);
    const seat = s.st.seats[i];
    seat.name = el.value;
    // labels that show this seat's name change in place (the game's start-player select...)
    const label = cleanName(seat.name) || defaultName(seat.kind, i);
    for (const opt of s.shell.container.querySelectorAll(`[data-seat-option="${i}"]`)) opt.textContent = label;
  },
  'seat-level': (s, el) => { s.st.seats[Number(el.dataset.seat)].level = el.value; },
  seed: (s, el) => { s.st.seed = el.value.trim(); },
  // a game's own option (its setupOptions): a switch is true or false, a seat select is a seat
  // number or null (random)
  option: (s, el) => {
    const key = el.dataset.option;
    if (!key) return;
    s.st.dealt = null; // another deal
    if (el instanceof HTMLInputElement && el.type === 'checkbox') s.st.options[key] = el.checked;
    else s.st.options[key] = el.value === '' ? null : Number(el.value);
  },
};

/**
 * The seed the game set up starts from: the typed one (undefined when it does not read), the
 * deal shared, or null (the engine deals).
 * @param {SetupState} st
 * @returns {number | null | undefined}
 */
function chosenSeed(st) {
  if (st.seedMode === 'fixed') return parseSeed(st.seed) ?? undefined;
  return st.dealt;
}

/**
 * Why the typed deal number does not do (none typed, or not a number the deal takes).
 * @param {SetupState} st
 */
function seedError(st) {
  return st.seed === '' ? STRINGS.seedMissing : STRINGS.seedInvalid;
}

/**
 * "Share this deal": the engine deals (or takes the typed number); the dialog shows the link and
 * says that it reveals every hand. The game started from this page then plays that deal.
 * @param {SetupScreen} s
 */
async function shareDeal(s) {
  const { st, shell } = s;
  const seed = chosenSeed(st);
  if (seed === undefined) {
    st.error = seedError(st);
    s.render();
    return;
  }
  let eng;
  try {
    eng = await shell.engine.ready();
  } catch (_) {
    toast(() => t('shareDealFailed'));
    return;
  }
  const ans = await ask(eng, { cmd: 'deal', record: recordOf(st, s.game, seed) });
  if (!shell.router.showing(s)) return;
  if (!ans.ok || typeof ans.link !== 'string' || !Number.isInteger(ans.record?.seed)) {
    st.error = ans.ok ? STRINGS.shareDealFailed : ans.error;
    s.render();
    return;
  }
  if (st.seedMode === 'random') st.dealt = ans.record.seed;
  st.error = null;
  s.render();
  dealDialog(`${location.origin}${location.pathname}#${ans.link}`);
}

/**
 * The dialog of a shared deal: its link, selected, and what it reveals.
 * @param {string} url
 */
function dealDialog(url) {
  const input = h('input', { class: 'link-input', type: 'text', readonly: true, value: url, testid: 'deal-link', 'aria-label': t('shareDealTitle') });
  const warning = h('p', { class: 'deal-warning', testid: 'deal-warning', text: t('shareDealWarning') });
  const title = h('h2', { class: 'deal-title', text: t('shareDealTitle') });
  // the link is copied only when asked, once the warning above it could be read
  const copy = button(t('copyDealLink'), { class: 'btn', testid: 'deal-copy' });
  const status = h('p', { class: 'copy-status', testid: 'deal-copy-status', 'aria-live': 'polite' });
  /** @type {'' | 'linkCopied' | 'linkCopyManual'} */
  let said = '';
  copy.addEventListener('click', async () => {
    said = (await copyText(url)) ? 'linkCopied' : 'linkCopyManual';
    status.textContent = t(said);
    input.select();
  });
  const relabel = () => {
    title.textContent = t('shareDealTitle');
    warning.textContent = t('shareDealWarning');
    copy.textContent = t('copyDealLink');
    status.textContent = said ? t(said) : '';
    input.setAttribute('aria-label', t('shareDealTitle'));
  };
  modal(h('div', { class: 'copy-dialog deal-dialog' }, title, warning, input, copy, status), { testid: 'deal-dialog', label: () => t('shareDealTitle'), relabel });
  input.select();
}

/**
 * Put `text` on the clipboard; false where the browser refuses (the person copies by hand).
 * @param {string} text
 */
async function copyText(text) {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch (_) {
    return false;
  }
}

/**
 * Start the game set up (a typed seed checked first); a refusal is told on the page.
 * @param {SetupScreen} s
 */
async function startGame(s) {
  const { st, shell } = s;
  const refused = nameError(st);
  if (refused) {
    st.error = refused;
    s.render();
    return;
  }
  const seed = chosenSeed(st);
  if (seed === undefined) {
    st.error = seedError(st);
    s.render();
    return;
  }
  const record = recordOf(st, s.game, seed);
  st.error = null;
  st.starting = true;
  s.render();
  const devices = st.seats.slice(0, st.players).map((seat, i) => (seat.kind === 'device' ? i : -1)).filter((i) => i >= 0);
  const err = await startRecord(shell, record, shell.router.token, { push: true, devices });
  if (err && shell.router.showing(s)) {
    st.starting = false;
    st.error = err;
    s.render();
  }
}

/**
 * @typedef {import('../ui/router.js').Screen & {
 *   shell: import('../ui/router.js').Shell, st: SetupState, game: any, mod: any
 * }} SetupScreen
 */

/**
 * Route the page's events: taps by `data-action`, typing and choices by `data-field`.
 * @param {HTMLElement} section
 * @param {SetupScreen} s
 */
function listen(section, s) {
  section.addEventListener('click', (ev) => {
    const el = ev.target instanceof Element ? ev.target.closest('[data-action]') : null;
    if (el instanceof HTMLElement && !(el instanceof HTMLButtonElement && el.disabled)) ACTIONS[el.dataset.action]?.(s, el.dataset);
  });
  const onField = (ev) => {
    const el = ev.target;
    if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) FIELDS[el.dataset.field]?.(s, el);
  };
  section.addEventListener('input', onField);
  section.addEventListener('change', (ev) => {
    const el = ev.target;
    if (el instanceof HTMLSelectElement || (el instanceof HTMLInputElement && el.type === 'checkbox')) onField(ev);
  });
}

/**
 * The setup page of the game `id`.
 * @param {import('../ui/router.js').Shell} shell
 * @param {string} id
 * @returns {SetupScreen}
 */
export function setupScreen(shell, id) {
  /** @type {SetupScreen} */
  const s = {
    shell,
    st: newState(),
    game: undefined,
    mod: null,
    render() {
      if (s.game === undefined) waitingPage(shell.container, 'setup', 'setup');
      else if (s.game === null || !s.mod) gameErrorPage(shell, Boolean(s.game));
      else {
        prepare(s.st, s.game);
        const section = setupPage(shell, s.st, s.game, s.mod);
        listen(section, s);
        clear(shell.container).append(section);
      }
    },
    // only the note about the engine changes when it becomes ready (typing is not interrupted)
    onEngine() {
      const box = document.getElementById('engine-note');
      if (box) clear(box).append(...[shell.engine.note()].filter(Boolean));
    },
  };
  const loaded = (g, mod) => { s.game = g; s.mod = mod; if (shell.router.showing(s)) s.render(); };
  Promise.all([shell.games.find(id), loadModule(id)]).then(([g, mod]) => loaded(g, mod), () => loaded(null, null));
  return s;
}
