// The panel of a moment that matters held on screen (ui/moments.js reads the engine's marks):
// its lines by kind, in the table's side column, and the focused "Continue".

import { h, button } from './dom.js';
import { t, STRINGS } from '../i18n.js';
import { appendLogLines } from './log.js';
import { momentGroups } from './moments.js';

/** The title of a kind of moment (an unknown kind: the plain word). */
function kindTitle(kind) {
  const key = `moment_${kind}`;
  return STRINGS[key] ? t(key) : t('moment_other');
}

/**
 * The panel of a moment held on screen: its lines by kind, and the focused "Continue"
 * (`data-action="moment-continue"`, test id `moment-continue`).
 * @param {import('./moments.js').LogEntry[]} entries
 * @param {string[]} names the seats' names
 */
export function momentPanel(entries, names) {
  // the outcome first (a party, a round's results), then how it came about (the shopping)
  const groups = momentGroups(entries).reverse();
  return h('section', {
    class: 'side-panel moment-panel', testid: 'moment', role: 'region', 'aria-labelledby': 'moment-title',
    data: { kinds: groups.map((g) => g.kind).join(' ') },
  },
  h('h2', { class: 'moment-title', id: 'moment-title', text: t('momentTitle') }),
  h('div', { class: 'moment-scroll', tabindex: '0', role: 'group', 'aria-label': t('momentTitle') },
    groups.map((g) => {
      const list = h('ol', { class: 'moment-lines' });
      appendLogLines(list, g.entries, names);
      return h('div', { class: 'moment-group', testid: `moment-${g.kind}` },
        h('h3', { class: 'moment-kind', text: kindTitle(g.kind) }), list);
    })),
  button(t('momentContinue'), {
    class: 'btn btn-primary btn-lg moment-continue', testid: 'moment-continue',
    data: { action: 'moment-continue', autofocus: '' },
  }));
}
