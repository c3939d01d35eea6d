// The end screen's places (1st, tied 2nd...) and, in words, the tie-breaks that settled them:
// drawn from the engine's `result.places` and `result.ties` (pygames/core/places.py). Nothing is
// ranked here.

import { h } from './dom.js';
import { t, tn, tx, joinNames, fillNodes } from '../i18n.js';

/** A place as words: "1st", "tied 2nd" / "1位", "2位（同率）". */
export function placeName(place, shared) {
  const name = t(`pv_place${place}`) === `pv_place${place}` ? t('pv_placeN', place) : t(`pv_place${place}`);
  return shared ? t('pv_tiedPlace', name) : name;
}

function who(names, seat) {
  return h('b', { class: `who seat-c${seat}`, text: names[seat] ?? '' });
}

/** Seats' names as one phrase ("Aya and Ben" / "Aya、Ben"), each name marked. */
function namesOf(names, seats) {
  return h('span', {}, fillNodes(joinNames(seats.map((_, i) => `{${i}}`)), (i) => who(names, seats[i])));
}

/** One tie in words: "Tied at 14 for 2nd: Ben is 2nd." and the game's tie-break ("-7–-7"
 * read badly for a negative score: the score is said once, with a true minus sign). */
function tieLine(tie, names) {
  const place = placeName(tie.place, false);
  const scores = String(tie.score).replace('-', '−');
  const settled = tie.first.length === 1
    ? tn('pv_tieDecided', scores, place, who(names, tie.first[0]))
    : tn('pv_tieShared', scores, place, namesOf(names, tie.first));
  const rule = tx(tie.text) || t('pv_tieNoRule');
  return h('li', { class: 'end-tie-line', testid: `tie-${tie.place}`, data: { key: tie.key, place: tie.place } },
    settled, `${t('pv_sentenceSep')}${rule}`);
}

/**
 * The places of a finished game and the words of its ties; null when the engine gives none
 * (a game stopped unfinished).
 * @param {any} result the snapshot's `result`
 * @param {string[]} names
 */
export function placesBlock(result, names) {
  const places = result?.places;
  if (!Array.isArray(places) || !places.length) return null;
  const list = h('ol', { class: 'end-places', testid: 'places', 'aria-label': t('pv_placesTitle') }, places.map((p) => h('li', {
    class: ['end-place', p.place === 1 ? 'is-first' : null], testid: `place-${p.seat}`, data: { place: p.place, shared: p.shared ? 'yes' : 'no' },
  }, h('span', { class: 'end-place-n', text: placeName(p.place, p.shared) }), who(names, p.seat))));
  const ties = (result.ties || []).map((tie) => tieLine(tie, names));
  return h('div', { class: 'end-ranking' }, list, ties.length ? h('ul', { class: 'end-ties', testid: 'ties' }, ties) : null);
}
