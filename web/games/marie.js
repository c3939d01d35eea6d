// Marie's Table (マリーの食卓): draws a seat's view and the moves the engine offers
// (docs/table-layer.md). No rule is decided here and no notation is read or written: what can be
// tapped is a move of `ctx.moves`, found by its kind and fields, and its `a` goes back as it is.
// The only UI state is the draft selection (`ctx.ui.selected`, indexes into the hand).

import { h, button, loadStyle } from '../ui/dom.js';
import { cardEl, backEl, icon } from '../ui/card.js';
import { t, tn, levelName, STRINGS } from '../i18n.js';
import { startPlayerField } from '../ui/options.js';
import { seatExplain } from '../ui/explain.js';

loadStyle(new URL('./marie.css', import.meta.url).href);

Object.assign(STRINGS, {
  // taps: what a tap on a mark says (ui/explain.js)
  m_votingExplain: { en: 'This player has not voted yet. Votes stay secret until everyone has voted, then all are shown at once.', ja: 'このプレイヤーはまだ投票していません。票は全員がそろうまで秘密で、そろうと一斉に公開されます。' },
  m_eatenLabelExplain: { en: 'The cards this player has eaten: each is worth 1 point at the end.', ja: 'このプレイヤーが食べたカード。最後に1枚1点になります。' },
  m_eatenHeadExplain: { en: 'The cards each player ate: 1 point each.', ja: '各プレイヤーが食べたカード：1枚1点。' },
  m_totalHeadExplain: { en: "Each player's total: the points of the numbers kept plus the eaten cards'. The highest total wins.", ja: '各プレイヤーの合計：確定した数字の点と食べたカードの点の合計。合計が最も高い人の勝ちです。' },
  m_cardExplain: { en: 'A cake numbered {0}. At the end, the cards a player keeps of one number score together, by the Scoring table; an eaten card is worth 1 point instead.', ja: '{0}のケーキ。最後に、確定した同じ数字のカードをまとめて得点表で数えます。食べたカードは代わりに1点です。' },
  m_eatenCardExplain: { en: 'An eaten {0}: 1 point; eaten cards count neither for their number nor in a tie.', ja: '食べた{0}：1点。食べたカードは数字の得点にも同点の比べにも数えません。' },
  m_pairEmptyExplain: { en: 'The pair this player keeps this round goes here: face down until everyone has chosen, then shown for the vote.', ja: 'このラウンドにこのプレイヤーが残す2枚が置かれる場所です。全員が選ぶまで裏向きで、投票の前に公開されます。' },
  m_cellExplain: { en: '{0} kept {1} card(s) of {2}: {3} points by the Scoring table.', ja: '{0}は{2}を{1}枚確定：得点表で{3}点。' },
  m_cellNoneExplain: { en: '{0} kept no {1}: nothing for it.', ja: '{0}は{1}を確定していません（0点）。' },
  m_cellEatenExplain: { en: '{0} ate {1} card(s): {2} points for them.', ja: '{0}は{1}枚食べました：{2}点。' },
  m_totalExplain: { en: "{0}'s total: the points of every number kept plus the eaten cards' points. The highest total wins; a tie goes to more kept 7s, then 6s, and so on.", ja: '{0}の合計：確定した各数字の点と、食べたカードの点の合計。合計が最も高い人の勝ちで、同点なら確定した7の枚数、次に6…で比べます。' },
  m_keptExplain: { en: '{1} card(s) of {0} kept: {2} points by the scoring table.', ja: '{0}を{1}枚確定：得点表で{2}点。' },
  m_scoreExplain: { en: 'Score {0}: the cards kept score by the scoring table, and each eaten card is 1 point.', ja: '得点{0}：確定したカードは得点表どおり、食べたカードは1枚1点。' },
  m_elder: { en: 'Elder', ja: '兄者' },
  m_youngest: { en: 'Youngest', ja: '末の弟' },
  m_choosePile: { en: 'You are the elder brother: choose a pile.', ja: 'あなたが兄者です。山をひとつ選んでください。' },
  m_waitPile: { en: '{0}, the elder brother, chooses a pile.', ja: '兄者の{0}が山を選びます。' },
  m_pickTwo: { en: 'Keep {0} cards. The other {1} go to {2}.', ja: '{0}枚を残してください。残りの{1}枚は{2}に渡ります。' },
  m_pickLast: { en: 'The last two cards are yours: keep them.', ja: '最後の2枚はあなたのものです。' },
  m_waitDraft: { en: '{0} looks at {1} cards and keeps two.', ja: '{0}が{1}枚から2枚を選んでいます。' },
  m_vote: { en: 'Are you satisfied with your pair? Vote in secret.', ja: '自分の2枚に納得？ 秘密で投票してください。' },
  m_voted: { en: 'Your vote is in. Waiting for the others.', ja: '投票しました。ほかの人を待っています。' },
  m_waitVote: { en: 'Everyone votes at the same time.', ja: '全員が同時に投票します。' },
  m_take: { en: "Take another brother's pair.", ja: '他の兄弟の2枚をひとつ取ってください。' },
  m_takeOwn: { en: 'Only your own pair is left: take it.', ja: '残っているのは自分の2枚だけです。取ってください。' },
  m_waitTake: { en: '{0} takes a pair.', ja: '{0}が2枚を取ります。' },
  m_decide: { en: 'Keep or eat the cards you took.', ja: '取った2枚を確定するか、食べるか選んでください。' },
  m_waitDecide: { en: '{0} decides: keep or eat.', ja: '{0}が確定するか食べるかを選んでいます。' },
  m_decideSecret: { en: 'Keep or eat your own pair, in secret: the others see it once everyone has decided.', ja: '自分の2枚を確定するか食べるか、秘密で決めてください。全員が決めるまで誰にも見えません。' },
  m_decidedWait: { en: "Your decision is in. Waiting for the others' decisions.", ja: '決めました。他のプレイヤーの決定を待っています。' },
  m_waitDecideAll: { en: "Everyone decides at the same time: keep or eat. Waiting for the others' decisions.", ja: '全員が同時に、確定するか食べるかを決めます。他のプレイヤーの決定を待っています。' },
  m_passDecide: { en: 'It is time to keep or eat, in secret.', ja: '確定するか食べるかを秘密で決める時間です。' },
  m_deciding: { en: 'Deciding…', ja: '考え中…' },
  m_decidedChip: { en: 'Decided', ja: '決定済み' },
  m_mustKeep: { en: 'Keeps: no eats left', ja: '確定のみ：食べ終わり' },
  m_keepsBoth: { en: 'Keeps both', ja: '2枚とも確定する' },
  m_eatsOne: { en: 'Eats the {0}', ja: '{0}を食べる' },
  m_eatsBoth: { en: 'Eats both', ja: '2枚とも食べる' },
  m_keptBoth: { en: 'Kept both', ja: '2枚とも確定した' },
  m_ateOne: { en: 'Ate the {0}', ja: '{0}を食べた' },
  m_ateBoth: { en: 'Ate both', ja: '2枚とも食べた' },
  m_roundWas: { en: 'R{0}: {1}', ja: '第{0}回：{1}' },
  m_roundWasTitle: { en: 'Round {0}: {1}', ja: '第{0}ラウンド：{1}' },
  m_redistribute: { en: 'Two or more are dissatisfied: the pairs change hands, youngest first.', ja: '不満が2人以上：末の弟から順に2枚を取り合います。' },
  m_ownPairs: { en: 'Everyone takes his own pair.', ja: '全員が自分の2枚を獲得します。' },
  m_pile: { en: 'Pile {0}', ja: '山{0}' },
  m_cards: { en: { one: '{0} card', other: '{0} cards' }, ja: '{0}枚' },
  m_pileUsed: { en: 'Served', ja: '配り済み' },
  m_unused: { en: { one: '{0} card stays out of the game, unseen.', other: '{0} cards stay out of the game, unseen.' }, ja: '{0}枚は使われず、誰も見ません。' },
  m_keepTwo: { en: 'Keep these {0}', ja: 'この{0}枚を残す' },
  m_selectTwo: { en: 'Select {0} cards', ja: '{0}枚選んでください' },
  // "Select 2 cards" stayed the same after one was chosen
  m_selectMore: { en: 'Select {0} more', ja: 'あと{0}枚選んでください' },
  m_yourCards: { en: 'Your cards', ja: 'あなたの手札' },
  m_up: { en: 'Satisfied', ja: '納得' },
  m_down: { en: 'Dissatisfied', ja: '不満' },
  m_voting: { en: 'Voting…', ja: '投票中…' },
  m_votedChip: { en: 'Voted', ja: '投票済み' },
  m_yourPair: { en: 'Your pair', ja: 'あなたの2枚' },
  m_takeFrom: { en: "Take {0}'s pair", ja: '{0}の2枚を取る' },
  m_takeMine: { en: 'Take my own pair', ja: '自分の2枚を取る' },
  m_tookFrom: { en: 'Taken from {0}', ja: '{0}から取った2枚' },
  m_ownPair: { en: 'Your own pair', ja: '自分の2枚' },
  m_keepBoth: { en: 'Keep both', ja: '2枚とも確定' },
  m_eatOne: { en: 'Eat the {0}, keep the {1}', ja: '{0}を食べて{1}を確定' },
  m_eatTwin: { en: 'Eat one {0}, keep the other', ja: '{0}を1枚食べて、もう1枚を確定' },
  m_eatBoth: { en: 'Eat both', ja: '2枚とも食べる' },
  // "eat 2 of your 2 cards" read as the two cards in front of the player
  m_eatsLeft: { en: 'You may eat {0} more this game (at most {1} cards in all).', ja: 'ゲーム中に食べられるのはあと{0}枚です（最大{1}枚）。' },
  m_noEatsLeft: { en: 'You have eaten {0} cards already: you must keep.', ja: 'すでに{0}枚食べたので、確定するしかありません。' },
  m_eaten: { en: 'Eaten', ja: '食べた' },
  m_eatsLeftShort: { en: 'can eat {0}', ja: 'あと{0}枚' },
  m_eatsLeftExplain: { en: 'How many more cards this player may eat this game: each eaten card is worth 1 point, and a player may eat at most {0} cards in the whole game.', ja: 'このプレイヤーがこのゲームであと何枚食べられるか。食べたカードは1枚1点で、食べられるのはゲーム全体で{0}枚までです。' },
  m_noneKept: { en: 'No cards kept yet', ja: '確定したカードはまだありません' },
  m_history: { en: 'My draft', ja: '自分のドラフト' },
  m_historyRound: { en: 'R{0}', ja: '第{0}回' }, // as the seats' chips (m_roundWas): one line beside the cards, no Latin letter
  m_keptH: { en: 'Kept', ja: '残した' },
  m_fateTaken: { en: '{0} took them', ja: '{0}が取った' },
  m_fateKept: { en: 'kept both', ja: '2枚とも確定' },
  m_fateAteOne: { en: 'ate the {0}', ja: '{0}を食べた' },
  m_fateAteBoth: { en: 'ate both', ja: '2枚とも食べた' },
  m_fateExplain: { en: 'What became of the pair you kept in the draft of round {0}.', ja: '第{0}ラウンドのドラフトで残した2枚がどうなったか。' },
  m_passed: { en: 'Passed', ja: '渡した' },
  m_scoring: { en: 'Scoring', ja: '得点表' },
  m_scoringCaption: { en: 'Cards kept of one number \u2192 points', ja: '同じ数字を何枚確定したか \u2192 点' },
  m_scoringExplain: { en: '{0} card(s) kept of one number: {1} points.', ja: '同じ数字を{0}枚確定：{1}点。' },
  m_scoringEat: { en: 'Eaten card: {0}', ja: '食べたカード：{0}' },
  m_firstElder: { en: 'First elder brother', ja: '最初の兄者' },
});

// ---------------------------------------------------------------- small helpers

function who(name, seat) {
  return h('b', { class: `who seat-c${seat}`, text: name });
}

function signed(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${-n}`;
  return '0';
}

function cardRow(cards, size = 'sm', cls = 'card-row', attrs = {}) {
  return h('div', { class: cls, ...attrs }, cards.map((n) => cake(n, { size })));
}

/** A cake card that explains itself by tap (a beginner's "?" on a card said "Nothing to explain here"). */
function cake(n, opts = {}) {
  return cardEl(n, { 'data-explain': t('m_cardExplain', n), ...opts });
}

/** An eaten card, explained as one. */
function eatenCake(n) {
  return cardEl(n, { size: 'xs', 'data-explain': t('m_eatenCardExplain', n) });
}

/** The move-following id of the pair `owner` kept this round (ui/flip.js): the two cards travel
 * as one from the owner's seat to whoever takes them. */
function pairFlip(v, owner) {
  return owner === null || owner === undefined ? {} : { 'data-flip': `mr-pair-${v.round}-${owner}` };
}

/** The offered moves of `kind` (none in the replay viewer or when the viewer cannot act). */
function movesOf(ctx, kind) {
  return (ctx.moves || []).filter((m) => m.kind === kind);
}

/** The offered move of `kind` whose field `key` equals `value`. */
function moveWith(ctx, kind, key, value) {
  return movesOf(ctx, kind).find((m) => m[key] === value);
}

/** Props that make an element play `move` when tapped (or a disabled button without one). */
function playProps(move) {
  return move ? { data: { action: 'move', a: move.a } } : { disabled: true };
}

/** The numbers of the game, as the breakdown lists them (in order). */
function numbersOf(breakdown) {
  return Object.keys(breakdown?.numbers || {}).map(Number).sort((a, b) => a - b);
}

// ---------------------------------------------------------------- status and prompt

/** The round chip. */
export function statusChips(snap) {
  const v = snap.view;
  if (snap.over) return [];
  return [h('span', { class: 'chip chip-round', testid: 'round', 'data-explain': t('roundExplain', v.round, v.rounds) }, t('roundOf', v.round, v.rounds))];
}

function draftPrompt(v, ctx, name) {
  if (ctx.canAct && v.hand) {
    const pick = movesOf(ctx, 'pick')[0];
    if (!pick || !pick.passed.length) return t('m_pickLast');
    return tn('m_pickTwo', String(pick.cards.length), String(pick.passed.length), name(pick.to));
  }
  return tn('m_waitDraft', name(v.drafter), String(v.hand_size));
}

function votePrompt(v, ctx) {
  if (movesOf(ctx, 'vote').length) return t('m_vote');
  const mine = ctx.viewer !== null && ctx.viewer !== undefined ? v.seats[ctx.viewer]?.vote : null;
  return mine === 'up' || mine === 'down' ? t('m_voted') : t('m_waitVote');
}

function takePrompt(v, ctx, name) {
  const takes = movesOf(ctx, 'take');
  if (!takes.length) return tn('m_waitTake', name(v.taker));
  return takes.every((m) => m.owner === ctx.viewer) ? t('m_takeOwn') : t('m_take');
}

function decidePrompt(v, ctx, name) {
  return movesOf(ctx, 'keep').length ? t('m_decide') : tn('m_waitDecide', name(v.taker));
}

/** The viewer's own seat view (null for a spectator). */
function mySeat(v, ctx) {
  return ctx.viewer !== null && ctx.viewer !== undefined ? v.seats[ctx.viewer] : null;
}

/** M4: everyone decides at once, in secret; the viewer's own decision shows once it is in. */
function secretDecidePrompt(v, ctx) {
  if (movesOf(ctx, 'keep').length) return t('m_decideSecret');
  return mySeat(v, ctx)?.decision?.status === 'decided' ? t('m_decidedWait') : t('m_waitDecideAll');
}

/** What the viewer is asked to do, or who is acting. */
export function prompt(snap, ctx) {
  const v = snap.view;
  const name = (s) => who(ctx.names[s], s);
  switch (v.phase) {
    case 'pile': return movesOf(ctx, 'pile').length ? t('m_choosePile') : tn('m_waitPile', name(v.elder));
    case 'draft': return draftPrompt(v, ctx, name);
    case 'vote': return votePrompt(v, ctx);
    case 'take': return takePrompt(v, ctx, name);
    case 'decide': return v.simultaneous ? secretDecidePrompt(v, ctx) : decidePrompt(v, ctx, name);
    default: return '';
  }
}

// ---------------------------------------------------------------- seat panels

const VOTE_CHIPS = {
  waiting: ['hourglass', 'm_voting'],
  voted: ['check', 'm_votedChip'],
  up: ['thumb', 'm_up'],
  down: ['thumbdown', 'm_down'],
};

// the glossary's word for each vote chip (web/rules/marie.js: a tap explains it, ui/explain.js)
const VOTE_GLOSS = { voted: 'Voted', up: 'Satisfied', down: 'Dissatisfied' };

function voteChip(vote) {
  const [ic, key] = VOTE_CHIPS[vote] || [];
  if (!ic) return null;
  // "Voting…" has no word of the glossary: it says what it means itself
  const explain = vote === 'waiting' ? t('m_votingExplain') : undefined;
  return h('span', { class: `vote-chip vote-${vote}`, data: { vote, gloss: VOTE_GLOSS[vote] }, 'data-explain': explain }, icon(ic), h('span', { text: t(key) }));
}

/** A decision as words: what the seat keeps or eats (its own pending one), or kept or ate. */
function decisionWords(d) {
  const done = d.status === 'revealed';
  if (!d.eat.length) return t(done ? 'm_keptBoth' : 'm_keepsBoth');
  if (d.keep.length) return t(done ? 'm_ateOne' : 'm_eatsOne', d.eat[0]);
  return t(done ? 'm_ateBoth' : 'm_eatsBoth');
}

/**
 * The keep/eat chip of a seat: deciding, decided (what, only on the seat's own view), keeping
 * with no eats left, or revealed (marked with its round while the next round is drafted). The
 * engine's view says which and what may be shown.
 */
function decisionChip(d, s, { mark = true, round = null } = {}) {
  if (!d) return null;
  const shown = Array.isArray(d.eat) && Array.isArray(d.keep);
  let ic = 'hourglass';
  let text = t('m_deciding');
  if (d.status === 'forced') {
    ic = 'check';
    text = t('m_mustKeep');
  } else if (shown) {
    ic = d.eat.length ? 'fork' : 'check';
    text = decisionWords(d);
  } else if (d.status === 'decided') {
    ic = 'check';
    text = t('m_decidedChip');
  }
  const earlier = round !== null && d.round !== round;
  const gloss = shown ? (d.eat.length ? 'Eat' : 'Keep both') : (d.status === 'decided' ? 'Decided' : undefined);
  const data = { status: d.status, round: d.round, gloss, ...(shown ? { eat: d.eat.join(' '), keep: d.keep.join(' ') } : {}) };
  return h('span', {
    class: `decision-chip decision-${d.status}`, testid: mark ? `decision-${s}` : undefined, data,
    title: earlier ? t('m_roundWasTitle', d.round, text) : undefined,
  }, icon(ic), h('span', { text: earlier ? t('m_roundWas', d.round, text) : text }));
}

function keptChips(sv, s) {
  const numbers = sv.breakdown?.numbers || {};
  const chips = numbersOf(sv.breakdown).filter((n) => numbers[String(n)].count).map((n) => {
    const { count, points } = numbers[String(n)];
    return h('span', { class: 'kept-chip', 'data-flip': `mr-kept-${s}-${n}`, data: { number: n, count }, title: `${n} ×${count}: ${signed(points)}`, 'data-explain': t('m_keptExplain', n, count, signed(points)) },
      cardEl(n, { size: 'xs', label: `${n} ×${count}`, 'data-explain': t('m_keptExplain', n, count, signed(points)) }),
      h('span', { class: 'kept-count', text: `×${count}` }),
      h('span', { class: ['kept-points', points < 0 ? 'neg' : 'pos'], text: signed(points) }));
  });
  if (!chips.length) return h('div', { class: 'kept kept-empty', testid: `kept-${s}`, text: t('m_noneKept') });
  return h('div', { class: 'kept', testid: `kept-${s}` }, chips);
}

function pairNode(sv, ctx, s, flip = {}) {
  if (!sv.pair) return h('div', { class: 'pair pair-empty', data: { pair: 'none' }, 'data-explain': t('m_pairEmptyExplain') });
  const cards = sv.pair.cards
    ? sv.pair.cards.map((n) => cake(n, { size: 'sm' }))
    : [backEl('sm'), backEl('sm')];
  const shown = sv.pair.cards ? 'open' : 'hidden';
  const take = moveWith(ctx, 'take', 'owner', s);
  if (!take) return h('div', { class: 'pair', data: { pair: shown }, ...flip }, cards);
  return button(cards, {
    ...flip, class: 'pair pair-take', testid: `take-${s}`, data: { action: 'move', a: take.a, pair: shown },
    'aria-label': ctx.viewer === s ? t('m_takeMine') : t('m_takeFrom', ctx.names[s]),
  });
}

function seatBadges(v, ctx, s) {
  const badges = [];
  if (v.elder === s) badges.push(h('span', { class: 'badge badge-elder', testid: `elder-${s}`, text: t('m_elder'), data: { gloss: 'Elder' } }));
  if (v.youngest === s && v.youngest !== v.elder) badges.push(h('span', { class: 'badge badge-youngest', text: t('m_youngest'), data: { gloss: 'Youngest' } }));
  if (ctx.viewer === s) badges.push(h('span', { class: 'badge badge-you', text: t('you'), 'data-explain': t('explainYou') }));
  return badges;
}

function seatHead(snap, ctx, s) {
  const sv = snap.view.seats[s];
  const seat = snap.seats[s];
  const name = ctx.names[s];
  return h('header', { class: 'seat-head' },
    h('h2', { class: 'seat-name', testid: `seat-name-${s}`, text: name, title: name, 'data-explain': seatExplain(seat, name, ctx.viewer === s) }),
    h('div', { class: 'seat-sub' },
      h('div', { class: 'seat-id' },
        h('p', { class: 'seat-kind', text: seat.kind === 'bot' ? `${t('bot')} · ${levelName(seat.level)}` : t('human'), 'data-explain': seatExplain(seat, name, ctx.viewer === s) }),
        h('div', { class: 'badges' }, seatBadges(snap.view, ctx, s))),
      h('div', { class: 'seat-score', testid: `score-${s}`, data: { score: sv.score }, title: t('score'), 'data-explain': t('m_scoreExplain', signed(sv.score)) }, signed(sv.score))));
}

function seatPanel(snap, ctx, s) {
  const sv = snap.view.seats[s];
  const active = snap.to_move.includes(s) || ctx.thinking === s;
  const takeable = Boolean(moveWith(ctx, 'take', 'owner', s));
  return h('article', {
    class: ['seat', `seat-c${s}`, active ? 'is-active' : null, ctx.viewer === s ? 'is-viewer' : null, takeable ? 'is-takeable' : null],
    testid: `seat-${s}`, data: { seat: s },
  },
  seatHead(snap, ctx, s),
  h('div', { class: 'seat-pair-row' }, pairNode(sv, ctx, s, pairFlip(snap.view, s)), voteChip(sv.vote),
    decisionChip(sv.decision, s, { round: snap.view.round })),
  keptChips(sv, s),
  h('div', { class: 'eaten-row', testid: `eaten-${s}` },
    icon('fork', 'fork'),
    h('span', { class: 'eaten-label', text: t('m_eaten'), 'data-explain': t('m_eatenLabelExplain') }),
    h('span', { class: 'eaten-cards' }, (sv.eaten || []).map(eatenCake)),
    h('span', { class: 'eats-left', text: t('m_eatsLeftShort', sv.eats_left), 'data-explain': t('m_eatsLeftExplain', snap.view.scoring?.max_eaten) })));
}

// ---------------------------------------------------------------- the action zone

function pileNode(ctx, p) {
  const stack = p.used
    ? h('div', { class: 'pile-stack pile-used' }, h('span', { class: 'pile-used-text', text: t('m_pileUsed') }))
    : h('div', { class: 'pile-stack' }, backEl('md', 'pile-c1'), backEl('md', 'pile-c2'), backEl('md', 'pile-c3'));
  const label = h('span', { class: 'pile-label' },
    h('b', { text: t('m_pile', p.index) }),
    p.used ? null : h('span', { class: 'pile-size', text: t('m_cards', p.size) }));
  if (p.used) return h('div', { class: 'pile is-used', data: { pile: p.index } }, stack, label);
  const move = moveWith(ctx, 'pile', 'pile', p.index);
  const play = playProps(move);
  // named by its label: "Pile 1, 8 cards"
  return button([stack, label], {
    class: ['pile', move ? 'is-choosable' : null], testid: `pile-${p.index}`,
    ...play, data: { pile: p.index, ...play.data },
  });
}

function pilesZone(snap, ctx) {
  const v = snap.view;
  return h('div', { class: 'zone zone-piles' },
    h('div', { class: 'piles', testid: 'piles' }, v.piles.map((p) => pileNode(ctx, p))),
    h('p', { class: 'zone-note', text: t('m_unused', v.unused_count) }));
}

/** The selected hand cards (indexes), the pick they make if they make one, and a pick's size. */
function selection(ctx, hand) {
  const picks = movesOf(ctx, 'pick');
  const selected = ctx.ui?.selected || [];
  const cards = selected.map((i) => hand[i]).sort((a, b) => a - b);
  const move = picks.find((m) => m.cards.length === cards.length && m.cards.every((c, i) => c === cards[i]));
  return { selected, move, size: picks[0]?.cards.length ?? 0 };
}

/**
 * The picks a tap on an unselected hand card leads towards (the selection with that card is part
 * of them): a tutorial marks the cards of the pick it expects. A selected card leads to none.
 */
function reachOf(ctx, hand, selected, i) {
  if (selected.includes(i)) return '';
  const cards = [...selected.map((j) => hand[j]), hand[i]];
  return movesOf(ctx, 'pick').filter((m) => {
    const left = [...m.cards];
    return cards.every((c) => { const k = left.indexOf(c); if (k < 0) return false; left.splice(k, 1); return true; });
  }).map((m) => m.a).join(' ');
}

function handZone(snap, ctx) {
  const hand = snap.view.hand;
  const { selected, move, size } = selection(ctx, hand);
  const cards = hand.map((n, i) => {
    const on = selected.includes(i);
    return cake(n, {
      size: 'lg', tag: 'button', testid: 'hand-card', extraClass: ['hand-card', on ? 'is-selected' : null].filter(Boolean).join(' '),
      'aria-pressed': on ? 'true' : 'false', data: { card: n, index: i, action: 'select', reach: ctx.canAct ? reachOf(ctx, hand, selected, i) : undefined },
    });
  });
  const left = size - selected.length;
  const ask = selected.length && left > 0 ? t('m_selectMore', left) : t('m_selectTwo', size);
  const confirm = button(move ? t('m_keepTwo', size) : ask, {
    class: 'btn btn-primary btn-lg', testid: 'confirm-pick', ...playProps(move),
  });
  return h('div', { class: 'zone zone-hand' },
    h('h3', { class: 'zone-title', text: `${t('m_yourCards')} (${t('m_cards', hand.length)})` }),
    h('div', { class: 'hand', testid: 'hand', vars: { '--n': Math.max(cards.length, 1) } }, cards),
    // a decision of the analysis is for reading: no button to press (it was half hidden there)
    ctx.replay ? null : h('div', { class: 'zone-actions' }, confirm));
}

function waitingHandZone(snap, ctx) {
  const v = snap.view;
  const backs = [];
  for (let i = 0; i < v.hand_size; i += 1) backs.push(backEl('sm', 'fan-card'));
  return h('div', { class: 'zone zone-wait' },
    h('div', { class: 'fan', testid: 'other-hand' }, backs),
    h('p', { class: 'zone-note' }, tn('m_waitDraft', who(ctx.names[v.drafter], v.drafter), String(v.hand_size))));
}

function voteButton(ctx, vote, ic, cls) {
  return button([icon(ic), h('span', { text: t(vote === 'up' ? 'm_up' : 'm_down') })], {
    class: `btn btn-vote ${cls}`, testid: `vote-${vote}`, ...playProps(moveWith(ctx, 'vote', 'vote', vote)),
  });
}

function voteZone(snap, ctx) {
  const v = snap.view;
  const mine = ctx.viewer !== null && ctx.viewer !== undefined ? v.seats[ctx.viewer] : null;
  const parts = [];
  if (mine?.pair?.cards) {
    parts.push(h('div', { class: 'my-pair' },
      h('h3', { class: 'zone-title', text: t('m_yourPair') }), cardRow(mine.pair.cards, 'lg')));
  }
  if (movesOf(ctx, 'vote').length) {
    parts.push(h('div', { class: 'vote-buttons' },
      voteButton(ctx, 'up', 'thumb', 'btn-up'), voteButton(ctx, 'down', 'thumbdown', 'btn-down')));
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
  const takes = movesOf(ctx, 'take');
  if (!takes.length) {
    return h('div', { class: 'zone zone-wait' },
      h('p', { class: 'zone-note strong', text: head }),
      h('p', { class: 'zone-note' }, tn('m_waitTake', who(ctx.names[v.taker], v.taker))));
  }
  const options = takes.map((m) => {
    const label = m.owner === ctx.viewer ? t('m_takeMine') : t('m_takeFrom', ctx.names[m.owner]);
    return button([cardRow(m.cards, 'md'), h('span', { class: 'take-label', text: label })], {
      class: 'take-option', testid: `take-option-${m.owner}`, data: { action: 'move', a: m.a },
    });
  });
  return h('div', { class: 'zone zone-take' },
    h('p', { class: 'zone-note strong', text: head }),
    h('div', { class: 'take-options', testid: 'take-options' }, options));
}

/** Keep first, then the eats: one card before two, smaller cards first. */
function decideMoves(ctx) {
  const eats = movesOf(ctx, 'eat').slice()
    .sort((x, y) => x.cards.length - y.cards.length || x.cards[0] - y.cards[0]);
  return [...movesOf(ctx, 'keep'), ...eats];
}

function decideButton(m) {
  const eat = m.kind === 'eat';
  let label = t('m_keepBoth');
  if (eat && !m.keep.length) label = t('m_eatBoth');
  else if (eat) label = m.cards[0] === m.keep[0] ? t('m_eatTwin', m.cards[0]) : t('m_eatOne', m.cards[0], m.keep[0]);
  return button([eat ? icon('fork') : null, label], {
    class: ['btn', 'btn-lg', eat ? 'btn-eat' : 'btn-primary'],
    testid: eat ? `decide-eat-${m.cards.join('-')}` : 'decide-keep',
    data: { action: 'move', a: m.a },
  });
}

/** M4: the viewer decides about his own pair (the cards come from the engine's moves). */
function secretDecideZone(snap, ctx) {
  const v = snap.view;
  const moves = decideMoves(ctx);
  const mine = mySeat(v, ctx);
  if (!moves.length) {
    const done = mine?.decision?.status === 'decided';
    return h('div', { class: 'zone zone-wait zone-secret' },
      done && mine.pair?.cards ? cardRow(mine.pair.cards, 'md') : null,
      h('p', { class: 'zone-note zone-note-row', testid: 'decide-wait' },
        done ? decisionChip(mine.decision, ctx.viewer, { mark: false }) : null,
        h('span', { text: done ? t('m_decidedWait') : t('m_waitDecideAll') })));
  }
  const cards = movesOf(ctx, 'keep')[0]?.cards || [];
  return decideChoice(v, ctx, t('m_ownPair'), cards, moves);
}

function decideChoice(v, ctx, title, cards, moves) {
  const left = v.seats[ctx.viewer]?.eats_left ?? 0;
  const most = v.scoring?.max_eaten;
  return h('div', { class: 'zone zone-decide' },
    h('div', { class: 'holding' }, h('h3', { class: 'zone-title', text: title }), cardRow(cards, 'lg', 'card-row', v.simultaneous ? {} : pairFlip(v, v.holding_from))),
    h('div', { class: 'decide-side' },
      h('div', { class: 'decide-buttons', testid: 'decide' }, moves.map(decideButton)),
      h('p', { class: 'zone-note', text: left > 0 ? t('m_eatsLeft', left, most) : t('m_noEatsLeft', most) })));
}

function decideZone(snap, ctx) {
  const v = snap.view;
  if (v.simultaneous) return secretDecideZone(snap, ctx);
  const holding = v.holding || [];
  const moves = decideMoves(ctx);
  if (!moves.length) {
    return h('div', { class: 'zone zone-wait' },
      cardRow(holding, 'md', 'card-row', pairFlip(v, v.holding_from)),
      h('p', { class: 'zone-note' }, tn('m_waitDecide', who(ctx.names[v.taker], v.taker))));
  }
  const from = v.holding_from;
  const title = from === ctx.viewer ? t('m_ownPair') : t('m_tookFrom', ctx.names[from]);
  return decideChoice(v, ctx, title, holding, moves);
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

/** The seats and the zone of the current step. */
export function table(snap, ctx) {
  const seats = [];
  for (let s = 0; s < snap.players; s += 1) seats.push(seatPanel(snap, ctx, s));
  return h('div', { class: 'marie' },
    h('div', { class: 'seats', testid: 'seats' }, seats),
    h('div', { class: 'action-zone', testid: 'action-zone' }, actionZone(snap, ctx)));
}

// ---------------------------------------------------------------- side: own draft history, scoring

/** What became of the pair kept in a round's draft, once everyone has seen it: who took it, or
 * what the viewer kept and ate of it (the engine's `fate`; none while the round goes on). */
function fateNode(r, ctx) {
  const f = r.fate;
  if (!f) return null;
  let text = t('m_fateKept');
  if (f.by !== ctx.viewer) text = t('m_fateTaken', ctx.names[f.by]);
  else if (f.eat.length === 2) text = t('m_fateAteBoth');
  else if (f.eat.length) text = t('m_fateAteOne', f.eat[0]);
  return h('span', {
    class: ['hist-fate', f.eat.length && f.by === ctx.viewer ? 'is-eaten' : null, f.by !== ctx.viewer ? 'is-taken' : null],
    testid: `fate-${r.round}`, data: { by: f.by, eat: f.eat.join(' '), keep: f.keep.join(' ') },
    'data-explain': t('m_fateExplain', r.round),
  }, `\u2192 ${text}`);
}

function historyPanel(hist, ctx) {
  const rows = hist.slice().reverse().map((r) => h('li', { class: 'hist-row', data: { round: r.round } },
    h('span', { class: 'hist-round', text: t('m_historyRound', r.round) }),
    h('span', { class: 'hist-part' }, h('span', { class: 'hist-label', text: t('m_keptH') }), cardRow(r.kept, 'xs', 'card-row mini'), fateNode(r, ctx)),
    r.passed.length
      ? h('span', { class: 'hist-part' }, h('span', { class: 'hist-label', text: t('m_passed') }), cardRow(r.passed, 'xs', 'card-row mini'))
      : null));
  return h('section', { class: 'side-panel history-panel', testid: 'history' },
    h('h2', { class: 'side-title', text: t('m_history') }), h('ol', { class: 'hist-list' }, rows));
}

function scoringPanel(scoring) {
  return h('section', { class: 'side-panel scoring-panel', testid: 'scoring' },
    h('h2', { class: 'side-title', text: t('m_scoring') }),
    h('p', { class: 'scoring-caption', text: t('m_scoringCaption') }),
    h('div', { class: 'scoring', vars: { '--steps': scoring.points.length } },
      scoring.points.map((p) => h('span', {
        class: 'score-step', data: { count: p.count, points: p.points }, 'data-explain': t('m_scoringExplain', p.count, signed(p.points)),
      }, h('b', { text: `\u00d7${p.count}` }), h('span', { class: p.points < 0 ? 'neg' : 'pos', text: signed(p.points) })))),
    h('p', { class: 'scoring-eat', text: t('m_scoringEat', signed(scoring.eaten)) }));
}

/** The viewer's own draft history and the scoring table (from the view). */
export function side(snap, ctx) {
  const v = snap.view;
  const hist = v.history || [];
  const out = [];
  if (ctx.viewer !== null && ctx.viewer !== undefined && hist.length) out.push(historyPanel(hist, ctx));
  if (v.scoring) out.push(scoringPanel(v.scoring));
  return out;
}

// ---------------------------------------------------------------- end of game

function resultRow(b, s, ctx, numbers, winners) {
  const won = winners.has(s);
  return h('tr', { class: won ? 'is-winner' : null, testid: `result-row-${s}`, data: { seat: s, winner: won ? 'yes' : 'no' } },
    h('th', { scope: 'row', class: 'col-name' }, won ? icon('crown', 'crown-mini') : null, h('span', { text: ctx.names[s] })),
    numbers.map((n) => {
      const e = b.numbers[String(n)];
      if (!e || !e.count) return h('td', { class: 'col-num empty', text: '·', 'data-explain': t('m_cellNoneExplain', ctx.names[s], n) });
      return h('td', { class: 'col-num', 'data-explain': t('m_cellExplain', ctx.names[s], e.count, n, signed(e.points)) },
        h('span', { class: 'cell-count', text: `×${e.count}` }),
        h('span', { class: ['cell-points', e.points < 0 ? 'neg' : 'pos'], text: signed(e.points) }));
    }),
    h('td', { class: 'col-eaten', 'data-explain': t('m_cellEatenExplain', ctx.names[s], (b.eaten_cards || []).length, signed(b.eaten_points ?? b.eaten)) },
      h('span', { class: 'eaten-cards' }, (b.eaten_cards || []).map(eatenCake)),
      h('span', { class: 'cell-points pos', text: signed(b.eaten_points ?? b.eaten) })),
    h('td', { class: 'col-total', testid: `final-score-${s}`, data: { score: b.total }, 'data-explain': t('m_totalExplain', ctx.names[s]) }, signed(b.total)));
}

/** The end-of-game table: each number's count and points, the eaten cards, the total. */
export function result(snap, ctx) {
  const res = snap.result;
  const winners = new Set(res.winners);
  const numbers = numbersOf(res.breakdown[0]);
  const head = h('tr', {},
    h('th', { scope: 'col', class: 'col-name', text: t('name') }),
    numbers.map((n) => h('th', { scope: 'col', class: 'col-num' }, cake(n, { size: 'xs' }))),
    h('th', { scope: 'col', class: 'col-eaten', 'data-explain': t('m_eatenHeadExplain') }, icon('fork', 'fork'), t('m_eaten')),
    h('th', { scope: 'col', class: 'col-total', text: t('total'), 'data-explain': t('m_totalHeadExplain') }));
  const rows = res.breakdown.map((b, s) => resultRow(b, s, ctx, numbers, winners));
  return h('div', { class: 'result-wrap' },
    h('table', { class: 'result', testid: 'result' }, h('thead', {}, head), h('tbody', {}, rows)));
}

// ---------------------------------------------------------------- setup option: first elder

/**
 * The setup page's field for the first elder (random or a seat). The setup page is not a table:
 * its field keeps the option in `state.options` as the other setup fields do.
 */
export function setupOptions(state, names) {
  return startPlayerField(state, names, { option: 'elder', id: 'opt-elder', label: t('m_firstElder') });
}

// ---------------------------------------------------------------- UI state and its actions

/** A new decision starts with nothing selected. */
export function initUi() {
  return { selected: [] };
}

/**
 * The hand cards chosen for a pick not played yet (the coach says when its Play sets them
 * aside; docs/table-layer.md).
 * @param {import('../types.js').Snapshot} snap
 * @param {import('../types.js').TableContext} ctx
 * @returns {number[]}
 */
export function chosen(snap, ctx) {
  const hand = snap.view?.hand || [];
  return (ctx.ui?.selected || []).map((i) => hand[i]).filter((c) => c !== undefined);
}

/** Tap a hand card: select it, or unselect it; past the pick's size the oldest is dropped. */
function select(ctx, data) {
  const picks = ctx.canAct ? movesOf(ctx, 'pick') : [];
  const size = picks[0]?.cards.length ?? 0;
  const i = Number(data.index);
  if (!size || !Number.isInteger(i)) return;
  const before = ctx.ui.selected || [];
  const selected = before.filter((x) => x !== i);
  if (selected.length === before.length) selected.push(i);
  while (selected.length > size) selected.shift();
  ctx.ui.selected = selected;
}

export const actions = { select };

// ---------------------------------------------------------------- pass-and-play

/** The privacy screen's hint when the tablet goes round for the secret keep/eat (M4). */
export function passHint(snap) {
  return snap.view?.phase === 'decide' && snap.view.simultaneous ? 'm_passDecide' : undefined;
}

export default { initUi, statusChips, prompt, table, side, result, actions, setupOptions, passHint, chosen };
