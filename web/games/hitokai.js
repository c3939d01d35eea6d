// The Egyptian Buyer (エジプトの人買い): draws a seat's view and turns taps into the legal action
// strings the engine listed. No rule is decided here: a bid, a withdrawal or a paid card can be
// sent only when its notation string is in `legal`; the suggested payment comes from the engine.

import { h, button, loadStyle } from '../ui/dom.js';
import { icon } from '../ui/card.js';
import { t, tn, tx, STRINGS } from '../i18n.js';

loadStyle(new URL('./hitokai.css', import.meta.url).href);

Object.assign(STRINGS, {
  hk_round: { en: 'Round {0}', ja: '第{0}ラウンド' },
  hk_target: { en: 'First to {0} points', ja: '{0}点先取' },
  hk_daughter: { en: 'Daughter {0}', ja: '娘{0}' },
  hk_daughters: { en: 'Daughters', ja: '娘' },
  hk_soldTo: { en: '{0} for {1}', ja: '{0}・{1}' },
  hk_unsold: { en: 'Unsold', ja: '売れ残り' },
  hk_now: { en: 'Now', ja: '競り中' },
  hk_auction: { en: 'Auction', ja: '競り' },
  hk_payment: { en: 'Payment', ja: '支払い' },
  hk_noBid: { en: 'No bid yet', ja: 'まだ入札なし' },
  hk_bid: { en: 'Bid', ja: '入札' },
  hk_by: { en: 'by', ja: '入札者' },
  hk_in: { en: 'In', ja: '参加中' },
  hk_withdrawn: { en: 'Withdrawn', ja: '降り' },
  hk_out: { en: 'Out', ja: '不参加' },
  hk_eliminated: { en: 'Eliminated', ja: '脱落' },
  hk_lastBid: { en: 'last bid {0}', ja: '最終入札{0}' },
  hk_hand: { en: 'Your hand', ja: 'あなたの手札' },
  hk_handValue: { en: 'Worth {0} now', ja: '現在の価値 {0}' },
  hk_handHidden: { en: 'Hands are hidden while the tablet is passed.', ja: 'タブレットを渡す間、手札は隠されています。' },
  hk_emptyHand: { en: 'No cards in hand', ja: '手札なし' },
  hk_double: { en: 'worth 2 each now', ja: '今は1枚2の価値' },
  hk_cards: { en: '{0} cards', ja: '{0}枚' },
  hk_bonus: { en: 'hand bonus +{0}', ja: '手札ボーナス+{0}' },
  hk_totalNow: { en: 'Round total {0}', ja: 'ラウンド合計{0}' },
  hk_vp: { en: '{0} VP', ja: '{0}勝点' },
  hk_plus1: { en: '+1 → {0}', ja: '+1 → {0}' },
  hk_plus5: { en: '+5 → {0}', ja: '+5 → {0}' },
  hk_bidN: { en: 'Bid {0}', ja: '{0}で入札' },
  hk_chooseBid: { en: 'Bid amount', ja: '入札額' },
  hk_withdraw: { en: 'Withdraw', ja: '降りる' },
  hk_overWarn: { en: 'Your hand is worth only {0}. Bidding {1} means you will be eliminated if you have to pay it.', ja: '手札の価値は{0}しかありません。{1}で入札し支払うことになると脱落します。' },
  hk_confirmBid: { en: 'Bid {0} anyway', ja: 'それでも{0}で入札' },
  hk_cancel: { en: 'Cancel', ja: 'やめる' },
  hk_payTitle: { en: 'Pay {0} for daughter {1}', ja: '娘{1}の代金{0}を支払う' },
  hk_paidSoFar: { en: 'Put in: {0} of {1}', ja: '支払い済み {0}/{1}' },
  hk_suggest: { en: 'Suggested (keeps most value):', ja: 'おすすめ(価値を最も残す):' },
  hk_payThis: { en: 'Pay this', ja: 'これで支払う' },
  hk_orPick: { en: 'Or add one card at a time:', ja: 'または1枚ずつ選ぶ:' },
  hk_payCard: { en: 'Pay a {0}', ja: '{0}を支払う' },
  hk_promptOpen: { en: 'Your turn: open the auction of daughter {0}.', ja: 'あなたの番です。娘{0}の競りを始めてください。' },
  hk_promptBid: { en: 'Your turn: bid more than {0} or withdraw.', ja: 'あなたの番です。{0}より高く入札するか降りてください。' },
  hk_promptPay: { en: 'Pay your bid of {0}.', ja: '入札額{0}を支払ってください。' },
  hk_waitTurn: { en: '{0} is to move.', ja: '{0}の番です。' },
  hk_summaries: { en: 'Round results', ja: 'ラウンド結果' },
  hk_bank: { en: 'Bank: {0} cards', ja: '銀行: {0}枚' },
  hk_colPoints: { en: 'Victory points', ja: '勝利点' },
  hk_colRounds: { en: 'Rounds won', ja: '勝ったラウンド' },
  hk_colTotals: { en: 'Round totals', ja: '各ラウンドの合計' },
});

// ---------------------------------------------------------------- helpers (display only)

function who(name, seat) {
  return h('b', { class: `who seat-c${seat}`, text: name });
}

/** An engine text with a `{0}` seat name, filled as text (never HTML). */
function named(text, name) {
  return (tx(text) || '').replace('{0}', name ?? '');
}

function groups(cards) {
  const m = new Map();
  for (const c of cards || []) m.set(c, (m.get(c) || 0) + 1);
  return [...m.entries()];
}

function chip(n, cls = '', extra = {}) {
  return h('span', { class: ['hk-chip', cls], ...extra, text: String(n) });
}

function bidsOf(legal) {
  return [...legal].filter((a) => /^b\d+$/.test(a)).map((a) => Number(a.slice(1))).sort((a, b) => a - b);
}

// ---------------------------------------------------------------- status and prompt

export function statusChips(snap) {
  const v = snap.view;
  if (snap.over) return [];
  return [
    h('span', { class: 'chip chip-round', testid: 'round' }, t('hk_round', v.round)),
    h('span', { class: 'chip', testid: 'target' }, t('hk_target', v.target)),
  ];
}

export function prompt(snap, ctx) {
  const v = snap.view;
  if (ctx.canAct && ctx.legal.size) {
    if (v.phase === 'pay' && v.payment) return t('hk_promptPay', v.payment.bid);
    if (v.auction?.open) return t('hk_promptOpen', v.daughter);
    return t('hk_promptBid', v.auction?.bid ?? 0);
  }
  const mover = snap.to_move?.[0];
  if (mover === undefined || mover === null) return '';
  return tn('hk_waitTurn', who(ctx.names[mover], mover));
}

// ---------------------------------------------------------------- board

function daughterRow(v, ctx) {
  return h('div', { class: 'hk-daughters', testid: 'daughters' }, v.daughters.map((d) => {
    const current = d.number === v.daughter && v.phase !== 'over';
    let caption;
    if (d.status === 'sold') caption = h('span', { class: `hk-cap seat-c${d.buyer}`, text: t('hk_soldTo', ctx.names[d.buyer], d.price) });
    else if (d.status === 'unsold') caption = h('span', { class: 'hk-cap', text: t('hk_unsold') });
    else if (current) caption = h('span', { class: 'hk-cap hk-cap-now', text: t('hk_now') });
    else caption = h('span', { class: 'hk-cap', text: '' });
    return h('div', {
      class: ['hk-daughter', `is-${d.status}`, current ? 'is-current' : null, d.buyer !== null ? `seat-b${d.buyer}` : null],
      testid: `daughter-${d.number}`, data: { status: d.status, buyer: d.buyer ?? undefined },
      'aria-current': current ? 'true' : undefined,
    }, h('span', { class: 'hk-dnum', text: String(d.number) }), caption);
  }));
}

function auctionPanel(v, ctx) {
  const a = v.auction;
  const p = v.payment;
  const rows = v.seats.map((sv, s) => {
    let status = sv.eliminated ? 'eliminated' : sv.status || 'out';
    const label = { in: t('hk_in'), withdrawn: t('hk_withdrawn'), out: t('hk_out'), eliminated: t('hk_eliminated') }[status];
    return h('li', { class: ['hk-ast', `is-${status}`, a && a.turn === s ? 'is-turn' : null], testid: `auction-seat-${s}`, data: { status } },
      who(ctx.names[s], s), h('span', { class: 'hk-ast-status', text: label }),
      sv.last_bid !== null && sv.last_bid !== undefined ? h('span', { class: 'hk-ast-bid', text: t('hk_lastBid', sv.last_bid) }) : null);
  });
  let head;
  if (a) {
    head = h('div', { class: 'hk-bidline', testid: 'current-bid', data: { bid: a.bid } },
      h('span', { class: 'hk-label', text: t('hk_bid') }),
      a.bidder === null ? h('span', { class: 'hk-nobid', text: t('hk_noBid') })
        : [h('b', { class: 'hk-bidval', text: String(a.bid) }), h('span', { class: 'hk-label', text: t('hk_by') }), who(ctx.names[a.bidder], a.bidder)]);
  } else if (p) {
    head = h('div', { class: 'hk-bidline', testid: 'payment-line' },
      who(ctx.names[p.payer], p.payer),
      h('span', { text: t('hk_paidSoFar', p.value, p.bid) }),
      h('span', { class: 'hk-row' }, (p.cards || []).map((c) => chip(c, 'hk-xs'))));
  }
  return h('section', { class: 'hk-auction', testid: 'auction' },
    h('div', { class: 'hk-auction-d' }, h('span', { class: 'hk-label', text: a ? t('hk_auction') : t('hk_payment') }),
      h('span', { class: 'hk-big', text: v.daughter ?? '–' })),
    h('div', { class: 'hk-auction-body' }, head, a ? h('ul', { class: 'hk-asts' }, rows) : null,
      h('span', { class: 'hk-bank', testid: 'bank', text: t('hk_bank', (v.bank || []).length) })));
}

function seatPanel(snap, ctx, s) {
  const v = snap.view;
  const sv = v.seats[s];
  const active = (snap.to_move || []).includes(s) || ctx.thinking === s;
  const badges = [];
  if (ctx.viewer === s) badges.push(h('span', { class: 'badge badge-you', text: t('you') }));
  if (sv.eliminated) badges.push(h('span', { class: 'badge hk-badge-out', testid: `eliminated-${s}`, text: t('hk_eliminated') }));
  return h('div', { class: ['hk-seat', `seat-c${s}`, active ? 'is-active' : null, sv.eliminated ? 'is-eliminated' : null], testid: `seat-${s}` },
    h('div', { class: 'hk-seat-head' }, who(ctx.names[s], s), badges,
      h('span', { class: 'hk-vp', testid: `vp-${s}`, data: { value: sv.points } }, icon('crown', 'crown-mini'), t('hk_vp', sv.points))),
    h('div', { class: 'hk-seat-line' },
      h('span', { testid: `hand-size-${s}`, text: t('hk_cards', sv.hand_size) }),
      h('span', { class: 'hk-row' }, sv.daughters.map((d) => chip(d, 'hk-xs hk-dchip'))),
      h('span', { class: 'hk-total', testid: `total-${s}`, data: { value: sv.total }, text: t('hk_totalNow', sv.total) })));
}

// ---------------------------------------------------------------- own hand and controls

function handZone(snap, ctx) {
  const v = snap.view;
  if (ctx.viewer === null || ctx.viewer === undefined || !v.hand) {
    return h('section', { class: 'hk-hand', testid: 'hand-zone' }, h('p', { class: 'hk-muted', text: t('hk_handHidden') }));
  }
  const doubled = v.phase === 'bid' || v.phase === 'pay' ? v.daughter : null;
  const gs = groups(v.hand);
  return h('section', { class: 'hk-hand', testid: 'hand-zone' },
    h('div', { class: 'hk-hand-head' }, h('h2', { class: 'hk-title', text: t('hk_hand') }),
      h('b', { class: 'hk-hand-value', testid: 'hand-value', data: { value: v.hand_value }, text: t('hk_handValue', v.hand_value) })),
    gs.length ? h('div', { class: 'hk-groups' }, gs.map(([n, k]) => h('div', {
      class: ['hk-group', n === doubled ? 'is-double' : null], testid: 'hand-group', data: { number: n, count: k },
      title: n === doubled ? t('hk_double') : undefined,
    }, chip(n), h('span', { class: 'hk-times', text: `×${k}` }), n === doubled ? h('span', { class: 'hk-x2', text: '×2' }) : null)))
      : h('p', { class: 'hk-muted', text: t('hk_emptyHand') }));
}

function bidControls(v, ctx) {
  const bids = bidsOf(ctx.legal);
  const box = h('div', { class: 'hk-controls', testid: 'controls' });
  const value = v.hand_value ?? 0;
  const main = h('div', { class: 'hk-bid-buttons' });
  const send = (n) => {
    const a = `b${n}`;
    if (!ctx.legal.has(a)) return;
    if (n > value) {
      const warn = h('div', { class: 'hk-warn', testid: 'overbid-warning', role: 'alert' },
        h('p', { text: t('hk_overWarn', value, n) }));
      const yes = button(t('hk_confirmBid', n), { class: 'btn btn-danger', testid: 'confirm-overbid', data: { action: a } });
      const no = button(t('hk_cancel'), { class: 'btn', testid: 'cancel-overbid' });
      yes.addEventListener('click', () => ctx.act(a));
      no.addEventListener('click', () => warn.replaceWith(main));
      warn.append(h('div', { class: 'hk-warn-actions' }, yes, no));
      main.replaceWith(warn);
      return;
    }
    ctx.act(a);
  };
  const cur = v.auction?.bid ?? 0;
  const quick = (key, n, testid) => {
    const ok = bids.includes(n);
    const b = button(t(key, n), { class: ['btn', 'hk-quick', ok && n > value ? 'is-over' : null], testid, disabled: !ok, data: { action: `b${n}` } });
    if (ok) b.addEventListener('click', () => send(n));
    return b;
  };
  if (bids.length) {
    const select = h('select', { class: 'select hk-select', testid: 'bid-select', 'aria-label': t('hk_chooseBid') },
      bids.map((n) => h('option', { value: String(n), text: n > value ? `${n} (!)` : String(n) })));
    select.value = String(bids[0]);
    const go = button(t('hk_bidN', bids[0]), { class: 'btn btn-primary', testid: 'bid', data: { action: `b${bids[0]}` } });
    select.addEventListener('change', () => {
      go.textContent = t('hk_bidN', select.value);
      go.dataset.action = `b${select.value}`;
    });
    go.addEventListener('click', () => send(Number(select.value)));
    main.append(quick('hk_plus1', cur + 1, 'bid-plus1'), quick('hk_plus5', cur + 5, 'bid-plus5'),
      h('label', { class: 'hk-pick' }, h('span', { class: 'hk-label', text: t('hk_chooseBid') }), select), go);
  }
  const pass = button(t('hk_withdraw'), { class: 'btn hk-withdraw', testid: 'withdraw', disabled: !ctx.legal.has('pass'), data: { action: 'pass' } });
  if (ctx.legal.has('pass')) pass.addEventListener('click', () => ctx.act('pass'));
  main.append(pass);
  box.append(main);
  return box;
}

// A "Pay this" in progress: the engine's suggested cards still to send, for one payment.
let autopay = null;

function payKey(v, ctx) {
  return `${v.round}-${v.daughter}-${ctx.viewer}`;
}

function runAutopay(v, ctx) {
  if (!autopay) return;
  const mine = v.phase === 'pay' && v.payment && v.payment.payer === ctx.viewer && autopay.key === payKey(v, ctx);
  if (!mine) { autopay = null; return; }
  if (!ctx.canAct) return;
  const next = autopay.cards[0];
  const a = `pay${next}`;
  if (next === undefined || !ctx.legal.has(a)) { autopay = null; return; }
  autopay.cards.shift();
  setTimeout(() => ctx.act(a), 0);
}

function payControls(v, ctx) {
  const p = v.payment;
  const box = h('div', { class: 'hk-controls hk-pay', testid: 'controls' },
    h('h3', { class: 'hk-title', text: t('hk_payTitle', p.bid, p.daughter) }),
    h('p', { text: t('hk_paidSoFar', p.value, p.bid) }));
  const sug = p.suggestion || [];
  const sugOk = sug.length > 0 && ctx.legal.has(`pay${sug[0]}`);
  if (sug.length) {
    const payThis = button([icon('check'), h('span', { text: t('hk_payThis') })], { class: 'btn btn-primary hk-paythis', testid: 'pay-this', disabled: !sugOk || autopay !== null });
    payThis.addEventListener('click', () => {
      if (autopay) return;
      autopay = { key: payKey(v, ctx), cards: [...sug] };
      runAutopay(v, ctx);
    });
    box.append(h('div', { class: 'hk-suggest', testid: 'suggestion', data: { cards: sug.join(',') } },
      h('span', { class: 'hk-label', text: t('hk_suggest') }), h('span', { class: 'hk-row' }, sug.map((c) => chip(c, 'hk-sm'))), payThis));
  }
  const pays = [...ctx.legal].filter((a) => /^pay\d+$/.test(a)).map((a) => Number(a.slice(3))).sort((a, b) => a - b);
  if (pays.length) {
    box.append(h('span', { class: 'hk-label', text: t('hk_orPick') }),
      h('div', { class: 'hk-pay-buttons' }, pays.map((n) => {
        const b = button(String(n), { class: 'btn hk-paycard', testid: `pay-${n}`, 'aria-label': t('hk_payCard', n), data: { action: `pay${n}` }, disabled: autopay !== null });
        b.addEventListener('click', () => ctx.act(`pay${n}`));
        return b;
      })));
  }
  return box;
}

function actionZone(snap, ctx) {
  const v = snap.view;
  if (!ctx.canAct || !ctx.legal.size) return null;
  if (v.phase === 'pay' && v.payment) return payControls(v, ctx);
  if (v.phase === 'bid') return bidControls(v, ctx);
  return null;
}

export function table(snap, ctx) {
  const v = snap.view;
  runAutopay(v, ctx);
  const seats = [];
  for (let s = 0; s < snap.players; s += 1) seats.push(seatPanel(snap, ctx, s));
  return h('div', { class: 'hk', testid: 'hitokai' },
    daughterRow(v, ctx),
    h('div', { class: 'hk-mid' }, auctionPanel(v, ctx), h('div', { class: 'hk-seats', testid: 'seats' }, seats)),
    h('div', { class: 'hk-action', testid: 'action-zone' }, handZone(snap, ctx), actionZone(snap, ctx)));
}

// ---------------------------------------------------------------- side: round summaries

function summaryBlock(sm, ctx) {
  return h('div', { class: 'hk-summary', testid: `summary-${sm.round}` },
    h('h3', { class: 'hk-sum-title', text: t('hk_round', sm.round) }),
    h('p', { class: 'hk-sum-text', text: named(sm.text, sm.winner !== null && sm.winner !== undefined ? ctx.names[sm.winner] : '') }),
    h('ul', { class: 'hk-sum-seats' }, sm.seats.map((ss, s) => h('li', { class: [sm.winner === s ? 'is-winner' : null, ss.eliminated ? 'is-eliminated' : null] },
      sm.winner === s ? icon('crown', 'crown-mini') : null, who(ctx.names[s], s),
      h('span', { class: 'hk-row' }, ss.daughters.map((d) => chip(d, 'hk-xs hk-dchip'))),
      h('span', { text: ` ${t('hk_bonus', ss.bonus)} = ` }), h('b', { text: String(ss.total) }),
      ss.eliminated ? h('span', { class: 'badge hk-badge-out', text: t('hk_eliminated') }) : null))));
}

export function side(snap, ctx) {
  const v = snap.view;
  if (!v.summaries || !v.summaries.length) return [];
  return [h('section', { class: 'side-panel hk-summaries', testid: 'summaries' },
    h('h2', { class: 'side-title', text: t('hk_summaries') }),
    [...v.summaries].reverse().map((sm) => summaryBlock(sm, ctx)))];
}

// ---------------------------------------------------------------- end of game

export function result(snap, ctx) {
  const res = snap.result;
  const winners = new Set(res.winners);
  const head = h('tr', {},
    h('th', { scope: 'col', class: 'col-name', text: t('name') }),
    h('th', { scope: 'col', class: 'col-total', text: t('hk_colPoints') }),
    h('th', { scope: 'col', text: t('hk_colRounds') }),
    h('th', { scope: 'col', text: t('hk_colTotals') }));
  const rows = res.breakdown.map((b, s) => h('tr', {
    class: winners.has(s) ? 'is-winner' : null, testid: `result-row-${s}`, data: { seat: s, winner: winners.has(s) ? 'yes' : 'no' },
  },
  h('th', { scope: 'row', class: ['col-name', `seat-c${s}`] }, winners.has(s) ? icon('crown', 'crown-mini') : null, h('span', { class: 'who', text: ctx.names[s] })),
  h('td', { class: 'col-total', testid: `final-score-${s}`, data: { score: b.points } }, String(b.points)),
  h('td', { text: (b.rounds_won || []).join(', ') || '–' }),
  h('td', { text: (b.totals || []).join(' · ') || '–' })));
  return h('div', { class: 'result-wrap hk-result-wrap' },
    h('table', { class: 'result hk-result', testid: 'result' }, h('thead', {}, head), h('tbody', {}, rows)),
    h('section', { class: 'hk-summaries hk-end-summaries' }, (snap.view.summaries || []).map((sm) => summaryBlock(sm, ctx))));
}

// ---------------------------------------------------------------- setup options: none

export function setupOptions() {
  return null;
}

export default { statusChips, prompt, table, side, result, setupOptions };
