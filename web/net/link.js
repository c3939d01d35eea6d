// The WebRTC link of a seat on another device (issue 34): the host's invite (an offer with a data
// channel) and the guest's answer, each as the compact code of web/net/handshake.js, and the
// channel that opens between them. Host candidates only (one local network, no STUN or TURN): an
// RTCPeerConnection with no ICE server gathers them in a few milliseconds.
//
//   host:  const invite = await openInvite({ build });      // invite.code goes in the QR code
//          await invite.accept(answerCode);                 // the guest's answer, scanned or pasted
//          const channel = await invite.opened;             // an open RTCDataChannel
//   guest: const reply = await answerInvite(code, { build });  // reply.code is shown to the host
//          const channel = await reply.opened;
//
// No game here, and no DOM: the constructor of RTCPeerConnection can be given (the tests' fake).

import { compactOf, descriptionOf, handshakeError, MAX_BUILD } from './handshake.js';

/** How long ICE gathering may take, and the channel's opening once the host has the answer, in ms. */
export const GATHER_MS = 8000;
export const OPEN_MS = 30000;
/** How long a guest's answer waits for the host to take it, in ms: a person carries it over (an
 * invite itself waits for its answer as long as it is shown: its time starts with the answer). */
export const ANSWER_MS = 10 * 60 * 1000;

/**
 * This site's build tag: the start of its version (build.json's `site`), which both sides of a
 * link check. Both devices must have loaded the same build of the site.
 * @param {typeof fetch} [fetcher]
 */
export async function buildTag(fetcher = fetch) {
  const response = await fetcher(new URL('../build.json', import.meta.url).href);
  const info = await response.json();
  return String(info.site ?? info.version ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, MAX_BUILD);
}

/**
 * What each side gives the page.
 * @typedef {object} LinkEnd
 * @property {string} code the compact code the other side needs
 * @property {Promise<RTCDataChannel>} opened the channel, once open (rejects if it closes, or in
 * time: the host's OPEN_MS after it took the answer, the guest's ANSWER_MS after it answered)
 * @property {RTCPeerConnection} pc
 * @property {() => void} close
 */

/**
 * Resolve when the connection has gathered its candidates (or after `ms`: what is gathered then
 * goes in the code).
 * @param {RTCPeerConnection} pc
 * @param {number} ms
 */
function gathered(pc, ms) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') {
      resolve(undefined);
      return;
    }
    const timer = setTimeout(() => resolve(undefined), ms);
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState !== 'complete') return;
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}

/**
 * Resolve with the channel once it is open; reject if it closes first, or `ms` after `started`.
 * @param {Promise<RTCDataChannel>} coming
 * @param {number} ms
 * @param {Promise<void>} [started] when the time starts (now, if not given)
 * @returns {Promise<RTCDataChannel>}
 */
function openOf(coming, ms, started = Promise.resolve()) {
  return new Promise((resolve, reject) => {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    let over = false;
    started.then(() => {
      if (!over) timer = setTimeout(() => reject(handshakeError('timeout', 'The other device did not connect in time.')), ms);
    });
    coming.then((channel) => {
      const done = () => { over = true; clearTimeout(timer); resolve(channel); };
      if (channel.readyState === 'open') done();
      channel.addEventListener('open', done, { once: true });
      channel.addEventListener('close', () => { over = true; clearTimeout(timer); reject(handshakeError('closed', 'The connection closed.')); }, { once: true });
    }, reject);
  });
}

/**
 * The description of a code, checked: of the kind expected and of the same build.
 * @param {string} code
 * @param {'offer' | 'answer'} type
 * @param {string} build
 */
export function checkedDescription(code, type, build) {
  const d = descriptionOf(code);
  if (d.type !== type) {
    throw handshakeError('kind', type === 'answer' ? 'This is an invite, not a guest’s answer.' : 'This is an answer, not an invite.');
  }
  if (d.build !== build) throw handshakeError('build', `The other device runs another version (${d.build}).`);
  return { type: d.type, sdp: d.sdp };
}

/**
 * The host's side: an offer with a data channel, as a code; `accept` takes the guest's answer.
 * @param {{build: string, RTC?: typeof RTCPeerConnection, gatherMs?: number, openMs?: number}} o
 * @returns {Promise<LinkEnd & {accept: (code: string) => Promise<void>}>}
 */
export async function openInvite({ build, RTC = globalThis.RTCPeerConnection, gatherMs = GATHER_MS, openMs = OPEN_MS }) {
  const pc = new RTC({ iceServers: [] });
  const channel = pc.createDataChannel('seat', { ordered: true });
  /** @type {() => void} */
  let answered = () => {};
  // an invite waits for its answer as long as it is shown; the time to open starts with it
  const opened = openOf(Promise.resolve(channel), openMs, new Promise((resolve) => { answered = resolve; }));
  opened.catch(() => {});
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc, gatherMs);
  return {
    code: compactOf(/** @type {RTCSessionDescription} */ (pc.localDescription), { build }),
    opened,
    pc,
    async accept(code) {
      await pc.setRemoteDescription(checkedDescription(code, 'answer', build));
      answered();
    },
    close: () => { channel.close(); pc.close(); },
  };
}

/**
 * The guest's side: the answer to an invite's code, as a code; the channel the host opened.
 * @param {string} code the invite's code
 * @param {{build: string, RTC?: typeof RTCPeerConnection, gatherMs?: number, openMs?: number}} o
 * @returns {Promise<LinkEnd>}
 */
export async function answerInvite(code, { build, RTC = globalThis.RTCPeerConnection, gatherMs = GATHER_MS, openMs = ANSWER_MS }) {
  const offer = checkedDescription(code, 'offer', build);
  const pc = new RTC({ iceServers: [] });
  /** @type {Promise<RTCDataChannel>} */
  const coming = new Promise((resolve) => {
    pc.addEventListener('datachannel', (ev) => resolve(/** @type {RTCDataChannelEvent} */ (ev).channel), { once: true });
  });
  const opened = openOf(coming, openMs);
  opened.catch(() => {});
  await pc.setRemoteDescription(offer);
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc, gatherMs);
  return {
    code: compactOf(/** @type {RTCSessionDescription} */ (pc.localDescription), { build }),
    opened,
    pc,
    close: () => pc.close(),
  };
}
