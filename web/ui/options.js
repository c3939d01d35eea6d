// Table options shared by several games' setup pages.

import { h } from './dom.js';
import { t } from '../i18n.js';

/**
 * The "who starts" field: a random seat (the option is null) or one of the named seats. The setup
 * page keeps `state.options[option]` in step with the choice (`data-field="option"`; a seat that
 * no longer exists is random). The
 * setup page draws its fields again whenever the number of players changes, and leaves an option
 * that is null out of the record (the engine draws the seat).
 * @param {{options: Record<string, any>}} state the setup page's state
 * @param {string[]} names the seats' names
 * @param {object} o
 * @param {string} o.id the select's element id
 * @param {string} o.label its label
 * @param {string} [o.option] the option it sets (`start`, Marie's `elder`...)
 * @param {string} [o.testid] its data-testid (`opt-<option>`)
 */
export function startPlayerField(state, names, { id, label, option = 'start', testid = `opt-${option}` }) {
  const current = state.options[option] ?? null;
  const select = /** @type {HTMLSelectElement} */ (h('select', { class: 'select', testid, id, data: { field: 'option', option } },
    h('option', { value: '', text: t('optionRandom') }),
    names.map((n, i) => h('option', { value: String(i), text: n, data: { seatOption: i } }))));
  select.value = current === null || current >= names.length ? '' : String(current);
  if (select.value === '') state.options[option] = null;
  return h('div', { class: 'field' }, h('label', { class: 'field-label', for: id, text: label }), select);
}
