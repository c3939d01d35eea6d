// The host's side of seats on other devices (issue 34), as the page shows it: which seats of a
// game are played from other devices and their tokens (kept on this device with the game, so a
// reload resumes and the guests rejoin), the hub that connects them (web/net/hub.js), and the
// "Devices" dialog: for each seat not joined, its invite as a QR code and a link to copy, and a
// field for the guest's answer code.

import { h, svg, button } from './dom.js';
import { modal, toast } from './dialogs.js';
import { t, tn } from '../i18n.js';
import { qrMatrix, qrPath } from '../net/qr.js';
import { Hub, deviceSeat, hubSource } from '../net/hub.js';
import { buildTag } from '../net/link.js';

const KEY = 'pygames.devices.';

/**
 * What this device keeps of a game's seats on other devices: the seats and the tokens given out.
 * @typedef {{seats: number[], tokens: Record<string, string>}} DeviceSeats
 */

/**
 * The seats on other devices of the saved game `id` (null: none).
 * @param {string} id
 * @returns {DeviceSeats | null}
 */
export function devicesOf(id) {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY + id) || 'null');
    if (!kept || !Array.isArray(kept.seats) || !kept.seats.length) return null;
    const seats = kept.seats.filter((s) => Number.isInteger(s) && s >= 0);
    const tokens = kept.tokens && typeof kept.tokens === 'object' ? kept.tokens : {};
    return { seats, tokens };
  } catch (_) {
    return null;
  }
}

/**
 * Keep (or, with null, forget) the seats on other devices of the game `id`.
 * @param {string} id
 * @param {DeviceSeats | null} kept
 */
export function keepDevices(id, kept) {
  try {
    if (kept && kept.seats.length) localStorage.setItem(KEY + id, JSON.stringify(kept));
    else localStorage.removeItem(KEY + id);
  } catch (_) { /* no storage: the seats last as long as the page */ }
}

/**
 * The hub of a table whose seats `kept.seats` are played from other devices.
 * @param {{id: string, game: string, kept: DeviceSeats, engine: import('../types.js').Engine, table: () => any}} o
 */
export async function hubOf({ id, game, kept, engine, table }) {
  const build = await buildTag();
  const hub = new Hub({
    seats: kept.seats,
    tokens: kept.tokens,
    build,
    ask: (request) => engine.call(request),
    session: () => table()?.sid ?? null,
    hintsAllowed: () => Boolean(table()?.snap?.hints),
    keep: (now) => keepDevices(id, now),
    log: (entry) => console.info('pygames: refused from a seat on another device', entry),
  });
  return Object.assign(hub, { tableId: id, gameId: game });
}

/**
 * The controllers of a hub's seats, by seat.
 * @param {Hub} hub
 */
export function deviceControllers(hub) {
  const source = hubSource(hub);
  return new Map(hub.seats.map((s) => [s, deviceSeat(source)]));
}

/**
 * The QR code of a text, as an SVG element.
 * @param {string} text
 * @param {string} testid
 */
export function qrCode(text, testid) {
  const { size, modules } = qrMatrix(text, { level: 'L' });
  const side = size + 8;
  return svg('svg', { class: 'qr-code', viewBox: `0 0 ${side} ${side}`, 'shape-rendering': 'crispEdges', role: 'img', 'aria-label': text, testid },
    svg('rect', { width: side, height: side, fill: '#fff' }),
    svg('path', { fill: '#000', d: qrPath(modules, 4) }));
}

/**
 * The invite link of `seat`: this site's address with the invite's code, the table, the seat and
 * the game (its id, for the join page to name it before it connects).
 * @param {string} code
 * @param {string} tableId
 * @param {number} seat
 * @param {string} gameId
 */
export function inviteLink(code, tableId, seat, gameId) {
  return `${location.origin}${location.pathname}#join=${code}&t=${tableId}&s=${seat}&g=${gameId}`;
}

/** Copy a text; false when the browser refuses (the text stays on screen to copy by hand). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (_) {
    return false;
  }
}

/**
 * The words of a handshake error the host sees (a guest's answer it could not take).
 * @param {any} error
 */
function answerError(error) {
  return error?.code === 'build' ? t('inviteOtherBuild') : t('inviteBadCode');
}

/**
 * A seat's invite, made when its part of the dialog first shows: the QR code, the link to
 * copy and the field for the answer.
 * @param {Hub & {tableId: string, gameId: string}} hub
 * @param {number} seat
 * @param {string} name
 * @param {() => void} redraw
 */
function invitePart(hub, seat, name, redraw) {
  const box = h('div', { class: 'invite-box', testid: `invite-${seat}` }, h('p', { class: 'invite-making', text: t('inviteMaking') }));
  hub.invite(seat).then(({ code }) => {
    box.replaceChildren(...inviteBody(hub, seat, name, inviteLink(code, hub.tableId, seat, hub.gameId)));
    redraw();
  }, () => box.replaceChildren(h('p', { class: 'form-error', role: 'alert', text: t('inviteFailed') })));
  return box;
}

/**
 * What an invite shows once made.
 * @param {Hub} hub
 * @param {number} seat
 * @param {string} name
 * @param {string} link
 */
function inviteBody(hub, seat, name, link) {
  const copy = button(t('inviteCopy'), { class: 'btn btn-sm', testid: `invite-copy-${seat}` });
  const linkField = h('input', { class: 'link-input', type: 'text', readonly: true, value: link, testid: `invite-link-${seat}`, 'aria-label': t('inviteCopy') });
  copy.addEventListener('click', async () => {
    linkField.select();
    if (await copyText(link)) toast(() => t('linkCopied'));
  });
  const answer = h('textarea', {
    class: 'input answer-input', rows: 2, testid: `answer-input-${seat}`, autocomplete: 'off', spellcheck: 'false',
    'aria-label': t('inviteAnswerLabel', name),
  });
  const error = h('p', { class: 'form-error', role: 'alert', testid: `answer-error-${seat}` });
  const connect = button(t('inviteConnect'), { class: 'btn btn-primary', testid: `answer-connect-${seat}` });
  connect.addEventListener('click', () => acceptAnswer(hub, seat, answer, connect, error));
  // the guest's answer QR code, read by this device's camera (ui/camera.js, loaded when asked)
  const scan = button(t('inviteScanAnswer'), { class: 'btn', testid: `answer-scan-${seat}` });
  scan.addEventListener('click', async () => {
    const text = await (await import('./camera.js')).scanWithCamera();
    if (!text) return;
    answer.value = text;
    acceptAnswer(hub, seat, answer, connect, error);
  });
  return [
    h('p', { class: 'invite-step', text: t('inviteScan', name) }),
    qrCode(link, `invite-qr-${seat}`),
    h('div', { class: 'invite-link-row' }, linkField, copy),
    h('p', { class: 'invite-step', text: t('inviteAnswer') }),
    answer, h('div', { class: 'invite-actions' }, scan, connect), error,
  ];
}

/**
 * Take the answer typed or pasted for `seat`.
 * @param {Hub} hub
 * @param {number} seat
 * @param {HTMLTextAreaElement} field
 * @param {HTMLButtonElement} connect
 * @param {HTMLElement} error
 */
async function acceptAnswer(hub, seat, field, connect, error) {
  error.textContent = '';
  connect.disabled = true;
  connect.textContent = t('inviteConnecting');
  try {
    await hub.accept(seat, field.value.trim());
  } catch (err) {
    error.textContent = answerError(err);
    connect.disabled = false;
    connect.textContent = t('inviteConnect');
  }
}

/**
 * One seat of the dialog: its name and state; an invite while it is not joined, and the way to
 * play it at this device instead (`handHere`).
 * @param {Hub & {tableId: string, gameId: string}} hub
 * @param {number} seat
 * @param {string} name
 * @param {Map<number, {round: number, box: HTMLElement}>} invites the invites made, kept across
 *   redraws
 * @param {{here: (seat: number) => void, bot: (seat: number) => void}} hand
 */
function seatPart(hub, seat, name, invites, hand) {
  const state = hub.status(seat) || 'open';
  const head = h('div', { class: 'device-head' },
    h('b', { class: `who seat-c${seat}`, text: name }),
    h('span', { class: ['device-state', `is-${state}`], testid: `device-state-${seat}`, data: { state }, text: t(`device_${state}`) }));
  if (state === 'joined') {
    invites.delete(seat);
    return h('li', { class: 'device-seat', testid: `device-${seat}` }, head);
  }
  // an invite used up by a device that did not join the seat is made anew
  const made = invites.get(seat);
  if (!made || made.round !== hub.round(seat)) invites.set(seat, { round: hub.round(seat), box: invitePart(hub, seat, name, () => {}) });
  const here = button(t('deviceHandHere'), { class: 'btn btn-sm', testid: `device-here-${seat}` });
  here.addEventListener('click', () => hand.here(seat));
  const bot = button(t('deviceHandBot'), { class: 'btn btn-sm', testid: `device-bot-${seat}` });
  bot.addEventListener('click', () => hand.bot(seat));
  const stale = hub.failure(seat) === 'stale'
    ? h('p', { class: 'form-error', role: 'alert', testid: `invite-stale-${seat}`, text: t('inviteStale', name) }) : null;
  return h('li', { class: 'device-seat', testid: `device-${seat}` }, head, stale, invites.get(seat).box,
    h('div', { class: 'device-hand' }, h('span', { class: 'field-help', text: t('deviceHandHelp') }), here, bot));
}

/**
 * The "Devices" dialog: every seat on another device, its state, and the invites of those not
 * joined. It follows the hub while it is open; it closes once no seat is left on another device.
 * @param {Hub & {tableId: string, gameId: string}} hub
 * @param {() => string[]} names the seats' names
 * @param {{here: (seat: number) => void, bot: (seat: number) => void}} hand the seat goes to
 *   someone at the host: a person at this device (`here`) or a bot
 */
export function devicesDialog(hub, names, hand) {
  const invites = new Map();
  const list = h('ul', { class: 'device-list', testid: 'device-list' });
  let dialog = null;
  const draw = () => {
    if (!hub.seats.length) dialog?.close();
    list.replaceChildren(...hub.seats.map((s) => seatPart(hub, s, names()[s], invites, hand)));
  };
  const off = hub.onStatus(draw);
  draw();
  const body = h('div', { class: 'devices-dialog' },
    h('h2', { class: 'dialog-title', text: t('devicesTitle') }), list,
    h('p', { class: 'field-help', text: t('inviteLimits') }));
  dialog = modal(body, { testid: 'devices-dialog', label: () => t('devicesTitle'), onClose: off, relabel: draw });
  return dialog;
}

/**
 * The status bar's button that opens the dialog: how many seats are joined out of how many.
 * @param {Hub} hub
 */
export function devicesButton(hub) {
  const joined = hub.seats.filter((s) => hub.status(s) === 'joined').length;
  return button([h('span', { class: 'devices-count', text: `${joined}/${hub.seats.length}` }), h('span', { text: t('devices') })], {
    class: ['btn', 'btn-sm', 'btn-devices', hub.allJoined() ? null : 'is-waiting'], testid: 'devices', data: { action: 'devices' },
    'aria-label': `${t('devices')} ${joined}/${hub.seats.length}`,
  });
}

/**
 * The prompt while the table waits for a seat whose device has not joined.
 * @param {string} name
 */
export function waitingDevice(name) {
  const invite = button(t('devicesInvite'), { class: 'btn btn-sm btn-invite', testid: 'invite-waiting', data: { action: 'devices' } });
  return h('span', { class: 'waiting-device' }, tn('waitingDevice', h('b', { class: 'who', text: name })), ' ', invite);
}
