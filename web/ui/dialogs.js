// Full-screen and modal layers: the pass-and-play privacy screen, error screens, a small dialog
// and toasts.

import { h, clear, button } from './dom.js';
import { t, tn } from '../i18n.js';
import { cakeLogo } from './card.js';

function root() {
  return document.getElementById('overlay-root');
}

function nameNode(name) {
  return h('strong', { class: 'who', text: name });
}

/**
 * The privacy screen: hides the whole page until the named person taps. Resolves on tap.
 * `hint` is an optional extra line (a string key of i18n).
 */
export function privacyScreen(name, { hint } = {}) {
  return new Promise((resolve) => {
    const go = button(tn('passContinue', nameNode(name)), {
      class: 'btn btn-primary btn-xl', testid: 'privacy-continue',
    });
    const layer = h('div', {
      class: 'privacy', testid: 'privacy-screen', role: 'dialog', 'aria-modal': 'true',
      'aria-labelledby': 'privacy-title', data: { seatName: name },
    },
    h('div', { class: 'privacy-card' },
      h('div', { class: 'privacy-logo' }, cakeLogo()),
      h('h2', { id: 'privacy-title', class: 'privacy-title' }, tn('passTo', nameNode(name))),
      h('p', { class: 'privacy-hint' }, tn('passHint', nameNode(name))),
      hint ? h('p', { class: 'privacy-hint' }, t(hint)) : null,
      go));
    const done = () => {
      layer.remove();
      document.body.classList.remove('has-privacy');
      resolve();
    };
    go.addEventListener('click', done);
    document.body.classList.add('has-privacy');
    root().append(layer);
    go.focus();
  });
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
        h('div', { class: 'error-logo' }, cakeLogo()),
        h('h1', { class: 'error-title', text: title }),
        message ? h('p', { class: 'error-message', testid: 'error-message', text: message }) : null,
        help ? h('p', { class: 'error-help', text: help }) : null,
        h('a', { class: 'btn btn-primary btn-lg', href: '#/', testid: 'back-lobby', text: t('backToLobby') }))));
}

/** A modal dialog with arbitrary content; returns {close}. */
export function modal(content, { testid = 'dialog', onClose } = {}) {
  const closeBtn = button(t('close'), { class: 'btn btn-quiet', testid: 'dialog-close' });
  const layer = h('div', { class: 'modal', testid, role: 'dialog', 'aria-modal': 'true' },
    h('div', { class: 'modal-card' }, content, h('div', { class: 'modal-actions' }, closeBtn)));
  const close = () => {
    layer.remove();
    if (onClose) onClose();
  };
  closeBtn.addEventListener('click', close);
  layer.addEventListener('click', (ev) => { if (ev.target === layer) close(); });
  layer.addEventListener('keydown', (ev) => { if (ev.key === 'Escape') close(); });
  root().append(layer);
  closeBtn.focus();
  return { close };
}

let toastTimer = null;
export function toast(text) {
  let el = document.getElementById('toast');
  if (!el) {
    el = h('div', { id: 'toast', class: 'toast', role: 'status', 'aria-live': 'polite', testid: 'toast' });
    root().append(el);
  }
  el.textContent = text;
  el.classList.add('show');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove('show'), 2600);
}

export function clearOverlays() {
  clear(root());
  document.body.classList.remove('has-privacy');
}
