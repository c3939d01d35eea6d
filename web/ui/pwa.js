// Offline and installable: registers the service worker (sw.js, written by build.py with the
// list of every file of the site) once the page has started, and offers a reload when a new
// version has been installed next to the running one. The service worker stores the page's own
// files (the shell) when it installs; the engine's files once the engine has started on this
// device (`keepEngine`): a device that has only ever been a guest's (issue 34) keeps the shell
// alone.
//
// Hooks for tests: <html data-offline="ready"> once what this page runs is stored on the device
// (the shell, and the engine if it started here), <html data-update="ready"> while a new version
// waits.

import { h, button } from './dom.js';
import { t, onLang } from '../i18n.js';

const html = document.documentElement;
let registration = null;
let reloading = false;
let banner = null;
const readyListeners = new Set();
let shellStored = false; // the service worker is active: the shell is on the device
let engineWanted = false; // the engine started on this page: its files are stored too

export function offlineReady() {
  return html.dataset.offline === 'ready';
}

/** Call `fn()` once the site is stored for offline use. */
export function onOfflineReady(fn) {
  readyListeners.add(fn);
  return () => readyListeners.delete(fn);
}

function announceReady() {
  html.dataset.offline = 'ready';
  for (const fn of readyListeners) fn();
}

/** Ask the active service worker to store the engine's files; resolves with whether it did. */
async function storeEngine() {
  const active = (await navigator.serviceWorker.ready).active;
  if (!active) return false;
  const channel = new MessageChannel();
  const answer = new Promise((resolve) => {
    channel.port1.onmessage = ({ data }) => resolve(data || {});
  });
  active.postMessage({ type: 'keep-engine' }, [channel.port2]);
  const { stored, detail } = await answer;
  if (!stored) console.info('pygames: the engine was not stored for offline use:', detail);
  return Boolean(stored);
}

/**
 * The engine has started on this page: the service worker stores its files too (at once if it
 * is active, else once it is); `<html data-offline>` is "ready" again when they are in.
 */
export function keepEngine() {
  if (engineWanted) return;
  engineWanted = true;
  if (!shellStored) return; // registerServiceWorker asks once the service worker is active
  delete html.dataset.offline;
  storeEngine().then((stored) => { if (stored) announceReady(); });
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
 * service worker stores the rest; a guest's page, with no engine, at once). Does nothing where
 * service workers are unavailable.
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
  navigator.serviceWorker.ready.then(async () => {
    shellStored = true;
    if (engineWanted && !(await storeEngine())) return;
    announceReady();
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
