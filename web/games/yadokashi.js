// Yadokashi (ヤドカシ): draws the ring of shells, the crabs (dice), the pieces and the stars, and
// the moves the engine offers (docs/table-layer.md). Nothing here decides a rule or reads a
// notation string: the buttons carry the `a` of a move from `ctx.moves`, and New tenants and
// Rearrange are composed pick by pick with the engine (`ctx.compose`), their answer played at
// once (`ctx.playActions`). Ring places and bar widths are CSS custom properties read by
// yadokashi.css; the UI state of a decision lives in `ctx.ui` (from `initUi`).

import { h, svg, button, loadStyle, srOnly } from '../ui/dom.js';
import { icon, seatMark } from '../ui/card.js';
import { t, tn, tp, tx, lang, levelName, STRINGS } from '../i18n.js';
import { speed } from '../ui/speed.js';
import { startPlayerField } from '../ui/options.js';
import { seatExplain } from '../ui/explain.js';

loadStyle(new URL('./yadokashi.css', import.meta.url).href);

Object.assign(STRINGS, {
  yd_turn: { en: 'Turn {0}', ja: '{0}手番目' },
  yd_jumpRow: { en: 'My row', ja: '自分の列' },
  yd_jumpRowExplain: { en: 'Scrolls up to your row and your actions.', ja: '自分の列と操作の位置まで移動します。' },
  yd_goal: { en: 'Ends at {0} ★', ja: '星{0}以上で終了' },
  yd_turnExplain: {
    en: 'Turn {0}: turns go round the table, one action each. There is no turn limit: the game ends when a turn ends with someone at the goal.',
    ja: '{0}手番目。手番は時計回りで、1手番に1アクション。手番の上限はなく、手番の終わりに誰かが目標に達していればゲーム終了です。',
  },
  yd_goalTitle: {
    en: 'When a turn ends and anyone has {0} stars or more, the game ends: of those players, the one with most stars wins; on a tie, the player whose turn it was, then the next clockwise.',
    ja: '手番の終わりに誰かの星が{0}以上ならゲーム終了。その中で星が最も多いプレイヤーの勝ちです。同数なら手番プレイヤー、その左隣…の順に優先します。',
  },
  yd_centre: { en: 'Centre', ja: '中央' },
  yd_centreDice: { en: { one: '{0} die in the centre', other: '{0} dice in the centre' }, ja: '中央のダイス{0}個' },
  yd_centreEmpty: { en: 'No die in the centre', ja: '中央にダイスはありません' },
  yd_centreWaiting: { en: { one: '{0} crab waiting', other: '{0} crabs waiting' }, ja: '待っているヤドカリ{0}人' },
  yd_centreExplain: { en: { one: '{0} die in the centre: a crab waiting for a shell. Move dice rolls one of them; New tenants rolls them all.', other: '{0} dice in the centre: crabs waiting for a shell. Move dice rolls one of them; New tenants rolls them all.' }, ja: '中央のダイス{0}個：ヤドを待っているヤドカリです。ヒッコシダイスはそのうち1個を、ニューキョシャボシュウは全部を振ります。' },
  yd_tenantsRoll: { en: 'New tenants', ja: 'ニューキョシャボシュウ' },
  yd_tenantsRollExplain: { en: 'The centre dice {0} rolled for New tenants: {1}.', ja: '{0}がニューキョシャボシュウで振った中央のダイス：{1}' },
  yd_moveRollExplain: { en: 'The last Move dice: {0} called {1} and rolled {2}.', ja: '直前のヒッコシダイス：{0}が{1}を宣言して{2}を出しました。' },
  yd_high: { en: 'High', ja: 'ハイ' },
  yd_low: { en: 'Low', ja: 'ロー' },
  yd_shellTitle: { en: 'Shell {0}, position {1} of {2}', ja: '{2}のヤド{0}（{1}番目）' },
  yd_crabTitle: { en: 'a crab of size {0}', ja: '大きさ{0}のヤドカリ' },
  yd_dieShows: { en: 'a die showing {0}', ja: '出目{0}のダイス' },
  yd_emptyTitle: { en: 'empty', ja: '空き' },
  yd_piece: { en: "{0}'s piece", ja: '{0}のコマ' },
  yd_ring: { en: 'The ring of shells', ja: 'ヤドの輪' },
  yd_stars: { en: '{0} / {1} ★', ja: '★ {0} / {1}' },
  yd_noStars: { en: 'no ★', ja: '★なし' },
  yd_starsTitle: { en: { one: '{0} star: {1} gold, {2} blue, {3} white', other: '{0} stars: {1} gold, {2} blue, {3} white' }, ja: '星{0}：金{1}・青{2}・白{3}' },
  yd_crabsInRow: { en: { one: '{0} crab in row', other: '{0} crabs in row' }, ja: 'ヤドカリ{0}人' },
  yd_start: { en: 'Start', ja: 'スタート' },
  // actions
  yd_moveDice: { en: 'Move dice', ja: 'ヒッコシダイス' },
  yd_moveHelp: { en: { one: 'Before and after the roll, everyone takes 1 ★ per crab in their row; you have {0} crab now.', other: 'Before and after the roll, everyone takes 1 ★ per crab in their row; you have {0} crabs now.' }, ja: '振る前と後に、全員が自分の列のヤドカリ1人につき★1をもらいます。あなたのヤドカリは今{0}人です。' },
  yd_callHigh: { en: 'High', ja: 'ハイ' },
  yd_callHighHelp: { en: 'crabs ≥ roll grow', ja: '出目以上が成長' },
  yd_callLow: { en: 'Low', ja: 'ロー' },
  yd_callLowHelp: { en: 'crabs ≤ roll grow', ja: '出目以下が成長' },
  yd_advance: { en: 'Advance', ja: 'ゼンシン' },
  yd_advanceHelp: { en: 'every piece one shell clockwise', ja: '全員のコマが時計回りに1つ進む' },
  yd_buy: { en: 'Buy a shell', ja: 'ヤドカイ' },
  yd_buyHelp: { en: 'an empty shell of another row', ja: '他人の空きヤドを買う' },
  yd_rearrange: { en: 'Rearrange', ja: 'イレカエ' },
  yd_rearrangeHelp: { en: 'reorder your empty shells', ja: '自分の空きヤドを並べ替え' },
  // (a break opportunity between its two words: a narrow button breaks it there, not mid-word)
  yd_tenants: { en: 'New tenants', ja: 'ニューキョシャ\u200bボシュウ' },
  yd_tenantsHelp: { en: 'roll the centre dice', ja: '中央のダイスを振る' },
  // what each action does, for a tap in the "?" mode (the rules page says the same at length)
  yd_callHighExplain: { en: 'Move dice, calling High: everyone takes 1 ★ per crab in their row, you roll a Centre die, every crab of the roll\'s size or bigger grows by 1 (one that outgrows its shell walks to an empty shell of its size or one bigger), then everyone takes income again.', ja: 'ヒッコシダイス（ハイ）：全員が自分の列のヤドカリ1人につき★1つを得て、中央のダイスを1個振ります。出目以上の大きさのヤドカリが1ずつ成長し（ヤドより大きくなったら、同じ大きさか1つ大きい空きヤドへ引越し）、そのあと全員がもう一度収入を得ます。' },
  yd_callLowExplain: { en: 'Move dice, calling Low: everyone takes 1 ★ per crab in their row, you roll a Centre die, every crab of the roll\'s size or smaller grows by 1 (one that outgrows its shell walks to an empty shell of its size or one bigger), then everyone takes income again.', ja: 'ヒッコシダイス（ロー）：全員が自分の列のヤドカリ1人につき★1つを得て、中央のダイスを1個振ります。出目以下の大きさのヤドカリが1ずつ成長し（ヤドより大きくなったら、同じ大きさか1つ大きい空きヤドへ引越し）、そのあと全員がもう一度収入を得ます。' },
  yd_advanceExplain: { en: 'Advance: every piece moves one shell clockwise. Your last shell, with its crab if it has one, goes to position 1 of the row of the player before you, and you gain the last shell of the player after you.', ja: 'ゼンシン：全員のコマが時計回りに1つ進みます。自分の列の最後のヤドは、ヤドカリがいればヤドカリごと、前の手番の人の列の1番目へ移り、代わりに次の手番の人の列の最後のヤドが自分の列に入ります。' },
  yd_buyExplain: { en: 'Buy a shell: take an empty shell of another row and put it anywhere in yours. You pay its owner by where it stood: position 1 costs 3 ★, 2 costs 2 ★, 3 costs 1 ★, 4 and later are free.', ja: 'ヤドカイ：他人の列の空きヤドを取り、自分の列の好きな位置に置きます。持ち主には元の位置で払います：1番目★3、2番目★2、3番目★1、4番目以降は無料。' },
  yd_rearrangeExplain: { en: 'Rearrange: put the empty shells of your row in a new order. Shells with a crab stay where they are.', ja: 'イレカエ：自分の列の空きヤドを並べ替えます。ヤドカリのいるヤドは動きません。' },
  yd_tenantsExplain: { en: 'New tenants: roll every Centre die. On each empty shell whose number was rolled you may put a crab of that size; put at least one if you can. If the Centre empties, the biggest crab not placed now goes back to it.', ja: 'ニューキョシャボシュウ：中央のダイスを全部振ります。出目と同じ数字の空きヤドに、その大きさのヤドカリを乗せられます（乗せられるなら1人以上）。中央が空になったら、今回乗せたもの以外で最も大きいヤドカリが中央へ戻ります。' },
  yd_needCentre: { en: 'needs a die in the centre', ja: '中央にダイスが必要' },
  yd_noBuy: { en: 'nothing you can buy', ja: '買えるヤドがありません' },
  yd_noRearrange: { en: 'needs two empty shells', ja: '空きヤドが2つ必要' },
  yd_cancel: { en: 'Back', ja: '戻る' },
  // buy
  yd_buyPick: { en: 'Tap an empty shell of another row (its price is on it).', ja: '他人の列の空きヤドをタップ（値段が表示されています）。' },
  yd_buyChosen: { en: 'Shell {0} from {1}: {2} ★. Tap where it goes in your row.', ja: '{1}のヤド{0}：星{2}つ。自分の列のどこに置くかタップしてください。' },
  yd_buyFree: { en: 'Shell {0} from {1}: free. Tap where it goes in your row.', ja: '{1}のヤド{0}：無料。自分の列のどこに置くかタップしてください。' },
  yd_insertAt: { en: 'Put it at position {0}', ja: '{0}番目に置く' },
  yd_buyConfirm: { en: 'Buy shell {0} for {1} ★', ja: 'ヤド{0}を星{1}つで買う' },
  yd_buyConfirmFree: { en: 'Take shell {0} (free)', ja: 'ヤド{0}をもらう（無料）' },
  yd_price: { en: '{0} ★', ja: '★{0}' },
  yd_yourRow: { en: 'Your row, from your piece', ja: 'あなたの列（コマから順に）' },
  yd_gapLegend: { en: 'Dashed boxes (pos): the places the shell can go, by the position it gets; the other boxes are your shells, by shell number.', ja: '点線の枠（位置）：ヤドを置ける場所で、数字は置いたときの位置です。ほかの枠はあなたのヤドで、数字はヤドの番号です。' },
  yd_gapPos: { en: 'pos', ja: '位置' },
  yd_freedPushed: { en: 'Careful: this pushes your empty shell {0} from position 3 to position 4, where the others can take it for free.', ja: '注意：あなたの空きヤド{0}が3番目から4番目に押し出され、ほかの人が無料で買えるようになります。' },
  yd_freedSelf: { en: 'Careful: at position {0}, shell {1} is free for the others to take.', ja: '注意：{0}番目に置くと、ヤド{1}はほかの人が無料で買えます。' },
  // rearrange
  yd_rearrangeTap: { en: 'Fill your empty places one by one, from your piece on; crabs stay where they are, and the last empty place takes the shell left over.', ja: '空いている位置をコマの側から順に埋めます。ヤドカリのいるヤドは動かず、最後の空き位置には残ったヤドが入ります。' },
  yd_slotPick: { en: 'Choose the shell for position {0}.', ja: '{0}番目に置くヤドを選んでください。' },
  yd_rearrangeReady: { en: 'The new order is ready.', ja: '新しい並びが決まりました。' },
  yd_toPlace: { en: 'Shells to place', ja: '置くヤド' },
  yd_newOrder: { en: 'New order', ja: '新しい並び' },
  yd_rearrangeConfirm: { en: 'Confirm the new order', ja: 'この並びで決定' },
  yd_reset: { en: 'Start again', ja: 'やり直す' },
  yd_placeShell: { en: 'Put shell {0} at position {1}', ja: 'ヤド{0}を{1}番目に置く' },
  // rebirth
  yd_rebirth: { en: 'A size-12 crab is reborn: choose an empty shell.', ja: '大きさ12のヤドカリが生まれ変わります。空きヤドを選んでください。' },
  yd_rebirthOn: { en: 'Shell {0}', ja: 'ヤド{0}' },
  yd_shellWhere: { en: "{0}'s row, position {1}", ja: '{0}の列の{1}番目' },
  yd_shellWhereYours: { en: 'your row, position {0}', ja: 'あなたの列の{0}番目' },
  // tenants
  yd_tenantsRolled: { en: 'The centre dice rolled:', ja: '中央のダイスの出目：' },
  yd_tenantsChoose: { en: 'Choose the shells that get a crab (at least one).', ja: 'ヤドカリを乗せるヤドを選んでください（1つ以上）。' },
  yd_tenantsAll: { en: 'All', ja: 'すべて' },
  yd_tenantsConfirm: { en: { one: 'Place {0} crab', other: 'Place {0} crabs' }, ja: '{0}人を入居させる' },
  yd_tenantsWarn: { en: 'The centre never stays empty: if you place every die, the largest crab on the ring goes back to it (one placed before this turn, if there is one).', ja: '中央は空のままになりません。ダイスを全部乗せると、輪で最も大きいヤドカリ（前の手番から乗っているものが優先）が中央へ戻ります。' },
  yd_tenantsEvict: { en: { one: 'The centre empties: the crab on shell {1} goes back to it.', other: 'The centre empties: the crabs on shells {1} go back to it.' }, ja: '中央が空になるので、ヤド{1}のヤドカリが中央へ戻ります。' },
  // prompts
  yd_promptTurn: { en: 'Your turn: choose one action.', ja: 'あなたの番。アクションを1つ選ぶ。' },
  yd_promptRebirth: { en: 'Choose where the size-12 crab is reborn.', ja: '大きさ12のヤドカリの生まれ変わり先を選んでください。' },
  yd_promptTenants: { en: 'Choose the new tenants.', ja: '入居させるヤドカリを選んでください。' },
  yd_promptRearrange: { en: 'Rearrange: choose the shell for position {0}.', ja: 'イレカエ：{0}番目のヤドを選んでください。' },
  yd_promptRearranged: { en: 'Rearrange: confirm the new order.', ja: 'イレカエ：新しい並びを決定してください。' },
  yd_waitTurn: { en: '{0} is to move.', ja: '{0}の番です。' },
  // last turn
  yd_lastTurn: { en: 'Last turn', ja: '直前の手番' },
  yd_lastMove: { en: 'The last Move dice:', ja: '直前のヒッコシダイス：' },
  yd_lastTurns: { en: 'Since your last turn', ja: 'あなたの前の手番から' },
  yd_sinceStart: { en: 'Since the game began', ja: 'ゲーム開始から' },
  yd_growExplain: { en: 'The crab on shell {0} grew from size {1} to {2}.', ja: 'ヤド{0}のヤドカリが大きさ{1}から{2}になりました。' },
  yd_leaveExplain: { en: 'The size-12 crab on shell {0} grew and left for the centre.', ja: 'ヤド{0}の大きさ12のヤドカリが成長して中央へ戻りました。' },
  yd_moveExplain: { en: 'A crab of size {0} moved from shell {1} to shell {2}.', ja: '大きさ{0}のヤドカリがヤド{1}からヤド{2}へ引越しました。' },
  yd_moveHomeless: { en: 'A crab of size {0} left shell {1}: no empty shell of its size or one more, so back to the centre.', ja: '大きさ{0}のヤドカリがヤド{1}を出ましたが、同じ大きさか1つ大きい空きヤドがなく、中央へ戻りました。' },
  yd_growLegend: { en: 'The crabs that grew: each one\'s shell, then its size before → after', ja: '成長したヤドカリ：ヤドごとに、大きさ（前→後）' },
  yd_moveLegend: { en: 'The crabs that moved: each one\'s size, then its shell from → to', ja: '引越したヤドカリ：大きさと、ヤド（元→先）' },
  yd_nothingYet: { en: 'Nothing has happened yet.', ja: 'まだ何も起きていません。' },
  yd_income: { en: 'Income', ja: '収入' },
  yd_calls: { en: '{0} calls {1} and rolls', ja: '{0}が{1}を宣言、出目' },
  yd_grows: { en: 'Grow', ja: '成長' },
  yd_noGrowth: { en: 'No crab grows.', ja: '成長するヤドカリはいません。' },
  yd_reborn: { en: 'Reborn on shell {0}', ja: 'ヤド{0}に生まれ変わり' },
  yd_moves: { en: 'Move', ja: '引越し' },
  yd_toCentre: { en: 'centre', ja: '中央' },
  yd_noMoves: { en: 'No crab has to move.', ja: '引越すヤドカリはいません。' },
  yd_advanced: { en: '{0} advanced: every row gained a shell and lost its last one.', ja: '{0}がゼンシン：各列が1枚得て、最後の1枚を失いました。' },
  yd_bought: { en: '{0} bought shell {1} from position {5} of {2}\'s row ({3} ★) and put it at position {4} of their own row.', ja: '{0}が{2}の列の{5}番目のヤド{1}を★{3}で買い、自分の列の{4}番目に置きました。' },
  yd_boughtFree: { en: '{0} took shell {1} from position {5} of {2}\'s row (free from position 4 on) and put it at position {4} of their own row.', ja: '{0}が{2}の列の{5}番目のヤド{1}を無料（4番目以降）でもらい、自分の列の{4}番目に置きました。' },
  yd_rearranged: { en: '{0} rearranged: {1}.', ja: '{0}がイレカエ：{1}' },
  yd_tenantsBy: { en: '{0} rolled for new tenants', ja: '{0}のニューキョシャボシュウ' },
  yd_placed: { en: 'Placed on', ja: '入居' },
  yd_placedNone: { en: 'No die could be placed.', ja: '乗せられるダイスはありませんでした。' },
  yd_evicted: { en: 'Evicted from', ja: '退去' },
  // end
  yd_colStars: { en: 'Stars', ja: '星' },
  yd_colCrabs: { en: 'Crabs', ja: 'ヤドカリ' },
  yd_colShells: { en: 'Shells', ja: 'ヤド' },
  yd_firstStart: { en: 'Start player', ja: 'スタートプレイヤー' },
});

// ---------------------------------------------------------------- small display helpers

/** How long one step of the last turn's animation lasts, by bot speed (ms). */
const STEP_MS = { slow: 800, normal: 520, fast: 200, instant: 0 };
/** How long a shell or a piece glides to its new place on the ring, by bot speed (ms). */
const GLIDE_MS = { slow: 480, normal: 360, fast: 0, instant: 0 };

function stepMs() {
  return STEP_MS[speed()] ?? STEP_MS.normal;
}

/** The animation pace of the table as custom properties (read by yadokashi.css). */
function paceVars() {
  return { '--yd-step': `${stepMs()}ms`, '--yd-glide': `${GLIDE_MS[speed()] ?? GLIDE_MS.normal}ms` };
}

function who(name, seat) {
  return h('b', { class: `who seat-c${seat}`, text: name ?? '' });
}

function counted(key, n) {
  return tp(key, n);
}

function star(kind) {
  return svg('svg', { class: `yd-star yd-star-${kind}`, viewBox: '0 0 24 24', 'aria-hidden': 'true' },
    svg('path', { d: 'M12 2.2l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17.1l-6.1 3.5 1.5-6.8-5.2-4.6 6.9-.7z' }));
}

/** Stars as gold / blue / white counters with the fewest pieces (the view gives the counts). */
function starCounters(st) {
  const parts = [];
  for (const kind of ['gold', 'blue', 'white']) {
    if (st[kind] > 0) parts.push(h('span', { class: `yd-stc yd-stc-${kind}` }, star(kind), h('span', { class: 'yd-stc-n', text: `×${st[kind]}` })));
  }
  if (!parts.length) parts.push(h('span', { class: 'yd-stc yd-stc-none', text: t('yd_noStars') }));
  const title = t('yd_starsTitle', st.total, st.gold, st.blue, st.white);
  return h('span', { class: 'yd-stars', role: 'img', title, 'aria-label': title, data: { gloss: '★' } }, parts);
}

/** A die: a crab (its size) or a roll; named in words for screen readers, blank ones hidden. */
function die(value, cls = '', extra = {}) {
  if (value === null || value === undefined) return h('span', { class: ['yd-die', cls], 'aria-hidden': 'true', ...extra });
  const label = cls.includes('yd-crab') ? t('yd_crabTitle', value) : t('yd_dieShows', value);
  return h('span', { class: ['yd-die', cls], role: 'img', 'aria-label': label, data: { gloss: cls.includes('yd-crab') ? 'crab' : undefined }, ...extra },
    h('span', { class: 'yd-pip', text: String(value) }));
}

function shellChip(n, cls = '') {
  return h('span', { class: ['yd-shell-chip', cls], text: String(n) });
}

function sameList(a, b) {
  return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]);
}

// ---------------------------------------------------------------- what the engine offers

function movesOf(ctx, kind) {
  return (ctx.moves || []).filter((m) => m.kind === kind);
}

function moveOf(ctx, kind, fields = {}) {
  return movesOf(ctx, kind).find((m) => Object.entries(fields).every(([k, v]) => m[k] === v));
}

function choiceOf(ctx, id) {
  return (ctx.choices || []).find((c) => c.id === id);
}

/** The engine's last answer about the picks on screen (null while it is asked, or none). */
function answered(ui) {
  return ui.answer && sameList(ui.answer.picks, ui.picks) ? ui.answer : null;
}

/** Ask the engine about `picks` of the choice `id`; its answer lands in `ctx.ui` and redraws. */
function ask(ctx, id, picks) {
  const ui = ctx.ui;
  ui.picks = picks;
  if (!ctx.compose) return;
  ctx.compose(id, picks).then((ans) => {
    if (!ans || ui.picks !== picks) return;
    ui.answer = ans;
    ctx.render();
  });
}

/** The buy moves (their `a`) of a shell, or of every shell: a tutorial marks the controls that
 * lead to the purchase it expects (`data-reach`). */
function buysOf(ctx, shell = null) {
  return movesOf(ctx, 'buy').filter((m) => shell === null || m.shell === shell).map((m) => m.a).join(' ');
}

/** The shells a buyer may pick now, with the price and the seat paid (from the buy moves). */
function buyOffers(ctx) {
  const out = new Map();
  for (const m of movesOf(ctx, 'buy')) if (!out.has(m.shell)) out.set(m.shell, { price: m.price, from: m.from });
  return out;
}

/** The shells the current choice lets the viewer tap now, and the handler a tap runs. */
function tappableShells(snap, ctx) {
  const ui = ctx.ui || {};
  const out = new Map();
  if (!ctx.canAct) return out;
  const phase = snap.view.phase;
  if (phase === 'rebirth') {
    for (const m of movesOf(ctx, 'rebirth')) out.set(m.shell, { action: 'move', a: m.a });
  } else if (phase === 'tenants') {
    for (const s of choiceOf(ctx, 'tenants')?.shells || []) out.set(s, { action: 'yd-tenant', shell: s, choice: 'tenants', pick: s });
  } else if (rearranging(snap, ctx)) {
    for (const s of rearrangeNext(ctx, ui)) out.set(s, { action: 'yd-slot', shell: s, choice: 'rearrange', pick: s });
  } else if (ui.mode === 'buy') {
    for (const s of buyOffers(ctx).keys()) out.set(s, { action: 'yd-buy-shell', shell: s, reach: buysOf(ctx, s) });
  }
  return out;
}

// ---------------------------------------------------------------- UI state and handlers

/**
 * The UI state of a new decision: the panel open (`mode`), the shell and place of a purchase,
 * the picks of a choice and the engine's last answer about them.
 * @param {import('../types.js').Snapshot} _snap
 */
export function initUi(_snap) {
  return { mode: null, shell: null, pos: null, picks: [], answer: null, call: 'hi' };
}

/** The taps on the ring whose next step is in the moves above it (a phone brings them into
 * view): a shell picked to buy, whose place is chosen there. */
export const movesAfter = ['yd-buy-shell'];

/** A phone's jump back to the own part of the table: Yadokashi has no hand, it has a row. */
export const jumpMine = { label: 'yd_jumpRow', explain: 'yd_jumpRowExplain' };

/** The handlers of the table's taps (`data-action`); each changes `ctx.ui` only. */
export const actions = {
  'yd-mode'(ctx, data) {
    Object.assign(ctx.ui, initUi(null), { mode: data.mode || null });
  },
  'yd-buy-shell'(ctx, data) {
    Object.assign(ctx.ui, { mode: 'buy', shell: Number(data.shell), pos: null });
  },
  'yd-buy-pos'(ctx, data) {
    ctx.ui.pos = Number(data.pos);
  },
  'yd-slot'(ctx, data) {
    ask(ctx, 'rearrange', [...ctx.ui.picks, Number(data.shell)]);
  },
  'yd-reset'(ctx, data) {
    ctx.ui.answer = null;
    ask(ctx, data.choice, []);
  },
  'yd-tenant'(ctx, data) {
    const shell = Number(data.shell);
    const picks = ctx.ui.picks.includes(shell) ? ctx.ui.picks.filter((s) => s !== shell) : [...ctx.ui.picks, shell];
    ask(ctx, 'tenants', picks);
  },
  'yd-tenants-all'(ctx) {
    ask(ctx, 'tenants', [...(choiceOf(ctx, 'tenants')?.shells || [])]);
  },
  'yd-preview-call'(ctx, data) {
    if (data.call === 'hi' || data.call === 'lo') Object.assign(ctx.ui, { mode: 'preview', call: data.call });
  },
  'yd-confirm'(ctx) {
    const ans = answered(ctx.ui);
    if (ans?.complete) ctx.playActions(ans.actions);
  },
};

// ---------------------------------------------------------------- status and prompt

/**
 * The turn number and the goal.
 * @param {import('../types.js').Snapshot} snap
 */
export function statusChips(snap) {
  const v = snap.view;
  if (snap.over) return [];
  return [
    h('span', { class: 'chip chip-round', testid: 'turn-number', 'data-explain': t('yd_turnExplain', v.turn + 1) }, t('yd_turn', v.turn + 1)),
    h('span', { class: 'chip', testid: 'goal', title: t('yd_goalTitle', v.goal) }, t('yd_goal', v.goal)),
  ];
}

/**
 * What the viewer is asked now, or who is to move.
 * @param {import('../types.js').Snapshot} snap
 * @param {import('../types.js').TableContext} ctx
 */
export function prompt(snap, ctx) {
  const v = snap.view;
  if (ctx.canAct && ((ctx.moves || []).length || (ctx.choices || []).length)) {
    if (v.phase === 'rebirth') return t('yd_promptRebirth');
    if (v.phase === 'tenants') return t('yd_promptTenants');
    if (rearranging(snap, ctx)) {
      const slot = rearrangeSlot(ctx, ctx.ui);
      return slot === null ? t('yd_promptRearranged') : t('yd_promptRearrange', slot);
    }
    return t('yd_promptTurn');
  }
  const mover = snap.to_move?.[0];
  if (mover === undefined || mover === null) return '';
  return tn('yd_waitTurn', who(ctx.names[mover], mover));
}

// ---------------------------------------------------------------- the ring

/** Where each ring item sits: counterclockwise on screen from the bottom, seat 0's piece first
 * (or the viewer's). Shells take a full step, pieces half of one. */
function ringPlaces(ring, first) {
  const start = Math.max(0, ring.findIndex((it) => it.piece === first));
  const order = ring.map((it, index) => ({ it, index }));
  const items = order.slice(start).concat(order.slice(0, start));
  const weight = (it) => (it.piece !== undefined ? 0.55 : 1);
  const total = items.reduce((sum, { it }) => sum + weight(it), 0);
  let at = 0;
  return items.map(({ it, index }) => {
    const mid = at + weight(it) / 2;
    at += weight(it);
    const angle = (mid / total) * 2 * Math.PI;
    return { it, index, x: 50 + 41 * Math.sin(angle), y: 50 + 41 * Math.cos(angle) };
  });
}

/** The shells the last turn changed, and how (the classes of its animation). */
function changedShells(v) {
  const out = new Map();
  const m = v.last_move;
  if (m && v.last_action?.kind === 'move') {
    for (const g of m.growth || []) out.set(g.shell, 'grown');
    for (const s of m.rebirth || []) out.set(s, 'reborn');
    for (const mv of m.moves || []) if (mv.to !== null && mv.to !== undefined) out.set(mv.to, 'moved');
  }
  const tt = v.last_tenants;
  if (tt && v.last_action?.kind === 'tenants') for (const s of tt.placed || []) out.set(s, 'placed');
  return out;
}

function shellCard(item, names, extra) {
  const owner = item.owner;
  const title = `${t('yd_shellTitle', item.shell, item.position, names[owner])}: ${item.crab ? t('yd_crabTitle', item.crab) : t('yd_emptyTitle')}`;
  const tap = extra.tap;
  const props = {
    class: ['yd-shell', `seat-c${owner}`, item.crab ? 'has-crab' : 'is-empty', tap ? 'is-tappable' : null, ...extra.cls],
    testid: `shell-${item.shell}`,
    'data-key': `shell-${item.shell}`,
    'data-flip': `yd-shell-${item.shell}`, 'data-flip-at': `${owner}-${item.position}`,
    data: {
      shell: item.shell, owner, position: item.position, crab: item.crab ?? undefined, ring: extra.index,
      action: tap?.action, a: tap?.a, choice: tap?.choice, pick: tap?.pick, reach: tap?.reach,
      gloss: item.crab ? 'Shell N|position N|crab' : 'Shell N|position N', // "?" says what the numbers mean
    },
    title,
    vars: extra.vars,
  };
  // the owner's mark as well as the tint (colour is not the only signal); screen readers get
  // the title as text (the shell is named by it when it is a button)
  const body = [
    srOnly(`${title}${extra.price !== undefined ? ` (${t('yd_price', extra.price)})` : ''}`),
    seatMark(owner, 'yd-owner'),
    h('span', { class: 'yd-num', 'aria-hidden': 'true', text: String(item.shell) }),
    h('span', { class: 'yd-pos', 'aria-hidden': 'true', text: String(item.position) }),
    // a crab the last turn changed is a new node each turn, so its animation plays once
    item.crab ? die(item.crab, 'yd-crab', { testid: `crab-${item.shell}`, 'aria-hidden': 'true', 'data-key': extra.fresh ?? undefined }) : null,
    extra.price !== undefined ? h('span', { class: 'yd-price', 'aria-hidden': 'true', text: t('yd_price', extra.price) }) : null,
  ];
  return tap ? button(body, props) : h('div', props, body);
}

/** The New tenants roll to show by the centre: while its crabs are placed, and after, until
 * the next turn's action. */
function tenantsRoll(v) {
  const tt = v.last_tenants;
  return tt && v.last_action?.kind === 'tenants' ? tt : null;
}

function centreDice(v) {
  const dice = [];
  for (let i = 0; i < v.centre; i += 1) dice.push(die(null, 'yd-die-blank yd-die-waiting'));
  const label = v.centre ? counted('yd_centreExplain', v.centre) : t('yd_centreEmpty');
  return h('div', { class: 'yd-centre-dice', testid: 'centre-dice', role: 'img', data: { gloss: 'Centre' }, 'aria-label': label, 'data-explain': label },
    dice.length ? dice : h('span', { class: 'yd-muted', text: t('yd_centreEmpty') }),
    v.centre ? h('span', { class: 'yd-centre-n', testid: 'centre-count', text: counted('yd_centreWaiting', v.centre) }) : null);
}

function centre(v, names) {
  const rolled = v.last_move;
  const tt = tenantsRoll(v);
  const rolls = (tt?.rolls || []).join(lang() === 'ja' ? '、' : ', ');
  return h('div', { class: 'yd-centre', testid: 'centre', data: { dice: v.centre } },
    h('span', { class: 'yd-label', text: t('yd_centre'), data: { gloss: 'Centre' } }),
    centreDice(v),
    tt ? h('div', {
      class: 'yd-roll yd-roll-tenants', testid: 'tenants-roll', data: { rolls: (tt.rolls || []).join(' ') },
      'data-explain': t('yd_tenantsRollExplain', names[tt.seat], rolls),
    },
    h('span', { class: 'yd-label' }, who(names[tt.seat], tt.seat), ` ${t('yd_tenantsRoll')}`),
    h('span', { class: 'yd-flow' }, (tt.rolls || []).map((r) => die(r, 'yd-die-roll')))) : null,
    rolled ? h('div', {
      class: 'yd-roll', testid: 'last-roll', data: { roll: rolled.roll, call: rolled.call },
      'data-explain': t('yd_moveRollExplain', names[rolled.seat], rolled.call === 'hi' ? t('yd_high') : t('yd_low'), rolled.roll),
    },
    h('span', { class: 'yd-label' }, who(names[rolled.seat], rolled.seat)),
    die(rolled.roll, 'yd-die-roll'),
    h('span', { class: `yd-call yd-call-${rolled.call}`, text: rolled.call === 'hi' ? t('yd_high') : t('yd_low') })) : null);
}

function ringItem(place, snap, ctx, marks) {
  const { it, index, x, y } = place;
  const v = snap.view;
  const vars = { '--x': `${x.toFixed(2)}%`, '--y': `${y.toFixed(2)}%` };
  if (it.piece !== undefined) {
    const s = it.piece;
    const label = t('yd_piece', ctx.names[s]);
    return h('div', {
      class: ['yd-piece', `seat-c${s}`, v.current === s && !snap.over ? 'is-current' : null],
      testid: `piece-${s}`, 'data-key': `piece-${s}`, 'data-flip': `yd-piece-${s}`, 'data-flip-at': String(index), data: { ring: index, gloss: 'piece|row' }, role: 'img', title: label, 'aria-label': label, vars,
    }, seatMark(s, 'yd-piece-mark'));
  }
  const cls = [];
  const how = marks.changed.get(it.shell);
  if (how) cls.push(`is-${how}`);
  const offer = marks.buy.get(it.shell);
  const tap = marks.tap.get(it.shell);
  if (offer) cls.push(marks.chosen === it.shell ? 'is-chosen' : 'is-buyable');
  else if (tap) cls.push('is-option');
  if (marks.picked.has(it.shell)) cls.push('is-picked');
  return shellCard(it, ctx.names, {
    cls, index, vars, tap, price: offer?.price, fresh: how ? `t${v.turn}` : undefined,
  });
}

function ringView(snap, ctx) {
  const v = snap.view;
  const ui = ctx.ui || {};
  const buying = ctx.canAct && ui.mode === 'buy';
  const marks = {
    changed: changedShells(v),
    buy: buying ? buyOffers(ctx) : new Map(),
    chosen: ui.shell,
    tap: tappableShells(snap, ctx),
    picked: new Set(ctx.canAct && v.phase === 'tenants' ? ui.picks || [] : []),
  };
  const items = ringPlaces(v.ring, ctx.viewer ?? 0).map((place) => ringItem(place, snap, ctx, marks));
  return h('div', { class: 'yd-ring-wrap', data: { board: '' } }, // a phone's "Board" comes here
    h('div', { class: 'yd-ring', testid: 'ring', role: 'group', 'aria-label': t('yd_ring') },
      h('div', { class: 'yd-ring-line', 'aria-hidden': 'true' }),
      items,
      centre(v, ctx.names)));
}

// ---------------------------------------------------------------- seats

function seatPanel(snap, ctx, s) {
  const v = snap.view;
  const st = v.stars[s];
  const seat = snap.seats[s] || {};
  const kind = seat.kind === 'bot' ? `${t('bot')} · ${levelName(seat.level)}` : t('human');
  const current = v.current === s && !snap.over;
  const fill = Math.min(1, st.total / v.goal);
  const badges = [];
  if (ctx.viewer === s) badges.push(h('span', { class: 'badge badge-you', text: t('you'), 'data-explain': t('explainYou') }));
  if (v.start === s) badges.push(h('span', { class: 'badge yd-badge-start', text: t('yd_start'), data: { gloss: 'Start' } }));
  const crabs = v.crabs_in_row[s];
  return h('div', {
    class: ['yd-seat', `seat-c${s}`, current ? 'is-current' : null, ctx.thinking === s ? 'is-thinking' : null],
    testid: `seat-${s}`, data: { stars: st.total },
  },
  h('div', { class: 'yd-seat-head' }, seatMark(s), who(ctx.names[s], s), badges, h('span', { class: 'yd-seat-kind', text: kind, 'data-explain': seatExplain(seat, ctx.names[s], ctx.viewer === s) })),
  h('div', { class: 'yd-seat-stars' }, starCounters(st),
    h('span', { class: 'yd-seat-crabs', role: 'img', data: { gloss: 'Income' }, title: counted('yd_crabsInRow', crabs), 'aria-label': counted('yd_crabsInRow', crabs) }, die(null, 'yd-die-mini'),
      h('span', { testid: `crabs-${s}`, data: { value: crabs }, text: String(crabs) })),
    h('b', { class: 'yd-total', testid: `stars-${s}`, data: { value: st.total, gloss: '★' }, text: t('yd_stars', st.total, v.goal) })),
  h('div', {
    class: 'yd-bar', role: 'progressbar', testid: `bar-${s}`, 'aria-valuemin': '0', 'aria-valuemax': String(v.goal),
    'aria-valuenow': String(Math.min(st.total, v.goal)), 'aria-label': t('yd_stars', st.total, v.goal),
  }, h('span', { class: 'yd-bar-fill', vars: { '--fill': fill.toFixed(4) } })));
}

// ---------------------------------------------------------------- the turn's actions

function actionButton(label, help, testid, target, reason, explain) {
  const ok = target !== null;
  return button([h('span', { class: 'yd-act-label', text: label }), h('span', { class: 'yd-act-help', text: ok ? help : reason || help })], {
    class: ['btn', 'yd-act'], testid, disabled: !ok, data: ok ? target : {}, 'data-explain': explain,
  });
}

function moveTarget(m) {
  return m ? { action: 'move', a: m.a } : null;
}

function turnActions(snap, ctx) {
  const v = snap.view;
  const high = moveOf(ctx, 'move-dice', { call: 'hi' });
  const low = moveOf(ctx, 'move-dice', { call: 'lo' });
  const move = h('div', { class: 'yd-move' },
    h('div', { class: 'yd-move-head' }, h('span', { class: 'yd-act-title', text: t('yd_moveDice') }),
      h('span', { class: 'yd-act-help', text: high ? counted('yd_moveHelp', v.crabs_in_row[ctx.viewer]) : t('yd_needCentre') })),
    h('div', { class: 'yd-move-buttons' },
      actionButton(t('yd_callHigh'), t('yd_callHighHelp'), 'act-high', moveTarget(high), t('yd_needCentre'), t('yd_callHighExplain')),
      actionButton(t('yd_callLow'), t('yd_callLowHelp'), 'act-low', moveTarget(low), t('yd_needCentre'), t('yd_callLowExplain'))),
    high ? button([icon('eye'), h('span', { text: t('pv_ydPreviewOpen') })], {
      class: 'btn btn-quiet yd-preview-open', testid: 'act-preview', 'data-explain': t('pv_ydPreviewExplain'), data: { action: 'yd-mode', mode: 'preview' },
    }) : null);
  const canBuy = movesOf(ctx, 'buy').length > 0;
  const canRearrange = Boolean(choiceOf(ctx, 'rearrange'));
  return h('div', { class: 'yd-actions', testid: 'actions' },
    move,
    actionButton(t('yd_advance'), t('yd_advanceHelp'), 'act-advance', moveTarget(moveOf(ctx, 'advance')), undefined, t('yd_advanceExplain')),
    actionButton(t('yd_buy'), t('yd_buyHelp'), 'act-buy', canBuy ? { action: 'yd-mode', mode: 'buy', reach: buysOf(ctx) } : null, t('yd_noBuy'), t('yd_buyExplain')),
    actionButton(t('yd_rearrange'), t('yd_rearrangeHelp'), 'act-rearrange',
      canRearrange ? { action: 'yd-mode', mode: 'rearrange', choose: 'rearrange' } : null, t('yd_noRearrange'), t('yd_rearrangeExplain')),
    actionButton(t('yd_tenants'), t('yd_tenantsHelp'), 'act-tenants', moveTarget(moveOf(ctx, 'new-tenants')), t('yd_needCentre'), t('yd_tenantsExplain')));
}

function backButton() {
  return button(t('yd_cancel'), { class: 'btn btn-quiet', testid: 'mode-back', data: { action: 'yd-mode' } });
}

function rowCard(c, props = {}) {
  return h('span', { class: ['yd-rowcard', c.crab ? 'has-crab' : 'is-empty'], ...props },
    h('span', { class: 'yd-num', text: String(c.shell) }), c.crab ? die(c.crab, 'yd-crab yd-crab-sm') : null);
}

// ---------------------------------------------------------------- buy

function buyList(ctx) {
  const offers = [...buyOffers(ctx)].sort((a, b) => a[0] - b[0]);
  return h('div', { class: 'yd-buy-list' }, offers.map(([s, o]) => button(
    [shellChip(s), h('span', { class: 'yd-price-inline', text: t('yd_price', o.price) })],
    { class: 'btn yd-buy-option', testid: `buy-shell-${s}`, data: { action: 'yd-buy-shell', shell: s, reach: buysOf(ctx, s) } })));
}

function insertStrip(snap, ctx, shell) {
  const row = snap.view.rows[ctx.viewer];
  const ui = ctx.ui;
  const strip = h('div', { class: 'yd-row-strip', testid: 'insert-strip', role: 'group', 'aria-label': t('yd_yourRow') });
  for (let pos = 1; pos <= row.length + 1; pos += 1) {
    const buy = moveOf(ctx, 'buy', { shell, position: pos });
    const ok = Boolean(buy);
    const chosen = ui.pos === pos;
    // a place shows "pos" over its number: a position, not a shell's number
    const shown = chosen ? shellChip(shell, 'yd-chip-new')
      : h('span', { class: 'yd-gap-n' }, h('small', { class: 'yd-gap-pos', text: t('yd_gapPos') }), String(pos));
    shown.setAttribute('aria-hidden', 'true');
    strip.append(button([srOnly(t('yd_insertAt', pos)), shown], {
      class: ['yd-gap', chosen ? 'is-chosen' : null], testid: `insert-${pos}`, disabled: !ok,
      title: t('yd_insertAt', pos), 'aria-pressed': chosen ? 'true' : 'false',
      data: ok ? { action: 'yd-buy-pos', pos, a: buy.a } : {},
    }));
    if (pos <= row.length) strip.append(rowCard(row[pos - 1]));
  }
  return strip;
}

function buyPanel(snap, ctx) {
  const ui = ctx.ui;
  const offer = ui.shell === null ? null : buyOffers(ctx).get(ui.shell);
  if (!offer) {
    return h('div', { class: 'yd-panel yd-buy', testid: 'buy-panel' },
      h('p', { class: 'yd-hint', text: t('yd_buyPick') }), buyList(ctx),
      h('div', { class: 'yd-panel-foot' }, backButton()));
  }
  const shell = ui.shell;
  const from = ctx.names[offer.from];
  const chosen = ui.pos === null ? null : moveOf(ctx, 'buy', { shell, position: ui.pos });
  const confirm = button(offer.price ? t('yd_buyConfirm', shell, offer.price) : t('yd_buyConfirmFree', shell), {
    class: 'btn btn-primary', testid: 'buy-confirm', disabled: !chosen, data: chosen ? { action: 'move', a: chosen.a } : {},
  });
  const other = button(t('yd_cancel'), { class: 'btn btn-quiet', testid: 'buy-other', data: { action: 'yd-mode', mode: 'buy' } });
  return h('div', { class: 'yd-panel yd-buy', testid: 'buy-panel' },
    h('p', { class: 'yd-hint', text: offer.price ? t('yd_buyChosen', shell, from, offer.price) : t('yd_buyFree', shell, from) }),
    h('div', { class: 'yd-panel-foot' }, other, confirm),
    h('span', { class: 'yd-label', text: t('yd_yourRow') }),
    insertStrip(snap, ctx, shell),
    freedNote(chosen), // under the row: the places do not move when it appears
    h('p', { class: 'yd-muted yd-legend', testid: 'insert-legend', text: t('yd_gapLegend') }));
}

/** Before a buy is made: the empty shells it leaves free for the others (the engine's `freed`). */
function freedNote(buy) {
  const freed = buy?.freed || [];
  if (!freed.length) return null;
  const words = freed.map((s) => (s === buy.shell ? t('yd_freedSelf', buy.position, s) : t('yd_freedPushed', s)));
  return h('p', { class: 'yd-warn-note', testid: 'buy-freed', role: 'status', text: words.join(' ') });
}

// ---------------------------------------------------------------- rearrange (a choice)

function rearranging(snap, ctx) {
  return Boolean(choiceOf(ctx, 'rearrange')) && (snap.view.phase === 'rearrange' || ctx.ui?.mode === 'rearrange');
}

/** The shells that may fill the next empty place: the engine's answer, or the choice's own. */
function rearrangeNext(ctx, ui) {
  const ans = answered(ui);
  if (ans) return ans.valid ? ans.next : [];
  return ui.picks.length ? [] : choiceOf(ctx, 'rearrange')?.next || [];
}

/** The position the next pick fills (null once the order is complete). */
function rearrangeSlot(ctx, ui) {
  const ans = answered(ui);
  if (ans) return ans.info?.slot ?? null;
  const choice = choiceOf(ctx, 'rearrange');
  return choice?.slots?.[ui.picks.length] ?? null;
}

/** The new order as the picks leave it: the shells placed so far, crabs where they are, and a
 * dashed place for each empty position still to fill (the next one marked). */
function rearrangeStrip(snap, ctx) {
  const ui = ctx.ui;
  const row = snap.view.rows[ctx.viewer];
  const crabs = new Map(row.map((c) => [c.shell, c.crab]));
  const order = ui.answer?.info?.row ?? row.map((c) => c.shell);
  const slot = rearrangeSlot(ctx, ui);
  const open = slot === null ? new Set() : new Set(rearrangeSlots(ctx).slice(ui.picks.length));
  return h('div', { class: 'yd-row-strip', testid: 'rearrange-strip', role: 'group', 'aria-label': t('yd_newOrder') }, order.map((shell, i) => {
    const c = { shell, crab: crabs.get(shell) };
    if (c.crab) return rowCard(c, { title: t('yd_crabTitle', c.crab), testid: `order-${shell}` });
    if (open.has(i + 1)) {
      return h('span', { class: ['yd-gap', 'yd-gap-open', i + 1 === slot ? 'is-next' : null], testid: `order-place-${i + 1}` },
        h('span', { class: 'yd-gap-n' }, h('small', { class: 'yd-gap-pos', text: t('yd_gapPos') }), String(i + 1)));
    }
    return h('span', { class: ['yd-rowcard', 'is-empty', 'is-placed'], testid: `order-${shell}`, data: { shell } },
      h('span', { class: 'yd-num', text: String(shell) }), h('span', { class: 'yd-pos', text: String(i + 1) }));
  }));
}

/** The positions of the choice's empty places, in the order they are filled. */
function rearrangeSlots(ctx) {
  return choiceOf(ctx, 'rearrange')?.slots || [];
}

/** The shells to place, in a fixed order (they never move under the finger): those the next
 * place may take are buttons, the placed ones stay greyed where they were. */
function rearrangePool(ctx) {
  const ui = ctx.ui;
  const next = new Set(rearrangeNext(ctx, ui));
  const slot = rearrangeSlot(ctx, ui);
  const placed = new Set(ui.picks);
  const shells = choiceOf(ctx, 'rearrange')?.shells || [];
  return h('div', { class: 'yd-row-strip yd-pool', testid: 'rearrange-pool', role: 'group', 'aria-label': t('yd_toPlace') }, shells.map((shell) => {
    const body = [h('span', { class: 'yd-num', text: String(shell) })];
    const cls = ['yd-rowcard', 'is-empty', placed.has(shell) ? 'is-used' : null];
    if (!next.has(shell) || slot === null) return h('span', { class: cls, testid: `rearrange-${shell}`, data: { shell } }, body);
    return button(body, {
      class: [...cls, 'is-tappable'], testid: `rearrange-${shell}`, title: t('yd_placeShell', shell, slot),
      data: { action: 'yd-slot', shell, choice: 'rearrange', pick: shell },
    });
  }));
}

function rearrangePanel(snap, ctx) {
  const ui = ctx.ui;
  const ans = answered(ui);
  const slot = rearrangeSlot(ctx, ui);
  const complete = Boolean(ans?.complete);
  const hint = complete ? t('yd_rearrangeReady') : slot === null ? '' : t('yd_slotPick', slot);
  const confirm = button(t('yd_rearrangeConfirm'), {
    class: 'btn btn-primary', testid: 'rearrange-confirm', disabled: !complete, data: complete ? { action: 'yd-confirm', confirm: 'rearrange' } : {},
  });
  const reset = button(t('yd_reset'), {
    class: 'btn', testid: 'rearrange-reset', disabled: !ui.picks.length, data: { action: 'yd-reset', choice: 'rearrange', reset: 'rearrange' },
  });
  return h('div', { class: 'yd-panel yd-rearrange', testid: 'rearrange-panel', data: { picks: ui.picks.join(' ') } },
    h('p', { class: 'yd-muted', text: t('yd_rearrangeTap') }), // kept: the rows below never move under a finger
    h('p', { class: 'yd-hint', testid: 'rearrange-hint', text: hint }),
    // the buttons before the shells (as in a Buy): the two rows below them grow the panel
    h('div', { class: 'yd-panel-foot' }, snap.view.phase === 'rearrange' ? null : backButton(), reset, confirm),
    complete ? null : h('div', { class: 'yd-labelled' }, h('span', { class: 'yd-label', text: t('yd_toPlace') }), rearrangePool(ctx)),
    h('div', { class: 'yd-labelled' }, h('span', { class: 'yd-label', text: t('yd_newOrder') }), rearrangeStrip(snap, ctx)),
    ans && !ans.valid && ans.why ? h('p', { class: 'yd-why', text: tx(ans.why) }) : null);
}

// ---------------------------------------------------------------- the preview of Move dice
//
// Each call's move carries the engine's `preview`: for every roll (runs of rolls with the same
// outcome together) the crabs that grow, leave, are reborn and move, and the stars each seat
// gains. It lists every roll; which one comes is luck.

function shellList(shells) {
  return h('span', { class: 'yd-flow' }, shells.map((s) => shellChip(s)));
}

function previewMoves(moves) {
  return h('span', { class: 'yd-flow' }, moves.map((mv) => h('span', { class: 'yd-change' },
    shellChip(mv.from), '→', mv.to === null ? h('span', { class: 'yd-to-centre', text: t('yd_toCentre') }) : shellChip(mv.to))));
}

function previewLines(e, ctx, v) {
  const grown = e.grow.filter((g) => !e.leave.includes(g.shell));
  const lines = [[t('yd_grows'), grown.length
    ? h('span', { class: 'yd-flow' }, grown.map((g) => h('span', { class: 'yd-change' }, shellChip(g.shell), ` ${g.from}→${g.to}`)))
    : h('span', { class: 'yd-muted', text: t('pv_ydNone') })]];
  if (e.leave.length) lines.push([t('pv_ydLeave'), shellList(e.leave)]);
  if (e.reborn.length) lines.push([t('pv_ydReborn'), h('span', { class: 'yd-flow' }, shellList(e.reborn), e.choose.length > 1 ? h('span', { class: 'yd-muted', text: t('pv_ydChoose', e.choose[0], e.choose[1]) }) : null)]);
  lines.push([t('yd_moves'), e.moves.length ? previewMoves(e.moves) : h('span', { class: 'yd-muted', text: t('pv_ydNone') })]);
  lines.push([t('pv_ydStars'), previewStars(e, ctx, v)]);
  if (e.over) lines.push(['', h('b', { class: 'yd-warn' }, tn('pv_ydOver', who(ctx.names[e.winner], e.winner)))]);
  return lines;
}

/** Every seat's stars from the roll (the viewer first) and where each then stands against the
 * goal (`v`: the view): a roll pays everyone with crabs, and a beginner handed the win to a bot
 * this way. */
function previewStars(e, ctx, v) {
  const order = [ctx.viewer, ...e.stars.map((_, s) => s).filter((s) => s !== ctx.viewer)];
  return h('span', { class: 'yd-flow yd-pv-stars' }, order.map((s) => {
    const after = v.stars[s].total + e.stars[s];
    const near = after >= v.goal;
    return h('span', { class: ['yd-pv-star', near ? 'is-goal' : null], testid: `preview-stars-${s}` },
      s === ctx.viewer ? h('b', { text: t('pv_ydYou') }) : who(ctx.names[s], s),
      ` +${e.stars[s]} `, h('span', { class: 'yd-muted', text: t('pv_ydTotal', after, v.goal) }));
  }));
}

function previewRow(e, ctx, v) {
  const [lo, hi] = e.rolls;
  return h('li', { class: 'yd-pv-row', testid: `preview-roll-${lo}`, data: { first: lo, last: hi } },
    h('span', { class: 'yd-pv-rolls', role: 'img', 'aria-label': lo === hi ? t('pv_ydRoll', lo) : t('pv_ydRolls', lo, hi), text: lo === hi ? String(lo) : `${lo}–${hi}` }),
    h('dl', { class: 'yd-pv-lines' }, previewLines(e, ctx, v).map(([label, body]) => h('div', { class: 'yd-pv-line' },
      h('dt', { text: label }), h('dd', {}, body)))));
}

function previewPanel(snap, ctx) {
  const call = ctx.ui.call === 'lo' ? 'lo' : 'hi';
  const move = moveOf(ctx, 'move-dice', { call });
  const tab = (c, key) => button(t(key), {
    class: ['btn', 'yd-pv-tab', c === call ? 'is-on' : null], testid: `preview-call-${c}`, 'aria-pressed': c === call ? 'true' : 'false',
    data: { action: 'yd-preview-call', call: c },
  });
  const play = move ? button(t(call === 'hi' ? 'pv_ydCallHigh' : 'pv_ydCallLow'), { class: 'btn btn-primary', testid: 'preview-play', data: { action: 'move', a: move.a } }) : null;
  return h('div', { class: 'yd-panel yd-preview', testid: 'preview-panel', data: { call } },
    h('p', { class: 'yd-hint', text: t('pv_ydPreviewTitle') }),
    h('div', { class: 'yd-pv-tabs', role: 'group', 'aria-label': t('yd_moveDice') }, tab('hi', 'yd_callHigh'), tab('lo', 'yd_callLow')),
    h('p', { class: 'yd-muted yd-pv-rule', text: t(call === 'hi' ? 'pv_ydHighRule' : 'pv_ydLowRule') }),
    h('div', { class: 'yd-panel-foot' }, backButton(), play),
    h('ol', { class: 'yd-pv-list', testid: 'preview-list' }, (move?.preview || []).map((e) => previewRow(e, ctx, snap.view))));
}

// ---------------------------------------------------------------- rebirth and new tenants

/**
 * Whose row shell `n` is in, and where: "your row, position 2", "Aya's row, position 1" (the
 * rebirth's and New tenants' choices name only shells otherwise).
 * @param {any} v the view
 * @param {number} n
 * @param {any} ctx
 */
function whereShell(v, n, ctx) {
  const it = (v.ring || []).find((x) => x.shell === n);
  if (!it) return null;
  const text = it.owner === ctx.viewer ? t('yd_shellWhereYours', it.position) : t('yd_shellWhere', ctx.names[it.owner], it.position);
  return h('span', { class: 'yd-where', testid: `where-${n}`, text });
}

function rebirthPanel(v, ctx) {
  return h('div', { class: 'yd-panel', testid: 'rebirth-panel' },
    h('p', { class: 'yd-hint', text: t('yd_rebirth') }),
    h('div', { class: 'yd-buy-list' }, movesOf(ctx, 'rebirth').map((m) => button(
      [shellChip(m.shell), h('span', { text: t('yd_rebirthOn', m.shell) }), whereShell(v, m.shell, ctx)],
      { class: 'btn btn-primary', testid: `rebirth-${m.shell}`, data: { action: 'move', a: m.a } }))));
}

function tenantsPanel(v, ctx) {
  const ui = ctx.ui;
  const choice = choiceOf(ctx, 'tenants');
  const shells = choice.shells || [];
  const ans = answered(ui);
  const complete = Boolean(ans?.complete);
  const evicts = ans?.info?.evicts || [];
  const confirm = button(t('yd_tenantsConfirm', ui.picks.length), {
    class: 'btn btn-primary', testid: 'tenants-confirm', disabled: !complete, data: complete ? { action: 'yd-confirm', confirm: 'tenants' } : {},
  });
  const all = button(t('yd_tenantsAll'), { class: 'btn', testid: 'tenants-all', data: { action: 'yd-tenants-all', move: 'tenants' } });
  return h('div', { class: 'yd-panel yd-tenants', testid: 'tenants-panel', data: { picks: [...ui.picks].sort((a, b) => a - b).join(' ') } },
    h('div', { class: 'yd-rolls' }, h('span', { class: 'yd-label', text: t('yd_tenantsRolled') }),
      (choice.rolls || []).map((r) => die(r, shells.includes(r) ? 'yd-die-roll is-placeable' : 'yd-die-roll is-dud'))),
    h('p', { class: 'yd-hint', text: t('yd_tenantsChoose') }),
    h('div', { class: 'yd-buy-list' }, shells.map((s) => {
      const on = ui.picks.includes(s);
      // the check's place is kept when it is off: picking never moves the buttons
      return button([shellChip(s), whereShell(v, s, ctx), icon('check', 'yd-check')], {
        class: ['btn', 'yd-toggle', on ? 'is-on' : null], testid: `tenant-${s}`, 'aria-pressed': on ? 'true' : 'false',
        data: { action: 'yd-tenant', shell: s, choice: 'tenants', pick: s },
      });
    })),
    h('div', { class: 'yd-panel-foot' }, all, confirm),
    evicts.length
      ? h('p', { class: 'yd-warn', testid: 'tenants-evicts', text: tp('yd_tenantsEvict', evicts.length, evicts.join(lang() === 'ja' ? '、' : ', ')) })
      : h('p', { class: 'yd-muted', text: t('yd_tenantsWarn') }));
}

function actionZone(snap, ctx) {
  const v = snap.view;
  const ui = ctx.ui;
  if (!ctx.canAct || !ui || ctx.viewer === null || ctx.viewer === undefined) return null;
  if (!(ctx.moves || []).length && !(ctx.choices || []).length) return null;
  if (v.phase === 'rebirth') return rebirthPanel(v, ctx);
  if (v.phase === 'tenants' && choiceOf(ctx, 'tenants')) return tenantsPanel(v, ctx);
  if (rearranging(snap, ctx)) return rearrangePanel(snap, ctx);
  if (ui.mode === 'buy' && movesOf(ctx, 'buy').length) return buyPanel(snap, ctx);
  if (ui.mode === 'preview' && movesOf(ctx, 'move-dice').length) return previewPanel(snap, ctx);
  return turnActions(snap, ctx);
}

/**
 * The table: the ring, the seats and the viewer's actions.
 * @param {import('../types.js').Snapshot} snap
 * @param {import('../types.js').TableContext} ctx
 */
export function table(snap, ctx) {
  const seats = [];
  for (let s = 0; s < snap.players; s += 1) seats.push(seatPanel(snap, ctx, s));
  const zone = actionZone(snap, ctx);
  const mode = rearranging(snap, ctx) ? 'rearrange' : ctx.ui?.mode ?? snap.view.phase;
  return h('div', { class: 'yd', testid: 'yadokashi', vars: paceVars() },
    ringView(snap, ctx),
    h('div', { class: 'yd-right' },
      h('div', { class: 'yd-seats', testid: 'seats' }, seats),
      zone ? h('div', { class: 'yd-action', testid: 'action-zone', data: { mode } }, zone) : null));
}

// ---------------------------------------------------------------- side: the last turn, step by step

function incomeLine(names, gains) {
  return h('span', { class: 'yd-income' }, gains.map((g, s) => h('span', { class: 'yd-gain' }, who(names[s], s), h('b', { text: ` +${g}` }))));
}

/** Every crab the roll made grow, the size-12 ones that left for the centre too. */
function growLine(m) {
  const left = new Set(m.left || []);
  const growth = m.growth || [];
  if (!growth.length) return h('span', { class: 'yd-muted', text: t('yd_noGrowth') });
  return h('span', { class: 'yd-flow' }, growth.map((g) => (left.has(g.shell)
    ? h('span', { class: 'yd-change', testid: `grew-${g.shell}`, 'data-explain': t('yd_leaveExplain', g.shell) },
      shellChip(g.shell), ` ${g.from}→`, h('span', { class: 'yd-to-centre', text: t('yd_toCentre') }))
    : h('span', { class: 'yd-change', testid: `grew-${g.shell}`, 'data-explain': t('yd_growExplain', g.shell, g.from, g.to) },
      shellChip(g.shell), ` ${g.from}→${g.to}`))));
}

function moveLine(m) {
  if (!(m.moves || []).length) return h('span', { class: 'yd-muted', text: t('yd_noMoves') });
  return h('span', { class: 'yd-flow' }, m.moves.map((mv) => {
    const home = mv.to !== null && mv.to !== undefined;
    return h('span', { class: 'yd-change', 'data-explain': home ? t('yd_moveExplain', mv.size, mv.from, mv.to) : t('yd_moveHomeless', mv.size, mv.from) },
      die(mv.size, 'yd-crab yd-crab-sm'), ' ', shellChip(mv.from), ' → ', home ? shellChip(mv.to) : h('span', { class: 'yd-to-centre', text: t('yd_toCentre') }));
  }));
}

function moveSteps(m, names) {
  /** @type {Array<[any, any]>} */
  const steps = [];
  steps.push([t('yd_income'), incomeLine(names, m.income_before || [])]);
  steps.push([tn('yd_calls', who(names[m.seat], m.seat), m.call === 'hi' ? t('yd_high') : t('yd_low')), die(m.roll, 'yd-die-roll')]);
  // (each change explains itself; the row's name gives the key to read the line)
  steps.push([h('span', { 'data-explain': t('yd_growLegend'), text: t('yd_grows') }), growLine(m)]);
  for (const s of m.rebirth || []) steps.push(['', h('span', { text: t('yd_reborn', s) })]);
  steps.push([h('span', { 'data-explain': t('yd_moveLegend'), text: t('yd_moves') }), moveLine(m)]);
  if (m.income_after) steps.push([t('yd_income'), incomeLine(names, m.income_after)]);
  return steps;
}

function tenantSteps(tt, names, choosing) {
  /** @type {Array<[any, any]>} */
  const steps = [[tn('yd_tenantsBy', who(names[tt.seat], tt.seat)), h('span', { class: 'yd-flow' }, (tt.rolls || []).map((r) => die(r, 'yd-die-roll')))]];
  if ((tt.placed || []).length) steps.push([t('yd_placed'), h('span', { class: 'yd-flow' }, tt.placed.map((s) => shellChip(s)))]);
  else if (tt.rolls && !choosing) steps.push(['', h('span', { class: 'yd-muted', text: t('yd_placedNone') })]);
  if ((tt.evicted || []).length) steps.push([t('yd_evicted'), h('span', { class: 'yd-flow' }, tt.evicted.map((s) => shellChip(s)))]);
  return steps;
}

function boughtLine(a, names) {
  const where = a.where ?? '?';
  return a.price
    ? tn('yd_bought', who(names[a.seat], a.seat), a.shell, who(names[a.from], a.from), a.price, a.position, where)
    : tn('yd_boughtFree', who(names[a.seat], a.seat), a.shell, who(names[a.from], a.from), a.price, a.position, where);
}

/** The steps of one turn (`entry`: a `recent` record of the view, or the turn in progress). */
function turnSteps(entry, names, choosing) {
  const a = entry.action;
  if (!a) return [];
  if (a.kind === 'move' && entry.move) return moveSteps(entry.move, names);
  if (a.kind === 'tenants' && entry.tenants) return tenantSteps(entry.tenants, names, choosing);
  if (a.kind === 'advance') return [['', h('span', {}, tn('yd_advanced', who(names[a.seat], a.seat)))]];
  if (a.kind === 'buy') return [['', h('span', {}, boughtLine(a, names))]];
  if (a.kind === 'rearrange') return [['', h('span', {}, tn('yd_rearranged', who(names[a.seat], a.seat), (a.row || []).join(' · ')))]];
  return [];
}

/** The turns to tell: every turn since the viewer's own last one (that one alone when it is
 * the last), then the turn still in progress; a spectator sees the last turn. */
function turnsToTell(v, viewer) {
  const done = v.recent || [];
  const live = (v.phase === 'rebirth' || v.phase === 'tenants') && v.last_action;
  const kind = v.last_action?.kind;
  const now = live ? [{ turn: v.turn, action: v.last_action, move: kind === 'move' ? v.last_move : null, tenants: kind === 'tenants' ? v.last_tenants : null }] : [];
  if (viewer === null || viewer === undefined) return [...done, ...now].slice(-1);
  const mine = done.map((e) => e.action?.seat).lastIndexOf(viewer);
  const since = mine === done.length - 1 ? done.slice(-1) : done.slice(mine + 1);
  // my own last turn gives way to the one I am playing now
  return now.length && since.length === 1 && since[0].action?.seat === viewer ? now : [...since, ...now];
}

function stepList(steps, key, animate) {
  return h('ol', { class: ['yd-steps', animate ? 'is-fresh' : null], 'data-key': key }, steps.map(([label, body], i) => h('li', { class: 'yd-step', vars: { '--i': Math.min(i, 8) } },
    label ? h('span', { class: 'yd-step-label' }, label) : null,
    body)));
}

/**
 * The turns since the viewer's last one, step by step (each turn's list is keyed by its turn:
 * its steps fade in once, when it appears), then the last Move dice when none of them was one
 * (shown at once: it was seen before).
 * @param {import('../types.js').Snapshot} snap
 * @param {import('../types.js').TableContext} ctx
 */
export function side(snap, ctx) {
  const v = snap.view;
  const turns = turnsToTell(v, ctx.viewer);
  const live = v.phase === 'rebirth' || v.phase === 'tenants';
  /** @type {HTMLElement[]} */
  const blocks = turns.map((e, i) => stepList(turnSteps(e, ctx.names, live && i === turns.length - 1), `turn-${e.turn}`, true));
  if (v.last_move && !turns.some((e) => e.action?.kind === 'move')) {
    blocks.push(h('p', { class: 'yd-sub', 'data-key': 'last-move-head', text: t('yd_lastMove') }));
    blocks.push(stepList(moveSteps(v.last_move, ctx.names), 'last-move', false));
  }
  // before the viewer's first turn, the turns told are all of the game's so far
  const fromStart = turns[0]?.turn === 0 && !turns.some((e) => e.action?.seat === ctx.viewer);
  const title = fromStart && turns.length > 1 ? t('yd_sinceStart') : turns.length > 1 ? t('yd_lastTurns') : t('yd_lastTurn');
  // it scrolls when the turns were long: a named region that takes the focus (arrow keys scroll)
  return [h('section', {
    class: ['side-panel', 'yd-last'], testid: 'last-turn', data: { kind: turns.at(-1)?.action?.kind ?? 'none', turns: turns.length },
    tabindex: '0', 'aria-label': title, vars: { '--yd-step': `${stepMs()}ms` },
  },
  h('h2', { class: 'side-title', text: title }),
  blocks.length ? blocks : h('p', { class: 'yd-muted', text: t('yd_nothingYet') }))];
}

// ---------------------------------------------------------------- end of game

/**
 * The end screen's table: stars, crabs and shells of each seat, and the final ring.
 * @param {import('../types.js').Snapshot} snap
 * @param {import('../types.js').TableContext} ctx
 */
export function result(snap, ctx) {
  const res = snap.result;
  const winners = new Set(res.winners);
  const head = h('tr', {},
    h('th', { scope: 'col', class: 'col-name', text: t('name') }),
    h('th', { scope: 'col', class: 'col-total', text: t('yd_colStars') }),
    h('th', { scope: 'col', text: t('yd_colCrabs') }),
    h('th', { scope: 'col', text: t('yd_colShells') }));
  const rows = res.breakdown.map((b, s) => h('tr', {
    class: winners.has(s) ? 'is-winner' : null, testid: `result-row-${s}`, data: { seat: s, winner: winners.has(s) ? 'yes' : 'no' },
  },
  h('th', { scope: 'row', class: ['col-name', `seat-c${s}`] }, winners.has(s) ? icon('crown', 'crown-mini') : null, h('span', { class: 'who', text: ctx.names[s] })),
  h('td', { class: 'col-total', testid: `final-score-${s}`, data: { score: res.scores[s] } }, String(res.scores[s]), starCounters(b)),
  h('td', { text: String(b.crabs) }),
  h('td', { text: String(b.shells) })));
  const still = { names: ctx.names, viewer: ctx.viewer, canAct: false, moves: [], choices: [], ui: {} };
  return h('div', { class: 'result-wrap yd-result-wrap' },
    h('table', { class: 'result yd-result', testid: 'result' }, h('thead', {}, head), h('tbody', {}, rows)),
    h('div', { class: 'yd-end-ring' }, ringView(snap, still)));
}

// ---------------------------------------------------------------- setup: the start player

/**
 * The setup's own field: who starts.
 * @param {{options: Record<string, any>}} state the setup page's state
 * @param {string[]} names
 */
export function setupOptions(state, names) {
  return h('div', { class: 'yd-setup' },
    startPlayerField(state, names, { id: 'yd-opt-start', label: t('yd_firstStart') }));
}

/**
 * The choice being composed and its picks (the tutorial marks its next pick from it; docs/table-layer.md).
 * @param {import('../types.js').Snapshot} snap
 * @param {import('../types.js').TableContext} ctx
 */
export function selection(snap, ctx) {
  const picks = ctx.ui?.picks || [];
  if (choiceOf(ctx, 'tenants')) return { choice: 'tenants', picks };
  return rearranging(snap, ctx) ? { choice: 'rearrange', picks } : null;
}

export default { initUi, statusChips, prompt, table, side, result, actions, movesAfter, jumpMine, setupOptions, selection };
