// The page's header: the site's title and logo, the bot speed, the language switch and the
// settings button (the engine's status box beside them is painted by engine-status.js).

import { h, clear, button } from './dom.js';
import { t, lang, setLang } from '../i18n.js';
import { icon } from './card.js';
import { collectionMark } from './art.js';
import { openSettings, setBotSpeed } from './settings.js';
import { SPEEDS, speed } from './speed.js';

/** The language switch: EN and 日本語. */
function langSwitch() {
  return h('div', { class: 'seg lang-switch', role: 'group', 'aria-label': t('langLabel') },
    ['en', 'ja'].map((code) => button(code === 'en' ? 'EN' : '日本語', {
      class: ['seg-btn', lang() === code ? 'is-on' : null], testid: `lang-${code}`,
      'aria-pressed': lang() === code ? 'true' : 'false', lang: code,
      title: code === 'en' ? 'English' : '日本語', // the name stays the visible text (EN)
      data: { action: 'lang', lang: code },
    })));
}

/** The bot speed select. */
function speedBox() {
  const sel = /** @type {HTMLSelectElement} */ (h('select', {
    class: 'select select-sm', testid: 'speed', id: 'speed-select', 'aria-label': t('botSpeed'), data: { action: 'speed' },
  }, SPEEDS.map((s) => h('option', { value: s, text: t(`speed_${s}`) }))));
  sel.value = speed();
  return h('label', { class: 'speed', for: 'speed-select' }, h('span', { class: 'speed-label', text: t('botSpeed') }), sel);
}

/** The button that opens the settings dialog. */
function gearButton() {
  return button(icon('gear'), {
    class: 'btn btn-icon topbar-btn', testid: 'open-settings', 'aria-label': t('settings'), title: t('settings'),
    'aria-haspopup': 'dialog', data: { action: 'settings' },
  });
}

/** Whether the screen on show is the lobby (the brand then leads nowhere new). */
let atHome = true;

/**
 * The brand as a way back: away from the lobby a back mark before it, and a name and an
 * explanation (a tap in the "?" mode) that say where it leads; on a phone its title is hidden.
 * @param {boolean} home the lobby is on show
 */
export function markHome(home) {
  atHome = home;
  document.documentElement.classList.toggle('at-home', home);
  const brand = document.querySelector('.brand');
  if (!brand) return;
  // named on the lobby too: on a narrow phone its visible title is hidden and its marks are not
  // read aloud
  brand.setAttribute('aria-label', home ? t('appTitle') : `${t('appTitle')}: ${t('brandHome')}`);
  if (home) brand.removeAttribute('title');
  else brand.setAttribute('title', `${t('appTitle')}: ${t('brandHome')}`);
}

/** Paint the header in the current language. */
export function paintHeader() {
  markHome(atHome);
  document.getElementById('brand-title').textContent = t('appTitle');
  const logo = document.querySelector('.brand-logo');
  if (logo && !logo.firstChild) logo.append(collectionMark());
  // the collection's name in the page's language first, then in the other one
  document.title = `${t('appTitle')} · ${lang() === 'ja' ? 'Five Tables' : '五つの卓'}`;
  clear(document.getElementById('topbar-tools')).append(speedBox(), langSwitch(), gearButton());
}

/**
 * Listen to the header's tools (on their box, painted again and again: once for the page).
 * @param {import('./games.js').Catalogue} games the settings list the games' options
 */
export function listenHeader(games) {
  const tools = document.getElementById('topbar-tools');
  tools.addEventListener('click', (ev) => {
    const el = ev.target instanceof Element ? ev.target.closest('[data-action]') : null;
    if (!(el instanceof HTMLElement)) return;
    if (el.dataset.action === 'lang') setLang(el.dataset.lang);
    else if (el.dataset.action === 'settings') {
      games.list().then((list) => openSettings({ games: list }), () => openSettings({ games: [] }));
    }
  });
  tools.addEventListener('change', (ev) => {
    const el = ev.target;
    if (el instanceof HTMLSelectElement && el.dataset.action === 'speed') setBotSpeed(el.value);
  });
}
