// The error screens: a link that could not be opened, a saved game the engine refused, the engine
// that did not start, a replay no longer on this device. Each is drawn in the current language
// when shown and again when the language changes.

import { h, button } from '../ui/dom.js';
import { t, tx } from '../i18n.js';
import { errorPage } from '../ui/dialogs.js';
import { icon } from '../ui/card.js';
import { deleteSave, forgetRecords } from '../ui/saves.js';

/**
 * @typedef {object} ErrorText what an error page says, in the current language
 * @property {string} title
 * @property {string} [message]
 * @property {string} [help]
 * @property {string} testid
 */

/**
 * A screen showing an error page (with a way back to the lobby).
 * @param {import('../ui/router.js').Shell} shell
 * @param {() => ErrorText} text what it says, asked at every drawing
 * @param {() => void} [extra] adds to the drawn page
 * @returns {import('../ui/router.js').Screen}
 */
export function errorScreen(shell, text, extra) {
  return {
    render() {
      const { title, message, help, testid } = text();
      errorPage(shell.container, { title, message, help, testid });
      extra?.();
    },
  };
}

/**
 * Show that a game link (or a replay) could not be opened, and why.
 * @param {import('../ui/router.js').Shell} shell
 * @param {import('../types.js').Text} error
 */
export function showLinkError(shell, error) {
  shell.router.show(errorScreen(shell, () => ({
    title: t('linkBroken'), message: tx(error), help: t('linkBrokenHelp'), testid: 'link-error',
  })));
}

/**
 * A saved game the engine could not open: say so, offer to delete it; the lobby still works.
 * @param {import('../ui/router.js').Shell} shell
 * @param {string} id the save's id
 * @param {import('../types.js').Text} error
 */
export function showResumeError(shell, id, error) {
  const text = () => ({
    title: t('resumeFailed'), message: tx(error), help: t('resumeFailedHelp'), testid: 'resume-error',
  });
  const addDelete = () => {
    const del = button([icon('trash'), h('span', { text: t('deleteThisSave') })], { class: 'btn btn-lg', testid: 'delete-broken-save' });
    del.addEventListener('click', () => {
      deleteSave(id);
      forgetRecords(shell.engine.engine, [id]);
      location.hash = '#/';
      if (location.hash === '#/') shell.router.route();
    });
    shell.container.querySelector('.error-card [data-testid=back-lobby]')?.before(del);
  };
  shell.router.show(errorScreen(shell, text, addDelete));
}

/**
 * The address names a game in progress this device does not keep (`#play/<id>` from another
 * device, or a game deleted since): say so, with the way back to the lobby.
 * @param {import('../ui/router.js').Shell} shell
 */
export function showNotHere(shell) {
  shell.router.open(() => errorScreen(shell, () => ({
    title: t('gameNotHere'), help: t('gameNotHereHelp'), testid: 'game-not-here',
  })));
}

/**
 * The engine did not start: nothing can be played.
 * @param {import('../ui/router.js').Shell} shell
 */
export function showEngineFailed(shell) {
  shell.router.show(errorScreen(shell, () => ({
    title: t('engineFailed'), message: tx(shell.engine.error), help: t('engineFailedHelp'), testid: 'engine-error',
  })));
}

/**
 * A finished game's replay that is no longer kept on this device.
 * @param {import('../ui/router.js').Shell} shell
 */
export function showReplayMissing(shell) {
  shell.router.open(() => errorScreen(shell, () => ({ title: t('replayNotFound'), testid: 'replay-missing' })));
}

/**
 * An unknown game, or one that cannot be played here (the rules and setup pages).
 * @param {import('../ui/router.js').Shell} shell
 * @param {boolean} known the game is in the catalogue
 */
export function gameErrorPage(shell, known) {
  errorPage(shell.container, {
    title: known ? t('notPlayableYet') : t('unknownGame'), message: undefined, help: undefined, testid: 'error-page',
  });
}
