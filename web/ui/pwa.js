// Offline and installable: registers the service worker (sw.js, written by build.py with the
// list of every file of the site) once the page has started, and offers a reload when a new
// version has been installed next to the running one.
//
// Hooks for tests: <html data-offline="ready"> once the whole site is stored on the device,
// <html data-update="ready"> while a new version waits.

import { h, button } from './dom.js';
import { t, onLang } from '../i18n.js';

const html = document.documentElement;
let registration = null;
let reloading = false;
let banner = null;
const readyListeners = new Set();

export function offlineReady() {
  return html.dataset.offline === 'ready';
}

/** Call `fn()` once the site is stored for offline use. */
export function onOfflineReady(fn) {
  readyListeners.add(fn);
  return () => readyListeners.delete(fn);
}

function paintBanner() {
  if (!banner) return;
  banner.replaceChildren(
    h('span', { class: 'update-text', text: t('updateReady') }),
    (() => {
      const later = button(t('updateLater'), { class: 'btn btn-quiet', testid: 'update-later' });
      later.addEventListener('click', () => { banner?.remove(); banner = null; });
      return later;
    })(),
    (() => {
      const reload = button(t('updateReload'), { class: 'btn btn-primary', testid: 'update-reload' });
      reload.addEventListener('click', () => applyUpdate());
      return reload;
    })(),
  );
}

function showUpdate() {
  html.dataset.update = 'ready';
  if (banner) return;
  // outside #overlay-root: changing screens must not remove it
  banner = h('div', { class: 'update-banner', testid: 'update-banner', role: 'status', 'aria-live': 'polite' });
  paintBanner();
  document.body.append(banner);
}
onLang(() => paintBanner());

function applyUpdate() {
  const waiting = registration?.waiting;
  if (!waiting) {
    window.location.reload();
    return;
  }
  reloading = true;
  waiting.postMessage({ type: 'skip-waiting' });
}

function watch(worker) {
  if (!worker) return;
  worker.addEventListener('statechange', () => {
    // "installed" with a controller already there: a new version waits for the page's consent
    if (worker.state === 'installed' && navigator.serviceWorker.controller) showUpdate();
  });
}

/**
 * Register sw.js after `after` settles (the first visit downloads the engine first, then the
 * service worker stores the rest). Does nothing where service workers are unavailable.
 */
export async function registerServiceWorker(after) {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  try { await after; } catch (_) { /* register anyway */ }
  if (document.readyState !== 'complete') {
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) window.location.reload();
  });
  try {
    registration = await navigator.serviceWorker.register('./sw.js', { scope: './' });
  } catch (err) {
    console.warn('service worker not registered', err);
    return;
  }
  // a browser that blocks service workers (a policy, an automation's option) may answer nothing
  if (!registration) {
    console.warn('service worker not registered: the browser gave no registration');
    return;
  }
  if (registration.waiting && navigator.serviceWorker.controller) showUpdate();
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  navigator.serviceWorker.ready.then(() => {
    html.dataset.offline = 'ready';
    for (const fn of readyListeners) fn();
    // persistent storage is asked once, when a first game is saved (ui/saves.js)
  });
  // look for a new version when the tablet comes back to the app
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') registration.update().catch(() => {});
  });
}

/** Ask the server for a new version now (tests, and a "check for updates" button). */
export function checkForUpdate() {
  return registration ? registration.update() : Promise.resolve();
}
