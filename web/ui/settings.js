// Settings kept on this device: language (i18n.js), bot speed (play.js), reduced motion, and the
// default table options of each game. The settings dialog opens from the header.

import { h, clear, button } from './dom.js';
import { t, tx, lang, setLang, onLang, STRINGS } from '../i18n.js';
import { modal } from './dialogs.js';
import { SPEEDS, speed, setSpeed } from './speed.js';

const MOTION_KEY = 'pygames.motion';
const ASK_WASTE_KEY = 'pygames.askWaste';
const OPTIONS_PREFIX = 'pygames.options.';
const MOTIONS = ['auto', 'reduce', 'full'];
const listeners = new Set();

function store() {
  try {
    return window.localStorage;
  } catch (_) {
    return null;
  }
}

function changed(what) {
  for (const fn of listeners) {
    try { fn(what); } catch (err) { console.error(err); }
  }
}

/** Call `fn(what)` whenever a setting changes ('speed', 'motion', 'options', 'askWaste'); returns an off(). */
export function onSettings(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

// ------------------------------------------------------------------ motion

const systemReduced = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;

/** 'auto' (follow the device), 'reduce' or 'full'. */
export function motion() {
  try {
    const v = store()?.getItem(MOTION_KEY);
    if (MOTIONS.includes(v)) return v;
  } catch (_) { /* ignore */ }
  return 'auto';
}

/** Whether animations are off now (the setting, or the device's preference under 'auto'). */
export function reducedMotion() {
  const m = motion();
  if (m === 'auto') return Boolean(systemReduced?.matches);
  return m === 'reduce';
}

/** <html data-motion="reduce|full">: the stylesheet turns animations off for "reduce". */
export function applyMotion() {
  document.documentElement.dataset.motion = reducedMotion() ? 'reduce' : 'full';
}

export function setMotion(value) {
  if (!MOTIONS.includes(value)) return;
  try { store()?.setItem(MOTION_KEY, value); } catch (_) { /* ignore */ }
  applyMotion();
  changed('motion');
}

systemReduced?.addEventListener?.('change', () => { applyMotion(); changed('motion'); });
applyMotion();

export function setBotSpeed(value) {
  setSpeed(value);
  changed('speed');
}

// ------------------------------------------------------------------ wasted moves

/** Whether the table asks before a move the engine marks as one that can only lose (default on). */
export function askBeforeWaste() {
  try {
    return store()?.getItem(ASK_WASTE_KEY) !== 'off';
  } catch (_) {
    return true;
  }
}

export function setAskBeforeWaste(value) {
  try { store()?.setItem(ASK_WASTE_KEY, value ? 'on' : 'off'); } catch (_) { /* ignore */ }
  changed('askWaste');
}

// ------------------------------------------------------------------ table options

/** The options of a game that are plain on/off switches (their catalogue default is a boolean). */
export function booleanOptions(game) {
  return Object.entries(game?.options || {}).filter(([, v]) => typeof v === 'boolean').map(([k]) => k);
}

function storedOptions(id) {
  try {
    const raw = JSON.parse(store()?.getItem(OPTIONS_PREFIX + id) || '{}');
    return raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
  } catch (_) {
    return {};
  }
}

/** A new table's options: the catalogue's defaults, with the on/off switches set on this device. */
export function tableOptions(game) {
  const out = { ...(game?.options || {}) };
  const saved = storedOptions(game.id);
  for (const key of booleanOptions(game)) {
    if (typeof saved[key] === 'boolean') out[key] = saved[key];
  }
  return out;
}

export function setTableOption(gameId, key, value) {
  const saved = storedOptions(gameId);
  saved[key] = Boolean(value);
  try { store()?.setItem(OPTIONS_PREFIX + gameId, JSON.stringify(saved)); } catch (_) { /* ignore */ }
  changed('options');
}

/** The label of an option: `opt_<key>` in i18n (a renderer may add it), else the key itself. */
export function optionLabel(key) {
  if (STRINGS[`opt_${key}`]) return t(`opt_${key}`);
  return key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

export function optionHelp(key) {
  return STRINGS[`opt_${key}_help`] ? t(`opt_${key}_help`) : null;
}

/** An on/off switch for a boolean option (a checkbox with its label). */
/**
 * @param {string} key
 * @param {boolean} checked
 * @param {(value: boolean) => void} onChange
 * @param {{testid?: string, help?: string}} [options]
 */
export function optionSwitch(key, checked, onChange, { testid, help = optionHelp(key) } = {}) {
  const box = h('input', { type: 'checkbox', class: 'switch-input', testid, checked, role: 'switch' });
  box.addEventListener('change', () => onChange(box.checked));
  return h('label', { class: 'switch', data: { option: key } },
    box,
    h('span', { class: 'switch-track', 'aria-hidden': 'true' }, h('span', { class: 'switch-thumb' })),
    h('span', { class: 'switch-text' },
      h('span', { class: 'switch-label', text: optionLabel(key) }),
      help ? h('span', { class: 'switch-help', text: help }) : null));
}

// ------------------------------------------------------------------ the dialog

function segmented(label, values, current, onPick, testid, name) {
  return h('div', { class: 'seg settings-seg', role: 'group', 'aria-label': label },
    values.map(([value, text]) => {
      const b = button(text, {
        class: ['seg-btn', value === current ? 'is-on' : null],
        testid: `${testid}-${value}`, 'aria-pressed': value === current ? 'true' : 'false',
        data: { [name]: value },
      });
      b.addEventListener('click', () => onPick(value));
      return b;
    }));
}

/** The row of each game's table options (null when no game has any). */
function optionsRow(games) {
  const withOptions = games.filter((g) => booleanOptions(g).length);
  if (!withOptions.length) return null;
  return h('div', { class: 'settings-row settings-options' },
    h('span', { class: 'field-label', text: t('tableOptions') }),
    h('p', { class: 'field-help', text: t('tableOptionsHelp') }),
    withOptions.map((g) => {
      const current = tableOptions(g);
      return h('fieldset', { class: 'settings-game', testid: `settings-game-${g.id}` },
        h('legend', { class: 'settings-game-title', text: tx(g.titles) }),
        booleanOptions(g).map((key) => optionSwitch(key, current[key],
          (value) => setTableOption(g.id, key, value), { testid: `settings-opt-${g.id}-${key}` })));
    }));
}

/** The settings dialog. `games`: the catalogue (for the table options), may be empty. */
export function openSettings({ games = [] } = {}) {
  const body = h('div', { class: 'settings' });
  const paint = () => {
    const rows = [
      h('h2', { class: 'settings-title', id: 'settings-title', text: t('settingsTitle') }),
      h('div', { class: 'settings-row' },
        h('span', { class: 'field-label', text: t('langLabel') }),
        segmented(t('langLabel'), [['en', 'English'], ['ja', '日本語']], lang(), (v) => setLang(v), 'settings-lang', 'lang')),
      h('div', { class: 'settings-row' },
        h('span', { class: 'field-label', text: t('botSpeed') }),
        segmented(t('botSpeed'), SPEEDS.map((v) => [v, t(`speed_${v}`)]), speed(),
          (v) => { setBotSpeed(v); paint(); }, 'settings-speed', 'speed'),
        h('p', { class: 'field-help', text: t('botSpeedHelp') })),
      h('div', { class: 'settings-row' },
        h('span', { class: 'field-label', text: t('motionLabel') }),
        segmented(t('motionLabel'), MOTIONS.map((v) => [v, t(`motion_${v}`)]), motion(),
          (v) => { setMotion(v); paint(); }, 'settings-motion', 'motion'),
        h('p', { class: 'field-help', testid: 'motion-now', text: reducedMotion() ? t('motionNowOff') : t('motionNowOn') })),
    ];
    rows.push(h('div', { class: 'settings-row settings-ask' },
      optionSwitch('askWaste', askBeforeWaste(), (v) => setAskBeforeWaste(v), { testid: 'settings-ask-waste' })));
    const options = optionsRow(games);
    if (options) rows.push(options);
    clear(body).append(...rows);
    const close = body.parentElement?.querySelector('[data-testid=dialog-close]');
    if (close) close.textContent = t('close');
  };
  paint();
  const offLang = onLang(() => paint());
  const dialog = modal(body, { testid: 'settings-dialog', onClose: () => offLang() });
  body.closest('[role=dialog]')?.setAttribute('aria-labelledby', 'settings-title');
  dialog.repaint = paint;
  return dialog;
}
