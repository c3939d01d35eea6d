// A guest's device (issue 34): the address `#join=<invite code>&t=<table>&s=<seat>`, opened by
// the phone's camera from the host's QR code. This device runs no engine: it answers the invite
// (its answer is shown as a QR code and as text, for the host to scan or paste), and once the
// host has connected, it joins its seat with the seat's token (kept from an earlier join of that
// table: a guest that comes back gets its seat back) and plays it on the same table as the host
// (ui/play.js), with the host's answers in place of an engine.

import { h, button } from '../ui/dom.js';
import { t, tx } from '../i18n.js';
import { toast } from '../ui/dialogs.js';
import { loadModule } from '../ui/games.js';
import { personHere } from '../ui/seats.js';
import { page } from './common.js';
import { errorScreen } from './errors.js';
import { qrCode, copyText } from '../ui/devices.js';

/** @typedef {{code: string, table: string, seat: number, game: string | null}} Invite */

const TOKEN_KEY = 'pygames.seat.';
const USED_KEY = 'pygames.joinUsed'; // the invites this device joined with (their codes' starts)
const USED_KEPT = 12;

/** The part of an invite's code kept to know it again. @param {Invite} invite */
function usedMark(invite) {
  return invite.code.slice(0, 40);
}

/** The marks of the invites this device joined with, newest last. */
function usedInvites() {
  try {
    const list = JSON.parse(localStorage.getItem(USED_KEY) || '[]');
    return Array.isArray(list) ? list.filter((x) => typeof x === 'string') : [];
  } catch (_) {
    return [];
  }
}

/**
 * An invite joined with is spent: the host's end of it is bound to that connection, so the page
 * opened again (a reload) says so instead of answering it in vain.
 * @param {Invite} invite
 */
function markUsed(invite) {
  try {
    const list = usedInvites().filter((x) => x !== usedMark(invite));
    localStorage.setItem(USED_KEY, JSON.stringify([...list, usedMark(invite)].slice(-USED_KEPT)));
  } catch (_) { /* no storage: a reload answers the spent invite, and the host does not connect */ }
}

/**
 * What a `#join=` address holds, or null when it is not an invite.
 * @param {string} hash
 * @returns {Invite | null}
 */
export function inviteOf(hash) {
  const m = /^#join=([A-Za-z0-9_-]{16,400})&t=([\w-]{1,40})&s=(\d{1,2})(?:&g=([a-z]{1,20}))?$/.exec(hash);
  return m ? { code: m[1], table: m[2], seat: Number(m[3]), game: m[4] ?? null } : null;
}

/** @param {Invite} invite */
function tokenKey(invite) {
  return `${TOKEN_KEY}${invite.table}.${invite.seat}`;
}

/** @param {Invite} invite */
function storedToken(invite) {
  try {
    return localStorage.getItem(tokenKey(invite));
  } catch (_) {
    return null;
  }
}

/** @param {Invite} invite @param {string} token */
function keepToken(invite, token) {
  try {
    localStorage.setItem(tokenKey(invite), token);
  } catch (_) { /* no storage: the seat is held as long as the connection */ }
}

/**
 * The join page, in one of its states: making the answer, showing it, joining the seat. It names
 * the game and the seat the invite is for (the game's name from the catalogue, when known).
 * @param {import('../ui/router.js').Shell} shell
 * @param {{phase: 'making' | 'show' | 'joining', answer?: string, invite: Invite, titles: {en: string, ja: string} | null}} state
 */
function joinPage(shell, state) {
  const seat = state.invite.seat + 1;
  const what = h('p', { class: 'join-for', testid: 'join-for', text: state.titles ? t('joinFor', tx(state.titles), seat) : t('joinSeat', seat) });
  const status = h('p', { class: 'join-status', testid: 'join-status', role: 'status', text: t(state.phase === 'joining' ? 'joinJoining' : state.phase === 'show' ? 'joinWaiting' : 'joinMaking') });
  const body = state.phase === 'show' && state.answer ? answerPart(state.answer) : [h('div', { class: 'spinner big', 'aria-hidden': 'true' })];
  shell.container.replaceChildren(page('join', 'join',
    h('div', { class: 'paper join-card' },
      h('h1', { class: 'page-title', text: t('joinTitle') }), what, ...body, status,
      h('p', { class: 'field-help', text: t('inviteLimits') }))));
}

/**
 * The answer as a QR code and as text to copy.
 * @param {string} answer
 */
function answerPart(answer) {
  const field = h('textarea', { class: 'input answer-code', rows: 3, readonly: true, testid: 'join-answer', 'aria-label': t('joinCopy'), value: answer });
  const copy = button(t('joinCopy'), { class: 'btn', testid: 'join-copy' });
  copy.addEventListener('click', async () => {
    field.select(); // (copied by hand when the browser refuses)
    if (await copyText(answer)) toast(() => t('joinCopied'));
  });
  return [h('p', { class: 'join-step', text: t('joinShow') }), qrOf(answer), field, h('div', { class: 'join-actions' }, copy)];
}

/** The QR code of the answer. @param {string} text */
function qrOf(text) {
  return h('div', { class: 'join-qr' }, qrCode(text, 'join-qr'));
}

/**
 * A join that could not go on: why, and the way back to the lobby.
 * @param {import('../ui/router.js').Shell} shell
 * @param {() => string} message
 */
function joinProblem(shell, message) {
  shell.router.show(errorScreen(shell, () => ({ title: t('joinTitle'), message: message(), testid: 'join-error' })));
}

/**
 * The words of a handshake's failure.
 * @param {any} error
 */
function failureOf(error) {
  if (error?.code === 'build') return () => t('joinOtherBuild');
  if (error?.code === 'timeout' || error?.code === 'closed') return () => t('joinTimeout');
  return () => t('joinBadCode');
}

/**
 * Open `#join=...`: answer the invite, wait for the host, join the seat, play.
 * @param {import('../ui/router.js').Shell} shell
 * @param {string} hash
 */
export async function openJoin(shell, hash) {
  const token = shell.router.navigate();
  const invite = inviteOf(hash);
  if (!invite) return joinProblem(shell, () => t('joinBadCode'));
  if (usedInvites().includes(usedMark(invite))) return joinProblem(shell, () => t('joinUsed'));
  if (typeof RTCPeerConnection === 'undefined') return joinProblem(shell, () => t('joinNoRtc'));
  const live = () => shell.router.current(token);
  const titles = invite.game ? await shell.games.find(invite.game).then((g) => g?.titles ?? null, () => null) : null;
  const shown = { invite, titles };
  shell.router.show({ render: () => joinPage(shell, { ...shown, phase: 'making' }) });
  const net = await import('../net/link.js');
  let build;
  let reply;
  try {
    build = await net.buildTag();
    reply = await net.answerInvite(invite.code, { build });
  } catch (error) {
    return live() ? joinProblem(shell, failureOf(error)) : undefined;
  }
  if (!live()) return reply.close();
  shell.router.show({ render: () => joinPage(shell, { ...shown, phase: 'show', answer: reply.code }), destroy: () => { if (!live()) reply.close(); } });
  let channel;
  try {
    channel = await reply.opened;
  } catch (error) {
    return live() ? joinProblem(shell, failureOf(error)) : undefined;
  }
  markUsed(invite);
  if (!live()) return reply.close();
  shell.router.show({ render: () => joinPage(shell, { ...shown, phase: 'joining' }), destroy: () => { if (!live()) reply.close(); } });
  return joinSeat(shell, { invite, build, channel, close: reply.close, live });
}

/**
 * The channel is open: say hello with the seat's token, then put the seat's table on screen.
 * @param {import('../ui/router.js').Shell} shell
 * @param {{invite: Invite, build: string, channel: RTCDataChannel, close: () => void, live: () => boolean}} o
 */
async function joinSeat(shell, { invite, build, channel, close, live }) {
  const { GuestLink } = await import('../net/guest.js');
  const link = new GuestLink(channel);
  // a page closed or reloaded says goodbye: the host sees the seat's device leave at once
  window.addEventListener('pagehide', close, { once: true });
  const hello = await link.hello({ build, token: storedToken(invite) });
  if (!hello.ok) {
    close();
    // a link lost before the hello was answered is no refusal
    return live() ? joinProblem(shell, () => (link.lost ? t('joinLost') : t('joinRefused', tx(hello.error)))) : undefined;
  }
  if (typeof hello.token === 'string') keepToken(invite, hello.token);
  const snap = await link.call({ cmd: 'view' });
  const mod = snap.ok ? await loadModule(snap.game) : null;
  if (!snap.ok || !mod) {
    close();
    return live() ? joinProblem(shell, () => (snap.ok ? t('joinBadCode') : tx(snap.error))) : undefined;
  }
  if (!live()) return close();
  const game = await shell.games.find(snap.game).catch(() => null);
  const { Table } = await import('../ui/play.js');
  const { deviceSeat } = await import('../net/hub.js');
  const seats = snap.seats.map((_, i) => (i === hello.seat ? personHere() : deviceSeat(link.source())));
  return shell.router.show(guestTable(shell, { snap, mod, game, link, seats, Table, close }));
}

/**
 * The guest's table: its seat played here, every other seat's moves awaited from the host.
 * @param {import('../ui/router.js').Shell} shell
 * @param {{snap: any, mod: any, game: any, link: any, seats: any[], Table: any, close: () => void}} o
 * @returns {import('../ui/router.js').Screen}
 */
function guestTable(shell, { snap, mod, game, link, seats, Table, close }) {
  let table = null;
  return {
    render() {
      if (table) return table.render();
      table = new Table({
        container: shell.container, engine: link, module: mod, snap, game, seats, guest: true,
        onShare: () => {}, onRestart: () => {},
        onFatal: (error) => joinProblem(shell, () => (link.lost ? t('joinLost') : tx(error))),
      });
      // the host is gone (its page closed or reloaded): say so at once, unless the game is over
      link.onLost.add(() => { if (table?.alive && !table.snap.over) joinProblem(shell, () => t('joinLost')); });
      return table.begin();
    },
    onLang() {},
    destroy() {
      table?.destroy();
      close();
    },
  };
}
