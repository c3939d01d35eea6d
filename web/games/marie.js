// Marie's Table (マリーの食卓): draws a seat's view and turns taps into the legal action strings
// the engine listed. No rule is decided here: what can be tapped comes from `legal`.

import { h, button } from '../ui/dom.js';
import { cardEl, backEl, icon } from '../ui/card.js';
import { t, tn, levelName } from '../i18n.js';

const NUMBERS = [1, 2, 3, 4, 5, 6, 7];

function who(name, seat) {
  return h('b', { class: `who seat-c${seat}`, text: name });
}

function signed(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${-n}`;
  return '0';
}

function cardRow(cards, size = 'sm', cls = 'card-row') {
  return h('div', { class: cls }, cards.map((n) => cardEl(n, { size })));
}

// ---------------------------------------------------------------- status and prompt

export function statusChips(snap) {
  const v = snap.view;
  if (snap.over) return [];
  return [h('span', { class: 'chip chip-round', testid: 'round' }, t('roundOf', v.round, v.rounds))];
}

export function prompt(snap, ctx) {
  const v = snap.view;
  const name = (s) => who(ctx.names[s], s);
  const legal = ctx.legal;
  switch (v.phase) {
    case 'pile':
      return ctx.canAct && legal.size ? t('m_choosePile') : tn('m_waitPile', name(v.elder));
    case 'draft':
      if (ctx.canAct && v.hand) {
        const pos = v.order.indexOf(v.drafter);
        const next = v.order[pos + 1];
        if (v.hand.length <= 2 || next === undefined) return t('m_pickLast');
        return tn('m_pickTwo', String(v.hand.length - 2), name(next));
      }
      return tn('m_waitDraft', name(v.drafter), String(v.hand_size));
    case 'vote': {
      if (ctx.canAct && legal.size) return t('m_vote');
      const mine = ctx.viewer !== null ? v.seats[ctx.viewer].vote : null;
      if (mine === 'up' || mine === 'down') return t('m_voted');
      return t('m_waitVote');
    }
    case 'take':
      if (ctx.canAct && legal.size) {
        const own = [...legal].every((a) => a === `take${ctx.viewer}`);
        return own ? t('m_takeOwn') : t('m_take');
      }
      return tn('m_waitTake', name(v.taker));
    case 'decide':
      if (ctx.canAct && legal.size) return t('m_decide');
      return tn('m_waitDecide', name(v.taker));
    default:
      return '';
  }
}

// ---------------------------------------------------------------- seat panels

function voteChip(vote) {
  if (!vote) return null;
  const map = {
    waiting: ['hourglass', 'm_voting'],
    voted: ['check', 'm_votedChip'],
    up: ['thumb', 'm_up'],
    down: ['thumbdown', 'm_down'],
  };
  const [ic, key] = map[vote] || [];
  if (!ic) return null;
  return h('span', { class: `vote-chip vote-${vote}`, data: { vote } }, icon(ic), h('span', { text: t(key) }));
}

function keptChips(seatView) {
  const numbers = seatView.breakdown?.numbers || {};
  const chips = [];
  for (const n of NUMBERS) {
    const entry = numbers[String(n)] || { count: seatView.kept?.[String(n)] || 0, points: 0 };
    if (!entry.count) continue;
    chips.push(h('span', { class: 'kept-chip', data: { number: n, count: entry.count }, title: `${n} ×${entry.count}: ${signed(entry.points)}` },
      cardEl(n, { size: 'xs', label: `${n} ×${entry.count}` }),
      h('span', { class: 'kept-count', text: `×${entry.count}` }),
      h('span', { class: ['kept-points', entry.points < 0 ? 'neg' : 'pos'], text: signed(entry.points) })));
  }
  if (!chips.length) return h('div', { class: 'kept kept-empty', text: t('m_noneKept') });
  return h('div', { class: 'kept' }, chips);
}

function seatPanel(snap, ctx, s) {
  const v = snap.view;
  const sv = v.seats[s];
  const name = ctx.names[s];
  const active = snap.to_move.includes(s) || ctx.thinking === s;
  const takeable = ctx.legal.has(`take${s}`);
  const badges = [];
  if (v.elder === s) badges.push(h('span', { class: 'badge badge-elder', testid: `elder-${s}`, text: t('m_elder') }));
  if (v.youngest === s && v.youngest !== v.elder) badges.push(h('span', { class: 'badge badge-youngest', text: t('m_youngest') }));
  if (ctx.viewer === s) badges.push(h('span', { class: 'badge badge-you', text: t('you') }));

  let pair = null;
  if (sv.pair) {
    const cards = sv.pair.cards
      ? sv.pair.cards.map((n) => cardEl(n, { size: 'sm' }))
      : [backEl('sm'), backEl('sm')];
    if (takeable) {
      const b = button(cards, {
        class: 'pair pair-take', testid: `take-${s}`, data: { action: `take${s}` },
        'aria-label': ctx.viewer === s ? t('m_takeMine') : t('m_takeFrom', name),
      });
      b.addEventListener('click', () => ctx.act(`take${s}`));
      pair = b;
    } else pair = h('div', { class: 'pair' }, cards);
  } else pair = h('div', { class: 'pair pair-empty' });

  const eaten = sv.eaten || [];
  return h('article', {
    class: ['seat', `seat-c${s}`, active ? 'is-active' : null, ctx.viewer === s ? 'is-viewer' : null, takeable ? 'is-takeable' : null],
    testid: `seat-${s}`, data: { seat: s },
  },
  h('header', { class: 'seat-head' },
    h('h2', { class: 'seat-name', testid: `seat-name-${s}`, text: name, title: name }),
    h('div', { class: 'seat-sub' },
      h('div', { class: 'seat-id' },
        h('p', { class: 'seat-kind', text: snap.seats[s].kind === 'bot' ? `${t('bot')} · ${levelName(snap.seats[s].level)}` : t('human') }),
        h('div', { class: 'badges' }, badges)),
      h('div', { class: 'seat-score', testid: `score-${s}`, data: { score: sv.score }, title: t('score') }, signed(sv.score)))),
  h('div', { class: 'seat-pair-row' }, pair, voteChip(sv.vote)),
  keptChips(sv),
  h('div', { class: 'eaten-row', testid: `eaten-${s}` },
    icon('fork', 'fork'),
    h('span', { class: 'eaten-label', text: t('m_eaten') }),
    h('span', { class: 'eaten-cards' }, eaten.map((n) => cardEl(n, { size: 'xs' }))),
    h('span', { class: 'eats-left', text: t('m_eatsLeftShort', sv.eats_left) })));
}

// ---------------------------------------------------------------- the action zone

function pilesZone(snap, ctx) {
  const v = snap.view;
  const piles = v.piles.map((p) => {
    const action = `pile${p.index}`;
    const can = ctx.legal.has(action);
    const stack = p.used
      ? h('div', { class: 'pile-stack pile-used' }, h('span', { class: 'pile-used-text', text: t('m_pileUsed') }))
      : h('div', { class: 'pile-stack' }, backEl('md', 'pile-c1'), backEl('md', 'pile-c2'), backEl('md', 'pile-c3'));
    const label = h('span', { class: 'pile-label' },
      h('b', { text: t('m_pile', p.index) }),
      p.used ? null : h('span', { class: 'pile-size', text: t('m_cards', p.size) }));
    if (p.used) return h('div', { class: 'pile is-used', data: { pile: p.index } }, stack, label);
    const b = button([stack, label], {
      class: ['pile', can ? 'is-choosable' : null], testid: `pile-${p.index}`,
      data: { pile: p.index, action }, disabled: !can, // named by its label: "Pile 1, 8 cards"
    });
    if (can) b.addEventListener('click', () => ctx.act(action));
    return b;
  });
  return h('div', { class: 'zone zone-piles' },
    h('div', { class: 'piles', testid: 'piles' }, piles),
    h('p', { class: 'zone-note', text: t('m_unused', v.unused_count) }));
}

function handRow(buttons) {
  const row = h('div', { class: 'hand', testid: 'hand' }, buttons);
  row.style.setProperty('--n', String(Math.max(buttons.length, 1)));
  return row;
}

function handZone(snap, ctx) {
  const v = snap.view;
  const hand = v.hand;
  const selected = hand.length === 2 ? [0, 1] : [];
  const confirm = button(t('m_selectTwo'), { class: 'btn btn-primary btn-lg', testid: 'confirm-pick', disabled: true });
  const buttons = hand.map((n, i) => {
    const b = cardEl(n, {
      size: 'lg', tag: 'button', testid: 'hand-card', extraClass: 'hand-card',
      'aria-pressed': 'false', data: { card: n, index: i },
    });
    b.addEventListener('click', () => toggle(i));
    return b;
  });
  function action() {
    if (selected.length !== 2) return null;
    const [a, b] = selected.map((i) => hand[i]).sort((x, y) => x - y);
    return `pick${a}${b}`;
  }
  function refresh() {
    buttons.forEach((b, i) => {
      const on = selected.includes(i);
      b.classList.toggle('is-selected', on);
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
    });
    const a = action();
    const ok = a !== null && ctx.legal.has(a);
    confirm.disabled = !ok;
    confirm.dataset.action = a ?? '';
    confirm.textContent = ok ? t('m_keepTwo') : t('m_selectTwo');
  }
  function toggle(i) {
    if (!ctx.canAct) return;
    const at = selected.indexOf(i);
    if (at >= 0) selected.splice(at, 1);
    else {
      if (selected.length >= 2) selected.shift();
      selected.push(i);
    }
    refresh();
  }
  confirm.addEventListener('click', () => {
    const a = action();
    if (a && ctx.legal.has(a)) ctx.act(a);
  });
  refresh();
  return h('div', { class: 'zone zone-hand' },
    h('h3', { class: 'zone-title', text: `${t('m_yourCards')} (${t('m_cards', hand.length)})` }),
    handRow(buttons),
    h('div', { class: 'zone-actions' }, confirm));
}

function waitingHandZone(snap, ctx) {
  const v = snap.view;
  const backs = [];
  for (let i = 0; i < v.hand_size; i += 1) backs.push(backEl('sm', 'fan-card'));
  return h('div', { class: 'zone zone-wait' },
    h('div', { class: 'fan', testid: 'other-hand' }, backs),
    h('p', { class: 'zone-note' }, tn('m_waitDraft', who(ctx.names[v.drafter], v.drafter), String(v.hand_size))));
}

function voteZone(snap, ctx) {
  const v = snap.view;
  const mine = ctx.viewer !== null ? v.seats[ctx.viewer] : null;
  const parts = [];
  if (mine?.pair?.cards) {
    parts.push(h('div', { class: 'my-pair' },
      h('h3', { class: 'zone-title', text: t('m_yourPair') }), cardRow(mine.pair.cards, 'lg')));
  }
  if (ctx.canAct && ctx.legal.size) {
    const up = button([icon('thumb'), h('span', { text: t('m_up') })], { class: 'btn btn-vote btn-up', testid: 'vote-up', disabled: !ctx.legal.has('up') });
    const down = button([icon('thumbdown'), h('span', { text: t('m_down') })], { class: 'btn btn-vote btn-down', testid: 'vote-down', disabled: !ctx.legal.has('down') });
    up.addEventListener('click', () => ctx.act('up'));
    down.addEventListener('click', () => ctx.act('down'));
    parts.push(h('div', { class: 'vote-buttons' }, up, down));
  } else {
    const done = mine && (mine.vote === 'up' || mine.vote === 'down');
    parts.push(h('p', { class: 'zone-note zone-note-row' }, done ? voteChip(mine.vote) : null,
      h('span', { text: done ? t('m_voted') : t('m_waitVote') })));
  }
  return h('div', { class: 'zone zone-vote' }, parts);
}

function takeZone(snap, ctx) {
  const v = snap.view;
  const head = v.redistribute ? t('m_redistribute') : t('m_ownPairs');
  if (!(ctx.canAct && ctx.legal.size)) {
    return h('div', { class: 'zone zone-wait' },
      h('p', { class: 'zone-note strong', text: head }),
      h('p', { class: 'zone-note' }, tn('m_waitTake', who(ctx.names[v.taker], v.taker))));
  }
  const options = [];
  for (let s = 0; s < snap.players; s += 1) {
    const action = `take${s}`;
    if (!ctx.legal.has(action)) continue;
    const cards = v.seats[s].pair?.cards || [];
    const label = s === ctx.viewer ? t('m_takeMine') : t('m_takeFrom', ctx.names[s]);
    const b = button([cardRow(cards, 'md'), h('span', { class: 'take-label', text: label })], {
      class: 'take-option', testid: `take-option-${s}`, data: { action },
    });
    b.addEventListener('click', () => ctx.act(action));
    options.push(b);
  }
  return h('div', { class: 'zone zone-take' },
    h('p', { class: 'zone-note strong', text: head }),
    h('div', { class: 'take-options', testid: 'take-options' }, options));
}

function decideLabel(action, holding) {
  if (action === 'keep') return t('m_keepBoth');
  const digits = action.slice(3);
  if (digits.length === 2) return t('m_eatBoth');
  const eat = Number(digits);
  const rest = [...holding];
  rest.splice(rest.indexOf(eat), 1);
  return t('m_eatOne', eat, rest[0]);
}

function decideZone(snap, ctx) {
  const v = snap.view;
  const holding = v.holding || [];
  if (!(ctx.canAct && ctx.legal.size)) {
    return h('div', { class: 'zone zone-wait' },
      cardRow(holding, 'md'),
      h('p', { class: 'zone-note' }, tn('m_waitDecide', who(ctx.names[v.taker], v.taker))));
  }
  const from = v.holding_from;
  const title = from === ctx.viewer ? t('m_ownPair') : t('m_tookFrom', ctx.names[from]);
  const order = ['keep', ...[...ctx.legal].filter((a) => a !== 'keep').sort((a, b) => a.length - b.length || a.localeCompare(b))];
  const buttons = order.filter((a) => ctx.legal.has(a)).map((a) => {
    const b = button(decideLabel(a, holding), {
      class: ['btn', 'btn-lg', a === 'keep' ? 'btn-primary' : 'btn-eat'], testid: `decide-${a}`, data: { action: a },
    });
    if (a !== 'keep') b.prepend(icon('fork'));
    b.addEventListener('click', () => ctx.act(a));
    return b;
  });
  const left = v.seats[ctx.viewer]?.eats_left ?? 0;
  return h('div', { class: 'zone zone-decide' },
    h('div', { class: 'holding' }, h('h3', { class: 'zone-title', text: title }), cardRow(holding, 'lg')),
    h('div', { class: 'decide-side' },
      h('div', { class: 'decide-buttons', testid: 'decide' }, buttons),
      h('p', { class: 'zone-note', text: left > 0 ? t('m_eatsLeft', left) : t('m_noEatsLeft') })));
}

function actionZone(snap, ctx) {
  const v = snap.view;
  switch (v.phase) {
    case 'pile': return pilesZone(snap, ctx);
    case 'draft': return v.hand && ctx.canAct ? handZone(snap, ctx) : waitingHandZone(snap, ctx);
    case 'vote': return voteZone(snap, ctx);
    case 'take': return takeZone(snap, ctx);
    case 'decide': return decideZone(snap, ctx);
    default: return h('div', { class: 'zone' });
  }
}

export function table(snap, ctx) {
  const seats = [];
  for (let s = 0; s < snap.players; s += 1) seats.push(seatPanel(snap, ctx, s));
  return h('div', { class: 'marie' },
    h('div', { class: 'seats', testid: 'seats' }, seats),
    h('div', { class: 'action-zone', testid: 'action-zone' }, actionZone(snap, ctx)));
}

// ---------------------------------------------------------------- side: own draft history

export function side(snap, ctx) {
  const hist = snap.view.history || [];
  const out = [];
  if (ctx.viewer !== null && hist.length) {
    const rows = hist.slice().reverse().map((r) => h('li', { class: 'hist-row', data: { round: r.round } },
      h('span', { class: 'hist-round', text: t('m_historyRound', r.round) }),
      h('span', { class: 'hist-part' }, h('span', { class: 'hist-label', text: t('m_keptH') }), cardRow(r.kept, 'xs', 'card-row mini')),
      r.passed.length
        ? h('span', { class: 'hist-part' }, h('span', { class: 'hist-label', text: t('m_passed') }), cardRow(r.passed, 'xs', 'card-row mini'))
        : null));
    out.push(h('section', { class: 'side-panel history-panel', testid: 'history' },
      h('h2', { class: 'side-title', text: t('m_history') }), h('ol', { class: 'hist-list' }, rows)));
  }
  out.push(h('section', { class: 'side-panel scoring-panel' },
    h('h2', { class: 'side-title', text: t('m_scoring') }),
    h('div', { class: 'scoring' },
      [[1, -3], [2, -1], [3, 1], [4, 3], [5, 5], [6, 6], [7, 7], [8, 8]].map(([c, p]) => h('span', { class: 'score-step' },
        h('b', { text: `${c}` }), h('span', { class: p < 0 ? 'neg' : 'pos', text: signed(p) })))),
    h('p', { class: 'scoring-eat', text: t('m_scoringEat') })));
  return out;
}

// ---------------------------------------------------------------- end of game

export function result(snap, ctx) {
  const res = snap.result;
  const winners = new Set(res.winners);
  const head = h('tr', {},
    h('th', { scope: 'col', class: 'col-name', text: t('name') }),
    NUMBERS.map((n) => h('th', { scope: 'col', class: 'col-num' }, cardEl(n, { size: 'xs' }))),
    h('th', { scope: 'col', class: 'col-eaten' }, icon('fork', 'fork'), t('m_eaten')),
    h('th', { scope: 'col', class: 'col-total', text: t('total') }));
  const rows = res.breakdown.map((b, s) => h('tr', {
    class: winners.has(s) ? 'is-winner' : null, testid: `result-row-${s}`, data: { seat: s, winner: winners.has(s) ? 'yes' : 'no' },
  },
  h('th', { scope: 'row', class: 'col-name' }, winners.has(s) ? icon('crown', 'crown-mini') : null, h('span', { text: ctx.names[s] })),
  NUMBERS.map((n) => {
    const e = b.numbers[String(n)];
    if (!e || !e.count) return h('td', { class: 'col-num empty', text: '·' });
    return h('td', { class: 'col-num' },
      h('span', { class: 'cell-count', text: `×${e.count}` }),
      h('span', { class: ['cell-points', e.points < 0 ? 'neg' : 'pos'], text: signed(e.points) }));
  }),
  h('td', { class: 'col-eaten' },
    h('span', { class: 'eaten-cards' }, (b.eaten_cards || []).map((n) => cardEl(n, { size: 'xs' }))),
    h('span', { class: 'cell-points pos', text: signed(b.eaten) })),
  h('td', { class: 'col-total', testid: `final-score-${s}`, data: { score: b.total } }, signed(b.total))));
  return h('div', { class: 'result-wrap' },
    h('table', { class: 'result', testid: 'result' }, h('thead', {}, head), h('tbody', {}, rows)));
}

// ---------------------------------------------------------------- setup option: first elder

export function setupOptions(state, names) {
  const current = state.options.elder ?? null;
  const select = h('select', { class: 'select', testid: 'opt-elder', id: 'opt-elder' },
    h('option', { value: '', text: t('optionRandom') }),
    names.map((n, i) => h('option', { value: String(i), text: n, data: { seatOption: i } })));
  select.value = current === null || current >= names.length ? '' : String(current);
  if (select.value === '') state.options.elder = null;
  select.addEventListener('change', () => {
    state.options.elder = select.value === '' ? null : Number(select.value);
  });
  return h('div', { class: 'field' },
    h('label', { class: 'field-label', for: 'opt-elder', text: t('m_firstElder') }), select);
}

export default { statusChips, prompt, table, side, result, setupOptions };
