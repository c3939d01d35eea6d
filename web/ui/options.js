// Table options shared by several games' setup pages.

import { h } from './dom.js';
import { t } from '../i18n.js';

/**
 * The "who starts" field: a random seat (the option `start` is null) or one of the named seats.
 * Keeps `state.options.start` in step with the choice (a seat that no longer exists is random).
 * @param {{options: object}} state the setup page's state
 * @param {string[]} names the seats' names
 * @param {{id: string, label: string}} o the select's element id and its label
 */
export function startPlayerField(state, names, { id, label }) {
  const current = state.options.start ?? null;
  const select = h('select', { class: 'select', testid: 'opt-start', id, data: { option: 'start' } },
    h('option', { value: '', text: t('optionRandom') }),
    names.map((n, i) => h('option', { value: String(i), text: n, data: { seatOption: i } })));
  select.value = current === null || current >= names.length ? '' : String(current);
  if (select.value === '') state.options.start = null;
  select.addEventListener('change', () => { state.options.start = select.value === '' ? null : Number(select.value); });
  return h('div', { class: 'field' }, h('label', { class: 'field-label', for: id, text: label }), select);
}
