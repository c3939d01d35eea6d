// The link's timing (issue 34): an invite waits for its answer as long as it is shown (a beginner's
// invite, left on the tablet for a minute, could no longer connect: its time to open had started
// when it was made), and the time to open starts when the host takes the answer. A fake
// RTCPeerConnection stands in for the browser's; the codes are the real compact codes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compactOf } from '../../web/net/handshake.js';
import { openInvite, answerInvite } from '../../web/net/link.js';

const sdp = (setup) => [
  'v=0', 'o=- 3558180947075746667 2 IN IP4 127.0.0.1', 's=-', 't=0 0', 'a=group:BUNDLE 0',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel', 'c=IN IP4 0.0.0.0',
  'a=candidate:304625480 1 udp 2113937151 a8b5fbf2-93e3-4c42-93e0-d0e02cea509f.local 42432 typ host generation 0',
  'a=ice-ufrag:3pXq', 'a=ice-pwd:Fs+1OXimQmZ14G9seX6EinId', 'a=ice-options:trickle',
  'a=fingerprint:sha-256 40:46:FB:5A:E4:54:12:37:8B:1D:E9:39:E7:16:15:2E:76:38:66:64:49:BC:50:EB:04:E9:F6:CE:6E:20:8F:92',
  `a=setup:${setup}`, 'a=mid:0', 'a=sctp-port:5000', 'a=max-message-size:262144',
].join('\r\n') + '\r\n';

const BUILD = 'b776435c';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A data channel that opens when told to. */
class FakeChannel extends EventTarget {
  readyState = 'connecting';
  open() {
    this.readyState = 'open';
    this.dispatchEvent(new Event('open'));
  }
  close() {
    if (this.readyState === 'closed') return;
    this.readyState = 'closed';
    this.dispatchEvent(new Event('close'));
  }
}

/** The browser's connection, as far as link.js uses it; the last one made is `FakeRTC.last`. */
class FakeRTC extends EventTarget {
  static last = null;
  iceGatheringState = 'complete';
  localDescription = null;
  remoteDescription = null;
  channel = null;
  constructor() {
    super();
    FakeRTC.last = this;
  }
  createDataChannel() {
    this.channel = new FakeChannel();
    return this.channel;
  }
  async createOffer() { return { type: 'offer', sdp: sdp('actpass') }; }
  async createAnswer() { return { type: 'answer', sdp: sdp('active') }; }
  async setLocalDescription(d) { this.localDescription = d; }
  async setRemoteDescription(d) { this.remoteDescription = d; }
  close() { this.channel?.close(); }
}

const RTC = /** @type {any} */ (FakeRTC);
/** @param {any} e */
const codeOf = (e) => e?.code;
const answerCode = () => compactOf({ type: 'answer', sdp: sdp('active') }, { build: BUILD });

test('an invite answered long after it was made still opens', async () => {
  const invite = await openInvite({ build: BUILD, RTC, openMs: 40 });
  const pc = FakeRTC.last;
  let settled = null;
  invite.opened.then(() => { settled = 'open'; }, (e) => { settled = codeOf(e); });
  await sleep(120); // three times its time to open, unanswered: still waiting
  assert.equal(settled, null);
  await invite.accept(answerCode());
  pc.channel.open();
  await sleep(0);
  assert.equal(settled, 'open');
});

test('once answered, an invite that does not open in time fails as a timeout', async () => {
  const invite = await openInvite({ build: BUILD, RTC, openMs: 40 });
  await sleep(60);
  await invite.accept(answerCode());
  await assert.rejects(invite.opened, (e) => codeOf(e) === 'timeout');
});

test('a guest waits for the host to take its answer for ANSWER_MS, then times out', async () => {
  const offer = compactOf({ type: 'offer', sdp: sdp('actpass') }, { build: BUILD });
  const reply = await answerInvite(offer, { build: BUILD, RTC, openMs: 40 });
  await assert.rejects(reply.opened, (e) => codeOf(e) === 'timeout');
  const { ANSWER_MS, OPEN_MS } = await import('../../web/net/link.js');
  assert.ok(ANSWER_MS >= 5 * 60 * 1000 && ANSWER_MS > OPEN_MS, `${ANSWER_MS}`);
});

test('a channel that closes before it opens fails as closed, at once', async () => {
  const invite = await openInvite({ build: BUILD, RTC, openMs: 10_000 });
  const pc = FakeRTC.last;
  pc.channel.close();
  await assert.rejects(invite.opened, (e) => codeOf(e) === 'closed');
});
