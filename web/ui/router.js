// A small router: the address (location.hash) chooses a screen; one screen is on show at a time.
//
// A screen is a plain object that draws itself into the page's <main>:
//   render()      draw (again) from its state
//   destroy()     stop what it started (optional)
//   onEngine()    the engine became ready or failed (optional; default: nothing)
//   onLang()      the language changed (optional; default: render())
//   onDevice()    what this device keeps changed: a game saved by another tab, the site cached
//                 for offline use (optional; default: nothing)
//   ownsAddress   true while it keeps the address it wrote (a table's share link) as its own
//
// Every navigation takes a new token; work that waits (the engine, a module) checks that its
// token is still the current one before it shows anything, so a late answer never replaces the
// screen the player went to meanwhile.

import { t } from '../i18n.js';
import { errorPage, clearOverlays, toast } from './dialogs.js';

/**
 * @typedef {object} Screen
 * @property {() => void} render
 * @property {() => void} [destroy]
 * @property {() => void} [onEngine]
 * @property {() => void} [onLang]
 * @property {() => void} [onDevice]
 * @property {boolean} [ownsAddress]
 * @property {boolean} [home] the lobby, where the header's brand leads (no way back from it)
 */

/**
 * What the screens share: the page's main element, the router, the engine and the catalogue.
 * @typedef {object} Shell
 * @property {HTMLElement} container
 * @property {Router} router
 * @property {import('./engine-status.js').EngineStatus} engine
 * @property {import('./games.js').Catalogue} games
 * @property {{lobbyLaidOut?: boolean}} memo what the page remembers between screens
 */

/** @type {Screen} */
const NOTHING = { render() {} };

export class Router {
  /** @param {HTMLElement} container the page's <main> */
  constructor(container) {
    this.container = container;
    /** @type {Screen} */
    this.screen = NOTHING;
    this.token = 0;
    /** @type {{pattern: RegExp, open: (match: RegExpMatchArray, hash: string) => void}[]} */
    this.routes = [];
    /** @type {(hash: string) => void} */
    this.fallback = () => {};
    /** @type {string | null} the address the screen on show wrote (a table's share link) */
    this.address = null;
    /** @type {(screen: Screen) => void} told of every screen put on show */
    this.onShow = () => {};
  }

  /**
   * Open `open(match, hash)` for an address that matches `pattern` (the first route that
   * matches wins; `fallback` takes the others).
   * @param {RegExp} pattern
   * @param {(match: RegExpMatchArray, hash: string) => void} open
   */
  add(pattern, open) {
    this.routes.push({ pattern, open });
    return this;
  }

  /** Show the screen of the current address. */
  route() {
    const hash = location.hash || '#/';
    if (hash === this.address && this.screen.ownsAddress) return;
    this.address = null;
    for (const { pattern, open } of this.routes) {
      const match = hash.match(pattern);
      if (match) {
        open(match, hash);
        return;
      }
    }
    this.fallback(hash);
  }

  /** Show the lobby (the screen of every address no route takes). */
  home() {
    this.fallback('#/');
  }

  /** A new navigation begins: its token (the ones before are stale). */
  navigate() {
    this.token += 1;
    return this.token;
  }

  /**
   * Is `token` the current navigation's?
   * @param {number} token
   */
  current(token) {
    return token === this.token;
  }

  /**
   * Is `screen` the one on show?
   * @param {Screen} screen
   */
  showing(screen) {
    return this.screen === screen;
  }

  /**
   * A new navigation that shows at once the screen `make` makes (made after the navigation
   * began, so that what it starts belongs to it).
   * @param {() => Screen} make
   */
  open(make) {
    this.navigate();
    this.show(make());
  }

  /**
   * Put `next` on show in place of the screen there (which is destroyed).
   * @param {Screen} next
   */
  show(next) {
    try { this.screen.destroy?.(); } catch (_) { /* the old screen is gone either way */ }
    clearOverlays();
    this.screen = next;
    this.onShow(next);
    try {
      next.render();
    } catch (err) {
      this.crashed(err);
    }
    window.scrollTo(0, 0);
  }

  /**
   * Write the address of the screen on show (`#<share>`) without routing to it: pushed as a new
   * history entry, or in place of the current one. The table writes its address a little after
   * each move; if the player has gone elsewhere meanwhile (the lobby, another link), that
   * address stays: its hashchange is on its way, and writing the game back over it would keep
   * the player at the table.
   * @param {string} target
   * @param {boolean} push
   */
  setAddress(target, push) {
    if (!push && this.address !== null && location.hash !== this.address) return;
    this.address = target;
    if (location.hash === target) return;
    if (push) history.pushState(null, '', target);
    else history.replaceState(null, '', target);
  }

  /**
   * Never leave a blank page: an unexpected error shows a message and a way back (or a toast
   * over a screen that is still usable).
   * @param {any} err
   */
  crashed(err) {
    console.error(err);
    const message = String(err?.message || err || '');
    const box = this.container;
    if (!box.firstElementChild || box.querySelector('[data-testid=opening]')) {
      errorPage(box, { title: t('somethingWrong'), message, help: t('linkBrokenHelp'), testid: 'crash-page' });
    } else {
      toast(() => `${t('somethingWrong')} ${message}`);
    }
  }

  /** Tell the screen on show that the engine's state changed. */
  engineChanged() {
    this.screen.onEngine?.();
  }

  /** Tell the screen on show that the language changed. */
  langChanged() {
    if (this.screen.onLang) this.screen.onLang();
    else this.screen.render();
  }

  /** Tell the screen on show that what this device keeps changed. */
  deviceChanged() {
    this.screen.onDevice?.();
  }
}
