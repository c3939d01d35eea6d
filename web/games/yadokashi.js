// Yadokashi (ヤドカシ): draws the ring of shells, the crabs (dice), the pieces and the stars, and
// turns taps into the legal action strings the engine listed. No rule is decided here: every
// button sends a string only when it is in `legal`, and what can be bought, rearranged or placed
// comes from that list and from the view.

import { h, svg, button, loadStyle, srOnly } from '../ui/dom.js';
import { icon, seatMark } from '../ui/card.js';
import { t, tn, levelName, STRINGS } from '../i18n.js';
import { speed } from '../ui/speed.js';
import { startPlayerField } from '../ui/options.js';

loadStyle(new URL('./yadokashi.css', import.meta.url).href);

Object.assign(STRINGS, {
  yd_turn: { en: 'Turn {0}', ja: '{0}手番目' },
  yd_goal: { en: 'First to {0} ★', ja: '星{0}で終了' },
  yd_centre: { en: 'Centre', ja: '中央' },
  yd_centreDice: { en: '{0} dice in the centre', ja: '中央のダイス{0}個' },
  yd_centreDice1: { en: '1 die in the centre', ja: '中央のダイス1個' },
  yd_centreEmpty: { en: 'No die in the centre', ja: '中央にダイスはありません' },
  yd_lastRoll: { en: 'Last roll', ja: '直前の出目' },
  yd_high: { en: 'High', ja: 'ハイ' },
  yd_low: { en: 'Low', ja: 'ロー' },
  yd_shell: { en: 'Shell {0}', ja: 'ヤド{0}' },
  yd_shellTitle: { en: 'Shell {0}, position {1} of {2}', ja: '{2}のヤド{0}({1}番目)' },
  yd_crabTitle: { en: 'a crab of size {0}', ja: '大きさ{0}のヤドカリ' },
  yd_dieShows: { en: 'a die showing {0}', ja: '出目{0}のダイス' },
  yd_emptyTitle: { en: 'empty', ja: '空き' },
  yd_piece: { en: "{0}'s piece", ja: '{0}のコマ' },
  yd_ring: { en: 'The ring of shells', ja: 'ヤドの輪' },
  yd_stars: { en: '{0} / {1} ★', ja: '★ {0} / {1}' },
  yd_starsShort: { en: '{0} ★', ja: '星{0}' },
  yd_gold: { en: 'gold (9)', ja: '金(9)' },
  yd_blue: { en: 'blue (3)', ja: '青(3)' },
  yd_white: { en: 'white (1)', ja: '白(1)' },
  yd_starsTitle: { en: '{0} stars: {1} gold, {2} blue, {3} white', ja: '星{0}:金{1}・青{2}・白{3}' },
  yd_crabsInRow: { en: '{0} crabs in row', ja: 'ヤドカリ{0}人' },
  yd_crabsInRow1: { en: '1 crab in row', ja: 'ヤドカリ1人' },
  yd_shells: { en: '{0} shells', ja: 'ヤド{0}枚' },
  yd_start: { en: 'Start', ja: 'スタート' },
  yd_turnNow: { en: 'Turn', ja: '手番' },
  // actions
  yd_actions: { en: 'Your action', ja: 'あなたのアクション' },
  yd_moveDice: { en: 'Move dice', ja: 'ヒッコシダイス' },
  yd_moveHelp: { en: 'Income now and after: you +{0} each time.', ja: '前後に収入:あなたは毎回+{0}。' },
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
  yd_tenants: { en: 'New tenants', ja: 'ニューキョシャボシュウ' },
  yd_tenantsHelp: { en: 'roll the centre dice', ja: '中央のダイスを振る' },
  yd_needCentre: { en: 'needs a die in the centre', ja: '中央にダイスが必要' },
  yd_noBuy: { en: 'nothing you can buy', ja: '買えるヤドがありません' },
  yd_noRearrange: { en: 'needs two empty shells', ja: '空きヤドが2つ必要' },
  yd_cancel: { en: 'Back', ja: '戻る' },
  // buy
  yd_buyPick: { en: 'Tap an empty shell of another row (its price is on it).', ja: '他人の列の空きヤドをタップ(値段が表示されています)。' },
  yd_buyChosen: { en: 'Shell {0} from {1}: {2} ★. Tap where it goes in your row.', ja: '{1}のヤド{0}:星{2}つ。自分の列のどこに置くかタップしてください。' },
  yd_buyFree: { en: 'Shell {0} from {1}: free. Tap where it goes in your row.', ja: '{1}のヤド{0}:無料。自分の列のどこに置くかタップしてください。' },
  yd_insertAt: { en: 'Put it at position {0}', ja: '{0}番目に置く' },
  yd_buyConfirm: { en: 'Buy shell {0} for {1} ★', ja: 'ヤド{0}を星{1}つで買う' },
  yd_buyConfirmFree: { en: 'Take shell {0} (free)', ja: 'ヤド{0}をもらう(無料)' },
  yd_price: { en: '{0} ★', ja: '★{0}' },
  yd_yourRow: { en: 'Your row, from your piece', ja: 'あなたの列(コマから順に)' },
  // rearrange
  yd_rearrangeTap: { en: 'Tap two empty shells to swap them; crabs stay where they are.', ja: '空きヤドを2つタップすると入れ替わります。ヤドカリのいるヤドは動きません。' },
  yd_rearrangeConfirm: { en: 'Confirm the new order', ja: 'この並びで決定' },
  yd_rearrangeSame: { en: 'The order must change.', ja: '並びを変える必要があります。' },
  yd_reset: { en: 'Reset', ja: '元に戻す' },
  yd_slotPick: { en: 'Choose the shell for position {0}.', ja: '{0}番目に置くヤドを選んでください。' },
  // rebirth
  yd_rebirth: { en: 'A size-12 crab is reborn: choose an empty shell.', ja: '大きさ12のヤドカリが生まれ変わります。空きヤドを選んでください。' },
  yd_rebirthOn: { en: 'Shell {0}', ja: 'ヤド{0}' },
  // tenants
  yd_tenantsRolled: { en: 'The centre dice rolled:', ja: '中央のダイスの出目:' },
  yd_tenantsChoose: { en: 'Choose the shells that get a crab (at least one).', ja: 'ヤドカリを乗せるヤドを選んでください(1つ以上)。' },
  yd_tenantsConfirm: { en: 'Place {0} crab(s)', ja: '{0}人を入居させる' },
  yd_tenantsWarn: { en: 'If the centre empties, the largest crabs already on the ring go back to it.', ja: '中央が空になると、もとからいた最も大きいヤドカリが中央へ戻ります。' },
  // prompts
  yd_promptTurn: { en: 'Your turn: choose one action.', ja: 'あなたの番です。アクションを1つ選んでください。' },
  yd_promptRebirth: { en: 'Choose where the size-12 crab is reborn.', ja: '大きさ12のヤドカリの生まれ変わり先を選んでください。' },
  yd_promptTenants: { en: 'Choose the new tenants.', ja: '入居させるヤドカリを選んでください。' },
  yd_promptRearrange: { en: 'Rearrange: choose the shell for position {0}.', ja: 'イレカエ:{0}番目のヤドを選んでください。' },
  yd_waitTurn: { en: '{0} is to move.', ja: '{0}の番です。' },
  // last turn
  yd_lastTurn: { en: 'Last turn', ja: '直前の手番' },
  yd_lastMove: { en: 'The last Move dice:', ja: '直前のヒッコシダイス:' },
  yd_nothingYet: { en: 'Nothing has happened yet.', ja: 'まだ何も起きていません。' },
  yd_income: { en: 'Income', ja: '収入' },
  yd_calls: { en: '{0} calls {1} and rolls', ja: '{0}が{1}を宣言、出目' },
  yd_grows: { en: 'Grow', ja: '成長' },
  yd_noGrowth: { en: 'No crab grows.', ja: '成長するヤドカリはいません。' },
  yd_leaves: { en: 'Size 12 leaves shell {0}', ja: '大きさ12がヤド{0}を去る' },
  yd_reborn: { en: 'Reborn on shell {0}', ja: 'ヤド{0}に生まれ変わり' },
  yd_moves: { en: 'Move', ja: '引越し' },
  yd_toCentre: { en: 'centre', ja: '中央' },
  yd_noMoves: { en: 'No crab has to move.', ja: '引越すヤドカリはいません。' },
  yd_advanced: { en: '{0} advanced: every row gained a shell and lost its last one.', ja: '{0}がゼンシン:各列が1枚得て、最後の1枚を失いました。' },
  yd_bought: { en: '{0} bought shell {1} from {2} for {3} ★ (position {4}).', ja: '{0}が{2}からヤド{1}を星{3}つで購入({4}番目)。' },
  yd_rearranged: { en: '{0} rearranged: {1}.', ja: '{0}がイレカエ:{1}' },
  yd_tenantsBy: { en: '{0} rolled for new tenants', ja: '{0}のニューキョシャボシュウ' },
  yd_placed: { en: 'Placed on {0}', ja: '{0}に入居' },
  yd_placedNone: { en: 'No die could be placed.', ja: '乗せられるダイスはありませんでした。' },
  yd_evicted: { en: 'Evicted from {0}', ja: '{0}から退去' },
  // end
  yd_colStars: { en: 'Stars', ja: '星' },
  yd_colCrabs: { en: 'Crabs', ja: 'ヤドカリ' },
  yd_colShells: { en: 'Shells', ja: 'ヤド' },
  yd_firstStart: { en: 'Start player', ja: 'スタートプレイヤー' },
});

// ---------------------------------------------------------------- small display helpers

const STEP_MS = { normal: 520, fast: 200, instant: 0 };

function who(name, seat) {
  return h('b', { class: `who seat-c${seat}`, text: name ?? '' });
}

function counted(key, n) {
  return n === 1 && STRINGS[`${key}1`] ? t(`${key}1`) : t(key, n);
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
  if (!parts.length) parts.push(h('span', { class: 'yd-stc yd-stc-none', text: '0' }));
  return h('span', {
    class: 'yd-stars', role: 'img', title: t('yd_starsTitle', st.total, st.gold, st.blue, st.white),
    'aria-label': t('yd_starsTitle', st.total, st.gold, st.blue, st.white),
  }, parts);
}

/** A die: a crab (its size) or a roll; named in words for screen readers, blank ones hidden. */
function die(value, cls = '', extra = {}) {
  const shown = value !== null && value !== undefined;
  const label = !shown ? {} : { role: 'img', 'aria-label': cls.includes('yd-crab') ? t('yd_crabTitle', value) : t('yd_dieShows', value) };
  return h('span', { class: ['yd-die', cls], ...(shown ? label : { 'aria-hidden': 'true' }), ...extra }, value === null || value === undefined ? null : h('span', { class: 'yd-pip', text: String(value) }));
}

/** Set CSS properties through the CSSOM (the page's CSP allows no inline style attribute). */
function styled(el, props) {
  for (const [k, v] of Object.entries(props)) el.style.setProperty(k, v);
  return el;
}

function shellChip(n, cls = '') {
  return h('span', { class: ['yd-shell-chip', cls], text: String(n) });
}

// ---------------------------------------------------------------- local UI state

// What the player is preparing on this screen (reset when the position changes).
let ui = { key: '', mode: null, shell: null, pos: null, order: null, pick: null, placed: null };
// Rearrange steps still to send, one per slot, after a confirm.
let queue = null;
// The last turn whose steps were animated (each is animated once).
let animated = '';

function uiKey(snap, ctx) {
  return `${snap.seed}:${snap.ply}:${ctx.viewer}:${ctx.canAct}`;
}

function resetUi(key) {
  ui = { key, mode: null, shell: null, pos: null, order: null, pick: null, placed: null };
}

function runQueue(snap, ctx) {
  if (!queue) return;
  const v = snap.view;
  if (queue.game !== snap.seed || v.phase !== 'rearrange' || v.current !== ctx.viewer) {
    if (v.phase !== 'rearrange' && snap.ply > queue.ply) queue = null;
    return;
  }
  if (!ctx.canAct) return;
  const next = queue.steps[0];
  if (next === undefined || !ctx.legal.has(`r${next}`)) { queue = null; return; }
  queue.steps.shift();
  queue.ply = snap.ply;
  setTimeout(() => ctx.act(`r${next}`), 0);
}

// ---------------------------------------------------------------- status and prompt

export function statusChips(snap) {
  const v = snap.view;
  if (snap.over) return [];
  return [
    h('span', { class: 'chip chip-round', testid: 'turn-number' }, t('yd_turn', v.turn + 1)),
    h('span', { class: 'chip', testid: 'goal' }, t('yd_goal', v.goal)),
  ];
}

export function prompt(snap, ctx) {
  const v = snap.view;
  if (ctx.canAct && ctx.legal.size) {
    if (v.phase === 'rebirth') return t('yd_promptRebirth');
    if (v.phase === 'tenants') return t('yd_promptTenants');
    if (v.phase === 'rearrange') return t('yd_promptRearrange', v.pending?.next_slot ?? '');
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
  const items = ring.slice(start).concat(ring.slice(0, start));
  const weight = (it) => (it.piece !== undefined ? 0.55 : 1);
  const total = items.reduce((sum, it) => sum + weight(it), 0);
  let at = 0;
  return items.map((it) => {
    const mid = at + weight(it) / 2;
    at += weight(it);
    const angle = (mid / total) * 2 * Math.PI;
    return { it, x: 50 + 41 * Math.sin(angle), y: 50 + 41 * Math.cos(angle) };
  });
}

function changedShells(v) {
  const out = new Map();
  const m = v.last_move;
  if (m && v.last_action?.kind === 'move') {
    for (const g of m.growth || []) out.set(g.shell, 'grown');
    for (const s of m.rebirth || []) out.set(s, 'reborn');
    for (const mv of m.moves || []) if (mv.to !== null && mv.to !== undefined) out.set(mv.to, 'moved');
  }
  const tn2 = v.last_tenants;
  if (tn2 && v.last_action?.kind === 'tenants') for (const s of tn2.placed || []) out.set(s, 'placed');
  return out;
}

function shellCard(item, v, ctx, names, extra) {
  const owner = item.owner;
  const title = `${t('yd_shellTitle', item.shell, item.position, names[owner])}: ${item.crab ? t('yd_crabTitle', item.crab) : t('yd_emptyTitle')}`;
  const props = {
    class: ['yd-shell', `seat-c${owner}`, item.crab ? 'has-crab' : 'is-empty', extra.cls],
    testid: `shell-${item.shell}`,
    data: { shell: item.shell, owner, position: item.position, crab: item.crab ?? undefined },
    title,
  };
  // the owner's mark as well as the tint (colour is not the only signal); screen readers get
  // the title as text (the shell is named by it when it is a button)
  const body = [
    srOnly(`${title}${extra.price !== undefined ? ` (${t('yd_price', extra.price)})` : ''}`),
    seatMark(owner, 'yd-owner'),
    h('span', { class: 'yd-num', 'aria-hidden': 'true', text: String(item.shell) }),
    h('span', { class: 'yd-pos', 'aria-hidden': 'true', text: String(item.position) }),
    item.crab ? die(item.crab, 'yd-crab', { testid: `crab-${item.shell}`, 'aria-hidden': 'true' }) : null,
    extra.price !== undefined ? h('span', { class: 'yd-price', 'aria-hidden': 'true', text: t('yd_price', extra.price) }) : null,
  ];
  if (extra.onTap) {
    const b = button(body, { ...props, class: [...props.class, 'is-tappable'] });
    b.addEventListener('click', extra.onTap);
    return b;
  }
  return h('div', props, body);
}

function centre(v, names) {
  const rolled = v.last_move;
  const dice = [];
  for (let i = 0; i < v.centre; i += 1) dice.push(die(null, 'yd-die-blank'));
  return h('div', { class: 'yd-centre', testid: 'centre', data: { dice: v.centre } },
    h('span', { class: 'yd-label', text: t('yd_centre') }),
    h('div', { class: 'yd-centre-dice', role: 'img', 'aria-label': v.centre ? counted('yd_centreDice', v.centre) : t('yd_centreEmpty') },
      dice.length ? dice : h('span', { class: 'yd-muted', text: t('yd_centreEmpty') })),
    rolled ? h('div', { class: 'yd-roll', testid: 'last-roll', data: { roll: rolled.roll, call: rolled.call } },
      h('span', { class: 'yd-label' }, who(names[rolled.seat], rolled.seat)),
      die(rolled.roll, 'yd-die-roll'),
      h('span', { class: `yd-call yd-call-${rolled.call}`, text: rolled.call === 'hi' ? t('yd_high') : t('yd_low') })) : null);
}

function ringView(snap, ctx, paint) {
  const v = snap.view;
  const names = ctx.names;
  const first = ctx.viewer ?? 0;
  const changed = changedShells(v);
  const buyable = buyableShells(ctx);
  const prices = priceMap(v);
  const fresh = animated !== turnKey(snap);
  const places = ringPlaces(v.ring, first).map(({ it, x, y }, i) => {
    const style = { left: `${x.toFixed(2)}%`, top: `${y.toFixed(2)}%`, '--i': String(i) };
    if (it.piece !== undefined) {
      const s = it.piece;
      const current = v.current === s && !snap.over;
      return styled(h('div', {
        class: ['yd-piece', `seat-c${s}`, current ? 'is-current' : null],
        testid: `piece-${s}`, role: 'img', title: t('yd_piece', names[s]), 'aria-label': t('yd_piece', names[s]),
      }, seatMark(s, 'yd-piece-mark')), style);
    }
    const extra = { cls: [] };
    const how = changed.get(it.shell);
    if (how && fresh) extra.cls.push(`is-${how}`);
    else if (how) extra.cls.push('was-changed');
    if (ui.mode === 'buy' && buyable.has(it.shell)) {
      extra.price = prices.get(it.shell);
      extra.cls.push(ui.shell === it.shell ? 'is-chosen' : 'is-buyable');
      extra.onTap = () => { ui.shell = it.shell; ui.pos = null; paint(); };
    } else if (v.phase === 'rebirth' && ctx.canAct && ctx.legal.has(`re${it.shell}`)) {
      extra.cls.push('is-option');
      extra.onTap = () => ctx.act(`re${it.shell}`);
    }
    return styled(shellCard(it, v, ctx, names, extra), style);
  });
  return h('div', { class: 'yd-ring-wrap' },
    h('div', { class: 'yd-ring', testid: 'ring', role: 'group', 'aria-label': t('yd_ring') },
      h('div', { class: 'yd-ring-line', 'aria-hidden': 'true' }),
      places,
      centre(v, names)));
}

// ---------------------------------------------------------------- seats

function seatPanel(snap, ctx, s) {
  const v = snap.view;
  const st = v.stars[s];
  const seat = snap.seats[s] || {};
  const kind = seat.kind === 'bot' ? `${t('bot')} · ${levelName(seat.level)}` : t('human');
  const current = v.current === s && !snap.over;
  const pct = Math.min(100, Math.round((st.total / v.goal) * 100));
  const badges = [];
  if (ctx.viewer === s) badges.push(h('span', { class: 'badge badge-you', text: t('you') }));
  if (v.start === s) badges.push(h('span', { class: 'badge yd-badge-start', text: t('yd_start') }));
  const crabs = v.crabs_in_row[s];
  return h('div', {
    class: ['yd-seat', `seat-c${s}`, current ? 'is-current' : null, ctx.thinking === s ? 'is-thinking' : null],
    testid: `seat-${s}`, data: { stars: st.total },
  },
  h('div', { class: 'yd-seat-head' }, seatMark(s), who(ctx.names[s], s), badges, h('span', { class: 'yd-seat-kind', text: kind })),
  h('div', { class: 'yd-seat-stars' }, starCounters(st),
    h('span', { class: 'yd-seat-crabs', role: 'img', title: counted('yd_crabsInRow', crabs), 'aria-label': counted('yd_crabsInRow', crabs) }, die(null, 'yd-die-mini'),
      h('span', { testid: `crabs-${s}`, data: { value: crabs }, text: String(crabs) })),
    h('b', { class: 'yd-total', testid: `stars-${s}`, data: { value: st.total }, text: t('yd_stars', st.total, v.goal) })),
  h('div', { class: 'yd-bar', role: 'progressbar', 'aria-valuemin': '0', 'aria-valuemax': String(v.goal), 'aria-valuenow': String(Math.min(st.total, v.goal)), 'aria-label': t('yd_stars', st.total, v.goal) },
    styled(h('span', { class: 'yd-bar-fill' }), { width: `${pct}%` })));
}

// ---------------------------------------------------------------- actions

function buyableShells(ctx) {
  const out = new Set();
  for (const a of ctx.legal) {
    const m = /^b(\d+)@\d+$/.exec(a);
    if (m) out.add(Number(m[1]));
  }
  return out;
}

function priceMap(v) {
  const out = new Map();
  v.rows.forEach((row) => row.forEach((c) => out.set(c.shell, c.price)));
  return out;
}

function ownerOf(v, shell) {
  for (let s = 0; s < v.rows.length; s += 1) if (v.rows[s].some((c) => c.shell === shell)) return s;
  return null;
}

function actionButton(label, help, action, ctx, testid, onClick, reason) {
  const ok = action === null ? onClick !== null : ctx.legal.has(action);
  const b = button([h('span', { class: 'yd-act-label', text: label }), h('span', { class: 'yd-act-help', text: ok ? help : reason || help })], {
    class: ['btn', 'yd-act'], testid, disabled: !ok, data: action ? { action } : {},
  });
  if (ok) b.addEventListener('click', onClick || (() => ctx.act(action)));
  return b;
}

function turnActions(snap, ctx, paint) {
  const v = snap.view;
  const me = ctx.viewer;
  const canBuy = buyableShells(ctx).size > 0;
  const canRearrange = [...ctx.legal].some((a) => /^r\d+$/.test(a));
  const move = h('div', { class: 'yd-move' },
    h('div', { class: 'yd-move-head' }, h('span', { class: 'yd-act-title', text: t('yd_moveDice') }),
      h('span', { class: 'yd-act-help', text: ctx.legal.has('hi') ? t('yd_moveHelp', v.crabs_in_row[me]) : t('yd_needCentre') })),
    h('div', { class: 'yd-move-buttons' },
      actionButton(t('yd_callHigh'), t('yd_callHighHelp'), 'hi', ctx, 'act-high'),
      actionButton(t('yd_callLow'), t('yd_callLowHelp'), 'lo', ctx, 'act-low')));
  return h('div', { class: 'yd-actions', testid: 'actions' },
    move,
    actionButton(t('yd_advance'), t('yd_advanceHelp'), 'adv', ctx, 'act-advance'),
    actionButton(t('yd_buy'), t('yd_buyHelp'), null, ctx, 'act-buy',
      canBuy ? () => { ui.mode = 'buy'; ui.shell = null; ui.pos = null; paint(); } : null, t('yd_noBuy')),
    actionButton(t('yd_rearrange'), t('yd_rearrangeHelp'), null, ctx, 'act-rearrange',
      canRearrange ? () => { ui.mode = 'rearrange'; ui.order = v.rows[me].map((c) => c.shell); ui.pick = null; paint(); } : null, t('yd_noRearrange')),
    actionButton(t('yd_tenants'), t('yd_tenantsHelp'), 'new', ctx, 'act-tenants', null, t('yd_needCentre')));
}

function backButton(paint) {
  const b = button(t('yd_cancel'), { class: 'btn btn-quiet', testid: 'mode-back' });
  b.addEventListener('click', () => { ui.mode = null; ui.shell = null; ui.pos = null; ui.order = null; ui.pick = null; paint(); });
  return b;
}

function buyPanel(snap, ctx, paint) {
  const v = snap.view;
  const me = ctx.viewer;
  const row = v.rows[me];
  const box = h('div', { class: 'yd-panel yd-buy', testid: 'buy-panel' });
  if (ui.shell === null) {
    box.append(h('p', { class: 'yd-hint', text: t('yd_buyPick') }),
      h('div', { class: 'yd-buy-list' }, [...buyableShells(ctx)].sort((a, b) => a - b).map((s) => {
        const b = button([shellChip(s), h('span', { class: 'yd-price-inline', text: t('yd_price', priceMap(v).get(s)) })],
          { class: 'btn yd-buy-option', testid: `buy-shell-${s}` });
        b.addEventListener('click', () => { ui.shell = s; ui.pos = null; paint(); });
        return b;
      })),
      h('div', { class: 'yd-panel-foot' }, backButton(paint)));
    return box;
  }
  const shell = ui.shell;
  const price = priceMap(v).get(shell);
  const from = ownerOf(v, shell);
  box.append(h('p', { class: 'yd-hint', text: price ? t('yd_buyChosen', shell, ctx.names[from], price) : t('yd_buyFree', shell, ctx.names[from]) }));
  const strip = h('div', { class: 'yd-row-strip', testid: 'insert-strip', role: 'group', 'aria-label': t('yd_yourRow') });
  for (let pos = 1; pos <= row.length + 1; pos += 1) {
    const action = `b${shell}@${pos}`;
    const ok = ctx.legal.has(action);
    const chosen = ui.pos === pos;
    const shown = chosen ? shellChip(shell, 'yd-chip-new') : h('span', { class: 'yd-gap-n', text: String(pos) });
    shown.setAttribute('aria-hidden', 'true');
    const gap = button([srOnly(t('yd_insertAt', pos)), shown], {
      class: ['yd-gap', chosen ? 'is-chosen' : null], testid: `insert-${pos}`, disabled: !ok,
      title: t('yd_insertAt', pos), 'aria-pressed': chosen ? 'true' : 'false',
    });
    if (ok) gap.addEventListener('click', () => { ui.pos = pos; paint(); });
    strip.append(gap);
    if (pos <= row.length) strip.append(rowCard(row[pos - 1]));
  }
  const action = ui.pos === null ? null : `b${shell}@${ui.pos}`;
  const confirm = button(price ? t('yd_buyConfirm', shell, price) : t('yd_buyConfirmFree', shell), {
    class: 'btn btn-primary', testid: 'buy-confirm', disabled: !(action && ctx.legal.has(action)), data: action ? { action } : {},
  });
  if (action && ctx.legal.has(action)) confirm.addEventListener('click', () => ctx.act(action));
  const other = button(t('yd_cancel'), { class: 'btn btn-quiet', testid: 'buy-other' });
  other.addEventListener('click', () => { ui.shell = null; ui.pos = null; paint(); });
  box.append(h('span', { class: 'yd-label', text: t('yd_yourRow') }), strip, h('div', { class: 'yd-panel-foot' }, other, confirm));
  return box;
}

function rowCard(c, props = {}) {
  return h('span', { class: ['yd-rowcard', c.crab ? 'has-crab' : 'is-empty'], ...props },
    h('span', { class: 'yd-num', text: String(c.shell) }), c.crab ? die(c.crab, 'yd-crab yd-crab-sm') : null);
}

function rearrangePanel(snap, ctx, paint) {
  const v = snap.view;
  const me = ctx.viewer;
  const row = v.rows[me];
  const crab = new Map(row.map((c) => [c.shell, c.crab]));
  const order = ui.order;
  const strip = h('div', { class: 'yd-row-strip', testid: 'rearrange-strip' }, order.map((shell, i) => {
    const c = { shell, crab: crab.get(shell) };
    if (c.crab) return rowCard(c, { title: t('yd_crabTitle', c.crab) });
    const picked = ui.pick === i;
    const b = button([h('span', { class: 'yd-num', text: String(shell) }), h('span', { class: 'yd-pos', text: String(i + 1) })], {
      class: ['yd-rowcard', 'is-empty', 'is-tappable', picked ? 'is-chosen' : null], testid: `swap-${shell}`, 'aria-pressed': picked ? 'true' : 'false',
    });
    b.addEventListener('click', () => {
      if (ui.pick === null) ui.pick = i;
      else if (ui.pick === i) ui.pick = null;
      else { const o = ui.order; [o[ui.pick], o[i]] = [o[i], o[ui.pick]]; ui.pick = null; }
      paint();
    });
    return b;
  }));
  const original = row.map((c) => c.shell);
  const changed = order.some((s, i) => s !== original[i]);
  const slots = original.map((s, i) => (crab.get(s) ? null : i)).filter((i) => i !== null);
  const steps = slots.slice(0, -1).map((i) => order[i]);
  const ok = changed && steps.length > 0 && ctx.legal.has(`r${steps[0]}`);
  const confirm = button(t('yd_rearrangeConfirm'), { class: 'btn btn-primary', testid: 'rearrange-confirm', disabled: !ok });
  if (ok) {
    confirm.addEventListener('click', () => {
      queue = { game: snap.seed, ply: snap.ply, steps: steps.slice(1) };
      ctx.act(`r${steps[0]}`);
    });
  }
  const reset = button(t('yd_reset'), { class: 'btn', testid: 'rearrange-reset' });
  reset.addEventListener('click', () => { ui.order = [...original]; ui.pick = null; paint(); });
  return h('div', { class: 'yd-panel yd-rearrange', testid: 'rearrange-panel' },
    h('p', { class: 'yd-hint', text: t('yd_rearrangeTap') }), strip,
    changed ? null : h('p', { class: 'yd-muted', text: t('yd_rearrangeSame') }),
    h('div', { class: 'yd-panel-foot' }, backButton(paint), reset, confirm));
}

function rearrangeStepPanel(snap, ctx) {
  const v = snap.view;
  const p = v.pending;
  const choices = [...ctx.legal].filter((a) => /^r\d+$/.test(a)).map((a) => Number(a.slice(1))).sort((a, b) => a - b);
  return h('div', { class: 'yd-panel', testid: 'rearrange-step' },
    h('p', { class: 'yd-hint', text: t('yd_slotPick', p.next_slot) }),
    h('div', { class: 'yd-buy-list' }, choices.map((s) => {
      const b = button(shellChip(s), { class: 'btn yd-buy-option', testid: `slot-shell-${s}`, data: { action: `r${s}` } });
      b.addEventListener('click', () => ctx.act(`r${s}`));
      return b;
    })));
}

function rebirthPanel(snap, ctx) {
  const v = snap.view;
  return h('div', { class: 'yd-panel', testid: 'rebirth-panel' },
    h('p', { class: 'yd-hint', text: t('yd_rebirth') }),
    h('div', { class: 'yd-buy-list' }, (v.pending?.options || []).map((s) => {
      const a = `re${s}`;
      const b = button([shellChip(s), h('span', { text: t('yd_rebirthOn', s) })], { class: 'btn btn-primary', testid: `rebirth-${s}`, disabled: !ctx.legal.has(a), data: { action: a } });
      if (ctx.legal.has(a)) b.addEventListener('click', () => ctx.act(a));
      return b;
    })));
}

function tenantsPanel(snap, ctx, paint) {
  const v = snap.view;
  const p = v.pending;
  const placeable = p.placeable || [];
  if (ui.placed === null) ui.placed = new Set(placeable);
  const chosen = placeable.filter((s) => ui.placed.has(s));
  const action = chosen.length ? `p${chosen.join('.')}` : null;
  const ok = action !== null && ctx.legal.has(action);
  const confirm = button(t('yd_tenantsConfirm', chosen.length), { class: 'btn btn-primary', testid: 'tenants-confirm', disabled: !ok, data: action ? { action } : {} });
  if (ok) confirm.addEventListener('click', () => ctx.act(action));
  return h('div', { class: 'yd-panel yd-tenants', testid: 'tenants-panel' },
    h('div', { class: 'yd-rolls' }, h('span', { class: 'yd-label', text: t('yd_tenantsRolled') }),
      (p.rolls || []).map((r) => die(r, placeable.includes(r) ? 'yd-die-roll is-placeable' : 'yd-die-roll is-dud'))),
    h('p', { class: 'yd-hint', text: t('yd_tenantsChoose') }),
    h('div', { class: 'yd-buy-list' }, placeable.map((s) => {
      const on = ui.placed.has(s);
      const b = button([shellChip(s), on ? icon('check', 'yd-check') : null], {
        class: ['btn', 'yd-toggle', on ? 'is-on' : null], testid: `tenant-${s}`, 'aria-pressed': on ? 'true' : 'false',
      });
      b.addEventListener('click', () => { if (on) ui.placed.delete(s); else ui.placed.add(s); paint(); });
      return b;
    })),
    h('p', { class: 'yd-muted', text: t('yd_tenantsWarn') }),
    h('div', { class: 'yd-panel-foot' }, confirm));
}

function actionZone(snap, ctx, paint) {
  const v = snap.view;
  if (!ctx.canAct || !ctx.legal.size || ctx.viewer === null || ctx.viewer === undefined) return null;
  if (v.phase === 'rebirth') return rebirthPanel(snap, ctx);
  if (v.phase === 'tenants') return tenantsPanel(snap, ctx, paint);
  if (v.phase === 'rearrange') return queue ? null : rearrangeStepPanel(snap, ctx);
  if (ui.mode === 'buy') return buyPanel(snap, ctx, paint);
  if (ui.mode === 'rearrange') return rearrangePanel(snap, ctx, paint);
  return turnActions(snap, ctx, paint);
}

export function table(snap, ctx) {
  const key = uiKey(snap, ctx);
  if (ui.key !== key) resetUi(key);
  runQueue(snap, ctx);
  const root = h('div', { class: 'yd', testid: 'yadokashi' });
  const paint = () => {
    const seats = [];
    for (let s = 0; s < snap.players; s += 1) seats.push(seatPanel(snap, ctx, s));
    const zone = actionZone(snap, ctx, paint);
    root.replaceChildren(
      ringView(snap, ctx, paint),
      h('div', { class: 'yd-right' },
        h('div', { class: 'yd-seats', testid: 'seats' }, seats),
        zone ? h('div', { class: 'yd-action', testid: 'action-zone', data: { mode: ui.mode ?? snap.view.phase } }, zone) : null));
  };
  paint();
  styled(root, { '--yd-step': `${STEP_MS[speed()] ?? STEP_MS.normal}ms` });
  markAnimated(snap);
  return root;
}

// ---------------------------------------------------------------- side: the last turn, step by step

function turnKey(snap) {
  const v = snap.view;
  return `${snap.seed}:${v.turn}:${v.last_action ? JSON.stringify(v.last_action) : ''}`;
}

function markAnimated(snap) {
  // The ring and the side panel of this render animate; later renders of the same turn do not.
  setTimeout(() => { animated = turnKey(snap); }, 0);
}

function incomeLine(names, gains) {
  return h('span', { class: 'yd-income' }, gains.map((g, s) => h('span', { class: 'yd-gain' }, who(names[s], s), h('b', { text: ` +${g}` }))));
}

function moveSteps(m, names) {
  const steps = [];
  steps.push([t('yd_income'), incomeLine(names, m.income_before || [])]);
  steps.push([tn('yd_calls', who(names[m.seat], m.seat), m.call === 'hi' ? t('yd_high') : t('yd_low')), die(m.roll, 'yd-die-roll')]);
  const grown = (m.growth || []).filter((g) => !(m.left || []).includes(g.shell));
  steps.push([t('yd_grows'), grown.length
    ? h('span', { class: 'yd-flow' }, grown.map((g) => h('span', { class: 'yd-change' }, shellChip(g.shell), ` ${g.from}→${g.to}`)))
    : h('span', { class: 'yd-muted', text: t('yd_noGrowth') })]);
  for (const s of m.left || []) steps.push(['', h('span', { text: t('yd_leaves', s) })]);
  for (const s of m.rebirth || []) steps.push(['', h('span', { text: t('yd_reborn', s) })]);
  steps.push([t('yd_moves'), (m.moves || []).length
    ? h('span', { class: 'yd-flow' }, m.moves.map((mv) => h('span', { class: 'yd-change' },
      die(mv.size, 'yd-crab yd-crab-sm'), ' ', shellChip(mv.from), ' → ', mv.to === null ? h('span', { class: 'yd-to-centre', text: t('yd_toCentre') }) : shellChip(mv.to))))
    : h('span', { class: 'yd-muted', text: t('yd_noMoves') })]);
  if (m.income_after) steps.push([t('yd_income'), incomeLine(names, m.income_after)]);
  return steps;
}

function tenantSteps(tt, names) {
  const steps = [[tn('yd_tenantsBy', who(names[tt.seat], tt.seat)), h('span', { class: 'yd-flow' }, (tt.rolls || []).map((r) => die(r, 'yd-die-roll')))]];
  if ((tt.placed || []).length) steps.push([t('yd_placed', ''), h('span', { class: 'yd-flow' }, tt.placed.map((s) => shellChip(s)))]);
  else if (tt.rolls) steps.push(['', h('span', { class: 'yd-muted', text: t('yd_placedNone') })]);
  if ((tt.evicted || []).length) steps.push([t('yd_evicted', ''), h('span', { class: 'yd-flow' }, tt.evicted.map((s) => shellChip(s)))]);
  return steps;
}

function lastTurnSteps(v, names) {
  const a = v.last_action;
  if (!a) return null;
  if (a.kind === 'move' && v.last_move) return moveSteps(v.last_move, names);
  const other = otherSteps(v, a, names);
  if (!v.last_move) return other.length ? other : null;
  // the last Move dice stays in view under whatever came after it
  const m = v.last_move;
  return [...other, ['', h('b', { class: 'yd-sub', text: t('yd_lastMove') })], ...moveSteps(m, names)];
}

function otherSteps(v, a, names) {
  if (a.kind === 'tenants' && v.last_tenants) return tenantSteps(v.last_tenants, names);
  if (a.kind === 'advance') return [['', tn('yd_advanced', who(names[a.seat], a.seat))]];
  if (a.kind === 'buy') return [['', tn('yd_bought', who(names[a.seat], a.seat), a.shell, who(names[a.from], a.from), a.price, a.position)]];
  if (a.kind === 'rearrange') return [['', tn('yd_rearranged', who(names[a.seat], a.seat), (a.row || []).join(' · '))]];
  return [];
}

export function side(snap, ctx) {
  const v = snap.view;
  const steps = lastTurnSteps(v, ctx.names);
  const fresh = animated !== turnKey(snap);
  // it scrolls when the turn was long: a named region that takes the focus (arrow keys scroll)
  return [styled(h('section', {
    class: ['side-panel', 'yd-last', fresh ? 'is-fresh' : null], testid: 'last-turn', data: { kind: v.last_action?.kind ?? 'none' },
    tabindex: '0', 'aria-label': t('yd_lastTurn'),
  },
    h('h2', { class: 'side-title', text: t('yd_lastTurn') }),
    steps ? h('ol', { class: 'yd-steps' }, steps.map(([label, body], i) => styled(h('li', { class: 'yd-step' },
      label ? h('span', { class: 'yd-step-label' }, label) : null,
      body), { '--i': String(i) })))
      : h('p', { class: 'yd-muted', text: t('yd_nothingYet') })), { '--yd-step': `${STEP_MS[speed()] ?? STEP_MS.normal}ms` })];
}

// ---------------------------------------------------------------- end of game

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
  return h('div', { class: 'result-wrap yd-result-wrap' },
    h('table', { class: 'result yd-result', testid: 'result' }, h('thead', {}, head), h('tbody', {}, rows)),
    h('div', { class: 'yd-end-ring' }, ringView(snap, { ...ctx, legal: new Set(), canAct: false }, () => {})));
}

// ---------------------------------------------------------------- setup: the start player

export function setupOptions(state, names) {
  return h('div', { class: 'yd-setup' },
    startPlayerField(state, names, { id: 'yd-opt-start', label: t('yd_firstStart') }));
}

export default { statusChips, prompt, table, side, result, setupOptions };
