// BAG-GAI (バッグ買い): draws a seat's view and turns taps into the legal action strings the engine
// listed. No rule is decided here: a range, a price, a free card's side or an unknown card's brand
// can be confirmed only when its notation string is in `legal`.

import { h, svg, button, loadStyle, srOnly } from '../ui/dom.js';
import { icon } from '../ui/card.js';
import { t, tn, levelName, STRINGS } from '../i18n.js';
import { startPlayerField } from '../ui/options.js';

loadStyle(new URL('./baggai.css', import.meta.url).href);

const BRANDS = ['R', 'B', 'G'];

Object.assign(STRINGS, {
  bg_brand_R: { en: 'Red', ja: '赤' },
  bg_brand_B: { en: 'Blue', ja: '青' },
  bg_brand_G: { en: 'Green', ja: '緑' },
  bg_letter_R: { en: 'R', ja: '赤' },
  bg_letter_B: { en: 'B', ja: '青' },
  bg_letter_G: { en: 'G', ja: '緑' },
  bg_money: { en: '¥{0}', ja: '{0}万' },
  bg_moneyHidden: { en: '¥?', ja: '?万' },
  bg_moneyHiddenTitle: { en: 'Money is private (open money is off)', ja: '所持金は非公開です(公開設定オフ)' },
  bg_moneyTitle: { en: 'Money: {0} (×10,000 yen)', ja: '所持金:{0}万円' },
  bg_bank: { en: 'Bank', ja: '銀行' },
  bg_bankL: { en: 'Bank L', ja: '左の銀行' },
  bg_bankR: { en: 'Bank R', ja: '右の銀行' },
  bg_spot: { en: 'Spot {0}', ja: '{0}番' },
  bg_empty: { en: 'empty', ja: '空き' },
  bg_window: { en: 'Shop window', ja: 'ショーウィンドウ' },
  bg_pilesLeft: { en: 'Piles left: {0}', ja: '残りの山:{0}' },
  bg_removed: { en: 'Out of the game: {0}', ja: '除外:{0}枚' },
  bg_party: { en: 'Party after this round', ja: 'このラウンド後にパーティー' },
  bg_phase_range: { en: 'Choose ranges', ja: '範囲選び' },
  bg_phase_price: { en: 'Secret prices', ja: '秘密の値付け' },
  bg_phase_buy: { en: 'Buying', ja: '購入' },
  // cards
  bg_card_bag: { en: '{0} bag, {1}', ja: '{0}のバッグ {1}' },
  bg_card_free: { en: '{0} regular customer (free, worth 1)', ja: '{0}のお得意様(無料・1点分)' },
  bg_card_showoff: { en: 'Show-off spending', ja: '散財自慢' },
  bg_card_unknown: { en: 'Unknown brand: {0} or {1}', ja: 'ブランド不明:{0}か{1}' },
  bg_card_fixed: { en: 'Unknown brand, now {0} (worth 1)', ja: 'ブランド不明、{0}に決定(1点分)' },
  bg_vpShort: { en: 'VP', ja: '点' },
  // seats
  bg_start: { en: 'Start', ja: 'スタート' },
  bg_startTitle: { en: 'Start player of this round', ja: 'このラウンドのスタートプレーヤー' },
  bg_choosing: { en: 'Choosing', ja: '選択中' },
  bg_order: { en: '#{0}', ja: '{0}番目' },
  bg_orderTitle: { en: 'Processing order: {0}', ja: '処理順:{0}番目' },
  bg_noRange: { en: 'No range yet', ja: '範囲未定' },
  bg_rangeOf: { en: '{0} ({1} spots)', ja: '{0}({1}マス)' },
  bg_rangeOf1: { en: '{0} (1 spot)', ja: '{0}(1マス)' },
  bg_priceWaiting: { en: 'pricing…', ja: '値付け中…' },
  bg_priceEntered: { en: 'price set', ja: '値付け済み' },
  bg_pricePer: { en: '{0}/spot', ja: '1マス{0}' },
  bg_bagsN: { en: '{0} bags', ja: 'バッグ{0}枚' },
  bg_vp: { en: '{0} VP', ja: '{0}点' },
  bg_vpTitle: { en: 'Victory points: show-off {0}, parties {1}, money {2}', ja: '勝利点:散財自慢{0}、パーティー{1}、お金{2}' },
  bg_placeTitle: { en: '{0}: total {1}, place {2} ({3} pts at the next party)', ja: '{0}:合計{1}、{2}位(次のパーティーで{3}点)' },
  bg_totalTitle: { en: '{0}: total {1}', ja: '{0}:合計{1}' },
  // prompts
  bg_promptRange: { en: 'Your turn: tap the two ends of your range, then confirm.', ja: 'あなたの番です。範囲の両端をタップして決定してください。' },
  bg_waitRange: { en: '{0} is choosing a range.', ja: '{0}が範囲を選んでいます。' },
  bg_promptPrice: { en: 'Choose your secret price per spot.', ja: '1マスあたりの値段をこっそり決めてください。' },
  bg_waitPrice: { en: 'Waiting for the secret prices.', ja: '秘密の値付けを待っています。' },
  bg_promptFree: { en: 'Regular customer: take the left or the right neighbour.', ja: 'お得意様:左右どちらの隣を取るか選んでください。' },
  bg_promptUnknown: { en: 'Tied: choose the brand of your unknown bag.', ja: '同点です。ブランド不明のバッグのブランドを選んでください。' },
  bg_waitChoice: { en: '{0} is choosing.', ja: '{0}が選んでいます。' },
  // range controls
  bg_tapEnds: { en: 'Tap the first and the last spot of your range (the same spot twice for one spot).', ja: '範囲の最初と最後のマスをタップ(1マスなら同じマスを2回)。' },
  bg_tapSecond: { en: 'Now tap the other end.', ja: 'もう一方の端をタップしてください。' },
  bg_yourRange: { en: 'Your range', ja: 'あなたの範囲' },
  bg_confirmRange: { en: 'Choose {0}', ja: '{0}に決定' },
  bg_pickRange: { en: 'Tap two spots', ja: '2マスをタップ' },
  bg_notAllowed: { en: 'This range cannot be chosen.', ja: 'この範囲は選べません。' },
  bg_clear: { en: 'Clear', ja: '選び直す' },
  bg_waitNote: { en: 'Waiting for the others.', ja: 'ほかのプレイヤーを待っています。' },
  // price controls
  bg_priceTitle: { en: 'Secret price per spot', ja: '1マスあたりの値段(秘密)' },
  bg_priceFor: { en: 'Your range: {0}', ja: 'あなたの範囲:{0}' },
  bg_costLine: { en: 'Total cost', ja: '支払い合計' },
  bg_leftLine: { en: 'Money left', ja: '残りのお金' },
  bg_haveLine: { en: 'Your money', ja: '所持金' },
  bg_confirmPrice: { en: 'Bid {0} per spot', ja: '1マス{0}で決定' },
  bg_pickPrice: { en: 'Choose a price', ja: '値段を選ぶ' },
  bg_zeroNote: { en: 'At 0 you buy no bags, but still take money in your range.', ja: '0ではバッグを買えませんが、範囲内のお金は取れます。' },
  // choices
  bg_freeTitle: { en: 'Regular customer on {0}', ja: '{0}のお得意様' },
  bg_takeLeft: { en: 'Take the left neighbour', ja: '左隣を取る' },
  bg_takeRight: { en: 'Take the right neighbour', ja: '右隣を取る' },
  bg_unknownTitle: { en: 'Fix an unknown brand', ja: 'ブランド不明を決める' },
  bg_makeBrand: { en: '{0} → {1}', ja: '{0} → {1}' },
  bg_yourTotals: { en: 'Your totals', ja: 'あなたの合計' },
  // reveal
  bg_revealTitle: { en: 'Reveal — round {0}', ja: '公開 — 第{0}ラウンド' },
  bg_lastRound: { en: 'Last round ({0}): prices and purchases', ja: '前のラウンド(第{0})の値段と購入' },
  bg_noReveal: { en: 'Prices are revealed once everyone has chosen.', ja: '全員が値段を決めると公開されます。' },
  bg_processing: { en: 'Processing order: price, then narrower range, then earlier chooser', ja: '処理順:値段 → 範囲の狭さ → 先に選んだ人' },
  bg_step_buy: { en: 'bought, paid {0}', ja: '購入、{0}を置く' },
  bg_step_money: { en: 'took {0}, paid {1}', ja: '{0}を取り、{1}を置く' },
  bg_step_leave: { en: 'price 0: bag left', ja: '値段0:バッグは残る' },
  bg_step_free: { en: 'free', ja: '無料' },
  bg_nextBuyer: { en: 'buying now', ja: '購入中' },
  // side
  bg_majority: { en: 'Brand majorities', ja: 'ブランドの過半数' },
  bg_partyRule: { en: 'Parties after rounds 2 and 5: 1st {0}, 2nd {1}', ja: 'パーティー(第2・第5ラウンド後):1位{0}点、2位{1}点' },
  bg_partyRuleNext: { en: 'Next party (after round {0}): 1st {1}, 2nd {2}', ja: '次のパーティー(第{0}ラウンド後):1位{1}点、2位{2}点' },
  bg_showoffRule: { en: 'Show-off: price ÷ 2 VP (max 4). End: 1 VP per ¥8.', ja: '散財自慢:値段÷2点(最大4)。終了時:8万円ごとに1点。' },
  bg_noneYet: { en: 'No bags yet', ja: 'まだバッグなし' },
  // setup
  bg_openMoney: { en: 'Open money', ja: 'お金を公開' },
  bg_openMoneyHelp: { en: "Everyone sees everyone's money.", ja: '全員の所持金を表示します。' },
  bg_firstStart: { en: 'First start player', ja: '最初のスタートプレーヤー' },
  // end screen
  bg_colBrand: { en: '{0} (parties)', ja: '{0}(パーティー)' },
  bg_colParty: { en: 'Parties', ja: 'パーティー' },
  bg_colShowoff: { en: 'Show-off', ja: '散財自慢' },
  bg_colMoney: { en: 'Money', ja: 'お金' },
  bg_partyN: { en: 'R{0}', ja: '第{0}' },
  bg_moneyPts: { en: '¥{0} → {1}', ja: '{0}万→{1}点' },
  bg_leadBrands: { en: 'Brands led alone: {0}', ja: '単独トップのブランド:{0}' },
  bg_ptsShort: { en: '+{0}', ja: '+{0}' },
});

// ---------------------------------------------------------------- display helpers

const money = (n) => t('bg_money', n);
const brandName = (b) => t(`bg_brand_${b}`);
const letter = (b) => t(`bg_letter_${b}`);

function who(name, seat) {
  return h('b', { class: `who seat-c${seat}`, text: name });
}

function spotName(v, i) {
  const w = v.window[i];
  if (!w) return '';
  if (w.bank) return w.label === 'L' ? t('bg_bankL') : t('bg_bankR');
  return t('bg_spot', w.label);
}

function rangeText(v, r) {
  if (!r) return '';
  const [lo, hi] = r;
  const a = v.window[lo]?.label ?? String(lo);
  const b = v.window[hi]?.label ?? String(hi);
  return lo === hi ? a : `${a}–${b}`;
}

function rangeAction(v, lo, hi) {
  const a = v.window[lo].label;
  const b = v.window[hi].label;
  return lo === hi ? `r${a}` : `r${a}-${b}`;
}

function rangeLabel(v, r) {
  const n = r[1] - r[0] + 1;
  return n === 1 ? t('bg_rangeOf1', rangeText(v, r)) : t('bg_rangeOf', rangeText(v, r), n);
}

/** A bag card from the view's card object, or from a code (history steps give codes only). */
function cardInfo(card) {
  if (!card) return null;
  if (typeof card !== 'string') return card;
  const code = card;
  if (code === 'S') return { code, kind: 'showoff', brand: null, brands: null, value: 0, number: null };
  if (/^F[RBG]$/.test(code)) return { code, kind: 'free', brand: code[1], brands: null, value: 1, number: null };
  const u = /^U([RBG])([RBG])(?:=([RBG]))?$/.exec(code);
  if (u) return { code, kind: 'unknown', brand: u[3] ?? null, brands: [u[1], u[2]], value: 1, number: null };
  return { code, kind: 'bag', brand: code[0], brands: null, value: Number(code.slice(1)), number: Number(code.slice(1)) };
}

function cardLabel(c) {
  switch (c.kind) {
    case 'showoff': return t('bg_card_showoff');
    case 'free': return t('bg_card_free', brandName(c.brand));
    case 'unknown': return c.brand ? t('bg_card_fixed', brandName(c.brand)) : t('bg_card_unknown', brandName(c.brands[0]), brandName(c.brands[1]));
    default: return t('bg_card_bag', brandName(c.brand), c.number);
  }
}

const BAG_BODY = 'M5 20h30l-2.5 30h-25z';
const BAG_HANDLE = 'M13 20v-4a7 7 0 0 1 14 0v4';
const STAR = 'M20 27l2.4 5 5.4.6-4 3.7 1.1 5.4-4.9-2.7-4.9 2.7 1.1-5.4-4-3.7 5.4-.6z';

/** A bag card (40x56 face): brand colour, brand letter in the corner, number or special mark. */
export function bagCard(card, { size = 'md', cls } = {}) {
  const c = cardInfo(card);
  const parts = [svg('rect', { class: 'bg-face-bg', x: 1, y: 1, width: 38, height: 54, rx: 5 })];
  let brandCls = c.brand ? `b-${c.brand}` : 'b-none';
  if (c.kind === 'showoff') {
    brandCls = 'b-showoff';
    parts.push(svg('path', { class: 'bg-bag', d: BAG_BODY }), svg('path', { class: 'bg-handle', d: BAG_HANDLE }),
      svg('text', { class: 'bg-num bg-yen', x: 20, y: 38, 'text-anchor': 'middle' }, '¥'),
      svg('text', { class: 'bg-vptext', x: 20, y: 48, 'text-anchor': 'middle' }, t('bg_vpShort')));
  } else if (c.kind === 'unknown' && !c.brand) {
    brandCls = `b-unknown b-${c.brands[0]}${c.brands[1]}`;
    parts.push(svg('path', { class: `bg-bag bg-half b-${c.brands[0]}`, d: 'M5 20h15v30h-12.5z' }),
      svg('path', { class: `bg-bag bg-half b-${c.brands[1]}`, d: 'M20 20h15l-2.5 30h-12.5z' }),
      svg('path', { class: 'bg-handle', d: BAG_HANDLE }),
      svg('text', { class: 'bg-half-letter', x: 12.5, y: 32, 'text-anchor': 'middle' }, letter(c.brands[0])),
      svg('text', { class: 'bg-half-letter', x: 27.5, y: 32, 'text-anchor': 'middle' }, letter(c.brands[1])),
      svg('text', { class: 'bg-num bg-q', x: 20, y: 47, 'text-anchor': 'middle' }, '?'));
  } else {
    parts.push(svg('path', { class: 'bg-bag', d: BAG_BODY }), svg('path', { class: 'bg-handle', d: BAG_HANDLE }),
      svg('text', { class: 'bg-corner', x: 7, y: 12, 'text-anchor': 'middle' }, letter(c.brand)));
    if (c.kind === 'free') {
      parts.push(svg('path', { class: 'bg-star', d: STAR }), svg('text', { class: 'bg-mini', x: 33, y: 12, 'text-anchor': 'middle' }, '1'));
    } else if (c.kind === 'unknown') {
      parts.push(svg('text', { class: 'bg-num', x: 20, y: 43, 'text-anchor': 'middle' }, '1'),
        svg('text', { class: 'bg-mini', x: 33, y: 12, 'text-anchor': 'middle' }, '?'));
    } else {
      parts.push(svg('text', { class: 'bg-num', x: 20, y: 44, 'text-anchor': 'middle' }, String(c.number)));
    }
  }
  const label = cardLabel(c);
  return h('span', {
    class: ['bg-card', `bg-${size}`, `k-${c.kind}`, brandCls, cls], role: 'img', 'aria-label': label, title: label,
    data: { code: c.code, brand: c.brand ?? '', kind: c.kind },
  }, svg('svg', { class: 'bg-face', viewBox: '0 0 40 56', 'aria-hidden': 'true' }, parts));
}

function brandChip(b, value, extra = {}) {
  return h('span', { class: ['bg-brand', `b-${b}`, extra.cls], role: extra.title ? 'img' : undefined, title: extra.title, 'aria-label': extra.title, testid: extra.testid, data: extra.data },
    h('span', { class: 'bg-brand-mark', text: letter(b) }), value === '' ? null : h('b', { text: String(value) }), extra.after ?? null);
}

function bankMark() {
  return h('span', { class: 'bg-vault', 'aria-hidden': 'true' },
    svg('svg', { class: 'bg-vault-ic', viewBox: '0 0 24 24', fill: 'currentColor' },
      svg('path', { d: 'M12 2 2 7.5V10h20V7.5z M4 11.5h3v7H4z M10.5 11.5h3v7h-3z M17 11.5h3v7h-3z M2 20h20v2.5H2z' })));
}

function coin(n, cls = '') {
  return h('span', { class: ['bg-coin', cls], title: t('bg_moneyTitle', n), text: money(n) });
}

function placeOf(v, b, s) {
  return (v.majority?.[b] || []).find((m) => m.seat === s) ?? null;
}

// ---------------------------------------------------------------- status and prompt

export function statusChips(snap) {
  const v = snap.view;
  if (snap.over) return [];
  const chips = [
    h('span', { class: 'chip chip-round', testid: 'round' }, t('roundOf', v.round, v.rounds)),
    h('span', { class: 'chip bg-chip-phase', testid: 'phase' }, t(`bg_phase_${v.phase}`)),
  ];
  return chips;
}

export function prompt(snap, ctx) {
  const v = snap.view;
  const mine = ctx.canAct && ctx.legal.size;
  switch (v.phase) {
    case 'range':
      if (mine) return t('bg_promptRange');
      return v.chooser === null || v.chooser === undefined ? '' : tn('bg_waitRange', who(ctx.names[v.chooser], v.chooser));
    case 'price':
      return mine ? t('bg_promptPrice') : t('bg_waitPrice');
    case 'buy': {
      const p = v.pending;
      if (!p) return '';
      if (mine) return p.kind === 'free' ? t('bg_promptFree') : t('bg_promptUnknown');
      return tn('bg_waitChoice', who(ctx.names[p.seat], p.seat));
    }
    default: return '';
  }
}

// ---------------------------------------------------------------- the shop window

function windowZone(snap, ctx, sel) {
  const v = snap.view;
  const n = v.window.length;
  const picking = v.phase === 'range' && ctx.canAct && [...ctx.legal].some((a) => a.startsWith('r'));
  const grid = h('div', { class: 'bg-grid', testid: 'window', data: { spots: n } });
  grid.style.setProperty('--spots', String(n));
  grid.append(h('div', { class: 'bg-lane-head bg-corner-cell', text: '' }));
  const cells = v.window.map((w, i) => {
    // named by its content: the spot's full name for screen readers, then the card and money
    const content = [h('span', { class: 'bg-spot-label', 'aria-hidden': 'true', text: w.bank ? `${t('bg_bank')} ${w.label}` : w.label }),
      h('span', { class: 'sr-only', text: spotName(v, i) })];
    if (w.bank) content.push(bankMark());
    else if (w.bag) content.push(bagCard(w.bag, { size: 'md' }));
    else content.push(h('span', { class: 'bg-slot', 'aria-hidden': 'true' }));
    content.push(w.money ? coin(w.money, 'bg-spot-money') : h('span', { class: 'bg-coin is-none', text: '' }));
    const isCursor = v.cursor === i && v.buyer !== null && v.buyer !== undefined;
    const props = {
      class: ['bg-spot', w.bank ? 'is-bank' : null, isCursor ? 'is-cursor' : null, v.pending?.spot === i ? 'is-pending' : null],
      testid: `spot-${w.label}`, data: { index: i, label: w.label, money: w.money, bag: w.bag?.code ?? '' },
    };
    let el;
    if (picking) {
      el = button(content, { ...props, class: [...props.class, 'is-pickable'] });
      el.addEventListener('click', () => sel.tap(i));
    } else el = h('div', props, content);
    grid.append(el);
    return el;
  });
  // one lane per seat: its range as a coloured bracket
  for (let s = 0; s < snap.players; s += 1) {
    const sv = v.seats[s];
    const price = sv.price !== null && sv.price !== undefined && (v.revealed || s === ctx.viewer) ? money(sv.price) : '';
    const order = v.revealed ? v.processing.indexOf(s) : -1;
    const laneHead = h('div', { class: ['bg-lane-head', `seat-c${s}`], title: ctx.names[s] },
      h('span', { class: 'bg-lane-name', text: ctx.names[s] }));
    laneHead.style.gridColumn = '1';
    laneHead.style.gridRow = String(s + 2);
    grid.append(laneHead);
    if (sv.range) {
      const bar = h('div', {
        class: ['bg-bar', `seat-c${s}`, v.buyer === s ? 'is-buying' : null], testid: `range-${s}`,
        data: { lo: sv.range[0], hi: sv.range[1], text: sv.range_text }, title: `${ctx.names[s]}: ${rangeLabel(v, sv.range)}`,
      }, srOnly(`${ctx.names[s]}: ${rangeLabel(v, sv.range)}`),
      h('span', { class: 'bg-bar-text', text: [order >= 0 ? t('bg_order', order + 1) : '', price].filter(Boolean).join(' · ') }));
      bar.style.gridColumn = `${sv.range[0] + 2} / ${sv.range[1] + 3}`;
      bar.style.gridRow = String(s + 2);
      grid.append(bar);
    } else {
      const none = h('div', { class: ['bg-bar-none', ctx.viewer === s && picking ? 'is-me' : null], testid: `range-${s}`, data: { lo: '', hi: '' } });
      none.style.gridColumn = `2 / ${n + 2}`;
      none.style.gridRow = String(s + 2);
      grid.append(none);
    }
  }
  if (picking) {
    const preview = h('div', { class: ['bg-bar', 'bg-preview', `seat-c${ctx.viewer}`], testid: 'range-preview' });
    preview.style.gridRow = String(ctx.viewer + 2);
    grid.append(preview);
    sel.bind(cells, preview);
  }
  const head = h('div', { class: 'bg-window-head' },
    h('h2', { class: 'bg-title', text: t('bg_window') }),
    h('span', { class: 'bg-sub', testid: 'piles-left', text: t('bg_pilesLeft', (v.piles_left || []).length) }),
    (v.removed || []).length ? h('span', { class: 'bg-sub', text: t('bg_removed', v.removed.length) }) : null,
    v.round === 2 || v.round === 5 ? h('span', { class: 'bg-party-flag', testid: 'party-flag', text: t('bg_party') }) : null);
  return h('section', { class: 'bg-window' }, head, grid);
}

// ---------------------------------------------------------------- seats

function seatPanel(snap, ctx, s) {
  const v = snap.view;
  const sv = v.seats[s];
  const active = snap.to_move.includes(s) || ctx.thinking === s;
  const badges = [];
  if (ctx.viewer === s) badges.push(h('span', { class: 'badge badge-you', text: t('you') }));
  if (v.start === s) badges.push(h('span', { class: 'badge bg-badge-start', testid: `start-${s}`, title: t('bg_startTitle'), text: t('bg_start') }));
  if (v.phase === 'range' && v.chooser === s) badges.push(h('span', { class: 'badge bg-badge-choosing', text: t('bg_choosing') }));
  const order = v.revealed ? v.processing.indexOf(s) : -1;
  if (order >= 0) badges.push(h('span', { class: 'badge bg-badge-order', title: t('bg_orderTitle', order + 1), text: t('bg_order', order + 1) }));

  let priceBit = null;
  if (sv.price !== null && sv.price !== undefined) priceBit = h('span', { class: 'bg-price', testid: `price-${s}`, text: t('bg_pricePer', money(sv.price)) });
  else if (sv.price_status === 'entered') priceBit = h('span', { class: 'bg-price is-entered', testid: `price-${s}` }, icon('check', 'bg-ic'), t('bg_priceEntered'));
  else if (sv.price_status === 'waiting') priceBit = h('span', { class: 'bg-price is-waiting', testid: `price-${s}`, text: t('bg_priceWaiting') });

  const moneyKnown = sv.money !== null && sv.money !== undefined;
  const moneyEl = moneyKnown
    ? h('span', { class: 'bg-money', testid: `money-${s}`, data: { money: sv.money }, title: t('bg_moneyTitle', sv.money), text: money(sv.money) })
    : h('span', { class: 'bg-money is-hidden', testid: `money-${s}`, data: { money: '' }, title: t('bg_moneyHiddenTitle'), text: t('bg_moneyHidden') });

  const brands = BRANDS.map((b) => {
    const p = placeOf(v, b, s);
    const total = sv.brands?.[b] ?? 0;
    const title = p ? t('bg_placeTitle', brandName(b), total, p.place, p.points) : t('bg_totalTitle', brandName(b), total);
    return brandChip(b, total, {
      cls: p ? `is-place${p.place}` : null, title, testid: `brand-${s}-${b}`, data: { total, place: p?.place ?? '' },
      after: p ? h('small', { class: 'bg-place', text: `${p.place}` }) : null,
    });
  });
  const vp = sv.vp || { total: 0, showoff: 0, parties: [], money: 0 };
  const partySum = (vp.parties || []).reduce((a, x) => a + x, 0);
  const kind = snap.seats[s].kind === 'bot' ? `${t('bot')} · ${levelName(snap.seats[s].level)}` : t('human');
  return h('article', {
    class: ['bg-seat', `seat-c${s}`, active ? 'is-active' : null, ctx.viewer === s ? 'is-viewer' : null],
    testid: `seat-${s}`, data: { seat: s },
  },
  h('header', { class: 'bg-seat-head' },
    h('h3', { class: 'bg-seat-name', testid: `seat-name-${s}`, text: ctx.names[s], title: `${ctx.names[s]} (${kind})` }),
    h('span', { class: 'bg-vp', testid: `vp-${s}`, data: { vp: vp.total }, title: t('bg_vpTitle', vp.showoff, partySum, vp.money) }, t('bg_vp', vp.total))),
  h('div', { class: 'bg-seat-line' }, h('div', { class: 'badges bg-badges' }, badges), moneyEl),
  h('div', { class: 'bg-seat-line' },
    h('span', { class: 'bg-range-text', testid: `range-text-${s}`, text: sv.range ? rangeLabel(v, sv.range) : t('bg_noRange') }),
    priceBit),
  h('div', { class: 'bg-seat-line' }, h('span', { class: 'bg-brands' }, brands)),
  h('div', { class: 'bg-seat-bags', testid: `bags-${s}`, data: { count: (sv.bags || []).length } },
    (sv.bags || []).length
      ? sv.bags.map((c) => bagCard(c, { size: 'xs' }))
      : h('span', { class: 'bg-sub', text: t('bg_noneYet') })));
}

// ---------------------------------------------------------------- the reveal (this round or the last)

function revealData(v) {
  if (v.revealed) {
    return {
      current: true, round: v.round, ranges: v.seats.map((s) => s.range), prices: v.seats.map((s) => s.price),
      processing: v.processing, steps: v.steps,
    };
  }
  const last = (v.history || [])[v.history.length - 1];
  if (!last || v.phase === 'over') return null;
  return { current: false, round: last.round, ranges: last.ranges, prices: last.prices, processing: last.processing, steps: last.steps };
}

function stepChip(v, st) {
  const body = [];
  if (st.bag) body.push(bagCard(st.bag, { size: 'xs' }));
  else if (st.took) body.push(h('span', { class: 'bg-took', text: `+${money(st.took)}` }));
  else body.push(h('span', { class: 'bg-took is-none', text: '·' }));
  let title = spotName(v, st.spot);
  if (st.via === 'buy') title += `: ${t('bg_step_buy', money(st.paid))}`;
  else if (st.via === 'money') title += `: ${t('bg_step_money', money(st.took), money(st.paid))}`;
  else if (st.via === 'leave') title += `: ${t('bg_step_leave')}`;
  else if (st.via === 'free') title += `: ${t('bg_step_free')}`;
  const label = st.bag ? `${title} (${cardLabel(cardInfo(st.bag))})` : title;
  return h('span', { class: ['bg-step', `via-${st.via}`], role: 'img', title, 'aria-label': label, data: { spot: st.spot, via: st.via } },
    h('span', { class: 'bg-step-spot', text: v.window[st.spot]?.label ?? '' }),
    body,
    h('span', { class: 'bg-step-paid', text: st.via === 'free' ? '★' : st.via === 'leave' ? '—' : money(st.paid) }));
}

function revealZone(snap, ctx) {
  const v = snap.view;
  const r = revealData(v);
  if (!r) {
    return h('section', { class: 'bg-reveal is-empty', testid: 'reveal' },
      h('p', { class: 'bg-note', text: t('bg_noReveal') }));
  }
  const rows = r.processing.map((s, k) => {
    const steps = r.steps.filter((st) => st.seat === s);
    const buying = r.current && v.buyer === s;
    return h('li', { class: ['bg-rev-row', `seat-c${s}`, buying ? 'is-buying' : null], testid: `reveal-row-${s}`, data: { seat: s, order: k + 1 } },
      h('span', { class: 'bg-rev-order', text: String(k + 1) }),
      h('span', { class: 'bg-rev-who' },
        h('b', { class: 'who', text: ctx.names[s] }),
        h('small', { text: `${money(r.prices[s] ?? 0)} × ${rangeText(v, r.ranges[s])}` })),
      h('span', { class: 'bg-rev-steps' }, steps.map((st) => stepChip(v, st)),
        buying ? h('span', { class: 'bg-rev-now', text: t('bg_nextBuyer') }) : null));
  });
  return h('section', { class: ['bg-reveal', r.current ? 'is-current' : 'is-last'], testid: 'reveal', data: { round: r.round, current: r.current ? 'yes' : 'no' } },
    h('h3', { class: 'bg-title', text: r.current ? t('bg_revealTitle', r.round) : t('bg_lastRound', r.round) }),
    h('p', { class: 'bg-sub bg-rule', text: t('bg_processing') }),
    h('ol', { class: 'bg-rev-list' }, rows));
}

// ---------------------------------------------------------------- controls

function makeSelection(snap, ctx) {
  const v = snap.view;
  let a = null;
  let b = null;
  let cells = [];
  let preview = null;
  const text = h('span', { class: 'bg-sel-text', testid: 'range-selection' });
  const hint = h('p', { class: 'bg-note', text: t('bg_tapEnds') });
  const confirm = button(t('bg_pickRange'), { class: 'btn btn-primary btn-lg bg-confirm', testid: 'confirm-range', disabled: true });
  const clearBtn = button(t('bg_clear'), { class: 'btn bg-clear', testid: 'clear-range', disabled: true });
  function current() {
    if (a === null) return null;
    const e = b === null ? a : b;
    return [Math.min(a, e), Math.max(a, e)];
  }
  function action() {
    const r = current();
    return r ? rangeAction(v, r[0], r[1]) : null;
  }
  function refresh() {
    const r = current();
    cells.forEach((c, i) => {
      const on = r && i >= r[0] && i <= r[1];
      c.classList.toggle('is-preview', !!on);
      c.classList.toggle('is-anchor', i === a && b === null);
      c.setAttribute('aria-pressed', on ? 'true' : 'false');
    });
    if (preview) {
      preview.hidden = !r;
      if (r) preview.style.gridColumn = `${r[0] + 2} / ${r[1] + 3}`;
    }
    const act = action();
    const ok = act !== null && ctx.legal.has(act);
    text.textContent = r ? rangeLabel(v, r) : '–';
    hint.textContent = a !== null && b === null ? t('bg_tapSecond') : t('bg_tapEnds');
    confirm.disabled = !ok || b === null && a === null;
    confirm.dataset.action = act ?? '';
    confirm.textContent = ok ? t('bg_confirmRange', rangeText(v, r)) : r ? t('bg_notAllowed') : t('bg_pickRange');
    clearBtn.disabled = a === null;
  }
  return {
    tap(i) {
      if (a === null || b !== null) { a = i; b = null; } else b = i;
      refresh();
    },
    bind(c, p) { cells = c; preview = p; refresh(); },
    panel() {
      // listened to only when shown: a drawing without listeners is patched in (ui/patch.js)
      confirm.addEventListener('click', () => {
        const act = action();
        if (act && ctx.legal.has(act)) ctx.act(act);
      });
      clearBtn.addEventListener('click', () => { a = null; b = null; refresh(); });
      return h('div', { class: 'bg-controls bg-range-controls', testid: 'controls' },
        h('h3', { class: 'bg-title', text: t('bg_yourRange') }),
        h('div', { class: 'bg-sel' }, text),
        hint,
        h('div', { class: 'bg-actions' }, clearBtn, confirm));
    },
  };
}

function priceControls(snap, ctx) {
  const v = snap.view;
  const me = v.seats[ctx.viewer];
  const options = [...ctx.legal].filter((a) => /^p\d+$/.test(a)).sort((x, y) => Number(x.slice(1)) - Number(y.slice(1)));
  let chosen = null;
  const size = me.range_size || 0;
  const have = me.money ?? 0;
  const cost = h('b', { class: 'bg-sum-val', testid: 'price-cost', text: '–' });
  const left = h('b', { class: 'bg-sum-val', testid: 'price-left', text: '–' });
  const per = h('b', { class: 'bg-sum-val bg-per', testid: 'price-per', text: '–' });
  const confirm = button(t('bg_pickPrice'), { class: 'btn btn-primary btn-lg bg-confirm', testid: 'confirm-price', disabled: true });
  const buttons = options.map((a) => {
    const p = Number(a.slice(1));
    const b = button(money(p), { class: 'btn bg-price-btn', testid: `price-${a}`, data: { action: a }, 'aria-pressed': 'false' });
    b.addEventListener('click', () => { chosen = a; refresh(); });
    return b;
  });
  function refresh() {
    buttons.forEach((b) => {
      const on = b.dataset.action === chosen;
      b.classList.toggle('is-selected', on);
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
    });
    const ok = chosen !== null && ctx.legal.has(chosen);
    const p = chosen ? Number(chosen.slice(1)) : null;
    per.textContent = p === null ? '–' : money(p);
    cost.textContent = p === null ? '–' : `${money(p)} × ${size} = ${money(p * size)}`;
    left.textContent = p === null ? '–' : money(have - p * size);
    confirm.disabled = !ok;
    confirm.dataset.action = chosen ?? '';
    confirm.textContent = ok ? t('bg_confirmPrice', money(p)) : t('bg_pickPrice');
  }
  confirm.addEventListener('click', () => { if (chosen && ctx.legal.has(chosen)) ctx.act(chosen); });
  refresh();
  return h('div', { class: 'bg-controls bg-price-controls', testid: 'controls' },
    h('h3', { class: 'bg-title', text: t('bg_priceTitle') }),
    h('p', { class: 'bg-sub', text: t('bg_priceFor', me.range ? rangeLabel(v, me.range) : '–') }),
    h('div', { class: 'bg-price-grid', testid: 'price-options' }, buttons),
    h('dl', { class: 'bg-sum' },
      h('div', {}, h('dt', { text: t('bg_haveLine') }), h('dd', {}, h('b', { class: 'bg-sum-val', text: money(have) }))),
      h('div', {}, h('dt', { text: t('bg_costLine') }), h('dd', {}, cost)),
      h('div', {}, h('dt', { text: t('bg_leftLine') }), h('dd', {}, left))),
    h('p', { class: 'bg-note bg-small', text: t('bg_zeroNote') }),
    h('div', { class: 'bg-actions' }, confirm));
}

function spotContent(v, i) {
  const w = v.window[i];
  if (!w) return h('span', { class: 'bg-sub', text: '–' });
  if (w.bag) return bagCard(w.bag, { size: 'sm' });
  if (w.money) return coin(w.money);
  return h('span', { class: 'bg-sub', text: t('bg_empty') });
}

function choiceControls(snap, ctx) {
  const v = snap.view;
  const p = v.pending;
  if (p.kind === 'free') {
    const opts = [['fL', 'bg_takeLeft', p.sides?.[0]], ['fR', 'bg_takeRight', p.sides?.[1]]].map(([a, key, spot]) => {
      const ok = ctx.legal.has(a);
      const b = button([h('span', { class: 'bg-choice-text' }, h('b', { text: t(key) }), h('small', { text: spot === null || spot === undefined ? '' : spotName(v, spot) })),
        spot === null || spot === undefined ? null : spotContent(v, spot)], { class: 'btn bg-choice', testid: `choice-${a}`, data: { action: a }, disabled: !ok });
      if (ok) b.addEventListener('click', () => ctx.act(a));
      return b;
    });
    return h('div', { class: 'bg-controls bg-choice-controls', testid: 'controls' },
      h('h3', { class: 'bg-title', text: t('bg_freeTitle', spotName(v, p.spot)) }),
      h('div', { class: 'bg-choices' }, opts));
  }
  const opts = [...ctx.legal].filter((a) => a.startsWith('u')).map((a) => {
    const m = /^u([RBG]{2})=([RBG])$/.exec(a);
    const code = m ? `U${m[1]}` : a;
    const to = m ? m[2] : '';
    const b = button([bagCard(code, { size: 'sm' }), h('span', { class: 'bg-choice-text' }, h('b', { text: to ? t('bg_makeBrand', t('bg_card_unknown', brandName(m[1][0]), brandName(m[1][1])), brandName(to)) : a })),
      to ? bagCard(`${code}=${to}`, { size: 'sm' }) : null], { class: 'btn bg-choice', testid: `choice-${a}`, data: { action: a } });
    b.addEventListener('click', () => ctx.act(a));
    return b;
  });
  const totals = p.totals || {};
  return h('div', { class: 'bg-controls bg-choice-controls', testid: 'controls' },
    h('h3', { class: 'bg-title', text: t('bg_unknownTitle') }),
    h('div', { class: 'bg-brands' }, h('span', { class: 'bg-sub', text: t('bg_yourTotals') }), BRANDS.map((b) => brandChip(b, totals[b] ?? 0, { title: t('bg_totalTitle', brandName(b), totals[b] ?? 0) }))),
    h('div', { class: 'bg-choices' }, opts));
}

function actionZone(snap, ctx, sel) {
  const v = snap.view;
  const canAct = ctx.canAct && ctx.legal.size > 0 && ctx.viewer !== null && ctx.viewer !== undefined;
  let controls = null;
  if (canAct && v.phase === 'range') controls = sel.panel();
  else if (canAct && v.phase === 'price') controls = priceControls(snap, ctx);
  else if (canAct && v.phase === 'buy' && v.pending) controls = choiceControls(snap, ctx);
  const reveal = v.phase === 'price' && canAct ? null : revealZone(snap, ctx);
  return h('div', { class: ['bg-action', controls ? 'has-controls' : null], testid: 'action-zone' },
    controls, reveal,
    !controls && !reveal ? h('p', { class: 'bg-note', text: t('bg_waitNote') }) : null);
}

export function table(snap, ctx) {
  const sel = makeSelection(snap, ctx);
  const seats = [];
  for (let s = 0; s < snap.players; s += 1) seats.push(seatPanel(snap, ctx, s));
  const win = windowZone(snap, ctx, sel);
  return h('div', { class: ['bg', `bg-p${snap.players}`], testid: 'baggai' },
    win,
    h('div', { class: 'bg-seats', testid: 'seats' }, seats),
    actionZone(snap, ctx, sel));
}

// ---------------------------------------------------------------- side: majorities and scoring help

export function side(snap, ctx) {
  const v = snap.view;
  const nextParty = v.round <= 2 ? [2, 2, 1] : [5, 6, 3];
  const rows = BRANDS.map((b) => {
    const list = (v.majority?.[b] || []).filter((m) => m.place);
    return h('div', { class: 'bg-maj-row', testid: `majority-${b}` },
      brandChip(b, '', { cls: 'bg-maj-brand', title: brandName(b) }),
      list.length
        ? list.map((m) => h('span', { class: ['bg-maj-seat', `seat-c${m.seat}`, `is-place${m.place}`], title: t('bg_placeTitle', brandName(b), m.total, m.place, m.points) },
          h('span', { class: 'bg-maj-place', text: String(m.place) }),
          h('span', { class: 'who', text: ctx.names[m.seat] }),
          h('small', { text: `${m.total} · ${t('bg_ptsShort', m.points)}` })))
        : h('span', { class: 'bg-sub', text: '–' }));
  });
  return [h('section', { class: 'side-panel bg-side', testid: 'majority' },
    h('h2', { class: 'side-title', text: t('bg_majority') }),
    !snap.over ? h('p', { class: 'bg-help', text: t('bg_partyRuleNext', ...nextParty) }) : null,
    h('div', { class: 'bg-maj' }, rows),
    h('p', { class: 'bg-help', text: t('bg_showoffRule') }))];
}

// ---------------------------------------------------------------- end of game

export function result(snap, ctx) {
  const res = snap.result;
  const v = snap.view;
  const winners = new Set(res.winners);
  const parties = v.parties || [];
  const head = h('tr', {},
    h('th', { scope: 'col', class: 'col-name', text: t('name') }),
    BRANDS.map((b) => h('th', { scope: 'col', class: 'bg-col-brand' }, brandChip(b, '', { title: brandName(b) }),
      h('small', { class: 'bg-th-sub', text: parties.map((p) => t('bg_partyN', p.round)).join(' / ') }))),
    h('th', { scope: 'col', text: t('bg_colParty') }),
    h('th', { scope: 'col', text: t('bg_colShowoff') }),
    h('th', { scope: 'col', text: t('bg_colMoney') }),
    h('th', { scope: 'col', class: 'col-total', text: t('total') }));
  const rows = res.breakdown.map((b, s) => h('tr', {
    class: winners.has(s) ? 'is-winner' : null, testid: `result-row-${s}`, data: { seat: s, winner: winners.has(s) ? 'yes' : 'no' },
  },
  h('th', { scope: 'row', class: ['col-name', `seat-c${s}`] }, winners.has(s) ? icon('crown', 'crown-mini') : null, h('span', { class: 'who', text: ctx.names[s] })),
  BRANDS.map((br) => h('td', { class: 'bg-col-brand', testid: `brand-total-${s}-${br}`, data: { value: b.brands?.[br] ?? 0 } },
    h('b', { class: 'cell-count', text: String(b.brands?.[br] ?? 0) }),
    h('small', { class: 'cell-points', text: parties.map((p) => t('bg_ptsShort', p.brands?.[br]?.points?.[s] ?? 0)).join(' / ') }))),
  h('td', { testid: `parties-${s}`, data: { value: (b.parties || []).reduce((a, x) => a + x, 0) } },
    h('b', { class: 'cell-count', text: String((b.parties || []).reduce((a, x) => a + x, 0)) }),
    h('small', { class: 'cell-points', text: (b.parties || []).join(' + ') })),
  h('td', { testid: `showoff-${s}`, data: { value: b.showoff } }, h('b', { text: String(b.showoff) })),
  h('td', { testid: `money-points-${s}`, data: { value: b.money_points } },
    h('b', { class: 'cell-count', text: String(b.money_points) }),
    h('small', { class: 'cell-points', text: t('bg_moneyPts', b.money, b.money_points) })),
  h('td', { class: 'col-total', testid: `final-score-${s}`, data: { score: b.total } }, String(b.total))));
  return h('div', { class: 'result-wrap bg-result-wrap' },
    h('table', { class: 'result bg-result', testid: 'result' }, h('thead', {}, head), h('tbody', {}, rows)));
}

// ---------------------------------------------------------------- setup: open money, first start player

export function setupOptions(state, names) {
  const open = !!state.options.open_money;
  state.options.open_money = open;
  const input = h('input', { type: 'checkbox', class: 'switch-input', testid: 'opt-open-money', id: 'bg-open-money', checked: open, data: { option: 'open_money' } });
  input.addEventListener('change', () => { state.options.open_money = input.checked; });
  const sw = h('label', { class: 'switch', for: 'bg-open-money' }, input,
    h('span', { class: 'switch-track', 'aria-hidden': 'true' }, h('span', { class: 'switch-thumb' })),
    h('span', { class: 'switch-text' },
      h('span', { class: 'switch-label', text: t('bg_openMoney') }),
      h('span', { class: 'switch-help', text: t('bg_openMoneyHelp') })));
  return h('div', { class: 'bg-setup' },
    h('div', { class: 'field' }, sw),
    startPlayerField(state, names, { id: 'bg-opt-start', label: t('bg_firstStart') }));
}

export default { statusChips, prompt, table, side, result, setupOptions };
