// The Egyptian Buyer (エジプトの人買い): draws a seat's view and the moves the engine offers
// (docs/table-layer.md). No rule is decided here and no notation is read or written: a bid is the
// `bid` move of that amount, a withdrawal the `withdraw` move, and a payment is composed card by
// card with the engine (`pay` choice), which says which cards may still go in (ruling H4) and
// which actions play it. The suggested payment, a card's worth in gold, the hand bonus, the round
// totals and who shares the highest total all come from the engine, and so does the mark of a bid
// above the hand (H2: the move's `warn`, which the table asks about once before playing it), the
// reason the opener's Withdraw is greyed out and the words of a seat that sits out.
//
// UI state: `ctx.ui` (the chosen bid amount, the payment's picks and the engine's last answer
// about them) and `ctx.memo.hk` (the round summaries each
// viewer has closed, kept for the whole game).

import { h, button, loadStyle } from '../ui/dom.js';
import { icon } from '../ui/card.js';
import { startPlayerField } from '../ui/options.js';
import { t, tn, tp, tx, joinNames, hiddenHandWords, STRINGS } from '../i18n.js';

loadStyle(new URL('./hitokai.css', import.meta.url).href);

Object.assign(STRINGS, {
  hk_round: { en: 'Round {0}', ja: '第{0}ラウンド' },
  hk_target: { en: 'First to {0} VP', ja: '{0}勝点先取' },
  hk_roundExplain: {
    en: 'Round {0}. A round auctions the daughters 4 to 13; the one player still in with the highest total, alone, wins it and 1 VP (a shared highest total: nobody does).',
    ja: '第{0}ラウンド。1ラウンドで娘4〜13を競りにかけ、脱落していない中で合計が単独で最も高い人がそのラウンドと1勝点を得ます（最高が同点なら誰も得ません）。',
  },
  hk_targetExplain: { en: 'The first player with {0} VP wins the game.', ja: '最初に{0}勝点を得た人がゲームに勝ちます。' },
  hk_daughters: { en: 'Daughters', ja: '娘' },
  hk_soldPrice: { en: 'for {0}', ja: '{0}金' },
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
  hk_doubleNote: { en: '{0}s are worth {1} gold', ja: '{0}は1枚{1}金' },
  hk_hand: { en: 'Your hand', ja: 'あなたの手札' },
  hk_handValue: { en: 'Worth {0} now', ja: '現在の価値 {0}' },
  hk_emptyHand: { en: 'No cards in hand', ja: '手札なし' },
  hk_youOut: { en: 'You are eliminated for this round.', ja: 'あなたはこのラウンド脱落しています。' },
  hk_double: { en: 'worth {0} gold each now', ja: '今は1枚{0}金' },
  hk_gold: { en: '{0} gold', ja: '{0}金' },
  hk_cards: { en: { one: '{0} card', other: '{0} cards' }, ja: '{0}枚' },
  hk_bonus: { en: 'hand bonus +{0}', ja: '手札ボーナス+{0}' },
  // the part of a round total that the hand bonus makes ("8 (+8 hand)" read as 16)
  hk_bonusShort: { en: ' ({0} from the hand)', ja: '（うち手札{0}）' },
  hk_vp: { en: '{0} VP', ja: '{0}勝点' },
  // bidding
  hk_quick: { en: 'Quick bid:', ja: 'すぐ入札：' },
  hk_plus1: { en: '{0} (+1)', ja: '{0}（+1）' },
  hk_plus5: { en: '{0} (+5)', ja: '{0}（+5）' },
  hk_quickLabel: { en: 'Bid {0} at once', ja: 'すぐ{0}で入札' },
  hk_stepExplain: { en: 'Changes the amount below by {0}. Nothing is bid until you tap Bid.', ja: '下の金額を{0}変えます。「入札」をタップするまで入札はしません。' },
  hk_bidGoExplain: { en: 'Bids {0}: the others then raise or withdraw. Whoever bids pays their own last bid when the auction ends, winner or not.', ja: '{0}で入札します。ほかの人は上乗せするか降ります。競りが終わると、入札した人は勝っても負けても自分の最後の入札額を払います。' },
  hk_quickExplain: { en: 'Bids {0} at once, without the amount picker below. Whoever bids pays their own last bid when the auction ends, winner or not.', ja: '下の金額の選択を使わず、すぐに{0}で入札します。競りが終わると、入札した人は勝っても負けても自分の最後の入札額を払います。' },
  hk_quickExplainOver: { en: 'Bids {0} at once. "!": more than your whole hand is worth now; if you have to pay it, you are out of the round.', ja: 'すぐに{0}で入札します。「!」：いまの手札全部の価値より高い額です。払うことになればこのラウンドから脱落します。' },
  hk_bidN: { en: 'Bid {0}', ja: '{0}で入札' },
  hk_chooseBid: { en: 'Bid amount', ja: '入札額' },
  hk_pickLabel: { en: 'Or choose the amount, from {0} to {1}:', ja: 'または入札額を選ぶ（{0}〜{1}）：' },
  // the ends of the bar: the lowest bid, and the cap (a beginner read "1 to 77 (up to all hands'
  // worth)" and did not know what the numbers under the bar were)
  hk_trackLo: { en: '{0}: lowest', ja: '最低{0}' },
  hk_trackHi: { en: 'highest: {0}', ja: '上限{0}' },
  hk_pickExplain: { en: 'The amount you bid. At least {0}: more than the bid now. At most {1}: every card in every hand together is worth {1} gold, and no bid may be more. The bar is green as far as your own hand can pay, red beyond.', ja: '入札する金額です。最低{0}（今の入札より多く）、上限{1}（全員の手札すべての価値の合計が{1}金で、それより多くは入札できません）。バーは自分の手札で払える所まで緑、その先は赤です。' },
  hk_meterSafe: { en: 'green: your hand can pay', ja: '緑：手札で払える入札' },
  hk_meterOver: { en: 'red: a bid over your hand\'s worth', ja: '赤：手札の価値を超える入札' },
  hk_step: { en: 'Amount {0}', ja: '入札額{0}' },
  hk_withdraw: { en: 'Withdraw', ja: '降りる' },
  hk_withdrawExplain: { en: 'Drop out of this auction: you get no more turns in it. If you bid in it before, you still pay your own last bid when it ends.', ja: 'この競りから降ります。この競りではもう手番がありません。すでに入札していたら、競りの終わりに自分の最後の入札額を払います。' },
  hk_overMark: { en: 'over your hand', ja: '手札超過' },
  // paying
  hk_payTitle: { en: 'Pay {0} for daughter {1}', ja: '娘{1}の代金{0}を支払う' },
  hk_payLost: { en: 'Pay your bid of {0} (daughter {1} went to another)', ja: '入札額{0}を支払う（娘{1}は落札できませんでした）' },
  hk_paidSoFar: { en: 'Put in: {0} of {1}', ja: '支払い済み {0}/{1}' },
  hk_payCounter: { en: 'So far {0} of {1} gold', ja: '現在{0}金/{1}金' },
  // with cards chosen but not paid yet: the seat's row still says what is paid (a beginner saw
  // "So far 1 of 4" above and "Put in: 0 of 4" beside the name)
  hk_payCounterChosen: { en: 'With the cards chosen: {0} of {1} gold', ja: '選んだカードで{0}金/{1}金' },
  hk_suggest: { en: 'Quick payment (keeps the most value in hand):', ja: 'かんたん支払い（手札に価値を最も残す）：' },
  hk_payThis: { en: 'Pay this', ja: 'これで支払う' },
  hk_orPick: { en: 'Or choose the cards yourself (greyed numbers would overpay):', ja: 'または自分でカードを選ぶ（灰色の数字は払いすぎになります）：' },
  hk_overpay: { en: 'This card would make the payment more than needed.', ja: 'このカードを出すと払いすぎになります。' },
  hk_pickCard: { en: 'Add a {0}', ja: '{0}を加える' },
  hk_unpick: { en: 'Take the {0} back', ja: '{0}を戻す' },
  hk_chosen: { en: 'Chosen: {0} gold for a bid of {1}', ja: '選択中：{0}金（入札額{1}）' },
  hk_chosenNone: { en: 'No card chosen yet.', ja: 'まだカードを選んでいません。' },
  hk_chosenMore: { en: 'Choose cards for the {0} gold still missing.', ja: 'まだ足りない{0}金分のカードを選んでください。' },
  hk_paySelected: { en: 'Pay these cards', ja: 'このカードで支払う' },
  hk_clear: { en: 'Clear', ja: 'クリア' },
  hk_boughtFor: { en: '{0} bought it for {1}.', ja: '{0}が{1}で落札。' },
  hk_allPay: { en: 'Every bidder pays their own last bid.', ja: '入札した全員が自分の最終入札額を支払います。' },
  hk_paysNothing: { en: 'never bid: pays nothing', ja: '入札なし：支払いなし' },
  hk_byName: { en: 'by {0}', ja: '入札者 {0}' },
  hk_colHand: { en: 'Cards', ja: '手札' },
  hk_colHandExplain: { en: 'How many cards each player still holds: their money for the auctions left this round.', ja: '各プレイヤーの残りの手札の枚数。このラウンドの残りの競りに使うお金です。' },
  hk_colDaughtersExplain: { en: 'The daughters each player bought this round; each scores her number.', ja: 'このラウンドで各プレイヤーが買った娘。それぞれ自分の数字の点になります。' },
  hk_colRoundTotalExplain: { en: "This round's total: the daughters' numbers plus 1 for every full 3 cards in hand. The one player still in with the highest total, alone, wins the round's VP (a shared highest total: nobody does).", ja: 'このラウンドの合計：娘の数字の合計と、手札3枚ごとに1点。脱落していない中で単独で最も高い人がラウンドの勝点を得ます（同点なら誰も得ません）。' },
  hk_colVpExplain: { en: 'Victory points: 1 for each round won. The first to reach the target wins the game.', ja: '勝点：ラウンドに勝つごとに1点。目標に最初に達した人がゲームに勝ちます。' },
  hk_colAuctionExplain: {
    en: "Where each player stands in this daughter's auction: In, their last bid, Withdrawn, Out (no cards to bid with) or Eliminated (could not pay: out for the rest of the round).",
    ja: 'この娘の競りでの各プレイヤーの状況：参加中、最後の入札額、降り、不参加（入札できる手札なし）、脱落（支払えずこのラウンドの残りは参加できない）。',
  },
  hk_colPayExplain: { en: 'What each player who bid must pay now: everyone who bid pays their own last bid, the winner too.', ja: '入札した人がいま払う額：勝った人も含め、入札した全員が自分の最後の入札額を払います。' },
  hk_bankExplain: { en: 'The bank: the cards paid this round. They are out of the round, face up for everyone to see.', ja: '銀行：このラウンドに支払われたカード。ラウンドから除かれ、全員に公開されています。' },
  hk_colRoundTotal: { en: 'Round total', ja: 'ラウンド合計' },
  hk_colVpShort: { en: 'VP', ja: '勝点' },
  hk_totalParts: { en: 'daughters {0} + hand bonus {1}', ja: '娘{0}+手札ボーナス{1}' },
  hk_paying: { en: 'paying {0}', ja: '{0}を支払い中' },
  hk_owes: { en: 'owes {0}', ja: '{0}を支払う予定' },
  hk_paid: { en: 'paid {0}:', ja: '{0}を支払い：' },
  hk_couldNotPay: { en: 'could not pay {0}: eliminated', ja: '{0}を払えず脱落' },
  // prompts
  hk_promptOpen: { en: 'Your turn: open the auction of daughter {0}.', ja: 'あなたの番。娘{0}の競りを始める。' },
  hk_promptBid: { en: 'Your turn: bid more than {0} or withdraw.', ja: 'あなたの番。{0}より高く入札か、降りる。' },
  hk_promptPay: { en: 'Pay your bid of {0}.', ja: '入札額{0}を支払ってください。' },
  hk_promptSummary: { en: 'Round {0} is over: here is how it ended.', ja: '第{0}ラウンドが終わりました。結果をご覧ください。' },
  hk_waitTurn: { en: '{0} is to move.', ja: '{0}の番です。' },
  // round results
  hk_summaries: { en: 'Round results', ja: 'ラウンド結果' },
  hk_roundOver: { en: 'Round {0} is over', ja: '第{0}ラウンド終了' },
  hk_colPlayer: { en: 'Player', ja: 'プレイヤー' },
  hk_colDaughters: { en: 'Daughters', ja: '娘' },
  hk_colCards: { en: 'Cards left', ja: '残り手札' },
  hk_cardsLeftN: { en: { one: '{0} card left', other: '{0} cards left' }, ja: '残り{0}枚' },
  hk_colBonus: { en: 'Hand bonus', ja: '手札ボーナス' },
  hk_colTotal: { en: 'Total', ja: '合計' },
  hk_colVp: { en: 'Victory points', ja: '勝点' },
  hk_plusPoint: { en: '+1', ja: '+1' },
  hk_bonusRule: { en: 'Hand bonus: 1 per {0} cards left in hand.', ja: '手札ボーナス：残り手札{0}枚ごとに1点。' },
  hk_tiedAre: { en: 'Tied for the highest total: {0}.', ja: '最高合計で同点：{0}。' },
  hk_outNoPoint: { en: 'Eliminated players cannot win the point.', ja: '脱落したプレイヤーは勝点を得られません。' },
  hk_nextStart: { en: 'Round {0}: {1} starts.', ja: '第{0}ラウンドは{1}から始めます。' },
  hk_continue: { en: 'Continue to round {0}', ja: '第{0}ラウンドへ進む' },
  hk_bank: { en: { one: 'Bank: {0} card', other: 'Bank: {0} cards' }, ja: '銀行：{0}枚' },
  hk_colPoints: { en: 'Victory points', ja: '勝点' },
  hk_colRounds: { en: 'Rounds won', ja: '勝ったラウンド' },
  hk_listSep: { en: ', ', ja: '、' },
  // what a daughter's tile and the auction box say, by a tap
  hk_tileSold: { en: 'Daughter {0}: bought by {1} for {2} gold. She counts {0} points for {1} at the end of the round.', ja: '娘{0}：{1}が{2}金で落札しました。ラウンドの終わりに{1}の{0}点になります。' },
  hk_tileUnsold: { en: 'Daughter {0}: not sold this round.', ja: '娘{0}：このラウンドでは売れ残りです。' },
  hk_tileNow: { en: 'Daughter {0} is on sale now: the highest bid buys her, and every bidder pays their own last bid. While she is on sale, each card {0} is worth 2 gold.', ja: '娘{0}を競り中です。最高額の人が落札し、入札した全員が自分の最後の入札額を払います。競りの間、{0}のカードは1枚2金です。' },
  hk_tilePaying: { en: 'Daughter {0} has been sold: the bidders are paying their last bids. Each card {0} is still worth 2 gold.', ja: '娘{0}は落札されました。入札した人が最後の入札額を払っています。{0}のカードはまだ1枚2金です。' },
  hk_tileWaiting: { en: 'Daughter {0}: still to be auctioned this round (the lowest number comes first).', ja: '娘{0}：このラウンドでこれから競りにかけます（小さい数字から順に）。' },
  hk_auctionNone: { en: 'No auction now.', ja: '今は競りがありません。' },
  // how the step buttons set a hinted bid (the coach's panel)
  hk_pressOnce: { en: '{0} once', ja: '{0}を1回' },
  hk_pressTwice: { en: '{0} twice', ja: '{0}を2回' },
  hk_pressTimes: { en: '{0} {1} times', ja: '{0}を{1}回' },
  hk_pressSep: { en: ', then ', ja: '、' },
  hk_pressThen: { en: 'press {0}, then "Bid {1}"', ja: '{0}押してから「{1}で入札」' },
  hk_lastRound: { en: 'Round {0}: its results (tap to open)', ja: '第{0}ラウンドの結果（タップで開く）' },
  hk_colTotals: { en: 'Round totals', ja: '各ラウンドの合計' },
  // setup (H6)
  hk_firstStart: { en: 'First start player', ja: '最初の手番プレイヤー' },
  hk_firstStartHelp: {
    en: 'Opens the first auction of round 1. (The original, tongue in cheek: whoever most recently bought a daughter; if nobody knows, rock-paper-scissors.)',
    ja: '第1ラウンドの最初の競りで最初に入札します。（原作では冗談めかして「最近娘を買った人」、わからなければじゃんけんで決めます。）',
  },
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
  return tp(key, n);
}

/**
 * A card (or daughter) number as a chip.
 * @param {number} n
 * @param {string | Array<string | null>} [cls]
 */
function chip(n, cls = '', attrs = {}) {
  return h('span', { class: ['hk-chip', cls], text: String(n), ...attrs });
}

/** Whether a card worth `gold` now is worth more than a plain card (`view.gold`). */
function isDouble(v, gold) {
  return typeof gold === 'number' && Boolean(v.gold) && gold !== v.gold.plain;
}

/** A "worth N gold" tag for a card worth more than a plain one now, else null. */
function goldTag(v, gold) {
  return isDouble(v, gold) ? h('span', { class: 'hk-x2', text: t('hk_gold', gold) }) : null;
}

/** What each card number of the payer's hand is worth now, from the engine's `pay` choice. */
function goldByNumber(ctx) {
  const choice = (ctx.choices || []).find((c) => c.id === 'pay');
  return new Map((choice?.cards || []).map((c) => [c.number, c.gold]));
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

// ---------------------------------------------------------------- UI state and handlers

/**
 * The UI state of a new decision: the bid amount chosen (null: the lowest), the payment's picks, the engine's answer about them (`answer`, for
 * `answerFor`: a copy of the picks it judged) and whether a payment is being sent.
 * @param {import('../types.js').Snapshot} _snap
 */
export function initUi(_snap) {
  return { amount: null, picks: [], answer: null, answerFor: null, sending: false };
}

/** The bid amounts the engine offers now, lowest first. */
function bidAmounts(ctx) {
  return (ctx.movesOf ? ctx.movesOf('bid') : []).map((m) => m.amount).sort((a, b) => a - b);
}

/** The amount a step of the amount picker lands on (within the engine's bids). */
function stepTo(amounts, amount, step) {
  const want = amount + step;
  const fit = step > 0 ? amounts.filter((n) => n <= want).pop() : amounts.find((n) => n >= want);
  return fit ?? (step > 0 ? amounts[amounts.length - 1] : amounts[0]);
}

/**
 * The presses of the amount's steps that set bid `target` from `amount`, in order: the steps of
 * 5 while they do not pass it, then of 1 (as `stepTo` moves within the engine's bids).
 * @param {number[]} amounts
 * @param {number} amount
 * @param {number} target
 * @returns {[number, number][]} [step, presses] with presses > 0
 */
export function stepsTo(amounts, amount, target) {
  const sign = target > amount ? 1 : -1;
  /** @type {[number, number][]} */
  const out = [];
  let at = amount;
  for (const step of [5 * sign, sign]) {
    let presses = 0;
    for (;;) {
      const next = stepTo(amounts, at, step);
      if (next === at || (sign > 0 ? next > target : next < target)) break;
      at = next;
      presses += 1;
    }
    if (presses) out.push([step, presses]);
  }
  return at === target ? out : [];
}

/**
 * How the step buttons set the hinted bid `a` from the amount shown, in words (the coach's panel
 * says it beside the marked steps: a beginner saw +1 and +5 marked without knowing how often).
 * @param {import('../types.js').Snapshot} _snap
 * @param {import('../types.js').TableContext} ctx
 * @param {string} a
 */
export function reachSteps(_snap, ctx, a) {
  const move = (ctx.moves || []).find((m) => m.a === a && m.kind === 'bid');
  if (!move) return null;
  const steps = stepsTo(bidAmounts(ctx), chosenAmount(ctx), Number(move.amount));
  if (!steps.length) return null;
  const said = steps.map(([step, n]) => t(n === 1 ? 'hk_pressOnce' : n === 2 ? 'hk_pressTwice' : 'hk_pressTimes', `${step > 0 ? '+' : '−'}${Math.abs(step)}`, n));
  return t('hk_pressThen', said.join(t('hk_pressSep')), move.amount);
}

/** The amount the bid controls show: the chosen one if still offered, else the lowest. */
function chosenAmount(ctx) {
  const amounts = bidAmounts(ctx);
  return amounts.includes(ctx.ui.amount) ? ctx.ui.amount : amounts[0];
}

/**
 * Play the bid of `amount`. A bid the engine marks (above the hand: H2) is asked about once by
 * the table before it is sent (ui/confirm.js).
 */
function bid(ctx, amount) {
  const move = ctx.move('bid', { amount });
  if (move) ctx.play(move.a);
}

/** Whether the engine marks the bid of `amount` as one that can only lose (H2). */
function overBid(ctx, amount) {
  return Boolean(ctx.move('bid', { amount })?.warn);
}

/** Ask the engine about the payment `picks`; its answer lands in `ctx.ui` and redraws. */
function ask(ctx, picks) {
  const ui = ctx.ui;
  ui.picks = picks;
  if (!picks.length) {
    ui.answer = null;
    ui.answerFor = null;
    return;
  }
  ctx.compose('pay', picks).then((ans) => {
    if (!ans || !same(ui.picks, picks)) return;
    ui.answer = ans;
    ui.answerFor = [...picks];
    ctx.render();
    // a payment just made complete: its "Pay these cards" into sight (on a tablet in landscape,
    // with the coach open, a beginner found it below the fold of the payment panel)
    if (ans.complete) requestAnimationFrame(() => { document.querySelector('[data-testid=pay-selected]')?.scrollIntoView({ block: 'nearest' }); });
  });
}

/** The engine's answer about the picks on screen, or null while it is awaited. */
function answered(ui) {
  return ui.answer && ui.answerFor && same(ui.answerFor, ui.picks) ? ui.answer : null;
}

/** The handlers of the table's taps (`data-action`); each changes `ctx.ui` (or sends a move). */
export const actions = {
  'hk-step'(ctx, data) {
    const amounts = bidAmounts(ctx);
    if (!amounts.length) return;
    ctx.ui.amount = stepTo(amounts, chosenAmount(ctx), Number(data.step));
  },
  'hk-bid'(ctx, data) {
    bid(ctx, Number(data.amount));
  },
  'hk-pick'(ctx, data) {
    ask(ctx, [...ctx.ui.picks, Number(data.card)]);
  },
  'hk-unpick'(ctx, data) {
    const i = Number(data.index);
    ask(ctx, ctx.ui.picks.filter((_, j) => j !== i));
  },
  'hk-clear'(ctx) {
    ask(ctx, []);
  },
  'hk-pay-selected'(ctx) {
    const ans = answered(ctx.ui);
    if (ans?.complete) ctx.playActions(ans.actions);
  },
  'hk-pay-suggestion'(ctx) {
    const cards = (ctx.choices || []).find((c) => c.id === 'pay')?.suggestion || [];
    if (!cards.length || ctx.ui.sending) return;
    const ui = ctx.ui;
    ui.sending = true; // while the engine composes the suggested payment
    ctx.compose('pay', cards).then((ans) => {
      ui.sending = false;
      if (ans?.complete) ctx.playActions(ans.actions);
      ctx.render();
    });
  },
  'hk-summary-continue'(ctx, data) {
    const memo = roundMemo(ctx);
    memo.closed[viewerKey(ctx.viewer)] = Number(data.round);
    if (ctx.viewer === null) memo.all = Number(data.round); // closed on the table everyone saw
    const release = memo.release;
    memo.release = null;
    if (release) release();
  },
};


// ---------------------------------------------------------------- the round summary between rounds
//
// The engine deals the next round as soon as one ends. The table remembers (`ctx.memo.hk`) the
// round it first drew and, per viewer, the last summary closed: the summary of a round that ended
// while the table was open is shown over the table to each viewer until that viewer taps
// "Continue". A replay shows it at the first position of each new round instead.

function viewerKey(viewer) {
  return viewer === null || viewer === undefined ? 'spectator' : String(viewer);
}

/** The game-long memo of the summaries: `from` (first round drawn), `closed`, `release`. */
function roundMemo(ctx) {
  if (!ctx.memo) return { from: null, closed: {}, release: null };
  if (!ctx.memo.hk) ctx.memo.hk = { from: null, closed: {}, release: null };
  return ctx.memo.hk;
}

/** The summary this viewer should see now before going on, or null. */
function pendingSummary(snap, ctx) {
  const v = snap.view;
  const sums = v.summaries || [];
  const last = sums[sums.length - 1];
  if (ctx.replay) {
    const fresh = v.phase === 'bid' && v.auction?.open && (v.auctions || []).length === 0
      && v.seats.every((sv) => sv.status !== 'withdrawn');
    return last && !snap.over && fresh && last.round === v.round - 1 ? last : null;
  }
  const memo = roundMemo(ctx);
  if (memo.from === null) memo.from = v.round; // the first drawing: earlier rounds are old news
  if (!last || snap.over || last.round < memo.from) return null;
  return Math.max(memo.closed[viewerKey(ctx.viewer)] ?? 0, memo.all ?? 0) >= last.round ? null : last;
}

/**
 * The table's hook before a bot moves: while the viewer (a person) has not yet closed the summary
 * of the round just ended, the bots wait, so that nobody misses the first moves of the next round.
 * The promise is released by the summary's "Continue" (`hk-summary-continue`).
 * @param {import('../types.js').Snapshot} snap
 * @param {import('../types.js').TableContext} ctx
 * @returns {Promise<void> | null}
 */
/** Whether the round summary lies over the board (the viewer has not closed it yet). */
export function covered(snap, ctx) {
  return Boolean(pendingSummary(snap, ctx)) && !ctx.replay;
}

export function holdBots(snap, ctx) {
  // a person's summary; or, at a device several people share, the one everyone sees on the
  // spectator's view before the device goes round (the table's `holdBeforeCover`)
  if (!(ctx.humans || []).length) return null;
  if (!pendingSummary(snap, ctx)) return null;
  const memo = roundMemo(ctx);
  return new Promise((resolve) => { memo.release = resolve; });
}

// ---------------------------------------------------------------- status and prompt

/**
 * The round and the goal.
 * @param {import('../types.js').Snapshot} snap
 */
export function statusChips(snap) {
  const v = snap.view;
  if (snap.over) return [];
  return [
    h('span', { class: 'chip chip-round', testid: 'round', 'data-explain': t('hk_roundExplain', v.round) }, t('hk_round', v.round)),
    h('span', { class: 'chip', testid: 'target', 'data-explain': t('hk_targetExplain', v.target) }, t('hk_target', v.target)),
  ];
}

/**
 * What the viewer is asked to do, or who is to move.
 * @param {import('../types.js').Snapshot} snap
 * @param {import('../types.js').TableContext} ctx
 */
export function prompt(snap, ctx) {
  const v = snap.view;
  const sm = pendingSummary(snap, ctx);
  if (sm && !ctx.replay) return t('hk_promptSummary', sm.round);
  if (ctx.canAct && ((ctx.moves || []).length || (ctx.choices || []).length)) {
    if (v.phase === 'pay' && v.payment) return t('hk_promptPay', v.payment.bid);
    if (v.auction?.open) return t('hk_promptOpen', v.daughter);
    return t('hk_promptBid', v.auction?.bid ?? 0);
  }
  const mover = snap.to_move?.[0];
  if (mover === undefined || mover === null) return '';
  return tn('hk_waitTurn', who(ctx.names[mover], mover));
}

// ---------------------------------------------------------------- board

function daughterCaption(v, d, current, ctx) {
  if (d.status === 'sold') {
    return h('span', { class: 'hk-cap who' },
      h('span', { class: 'hk-cap-line hk-cap-name', text: ctx.names[d.buyer] }), h('span', { class: 'hk-cap-line', text: t('hk_soldPrice', d.price) }));
  }
  if (d.status === 'unsold') return h('span', { class: 'hk-cap', text: t('hk_unsold') });
  if (current) return h('span', { class: 'hk-cap hk-cap-now', text: v.phase === 'pay' ? t('hk_payment') : t('hk_now') });
  return h('span', { class: 'hk-cap', text: '' });
}

/** What a daughter's tile says, in words (a tap explains it: a beginner's "?" found nothing). */
function daughterWords(v, d, current, ctx) {
  if (d.status === 'sold') return t('hk_tileSold', d.number, ctx.names[d.buyer] ?? '', d.price);
  if (d.status === 'unsold') return t('hk_tileUnsold', d.number);
  if (current) return t(v.phase === 'pay' ? 'hk_tilePaying' : 'hk_tileNow', d.number);
  return t('hk_tileWaiting', d.number);
}

function daughterRow(v, ctx) {
  return h('div', { class: 'hk-daughters', testid: 'daughters', role: 'list', 'aria-label': t('hk_daughters') }, v.daughters.map((d) => {
    const current = d.number === v.daughter && v.phase !== 'over';
    return h('div', {
      class: ['hk-daughter', `is-${d.status}`, current ? 'is-current' : null, d.buyer !== null ? `seat-c${d.buyer}` : null],
      role: 'listitem', testid: `daughter-${d.number}`, 'data-flip': `hk-track-${d.number}`,
      'data-explain': daughterWords(v, d, current, ctx),
      data: { status: d.status, buyer: d.buyer ?? undefined, price: d.price ?? undefined, gloss: 'Daughters' },
      'aria-current': current ? 'true' : undefined,
    }, h('span', { class: 'hk-dnum', text: String(d.number) }), daughterCaption(v, d, current, ctx));
  }));
}

/** A seat's part in the payments of the auction just closed. */
function paymentCell(v, s) {
  const p = v.payment;
  const sv = v.seats[s];
  const out = (text) => h('span', { class: 'hk-pill hk-badge-out', testid: `eliminated-${s}`, text, data: { gloss: 'Eliminated' } });
  const done = (p.done || []).find((d) => d.seat === s);
  if (done && done.eliminated) return { status: 'eliminated', nodes: [out(t('hk_couldNotPay', done.bid))] };
  if (done) {
    return { status: 'paid', nodes: [h('span', { class: 'hk-pill', text: t('hk_paid', done.bid) }), h('span', { class: 'hk-row' }, done.cards.map((c) => chip(c, 'hk-xs')))] };
  }
  if (sv.eliminated) return { status: 'eliminated', nodes: [out(t('hk_eliminated'))] };
  if (p.payer === s) {
    return {
      status: 'paying',
      nodes: [h('span', { class: 'hk-pill', text: t('hk_paying', p.bid) }), h('span', { class: 'hk-small', text: t('hk_paidSoFar', p.value, p.bid) }),
        h('span', { class: 'hk-row' }, (p.cards || []).map((c) => chip(c, 'hk-xs')))],
    };
  }
  if ((p.queue || []).includes(s)) return { status: 'queued', nodes: [h('span', { class: 'hk-pill', text: t('hk_owes', sv.last_bid) })] };
  return { status: 'none', nodes: [h('span', { class: 'hk-small', text: t('hk_paysNothing') })] };
}

/** A seat's part in the auction being bid or paid for, for the players table. */
function statusCell(v, s) {
  const sv = v.seats[s];
  if (v.payment) return paymentCell(v, s);
  if (sv.eliminated) {
    return { status: 'eliminated', nodes: [h('span', { class: 'hk-pill hk-badge-out', testid: `eliminated-${s}`, text: t('hk_eliminated'), data: { gloss: 'Eliminated' } })] };
  }
  const status = sv.status || 'out';
  const label = { in: t('hk_in'), withdrawn: t('hk_withdrawn'), out: t('hk_out') }[status] ?? status;
  return {
    status,
    nodes: [h('span', { class: 'hk-pill', text: label, data: { gloss: { in: 'In', withdrawn: 'Withdrawn', out: 'Out' }[status] } }),
      sv.last_bid !== null && sv.last_bid !== undefined ? h('span', { class: 'hk-small', text: t('hk_lastBid', sv.last_bid) }) : null],
  };
}

function bidLine(a, ctx) {
  return h('div', { class: 'hk-bidline', testid: 'current-bid', data: { bid: a.bid, bidder: a.bidder ?? undefined } },
    a.bidder === null ? h('span', { class: 'hk-nobid', text: t('hk_noBid') })
      : [h('span', { class: 'hk-label', text: t('hk_bid') }), h('b', { class: 'hk-bidval', text: String(a.bid) }),
        h('span', { class: 'hk-bidby' }, tn('hk_byName', who(ctx.names[a.bidder], a.bidder)))]);
}

/** The buyer of the daughter being paid for (null if none). */
function boughtBy(v, p) {
  return v.daughters.find((d) => d.number === p.daughter)?.buyer ?? null;
}

function paymentLine(v, p, ctx) {
  const sold = v.daughters.find((d) => d.number === p.daughter);
  return h('div', { class: 'hk-bidline', testid: 'payment-line' },
    sold && sold.buyer !== null ? h('span', { class: 'hk-bidby' }, tn('hk_boughtFor', who(ctx.names[sold.buyer], sold.buyer), String(sold.price))) : null,
    h('span', { class: 'hk-small', text: t('hk_allPay') }));
}

function auctionBox(v, ctx) {
  const a = v.auction;
  const p = v.payment;
  const line = a ? bidLine(a, ctx) : p ? paymentLine(v, p, ctx) : null;
  const gold = v.daughter && (a || p) ? v.gold?.daughter : null;
  return h('section', { class: 'hk-auction', testid: 'auction', data: { phase: a ? 'bid' : p ? 'pay' : 'none' } },
    h('div', { class: 'hk-auction-d', 'data-explain': v.daughter && (a || p) ? t(a ? 'hk_tileNow' : 'hk_tilePaying', v.daughter) : t('hk_auctionNone'), data: { gloss: 'gold' } },
      h('span', { class: 'hk-label', text: a ? t('hk_auction') : t('hk_payment') }),
      h('span', { class: 'hk-big', text: v.daughter ?? '–' }),
      gold ? h('span', { class: 'hk-dnote', text: t('hk_doubleNote', v.daughter, gold) }) : null),
    line,
    h('span', { class: 'hk-bank', testid: 'bank', data: { count: (v.bank || []).length }, text: cardsText((v.bank || []).length, 'hk_bank'), 'data-explain': t('hk_bankExplain') }));
}

function seatRow(snap, ctx, s) {
  const v = snap.view;
  const sv = v.seats[s];
  const active = (snap.to_move || []).includes(s) || ctx.thinking === s;
  const st = statusCell(v, s);
  return h('tr', {
    class: ['hk-seat', `seat-c${s}`, active ? 'is-active' : null, sv.eliminated ? 'is-eliminated' : null, `is-${st.status}`], testid: `seat-${s}`,
    data: { lastBid: sv.last_bid ?? 'none', eliminated: sv.eliminated ? 'yes' : 'no' },
  },
  h('th', { scope: 'row', class: 'hk-p-name' },
    h('span', { class: 'hk-name' }, who(ctx.names[s], s)),
    ctx.viewer === s ? h('span', { class: 'badge badge-you', text: t('you'), 'data-explain': t('explainYou') }) : null),
  h('td', { class: 'hk-c-status', testid: `auction-seat-${s}`, data: { status: st.status } }, st.nodes),
  h('td', { class: 'hk-c-num', testid: `hand-size-${s}`, data: { value: sv.hand_size }, title: cardsText(sv.hand_size), text: String(sv.hand_size) }),
  h('td', { class: 'hk-c-daughters', testid: `seat-daughters-${s}`, data: { daughters: sv.daughters.join(' ') } },
    h('span', { class: 'hk-row' }, sv.daughters.map((d) => chip(d, 'hk-xs hk-dchip', { 'data-flip': `hk-d-${d}`, 'data-flip-from': `hk-track-${d}` })))),
  h('td', { class: 'hk-c-num', testid: `total-${s}`, data: { value: sv.total }, title: t('hk_totalParts', sv.daughter_points, sv.bonus) },
    h('b', { class: 'hk-total', text: String(sv.total) }), sv.bonus ? h('span', { class: 'hk-small', text: t('hk_bonusShort', sv.bonus) }) : null),
  h('td', { class: 'hk-c-num hk-vp', testid: `vp-${s}`, data: { value: sv.points }, title: t('hk_vp', sv.points) }, icon('crown', 'crown-mini'), String(sv.points)));
}

function seatsTable(snap, ctx) {
  const v = snap.view;
  const head = h('tr', {},
    h('th', { scope: 'col', text: t('hk_colPlayer') }),
    h('th', { scope: 'col', text: v.phase === 'pay' ? t('hk_payment') : t('hk_auction'), 'data-explain': t(v.phase === 'pay' ? 'hk_colPayExplain' : 'hk_colAuctionExplain') }),
    h('th', { scope: 'col', class: 'hk-c-num', text: t('hk_colHand'), 'data-explain': t('hk_colHandExplain') }),
    h('th', { scope: 'col', text: t('hk_colDaughters'), 'data-explain': t('hk_colDaughtersExplain') }),
    h('th', { scope: 'col', class: 'hk-c-num', text: t('hk_colRoundTotal'), 'data-explain': t('hk_colRoundTotalExplain') }),
    h('th', { scope: 'col', class: 'hk-c-num', text: t('hk_colVpShort'), 'data-explain': t('hk_colVpExplain') }));
  const rows = v.seats.map((_, s) => seatRow(snap, ctx, s));
  return h('div', { class: 'hk-seats' }, h('table', { class: 'hk-players', testid: 'seats' }, h('thead', {}, head), h('tbody', {}, rows)));
}

// ---------------------------------------------------------------- own hand

function handZone(snap, ctx) {
  const v = snap.view;
  if (ctx.viewer === null || ctx.viewer === undefined || !v.hand) {
    return h('section', { class: 'hk-hand', testid: 'hand-zone' }, h('p', { class: 'hk-muted', text: hiddenHandWords(ctx) }));
  }
  const gs = v.hand_groups || [];
  const out = v.seats[ctx.viewer]?.eliminated;
  return h('section', { class: 'hk-hand', testid: 'hand-zone' },
    h('div', { class: 'hk-hand-head' }, h('h2', { class: 'hk-title', text: t('hk_hand') }),
      h('span', { class: 'hk-muted-s', text: cardsText(v.hand.length) }),
      h('b', { class: 'hk-hand-value', testid: 'hand-value', data: { value: v.hand_value, gloss: 'Worth N now' }, text: t('hk_handValue', v.hand_value) })),
    gs.length ? h('div', { class: 'hk-groups' }, gs.map((g) => {
      const double = isDouble(v, g.gold);
      return h('div', {
        class: ['hk-group', double ? 'is-double' : null], testid: 'hand-group', data: { number: g.number, count: g.count, double: double ? 'yes' : 'no' },
        title: double ? t('hk_double', g.gold) : undefined,
      }, chip(g.number), h('span', { class: 'hk-times', text: `×${g.count}` }), goldTag(v, g.gold));
    }))
      : h('p', { class: 'hk-muted', testid: v.sits_out ? 'sits-out' : undefined, text: v.sits_out ? tx(v.sits_out) : t(out ? 'hk_youOut' : 'hk_emptyHand') }));
}

// ---------------------------------------------------------------- bidding

/** A button that bids `amount` (disabled when the engine offers no such bid). */
function bidButton(ctx, amount, label, props = {}) {
  const move = ctx.move('bid', { amount });
  const over = overBid(ctx, amount);
  return button(label, {
    ...props,
    class: ['btn', props.class, over ? 'is-over' : null], disabled: !move,
    data: { action: 'hk-bid', amount, over: over ? 'yes' : 'no', a: move?.a },
    'aria-label': props['aria-label'],
  });
}

function quickBid(ctx, key, amount, testid) {
  const over = overBid(ctx, amount);
  return bidButton(ctx, amount, [h('span', { text: t(key, amount) }), over ? h('span', { class: 'hk-over-tag', text: '!' }) : null], {
    class: 'hk-quick', testid, 'aria-label': over ? `${t('hk_quickLabel', amount)} (${t('hk_overMark')})` : t('hk_quickLabel', amount),
    // "?" on it said only "nothing to explain" (a beginner's trial)
    'data-explain': t(over ? 'hk_quickExplainOver' : 'hk_quickExplain', amount),
  });
}

/** A step of the amount; `reach`: the bids it leads towards (a tutorial marks it for them). */
function stepButton(label, step, testid, disabled, reach) {
  return button(label, {
    class: 'btn hk-step', testid, disabled, data: { action: 'hk-step', step, reach }, 'aria-label': t('hk_step', label), 'data-explain': t('hk_stepExplain', label),
  });
}

/** The amount picker: steps of 1 and 5 within the engine's bids, the amount, and a meter whose
 * part above the hand's value is red (positions through CSS custom properties). */
function amountPicker(amounts, amount, value, over, ctx) {
  const lo = amounts[0];
  const hi = amounts[amounts.length - 1];
  const span = Math.max(1, hi - lo);
  const pct = (x) => `${(Math.max(0, Math.min(1, x)) * 100).toFixed(2)}%`;
  // the bids each step leads towards (no further than where it lands: ±1 for those nearer)
  const reach = (step) => {
    const to = stepTo(amounts, amount, step);
    const keep = step > 0 ? (n) => n > amount && n >= to : (n) => n < amount && n <= to;
    return amounts.filter(keep).map((n) => ctx.move('bid', { amount: n })?.a).filter(Boolean).join(' ');
  };
  return h('div', { class: 'hk-pick', role: 'group', 'aria-label': t('hk_chooseBid'), testid: 'bid-picker', 'data-explain': t('hk_pickExplain', lo, hi) },
    h('span', { class: 'hk-label hk-pick-label', text: t('hk_pickLabel', lo, hi) }),
    h('div', { class: 'hk-stepper' },
      stepButton('−5', -5, 'bid-down5', amount <= lo, reach(-5)),
      stepButton('−1', -1, 'bid-down1', amount <= lo, reach(-1)),
      h('span', { class: ['hk-amount', over ? 'is-over' : null], testid: 'bid-amount', role: 'status', data: { value: amount }, text: String(amount) }),
      stepButton('+1', 1, 'bid-up1', amount >= hi, reach(1)),
      stepButton('+5', 5, 'bid-up5', amount >= hi, reach(5))),
    h('div', {
      // a payable lowest bid shows its green beside the thumb (`is-payable`: at least the
      // thumb's half and a little more), not hidden under it
      class: ['hk-track', value >= lo ? 'is-payable' : null], testid: 'bid-track', 'aria-hidden': 'true',
      vars: { '--hk-safe': pct((value - lo + 0.5) / span), '--hk-pos': pct((amount - lo) / span) },
    }, h('span', { class: 'hk-track-end', text: t('hk_trackLo', lo) }), h('span', { class: 'hk-thumb' }), h('span', { class: 'hk-track-end hk-track-hi', text: t('hk_trackHi', hi) })),
    h('p', { class: 'hk-legend', testid: 'bid-legend' },
      h('span', { class: 'hk-key hk-key-safe', text: t('hk_meterSafe') }), value < hi ? h('span', { class: 'hk-key hk-key-over', text: t('hk_meterOver') }) : null));
}

/**
 * Withdraw: greyed out for the opener, who must bid; a tap on it then shows the engine's reason
 * (the snapshot's `unavailable.withdraw`) instead of doing nothing.
 */
function withdrawButton(snap, ctx) {
  const withdraw = ctx.move('withdraw');
  const explain = t('hk_withdrawExplain');
  if (withdraw) return button(t('hk_withdraw'), { class: 'btn hk-withdraw', testid: 'withdraw', 'data-explain': explain, data: { action: 'move', a: withdraw.a } });
  const why = snap.unavailable?.withdraw;
  if (!why) return button(t('hk_withdraw'), { class: 'btn hk-withdraw', testid: 'withdraw', 'data-explain': explain, disabled: true });
  return button(t('hk_withdraw'), {
    class: 'btn hk-withdraw', testid: 'withdraw', 'aria-disabled': 'true', 'aria-label': `${t('hk_withdraw')}: ${tx(why)}`, data: { action: 'why', why: 'withdraw' },
  });
}

function bidControls(snap, ctx) {
  const v = snap.view;
  const amounts = bidAmounts(ctx);
  const value = v.hand_value ?? 0;
  const pass = withdrawButton(snap, ctx);
  const box = h('div', { class: 'hk-controls', testid: 'controls' });
  if (!amounts.length) {
    box.append(h('div', { class: 'hk-bid-row' }, pass));
    return box;
  }
  const cur = v.auction?.bid ?? 0;
  const amount = chosenAmount(ctx);
  const over = overBid(ctx, amount);
  box.append(h('div', { class: 'hk-bid-main' },
    h('div', { class: 'hk-bid-row hk-quick-row' }, h('span', { class: 'hk-label', text: t('hk_quick') }),
      quickBid(ctx, 'hk_plus1', cur + 1, 'bid-plus1'), quickBid(ctx, 'hk_plus5', cur + 5, 'bid-plus5')),
    amountPicker(amounts, amount, value, over, ctx),
    over ? h('p', { class: 'hk-overwarn', testid: 'overbid-warning', role: 'alert' },
      h('span', { class: 'hk-warn-icon', 'aria-hidden': 'true', text: '!' }), h('span', { text: tx(ctx.move('bid', { amount }).warn) })) : null,
    h('div', { class: 'hk-bid-row' },
      bidButton(ctx, amount, t('hk_bidN', amount), {
        class: ['hk-go', over ? 'btn-danger' : 'btn-primary'].join(' '), testid: 'bid', 'data-explain': t('hk_bidGoExplain', amount),
      }),
      pass)));
  return box;
}

// ---------------------------------------------------------------- paying

function suggestionRow(v, ctx) {
  const p = v.payment;
  const gold = goldByNumber(ctx);
  const sug = p.suggestion || [];
  if (!sug.length) return null;
  return h('div', { class: 'hk-suggest', testid: 'suggestion', data: { cards: sug.join(',') } },
    h('span', { class: 'hk-label', text: t('hk_suggest') }),
    h('span', { class: 'hk-row' }, sug.map((c) => chip(c, ['hk-sm', isDouble(v, gold.get(c)) ? 'is-double' : null]))),
    button([icon('check'), h('span', { text: t('hk_payThis') })], {
      class: 'btn btn-primary hk-paythis', testid: 'pay-this', disabled: ctx.ui.sending, data: { action: 'hk-pay-suggestion', move: 'pay' },
    }));
}

/** The cards of the hand as buttons: a card may be added when the engine says it may. */
function cardButtons(v, ctx, choice, ans) {
  const ui = ctx.ui;
  const waiting = ui.picks.length > 0 && !ans;
  const next = new Set(ui.picks.length ? (ans?.next || []) : ctx.movesOf('pay').map((m) => m.card));
  return h('div', { class: 'hk-pay-buttons', role: 'group', 'aria-labelledby': 'hk-pick-note' }, choice.cards.map((c) => {
    const left = c.count - ui.picks.filter((x) => x === c.number).length;
    const ok = next.has(c.number) && !waiting && !ui.sending;
    const worth = isDouble(v, c.gold);
    return button([h('span', { text: String(c.number) }), h('span', { class: 'hk-times', text: `×${left}` }), goldTag(v, c.gold)], {
      class: ['btn', 'hk-paycard', worth ? 'is-double' : null], testid: `pay-${c.number}`,
      data: { action: 'hk-pick', card: c.number, left, choice: 'pay', pick: c.number }, disabled: !ok,
      title: next.has(c.number) ? t('hk_pickCard', c.number) : t('hk_overpay'),
    });
  }));
}

/** The cards chosen so far (a tap takes one back) and what they are worth, from the engine. */
function selectionRow(v, ctx, ans) {
  const ui = ctx.ui;
  const gold = goldByNumber(ctx);
  const info = ans?.info;
  const choice = (ctx.choices || []).find((c) => c.id === 'pay');
  const text = ui.picks.length ? (info && choice ? paymentNow(info, choice) : '…') : nothingChosen(choice);
  const data = { picks: ui.picks.join(' '), complete: ans?.complete ? 'yes' : 'no', waiting: ui.picks.length && !ans ? 'yes' : 'no' };
  return h('div', { class: 'hk-selection', testid: 'selection', data },
    h('span', { class: 'hk-sel-text', text }),
    h('span', { class: 'hk-row' }, ui.picks.map((c, i) => button(String(c), {
      class: ['hk-chip', 'hk-sm', 'hk-picked', isDouble(v, gold.get(c)) ? 'is-double' : null], testid: `picked-${i}`,
      data: { action: 'hk-unpick', index: i, choice: 'pay', unpick: c }, disabled: ui.sending, 'aria-label': t('hk_unpick', c),
    }))),
    ans && !ans.valid && ans.why ? h('p', { class: 'hk-why', role: 'alert', text: tx(ans.why) }) : null);
}

/**
 * The selection's words before a card is chosen here: once cards are in the payment already
 * (paid earlier, or after a reload), what is still missing, not "no card chosen" beside them.
 */
function nothingChosen(choice) {
  if (choice?.paid?.length && choice.missing > 0) return t('hk_chosenMore', choice.missing);
  return t('hk_chosenNone');
}

/** What a payment reaches with the chosen cards, in words (the compose answer's `info`). */
function paymentNow(info, choice) {
  if (info.missing > 0) return t('pv_hkMissing', info.value, info.bid, info.missing);
  if (info.over > 0) return t('pv_hkOver', info.value, info.bid, info.over, choice.daughter, choice.double);
  return t('pv_hkEnough', info.value, info.bid);
}

/** The number that counts double now, with the figures of the payment: the engine's (the
 * compose answer's `info`, or the choice's own before any pick). */
function reachNote(choice, ans, picks) {
  const info = picks.length ? ans?.info : choice;
  if (!choice || !info) return null;
  return h('span', {
    class: 'hk-reach', testid: 'pay-reach', data: { value: info.value, bid: info.bid, missing: info.missing, reach: info.reach },
    text: t('pv_hkDouble', choice.daughter, choice.double),
  });
}

/**
 * The payment's one counter: the gold put in so far, the cards chosen here included once the
 * engine has judged them (its compose answer's `info.value`), then the cards already paid; the
 * selection's words below say only what is missing or over (issue 31's second trial saw
 * "Put in: 0 of 6" above "So far 2 of 6").
 */
function paidLine(p, choice, ans, picks) {
  const value = picks.length && ans?.info ? ans.info.value : p.value;
  return h('p', { class: 'hk-paid', testid: 'paid-so-far', data: { value, bid: p.bid } },
    h('span', { text: t(picks.length && ans?.info ? 'hk_payCounterChosen' : 'hk_payCounter', value, p.bid) }), h('span', { class: 'hk-row' }, (p.cards || []).map((c) => chip(c, 'hk-sm'))),
    reachNote(choice, ans, picks));
}

function payControls(v, ctx) {
  const p = v.payment;
  const choice = (ctx.choices || []).find((c) => c.id === 'pay');
  const ui = ctx.ui;
  const ans = answered(ui);
  const box = h('div', { class: 'hk-controls hk-pay', testid: 'controls' },
    h('h3', { class: 'hk-title', testid: 'pay-title', text: t(boughtBy(v, p) === p.payer ? 'hk_payTitle' : 'hk_payLost', p.bid, p.daughter) }),
    paidLine(p, choice, ans, ui.picks),
    suggestionRow(v, ctx));
  if (!choice) return box;
  box.append(
    h('p', { class: 'hk-label hk-pick-note', id: 'hk-pick-note', text: t('hk_orPick') }),
    cardButtons(v, ctx, choice, ans),
    selectionRow(v, ctx, ans),
    h('div', { class: 'hk-bid-row' },
      button(t('hk_paySelected'), {
        class: 'btn btn-primary', testid: 'pay-selected', data: { action: 'hk-pay-selected', confirm: 'pay' }, disabled: !ans?.complete || ui.sending,
      }),
      button(t('hk_clear'), { class: 'btn', testid: 'pay-clear', data: { action: 'hk-clear', reset: 'pay' }, disabled: !ui.picks.length || ui.sending })));
  return box;
}

function actionZone(snap, ctx) {
  const v = snap.view;
  if (!ctx.canAct || !((ctx.moves || []).length || (ctx.choices || []).length)) return null;
  if (v.phase === 'pay' && v.payment) return payControls(v, ctx);
  if (v.phase === 'bid') return bidControls(snap, ctx);
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

function summaryRow(sm, ctx, ss, s) {
  const win = sm.winner === s;
  const tied = sm.reason === 'tie' && (sm.top || []).includes(s);
  return h('tr', {
    class: [win ? 'is-winner' : null, tied ? 'is-tied' : null, ss.eliminated ? 'is-eliminated' : null],
    testid: `summary-row-${s}`, data: { total: ss.total, bonus: ss.bonus, winner: win ? 'yes' : 'no' },
  },
  h('th', { scope: 'row', class: 'hk-c-name' }, win ? icon('crown', 'crown-mini') : null, who(ctx.names[s], s),
    ss.eliminated ? h('span', { class: 'badge hk-badge-out', text: t('hk_eliminated'), data: { gloss: 'Eliminated' } }) : null),
  h('td', {}, h('span', { class: 'hk-row' }, ss.daughters.length ? ss.daughters.map((d) => chip(d, 'hk-xs hk-dchip')) : '–'),
    ss.daughters.length ? h('span', { class: 'hk-muted-s hk-nowrap', text: ` = ${ss.daughter_points}` }) : null),
  h('td', { class: 'hk-c-num hk-c-cards', text: String(ss.cards) }),
  // on a phone the cards left are said under the bonus they give (their column is hidden there)
  h('td', { class: 'hk-c-num' }, `+${ss.bonus}`, h('span', { class: 'hk-sum-cards', text: tp('hk_cardsLeftN', ss.cards) })),
  h('td', { class: 'hk-c-num hk-c-total', text: String(ss.total) }),
  h('td', { class: 'hk-c-num' }, h('b', { text: String(ss.points ?? '') }), win ? h('span', { class: 'hk-plus', text: ` (${t('hk_plusPoint')})` }) : null));
}

/** The full table of one round's result (between rounds). */
function summaryTable(sm, ctx) {
  const head = h('tr', {},
    h('th', { scope: 'col', class: 'hk-c-name', text: t('hk_colPlayer') }),
    h('th', { scope: 'col', text: t('hk_colDaughters') }),
    h('th', { scope: 'col', class: 'hk-c-num hk-c-cards', text: t('hk_colCards') }),
    h('th', { scope: 'col', class: 'hk-c-num', text: t('hk_colBonus') }),
    h('th', { scope: 'col', class: 'hk-c-num', text: t('hk_colTotal') }),
    h('th', { scope: 'col', class: 'hk-c-num', text: t('hk_colVp') }));
  const rows = sm.seats.map((ss, s) => summaryRow(sm, ctx, ss, s));
  return h('table', { class: 'hk-sum-table', testid: 'summary-table' }, h('thead', {}, head), h('tbody', {}, rows));
}

function summaryCard(snap, ctx, sm, { closable = false, notes = true } = {}) {
  const v = snap.view;
  const anyOut = sm.seats.some((ss) => ss.eliminated);
  const next = snap.over ? null : sm.next_start;
  return h('section', {
    class: 'hk-sum-card', testid: 'round-summary', data: { round: sm.round, reason: sm.reason },
    role: closable ? 'dialog' : undefined, 'aria-labelledby': closable ? 'hk-sum-title' : undefined,
  },
  h('h2', { class: 'hk-sum-head', id: closable ? 'hk-sum-title' : undefined, text: t('hk_roundOver', sm.round) }),
  reasonLine(sm, ctx),
  tieLine(sm, ctx),
  h('div', { class: 'hk-sum-scroll' }, summaryTable(sm, ctx)),
  notes && v.bonus_cards ? h('p', { class: 'hk-sum-note', text: t('hk_bonusRule', v.bonus_cards) }) : null,
  notes && anyOut ? h('p', { class: 'hk-sum-note', text: t('hk_outNoPoint') }) : null,
  next !== null && next !== undefined ? h('p', { class: 'hk-sum-note' }, tn('hk_nextStart', String(sm.round + 1), who(ctx.names[next], next))) : null,
  closable ? h('div', { class: 'hk-sum-actions' },
    button(t('hk_continue', sm.round + 1), {
      class: 'btn btn-primary btn-lg', testid: 'summary-continue', data: { action: 'hk-summary-continue', round: sm.round, autofocus: '', release: '' },
    })) : null);
}

// ---------------------------------------------------------------- the table

/**
 * The table: the daughters, the auction and the players, the viewer's hand and controls; the
 * summary of a round just ended over it until the viewer closes it.
 * @param {import('../types.js').Snapshot} snap
 * @param {import('../types.js').TableContext} ctx
 */
export function table(snap, ctx) {
  const v = snap.view;
  const sm = pendingSummary(snap, ctx);
  const layered = covered(snap, ctx);
  const controls = actionZone(snap, ctx);
  // while paying, the payment's card buttons show the hand (with what each card is worth)
  const hand = controls && v.phase === 'pay' ? null : handZone(snap, ctx);
  const board = h('div', { class: 'hk', testid: 'hitokai', 'aria-hidden': layered ? 'true' : undefined, inert: layered },
    sm && !layered ? summaryCard(snap, ctx, sm) : null,
    daughterRow(v, ctx),
    h('div', { class: 'hk-mid' }, auctionBox(v, ctx), seatsTable(snap, ctx)),
    h('div', { class: 'hk-action', testid: 'action-zone' }, hand, controls));
  return h('div', { class: 'hk-wrap' }, board,
    layered ? h('div', { class: 'hk-sum-layer', testid: 'round-summary-layer' }, summaryCard(snap, ctx, sm, { closable: true })) : null);
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
      ss.eliminated ? h('span', { class: 'badge hk-badge-out', text: t('hk_eliminated'), data: { gloss: 'Eliminated' } }) : null))));
}

/**
 * The side panel: the results of the rounds played, the latest first.
 * @param {import('../types.js').Snapshot} snap
 * @param {import('../types.js').TableContext} ctx
 */
export function side(snap, ctx) {
  const v = snap.view;
  if (!v.summaries || !v.summaries.length) return [];
  return [h('section', { class: 'side-panel hk-summaries', testid: 'summaries' },
    h('h2', { class: 'side-title', text: t('hk_summaries') }),
    h('div', { class: 'hk-summaries-scroll', tabindex: '0', role: 'region', 'aria-label': t('hk_summaries') }, [...v.summaries].reverse().map((sm) => summaryBlock(sm, ctx))))];
}

// ---------------------------------------------------------------- end of game

/**
 * The end screen's part: victory points, rounds won and round totals, and the last round.
 * @param {import('../types.js').Snapshot} snap
 * @param {import('../types.js').TableContext} ctx
 */
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
  // each round named ("Round 1, Round 3"): bare numbers read like a count of rounds won
  h('td', { testid: `rounds-won-${s}`, text: (b.rounds_won || []).map((r) => t('hk_round', r)).join(t('hk_listSep')) || '–' }),
  h('td', { text: (b.totals || []).join(' · ') || '–' })));
  const sums = snap.view.summaries || [];
  const last = sums[sums.length - 1];
  return h('div', { class: 'hk-result-wrap' },
    h('div', { class: 'result-wrap' }, h('table', { class: 'result hk-result', testid: 'result' }, h('thead', {}, head), h('tbody', {}, rows))),
    // the last round's results fold away (they are in the side column too): the places and the
    // final table stay in view without scrolling (e2e/test_layout.py)
    last ? h('details', { class: 'hk-last-round', testid: 'end-last-round' },
      h('summary', { text: t('hk_lastRound', last.round) }), summaryCard(snap, ctx, last, { notes: false })) : null);
}

// ---------------------------------------------------------------- setup option: first start player

/**
 * The setup page's field for the first start player (H6): random (the option left out of the
 * record: the engine draws the seat) or a seat. A form on the setup page, not a table drawing.
 * @param {{options: Record<string, any>}} state the setup page's state
 * @param {string[]} names the seats' names
 */
export function setupOptions(state, names) {
  const field = startPlayerField(state, names, { option: 'start', id: 'hk-opt-start', label: t('hk_firstStart') });
  field.append(h('p', { class: 'field-help', testid: 'opt-start-help', text: t('hk_firstStartHelp') }));
  return field;
}

/**
 * The payment being composed (the tutorial marks its next pick from it; docs/table-layer.md).
 * @param {import('../types.js').Snapshot} _snap
 * @param {import('../types.js').TableContext} ctx
 */
export function selection(_snap, ctx) {
  return (ctx.choices || []).some((c) => c.id === 'pay') ? { choice: 'pay', picks: ctx.ui.picks || [] } : null;
}

export default { initUi, statusChips, prompt, table, side, result, actions, holdBots, covered, setupOptions, selection, reachSteps };
