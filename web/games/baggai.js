// BAG-GAI (バッグ買い): draws a seat's view and the moves the engine offers (docs/table-layer.md).
// No rule is decided here and no notation is read or written. A range is the engine's choice
// `range`: each tapped end is sent to `ctx.compose`, whose answer gives the range to preview
// (`info.lo`, `info.hi`) and the actions a confirmation plays. Prices, a free card's side and an
// unknown brand are moves of `ctx.moves` drawn from their fields (price, cost, money left...).
// Card codes are looked up in the view's `cards` legend; rule figures come from the view.
// Range bars are placed by CSS custom properties (--c0, --c1, --row) read by baggai.css.

import { h, svg, button, loadStyle, srOnly } from '../ui/dom.js';
import { icon } from '../ui/card.js';
import { t, tn, tp, tx, levelName, STRINGS } from '../i18n.js';
import { startPlayerField } from '../ui/options.js';
import { seatExplain } from '../ui/explain.js';

loadStyle(new URL('./baggai.css', import.meta.url).href);

Object.assign(STRINGS, {
  // taps: what a tap on a mark says (ui/explain.js)
  bg_laneExplain: { en: "{0}'s row: the range of spots {0} buys this round.", ja: '{0}の列：このラウンドに{0}が買う範囲のマス。' },
  bg_actionZone: { en: 'Your move and the prices', ja: '操作と値段' },
  bg_brand_R: { en: 'Red', ja: '赤' },
  bg_brand_B: { en: 'Blue', ja: '青' },
  bg_brand_G: { en: 'Green', ja: '緑' },
  bg_letter_R: { en: 'R', ja: '赤' },
  bg_letter_B: { en: 'B', ja: '青' },
  bg_letter_G: { en: 'G', ja: '緑' },
  bg_money: { en: '¥{0}', ja: '{0}万' },
  bg_moneyHidden: { en: '¥?', ja: '?万' },
  bg_moneyHiddenTitle: { en: 'Money is private (open money is off)', ja: '所持金は非公開です（公開設定オフ）' },
  bg_moneyTitle: { en: 'Money: {0} (×10,000 yen)', ja: '所持金：{0}万円' },
  bg_bank: { en: 'Bank', ja: '銀行' },
  bg_bankL: { en: 'Bank L', ja: '左の銀行' },
  bg_bankR: { en: 'Bank R', ja: '右の銀行' },
  bg_bankExplain: { en: '{0}: at the end of each round the money left on spots 1-4 goes to Bank L, the rest to Bank R. A range may include a bank: its shopper takes all the money there and leaves his price.', ja: '{0}：各ラウンドの終わりに、1〜4番のマスに残ったお金は左の銀行へ、残りは右の銀行へ移ります。範囲に銀行を含めることもでき、そこで買う人はお金を全部取り、自分の値段を置きます。' },
  bg_pilesExplain: { en: 'The face-down piles of bags still to come: one is laid out at the start of each later round. {0} left, so {0} more rounds after this one.', ja: 'まだ伏せてあるバッグの山。以後のラウンドの始めに1つずつ並べます。残り{0}つ、つまりこのあと{0}ラウンドあります。' },
  bg_phaseExplain_range: { en: 'Choosing ranges: in turn from the start player, each player picks one unbroken stretch of spots (banks included); everyone sees them.', ja: '範囲選び：スタートプレイヤーから順に、各自が連続したマス（銀行も含む）を1つ選びます。選んだ範囲は全員に見えます。' },
  bg_phaseExplain_price: { en: 'Secret prices: everyone at once chooses a price per spot; price × spots must fit your money. Then the prices are shown.', ja: '秘密の値付け：全員が同時に1マスあたりの値段を決めます。値段×マス数は所持金以内。そのあと値段を公開します。' },
  bg_phaseExplain_buy: { en: 'Buying: from the highest price down (equal prices: the shorter range, then who picked first), each shopper walks his range left to right, takes bags and money, and leaves his price on each spot.', ja: '購入：値段の高い人から（同じならマス数の少ない人、次に先に選んだ人）、範囲を左から右へ進み、バッグやお金を取って各マスに自分の値段を置きます。' },
  bg_side_L: { en: 'L', ja: '左' },
  bg_side_R: { en: 'R', ja: '右' },
  bg_spot: { en: 'Spot {0}', ja: '{0}番' },
  bg_empty: { en: 'empty', ja: '空き' },
  bg_window: { en: 'Shop window', ja: 'ショーウィンドウ' },
  bg_pilesLeft: { en: 'Piles left: {0}', ja: '残りの山：{0}' },
  bg_removed: { en: 'Out of the game: {0}', ja: '除外：{0}枚' },
  bg_party: { en: 'Party after this round', ja: 'このラウンド後にパーティー' },
  bg_phase_range: { en: 'Choose ranges', ja: '範囲選び' },
  bg_phase_price: { en: 'Secret prices', ja: '秘密の値付け' },
  bg_phase_buy: { en: 'Buying', ja: '購入' },
  // cards
  bg_card_bag: { en: '{0} bag, {1}', ja: '{0}のバッグ {1}' },
  bg_card_free: { en: '{0} regular customer (worth {1}; its taker also takes, free, everything on one spot next to it)', ja: '{0}のお得意様（{1}点分。取った人は隣のマス1つの物も無料で取ります）' },
  bg_card_showoff: { en: 'Show-off spending', ja: '散財自慢' },
  bg_card_unknown: { en: 'Unknown brand: {0} or {1}', ja: 'ブランド不明：{0}か{1}' },
  bg_card_fixed: { en: 'Unknown brand, now {0} (worth {1})', ja: 'ブランド不明、{0}に決定（{1}点分）' },
  bg_vpShort: { en: 'VP', ja: '点' },
  // seats
  bg_start: { en: 'Start', ja: 'スタート' },
  bg_startTitle: { en: 'Start player of this round', ja: 'このラウンドのスタートプレイヤー' },
  bg_choosing: { en: 'Choosing', ja: '選択中' },
  bg_order: { en: '#{0}', ja: '{0}番目' },
  bg_orderTitle: { en: 'Processing order: {0}', ja: '処理順：{0}番目' },
  bg_noRange: { en: 'No range yet', ja: '範囲未定' },
  bg_rangeOf: { en: { one: '{1} ({0} spot)', other: '{1} ({0} spots)' }, ja: '{1}（{0}マス）' },
  bg_priceWaiting: { en: 'pricing…', ja: '値付け中…' },
  bg_priceEntered: { en: 'price set', ja: '値付け済み' },
  bg_pricePer: { en: '{0}/spot', ja: '1マス{0}' },
  bg_bagsN: { en: { one: '{0} bag', other: '{0} bags' }, ja: 'バッグ{0}枚' },
  bg_vp: { en: '{0} VP', ja: '{0}点' },
  bg_vpTitle: { en: 'Victory points: Show-off spending {0}, parties {1}, money {2}', ja: '勝利点：散財自慢{0}、パーティー{1}、お金{2}' },
  bg_placeTitle: { en: '{0}: bag numbers add up to {1}, place {2} ({3} VP at the next party)', ja: '{0}：バッグの数字の合計{1}、{2}位（次のパーティーで{3}点）' },
  bg_totalTitle: { en: '{0}: bag numbers add up to {1}', ja: '{0}：バッグの数字の合計{1}' },
  // prompts
  bg_promptRange: { en: 'Your turn: tap the two ends of your range, then confirm.', ja: 'あなたの番。範囲の両端をタップして決定。' },
  bg_waitRange: { en: '{0} is choosing a range.', ja: '{0}が範囲を選んでいます。' },
  bg_promptPrice: { en: 'Choose your secret price per spot.', ja: '1マスあたりの値段をこっそり決めてください。' },
  bg_waitPrice: { en: 'Waiting for the secret prices.', ja: '秘密の値付けを待っています。' },
  bg_promptFree: { en: 'Regular customer: take the left or the right neighbour.', ja: 'お得意様：左右どちらの隣を取るか選んでください。' },
  bg_promptUnknown: { en: 'An unknown-brand bag joins the brand in which your bags add up to less; yours add up the same in both, so you choose.', ja: 'ブランド不明のバッグは、あなたのバッグの数字の合計が少ないほうのブランドになります。今は両方の合計が同じなので、あなたが選んでください。' },
  bg_waitChoice: { en: '{0} is choosing.', ja: '{0}が選んでいます。' },
  bg_nextFree: { en: 'Next: your Regular customer takes a neighbouring spot.', ja: '次は、あなたのお得意様が隣のマスを取ります。' },
  bg_nextUnknown: { en: 'Next: you choose the brand of your unknown bag.', ja: '次は、あなたがブランド不明のバッグのブランドを選びます。' },
  bg_waitPriceForced: { en: 'You can only offer ¥0 this round. Waiting for the secret prices.', ja: 'このラウンドは0しか握れません。秘密の値付けを待っています。' },
  // range controls
  bg_tapEnds: { en: 'Tap the first and the last spot of your range (one tap for a single spot).', ja: '範囲の最初と最後のマスをタップ（1マスならそのマスだけ）。' },
  bg_tapAgain: { en: 'Tap a second spot, or choose this one spot.', ja: 'もう1マスをタップするか、この1マスで決定します。' },
  bg_yourRange: { en: 'Your range', ja: 'あなたの範囲' },
  bg_confirmRange: { en: 'Choose {0}', ja: '{0}に決定' },
  bg_pickRange: { en: 'Tap two spots', ja: '2マスをタップ' },
  bg_notAllowed: { en: 'This range cannot be chosen.', ja: 'この範囲は選べません。' },
  bg_clear: { en: 'Clear', ja: '選び直す' },
  bg_waitNote: { en: 'Waiting for the others.', ja: 'ほかのプレイヤーを待っています。' },
  // price controls
  bg_priceTitle: { en: 'Secret price per spot', ja: '1マスあたりの値段（秘密）' },
  bg_priceFor: { en: 'Your range: {0}', ja: 'あなたの範囲：{0}' },
  bg_costLine: { en: 'Total cost', ja: '支払い合計' },
  bg_leftLine: { en: 'Money left', ja: '残りのお金' },
  bg_haveLine: { en: 'Your money', ja: '所持金' },
  bg_confirmPrice: { en: 'Bid {0} per spot', ja: '1マス{0}で決定' },
  bg_pickPrice: { en: 'Choose a price', ja: '値段を選ぶ' },
  bg_zeroNote: { en: 'At ¥0 you buy no bag; you still take the money lying in your range.', ja: '0ではバッグは買えません。範囲に置かれたお金は取れます。' },
  // choices
  bg_freeTitle: { en: 'Regular customer on {0}', ja: '{0}のお得意様' },
  bg_takeLeft: { en: 'Take the left neighbour', ja: '左隣を取る' },
  bg_takeRight: { en: 'Take the right neighbour', ja: '右隣を取る' },
  bg_unknownTitle: { en: 'Fix an unknown brand', ja: 'ブランド不明を決める' },
  bg_makeBrand: { en: '{0} → {1}', ja: '{0} → {1}' },
  bg_yourTotals: { en: 'Your totals', ja: 'あなたの合計' },
  // reveal
  bg_revealTitle: { en: 'Reveal — round {0}', ja: '公開 — 第{0}ラウンド' },
  bg_lastRound: { en: 'Last round ({0}): prices and purchases', ja: '前のラウンド（第{0}）の値段と購入' },
  bg_noReveal: { en: 'Prices are revealed once everyone has chosen.', ja: '全員が値段を決めると公開されます。' },
  bg_processing: { en: 'Processing order: price, then narrower range, then earlier chooser', ja: '処理順：値段 → 範囲の狭さ → 先に選んだ人' },
  bg_step_buy: { en: 'took the bag, left {0} there', ja: 'バッグを取り、{0}を置いた' },
  bg_step_money: { en: 'took {0}, left {1} there', ja: '{0}を取り、{1}を置いた' },
  bg_step_nothing: { en: 'nothing there, left {0}', ja: '何もなく、{0}を置いた' },
  bg_step_leave: { en: 'price 0: the bag stays', ja: '値段0：バッグは残る' },
  bg_step_free: { en: 'taken for free by a Regular customer (★)', ja: 'お得意様（★）で無料で取った' },
  bg_revLegend: { en: 'Per spot: its number, what was taken (bag, +¥ money, · nothing), → price left there (★ free).', ja: 'マスごとに：番号、取った物（バッグ、+はお金、・はなし）、→ 置いた値段（★は無料）。' },
  bg_revWho: { en: '{0}: {1} a spot over {2}.', ja: '{0}：{2}を1マス{1}で購入。' },
  bg_forcedTag: { en: 'only ¥0', ja: '0のみ' },
  bg_forcedWhy: { en: '{0} could only offer ¥0 (not enough money for more): no bag bought, only money taken.', ja: '{0}は所持金が足りないため0しか握れず、バッグは買えません（お金だけ取ります）。' },
  bg_forcedMe: { en: 'Round {0}: you could only offer ¥0 (not enough money for more): no bag, only the money.', ja: '第{0}ラウンド：所持金が足りず、あなたは0しか握れません（バッグなし、お金だけ取ります）。' },
  bg_forcedNow: { en: 'You can only offer ¥0 this round (not enough money for more): you buy no bag, but take the money in your range.', ja: '所持金が足りないため、このラウンドは0しか握れません。バッグは買えず、範囲内のお金だけを取ります。' },
  bg_nextBuyer: { en: 'buying now', ja: '購入中' },
  // side
  bg_majority: { en: 'Brand standings', ja: 'ブランド別の順位' },
  bg_partyRuleNext: { en: 'Next party (after round {0}): in each brand, 1st place {1} VP, 2nd place {2} VP.', ja: '次のパーティー（第{0}ラウンド後）：ブランドごとに1位{1}点、2位{2}点。' },
  bg_showoffRule: { en: 'Show-off spending: its price ÷ {0} VP at once (at most {1}). At the end: 1 VP per ¥{2} of money.', ja: '散財自慢：買った値段÷{0}点をすぐに得ます（最大{1}点）。終了時：お金{2}万ごとに1点。' },
  bg_majSeat: { en: '{0}, {1}: place {2}, bag numbers add up to {3} ({4} VP at the next party).', ja: '{0}、{1}：{2}位、バッグの数字の合計{3}（次のパーティーで{4}点）。' },
  bg_noneYet: { en: 'No bags yet', ja: 'まだバッグなし' },
  // setup
  bg_openMoney: { en: 'Open money', ja: 'お金を公開' },
  bg_openMoneyHelp: { en: "Everyone sees everyone's money.", ja: '全員の所持金を表示します。' },
  bg_firstStart: { en: 'First start player', ja: '最初のスタートプレイヤー' },
  // end screen
  bg_colBrand: { en: '{0} (parties)', ja: '{0}（パーティー）' },
  bg_colParty: { en: 'Parties', ja: 'パーティー' },
  bg_colShowoff: { en: 'Show-off spending', ja: '散財自慢' },
  bg_colMoney: { en: 'Money', ja: 'お金' },
  bg_resultNote: { en: 'Brand columns: totals, not VP (under them, the party VP they gave). Total = parties + show-off spending + money, all VP.', ja: 'ブランドの列は合計で、勝利点ではありません（下はパーティーの勝利点）。合計＝パーティー＋散財自慢＋お金（すべて勝利点）。' },
  bg_colBrandExplain: { en: '{0}: each player\'s total in this brand (not VP); under it, the VP its parties gave ({1}).', ja: '{0}：各プレイヤーのこのブランドの合計（勝利点ではありません）。下はパーティーで得た勝利点（{1}）。' },
  bg_partyN: { en: 'R{0}', ja: '第{0}ラウンド' },
  bg_moneyPts: { en: '¥{0} → {1}', ja: '{0}万→{1}点' },
  bg_leadBrands: { en: 'Brands led alone: {0}', ja: '単独トップのブランド：{0}' },
  bg_ptsShort: { en: '+{0}', ja: '+{0}' },
});
// ---------------------------------------------------------------- display helpers

const money = (n) => t('bg_money', n);
const brandName = (b) => t(`bg_brand_${b}`);
const letter = (b) => t(`bg_letter_${b}`);
const isNum = (x) => typeof x === 'number';

/** The brands of the game, in the view's order. */
function brandsOf(v) {
  return v.brands || [];
}

function who(name, seat) {
  return h('b', { class: `who seat-c${seat}`, text: name });
}

function spotName(v, i) {
  const w = v.window[i];
  if (!w) return '';
  if (w.bank) return i === 0 ? t('bg_bankL') : t('bg_bankR');
  return t('bg_spot', w.label);
}

/** A spot's short label as shown: its number, or the side of a bank (L, R / 左, 右). */
function shortLabel(w, i) {
  if (!w) return String(i);
  return w.bank ? t(`bg_side_${w.label}`) : w.label;
}

/** A range as the window's labels show it ("2–5", "L"). */
function rangeText(v, r) {
  if (!r) return '';
  const [lo, hi] = r;
  const a = shortLabel(v.window[lo], lo);
  const b = shortLabel(v.window[hi], hi);
  return lo === hi ? a : `${a}–${b}`;
}

function rangeLabel(v, r) {
  const n = r[1] - r[0] + 1;
  return tp('bg_rangeOf', n, rangeText(v, r));
}

/**
 * A card to draw: a card object of the view (the window's), or a code looked up in the view's
 * `cards` legend (seats' bags and purchase steps give codes).
 * @param {import('../types.js').View} v
 * @param {string | Record<string, any> | null} card
 * @returns {Record<string, any> | null}
 */
function cardInfo(v, card) {
  if (!card) return null;
  if (typeof card !== 'string') return card;
  return { code: card, ...(v.cards?.[card] || { kind: 'bag' }) };
}

function cardLabel(c) {
  switch (c.kind) {
    case 'showoff': return t('bg_card_showoff');
    case 'free': return t('bg_card_free', brandName(c.brand), c.value);
    case 'unknown': return c.brand ? t('bg_card_fixed', brandName(c.brand), c.value) : t('bg_card_unknown', brandName(c.brands[0]), brandName(c.brands[1]));
    default: return t('bg_card_bag', brandName(c.brand), c.number);
  }
}

const BAG_BODY = 'M5 20h30l-2.5 30h-25z';
const BAG_HANDLE = 'M13 20v-4a7 7 0 0 1 14 0v4';
const STAR = 'M20 27l2.4 5 5.4.6-4 3.7 1.1 5.4-4.9-2.7-4.9 2.7 1.1-5.4-4-3.7 5.4-.6z';
const text = (x, y, cls, value) => svg('text', { class: cls, x, y, 'text-anchor': 'middle' }, value);

function showoffFace() {
  return [svg('path', { class: 'bg-bag', d: BAG_BODY }), svg('path', { class: 'bg-handle', d: BAG_HANDLE }),
    text(20, 38, 'bg-num bg-yen', '¥'), text(20, 48, 'bg-vptext', t('bg_vpShort'))];
}

function unfixedFace(c) {
  const [x, y] = c.brands;
  return [svg('path', { class: `bg-bag bg-half b-${x}`, d: 'M5 20h15v30h-12.5z' }),
    svg('path', { class: `bg-bag bg-half b-${y}`, d: 'M20 20h15l-2.5 30h-12.5z' }),
    svg('path', { class: 'bg-handle', d: BAG_HANDLE }),
    text(12.5, 32, 'bg-half-letter', letter(x)), text(27.5, 32, 'bg-half-letter', letter(y)),
    text(20, 47, 'bg-num bg-q', '?')];
}

function brandFace(c) {
  const parts = [svg('path', { class: 'bg-bag', d: BAG_BODY }), svg('path', { class: 'bg-handle', d: BAG_HANDLE }),
    text(7, 12, 'bg-corner', letter(c.brand))];
  if (c.kind === 'free') parts.push(svg('path', { class: 'bg-star', d: STAR }), text(33, 12, 'bg-mini', String(c.value)));
  else if (c.kind === 'unknown') parts.push(text(20, 43, 'bg-num', String(c.value)), text(33, 12, 'bg-mini', '?'));
  else parts.push(text(20, 44, 'bg-num', String(c.number)));
  return parts;
}

/**
 * A bag card (40x56 face): brand colour, brand letter in the corner, number or special mark.
 * @param {Record<string, any>} c a card object (see cardInfo)
 * @param {{size?: string, cls?: string, flip?: string}} [o] `flip`: the id it keeps as it moves (ui/flip.js)
 */
export function bagCard(c, { size = 'md', cls, flip } = {}) {
  let brandCls = c.brand ? `b-${c.brand}` : 'b-none';
  let face;
  if (c.kind === 'showoff') {
    brandCls = 'b-showoff';
    face = showoffFace();
  } else if (c.kind === 'unknown' && !c.brand) {
    brandCls = `b-unknown b-${c.brands[0]}${c.brands[1]}`;
    face = unfixedFace(c);
  } else face = brandFace(c);
  const label = cardLabel(c);
  return h('span', {
    class: ['bg-card', `bg-${size}`, `k-${c.kind}`, brandCls, cls], role: 'img', 'aria-label': label, title: label,
    data: { code: c.code, brand: c.brand ?? '', kind: c.kind }, 'data-flip': flip,
  }, svg('svg', { class: 'bg-face', viewBox: '0 0 40 56', 'aria-hidden': 'true' },
    svg('rect', { class: 'bg-face-bg', x: 1, y: 1, width: 38, height: 54, rx: 5 }), face));
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

// ---------------------------------------------------------------- moves, the range choice and UI state

function movesOf(ctx, kind) {
  return (ctx.moves || []).filter((m) => m.kind === kind);
}

function rangeChoice(ctx) {
  return (ctx.choices || []).find((c) => c.kind === 'range') ?? null;
}

const sameList = (x, y) => Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((e, i) => e === y[i]);

/** The engine's answer about the picks on screen (null while it is asked, or none). */
function answered(ui) {
  return ui?.answer && sameList(ui.answer.picks, ui.picks) ? ui.answer : null;
}

/** Ask the engine about the range picks; its answer lands in `ctx.ui` and redraws. */
function ask(ctx, picks) {
  const ui = ctx.ui;
  const choice = rangeChoice(ctx);
  ui.picks = picks;
  ui.answer = null;
  if (!choice || !picks.length) return;
  ctx.compose(choice.id, picks).then((ans) => {
    if (!ans || ui.picks !== picks) return;
    ui.answer = ans;
    ctx.render();
  });
}

/**
 * The UI state of a new decision: the range ends tapped (`picks`, spot indices), the engine's
 * answer about them, and the price selected (a price move's `a`).
 * @param {import('../types.js').Snapshot} _snap
 */
export function initUi(_snap) {
  return { picks: [], answer: null, price: null };
}

/** The handlers of the table's taps (`data-action`); each changes `ctx.ui` only. */
export const actions = {
  /** Tap a spot: the first end, then the other end (the same spot again keeps one spot); a
   * tap after both ends starts a new range there. */
  'bg-spot'(ctx, data) {
    const i = Number(data.index);
    if (!Number.isInteger(i) || !rangeChoice(ctx)) return;
    const picks = ctx.ui.picks || [];
    if (picks.length === 1 && picks[0] !== i) ask(ctx, [picks[0], i]);
    else ask(ctx, [i]);
  },
  'bg-clear'(ctx) {
    ask(ctx, []);
  },
  'bg-confirm-range'(ctx) {
    const ans = answered(ctx.ui);
    if (ans?.complete) ctx.playActions(ans.actions);
  },
  'bg-price'(ctx, data) {
    if (movesOf(ctx, 'price').some((m) => m.a === data.a)) ctx.ui.price = data.a;
  },
};

// ---------------------------------------------------------------- status and prompt

/**
 * The round and the phase.
 * @param {import('../types.js').Snapshot} snap
 */
export function statusChips(snap) {
  const v = snap.view;
  if (snap.over) return [];
  return [
    h('span', { class: 'chip chip-round', testid: 'round', 'data-explain': t('roundExplain', v.round, v.rounds) }, t('roundOf', v.round, v.rounds)),
    h('span', { class: 'chip bg-chip-phase', testid: 'phase', 'data-explain': STRINGS[`bg_phaseExplain_${v.phase}`] ? t(`bg_phaseExplain_${v.phase}`) : undefined }, t(`bg_phase_${v.phase}`)),
  ];
}

/**
 * What the viewer is asked to do, or whom the table waits for.
 * @param {import('../types.js').Snapshot} snap
 * @param {import('../types.js').TableContext} ctx
 */
export function prompt(snap, ctx) {
  const v = snap.view;
  const mine = ctx.canAct && (ctx.moves.length > 0 || ctx.choices.length > 0);
  switch (v.phase) {
    case 'range':
      if (mine) return t('bg_promptRange');
      return isNum(v.chooser) ? tn('bg_waitRange', who(ctx.names[v.chooser], v.chooser)) : '';
    case 'price':
      if (mine) return t('bg_promptPrice');
      return isNum(ctx.viewer) && (v.forced || []).includes(ctx.viewer) ? t('bg_waitPriceForced') : t('bg_waitPrice');
    case 'buy': {
      const p = v.pending;
      if (!p) return '';
      if (mine) return p.kind === 'free' ? t('bg_promptFree') : t('bg_promptUnknown');
      // the viewer's own choice comes, but not yet (a tutorial's read step): no "Sam is choosing"
      if (p.seat === ctx.viewer) return p.kind === 'free' ? t('bg_nextFree') : t('bg_nextUnknown');
      return tn('bg_waitChoice', who(ctx.names[p.seat], p.seat));
    }
    default: return '';
  }
}

// ---------------------------------------------------------------- the shop window

/** The range the viewer's picks make now: the engine's answer (null before one). */
function previewRange(ctx) {
  const ans = answered(ctx.ui);
  return ans?.valid && ans.complete ? [ans.info.lo, ans.info.hi] : null;
}

function spotCell(v, ctx, i, picking, preview) {
  const w = v.window[i];
  const content = [h('span', { class: 'bg-spot-label', 'aria-hidden': 'true', text: w.bank ? spotName(v, i) : w.label }),
    h('span', { class: 'sr-only', text: spotName(v, i) })];
  if (w.bank) content.push(bankMark());
  else if (w.bag) content.push(bagCard(cardInfo(v, w.bag), { size: 'md', flip: `bg-w${v.round}-${i}` }));
  else content.push(h('span', { class: 'bg-slot', 'aria-hidden': 'true' }));
  content.push(w.money ? coin(w.money, 'bg-spot-money') : h('span', { class: 'bg-coin is-none', text: '' }));
  const isCursor = v.cursor === i && isNum(v.buyer);
  const picks = ctx.ui?.picks || [];
  const inPreview = preview !== null && i >= preview[0] && i <= preview[1];
  const props = {
    class: ['bg-spot', w.bank ? 'is-bank' : null, isCursor ? 'is-cursor' : null, v.pending?.spot === i ? 'is-pending' : null,
      picking ? 'is-pickable' : null, picking && inPreview ? 'is-preview' : null, picking && picks.length === 1 && picks[0] === i ? 'is-anchor' : null],
    testid: `spot-${w.label}`, vars: { '--col': i + 2 }, 'data-explain': w.bank ? t('bg_bankExplain', spotName(v, i)) : undefined,
    data: { index: i, label: w.label, money: w.money, bag: w.bag?.code ?? '' },
  };
  if (!picking) return h('div', props, content);
  const pick = { choice: rangeChoice(ctx)?.id, pick: i }; // a tutorial marks the spots it expects
  return button(content, { ...props, data: { ...props.data, action: 'bg-spot', ...pick }, 'aria-pressed': inPreview ? 'true' : 'false' });
}

function rangeBar(v, ctx, s, picking) {
  const sv = v.seats[s];
  if (!sv.range) {
    return h('div', { class: ['bg-bar-none', ctx.viewer === s && picking ? 'is-me' : null], testid: `range-${s}`, data: { lo: '', hi: '' }, vars: { '--row': s + 2 } });
  }
  const [lo, hi] = sv.range;
  const price = isNum(sv.price) ? money(sv.price) : '';
  const order = v.revealed ? v.processing.indexOf(s) : -1;
  const label = `${ctx.names[s]}: ${rangeLabel(v, sv.range)}`;
  return h('div', {
    class: ['bg-bar', `seat-c${s}`, v.buyer === s ? 'is-buying' : null], testid: `range-${s}`,
    data: { lo, hi, seat: s }, title: label, vars: { '--c0': lo + 2, '--c1': hi + 3, '--row': s + 2 },
  }, srOnly(label),
  h('span', { class: 'bg-bar-text', text: [order >= 0 ? t('bg_order', order + 1) : '', price].filter(Boolean).join(' · ') }));
}

function windowZone(snap, ctx) {
  const v = snap.view;
  const n = v.window.length;
  const picking = v.phase === 'range' && ctx.canAct && rangeChoice(ctx) !== null;
  const preview = picking ? previewRange(ctx) : null;
  const cells = v.window.map((_, i) => spotCell(v, ctx, i, picking, preview));
  const lanes = [];
  for (let s = 0; s < snap.players; s += 1) {
    lanes.push(h('div', { class: ['bg-lane-head', `seat-c${s}`], title: ctx.names[s], 'data-explain': t('bg_laneExplain', ctx.names[s]), vars: { '--row': s + 2 } },
      h('span', { class: 'bg-lane-name', text: ctx.names[s] })));
    lanes.push(rangeBar(v, ctx, s, picking));
  }
  const previewBar = picking && preview
    ? h('div', { class: ['bg-bar', 'bg-preview', `seat-c${ctx.viewer}`], testid: 'range-preview', data: { lo: preview[0], hi: preview[1] },
      vars: { '--c0': preview[0] + 2, '--c1': preview[1] + 3, '--row': ctx.viewer + 2 } })
    : null;
  const grid = h('div', { class: 'bg-grid', testid: 'window', data: { spots: n }, vars: { '--spots': n } },
    h('div', { class: 'bg-lane-head bg-corner-cell', text: '' }), cells, lanes, previewBar);
  const head = h('div', { class: 'bg-window-head' },
    h('h2', { class: 'bg-title', text: t('bg_window') }),
    h('span', { class: 'bg-sub', testid: 'piles-left', 'data-explain': t('bg_pilesExplain', (v.piles_left || []).length), text: t('bg_pilesLeft', (v.piles_left || []).length) }),
    (v.removed || []).length ? h('span', { class: 'bg-sub', text: t('bg_removed', v.removed.length) }) : null,
    v.party?.now && v.phase !== 'over' ? h('span', { class: 'bg-party-flag', testid: 'party-flag', text: t('bg_party') }) : null);
  return h('section', { class: 'bg-window' }, head, grid);
}

// ---------------------------------------------------------------- seats

function seatBadges(v, ctx, s) {
  const badges = [];
  if (ctx.viewer === s) badges.push(h('span', { class: 'badge badge-you', text: t('you'), 'data-explain': t('explainYou') }));
  if (v.start === s) badges.push(h('span', { class: 'badge bg-badge-start', testid: `start-${s}`, title: t('bg_startTitle'), text: t('bg_start'), data: { gloss: 'Start' } }));
  if (v.phase === 'range' && v.chooser === s) badges.push(h('span', { class: 'badge bg-badge-choosing', text: t('bg_choosing'), data: { gloss: 'Your range' } }));
  const order = v.revealed ? v.processing.indexOf(s) : -1;
  if (order >= 0) badges.push(h('span', { class: 'badge bg-badge-order', title: t('bg_orderTitle', order + 1), text: t('bg_order', order + 1), data: { gloss: '#N' } }));
  return badges;
}

function priceBit(sv, s, name) {
  if (sv.price_forced) return h('span', { class: 'bg-price is-forced', testid: `price-${s}`, data: { price: isNum(sv.price) ? sv.price : '' }, 'data-explain': t('bg_forcedWhy', name), text: t('bg_forcedTag') });
  if (isNum(sv.price)) return h('span', { class: 'bg-price', testid: `price-${s}`, data: { price: sv.price }, text: t('bg_pricePer', money(sv.price)) });
  if (sv.price_status === 'entered') return h('span', { class: 'bg-price is-entered', testid: `price-${s}`, data: { price: '' } }, icon('check', 'bg-ic'), t('bg_priceEntered'));
  if (sv.price_status === 'waiting') return h('span', { class: 'bg-price is-waiting', testid: `price-${s}`, data: { price: '' }, text: t('bg_priceWaiting') });
  return null;
}

function moneyBit(sv, s) {
  return isNum(sv.money)
    ? h('span', { class: 'bg-money', testid: `money-${s}`, data: { money: sv.money, gloss: '¥N' }, title: t('bg_moneyTitle', sv.money), text: money(sv.money) })
    : h('span', { class: 'bg-money is-hidden', testid: `money-${s}`, data: { money: '', gloss: '¥?' }, title: t('bg_moneyHiddenTitle'), text: t('bg_moneyHidden') });
}

function brandBits(v, sv, s) {
  return brandsOf(v).map((b) => {
    const p = placeOf(v, b, s);
    const total = sv.brands?.[b] ?? 0;
    const title = p ? t('bg_placeTitle', brandName(b), total, p.place, p.points) : t('bg_totalTitle', brandName(b), total);
    return brandChip(b, total, {
      cls: p ? `is-place${p.place}` : null, title, testid: `brand-${s}-${b}`, data: { total, place: p?.place ?? '', gloss: 'Brand total' },
      after: p ? h('small', { class: 'bg-place', text: `${p.place}` }) : null,
    });
  });
}

function seatPanel(snap, ctx, s) {
  const v = snap.view;
  const sv = v.seats[s];
  const active = snap.to_move.includes(s) || ctx.thinking === s;
  const vp = sv.vp || { total: 0, showoff: 0, parties: [], money: 0 };
  const partySum = (vp.parties || []).reduce((a, x) => a + x, 0);
  const kind = snap.seats[s].kind === 'bot' ? `${t('bot')} · ${levelName(snap.seats[s].level)}` : t('human');
  const bags = sv.bags || [];
  return h('article', {
    class: ['bg-seat', `seat-c${s}`, active ? 'is-active' : null, ctx.viewer === s ? 'is-viewer' : null],
    testid: `seat-${s}`, data: { seat: s },
  },
  h('header', { class: 'bg-seat-head' },
    h('h3', { class: 'bg-seat-name', testid: `seat-name-${s}`, text: ctx.names[s], title: `${ctx.names[s]} (${kind})`, 'data-explain': seatExplain(snap.seats[s], ctx.names[s], ctx.viewer === s) }),
    h('span', { class: 'bg-vp', testid: `vp-${s}`, data: { vp: vp.total }, title: t('bg_vpTitle', vp.showoff, partySum, vp.money) }, t('bg_vp', vp.total))),
  h('div', { class: 'bg-seat-line' }, h('div', { class: 'badges bg-badges' }, seatBadges(v, ctx, s)), moneyBit(sv, s)),
  h('div', { class: 'bg-seat-line' },
    h('span', { class: 'bg-range-text', testid: `range-text-${s}`, text: sv.range ? rangeLabel(v, sv.range) : t('bg_noRange') }),
    priceBit(sv, s, ctx.names[s])),
  h('div', { class: 'bg-seat-line' }, h('span', { class: 'bg-brands' }, brandBits(v, sv, s))),
  h('div', { class: 'bg-seat-bags', testid: `bags-${s}`, data: { count: bags.length } },
    bags.length ? bags.map((c, k) => bagCard(cardInfo(v, c), { size: 'xs', flip: `bg-s${s}-${k}` })) : h('span', { class: 'bg-sub', text: t('bg_noneYet') })));
}

// ---------------------------------------------------------------- the reveal (this round or the last)

function revealData(v) {
  if (v.phase === 'over') return null;
  if (v.revealed) {
    return {
      current: true, round: v.round, ranges: v.seats.map((s) => s.range), prices: v.seats.map((s) => s.price),
      processing: v.processing, steps: v.steps, forced: v.forced || [],
    };
  }
  const last = (v.history || [])[v.history.length - 1];
  if (!last) return null;
  return { current: false, round: last.round, ranges: last.ranges, prices: last.prices, processing: last.processing, steps: last.steps, forced: last.forced || [] };
}

function stepTitle(v, st) {
  const title = spotName(v, st.spot);
  if (st.via === 'buy') return `${title}: ${t('bg_step_buy', money(st.paid))}`;
  if (st.via === 'money' && !st.took) return `${title}: ${t('bg_step_nothing', money(st.paid))}`;
  if (st.via === 'money') return `${title}: ${t('bg_step_money', money(st.took), money(st.paid))}`;
  if (st.via === 'leave') return `${title}: ${t('bg_step_leave')}`;
  if (st.via === 'free') return `${title}: ${t('bg_step_free')}`;
  return title;
}

function stepChip(v, st) {
  const card = cardInfo(v, st.bag);
  let body;
  if (card) body = bagCard(card, { size: 'xs' });
  else if (st.took) body = h('span', { class: 'bg-took', text: `+${money(st.took)}` });
  else body = h('span', { class: 'bg-took is-none', text: '·' });
  const title = stepTitle(v, st);
  const label = card ? `${title} (${cardLabel(card)})` : title;
  let paid = money(st.paid);
  if (st.via === 'free') paid = '★';
  else if (st.via === 'leave') paid = '—';
  return h('span', { class: ['bg-step', `via-${st.via}`], role: 'img', title, 'aria-label': label, data: { spot: st.spot, via: st.via } },
    h('span', { class: 'bg-step-spot', text: v.window[st.spot] ? shortLabel(v.window[st.spot], st.spot) : '' }),
    body,
    h('span', { class: 'bg-step-paid', text: paid }));
}

function revealZone(snap, ctx) {
  const v = snap.view;
  const r = revealData(v);
  if (!r) {
    return h('section', { class: 'bg-reveal is-empty', testid: 'reveal' },
      h('p', { class: 'bg-note', text: t('bg_noReveal') }));
  }
  const rows = r.processing.map((s, k) => revealRow(v, ctx, r, s, k));
  const forcedMe = isNum(ctx.viewer) && r.forced.includes(ctx.viewer);
  return h('section', { class: ['bg-reveal', r.current ? 'is-current' : 'is-last'], testid: 'reveal', data: { round: r.round, current: r.current ? 'yes' : 'no' } },
    h('h3', { class: 'bg-title', text: r.current ? t('bg_revealTitle', r.round) : t('bg_lastRound', r.round) }),
    forcedMe ? h('p', { class: 'bg-forced-note', testid: 'forced-note', role: 'status', text: t('bg_forcedMe', r.round) }) : null,
    r.current ? h('p', { class: 'bg-sub bg-rule', text: t('bg_processing') }) : null,
    h('p', { class: 'bg-sub bg-rule bg-legend', testid: 'reveal-legend', data: { gloss: 'Prices and purchases' }, text: t('bg_revLegend') }),
    h('ol', { class: 'bg-rev-list' }, rows));
}

/** One buyer's row: order, name, price × range, then each spot he bought (stepChip). */
function revealRow(v, ctx, r, s, k) {
  const steps = r.steps.filter((st) => st.seat === s);
  const buying = r.current && v.buyer === s;
  const forced = r.forced.includes(s);
  const price = money(r.prices[s] ?? 0);
  const range = rangeText(v, r.ranges[s]);
  return h('li', { class: ['bg-rev-row', `seat-c${s}`, buying ? 'is-buying' : null], testid: `reveal-row-${s}`, data: { seat: s, order: k + 1 } },
    h('span', { class: 'bg-rev-order', text: String(k + 1) }),
    h('span', { class: 'bg-rev-who' },
      h('b', { class: 'who', text: ctx.names[s] }),
      h('small', { 'data-explain': t('bg_revWho', ctx.names[s], price, range), data: { gloss: 'Prices and purchases' }, text: `${price} × ${range}` })),
    h('span', { class: 'bg-rev-steps' },
      forced ? h('span', { class: 'bg-rev-forced', testid: `forced-${s}`, 'data-explain': t('bg_forcedWhy', ctx.names[s]), text: t('bg_forcedTag') }) : null,
      steps.map((st) => stepChip(v, st)),
      buying ? h('span', { class: 'bg-rev-now', text: t('bg_nextBuyer') }) : null));
}

// ---------------------------------------------------------------- controls

function rangeControls(snap, ctx) {
  const v = snap.view;
  const picks = ctx.ui.picks || [];
  const ans = answered(ctx.ui);
  const range = previewRange(ctx);
  let hint = t('bg_tapEnds');
  if (ans && !ans.valid) hint = tx(ans.why);
  else if (picks.length === 1) hint = t('bg_tapAgain');
  let label = t('bg_pickRange');
  if (range) label = t('bg_confirmRange', rangeText(v, range));
  else if (ans && !ans.valid) label = t('bg_notAllowed');
  return h('div', { class: 'bg-controls bg-range-controls', testid: 'controls' },
    // (the range itself is on the confirm button and in the shop window's lane: the words and
    // the buttons fit beside the last round's purchases)
    h('h3', { class: 'bg-title', text: t('bg_yourRange') }),
    range ? rangeLimit(ans.info) : null,
    // once both ends are chosen, the limit takes the place of the hint
    range && picks.length > 1 ? null : h('p', { class: 'bg-note', testid: 'range-hint', text: hint }),
    h('div', { class: 'bg-actions' },
      button(t('bg_clear'), { class: 'btn bg-clear', testid: 'clear-range', disabled: !picks.length, data: { action: 'bg-clear', reset: rangeChoice(ctx)?.id } }),
      button(label, { class: 'btn btn-primary btn-lg bg-confirm', testid: 'confirm-range', disabled: !range, data: { action: 'bg-confirm-range', confirm: rangeChoice(ctx)?.id } })));
}

/** The highest price per spot the selected range allows (the engine's compose `info`). */
function rangeLimit(info) {
  const top = info.max_price;
  return h('p', { class: ['bg-limit', top ? null : 'is-zero'], testid: 'range-limit', data: { max: top, size: info.size }, role: 'status' },
    h('b', { text: tp('pv_bgLimit', info.size, money(top)) }),
    h('span', { text: ` ${t('pv_bgLimitWhy', money(info.money), info.size)}` }),
    top ? null : h('span', { class: 'bg-limit-zero', text: ` ${t('pv_bgLimitZero', money(0))}` }));
}

/** The price step's limit: the highest price the range allows (every price move's `max`). */
function priceLimit(me, options) {
  const top = options[0]?.max;
  if (!isNum(top) || !isNum(me?.money)) return null;
  return h('span', { class: 'bg-limit', testid: 'price-limit', data: { max: top } },
    h('b', { text: t('pv_bgPriceLimit', money(top)) }),
    ` ${t('pv_bgLimitWhy', money(me.money), options[0].size)}`);
}

function priceControls(snap, ctx) {
  const v = snap.view;
  const me = v.seats[ctx.viewer];
  const options = movesOf(ctx, 'price');
  const chosen = options.find((m) => m.a === ctx.ui.price) ?? null;
  const buttons = options.map((m) => button(money(m.price), {
    class: ['btn', 'bg-price-btn', chosen === m ? 'is-selected' : null], testid: `price-option-${m.price}`,
    data: { action: 'bg-price', a: m.a, price: m.price }, 'aria-pressed': chosen === m ? 'true' : 'false',
  }));
  const sum = (key, value, testid) => h('div', {}, h('dt', { text: t(key) }), h('dd', {}, h('b', { class: 'bg-sum-val', testid, text: value })));
  const confirm = button(chosen ? t('bg_confirmPrice', money(chosen.price)) : t('bg_pickPrice'), {
    class: 'btn btn-primary btn-lg bg-confirm', testid: 'confirm-price',
    ...(chosen ? { data: { action: 'move', a: chosen.a } } : { disabled: true }),
  });
  return h('div', { class: 'bg-controls bg-price-controls', testid: 'controls' },
    h('h3', { class: 'bg-title', text: t('bg_priceTitle') }),
    h('p', { class: 'bg-sub bg-price-for' }, t('bg_priceFor', me?.range ? rangeLabel(v, me.range) : '–'), ' · ', priceLimit(me, options)),
    h('div', { class: 'bg-price-grid', testid: 'price-options' }, buttons),
    h('dl', { class: 'bg-sum' },
      sum('bg_haveLine', isNum(me?.money) ? money(me.money) : '–', 'price-have'),
      sum('bg_costLine', chosen ? `${money(chosen.price)} × ${chosen.size} = ${money(chosen.cost)}` : '–', 'price-cost'),
      sum('bg_leftLine', chosen ? money(chosen.left) : '–', 'price-left')),
    chosen?.price === 0 ? h('p', { class: 'bg-note bg-small', testid: 'zero-note', text: t('bg_zeroNote') }) : null,
    h('div', { class: 'bg-actions' }, confirm));
}

function spotContent(v, m) {
  if (m.bag) return bagCard(cardInfo(v, m.bag), { size: 'sm' });
  if (m.money) return coin(m.money);
  return h('span', { class: 'bg-sub', text: t('bg_empty') });
}

function freeControls(snap, ctx) {
  const v = snap.view;
  const opts = movesOf(ctx, 'free').map((m) => button([
    h('span', { class: 'bg-choice-text' }, h('b', { text: t(m.side === 'L' ? 'bg_takeLeft' : 'bg_takeRight') }), h('small', { text: spotName(v, m.spot) })),
    spotContent(v, m)], { class: 'btn bg-choice', testid: `choice-${m.a}`, data: { action: 'move', a: m.a, side: m.side, spot: m.spot } }));
  return h('div', { class: 'bg-controls bg-choice-controls', testid: 'controls' },
    h('h3', { class: 'bg-title', text: t('bg_freeTitle', spotName(v, v.pending.spot)) }),
    h('div', { class: 'bg-choices' }, opts));
}

function unknownControls(snap, ctx) {
  const v = snap.view;
  const opts = movesOf(ctx, 'unknown').map((m) => {
    const card = cardInfo(v, m.card);
    return button([bagCard(card, { size: 'sm' }),
      h('span', { class: 'bg-choice-text' }, h('b', { text: t('bg_makeBrand', cardLabel(card), brandName(m.brand)) })),
      bagCard(cardInfo(v, m.becomes), { size: 'sm' })],
    { class: 'btn bg-choice', testid: `choice-${m.a}`, data: { action: 'move', a: m.a, brand: m.brand } });
  });
  const totals = v.pending.totals || {};
  return h('div', { class: 'bg-controls bg-choice-controls', testid: 'controls' },
    h('h3', { class: 'bg-title', text: t('bg_unknownTitle') }),
    h('div', { class: 'bg-brands' }, h('span', { class: 'bg-sub', text: t('bg_yourTotals') }),
      brandsOf(v).map((b) => brandChip(b, totals[b] ?? 0, { title: t('bg_totalTitle', brandName(b), totals[b] ?? 0) }))),
    h('div', { class: 'bg-choices' }, opts));
}

function controlsFor(snap, ctx) {
  const v = snap.view;
  if (!ctx.canAct || !isNum(ctx.viewer)) return null;
  if (v.phase === 'range' && rangeChoice(ctx)) return rangeControls(snap, ctx);
  if (v.phase === 'price' && movesOf(ctx, 'price').length) return priceControls(snap, ctx);
  if (v.phase === 'buy' && v.pending?.kind === 'free' && movesOf(ctx, 'free').length) return freeControls(snap, ctx);
  if (v.phase === 'buy' && v.pending?.kind === 'unknown' && movesOf(ctx, 'unknown').length) return unknownControls(snap, ctx);
  return null;
}

/** While the others choose their prices: the viewer whose price can only be 0 is told so
 * (the engine decides it; its log line alone went by unseen). */
function forcedNotice(snap, ctx) {
  const v = snap.view;
  if (v.phase !== 'price' || !isNum(ctx.viewer) || !(v.forced || []).includes(ctx.viewer)) return null;
  return h('div', { class: 'bg-controls bg-forced-controls', testid: 'forced-notice' },
    h('h3', { class: 'bg-title', text: t('bg_priceTitle') }),
    h('p', { class: 'bg-forced-note', testid: 'forced-now', role: 'status', text: t('bg_forcedNow') }));
}

function actionZone(snap, ctx) {
  const own = controlsFor(snap, ctx);
  const controls = own ?? forcedNotice(snap, ctx);
  const reveal = snap.view.phase === 'price' && own ? null : revealZone(snap, ctx);
  // it scrolls when the reveal is long: reachable and named for the keyboard (axe:
  // scrollable-region-focusable)
  return h('div', {
    class: ['bg-action', controls ? 'has-controls' : null], testid: 'action-zone',
    tabindex: 0, role: 'region', 'aria-label': t('bg_actionZone'),
  },
    controls, reveal,
    !controls && !reveal ? h('p', { class: 'bg-note', text: t('bg_waitNote') }) : null);
}

/**
 * The table: the shop window with everyone's range, the seats, the controls and the reveal.
 * @param {import('../types.js').Snapshot} snap
 * @param {import('../types.js').TableContext} ctx
 */
export function table(snap, ctx) {
  const seats = [];
  for (let s = 0; s < snap.players; s += 1) seats.push(seatPanel(snap, ctx, s));
  return h('div', { class: ['bg', `bg-p${snap.players}`], testid: 'baggai' },
    windowZone(snap, ctx),
    h('div', { class: 'bg-seats', testid: 'seats' }, seats),
    actionZone(snap, ctx));
}

// ---------------------------------------------------------------- side: brand standings and scoring help

function majorityRow(v, ctx, b) {
  const list = (v.majority?.[b] || []).filter((m) => m.place);
  return h('div', { class: 'bg-maj-row', testid: `majority-${b}` },
    brandChip(b, '', { cls: 'bg-maj-brand', title: brandName(b) }),
    list.length
      ? list.map((m) => h('span', { class: ['bg-maj-seat', `seat-c${m.seat}`, `is-place${m.place}`], title: t('bg_majSeat', ctx.names[m.seat], brandName(b), m.place, m.total, m.points), data: { gloss: 'Brand standings' } },
        h('span', { class: 'bg-maj-place', text: String(m.place) }),
        h('span', { class: 'who', text: ctx.names[m.seat] }),
        h('small', { text: `${m.total} · ${t('bg_ptsShort', m.points)}` })))
      : h('span', { class: 'bg-sub', text: '–' }));
}

/**
 * The side panel: the standings in each brand (who has the most, the places of the next party)
 * and the scoring figures (from the view).
 * @param {import('../types.js').Snapshot} snap
 * @param {import('../types.js').TableContext} ctx
 */
export function side(snap, ctx) {
  const v = snap.view;
  const next = v.party?.next;
  const f = v.figures;
  return [h('section', { class: 'side-panel bg-side', testid: 'majority' },
    h('h2', { class: 'side-title', text: t('bg_majority') }),
    next && !snap.over ? h('p', { class: 'bg-help', testid: 'party-rule', data: { gloss: 'Party' }, text: t('bg_partyRuleNext', next.round, next.table[0], next.table[1]) }) : null,
    h('div', { class: 'bg-maj' }, brandsOf(v).map((b) => majorityRow(v, ctx, b))),
    f ? h('p', { class: 'bg-help', testid: 'showoff-rule', data: { gloss: 'Show-off spending|¥N' }, text: t('bg_showoffRule', f.showoff_per, f.showoff_max, f.money_per_point) }) : null)];
}

// ---------------------------------------------------------------- end of game

function resultRow(v, ctx, b, s, winners) {
  const parties = v.parties || [];
  const partySum = (b.parties || []).reduce((a, x) => a + x, 0);
  return h('tr', { class: winners.has(s) ? 'is-winner' : null, testid: `result-row-${s}`, data: { seat: s, winner: winners.has(s) ? 'yes' : 'no' } },
    h('th', { scope: 'row', class: ['col-name', `seat-c${s}`] }, winners.has(s) ? icon('crown', 'crown-mini') : null, h('span', { class: 'who', text: ctx.names[s] })),
    brandsOf(v).map((br) => h('td', { class: 'bg-col-brand', testid: `brand-total-${s}-${br}`, data: { value: b.brands?.[br] ?? 0 } },
      h('b', { class: 'cell-count', text: String(b.brands?.[br] ?? 0) }),
      h('small', { class: 'cell-points', text: parties.map((p) => t('bg_ptsShort', p.brands?.[br]?.points?.[s] ?? 0)).join(' / ') }))),
    h('td', { testid: `parties-${s}`, data: { value: partySum } },
      h('b', { class: 'cell-count', text: String(partySum) }),
      h('small', { class: 'cell-points', text: (b.parties || []).join(' + ') })),
    h('td', { testid: `showoff-${s}`, data: { value: b.showoff } }, h('b', { text: String(b.showoff) })),
    h('td', { testid: `money-points-${s}`, data: { value: b.money_points } },
      h('b', { class: 'cell-count', text: String(b.money_points) }),
      h('small', { class: 'cell-points', text: t('bg_moneyPts', b.money, b.money_points) })),
    h('td', { class: 'col-total', testid: `final-score-${s}`, data: { score: b.total } }, String(b.total)));
}

/**
 * The end screen's table: brand totals and party points, show-off, money, total.
 * @param {import('../types.js').Snapshot} snap
 * @param {import('../types.js').TableContext} ctx
 */
export function result(snap, ctx) {
  const res = snap.result;
  const v = snap.view;
  const winners = new Set(res.winners);
  const parties = v.parties || [];
  const head = h('tr', {},
    h('th', { scope: 'col', class: 'col-name', text: t('name') }),
    brandsOf(v).map((b) => h('th', { scope: 'col', class: 'bg-col-brand', 'data-explain': t('bg_colBrandExplain', brandName(b), parties.map((p) => t('bg_partyN', p.round)).join(' / ')) },
      brandChip(b, '', { title: brandName(b) }),
      h('small', { class: 'bg-th-sub', text: parties.map((p) => t('bg_partyN', p.round)).join(' / ') }))),
    h('th', { scope: 'col', text: t('bg_colParty') }),
    h('th', { scope: 'col', text: t('bg_colShowoff') }),
    h('th', { scope: 'col', text: t('bg_colMoney') }),
    h('th', { scope: 'col', class: 'col-total', text: t('total') }));
  const rows = res.breakdown.map((b, s) => resultRow(v, ctx, b, s, winners));
  return h('div', { class: 'result-wrap bg-result-wrap' },
    h('table', { class: 'result bg-result', testid: 'result' }, h('thead', {}, head), h('tbody', {}, rows)),
    h('p', { class: 'bg-result-note', testid: 'result-note', text: t('bg_resultNote') }));
}

// ---------------------------------------------------------------- setup: open money, first start player

/**
 * The setup page's fields of the game (not a table drawing): open money, first start player.
 * @param {{options: Record<string, any>}} state the setup page's state
 * @param {string[]} names
 */
export function setupOptions(state, names) {
  const open = !!state.options.open_money;
  state.options.open_money = open;
  const input = h('input', { type: 'checkbox', class: 'switch-input', testid: 'opt-open-money', id: 'bg-open-money', checked: open, data: { field: 'option', option: 'open_money' } });
  const sw = h('label', { class: 'switch', for: 'bg-open-money' }, input,
    h('span', { class: 'switch-track', 'aria-hidden': 'true' }, h('span', { class: 'switch-thumb' })),
    h('span', { class: 'switch-text' },
      h('span', { class: 'switch-label', text: t('bg_openMoney') }),
      h('span', { class: 'switch-help', text: t('bg_openMoneyHelp') })));
  return h('div', { class: 'bg-setup' },
    h('div', { class: 'field' }, sw),
    startPlayerField(state, names, { id: 'bg-opt-start', label: t('bg_firstStart') }));
}

/**
 * The range being composed (the tutorial marks its next pick from it; docs/table-layer.md).
 * @param {import('../types.js').Snapshot} _snap
 * @param {import('../types.js').TableContext} ctx
 */
export function selection(_snap, ctx) {
  const choice = rangeChoice(ctx);
  return choice ? { choice: choice.id, picks: ctx.ui?.picks || [] } : null;
}

export default { initUi, statusChips, prompt, table, side, result, actions, setupOptions, selection };
