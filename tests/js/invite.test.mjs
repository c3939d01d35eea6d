// The invite's QR code stays small enough to scan from a screen (issue 34): the longest invite
// link the host makes (an address of 60 characters, an offer with three mDNS candidates, a
// table id of 24 characters, a seat number) is a QR code of version 10 or less at error
// correction L; the usual one (one candidate) of version 9 or less.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compactOf } from '../../web/net/handshake.js';
import { qrMatrix } from '../../web/net/qr.js';

const lines = (candidates) => [
  'v=0', 'o=- 3558180947075746667 2 IN IP4 127.0.0.1', 's=-', 't=0 0', 'a=group:BUNDLE 0',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel', 'c=IN IP4 0.0.0.0',
  ...candidates.map((uuid, i) => `a=candidate:30462548${i} 1 udp 2113937151 ${uuid}.local ${42432 + i} typ host generation 0`),
  'a=ice-ufrag:3pXq', 'a=ice-pwd:Fs+1OXimQmZ14G9seX6EinId', 'a=ice-options:trickle',
  'a=fingerprint:sha-256 40:46:FB:5A:E4:54:12:37:8B:1D:E9:39:E7:16:15:2E:76:38:66:64:49:BC:50:EB:04:E9:F6:CE:6E:20:8F:92',
  'a=setup:actpass', 'a=mid:0', 'a=sctp-port:5000', 'a=max-message-size:262144',
].join('\r\n') + '\r\n';

const UUIDS = ['a8b5fbf2-93e3-4c42-93e0-d0e02cea509f', '0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9', 'ffffffff-eeee-4ddd-8ccc-bbbbbbbbbbbb'];
const ADDRESS = `https://${'x'.repeat(52)}`; // 60 characters
const TABLE = 'a'.repeat(24); // ui/saves.js newId: at most 24 characters

/** The invite link of ui/devices.js inviteLink, for `candidates` host candidates. */
function link(candidates) {
  const code = compactOf({ type: 'offer', sdp: lines(UUIDS.slice(0, candidates)) }, { build: 'b776435c' });
  return `${ADDRESS}#join=${code}&t=${TABLE}&s=4&g=yadokashi`; // the longest game id
}

test('the longest invite link is a QR code of version 10 or less (error correction L)', () => {
  const { version } = qrMatrix(link(3), { level: 'L' });
  assert.ok(version <= 10, `version ${version}`);
});

test('the usual invite (one candidate) is a QR code of version 9 or less', () => {
  const { version } = qrMatrix(link(1), { level: 'L' });
  assert.ok(version <= 9, `version ${version}`);
});

test('each side takes only a code of the other kind and of its own build', async () => {
  const { checkedDescription } = await import('../../web/net/link.js');
  const offer = compactOf({ type: 'offer', sdp: lines(UUIDS.slice(0, 1)) }, { build: 'b1' });
  assert.equal(checkedDescription(offer, 'offer', 'b1').type, 'offer');
  assert.match(checkedDescription(offer, 'offer', 'b1').sdp, /a=ice-ufrag:3pXq/);
  const refused = (fn) => { try { fn(); } catch (error) { return error.code; } return null; };
  assert.equal(refused(() => checkedDescription(offer, 'answer', 'b1')), 'kind');
  assert.equal(refused(() => checkedDescription(offer, 'offer', 'b2')), 'build');
  assert.equal(refused(() => checkedDescription('hello', 'offer', 'b1')), 'not-a-code');
});
