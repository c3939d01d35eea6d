// The table's banner about its save, at the top of the screen until it is dealt with:
//   moved  the game moved on in another tab: this tab's position is older and is no longer
//          saved; "Reload the game" goes on from the save
//   full   the device's storage is full: the game goes on here without being saved (earlier
//          saves are kept); "OK" puts the banner away
// It lives in #overlay-root, so another screen takes it away (router.show clears the layers),
// and it is drawn again in the other language.

import { h, button } from './dom.js';
import { t, onLang } from '../i18n.js';

/** @typedef {'moved' | 'full'} BannerKind */

/** @type {{el: HTMLElement, kind: BannerKind, onReload: () => void} | null} */
let shown = null;

function paint() {
  if (!shown) return;
  const { el, kind, onReload } = shown;
  el.dataset.kind = kind;
  el.setAttribute('role', kind === 'moved' ? 'alert' : 'status');
  let act;
  if (kind === 'moved') {
    act = button(t('movedOnReload'), { class: 'btn btn-primary btn-sm', testid: 'save-banner-reload' });
    act.addEventListener('click', () => onReload());
  } else {
    act = button(t('ok'), { class: 'btn btn-quiet btn-sm', testid: 'save-banner-ok' });
    act.addEventListener('click', () => hideSaveBanner());
  }
  el.replaceChildren(
    h('span', { class: 'save-banner-text', testid: 'save-banner-text', text: t(kind === 'moved' ? 'movedOnTab' : 'saveFull') }),
    act);
}

onLang(() => paint());

/**
 * Show the banner of `kind` (in place of the one shown, if any).
 * @param {BannerKind} kind
 * @param {{onReload?: () => void}} [o] what "Reload the game" does
 */
export function showSaveBanner(kind, { onReload = () => {} } = {}) {
  const root = document.getElementById('overlay-root');
  if (!root) return;
  if (!shown || !shown.el.isConnected) {
    shown = { el: h('div', { class: 'save-banner', testid: 'save-banner', 'aria-live': 'polite' }), kind, onReload };
    root.append(shown.el);
  }
  shown.kind = kind;
  shown.onReload = onReload;
  paint();
}

/** The kind of banner on show, or null. */
export function saveBannerKind() {
  return shown && shown.el.isConnected ? shown.kind : null;
}

/** Put the banner away. */
export function hideSaveBanner() {
  shown?.el.remove();
  shown = null;
}
