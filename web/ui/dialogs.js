// Full-screen and modal layers: the pass-and-play privacy screen, error screens, a small dialog
// and toasts.

import { h, clear, button } from './dom.js';
import { t, tn, onLang } from '../i18n.js';
import { icon } from './card.js';
import { collectionMark } from './art.js';

function root() {
  return document.getElementById('overlay-root');
}

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keep Tab and Shift+Tab inside a layer that covers the page (the page behind cannot be used);
 * returns a function that gives the focus back to where it was before the layer, if still there.
 */
function holdFocus(layer) {
  const before = document.activeElement;
  layer.addEventListener('keydown', (ev) => {
    if (ev.key !== 'Tab') return;
    const items = [...layer.querySelectorAll(TABBABLE)].filter((el) => el.getClientRects().length > 0);
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    const inside = layer.contains(document.activeElement);
    if (ev.shiftKey && (!inside || document.activeElement === first)) {
      last.focus();
      ev.preventDefault();
    } else if (!ev.shiftKey && (!inside || document.activeElement === last)) {
      first.focus();
      ev.preventDefault();
    }
  });
  return () => {
    if (before instanceof HTMLElement && before.isConnected && before !== document.body) before.focus({ preventScroll: true });
  };
}

function nameNode(name) {
  return h('strong', { class: 'who', text: name });
}

/**
 * The privacy screen: hides the whole page until the named person taps. Resolves on tap.
 * `hint` is an optional extra line (a string key of i18n). With `undo: {name}` it also offers the
 * person who just played (still holding the tablet) to take the move back: the promise then
 * resolves with 'undo' instead of 'continue', and the screen stays up (its buttons off) until the
 * table puts the next one in its place (`removePrivacy`), so that nothing shows in between.
 * `back`: the tablet goes back to `name` after a move was taken back ("Give the tablet back").
 * `rules`: opens the game's rules over the screen (they hold nothing hidden); the screen stays.
 * `watched`: the tablet is the board everyone sees (the others play on their own phones) and
 * `name` its one player: the cover says it is their turn here, not to pass the tablet.
 * @param {string} name
 * @param {{hint?: string, undo?: {name: string}, back?: boolean, rules?: () => void, watched?: boolean}} [options]
 * @returns {Promise<'continue' | 'undo'>}
 */
export function privacyScreen(name, { hint, undo, back: giveBack = false, rules, watched = false } = {}) {
  return new Promise((resolve) => {
    const go = button(tn('passContinue', nameNode(name)), {
      class: 'btn btn-primary btn-xl', testid: 'privacy-continue',
    });
    const back = undo
      ? button([icon('undo'), h('span', {}, tn('undoBeforePass', nameNode(undo.name)))], {
        class: 'btn btn-quiet privacy-undo', testid: 'privacy-undo',
      })
      : null;
    const layer = h('div', {
      class: ['privacy', giveBack ? 'privacy-back' : null], testid: 'privacy-screen', role: 'dialog', 'aria-modal': 'true',
      'aria-labelledby': 'privacy-title', data: { seatName: name, pass: giveBack ? 'back' : 'on' },
    },
    h('div', { class: 'privacy-card' },
      h('div', { class: 'privacy-logo' }, collectionMark()),
      h('h2', { id: 'privacy-title', class: 'privacy-title' }, tn(giveBack ? 'passBack' : watched ? 'passWatched' : 'passTo', nameNode(name))),
      h('p', { class: 'privacy-hint' }, tn(giveBack ? 'passBackHint' : watched ? 'passWatchedHint' : 'passHint', nameNode(name))),
      hint ? h('p', { class: 'privacy-hint' }, t(hint)) : null,
      go,
      back ? h('div', { class: 'privacy-undo-row' }, back) : null,
      rules ? h('div', { class: 'privacy-rules-row' }, rulesOnCover(rules)) : null));
    const done = answer(layer, [go, back], resolve);
    go.addEventListener('click', () => done('continue'));
    back?.addEventListener('click', () => done('undo'));
    document.body.classList.add('has-privacy');
    root().append(layer);
    go.focus();
  });
}

/** The privacy screen's Rules button: opens the rules over it, and the screen stays. */
function rulesOnCover(open) {
  const b = button(t('rules'), { class: 'btn btn-quiet', testid: 'privacy-rules', 'aria-haspopup': 'dialog' });
  b.addEventListener('click', () => open());
  return b;
}

/**
 * How a privacy screen answers (once): 'continue' takes it away; 'undo' leaves it up with its
 * buttons off, the page still covered until the next screen takes its place.
 * @param {HTMLElement} layer
 * @param {(HTMLButtonElement | null)[]} buttons
 * @param {(how: 'continue' | 'undo') => void} resolve
 */
function answer(layer, buttons, resolve) {
  const restore = holdFocus(layer);
  let answered = false;
  return (how) => {
    if (answered) return;
    answered = true;
    if (how === 'undo') {
      for (const b of buttons) if (b) b.disabled = true;
      layer.dataset.pass = 'busy';
    } else {
      layer.remove();
      document.body.classList.remove('has-privacy');
      restore();
    }
    resolve(how);
  };
}

export function removePrivacy() {
  for (const el of root().querySelectorAll('.privacy')) el.remove();
  document.body.classList.remove('has-privacy');
}

/** A message page inside `container` with a button back to the lobby. */
export function errorPage(container, { title, message, help, testid = 'error-page' }) {
  clear(container);
  container.append(
    h('section', { class: 'page error-page', testid, role: 'alert' },
      h('div', { class: 'error-card' },
        h('div', { class: 'error-logo' }, collectionMark()),
        h('h1', { class: 'error-title', text: title }),
        message ? h('p', { class: 'error-message', testid: 'error-message', text: message }) : null,
        help ? h('p', { class: 'error-help', text: help }) : null,
        h('a', { class: 'btn btn-primary btn-lg', href: '#/', testid: 'back-lobby', text: t('backToLobby') }))));
}

/**
 * A modal dialog with arbitrary content (`label`: its name for screen readers, or a function
 * giving it in the current language); returns {close}. `relabel` puts the content's own words in
 * a new language when the language is switched while the dialog is open.
 * @param {Node} content
 * @param {{testid?: string, onClose?: () => void, label?: string | (() => string), relabel?: () => void}} [options]
 */
export function modal(content, { testid = 'dialog', onClose, label, relabel } = {}) {
  const labelText = () => (typeof label === 'function' ? label() : label);
  const closeBtn = button(t('close'), { class: 'btn btn-quiet', testid: 'dialog-close' });
  const layer = h('div', { class: 'modal', testid, role: 'dialog', 'aria-modal': 'true', 'aria-label': labelText() },
    h('div', { class: 'modal-card' }, content, h('div', { class: 'modal-actions' }, closeBtn)));
  const restore = holdFocus(layer);
  // the dialog's own words follow a switch of language while it is open (`relabel`: the content's)
  const offLang = onLang(() => {
    closeBtn.textContent = t('close');
    const text = labelText();
    if (text) layer.setAttribute('aria-label', text);
    if (relabel) relabel();
  });
  const close = () => {
    offLang();
    layer.remove();
    restore();
    if (onClose) onClose();
  };
  closeBtn.addEventListener('click', close);
  layer.addEventListener('click', (ev) => { if (ev.target === layer) close(); });
  layer.addEventListener('keydown', (ev) => { if (ev.key === 'Escape') close(); });
  root().append(layer);
  closeBtn.focus();
  return { close };
}

/**
 * Ask a yes/no question in a dialog. Resolves true when confirmed, false otherwise.
 * `danger`: the confirming button looks destructive; `title`: a heading above the question.
 */
export function confirmDialog(question, { ok = t('ok'), cancel = t('cancel'), danger = false, testid = 'confirm-dialog', title = '' } = {}) {
  return new Promise((resolve) => {
    let answered = false;
    const yes = button(ok, { class: ['btn', danger ? 'btn-danger' : 'btn-primary'], testid: 'confirm-yes' });
    const no = button(cancel, { class: 'btn', testid: 'confirm-no' });
    const layer = h('div', { class: 'modal', testid, role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': title ? 'confirm-title' : 'confirm-text', 'aria-describedby': title ? 'confirm-text' : undefined },
      h('div', { class: 'modal-card modal-small' },
        title ? h('h2', { class: 'confirm-title', id: 'confirm-title', text: title }) : null,
        h('p', { class: 'confirm-text', id: 'confirm-text', text: question }),
        h('div', { class: 'modal-actions' }, no, yes)));
    const restore = holdFocus(layer);
    const finish = (value) => {
      if (answered) return;
      answered = true;
      layer.remove();
      restore();
      resolve(value);
    };
    yes.addEventListener('click', () => finish(true));
    no.addEventListener('click', () => finish(false));
    layer.addEventListener('click', (ev) => { if (ev.target === layer) finish(false); });
    layer.addEventListener('keydown', (ev) => { if (ev.key === 'Escape') finish(false); });
    root().append(layer);
    no.focus();
  });
}

let toastTimer = null;
let toastClear = null;
/** @type {(() => string) | null} the words of the toast on show, made again in a new language */
let toastWords = null;

onLang(() => {
  const el = document.getElementById('toast');
  if (el && toastWords) el.textContent = toastWords();
});

/**
 * A short message at the bottom of the screen. `text` is a function giving the words in the
 * current language (so they follow a switch of language while shown), or a fixed string. The
 * text leaves the page once the toast has faded out.
 * @param {string | (() => string)} text
 */
export function toast(text) {
  let el = document.getElementById('toast');
  if (!el) {
    el = h('div', { id: 'toast', class: 'toast', role: 'status', 'aria-live': 'polite', testid: 'toast' });
    root().append(el);
  }
  toastWords = typeof text === 'function' ? text : () => text;
  el.textContent = toastWords();
  el.classList.add('show');
  clearTimeout(toastTimer);
  clearTimeout(toastClear);
  toastTimer = setTimeout(() => {
    el.classList.remove('show');
    toastClear = setTimeout(() => {
      toastWords = null;
      el.textContent = '';
    }, 400);
  }, 2600);
}

export function clearOverlays() {
  clear(root());
  document.body.classList.remove('has-privacy');
}
