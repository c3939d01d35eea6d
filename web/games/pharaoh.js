// Return of the Pharaoh (ファラオの帰還): draws a seat's view and the moves the engine offers
// (docs/table-layer.md). No rule is decided here and no notation is read or written: the passes
// are the engine's moves (sent back by their `a`), a declaration is the engine's `declare` choice
// (the cards picked are composed by the engine, which answers the running total and the actions
// to play), and every figure shown (card values, the kinds bonus...) comes from the view.

import { h, svg, button, loadStyle } from '../ui/dom.js';
import { icon } from '../ui/card.js';
import { t, tn, tp, tx, levelName, hiddenHandWords, STRINGS } from '../i18n.js';
import { startPlayerField } from '../ui/options.js';
import { seatExplain } from '../ui/explain.js';

loadStyle(new URL('./pharaoh.css', import.meta.url).href);

Object.assign(STRINGS, {
  ph_round: { en: 'Round', ja: 'ラウンド' },
  ph_auctionOf: { en: 'Auction {0} of {1}', ja: '競り {0}/{1}' },
  ph_deck: { en: 'Deck', ja: '山札' },
  ph_deckLeft: { en: { one: '{0} card left in the deck', other: '{0} cards left in the deck' }, ja: '山札の残り{0}枚' },
  ph_offer: { en: 'Offer', ja: '場札' },
  ph_now: { en: 'Now', ja: '競り中' },
  ph_next: { en: 'Next', ja: '次' },
  ph_later: { en: 'Later', ja: '待機' },
  ph_removedCard: { en: 'Removed', ja: '除外' },
  ph_wonBy: { en: 'Won by {0}', ja: '{0}が獲得' },
  ph_highest: { en: 'Highest', ja: '最高' },
  ph_noBid: { en: 'No bid yet', ja: '宣言なし' },
  ph_hospital: { en: 'Hospital', ja: '病院' },
  ph_hospitalEmpty: { en: 'Empty', ja: '誰もいません' },
  ph_cardsN: { en: { one: '{0} card', other: '{0} cards' }, ja: '{0}枚' },
  ph_hospSum: { en: 'sum {0}', ja: '合計{0}' },
  ph_hospExplain: {
    en: { one: '{0} member card waits in the hospital, its number {1}. A Pharaoh pass takes every card here to the tent of the player who makes it.', other: '{0} member cards wait in the hospital; their numbers add up to {1}. A Pharaoh pass takes every card here to the tent of the player who makes it.' },
    ja: '病院で隊員カード{0}枚が待っています（数字の合計{1}）。ファラオパスをした人が、ここの全員を自分のテントへ移します。',
  },
  ph_start: { en: 'Start', ja: 'スタート' },
  ph_startTitle: { en: 'Start player of this auction', ja: 'この競りのスタートプレイヤー' },
  ph_horus: { en: 'Horus chip', ja: 'ホルスチップ' },
  ph_declares: { en: 'declares', ja: '宣言' },
  ph_noDeclaration: { en: 'No bid', ja: '宣言なし' },
  ph_leading: { en: 'Leading', ja: '最高値' },
  ph_passedHorus: { en: 'Horus pass', ja: 'ホルスパス' },
  ph_passedPharaoh: { en: 'Pharaoh pass', ja: 'ファラオパス' },
  ph_passedPlain: { en: 'Passed', ja: 'パス' },
  ph_handCount: { en: { one: '{0} member card in hand', other: '{0} member cards in hand' }, ja: '手札の隊員カード{0}枚' },
  ph_pharaohCards: { en: 'Pharaoh cards', ja: 'ファラオカード' },
  ph_pharaohLeftPlayed: { en: '{0} left (bright), {1} spent (faded)', ja: '残り{0}枚（濃い色）・使用済み{1}枚（薄い色）' },
  ph_tent: { en: 'Tent', ja: 'テント' },
  ph_tentEmpty: { en: 'empty', ja: 'なし' },
  ph_noTreasure: { en: 'No treasure yet', ja: '財宝なし' },
  ph_scoreNow: { en: { one: '{0} item + {1} kinds bonus', other: '{0} items + {1} kinds bonus' }, ja: '財宝{0}点+種類ボーナス{1}点' },
  // "?" on the seat's score, on cards and on the declaration's sums said only a name, or nothing
  // (a beginner's trial: the score read 21, the result 22, for a flag member)
  ph_scoreExplain: {
    en: { one: 'Treasure points so far: {0} item + {1} kinds bonus. Flag members are not counted here: at the end each one in a hand or tent adds 1 point.', other: 'Treasure points so far: {0} items + {1} kinds bonus. Flag members are not counted here: at the end each one in a hand or tent adds 1 point.' },
    ja: 'ここまでの財宝の点：財宝{0}点+種類ボーナス{1}点。旗の隊員はここに含まれません。終了時に手札とテントの旗の隊員1枚につき1点が加わります。',
  },
  ph_memberExplain: {
    en: 'Member {0}: a member card worth {0}. Put members in front of you to declare their sum. Members that win a treasure go to the hospital; members that win a flag member rest in your tent until the round ends.',
    ja: '隊員{0}：数字{0}の隊員カードです。手元に出して、その合計を宣言します。財宝を獲得した隊員は病院へ、旗の隊員を獲得した隊員はラウンドの終わりまでテントで休みます。',
  },
  ph_flagMemberExplain: {
    en: 'Flag member {0}: a member card worth {0}, won from the deck and played like any other. At the end, each flag member in your hand or tent is worth 1 point.',
    ja: '旗の隊員{0}：山札から獲得する数字{0}の隊員カードで、ほかの隊員と同じように使えます。終了時、手札とテントにある旗の隊員1枚につき1点です。',
  },
  ph_treasureExplain: {
    en: '{0}: a treasure card. The highest declaration of its auction wins it. At the end each item on your treasures is 1 point, and more kinds give a bonus.',
    ja: '{0}：財宝カードです。競りで最も高く宣言した人が獲得します。終了時、財宝の個数1つにつき1点、種類が多いほどボーナスが入ります。',
  },
  ph_pharaohExplain: {
    en: 'Pharaoh card: spend it on a Pharaoh pass, which moves every member in the hospital to your tent; they join your hand when the round ends.',
    ja: 'ファラオカード：ファラオパスに使います。病院にいる隊員全員を自分のテントへ移し、ラウンドの終わりに自分の手札に加わります。',
  },
  ph_sumExplain: {
    en: 'In front {0}: the members you already put in front of you in this auction. Adding {1}: the cards picked now. Your declaration is their sum (and the round bonus, if you add it).',
    ja: '手元{0}：この競りですでに手元に出した隊員の合計。追加{1}：いま選んでいるカードの合計。宣言はその合計です（ラウンドボーナスを加えるならその分も）。',
  },
  ph_hospEmptyExplain: {
    en: 'Nobody is in the hospital. Members that win a treasure come here and stay, round after round, until a Pharaoh pass moves them to a tent.',
    ja: '病院には誰もいません。財宝を獲得した隊員はここに来て、ファラオパスでテントへ移されるまで、ラウンドをまたいで留まります。',
  },
  ph_yourHand: { en: 'Your hand', ja: 'あなたの手札' },
  ph_noMembers: { en: 'No member card in hand: you can only pass.', ja: '手札に隊員カードがありません。パスしかできません。' },
  ph_tapToSelect: { en: 'Tap member cards to put them in front of you.', ja: '手元に出す隊員カードをタップしてください。' },
  ph_newTotal: { en: 'Your declaration', ja: 'あなたの宣言' },
  ph_sumLine: { en: 'in front {0} + adding {1}', ja: '手元{0}+追加{1}' },
  ph_bonusLine: { en: '+ round bonus {0}', ja: '+ラウンドボーナス{0}' },
  ph_mustBeat: { en: 'Must be higher than {0}', ja: '{0}人を上回る必要があります' },
  ph_anyTotal: { en: 'Any total of 1 or more', ja: '1人以上なら宣言できます' },
  ph_bonus: { en: 'Add the round bonus (+{0})', ja: 'ラウンドボーナス（+{0}）を加える' },
  ph_bonusHelp: { en: 'Only for the start player opening the auction.', ja: 'スタートプレイヤーが最初に宣言するときだけ。' },
  ph_bonusMarkExplain: {
    en: 'Round bonus: the start player added {0} (the round number) to this opening declaration, on top of the cards in front.',
    ja: 'ラウンドボーナス：スタートプレイヤーが最初の宣言に、出したカードに加えて{0}（ラウンド数）を足しました。',
  },
  ph_declare: { en: 'Declare {0}', ja: '{0}人と宣言' },
  ph_selectCards: { en: 'Choose cards', ja: 'カードを選ぶ' },
  ph_clear: { en: 'Clear', ja: '選択解除' },
  ph_passes: { en: 'Or pass', ja: 'またはパス' },
  ph_passHorus: { en: 'Horus pass', ja: 'ホルスパス' },
  // what each pass does, said whole by "?" and a tap (the button's caption is a few words)
  ph_passHorusExplain: {
    en: 'Horus pass: you drop out of this auction and take the Horus chip (or keep it). Whoever holds the chip starts every auction from the next one on, and a start player who opens with a declaration may add the round number to it. Only one player per auction may make it. The cards you put in front of you go back to your hand when the auction ends.',
    ja: 'ホルスパス：この競りから降りて、ホルスのチップを取ります（持っていればそのまま）。チップを持つ人が次の競りから先手になり、先手が最初に宣言するときはラウンドの数を足せます。1回の競りでできるのは1人だけです。前に出したカードは競りの終わりに手札に戻ります。',
  },
  ph_passPharaohExplain: {
    en: 'Pharaoh pass: you drop out of this auction and spend a Pharaoh card: every member card now in the hospital (where the cards that win a treasure go) moves to your tent and comes back to your hand when the round ends, so you have more cards to bid with. With the hospital empty it gains nothing. The cards you put in front of you go back to your hand when the auction ends.',
    ja: 'ファラオパス：この競りから降りて、ファラオカードを1枚使います。いま病院（宝を競り落としたカードが行く場所）にあるメンバーカードがすべてあなたのテントに入り、ラウンドの終わりに手札に戻るので、入札に使えるカードが増えます。病院が空なら何も得られません。前に出したカードは競りの終わりに手札に戻ります。',
  },
  ph_passPlainExplain: {
    en: 'Pass: you drop out of this auction, with no other effect. The cards you put in front of you go back to your hand when the auction ends.',
    ja: 'パス：この競りから降ります。ほかの効果はありません。前に出したカードは競りの終わりに手札に戻ります。',
  },
  ph_passHorusHelp: { en: 'take the chip: start the next auction', ja: 'チップを取り、次の競りの先手に' },
  ph_passHorusKeep: { en: 'keep the chip: start the next auction', ja: 'チップを保持し、次の競りの先手に' },
  ph_passPharaoh: { en: 'Pharaoh pass', ja: 'ファラオパス' },
  ph_passPharaohHelp: { en: 'hospital ({0}) to your tent', ja: '病院の隊員（{0}枚）を自分のテントへ' },
  ph_passPharaohEmpty: { en: 'the hospital is empty', ja: '病院は空です' },
  ph_passPlain: { en: 'Pass', ja: 'パス' },
  ph_passPlainHelp: { en: 'no effect', ja: '効果なし' },
  // the status bar's prompt: two short lines beside the Hint, "?", Rules and Undo buttons
  ph_promptBonus: { en: 'You start: declare (+{0} bonus) or pass.', ja: 'あなたがスタート。宣言（+{0}可）かパス。' },
  ph_promptOpen: { en: 'Your turn: declare any total, or pass.', ja: 'あなたの番。好きな人数で宣言かパス。' },
  ph_promptBeat: { en: 'Your turn: declare more than {0}, or pass.', ja: 'あなたの番。{0}人より多く宣言かパス。' },
  ph_promptOnlyPass: { en: 'Your turn: you can only pass.', ja: 'あなたの番。パスしかできません。' },
  ph_waitTurn: { en: 'Auction: {0} is to move.', ja: '競り中：{0}の番です。' },
  ph_waitYou: { en: 'Waiting for the others.', ja: 'ほかのプレイヤーを待っています。' },
  ph_turnNext: { en: 'Your turn comes next.', ja: '次はあなたの番です。' },
  ph_scoring: { en: 'Scoring', ja: '得点' },
  ph_scoreItems: { en: { one: '{0} point per item on your treasures', other: '{0} points per item on your treasures' }, ja: '財宝の個数1つにつき{0}点' },
  ph_scoreKinds: { en: 'Different kinds', ja: '財宝の種類数' },
  ph_scoreFlags: { en: 'Flag member in hand or tent: +{0} each', ja: '手札とテントの旗の隊員：1枚{0}点' },
  ph_removedList: { en: 'Out of the game', ja: '除外された札' },
  ph_firstStart: { en: 'First holder of the Horus chip', ja: '最初にホルスチップを持つ人' },
  // end screen
  ph_colTreasures: { en: 'Treasures', ja: '財宝' },
  ph_colItems: { en: 'Items', ja: '財宝点' },
  ph_colKinds: { en: 'Kinds bonus', ja: '種類ボーナス' },
  ph_colFlags: { en: 'Flag bonus', ja: '旗ボーナス' },
  ph_colTie: { en: 'Tie-break:', ja: '同点判定：' },
  ph_colMembers: { en: 'member sum', ja: '隊員の合計' },
  ph_tieExplain: { en: 'On a tie in points, the larger member sum wins: the numbers of the members in hand and tent added up.', ja: '得点が同じなら、隊員の合計（手札とテントの隊員の数字を足したもの）が大きい人の勝ちです。' },
  ph_kindsN: { en: { one: '{0} kind', other: '{0} kinds' }, ja: '{0}種類' },
  // cards
  ph_member: { en: 'Member {0}', ja: '隊員{0}' },
  ph_flagMember: { en: 'Flag member {0}', ja: '旗の隊員{0}' },
  ph_pharaoh: { en: 'Pharaoh card', ja: 'ファラオカード' },
  ph_k_throne: { en: 'Throne', ja: '玉座' },
  ph_k_jar: { en: 'Jars', ja: '壺' },
  ph_k_sword: { en: 'Swords', ja: '剣' },
  ph_k_ankh: { en: 'Ankhs', ja: 'アンク' },
  ph_k_gold: { en: 'Gold coins', ja: '金貨' },
  ph_t_throne: { en: { one: '{0} throne', other: '{0} thrones' }, ja: '玉座{0}脚' },
  ph_t_jar: { en: { one: '{0} jar', other: '{0} jars' }, ja: '壺{0}個' },
  ph_t_sword: { en: { one: '{0} sword', other: '{0} swords' }, ja: '剣{0}本' },
  ph_t_ankh: { en: { one: '{0} ankh', other: '{0} ankhs' }, ja: 'アンク{0}個' },
  ph_t_gold: { en: { one: '{0} gold coin', other: '{0} gold coins' }, ja: '金貨{0}枚' },
  // a treasure chip ("1·5"): the cards of one kind won, one number per card
  ph_chipExplain: {
    en: { one: '{1}: 1 card won, with {2} items ({3} points).', other: '{1}: {0} cards won, {4} = {2} items ({3} points). Each number is one card.' },
    ja: '{1}：獲得した札{0}枚、{4}で{2}個（{3}点）。数字は札1枚ごとの個数です。',
  },
  ph_horusTaken: { en: 'already made', ja: '使用済み' },
  ph_noPharaohLeft: { en: 'no card left', ja: 'カードなし' },
});

// ---------------------------------------------------------------- cards (drawn from the view's legends)

/**
 * The legends of a view: what each member card and each deck card shows.
 * @param {Record<string, any>} v the view
 */
function legend(v) {
  return { members: v.member_cards || {}, deck: v.deck_cards || {} };
}

/** A counted string: the `<key>1` wording for exactly one (English needs it). */
function count(key, n) {
  return tp(key, n);
}

function memberLabel(info) {
  return info.flag ? t('ph_flagMember', info.value) : t('ph_member', info.value);
}

function deckLabel(info) {
  if (info.kind === 'flag') return t('ph_flagMember', info.number);
  return count(`ph_t_${info.kind}`, info.number);
}

/** The members on some member cards (from the legend's values). */
function membersOf(L, cards) {
  return cards.reduce((sum, c) => sum + (L.members[c]?.value ?? 0), 0);
}

// Marks in a 24x24 box, drawn with currentColor: every kind has its own shape.
const PATHS = {
  throne: 'M6 2h3.4v8.4H18V22h-2.8v-8H8.8v8H6z M4.5 9h1.5v3H4.5z M18 8.6h1.6v3H18z',
  jar: 'M8.6 2h6.8v2.2l-1.3 1.5c3.1 1.3 5.2 4.2 5.2 7.8 0 4.3-2.9 7.7-7.3 8.5-4.4-.8-7.3-4.2-7.3-8.5 0-3.6 2.1-6.5 5.2-7.8L8.6 4.2z M3 9.2c.9-1.5 2-2.3 3.2-2.6l.4 1.6c-.8.3-1.4.8-2 1.8z M21 9.2c-.9-1.5-2-2.3-3.2-2.6l-.4 1.6c.8.3 1.4.8 2 1.8z',
  sword: 'M12 1 14.2 4.4V14.4H9.8V4.4z M5.5 14.6h13v2.6h-13z M10.7 17.2h2.6v3.6h-2.6z M12 20a1.9 1.9 0 1 1 0 3.8 1.9 1.9 0 0 1 0-3.8z',
  ankh: 'M12 1.2c-3.1 0-5.1 2.6-5.1 5.7 0 2 .9 3.7 2.2 5.1H4v3h6.5V23h3V15h6.5v-3h-5.1c1.3-1.4 2.2-3.1 2.2-5.1 0-3.1-2-5.7-5.1-5.7zm0 2.8c1.3 0 2.2 1.3 2.2 3 0 1.8-.9 3.4-2.2 4.5-1.3-1.1-2.2-2.7-2.2-4.5 0-1.7.9-3 2.2-3z',
  gold: 'M12 2.2a9.8 9.8 0 1 1 0 19.6 9.8 9.8 0 0 1 0-19.6z M12 5a7 7 0 1 0 0 14 7 7 0 0 0 0-14z M12 7.2l1.4 3.4 3.4 1.4-3.4 1.4-1.4 3.4-1.4-3.4L7.2 12l3.4-1.4z',
  flag: 'M4.6 1.8h2.4v20.4H4.6z M7 2.6h13l-4 5 4 5H7z',
  member: 'M12 1.8a3.4 3.4 0 1 1 0 6.8 3.4 3.4 0 0 1 0-6.8z M6.6 10h10.8l-1.6 6.6h-1.7l-.8 5.6H10.7l-.8-5.6H8.2z',
  pharaoh: 'M12 1.6C7.5 1.6 5.3 4.4 4.9 7.9L2.8 20.6h5.6l.7-3.6h5.8l.7 3.6h5.6L19.1 7.9C18.7 4.4 16.5 1.6 12 1.6z M9.1 7h5.8v5.4c0 2.1-1.3 3.6-2.9 3.6s-2.9-1.5-2.9-3.6z M4.9 10.1h3.5v1.2H4.7z M4.4 13.3h4v1.2H4.2z M15.6 10.1h3.5l.2 1.2h-3.7z M15.6 13.3h4l.2 1.2h-4.2z M10.8 16.6h2.4l.4 5.6h-3.2z M11.2 2.6h1.6v3.2h-1.6z',
  tent: 'M12 2.2 23 21.5H1z M12 9.6 8.2 21.5h7.6z',
  hospital: 'M3 3h18v18H3z M10 6.5v3.5H6.5v4H10v3.5h4V14h3.5v-4H14V6.5z',
  skip: 'M3 5.5v13l8.5-6.5z M12 5.5v13l8.5-6.5z',
  deck: 'M6 3.5h12.5v17H6z M3.5 6h1.3v16.2h11v1.3H3.5z',
};
const EVEN_ODD = new Set(['gold', 'ankh', 'pharaoh', 'tent', 'hospital']);

/**
 * A mark (24x24, drawn with currentColor): a kind of treasure, a pass, the tent...
 * @param {string} name
 * @param {string} [cls]
 */
export function glyph(name, cls = '') {
  if (name === 'horus') return horusEye(cls);
  return svg('svg', { class: `ph-glyph ph-g-${name} ${cls}`, viewBox: '0 0 24 24', 'aria-hidden': 'true', fill: 'currentColor' },
    svg('path', { d: PATHS[name], 'fill-rule': EVEN_ODD.has(name) ? 'evenodd' : undefined }));
}

function horusEye(cls = '') {
  return svg('svg', { class: `ph-glyph ph-g-horus ${cls}`, viewBox: '0 0 24 24', 'aria-hidden': 'true', fill: 'none', stroke: 'currentColor', 'stroke-width': 1.9, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' },
    svg('path', { d: 'M3 5.2c3-1.7 6.5-2 9.5-1.2 2.6.7 5.3.6 8.2-.3' }),
    svg('path', { d: 'M2.5 10.5C5 7.4 8 6.4 11.5 6.6c3.6.2 6.4 1.6 9.6 3.9-3.3 1.6-6.2 2.7-9.6 2.6-3.6-.1-6.4-1.1-9-2.6z' }),
    svg('circle', { cx: 11.6, cy: 9.6, r: 2.3, fill: 'currentColor', stroke: 'none' }),
    svg('path', { d: 'M10 13.1v7.4' }),
    svg('path', { d: 'M14.5 12.9c1.4 2.5 3.4 4.4 5.6 4.6 1.6.1 2-1.6.9-2.2-1-.5-1.9.4-1.5 1.2' }));
}

/**
 * A card box: an element with an SVG face (60x84). A button takes its name from the face (an
 * image named by `label`), so the name is what the card shows.
 * @param {SVGElement} face
 * @param {{size?: string, tag?: string, label?: string, cls?: any, 'data-explain'?: string, [attr: string]: any}} [opts]
 */
function cardBox(face, { size = 'md', tag = 'div', label, cls, 'data-explain': explain, ...props } = {}) {
  if (tag === 'button' && label) {
    face.removeAttribute('aria-hidden');
    face.setAttribute('role', 'img');
    face.setAttribute('aria-label', label);
    // "?" on a card reaches its face (the named picture over the whole button): what the card
    // does, not only its name
    if (explain) face.setAttribute('data-explain', explain);
  }
  return h(tag, {
    class: ['ph-card', `ph-${size}`, ...[cls].flat(Infinity)],
    ...(tag === 'button' ? { type: 'button' } : { role: 'img', 'aria-label': label, title: label, 'data-explain': explain }),
    ...props,
  }, face);
}

function pips(n, cy) {
  // n small figures in a row: the number of members on the card
  const out = [];
  const w = 6.4;
  const x0 = 30 - ((n - 1) * w) / 2;
  for (let i = 0; i < n; i += 1) {
    out.push(svg('g', { transform: `translate(${(x0 + i * w - 3).toFixed(2)} ${cy}) scale(0.25)` }, svg('path', { d: PATHS.member })));
  }
  return svg('g', { class: 'ph-pips' }, out);
}

/**
 * A member card: plain (papyrus, a figure at the top) or flag (red frame, a flag).
 * @param {{members: object}} L the view's legends
 * @param {number} c the card as in the view
 * @param {Record<string, any>} [opts] size, tag, label, cls, data and other attributes
 */
export function memberCard(L, c, opts = {}) {
  const info = L.members[c] || { value: 0, flag: false };
  const n = info.value;
  const face = svg('svg', { class: 'ph-face', viewBox: '0 0 60 84', 'aria-hidden': 'true' },
    svg('rect', { class: 'ph-bg', x: 1.5, y: 1.5, width: 57, height: 81, rx: 7 }),
    info.flag ? svg('rect', { class: 'ph-frame', x: 5, y: 5, width: 50, height: 74, rx: 4 }) : null,
    svg('g', { class: 'ph-top', transform: info.flag ? 'translate(6 6) scale(0.8)' : 'translate(6 6) scale(0.7)' }, svg('path', { d: PATHS[info.flag ? 'flag' : 'member'] })),
    svg('text', { class: 'ph-corner', x: 50, y: 19, 'text-anchor': 'middle' }, String(n)),
    svg('text', { class: 'ph-num', x: 30, y: 58, 'text-anchor': 'middle' }, String(n)),
    pips(n, 66));
  return cardBox(face, {
    ...opts, label: opts.label ?? memberLabel(info), 'data-explain': t(info.flag ? 'ph_flagMemberExplain' : 'ph_memberExplain', n),
    cls: ['ph-member', info.flag ? 'is-flag' : 'is-plain', opts.cls], data: { card: c, ...(opts.data || {}) },
  });
}

/**
 * A deck card: a treasure (kind mark and item count) or a flag member card.
 * @param {{members: object, deck: object}} L the view's legends
 * @param {string} card the card as in the view (`jar2`)
 * @param {Record<string, any>} [opts]
 */
export function deckCard(L, card, opts = {}) {
  const info = L.deck[card] || { kind: 'gold', number: 0 };
  const { kind, number: n } = info;
  const named = deckLabel(info);
  if (info.member !== undefined) {
    return memberCard(L, info.member, { ...opts, label: opts.label ?? named, data: { deck: card, ...(opts.data || {}) }, 'data-flip': `ph-d-${card}` });
  }
  const face = svg('svg', { class: 'ph-face', viewBox: '0 0 60 84', 'aria-hidden': 'true' },
    svg('rect', { class: 'ph-bg', x: 1.5, y: 1.5, width: 57, height: 81, rx: 7 }),
    svg('rect', { class: 'ph-band', x: 1.5, y: 1.5, width: 57, height: 18, rx: 7 }),
    svg('text', { class: 'ph-corner ph-corner-light', x: 9, y: 15, 'text-anchor': 'middle' }, String(n)),
    svg('g', { class: 'ph-mark', transform: 'translate(13 21) scale(1.42)' }, svg('path', { d: PATHS[kind], 'fill-rule': EVEN_ODD.has(kind) ? 'evenodd' : undefined })),
    svg('text', { class: 'ph-num ph-items', x: 30, y: 78, 'text-anchor': 'middle' }, String(n)));
  return cardBox(face, {
    ...opts, label: opts.label ?? named, 'data-explain': t('ph_treasureExplain', named),
    cls: ['ph-treasure', `k-${kind}`, opts.cls], data: { deck: card, kind, items: n, ...(opts.data || {}) },
    'data-flip': `ph-d-${card}`,
  });
}

/** @param {Record<string, any>} [opts] */
function pharaohCard(opts = {}) {
  const face = svg('svg', { class: 'ph-face', viewBox: '0 0 60 84', 'aria-hidden': 'true' },
    svg('rect', { class: 'ph-bg', x: 1.5, y: 1.5, width: 57, height: 81, rx: 7 }),
    svg('rect', { class: 'ph-frame', x: 5, y: 5, width: 50, height: 74, rx: 4 }),
    svg('g', { class: 'ph-mark', transform: 'translate(12 20) scale(1.5)' }, svg('path', { d: PATHS.pharaoh, 'fill-rule': 'evenodd' })));
  return cardBox(face, { ...opts, label: t('ph_pharaoh'), 'data-explain': t('ph_pharaohExplain'), cls: ['ph-pharaoh-card', opts.cls] });
}

/** @param {Record<string, any>} [opts] */
function backCard(opts = {}) {
  const face = svg('svg', { class: 'ph-face', viewBox: '0 0 60 84', 'aria-hidden': 'true' },
    svg('rect', { class: 'ph-bg', x: 1.5, y: 1.5, width: 57, height: 81, rx: 7 }),
    svg('rect', { class: 'ph-frame', x: 6, y: 6, width: 48, height: 72, rx: 4 }),
    svg('g', { class: 'ph-mark', transform: 'translate(16 28) scale(1.15)' }, svg('path', { d: PATHS.ankh, 'fill-rule': 'evenodd' })));
  return cardBox(face, { ...opts, cls: ['ph-back', opts.cls] });
}

/**
 * The move-following id of seat `s`'s member card `c` (ui/flip.js): every seat has cards of the
 * same numbers, so the id names the seat too; a card in the hospital has no known owner.
 */
function memberFlip(s, c) {
  return s === null || s === undefined ? undefined : `ph-m${s}-${c}`;
}

function memberRow(L, cards, size = 'xs', cls = '', seat = null) {
  return h('div', { class: ['ph-row', cls] }, cards.map((c) => memberCard(L, c, { size, 'data-flip': memberFlip(seat, c) })));
}

function who(name, seat) {
  return h('b', { class: `who seat-c${seat}`, text: name });
}

// ---------------------------------------------------------------- moves and the declaration

/** The `declare` choice open to the viewer now, if any. */
function declareChoice(ctx) {
  return ctx.choices.find((c) => c.kind === 'declare');
}

/**
 * The UI state of a new decision: the hand cards picked (by their place in the hand), whether
 * the round bonus is on (P5: the page proposes it) and the engine's last answer about the picks.
 * @param {import('../types.js').Snapshot} snap
 */
export function initUi(snap) {
  const v = snap.view;
  const seat = v.seat;
  const hand = seat === null || seat === undefined ? [] : (v.seats?.[seat]?.hand || []);
  return { hand: [...hand], picked: [], bonus: true, seq: 0, answer: null };
}

/** The picks of the selection: the cards picked, and the bonus pick when it is on. */
function picksOf(ctx) {
  const ui = ctx.ui;
  const choice = declareChoice(ctx);
  const picks = ui.picked.map((i) => ui.hand[i]);
  if (choice?.bonus && ui.bonus) picks.push(choice.bonus.pick);
  return picks;
}

/** Ask the engine about the selection as it is now; a late answer (the picks changed since) is
 * dropped. No card picked: nothing to ask, nothing to play. */
function recompose(ctx) {
  const ui = ctx.ui;
  ui.seq += 1;
  const seq = ui.seq;
  const choice = declareChoice(ctx);
  if (!choice || !ui.picked.length) {
    ui.answer = null;
    return;
  }
  ctx.compose(choice.id, picksOf(ctx)).then((ans) => {
    if (!ans || ui.seq !== seq) return;
    ui.answer = { ...ans, seq };
    ctx.render();
  });
}

/** The engine's answer about the selection on screen (null while it is on its way). */
function currentAnswer(ui) {
  return ui.answer && ui.answer.seq === ui.seq ? ui.answer : null;
}

const actions = {
  /** Tap a hand card: put it in the declaration or take it out. */
  pick(ctx, data) {
    const i = Number(data.index);
    const ui = ctx.ui;
    if (!declareChoice(ctx) || !Number.isInteger(i) || i < 0 || i >= ui.hand.length) return;
    ui.picked = ui.picked.includes(i) ? ui.picked.filter((j) => j !== i) : [...ui.picked, i];
    recompose(ctx);
  },
  /** The round bonus switch. */
  bonus(ctx) {
    ctx.ui.bonus = !ctx.ui.bonus;
    recompose(ctx);
  },
  /** Take every card out of the declaration. */
  clear(ctx) {
    ctx.ui.picked = [];
    recompose(ctx);
  },
  /** Play the declaration the engine composed. */
  declare(ctx) {
    const ans = currentAnswer(ctx.ui);
    if (ans?.complete) ctx.playActions(ans.actions);
  },
};

// ---------------------------------------------------------------- status and prompt

/** The round and auction chips. */
export function statusChips(snap) {
  const v = snap.view;
  if (snap.over) return [];
  return [
    h('span', { class: 'chip chip-round', testid: 'round', 'data-explain': t('roundExplain', v.round, v.rounds) }, t('roundOf', v.round, v.rounds)),
    h('span', { class: 'chip ph-chip-auction', testid: 'auction' }, t('ph_auctionOf', v.auction, v.auctions)),
  ];
}

/** Whether the viewer may act now (the hand zone shows the declaration and the passes). */
function acting(ctx) {
  return ctx.canAct && (ctx.moves.length || ctx.choices.length);
}

/** What the viewer is asked to do, as text (null: someone else's turn). */
function promptText(v, ctx) {
  if (acting(ctx)) {
    const choice = declareChoice(ctx);
    if (!choice) return t('ph_promptOnlyPass');
    if (choice.bonus) return t('ph_promptBonus', choice.bonus.amount);
    return choice.highest > 0 ? t('ph_promptBeat', choice.highest) : t('ph_promptOpen');
  }
  // the viewer's turn, not yet open (a lesson's words first, a move on its way)
  return v.turn === ctx.viewer ? t('ph_turnNext') : null;
}

/**
 * What the viewer is asked to do, or whose turn it is: two lines at most (a narrow status bar
 * beside the Hint, Rules and Undo buttons), the whole text by a tap.
 */
export function prompt(snap, ctx) {
  const v = snap.view;
  if (v.phase !== 'auction') return '';
  const text = promptText(v, ctx);
  if (text) return h('span', { class: 'ph-prompt', testid: 'ph-prompt', 'data-explain': text, text });
  if (v.turn === null || v.turn === undefined) return '';
  const name = ctx.names[v.turn];
  return h('span', { class: 'ph-prompt', testid: 'ph-prompt', 'data-explain': t('ph_waitTurn', name) }, tn('ph_waitTurn', who(name, v.turn)));
}

// ---------------------------------------------------------------- the board: round, deck, offer, hospital

function roundTrack(v) {
  const steps = [];
  for (let r = 1; r <= v.rounds; r += 1) {
    const state = r < v.round ? 'past' : r === v.round ? 'current' : 'future';
    steps.push(h('span', { class: ['ph-step', `is-${state}`], data: { round: r }, 'aria-current': r === v.round ? 'step' : undefined, text: String(r) }));
  }
  return h('div', { class: 'ph-track', testid: 'round-track', data: { round: v.round }, role: 'img', 'aria-label': t('roundOf', v.round, v.rounds) },
    h('span', { class: 'ph-label', text: t('ph_round') }),
    h('div', { class: 'ph-steps' }, steps));
}

function offerSlot(L, o, i, v, ctx) {
  let caption;
  if (o.state === 'won') caption = h('span', { class: 'ph-cap ph-cap-won' }, icon('check'), who(ctx.names[o.winner], o.winner));
  else if (o.state === 'removed') caption = h('span', { class: 'ph-cap ph-cap-removed', text: t('ph_removedCard') });
  else if (o.state === 'current') caption = h('span', { class: 'ph-cap ph-cap-now', text: t('ph_now') });
  else caption = h('span', { class: 'ph-cap', text: v.offer[i - 1]?.state === 'current' ? t('ph_next') : t('ph_later') });
  const name = deckLabel(L.deck[o.card] || { kind: 'gold', number: 0 });
  const label = o.state === 'won' ? `${name} — ${t('ph_wonBy', ctx.names[o.winner])}` : name;
  return h('div', {
    class: ['ph-slot', `is-${o.state}`], testid: `offer-${i}`,
    data: { state: o.state, card: o.card, winner: o.winner ?? undefined },
  }, deckCard(L, o.card, { size: 'md', label }), caption);
}

function bidBox(v, ctx) {
  const has = v.highest > 0 && v.leader !== null && v.leader !== undefined;
  return h('div', { class: ['ph-bid', has ? 'has-bid' : null], testid: 'highest', data: { highest: v.highest, leader: v.leader ?? '' } },
    h('span', { class: 'ph-label', text: t('ph_highest') }),
    has ? h('span', { class: 'ph-bid-num', text: String(v.highest) }) : h('span', { class: 'ph-bid-none', text: t('ph_noBid') }),
    has ? who(ctx.names[v.leader], v.leader) : null);
}

/** The hospital's cards in two rows (three beyond 24 cards), narrower as they are more: every
 * card stays in sight, whatever their number. */
function hospitalCards(L, cards) {
  const rows = cards.length > 24 ? 3 : 2;
  return h('div', {
    class: ['ph-hosp-cards', rows === 3 ? 'is-3rows' : null], testid: 'hospital-cards', role: 'group', 'aria-label': t('ph_hospital'),
    vars: { '--hc': Math.max(6, Math.ceil(cards.length / rows)) },
  }, cards.map((c, i) => memberCard(L, c, { size: 'xs', 'data-flip': `ph-h${i}-${c}` })));
}

function hospital(L, v) {
  const cards = v.hospital || [];
  const sum = membersOf(L, cards);
  return h('div', { class: ['ph-hospital', cards.length ? 'has-cards' : null], testid: 'hospital', data: { count: cards.length } },
    h('div', { class: 'ph-head' }, glyph('hospital', 'ph-hosp-icon'),
      h('span', { class: 'ph-label', text: t('ph_hospital') }),
      cards.length
        ? h('span', {
          class: 'ph-count', testid: 'hospital-count', data: { count: cards.length, sum, gloss: 'Hospital' },
          'data-explain': tp('ph_hospExplain', cards.length, sum),
          text: `${count('ph_cardsN', cards.length)} · ${t('ph_hospSum', sum)}`,
        })
        : null),
    cards.length ? hospitalCards(L, cards) : h('span', { class: 'ph-empty', testid: 'hospital-empty', text: t('ph_hospitalEmpty'), 'data-explain': t('ph_hospEmptyExplain') }));
}

function board(snap, ctx) {
  const v = snap.view;
  const L = legend(v);
  return h('section', { class: 'ph-board', testid: 'board' },
    h('div', { class: 'ph-board-left' },
      roundTrack(v),
      h('div', { class: 'ph-deck', testid: 'deck', data: { count: v.deck_count, gloss: 'Deck' }, title: t('ph_deckLeft', v.deck_count) },
        backCard({ size: 'xs', label: t('ph_deckLeft', v.deck_count) }),
        h('span', { class: 'ph-deck-num', text: String(v.deck_count) }),
        h('span', { class: 'ph-label', text: t('ph_deck') }))),
    h('div', { class: 'ph-offer', testid: 'offer', role: 'group', 'aria-label': t('ph_offer') }, v.offer.map((o, i) => offerSlot(L, o, i, v, ctx))),
    bidBox(v, ctx),
    hospital(L, v));
}

// ---------------------------------------------------------------- seat panels

const PASSED = { horus: ['horus', 'ph_passedHorus'], pharaoh: ['pharaoh', 'ph_passedPharaoh'], pass: ['skip', 'ph_passedPlain'] };

function passChip(kind) {
  const [g, key] = PASSED[kind] || PASSED.pass;
  return h('span', { class: ['ph-passed', `pass-${kind}`], data: { passed: kind } }, glyph(g), h('span', { text: t(key) }));
}

/**
 * What a treasure chip ("1·5") says: the kind, the cards won (one number per card), the items.
 * @param {string} kind
 * @param {number[]} items the items of each card won
 * @param {number} point the points of one item (the view's scoring)
 */
function chipExplain(kind, items, point) {
  const sum = items.reduce((a, b) => a + b, 0);
  return tp('ph_chipExplain', items.length, t(`ph_k_${kind}`), sum, sum * point, items.join(' + '));
}

function treasureChips(sv, s, point) {
  const chips = [];
  for (const [kind, items] of Object.entries(sv.treasures || {})) {
    if (!items.length) continue;
    chips.push(h('span', {
      class: ['ph-kind', `k-${kind}`], data: { kind, items: items.join(','), gloss: 'Treasures' }, role: 'img', 'data-flip': `ph-t-${s}-${kind}-${items.length}`,
      'data-explain': chipExplain(kind, items, point), 'aria-label': `${t(`ph_k_${kind}`)}: ${items.join(' + ')}`,
    }, glyph(kind), h('span', { class: 'ph-kind-n', text: items.join('·') })));
  }
  const sc = sv.treasure_score;
  return h('div', { class: 'ph-treasures', testid: `treasures-${s}` },
    chips.length ? h('div', { class: 'ph-kinds' }, chips) : h('span', { class: 'ph-empty', text: t('ph_noTreasure') }),
    h('span', { class: 'ph-tscore', testid: `tscore-${s}`, data: { score: sc.total, gloss: 'Kinds bonus' }, title: t('ph_scoreNow', sc.items, sc.kinds_bonus), 'data-explain': tp('ph_scoreExplain', sc.items, sc.kinds_bonus) },
      h('b', { text: String(sc.total) }),
      h('small', { text: sc.kinds_bonus ? `${sc.items}+${sc.kinds_bonus}` : '' })));
}

function pharaohTokens(sv, s) {
  const marks = [];
  for (let i = 0; i < sv.pharaoh_left; i += 1) marks.push(glyph('pharaoh', 'ph-ph-left'));
  for (let i = 0; i < sv.pharaoh_played; i += 1) marks.push(glyph('pharaoh', 'ph-ph-played'));
  const text = `${t('ph_pharaohCards')}: ${t('ph_pharaohLeftPlayed', sv.pharaoh_left, sv.pharaoh_played)}`;
  return h('span', {
    class: 'ph-stat ph-pharaohs', testid: `pharaoh-${s}`, data: { left: sv.pharaoh_left, played: sv.pharaoh_played, gloss: 'Pharaoh cards' }, role: 'img',
    title: text, 'aria-label': text,
  }, marks);
}

function frontArea(L, v, sv, s) {
  let body;
  if (sv.front.length) {
    const lead = v.leader === s;
    const declared = sv.declared ?? sv.front_total;
    body = [
      memberRow(L, sv.front, 'xs', 'ph-front-cards', s),
      h('span', {
        class: ['ph-declared', lead ? 'is-leading' : null], testid: `declared-${s}`, data: { declared },
        title: lead ? t('ph_leading') : t('ph_declares'),
      }, lead ? icon('crown') : null, String(declared),
      declared > sv.front_total ? h('small', { class: 'ph-bonus-mark', text: `+${declared - sv.front_total}`, 'data-explain': t('ph_bonusMarkExplain', declared - sv.front_total) }) : null),
    ];
  } else body = [h('span', { class: 'ph-empty', text: t('ph_noDeclaration') })];
  return h('div', { class: 'ph-front', testid: `front-${s}`, data: { total: sv.front_total, declared: sv.declared ?? '', passed: sv.passed ?? '' } },
    body, sv.passed ? passChip(sv.passed) : null);
}

function seatBadges(v, ctx, s) {
  const badges = [];
  if (v.horus === s) {
    badges.push(h('span', { class: 'ph-horus', testid: `horus-${s}`, role: 'img', title: t('ph_horus'), 'aria-label': t('ph_horus'), data: { gloss: 'Horus chip' } }, glyph('horus')));
  }
  if (v.start === s) badges.push(h('span', { class: 'badge ph-badge-start', testid: `start-${s}`, title: t('ph_startTitle'), text: t('ph_start'), data: { gloss: 'Start' } }));
  if (ctx.viewer === s) badges.push(h('span', { class: 'badge badge-you', text: t('you'), 'data-explain': t('explainYou') }));
  return badges;
}

function seatStats(L, sv, s) {
  return h('div', { class: 'ph-stats' },
    h('span', { class: 'ph-stat', testid: `hand-count-${s}`, data: { count: sv.hand_count }, role: 'img', title: count('ph_handCount', sv.hand_count), 'aria-label': count('ph_handCount', sv.hand_count) },
      glyph('member'), h('b', { text: String(sv.hand_count) })),
    pharaohTokens(sv, s),
    h('span', { class: 'ph-stat ph-tent', testid: `tent-${s}`, data: { count: sv.tent.length, gloss: 'Tent' }, title: t('ph_tent') },
      glyph('tent'),
      sv.tent.length ? memberRow(L, sv.tent, 'xs', 'ph-tent-cards', s) : h('span', { class: 'ph-empty', text: t('ph_tentEmpty') })));
}

function seatPanel(snap, ctx, s) {
  const v = snap.view;
  const L = legend(v);
  const sv = v.seats[s];
  const name = ctx.names[s];
  const active = (v.turn === s && !snap.over) || ctx.thinking === s;
  const kind = snap.seats[s].kind === 'bot' ? `${t('bot')} · ${levelName(snap.seats[s].level)}` : t('human');
  return h('article', {
    class: ['ph-seat', `seat-c${s}`, active ? 'is-active' : null, ctx.viewer === s ? 'is-viewer' : null, sv.passed ? 'has-passed' : null],
    testid: `seat-${s}`, data: { seat: s },
  },
  h('header', { class: 'ph-seat-head' },
    h('h2', { class: 'ph-seat-name', testid: `seat-name-${s}`, text: name, title: name, 'data-explain': seatExplain(snap.seats[s], name, ctx.viewer === s) }),
    h('div', { class: 'ph-seat-sub' },
      h('p', { class: 'ph-seat-kind', text: kind, 'data-explain': seatExplain(snap.seats[s], name, ctx.viewer === s) }),
      h('div', { class: 'ph-badges' }, seatBadges(v, ctx, s)))),
  frontArea(L, v, sv, s),
  seatStats(L, sv, s),
  treasureChips(sv, s, v.scoring?.item ?? 1));
}

// ---------------------------------------------------------------- own hand and actions

function handCards(L, hand, ctx, choice) {
  const ui = ctx.ui;
  const ans = currentAnswer(ui);
  const next = ans ? new Set(ans.next) : null;
  return hand.map((c, i) => {
    const flip = memberFlip(ctx.viewer, c);
    if (!choice) return memberCard(L, c, { size: 'lg', cls: 'hand-card', testid: 'hand-card', 'data-flip': flip });
    const on = ui.picked.includes(i);
    return memberCard(L, c, {
      size: 'lg', tag: 'button', cls: ['hand-card', on ? 'is-selected' : null], testid: 'hand-card', 'data-flip': flip,
      'aria-pressed': on ? 'true' : 'false', data: { action: 'pick', index: i, choice: choice.id, pick: c },
      disabled: !on && next !== null && !next.has(c),
    });
  });
}

function handHead(L, me, hand) {
  const pharaohs = [];
  for (let i = 0; i < me.pharaoh_left; i += 1) pharaohs.push(pharaohCard({ size: 'sm', testid: 'hand-pharaoh' }));
  return h('div', { class: 'ph-hand-head' },
    h('h3', { class: 'ph-title', text: t('ph_yourHand') }),
    h('span', { class: 'ph-sub', text: count('ph_cardsN', hand.length) }),
    h('span', { class: 'ph-hand-pharaohs', testid: 'hand-pharaohs', data: { count: me.pharaoh_left, gloss: 'Pharaoh cards' }, title: t('ph_pharaohCards'), 'data-explain': t('ph_pharaohExplain') },
      h('span', { class: 'ph-sub', text: `${t('ph_pharaohCards')}:` }),
      pharaohs.length ? pharaohs : h('span', { class: 'ph-sub', text: '0' })));
}

function bonusSwitch(choice, ui) {
  if (!choice.bonus) return null;
  return h('button', {
    type: 'button', class: 'switch ph-bonus', role: 'switch', 'aria-checked': ui.bonus ? 'true' : 'false',
      testid: 'bonus', data: { action: 'bonus', choice: choice.id, pick: choice.bonus.pick, gloss: 'round bonus' }, title: t('ph_bonusHelp'),
  },
  h('span', { class: 'switch-track', 'aria-hidden': 'true' }, h('span', { class: 'switch-thumb' })),
  h('span', { class: 'switch-text' }, h('span', { class: 'switch-label', text: t('ph_bonus', choice.bonus.amount) })));
}

function declareBox(choice, ctx) {
  const ui = ctx.ui;
  const ans = currentAnswer(ui);
  const info = ans?.info;
  const picking = ui.picked.length > 0;
  const ok = Boolean(ans?.complete);
  const [front, adding] = info ? [info.front, info.adding] : [choice.front, 0];
  const sum = `${t('ph_sumLine', front, adding)}${info?.bonus ? ` ${t('ph_bonusLine', info.bonus)}` : ''}`;
  return h('div', { class: 'ph-declare-box' },
    h('div', { class: 'ph-total' }, h('span', { class: 'ph-label', text: t('ph_newTotal') }),
      h('span', { class: 'ph-total-num', testid: 'new-total', data: { total: info && picking ? info.total : '' }, text: info && picking ? String(info.total) : '–' })),
    h('span', { class: 'ph-sum-line', testid: 'sum-line', text: sum, 'data-explain': t('ph_sumExplain', front, adding) }),
    h('span', {
      class: ['ph-need', picking && ans && !ok ? 'is-short' : null],
      text: choice.highest > 0 ? t('ph_mustBeat', choice.highest) : t('ph_anyTotal'),
    }),
    bonusSwitch(choice, ui),
    h('div', { class: 'ph-declare-actions' },
      button(t('ph_clear'), { class: 'btn ph-clear', testid: 'clear-selection', data: { action: 'clear', reset: choice.id }, disabled: !picking }),
      button(ok ? t('ph_declare', info.total) : t('ph_selectCards'), {
        class: 'btn btn-primary btn-lg ph-declare', testid: 'declare', data: { action: 'declare', confirm: choice.id, total: ok ? info.total : '' }, disabled: !ok,
      })));
}

const PASSES = [
  { kind: 'horus', testid: 'pass-horus', key: 'ph_passHorus', glyph: 'horus' },
  { kind: 'pharaoh', testid: 'pass-pharaoh', key: 'ph_passPharaoh', glyph: 'pharaoh' },
  { kind: 'pass', testid: 'pass-plain', key: 'ph_passPlain', glyph: 'skip' },
];

function passHelp(kind, move, ctx) {
  if (kind === 'horus') return move && move.holder === ctx.viewer ? t('ph_passHorusKeep') : t('ph_passHorusHelp');
  if (kind === 'pharaoh') return move?.hospital?.length ? t('ph_passPharaohHelp', move.hospital.length) : t('ph_passPharaohEmpty');
  return t('ph_passPlainHelp');
}

/** How a pass button plays: its move, or, greyed out, a tap that shows the engine's reason. */
function passProps(move, why, kind) {
  if (move) return { data: { action: 'move', a: move.a } };
  return why ? { 'aria-disabled': 'true', data: { action: 'why', why: kind } } : { disabled: true };
}

/** A greyed-out pass's caption: a few words (the engine's reason comes whole by a tap). */
const UNAVAILABLE = { horus: 'ph_horusTaken', pharaoh: 'ph_noPharaohLeft' };

function passButtons(snap, ctx) {
  return PASSES.map((p) => {
    const move = ctx.move(p.kind);
    const why = move ? null : snap.unavailable?.[p.kind];
    const help = why ? t(UNAVAILABLE[p.kind] || 'ph_passPlainHelp') : passHelp(p.kind, move, ctx);
    return button([glyph(p.glyph), h('span', { class: 'ph-pass-text' }, h('b', { text: t(p.key) }), h('small', { text: help }))], {
      class: ['btn', 'ph-pass', `ph-pass-${p.kind}`], testid: p.testid, ...passProps(move, why, p.kind),
      'data-explain': why ? `${t(p.key)}: ${tx(why)}` : t(`${p.key}Explain`),
    });
  });
}

function handZone(snap, ctx) {
  const v = snap.view;
  if (ctx.viewer === null || ctx.viewer === undefined) {
    return h('section', { class: 'ph-hand-zone is-hidden', testid: 'hand-zone' },
      h('p', { class: 'ph-note', text: hiddenHandWords(ctx) }));
  }
  const L = legend(v);
  const me = v.seats[ctx.viewer];
  const hand = me.hand || [];
  const choice = declareChoice(ctx);
  const cardsBox = h('div', {
    class: 'ph-hand', testid: 'hand',
    // up to 6 cards in a row, two rows for a larger hand
    vars: { '--cols': Math.max(1, hand.length <= 6 ? hand.length : Math.ceil(hand.length / 2)) },
  }, handCards(L, hand, ctx, choice));
  const head = handHead(L, me, hand);
  if (!acting(ctx)) {
    return h('section', { class: 'ph-hand-zone', testid: 'hand-zone' }, head, cardsBox,
      h('p', { class: 'ph-note', text: v.turn === ctx.viewer && !snap.over ? t('ph_turnNext') : t('ph_waitYou') }));
  }
  const panel = h('div', { class: 'ph-controls', testid: 'controls' },
    choice ? declareBox(choice, ctx) : h('p', { class: 'ph-note', text: hand.length ? t('ph_promptOnlyPass') : t('ph_noMembers') }),
    h('div', { class: 'ph-passes', role: 'group', 'aria-label': t('ph_passes') }, passButtons(snap, ctx)));
  return h('section', { class: 'ph-hand-zone is-acting', testid: 'hand-zone' },
    h('div', { class: 'ph-hand-main' }, head, cardsBox,
      choice ? h('p', { class: 'ph-note ph-hint', text: t('ph_tapToSelect') }) : null),
    panel);
}

/** The table: the board, the seats and the viewer's hand with the declaration and the passes. */
export function table(snap, ctx) {
  const seats = [];
  for (let s = 0; s < snap.players; s += 1) seats.push(seatPanel(snap, ctx, s));
  return h('div', { class: 'ph', testid: 'pharaoh' },
    board(snap, ctx),
    h('div', { class: 'ph-seats', testid: 'seats' }, seats),
    h('div', { class: 'ph-action', testid: 'action-zone' }, handZone(snap, ctx)));
}

// ---------------------------------------------------------------- side: scoring help, removed cards

/** The scoring help (from the view's `scoring`) and the cards out of the game. */
export function side(snap) {
  const v = snap.view;
  const L = legend(v);
  const sc = v.scoring || { item: 0, flag: 0, kinds_bonus: [] };
  return [h('section', { class: 'side-panel ph-scoring-panel', testid: 'scoring-help' },
    h('h2', { class: 'side-title', text: t('ph_scoring') }),
    h('p', { class: 'ph-help-line', text: count('ph_scoreItems', sc.item) }),
    h('div', { class: 'ph-kinds-table', testid: 'kinds-bonus' },
      h('span', { class: 'ph-kt-label', text: t('ph_scoreKinds') }),
      sc.kinds_bonus.map((k) => h('span', { class: 'ph-kt-cell', data: { kinds: k.kinds, bonus: k.bonus } },
        h('b', { text: String(k.kinds) }), h('span', { text: `+${k.bonus}` })))),
    h('p', { class: 'ph-help-line' }, glyph('flag', 'ph-flag-mini'), t('ph_scoreFlags', sc.flag)),
    v.removed && v.removed.length
      ? h('div', { class: 'ph-removed', testid: 'removed' },
        h('span', { class: 'ph-label', text: t('ph_removedList') }),
        h('div', { class: 'ph-row' }, v.removed.map((c) => deckCard(L, c, { size: 'xs' }))))
      : null)];
}

// ---------------------------------------------------------------- end of game

function resultTreasures(b, point) {
  const chips = [];
  for (const [kind, items] of Object.entries(b.treasures || {})) {
    if (!items.length) continue;
    chips.push(h('span', {
      class: ['ph-kind', `k-${kind}`], data: { kind, gloss: 'Treasures' }, 'data-explain': chipExplain(kind, items, point),
    }, glyph(kind), h('span', { class: 'ph-kind-n', text: items.join('·') })));
  }
  return chips.length ? h('div', { class: 'ph-kinds' }, chips) : h('span', { class: 'ph-empty', text: '–' });
}

function resultHead() {
  return h('tr', {},
    h('th', { scope: 'col', class: 'col-name', text: t('name') }),
    h('th', { scope: 'col', class: 'ph-col-treasures', text: t('ph_colTreasures') }),
    h('th', { scope: 'col', text: t('ph_colItems') }),
    h('th', { scope: 'col', text: t('ph_colKinds') }),
    h('th', { scope: 'col', text: t('ph_colFlags') }),
    h('th', { scope: 'col', class: 'col-total', text: t('total') }),
    h('th', { scope: 'col', class: 'ph-col-members', 'data-explain': t('ph_tieExplain'), data: { gloss: 'member sum' } },
      h('span', { class: 'ph-th-line', text: t('ph_colTie') }), h('span', { class: 'ph-th-line', text: t('ph_colMembers') })));
}

function resultRow(L, b, s, winner, ctx, point) {
  const flags = (b.members || []).filter((c) => L.members[c]?.flag);
  return h('tr', {
    class: winner ? 'is-winner' : null, testid: `result-row-${s}`, data: { seat: s, winner: winner ? 'yes' : 'no' },
  },
  h('th', { scope: 'row', class: ['col-name', `seat-c${s}`] }, winner ? icon('crown', 'crown-mini') : null, h('span', { class: 'who', text: ctx.names[s] })),
  h('td', { class: 'ph-col-treasures' }, resultTreasures(b, point)),
  h('td', { testid: `items-${s}`, data: { value: b.items } }, h('b', { text: String(b.items) })),
  h('td', { testid: `kinds-${s}`, data: { value: b.kinds_bonus } }, h('b', { text: `+${b.kinds_bonus}` }), h('small', { class: 'ph-sub', text: t('ph_kindsN', b.kinds) })),
  h('td', { testid: `flags-${s}`, data: { value: b.flags } }, h('b', { text: `+${b.flags}` }),
    h('span', { class: 'ph-row ph-res-flags' }, flags.map((c) => memberCard(L, c, { size: 'xs' })))),
  h('td', { class: 'col-total', testid: `final-score-${s}`, data: { score: b.total } }, String(b.total)),
  h('td', { class: 'ph-col-members', testid: `member-sum-${s}`, data: { value: b.member_sum } },
    h('b', { text: String(b.member_sum) }),
    h('span', { class: 'ph-row ph-res-members' }, (b.members || []).map((c) => memberCard(L, c, { size: 'xs' })))));
}

/** The end screen's table: every seat's breakdown, the winners highlighted. */
export function result(snap, ctx) {
  const res = snap.result;
  const L = legend(snap.view);
  const winners = new Set(res.winners);
  const point = snap.view.scoring?.item ?? 1;
  const rows = res.breakdown.map((b, s) => resultRow(L, b, s, winners.has(s), ctx, point));
  return h('div', { class: 'result-wrap ph-result-wrap' },
    h('table', { class: 'result ph-result', testid: 'result' }, h('thead', {}, resultHead()), h('tbody', {}, rows)));
}

// ---------------------------------------------------------------- setup option: first Horus holder

/**
 * The setup page's field for the first holder of the Horus chip (random or a seat). A form on
 * the setup page, not a table drawing: it writes the option when the choice changes.
 * @param {{options: Record<string, any>}} state the setup page's state
 * @param {string[]} names the seats' names
 */
export function setupOptions(state, names) {
  return startPlayerField(state, names, { option: 'start', id: 'opt-start', label: t('ph_firstStart') });
}

/**
 * The declaration being composed (the tutorial marks its next pick from it; docs/table-layer.md).
 * @param {import('../types.js').Snapshot} _snap
 * @param {import('../types.js').TableContext} ctx
 */
export function selection(_snap, ctx) {
  const choice = declareChoice(ctx);
  return choice ? { choice: choice.id, picks: picksOf(ctx) } : null;
}

export default { initUi, statusChips, prompt, table, side, result, actions, setupOptions, selection };
