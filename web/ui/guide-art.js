// The drawn example of each guide (web/rules/<id>.js, `{example: <id>}`), made from the game's
// own pieces: its renderer's cards (BAG-GAI's bags, Pharaoh's member cards and marks), the shared
// cake cards, and its stylesheet's classes (the renderer module loads that stylesheet). A fixed
// picture, no rule inside: the words of the caption explain it.

import { h } from './dom.js';
import { cardEl, backEl } from './card.js';
import { t, tx } from '../i18n.js';

const arrow = () => h('span', { class: 'guide-arrow', 'aria-hidden': 'true', text: '→' });

/** A labelled group of pieces. */
function group(label, ...pieces) {
  return h('div', { class: 'guide-group' }, h('span', { class: 'guide-group-label', text: label }), h('div', { class: 'guide-pieces' }, pieces));
}

/** Marie: kept cards by number with their points, and two eaten cards. */
function marie() {
  /** @type {[number, number, string][]} a number, how many kept, their points */
  const kept = [[1, 4, '+3'], [2, 1, '−3'], [6, 5, '+5']];
  return [
    ...kept.map(([n, count, pts]) => group(pts, Array.from({ length: count }, () => cardEl(n, { size: 'sm' })))),
    group(`${tx({ en: 'Eaten', ja: '食べた' })} +2`, backEl('sm'), backEl('sm')),
  ];
}

/** The Egyptian Buyer: a hand during daughter 7's auction, and a payment of two 7s. */
function hitokai() {
  const chip = (n, double) => h('span', { class: ['hk-chip', double ? 'is-double' : null], text: String(n) });
  return [
    h('span', { class: 'hk-chip hk-dchip', text: '7' }),
    group(tx({ en: 'Your hand', ja: 'あなたの手札' }), chip(7, true), chip(7, true), chip(5), chip(4)),
    arrow(),
    group(tx({ en: 'Pay 4: 2 + 2 gold', ja: '4を支払う：2金+2金' }), chip(7, true), chip(7, true)),
  ];
}

const LEGEND = { members: Object.fromEntries([1, 2, 3, 4, 5].map((n) => [n, { value: n, flag: false }])) };

/** Return of the Pharaoh: the Hospital's members go to the tent of the Pharaoh pass's player. */
function pharaoh(mod) {
  const cards = () => [1, 4, 5].map((n) => mod.memberCard(LEGEND, n, { size: 'sm' }));
  return [
    group(t('ph_hospital'), mod.glyph('hospital', 'guide-glyph'), ...cards()),
    arrow(),
    group(t('ph_passPharaoh'), mod.glyph('pharaoh', 'guide-glyph')),
    arrow(),
    group(t('ph_tent'), mod.glyph('tent', 'guide-glyph'), ...cards()),
  ];
}

/** One spot of BAG-GAI's window: its label, a bag or nothing, and its money. */
function spot(label, bag, money, inRange, mod) {
  return h('div', { class: ['bg-spot', 'guide-spot', money !== null && !bag ? 'is-bank' : null, inRange ? 'is-preview' : null] },
    h('span', { class: 'bg-spot-label', text: label }),
    bag ? mod.bagCard(bag, { size: 'md' }) : null,
    money ? h('span', { class: 'bg-coin', text: t('bg_money', money) }) : h('span', { class: 'bg-coin is-none' }));
}

/** BAG-GAI: a range from Bank L to spot 3 over the shop window, at ¥2 a spot. */
function baggai(mod) {
  const bag = (brand, number) => ({ code: `${brand}${number}`, kind: 'bag', brand, number });
  const spots = [[t('bg_bankL'), null, 5], ['1', bag('B', 2), null], ['2', bag('R', 1), null], ['3', bag('G', 1), null], ['4', bag('R', 2), null]];
  return [h('div', { class: 'guide-window' },
    h('div', { class: 'guide-spots' }, spots.map(([label, b, money], i) => spot(label, b, money, i < 4, mod))),
    h('div', { class: 'guide-range seat-c0' }, h('span', { class: 'bg-bar-text', text: `${t('bg_side_L')}–3 · ${t('bg_pricePer', t('bg_money', 2))}` })))];
}

/** Yadokashi: a row before and after a roll of 7 called High. */
function yadokashi() {
  const shell = (n, crab) => h('span', { class: ['yd-rowcard', crab ? 'has-crab' : 'is-empty'] },
    h('span', { class: 'yd-num', text: String(n) }),
    crab ? h('span', { class: 'yd-die yd-crab yd-crab-sm' }, h('span', { class: 'yd-pip', text: String(crab) })) : null);
  const row = (crabs) => [8, 3, 10].map((n) => shell(n, crabs[n]));
  return [
    group(`${t('yd_callHigh')} · 7`, h('span', { class: 'yd-die yd-die-roll', text: '7' })),
    group(tx({ en: 'Before', ja: '前' }), ...row({ 8: 8 })),
    arrow(),
    group(tx({ en: 'After', ja: '後' }), ...row({ 10: 9 })),
  ];
}

const DRAW = { marie, hitokai, pharaoh, baggai, yadokashi };

/**
 * The drawn example of a game, from its renderer module `mod` (which has loaded its stylesheet).
 * @param {string} game
 * @param {any} mod
 */
export function guideArt(game, mod) {
  const draw = DRAW[game];
  return h('div', { class: ['guide-art', `guide-art-${game}`], 'aria-hidden': 'true' }, draw && mod ? draw(mod) : null);
}
