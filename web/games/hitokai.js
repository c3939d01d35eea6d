// The Egyptian Buyer (エジプトの人買い): draws a seat's view and turns taps into the legal action
// strings the engine listed. No rule is decided here: a bid, a withdrawal or a paid card can be
// sent only when its notation string is in `legal`; the suggested payment, the round totals and
// who shares the highest total come from the engine. The only comparison made here is the
// warning H2 asks of the UI: a chosen bid above the hand's value (as the view gives it).

import { h, button, loadStyle } from '../ui/dom.js';
import { icon } from '../ui/card.js';
import { t, tn, tx, joinNames, STRINGS } from '../i18n.js';

loadStyle(new URL('./hitokai.css', import.meta.url).href);

Object.assign(STRINGS, {
  hk_round: { en: 'Round {0}', ja: '第{0}ラウンド' },
  hk_target: { en: 'First to {0} points', ja: '{0}点先取' },
  hk_daughters: { en: 'Daughters', ja: '娘' },
  hk_soldTo: { en: '{0} for {1}', ja: '{0}・{1}金' },
  hk_unsold: { en: 'Unsold', ja: '売れ残り' },
  hk_now: { en: 'Now', ja: '競り中' },
  hk_auction: { en: 'Auction', ja: '競り' },
  hk_payment: { en: 'Payment', ja: '支払い' },
  hk_noBid: { en: 'No bid yet', ja: 'まだ入札なし' },
  hk_bid: { en: 'Bid', ja: '入札' },
  hk_in: { en: 'In', ja: '参加中' },
  hk_withdrawn: { en: 'Withdrawn', ja: '降り' },
  hk_out: { en: 'Out', ja: '不参加' },
  hk_eliminated: { en: 'Eliminated', ja: '脱落' },
  hk_lastBid: { en: 'bid {0}', ja: '入札{0}' },
  hk_doubleNote: { en: '{0}s are worth 2 gold', ja: '{0}は1枚2金' },
  hk_hand: { en: 'Your hand', ja: 'あなたの手札' },
  hk_handValue: { en: 'Worth {0} now', ja: '現在の価値 {0}' },
  hk_handHidden: { en: 'Hands are hidden while the tablet is passed.', ja: 'タブレットを渡す間、手札は隠されています。' },
  hk_emptyHand: { en: 'No cards in hand', ja: '手札なし' },
  hk_youOut: { en: 'You are eliminated for this round.', ja: 'あなたはこのラウンド脱落しています。' },
  hk_double: { en: 'worth 2 gold each now', ja: '今は1枚2金' },
  hk_2g: { en: '2 gold', ja: '2金' },
  hk_cards: { en: '{0} cards', ja: '{0}枚' },
  hk_cards1: { en: '1 card', ja: '1枚' },
  hk_bonus: { en: 'hand bonus +{0}', ja: '手札ボーナス+{0}' },
  hk_bonusShort: { en: '+{0} hand', ja: '手札+{0}' },
  hk_vp: { en: '{0} VP', ja: '{0}勝点' },
  // bidding
  hk_plus1: { en: '+1 → {0}', ja: '+1 → {0}' },
  hk_plus5: { en: '+5 → {0}', ja: '+5 → {0}' },
  hk_bidN: { en: 'Bid {0}', ja: '{0}で入札' },
  hk_chooseBid: { en: 'Bid amount', ja: '入札額' },
  hk_withdraw: { en: 'Withdraw', ja: '降りる' },
  hk_overWarn: {
    en: 'Warning: your hand is worth only {0}. If you have to pay {1}, you are eliminated for this round.',
    ja: '注意:手札の価値は{0}しかありません。{1}を支払うことになると、このラウンドは脱落します。',
  },
  hk_overAsk: {
    en: 'Bid {1} with a hand worth {0}? Every bidder pays his own last bid: you would be eliminated for this round.',
    ja: '価値{0}の手札で{1}を入札しますか?入札者は全員自分の最終入札額を支払うので、このラウンドは脱落します。',
  },
  hk_overMark: { en: 'over your hand', ja: '手札超過' },
  hk_confirmBid: { en: 'Bid {0} anyway', ja: 'それでも{0}で入札' },
  hk_cancel: { en: 'Cancel', ja: 'やめる' },
  // paying
  hk_payTitle: { en: 'Pay {0} for daughter {1}', ja: '娘{1}の代金{0}を支払う' },
  hk_paidSoFar: { en: 'Put in: {0} of {1}', ja: '支払い済み {0}/{1}' },
  hk_suggest: { en: 'Suggested (keeps most value):', ja: 'おすすめ(価値を最も残す):' },
  hk_payThis: { en: 'Pay this', ja: 'これで支払う' },
  hk_orPick: { en: 'Or pick the cards yourself, one at a time (each is paid at once; greyed numbers would overpay):', ja: 'または自分で1枚ずつ選ぶ(選んだカードはすぐに支払われます。灰色の数字は払いすぎになります):' },
  hk_overpay: { en: 'This card would make the payment more than needed.', ja: 'このカードを出すと払いすぎになります。' },
  hk_payCard: { en: 'Pay a {0}', ja: '{0}を支払う' },
  hk_boughtFor: { en: '{0} bought it for {1}.', ja: '{0}が{1}で落札。' },
  hk_allPay: { en: 'Every bidder pays his own last bid.', ja: '入札した全員が自分の最終入札額を支払います。' },
  hk_paysNothing: { en: 'never bid: pays nothing', ja: '入札なし:支払いなし' },
  hk_byName: { en: 'by {0}', ja: '入札者 {0}' },
  hk_colHand: { en: 'Cards', ja: '手札' },
  hk_colRoundTotal: { en: 'Round total', ja: 'ラウンド合計' },
  hk_colVpShort: { en: 'VP', ja: '勝点' },
  hk_totalParts: { en: 'daughters {0} + hand bonus {1}', ja: '娘{0}+手札ボーナス{1}' },
  hk_paying: { en: 'paying {0}', ja: '{0}を支払い中' },
  hk_owes: { en: 'owes {0}', ja: '{0}を支払う予定' },
  hk_paid: { en: 'paid {0}:', ja: '{0}を支払い:' },
  hk_couldNotPay: { en: 'could not pay {0}: eliminated', ja: '{0}を払えず脱落' },
  // prompts
  hk_promptOpen: { en: 'Your turn: open the auction of daughter {0}.', ja: 'あなたの番です。娘{0}の競りを始めてください。' },
  hk_promptBid: { en: 'Your turn: bid more than {0} or withdraw.', ja: 'あなたの番です。{0}より高く入札するか降りてください。' },
  hk_promptPay: { en: 'Pay your bid of {0}.', ja: '入札額{0}を支払ってください。' },
  hk_promptSummary: { en: 'Round {0} is over: here is how it ended.', ja: '第{0}ラウンドが終わりました。結果をご覧ください。' },
  hk_waitTurn: { en: '{0} is to move.', ja: '{0}の番です。' },
  // round results
  hk_summaries: { en: 'Round results', ja: 'ラウンド結果' },
  hk_roundOver: { en: 'Round {0} is over', ja: '第{0}ラウンド終了' },
  hk_colPlayer: { en: 'Player', ja: 'プレイヤー' },
  hk_colDaughters: { en: 'Daughters', ja: '娘' },
  hk_colCards: { en: 'Cards left', ja: '残り手札' },
  hk_colBonus: { en: 'Hand bonus', ja: '手札ボーナス' },
  hk_colTotal: { en: 'Total', ja: '合計' },
  hk_colVp: { en: 'Victory points', ja: '勝利点' },
  hk_plusPoint: { en: '+1', ja: '+1' },
  hk_bonusRule: { en: 'Hand bonus: 1 per 3 cards left in hand.', ja: '手札ボーナス:残り手札3枚ごとに1点。' },
  hk_tiedAre: { en: 'Tied for the highest total: {0}.', ja: '最高合計で同点:{0}。' },
  hk_outNoPoint: { en: 'Eliminated players cannot win the point.', ja: '脱落したプレイヤーはポイントを獲得できません。' },
  hk_nextStart: { en: 'Round {0}: {1} starts.', ja: '第{0}ラウンドは{1}から始めます。' },
  hk_continue: { en: 'Continue to round {0}', ja: '第{0}ラウンドへ進む' },
  hk_bank: { en: 'Bank: {0} cards', ja: '銀行: {0}枚' },
  hk_bank1: { en: 'Bank: 1 card', ja: '銀行: 1枚' },
  hk_colPoints: { en: 'Victory points', ja: '勝利点' },
  hk_colRounds: { en: 'Rounds won', ja: '勝ったラウンド' },
  hk_colTotals: { en: 'Round totals', ja: '各ラウンドの合計' },
});

// ---------------------------------------------------------------- helpers (display only)

function who(name, seat) {
  return h('b', { class: `who seat-c${seat}`, text: name });
}

/** An engine text whose `{0}` is a seat name, as nodes (the name as text, never HTML). */
function fillName(template, seat, ctx) {
  const parts = String(template).split('{0}');
  const out = [];
  parts.forEach((part, i) => {
    if (i > 0) out.push(seat === null || seat === undefined ? '' : who(ctx.names[seat], seat));
    if (part) out.push(part);
  });
  return out;
}

/** "{n} cards" with the singular where English needs it. */
function cardsText(n, key = 'hk_cards') {
  return n === 1 ? t(`${key}1`) : t(key, n);
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

function paysOf(legal) {
  return [...legal].filter((a) => /^pay\d+$/.test(a)).map((a) => Number(a.slice(3))).sort((a, b) => a - b);
}

// ---------------------------------------------------------------- the round summary between rounds
//
// The engine deals the next round as soon as one ends, so the table remembers, per session, the
// round it last drew: when the round number grows, the summary of the round just ended is shown
// over the table to each viewer until that viewer taps "Continue" (or another round ends). A
// replay shows it at the first position of each new round instead.

const rounds = new Map(); // session -> {round: last round drawn, pending: round | null, seen: Set(viewer)}

function trackRound(snap) {
  const sid = snap.session;
  if (sid === null || sid === undefined) return null;
  const v = snap.view;
  const known = rounds.get(sid);
  if (!known) {
    const entry = { round: v.round, pending: null, seen: new Set() };
    rounds.set(sid, entry);
    return entry;
  }
  if (v.round > known.round && !snap.over) {
    known.pending = v.round - 1;
    known.seen = new Set();
  }
  if (snap.over) known.pending = null;
  known.round = v.round;
  return known;
}

/** The summary this viewer should see now before going on, or null. */
function pendingSummary(snap, ctx) {
  const v = snap.view;
  // every draw tracks the round (the status line is drawn before the table)
  const known = ctx.replay ? null : trackRound(snap);
  const sums = v.summaries || [];
  const last = sums[sums.length - 1];
  if (!last || snap.over) return null;
  if (ctx.replay) {
    const fresh = v.phase === 'bid' && v.auction?.open && (v.auctions || []).length === 0
      && v.seats.every((sv) => sv.status !== 'withdrawn');
    return fresh && last.round === v.round - 1 ? last : null;
  }
  if (!known || known.pending !== last.round || known.seen.has(ctx.viewer)) return null;
  return last;
}

let focusedFor = '';
const holds = new Map(); // session -> the table's wait for this summary's "Continue"

/**
 * The table's hook before a bot moves: while the viewer (a person) has not yet closed the summary
 * of the round just ended, the bots wait, so that nobody misses the first moves of the next round.
 */
export function holdBots(snap, ctx) {
  if (ctx.viewer === null || ctx.viewer === undefined) return null;
  if (!pendingSummary(snap, ctx)) return null;
  return new Promise((resolve) => holds.set(snap.session, resolve));
}

function seenSummary(snap, ctx) {
  rounds.get(snap.session)?.seen.add(ctx.viewer);
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
  const sm = pendingSummary(snap, ctx);
  if (sm && !ctx.replay) return t('hk_promptSummary', sm.round);
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
  return h('div', { class: 'hk-daughters', testid: 'daughters', role: 'list', 'aria-label': t('hk_daughters') }, v.daughters.map((d) => {
    const current = d.number === v.daughter && v.phase !== 'over';
    let caption;
    if (d.status === 'sold') caption = h('span', { class: 'hk-cap who', text: t('hk_soldTo', ctx.names[d.buyer], d.price) });
    else if (d.status === 'unsold') caption = h('span', { class: 'hk-cap', text: t('hk_unsold') });
    else if (current) caption = h('span', { class: 'hk-cap hk-cap-now', text: v.phase === 'pay' ? t('hk_payment') : t('hk_now') });
    else caption = h('span', { class: 'hk-cap', text: '' });
    return h('div', {
      class: ['hk-daughter', `is-${d.status}`, current ? 'is-current' : null, d.buyer !== null ? `seat-c${d.buyer}` : null],
      role: 'listitem', testid: `daughter-${d.number}`, data: { status: d.status, buyer: d.buyer ?? undefined },
      'aria-current': current ? 'true' : undefined,
    }, h('span', { class: 'hk-dnum', text: String(d.number) }), caption);
  }));
}

/** A seat's part in the auction being bid or paid for, for the players table. */
function statusCell(v, s) {
  const sv = v.seats[s];
  const p = v.payment;
  const out = (text) => h('span', { class: 'hk-pill hk-badge-out', testid: `eliminated-${s}`, text });
  if (sv.eliminated && !(p && (p.done || []).some((d) => d.seat === s))) {
    return { status: 'eliminated', nodes: [out(t('hk_eliminated'))] };
  }
  if (p) {
    const done = (p.done || []).find((d) => d.seat === s);
    if (done && done.eliminated) return { status: 'eliminated', nodes: [out(t('hk_couldNotPay', done.bid))] };
    if (done) return { status: 'paid', nodes: [h('span', { class: 'hk-pill', text: t('hk_paid', done.bid) }), h('span', { class: 'hk-row' }, done.cards.map((c) => chip(c, 'hk-xs')))] };
    if (p.payer === s) {
      return { status: 'paying', nodes: [h('span', { class: 'hk-pill', text: t('hk_paying', p.bid) }), h('span', { class: 'hk-small', text: t('hk_paidSoFar', p.value, p.bid) }), h('span', { class: 'hk-row' }, (p.cards || []).map((c) => chip(c, 'hk-xs')))] };
    }
    if ((p.queue || []).includes(s)) return { status: 'queued', nodes: [h('span', { class: 'hk-pill', text: t('hk_owes', sv.last_bid) })] };
    return { status: 'none', nodes: [h('span', { class: 'hk-small', text: t('hk_paysNothing') })] };
  }
  const status = sv.status || 'out';
  const label = { in: t('hk_in'), withdrawn: t('hk_withdrawn'), out: t('hk_out') }[status] ?? status;
  return {
    status,
    nodes: [h('span', { class: 'hk-pill', text: label }),
      sv.last_bid !== null && sv.last_bid !== undefined ? h('span', { class: 'hk-small', text: t('hk_lastBid', sv.last_bid) }) : null],
  };
}

function auctionBox(v, ctx) {
  const a = v.auction;
  const p = v.payment;
  let line = null;
  if (a) {
    line = h('div', { class: 'hk-bidline', testid: 'current-bid', data: { bid: a.bid } },
      a.bidder === null ? h('span', { class: 'hk-nobid', text: t('hk_noBid') })
        : [h('span', { class: 'hk-label', text: t('hk_bid') }), h('b', { class: 'hk-bidval', text: String(a.bid) }),
          h('span', { class: 'hk-bidby' }, tn('hk_byName', who(ctx.names[a.bidder], a.bidder)))]);
  } else if (p) {
    const sold = v.daughters.find((d) => d.number === p.daughter);
    line = h('div', { class: 'hk-bidline', testid: 'payment-line' },
      sold && sold.buyer !== null ? h('span', { class: 'hk-bidby' }, tn('hk_boughtFor', who(ctx.names[sold.buyer], sold.buyer), String(sold.price))) : null,
      h('span', { class: 'hk-small', text: t('hk_allPay') }));
  }
  return h('section', { class: 'hk-auction', testid: 'auction', data: { phase: a ? 'bid' : p ? 'pay' : 'none' } },
    h('div', { class: 'hk-auction-d' },
      h('span', { class: 'hk-label', text: a ? t('hk_auction') : t('hk_payment') }),
      h('span', { class: 'hk-big', text: v.daughter ?? '–' }),
      v.daughter ? h('span', { class: 'hk-dnote', text: t('hk_doubleNote', v.daughter) }) : null),
    line,
    h('span', { class: 'hk-bank', testid: 'bank', text: cardsText((v.bank || []).length, 'hk_bank') }));
}

function seatsTable(snap, ctx) {
  const v = snap.view;
  const paying = v.phase === 'pay';
  const head = h('tr', {},
    h('th', { scope: 'col', text: t('hk_colPlayer') }),
    h('th', { scope: 'col', text: paying ? t('hk_payment') : t('hk_auction') }),
    h('th', { scope: 'col', class: 'hk-c-num', text: t('hk_colHand') }),
    h('th', { scope: 'col', text: t('hk_colDaughters') }),
    h('th', { scope: 'col', class: 'hk-c-num', text: t('hk_colRoundTotal') }),
    h('th', { scope: 'col', class: 'hk-c-num', text: t('hk_colVpShort') }));
  const rows = v.seats.map((sv, s) => {
    const active = (snap.to_move || []).includes(s) || ctx.thinking === s;
    const st = statusCell(v, s);
    return h('tr', { class: ['hk-seat', `seat-c${s}`, active ? 'is-active' : null, sv.eliminated ? 'is-eliminated' : null, `is-${st.status}`], testid: `seat-${s}` },
      h('th', { scope: 'row', class: 'hk-p-name' },
        h('span', { class: 'hk-name' }, who(ctx.names[s], s)),
        ctx.viewer === s ? h('span', { class: 'badge badge-you', text: t('you') }) : null),
      h('td', { class: 'hk-c-status', testid: `auction-seat-${s}`, data: { status: st.status } }, st.nodes),
      h('td', { class: 'hk-c-num', testid: `hand-size-${s}`, data: { value: sv.hand_size }, title: cardsText(sv.hand_size), text: String(sv.hand_size) }),
      h('td', { class: 'hk-c-daughters', testid: `seat-daughters-${s}` }, h('span', { class: 'hk-row' }, sv.daughters.map((d) => chip(d, 'hk-xs hk-dchip')))),
      h('td', { class: 'hk-c-num', testid: `total-${s}`, data: { value: sv.total }, title: t('hk_totalParts', sv.daughter_points, sv.bonus) },
        h('b', { class: 'hk-total', text: String(sv.total) }), sv.bonus ? h('span', { class: 'hk-small', text: ` (${t('hk_bonusShort', sv.bonus)})` }) : null),
      h('td', { class: 'hk-c-num hk-vp', testid: `vp-${s}`, data: { value: sv.points }, title: t('hk_vp', sv.points) }, icon('crown', 'crown-mini'), String(sv.points)));
  });
  return h('div', { class: 'hk-seats' }, h('table', { class: 'hk-players', testid: 'seats' }, h('thead', {}, head), h('tbody', {}, rows)));
}

// ---------------------------------------------------------------- own hand and controls

function handZone(snap, ctx) {
  const v = snap.view;
  if (ctx.viewer === null || ctx.viewer === undefined || !v.hand) {
    return h('section', { class: 'hk-hand', testid: 'hand-zone' }, h('p', { class: 'hk-muted', text: t('hk_handHidden') }));
  }
  const doubled = v.phase === 'bid' || v.phase === 'pay' ? v.daughter : null;
  const gs = groups(v.hand);
  const out = v.seats[ctx.viewer]?.eliminated;
  return h('section', { class: 'hk-hand', testid: 'hand-zone' },
    h('div', { class: 'hk-hand-head' }, h('h2', { class: 'hk-title', text: t('hk_hand') }),
      h('span', { class: 'hk-muted-s', text: cardsText(v.hand.length) }),
      h('b', { class: 'hk-hand-value', testid: 'hand-value', data: { value: v.hand_value }, text: t('hk_handValue', v.hand_value) })),
    gs.length ? h('div', { class: 'hk-groups' }, gs.map(([n, k]) => h('div', {
      class: ['hk-group', n === doubled ? 'is-double' : null], testid: 'hand-group', data: { number: n, count: k, double: n === doubled ? 'yes' : 'no' },
      title: n === doubled ? t('hk_double') : undefined,
    }, chip(n), h('span', { class: 'hk-times', text: `×${k}` }), n === doubled ? h('span', { class: 'hk-x2', text: t('hk_2g') }) : null)))
      : h('p', { class: 'hk-muted', text: out ? t('hk_youOut') : t('hk_emptyHand') }));
}

function bidControls(v, ctx) {
  const bids = bidsOf(ctx.legal);
  const value = v.hand_value ?? 0;
  const box = h('div', { class: 'hk-controls', testid: 'controls' });
  const main = h('div', { class: 'hk-bid-main' });
  const send = (n) => {
    const a = `b${n}`;
    if (!ctx.legal.has(a)) return;
    if (n <= value) {
      ctx.act(a);
      return;
    }
    // H2: a bid above the hand's value is legal but ruinous; ask once more, in plain words
    const yes = button(t('hk_confirmBid', n), { class: 'btn btn-danger', testid: 'confirm-overbid', data: { action: a } });
    const no = button(t('hk_cancel'), { class: 'btn', testid: 'cancel-overbid' });
    const ask = h('div', { class: 'hk-warn', testid: 'overbid-confirm', role: 'alertdialog', 'aria-label': t('hk_overMark') },
      h('p', { class: 'hk-warn-text' }, h('span', { class: 'hk-warn-icon', 'aria-hidden': 'true', text: '!' }), h('span', { text: t('hk_overAsk', value, n) })),
      h('div', { class: 'hk-warn-actions' }, yes, no));
    yes.addEventListener('click', () => ctx.act(a));
    no.addEventListener('click', () => { ask.replaceWith(main); main.querySelector('[data-testid=bid]')?.focus(); });
    main.replaceWith(ask);
    no.focus();
  };
  const cur = v.auction?.bid ?? 0;
  const quick = (key, n, testid) => {
    const ok = bids.includes(n);
    const over = ok && n > value;
    const b = button([h('span', { text: t(key, n) }), over ? h('span', { class: 'hk-over-tag', text: '!' }) : null], {
      class: ['btn', 'hk-quick', over ? 'is-over' : null], testid, disabled: !ok, data: { action: `b${n}`, over: over ? 'yes' : 'no' },
      'aria-label': over ? `${t(key, n)} (${t('hk_overMark')})` : undefined,
    });
    if (ok) b.addEventListener('click', () => send(n));
    return b;
  };
  const pass = button(t('hk_withdraw'), { class: 'btn hk-withdraw', testid: 'withdraw', disabled: !ctx.legal.has('pass'), data: { action: 'pass' } });
  if (ctx.legal.has('pass')) pass.addEventListener('click', () => ctx.act('pass'));
  if (!bids.length) {
    main.append(h('div', { class: 'hk-bid-row' }, pass));
    box.append(main);
    return box;
  }
  const lo = bids[0];
  const hi = bids[bids.length - 1];
  const slider = h('input', {
    type: 'range', class: 'hk-slider', testid: 'bid-slider', min: String(lo), max: String(hi), step: '1',
    'aria-label': t('hk_chooseBid'),
  });
  slider.value = String(lo);
  // the part of the track above the hand's value is drawn red (a CSS variable, no inline style)
  const safe = hi > lo ? Math.max(0, Math.min(1, (value - lo + 0.5) / (hi - lo))) : (lo <= value ? 1 : 0);
  slider.style.setProperty('--hk-safe', `${(safe * 100).toFixed(2)}%`);
  const amount = h('output', { class: 'hk-amount', testid: 'bid-amount' });
  const go = button('', { class: 'btn btn-primary hk-go', testid: 'bid' });
  const warn = h('p', { class: 'hk-overwarn', testid: 'overbid-warning', role: 'alert', hidden: true });
  const sync = () => {
    const n = Number(slider.value);
    const over = n > value;
    amount.textContent = String(n);
    go.textContent = t('hk_bidN', n);
    go.dataset.action = `b${n}`;
    go.dataset.over = over ? 'yes' : 'no';
    go.classList.toggle('btn-primary', !over);
    go.classList.toggle('btn-danger', over);
    amount.classList.toggle('is-over', over);
    warn.hidden = !over;
    warn.replaceChildren(h('span', { class: 'hk-warn-icon', 'aria-hidden': 'true', text: '!' }), h('span', { text: t('hk_overWarn', value, n) }));
  };
  slider.addEventListener('input', sync);
  slider.addEventListener('change', sync);
  sync();
  go.addEventListener('click', () => send(Number(slider.value)));
  main.append(
    h('div', { class: 'hk-bid-row' }, quick('hk_plus1', cur + 1, 'bid-plus1'), quick('hk_plus5', cur + 5, 'bid-plus5')),
    h('label', { class: 'hk-pick' },
      h('span', { class: 'hk-label hk-pick-label', text: t('hk_chooseBid') }),
      h('span', { class: 'hk-range' }, h('span', { class: 'hk-range-end', text: String(lo) }), slider, h('span', { class: 'hk-range-end', text: String(hi) })),
      amount),
    warn,
    h('div', { class: 'hk-bid-row' }, go, pass));
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
    h('p', { class: 'hk-paid', testid: 'paid-so-far', data: { value: p.value, bid: p.bid } },
      h('span', { text: t('hk_paidSoFar', p.value, p.bid) }), h('span', { class: 'hk-row' }, (p.cards || []).map((c) => chip(c, 'hk-sm')))));
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
      h('span', { class: 'hk-label', text: t('hk_suggest') }),
      h('span', { class: 'hk-row' }, sug.map((c) => chip(c, ['hk-sm', c === p.daughter ? 'is-double' : null]))), payThis));
  }
  // every number in hand, enabled only when the engine lists it (a card keeping the payment
  // minimal); the others are shown greyed so that the choice is visible
  const pays = new Set(paysOf(ctx.legal));
  const numbers = groups(v.hand).map(([n]) => n);
  if (pays.size) {
    box.append(h('p', { class: 'hk-label hk-pick-note', id: 'hk-pick-note', text: t('hk_orPick') }),
      h('div', { class: 'hk-pay-buttons', role: 'group', 'aria-labelledby': 'hk-pick-note' }, numbers.map((n) => {
        const ok = pays.has(n) && autopay === null;
        const b = button([h('span', { text: String(n) }), n === p.daughter ? h('span', { class: 'hk-x2', text: t('hk_2g') }) : null], {
          // named by what it shows (the number, "2 gold"); the title says what it does
          class: ['btn', 'hk-paycard', n === p.daughter ? 'is-double' : null], testid: `pay-${n}`,
          data: { action: pays.has(n) ? `pay${n}` : undefined }, disabled: !ok,
          title: pays.has(n) ? t('hk_payCard', n) : t('hk_overpay'),
        });
        if (ok) b.addEventListener('click', () => ctx.act(`pay${n}`));
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

// ---------------------------------------------------------------- round results

function reasonLine(sm, ctx) {
  return h('p', { class: 'hk-sum-reason', testid: 'summary-reason', data: { reason: sm.reason } },
    sm.winner !== null && sm.winner !== undefined ? icon('crown', 'crown-mini') : null,
    fillName(tx(sm.text), sm.winner, ctx));
}

function tieLine(sm, ctx) {
  if (sm.reason !== 'tie' || !sm.top || sm.top.length < 2) return null;
  const names = joinNames(sm.top.map((s) => ctx.names[s]));
  return h('p', { class: 'hk-sum-note', testid: 'summary-tie', text: t('hk_tiedAre', names) });
}

/** The full table of one round's result (between rounds). */
function summaryTable(sm, ctx) {
  const head = h('tr', {},
    h('th', { scope: 'col', class: 'hk-c-name', text: t('hk_colPlayer') }),
    h('th', { scope: 'col', text: t('hk_colDaughters') }),
    h('th', { scope: 'col', class: 'hk-c-num', text: t('hk_colCards') }),
    h('th', { scope: 'col', class: 'hk-c-num', text: t('hk_colBonus') }),
    h('th', { scope: 'col', class: 'hk-c-num', text: t('hk_colTotal') }),
    h('th', { scope: 'col', class: 'hk-c-num', text: t('hk_colVp') }));
  const rows = sm.seats.map((ss, s) => {
    const win = sm.winner === s;
    const tied = sm.reason === 'tie' && (sm.top || []).includes(s);
    return h('tr', {
      class: [win ? 'is-winner' : null, tied ? 'is-tied' : null, ss.eliminated ? 'is-eliminated' : null],
      testid: `summary-row-${s}`, data: { total: ss.total, bonus: ss.bonus, winner: win ? 'yes' : 'no' },
    },
    h('th', { scope: 'row', class: 'hk-c-name' }, win ? icon('crown', 'crown-mini') : null, who(ctx.names[s], s),
      ss.eliminated ? h('span', { class: 'badge hk-badge-out', text: t('hk_eliminated') }) : null),
    h('td', {}, h('span', { class: 'hk-row' }, ss.daughters.length ? ss.daughters.map((d) => chip(d, 'hk-xs hk-dchip')) : '–'),
      ss.daughters.length ? h('span', { class: 'hk-muted-s hk-nowrap', text: ` = ${ss.daughter_points}` }) : null),
    h('td', { class: 'hk-c-num', text: String(ss.cards) }),
    h('td', { class: 'hk-c-num', text: `+${ss.bonus}` }),
    h('td', { class: 'hk-c-num hk-c-total', text: String(ss.total) }),
    h('td', { class: 'hk-c-num' }, h('b', { text: String(ss.points ?? '') }), win ? h('span', { class: 'hk-plus', text: ` (${t('hk_plusPoint')})` }) : null));
  });
  return h('table', { class: 'hk-sum-table', testid: 'summary-table' }, h('thead', {}, head), h('tbody', {}, rows));
}

function summaryCard(snap, ctx, sm, { onContinue, notes = true } = {}) {
  const anyOut = sm.seats.some((ss) => ss.eliminated);
  const next = snap.over ? null : sm.next_start;
  const card = h('section', {
    class: 'hk-sum-card', testid: 'round-summary', data: { round: sm.round, reason: sm.reason },
    role: onContinue ? 'dialog' : undefined, 'aria-labelledby': onContinue ? 'hk-sum-title' : undefined,
  },
    h('h2', { class: 'hk-sum-head', id: onContinue ? 'hk-sum-title' : undefined, text: t('hk_roundOver', sm.round) }),
    reasonLine(sm, ctx),
    tieLine(sm, ctx),
    h('div', { class: 'hk-sum-scroll' }, summaryTable(sm, ctx)),
    notes ? h('p', { class: 'hk-sum-note', text: t('hk_bonusRule') }) : null,
    notes && anyOut ? h('p', { class: 'hk-sum-note', text: t('hk_outNoPoint') }) : null,
    next !== null && next !== undefined ? h('p', { class: 'hk-sum-note' }, tn('hk_nextStart', String(sm.round + 1), who(ctx.names[next], next))) : null);
  if (onContinue) {
    const go = button(t('hk_continue', sm.round + 1), { class: 'btn btn-primary btn-lg', testid: 'summary-continue' });
    go.addEventListener('click', onContinue);
    card.append(h('div', { class: 'hk-sum-actions' }, go));
  }
  return card;
}

// ---------------------------------------------------------------- the table

export function table(snap, ctx) {
  const v = snap.view;
  runAutopay(v, ctx);
  const board = h('div', { class: 'hk', testid: 'hitokai' },
    daughterRow(v, ctx),
    h('div', { class: 'hk-mid' }, auctionBox(v, ctx), seatsTable(snap, ctx)),
    h('div', { class: 'hk-action', testid: 'action-zone' }, handZone(snap, ctx), actionZone(snap, ctx)));
  const wrap = h('div', { class: 'hk-wrap' }, board);
  const sm = pendingSummary(snap, ctx);
  if (sm && ctx.replay) {
    board.prepend(summaryCard(snap, ctx, sm));
  } else if (sm) {
    const layer = h('div', { class: 'hk-sum-layer', testid: 'round-summary-layer' });
    board.setAttribute('aria-hidden', 'true');
    board.inert = true;
    const close = () => {
      seenSummary(snap, ctx);
      const go = holds.get(snap.session);
      holds.delete(snap.session);
      layer.remove();
      board.removeAttribute('aria-hidden');
      board.inert = false;
      // the status line said "round over"; say what it says without the summary
      wrap.closest('[data-testid=table]')?.querySelector('[data-testid=prompt]')?.replaceChildren(promptNode(snap, ctx));
      wrap.querySelector('[data-testid=controls] button:not(:disabled), [data-testid=controls] input')?.focus();
      if (go) go();
    };
    layer.append(summaryCard(snap, ctx, sm, { onContinue: close }));
    wrap.append(layer);
    // move the focus to "Continue" once per summary and viewer, never from under the privacy
    // screen (which holds the focus while the tablet is passed)
    const key = `${snap.session}:${sm.round}:${ctx.viewer}`;
    if (ctx.viewer !== null && ctx.viewer !== undefined && focusedFor !== key) {
      focusedFor = key;
      queueMicrotask(() => {
        if (!document.body.classList.contains('has-privacy')) layer.querySelector('[data-testid=summary-continue]')?.focus();
      });
    }
  }
  return wrap;
}

function promptNode(snap, ctx) {
  const p = prompt(snap, ctx);
  return typeof p === 'string' ? document.createTextNode(p) : p;
}

// ---------------------------------------------------------------- side: round summaries

function summaryBlock(sm, ctx) {
  return h('div', { class: 'hk-summary', testid: `summary-${sm.round}`, data: { reason: sm.reason } },
    h('h3', { class: 'hk-sum-title', text: t('hk_round', sm.round) }),
    h('p', { class: 'hk-sum-text' }, fillName(tx(sm.text), sm.winner, ctx)),
    tieLine(sm, ctx),
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
    h('div', { class: 'hk-summaries-scroll', tabindex: '0', role: 'region', 'aria-label': t('hk_summaries') }, [...v.summaries].reverse().map((sm) => summaryBlock(sm, ctx))))];
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
  const sums = snap.view.summaries || [];
  const last = sums[sums.length - 1];
  return h('div', { class: 'hk-result-wrap' },
    h('div', { class: 'result-wrap' }, h('table', { class: 'result hk-result', testid: 'result' }, h('thead', {}, head), h('tbody', {}, rows))),
    last ? summaryCard(snap, ctx, last, { notes: false }) : null);
}

// ---------------------------------------------------------------- setup options: none

export function setupOptions() {
  return null;
}

export default { statusChips, prompt, table, side, result, setupOptions, holdBots };
