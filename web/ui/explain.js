// Nothing explained by hover only (issue 31): every mark, badge and number of a table explains
// itself by a tap, in the current language. A tablet never hovers and a long press selects.
//
// One mechanism for the whole app:
// - A mark is "explainable" when it carries `data-explain` (its explanation as text), a `title`
//   (the same text a mouse shows on hover), `data-gloss` (a term of the game's glossary,
//   web/rules/<id>.js, by its English word) or a class the glossary names as a `mark` (the
//   dashed outline of the last bot move, BAG-GAI's ★...).
// - A tap on an explainable mark that is not part of a control opens a bubble anchored to it:
//   its own text, then the glossary's words for the terms and marks it carries. A tap elsewhere
//   or Escape closes it (a tap on a control of the table then only closes it: nothing is played;
//   one of the status bar or the header also does what it does). Such marks are focusable
//   (Enter or Space opens the bubble).
// - A badge the coach put on the table (a hint's 1, 2, 3; the analysis's ✓ and ✗) adds its key.
// - A mark on a control that plays (a card on a move button, the round bonus switch) never
//   steals its tap: the "?" button of the status bar turns the taps into explanations (of the
//   mark or the control tapped, nothing is played) until it is tapped again (or Escape).
// The bubble lives outside the table (the table's redraws never touch it) and is placed through
// the CSSOM (the CSP refuses style attributes written as text). e2e/test_explain.py checks that
// every such element of every table has its tap path, in both languages.

import { h, loadStyle } from './dom.js';
import { t, tx, onLang, levelName } from '../i18n.js';
import { loadGuide } from '../rules/index.js';

loadStyle(new URL('../explain.css', import.meta.url).href);

/** What a tap may explain (the game's glossary marks are added per game). */
export const EXPLAINABLE = '[data-explain], [title], [data-gloss], [role=img][aria-label], [data-hint-rank]';
/** What plays or opens something: a direct tap there is the control's, never an explanation. */
const CONTROL = 'button, a[href], input, select, textarea, label, summary, [data-action], [role=button], [role=tab], [role=option]';

/** @type {Map<string, any>} the guides loaded, by game id (null: the game has none) */
const guides = new Map();
/** @type {{bubble: HTMLElement, anchor: Element} | null} */
let open = null;
let asking = false; // the "?" button is on: taps explain (until it is tapped again)
let installed = false;

/** The glossaries on their way, by game: each settles once its glossary is in `guides`. */
const loading = new Map();

/** The glossary of the game `id` (loaded once; empty until it has arrived). */
function glossary(id) {
  if (!id) return [];
  if (!guides.has(id)) {
    guides.set(id, null);
    const done = () => loading.delete(id);
    loading.set(id, loadGuide(id).then((g) => { guides.set(id, g); }).catch(() => {}).then(done));
  }
  return guides.get(id)?.glossary || [];
}

/**
 * While the glossary of the table around `target` is still on its way (a tap just after the
 * table opened, on a slow device), run `then` once it has come, and say so (true): a term's
 * explanation comes a moment late instead of not at all.
 * @param {Element} target
 * @param {() => void} then
 */
function afterGlossary(target, then) {
  const wait = loading.get(gameOf(target));
  if (!wait) return false;
  close(); // the bubble on screen (the "?" button's own words) is not this tap's answer
  wait.then(() => { if (target.isConnected) then(); });
  return true;
}

/** The game of the table around `el` (its section's `data-game`). */
function gameOf(el) {
  const root = el.closest('[data-game]');
  return root instanceof HTMLElement ? root.dataset.game || '' : '';
}

/** The selector of what a tap explains on the table of `game` (its glossary's marks too). */
function selectorFor(game) {
  const marks = glossary(game).filter((g) => g.mark).map((g) => `.${CSS.escape(g.mark)}`);
  return [EXPLAINABLE, ...marks].join(', ');
}

/**
 * The lines of the explanation of `el`, tapped at `target`: its own text, then the glossary's
 * entries for its `data-gloss` terms and for the marks on it and around it (up to the table).
 * @param {Element} el
 * @param {Element} target
 * @returns {{own: string, terms: {term: string, means: string}[]}}
 */
export function explanation(el, target = el) {
  const named = el.getAttribute('role') === 'img' ? el.getAttribute('aria-label') : '';
  const own = el.getAttribute('data-explain') || el.getAttribute('title') || named || '';
  const entries = glossary(gameOf(el));
  const found = [];
  const add = (entry) => { if (entry && !found.includes(entry)) found.push(entry); };
  for (const word of (el.getAttribute('data-gloss') || '').split('|').filter(Boolean)) {
    add(entries.find((g) => !g.mark && g.term.en.toLowerCase() === word.toLowerCase()));
  }
  let badge = null;
  for (let a = target; a; a = a.parentElement) {
    for (const g of entries) if (g.mark && a.classList.contains(g.mark)) add(g);
    badge ??= a.getAttribute('data-hint-rank');
    if (a.matches('[data-game]')) break;
  }
  const terms = found.map((g) => ({ term: tx(g.term), means: tx(g.means) }));
  return { own, terms: badge ? [...terms, ...badge.split(' ').map(badgeTerm)] : terms };
}

/**
 * The words of a badge the coach put on the table: a hint's choice (1, 2, 3) or the analysis's
 * better move (✓) and move played (✗).
 * @param {string} badge
 */
function badgeTerm(badge) {
  if (badge === '✓') return { term: '✓', means: t('markBest') };
  if (badge === '✗') return { term: '✗', means: t('markPlayed') };
  return { term: t('hintRank', badge), means: t('hintMarkMeans', badge) };
}

function close() {
  if (!open) return;
  open.bubble.remove();
  open = null;
}

function setAsking(on) {
  asking = on;
  document.documentElement.classList.toggle('is-explaining', on);
  for (const b of document.querySelectorAll('[data-explain-toggle]')) b.setAttribute('aria-pressed', on ? 'true' : 'false');
}

/** Put the bubble under its anchor (above it when there is no room below), inside the viewport. */
function placeBubble(bubble, anchor) {
  const r = anchor.getBoundingClientRect();
  const b = bubble.getBoundingClientRect();
  const gap = 8;
  const x = Math.max(gap, Math.min(innerWidth - b.width - gap, r.left + r.width / 2 - b.width / 2));
  const below = r.bottom + gap + b.height <= innerHeight - gap || r.top - gap - b.height < gap;
  const y = below ? Math.min(r.bottom + gap, innerHeight - b.height - gap) : r.top - gap - b.height;
  bubble.style.setProperty('--ex-x', `${Math.round(x)}px`);
  bubble.style.setProperty('--ex-y', `${Math.round(Math.max(gap, y))}px`);
  bubble.classList.toggle('is-above', !below);
}

/**
 * Open the bubble at `anchor` with `lines` (own text, glossary entries).
 * @param {Element} anchor
 * @param {{own: string, terms: {term: string, means: string}[]}} lines
 */
function show(anchor, lines) {
  close();
  const own = lines.own || (lines.terms.length ? '' : t('explainNothing'));
  const bubble = h('div', { class: 'explain-bubble', testid: 'explain-bubble', role: 'status', 'aria-live': 'polite' },
    own ? h('p', { class: 'explain-own', text: own }) : null,
    lines.terms.map((g) => h('p', { class: 'explain-term' }, h('b', { text: g.term }), ` ${g.means}`)));
  document.body.append(bubble);
  placeBubble(bubble, anchor);
  open = { bubble, anchor };
}

/**
 * Whether `el` has something to say: a picture named only by the number it shows (a cake
 * card "3") says nothing more, unless a mark of the glossary is on it.
 * @param {Element} el
 */
function worth(el) {
  const { own, terms } = explanation(el);
  return terms.length > 0 || !/^[\d\s]*$/.test(own);
}

/** The nearest mark around `target` (itself included) with something to say. */
function markAt(target) {
  const selector = selectorFor(gameOf(target));
  for (let el = target.closest(selector); el; el = el.parentElement?.closest(selector) ?? null) {
    if (worth(el)) return el;
  }
  return null;
}

/** Explain the element a tap (or a key) reached; false: there was nothing to explain. */
function explainAt(target) {
  const el = markAt(target);
  if (!el) return false;
  if (open && open.anchor === el) {
    close();
    return true;
  }
  show(el, explanation(el, target));
  return true;
}

/** The "?" mode's tap: the mark (or the control) tapped is explained, nothing is played; the
 * mode stays on for the next tap until "?" is tapped again (a beginner's second tap, meant to ask
 * about another button, had played it). */
function explainInstead(ev, target) {
  ev.preventDefault();
  ev.stopPropagation();
  if (!afterGlossary(target, () => explainOrNothing(target))) explainOrNothing(target);
}

/** Explain what `target` is, or say that there is nothing to explain there. */
function explainOrNothing(target) {
  if (!explainAt(target)) {
    const control = target.closest(CONTROL);
    const name = control?.getAttribute('aria-label') || (control ? spokenText(control) : '');
    show(control || target, { own: name ? `${name}: ${t('explainNothing')}` : t('explainNothing'), terms: [] });
  }
}

/**
 * The words of a control as read aloud: its parts' texts with a space between them (a label and
 * its help in spans of their own read "High crabs ≥ roll grow", not "Highcrabs ≥ roll grow").
 * @param {Element} el
 */
function spokenText(el) {
  const parts = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text) parts.push(text);
  }
  return parts.join(' ');
}

/**
 * Whether `target` lies on a layer over the table that hides the "?" button (the pass screen, a
 * dialog): there the "?" mode ends and the tap does what it does (else the pass screen's
 * Continue would only say "nothing to explain", the "?" button out of reach under it).
 * @param {Element} target
 */
function overLayer(target) {
  const layer = target.closest('[aria-modal=true]');
  return Boolean(layer && !layer.querySelector('[data-explain-toggle]'));
}

/**
 * The "?" button tapped: its mode on (with its words) or off.
 * @param {Element} toggle
 */
function flip(toggle) {
  const on = !asking;
  close();
  setAsking(on);
  if (on) show(toggle, { own: t('explainAsk'), terms: [] });
}

/** @param {MouseEvent} ev */
function onClick(ev) {
  const target = ev.target instanceof Element ? ev.target : null;
  if (!target) return;
  if (target.closest('.explain-bubble')) { // a tap on the bubble closes it (it may cover controls)
    ev.preventDefault();
    ev.stopPropagation();
    close();
    return;
  }
  const toggle = target.closest('[data-explain-toggle]');
  if (toggle) {
    ev.preventDefault();
    ev.stopPropagation();
    flip(toggle);
    return;
  }
  if (asking && overLayer(target)) {
    close();
    setAsking(false);
  } else if (asking) {
    explainInstead(ev, target);
    return;
  }
  if (open && target.closest(CONTROL)) {
    // the tap that closes an explanation does only that: it never reaches the table (a spot
    // chosen by the tap meant to close the bubble), unless it is on a control of the status bar
    // or the header that changes no move (Hint, the rules; not Undo: a beginner's first tap on
    // Hint had only closed a bubble)
    close();
    if (!target.closest('.status-bar, .topbar') || target.closest('[data-action=undo]')) {
      ev.preventDefault();
      ev.stopPropagation();
    }
    return;
  }
  if (target.closest(CONTROL)) close();
  else if (!afterGlossary(target, () => { if (!explainAt(target)) close(); }) && !explainAt(target)) close();
}

/** @param {KeyboardEvent} ev */
function onKey(ev) {
  if (ev.key === 'Escape' && (open || asking)) {
    const had = open;
    close();
    setAsking(false);
    if (had) ev.stopPropagation();
    return;
  }
  const el = ev.target instanceof Element ? ev.target : null;
  if ((ev.key === 'Enter' || ev.key === ' ') && el?.hasAttribute('data-explain-tab')) {
    ev.preventDefault();
    explainAt(el);
  }
}

/** Follow the anchor when the page scrolls or resizes; close when it is gone. */
function follow() {
  if (!open) return;
  if (!open.anchor.isConnected) close();
  else placeBubble(open.bubble, open.anchor);
}

function install() {
  if (installed) return;
  installed = true;
  document.addEventListener('click', onClick, true);
  document.addEventListener('keydown', onKey, true);
  addEventListener('resize', follow);
  addEventListener('scroll', follow, true);
  addEventListener('hashchange', () => { close(); setAsking(false); });
  onLang(() => { close(); setAsking(false); });
}

/**
 * The status bar's "?" button: the next tap explains the mark or the control tapped.
 * @param {string} game the table's game (its glossary is loaded now, for the marks it names)
 */
export function explainButton(game) {
  install();
  glossary(game);
  return h('button', {
    type: 'button', class: 'btn btn-explain', testid: 'explain',
    'aria-label': t('explainButton'), 'aria-pressed': asking ? 'true' : 'false', 'data-explain-toggle': '',
  }, h('span', { 'aria-hidden': 'true', text: '?' }));
}

/**
 * After a drawing: the explainable marks outside controls take the keyboard focus (Enter or
 * Space explains them). A drawing does not know whether a mark ends up inside a button.
 * @param {Element} root
 */
export function focusable(root) {
  for (const el of root.querySelectorAll(selectorFor(gameOf(root)))) {
    if (el.closest(CONTROL) || el.querySelector(CONTROL) || el.closest('[aria-hidden=true]') || !worth(el)) continue;
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0');
    el.setAttribute('data-explain-tab', '');
  }
}

/**
 * What a seat's name explains: who plays it (a person here, a bot and its level, or the viewer).
 * @param {{kind?: string, level?: string}} seat the snapshot's seat
 * @param {string} name its name as shown
 * @param {boolean} [mine] the seat is the viewer's
 */
export function seatExplain(seat, name, mine = false) {
  if (seat?.kind === 'bot') return t('explainBot', name, levelName(seat.level));
  return mine ? t('explainYou') : t('explainHuman', name);
}
