// The compact handshake (web/net/handshake.js): offers and answers that Chromium made, cut down
// to a code and rebuilt; the code's size; every way a code or a description can be refused.
// tools/webrtc_probe.py shows in a browser that the rebuilt descriptions connect.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  compactOf,
  descriptionOf,
  handshakeOf,
  base64urlOf,
  bytesOfBase64url,
  VERSION,
} from '../../web/net/handshake.js';

/** An SDP from its lines, with Chromium's CRLF line ends. @param {string[]} lines */
const sdp = (lines) => `${lines.join('\r\n')}\r\n`;

// Captured from Chromium 156 (Debian) in a private network namespace with one veth address:
// a page's offer with one data channel after ICE gathering completed, and a second page's answer
// to it. Host candidates are mDNS names unless the page may see local addresses.
const CHROMIUM_OFFER_MDNS = sdp([
  'v=0',
  'o=- 3558180947075746667 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  'a=extmap-allow-mixed',
  'a=msid-semantic: WMS',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
  'c=IN IP4 0.0.0.0',
  'a=candidate:3046254825 1 udp 2113937151 a8b5fbf2-93e3-4c42-93e0-d0e02cea509f.local 42432 typ host generation 0 network-cost 999',
  'a=ice-ufrag:3pXq',
  'a=ice-pwd:Fs+1OXimQmZ14G9seX6EinId',
  'a=ice-options:trickle',
  'a=fingerprint:sha-256 40:46:FB:5A:E4:54:12:37:8B:1D:E9:39:E7:16:15:2E:76:38:66:64:49:BC:50:EB:04:E9:F6:CE:6E:20:8F:92',
  'a=setup:actpass',
  'a=mid:0',
  'a=sctp-port:5000',
  'a=max-message-size:262144',
]);

const CHROMIUM_ANSWER_MDNS = sdp([
  'v=0',
  'o=- 5838263814830342181 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  'a=extmap-allow-mixed',
  'a=msid-semantic: WMS',
  'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
  'c=IN IP4 0.0.0.0',
  'a=candidate:747731897 1 udp 2113937151 a8b5fbf2-93e3-4c42-93e0-d0e02cea509f.local 34745 typ host generation 0 network-cost 999',
  'a=ice-ufrag:U9sL',
  'a=ice-pwd:zlsPfpofEpREYbshpttq2ezC',
  'a=ice-options:trickle',
  'a=fingerprint:sha-256 27:02:B2:FB:C7:B0:8D:AB:B1:1B:55:28:6F:BB:F8:67:94:E4:E3:28:0A:63:0B:8E:74:59:8E:66:11:D2:30:E4',
  'a=setup:active',
  'a=mid:0',
  'a=sctp-port:5000',
  'a=max-message-size:262144',
]);

// With --disable-features=WebRtcHideLocalIpsWithMdns (as a page with camera permission sees it):
// the address itself, also in the m= and c= lines.
const CHROMIUM_OFFER_IPV4 = sdp([
  'v=0',
  'o=- 905851474482565593 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0',
  'a=extmap-allow-mixed',
  'a=msid-semantic: WMS',
  'm=application 37054 UDP/DTLS/SCTP webrtc-datachannel',
  'c=IN IP4 10.200.0.2',
  'a=candidate:416575332 1 udp 2113937151 10.200.0.2 37054 typ host generation 0 network-cost 999',
  'a=ice-ufrag:wyrq',
  'a=ice-pwd:PCr+3zg2P06DaGkHgKU8NKyW',
  'a=ice-options:trickle',
  'a=fingerprint:sha-256 50:33:B8:E8:5D:0C:03:71:A1:19:C7:DC:F2:E7:62:D7:AC:72:66:3C:C0:F9:34:DF:42:88:80:5F:FD:90:E8:AE',
  'a=setup:actpass',
  'a=mid:0',
  'a=sctp-port:5000',
  'a=max-message-size:262144',
]);

const SAMPLES = [
  { name: 'offer (mDNS)', description: { type: 'offer', sdp: CHROMIUM_OFFER_MDNS } },
  { name: 'answer (mDNS)', description: { type: 'answer', sdp: CHROMIUM_ANSWER_MDNS } },
  { name: 'offer (IPv4)', description: { type: 'offer', sdp: CHROMIUM_OFFER_IPV4 } },
];

/** The lines of an SDP that start with `prefix`. @param {string} text @param {string} prefix */
const linesOf = (text, prefix) => text.split('\r\n').filter((line) => line.startsWith(prefix));

/** A candidate line's address and port. @param {string} line */
const addressPort = (line) => line.split(' ').slice(4, 6).join(' ');

/** An SDP with extra candidate lines after the first. @param {string} text @param {string[]} extra */
const withCandidates = (text, extra) => text.replace(/(a=candidate:[^\r]*\r\n)/, (line) => line + extra.map((l) => `${l}\r\n`).join(''));

/** Whether `fn` throws an error with this code and a readable sentence. */
function assertRefused(fn, code) {
  assert.throws(fn, (error) => {
    const { code: got, message } = /** @type {Error & {code: string}} */ (error);
    assert.equal(got, code, message);
    assert.match(message, /^[A-Z][^\n]+\.$/);
    return true;
  });
}

/** A code's bytes changed by `edit`, as a code again. @param {string} code @param {(bytes: number[]) => void} edit */
function edited(code, edit) {
  const bytes = Array.from(bytesOfBase64url(code));
  edit(bytes);
  return base64urlOf(bytes);
}

test('Chromium offers and answers keep ufrag, password, fingerprint, role and candidates exactly', () => {
  for (const { name, description } of SAMPLES) {
    const back = descriptionOf(compactOf(description, { build: 'a1b2c3d4' }));
    assert.equal(back.type, description.type, name);
    assert.equal(back.build, 'a1b2c3d4', name);
    for (const prefix of ['a=ice-ufrag:', 'a=ice-pwd:', 'a=fingerprint:', 'a=setup:', 'a=mid:', 'a=sctp-port:']) {
      assert.deepEqual(linesOf(back.sdp, prefix), linesOf(description.sdp, prefix), `${name}: ${prefix}`);
    }
    const candidates = (text) => linesOf(text, 'a=candidate:').map(addressPort);
    assert.deepEqual(candidates(back.sdp), candidates(description.sdp), name);
  }
});

test('a rebuilt description is a data channel only, as Chromium writes one', () => {
  const back = descriptionOf(compactOf(SAMPLES[0].description));
  assert.ok(back.sdp.endsWith('\r\n'));
  assert.equal(back.sdp.split('\r\n')[0], 'v=0');
  assert.deepEqual(linesOf(back.sdp, 'm='), ['m=application 9 UDP/DTLS/SCTP webrtc-datachannel']);
  assert.deepEqual(linesOf(back.sdp, 'a=candidate:'), [
    'a=candidate:1 1 udp 2113937151 a8b5fbf2-93e3-4c42-93e0-d0e02cea509f.local 42432 typ host',
  ]);
  for (const line of ['a=group:BUNDLE 0', 'c=IN IP4 0.0.0.0', 'a=end-of-candidates', 'a=max-message-size:262144']) {
    assert.ok(back.sdp.includes(`\r\n${line}\r\n`), line);
  }
});

test('the code of a rebuilt description is the code it came from', () => {
  for (const { name, description } of SAMPLES) {
    const code = compactOf(description, { build: 'dev' });
    assert.equal(compactOf(descriptionOf(code), { build: 'dev' }), code, name);
  }
});

test('sizes: an offer with one mDNS candidate fits in about 100 characters', (t) => {
  for (const { name, description } of SAMPLES) {
    const bare = compactOf(description).length;
    const tagged = compactOf(description, { build: 'a1b2c3d4' }).length;
    t.diagnostic(`${name}: ${description.sdp.length} characters of SDP, code ${bare} (${tagged} with an 8-character build tag)`);
  }
  assert.equal(compactOf(SAMPLES[0].description).length, 102);
  assert.equal(compactOf(SAMPLES[0].description, { build: 'a1b2c3d4' }).length, 110);
  assert.equal(compactOf(SAMPLES[2].description).length, 86);
  // a second mDNS candidate (another interface) costs 19 bytes, about 25 characters
  const second = 'a=candidate:1 1 udp 2113932151 0f0e0d0c-0b0a-4908-8706-050403020100.local 50000 typ host';
  assert.equal(compactOf({ type: 'offer', sdp: withCandidates(CHROMIUM_OFFER_MDNS, [second]) }).length, 127);
});

test('a code is URL-safe, says its version first and carries the type and role', () => {
  const code = compactOf(SAMPLES[0].description, { build: 'x' });
  assert.match(code, /^[A-Za-z0-9_-]+$/);
  assert.equal(bytesOfBase64url(code)[0], 0xb0 | VERSION);
  const answer = handshakeOf(compactOf(SAMPLES[1].description));
  assert.equal(answer.type, 'answer');
  assert.equal(answer.setup, 'active');
  assert.equal(answer.build, '');
  assert.equal(answer.fingerprint.length, 32);
  assert.deepEqual(answer.candidates, [{ kind: 'mdns', address: 'a8b5fbf2-93e3-4c42-93e0-d0e02cea509f.local', port: 34745 }]);
});

test('only UDP host candidates of component 1 are kept, in their order', () => {
  const extra = [
    'a=candidate:2 1 tcp 1518280447 10.200.0.2 9 typ host tcptype active generation 0',
    'a=candidate:3 1 udp 1677729535 203.0.113.7 40000 typ srflx raddr 0.0.0.0 rport 0 generation 0',
    'a=candidate:4 1 udp 41885439 198.51.100.1 3478 typ relay raddr 203.0.113.7 rport 40000',
    'a=candidate:5 2 udp 2113937150 10.200.0.2 37055 typ host',
    'a=candidate:6 1 udp 2113937151 printer.example 5000 typ host',
    'a=candidate:7 1 udp 2113937151 fe80::1%eth0 5000 typ host',
    'a=candidate:8 1 udp 2113937151 300.1.1.1 5000 typ host',
    'a=candidate:9 1 udp 2113937151 10.0.0.9 0 typ host',
    'a=candidate:10 1 UDP 2113932031 2001:db8::7 41000 typ host generation 0',
    'a=candidate:11 1 udp 2113937151 192.168.1.20 65535 typ host',
  ];
  const back = handshakeOf(compactOf({ type: 'offer', sdp: withCandidates(CHROMIUM_OFFER_IPV4, extra) }));
  assert.deepEqual(back.candidates, [
    { kind: 'ipv4', address: '10.200.0.2', port: 37054 },
    { kind: 'ipv6', address: '2001:db8::7', port: 41000 },
    { kind: 'ipv4', address: '192.168.1.20', port: 65535 },
  ]);
  const lines = linesOf(descriptionOf(compactOf({ type: 'offer', sdp: withCandidates(CHROMIUM_OFFER_IPV4, extra) })).sdp, 'a=candidate:');
  assert.deepEqual(lines.map((line) => line.split(' ')[3]), ['2113937151', '2113936895', '2113936639']);
});

test('IPv6 addresses come back as RFC 5952 writes them', () => {
  const cases = [
    ['2001:db8::7', '2001:db8::7'],
    ['::1', '::1'],
    ['fe80::', 'fe80::'],
    ['::', '::'],
    ['2001:0DB8:0000:0000:0001:0000:0000:0001', '2001:db8::1:0:0:1'],
    ['1:0:2:3:4:5:6:7', '1:0:2:3:4:5:6:7'],
    ['2a00:1450:4007:80e::200e', '2a00:1450:4007:80e::200e'],
  ];
  for (const [given, written] of cases) {
    const line = `a=candidate:1 1 udp 2113937151 ${given} 5000 typ host`;
    const sdp = CHROMIUM_OFFER_IPV4.replace(/a=candidate:[^\r]*/, line);
    assert.deepEqual(handshakeOf(compactOf({ type: 'offer', sdp })).candidates, [{ kind: 'ipv6', address: written, port: 5000 }], given);
  }
  for (const bad of ['1:2:3:4:5:6:7:8:9', '1::2::3', ':1::2', '1:::2', '12345::1', '1:2:3:4:5:6:7:8::', '::ffff:1.2.3.4']) {
    const sdp = CHROMIUM_OFFER_IPV4.replace(/a=candidate:[^\r]*/, `a=candidate:1 1 udp 1 ${bad} 5000 typ host`);
    assert.deepEqual(handshakeOf(compactOf({ type: 'offer', sdp })).candidates, [], bad);
  }
});

test('a description without candidates has a code that says so', () => {
  const sdp = CHROMIUM_ANSWER_MDNS.replace(/a=candidate:[^\r]*\r\n/, '');
  const code = compactOf({ type: 'answer', sdp });
  assert.equal(code.length, 76);
  assert.deepEqual(handshakeOf(code).candidates, []);
  assert.deepEqual(linesOf(descriptionOf(code).sdp, 'a=candidate:'), []);
  assert.ok(descriptionOf(code).sdp.includes('a=end-of-candidates'));
});

test('base64url round trips any bytes', () => {
  for (let length = 1; length <= 40; length += 1) {
    const bytes = Array.from({ length }, (_, i) => (i * 97 + length * 31) & 0xff);
    const text = base64urlOf(bytes);
    assert.equal(text.length, Math.ceil((length * 8) / 6));
    assert.deepEqual(Array.from(bytesOfBase64url(text)), bytes);
  }
  assert.equal(base64urlOf([0xfb, 0xff]), '-_8');
});

test('spaces and line breaks around a pasted code are ignored', () => {
  const code = compactOf(SAMPLES[0].description);
  assert.deepEqual(descriptionOf(`  ${code}\n`), descriptionOf(code));
});

test('a text that is no code is refused as such', () => {
  for (const text of ['', '   ', 'hello', 'hello world', 'https://example.github.io/five-tables/#join=abc', 'AAAA', '{"type":"offer"}', 'A']) {
    assertRefused(() => descriptionOf(text), 'not-a-code');
  }
  assertRefused(() => descriptionOf(/** @type {any} */ (null)), 'not-a-code');
});

test('a code of another version is refused as such', () => {
  const code = compactOf(SAMPLES[0].description);
  for (const version of [0, 2, 15]) {
    assertRefused(() => descriptionOf(edited(code, (bytes) => { bytes[0] = 0xb0 | version; })), 'version');
  }
});

test('every code cut short is refused as truncated', () => {
  for (const { description } of SAMPLES) {
    const code = compactOf(description, { build: 'abc' });
    for (let length = 2; length < code.length; length += 1) {
      assertRefused(() => descriptionOf(code.slice(0, length)), 'truncated');
    }
  }
});

test('a damaged code is refused as malformed', () => {
  const code = compactOf(SAMPLES[0].description, { build: 'ab' });
  const damaged = [
    (bytes) => bytes.push(0), // a byte after the end
    (bytes) => { bytes[1] |= 0x60; }, // setup role 3
    (bytes) => { bytes[1] = (bytes[1] & 0xf0) | 9; }, // a build tag of 9 characters
    (bytes) => { bytes[bytes.length - 19] = 0x83; }, // a candidate of kind 3
  ];
  for (const edit of damaged) assertRefused(() => descriptionOf(edited(code, edit)), 'malformed');
  const noUfrag = base64urlOf([0xb0 | VERSION, 0x00, 0, 0, ...Array(32).fill(1)]);
  assertRefused(() => descriptionOf(noUfrag), 'malformed');
});

test('a description the code cannot carry is refused', () => {
  const offer = CHROMIUM_OFFER_MDNS;
  const refused = [
    { type: 'pranswer', sdp: offer },
    { type: 'rollback', sdp: '' },
    { type: 'offer', sdp: '' },
    { type: 'offer', sdp: offer.replace(/a=ice-ufrag:[^\r]*\r\n/, '') },
    { type: 'offer', sdp: offer.replace('a=ice-pwd:Fs+1', 'a=ice-pwd:Fs=1') },
    { type: 'offer', sdp: offer.replace('a=ice-ufrag:3pXq', `a=ice-ufrag:${'x'.repeat(256)}`) },
    { type: 'offer', sdp: offer.replace(/a=fingerprint:[^\r]*\r\n/, '') },
    { type: 'offer', sdp: offer.replace('sha-256 40:46:', 'sha-1 40:46:') },
    { type: 'offer', sdp: offer.replace(':8F:92\r', ':8F\r') },
    { type: 'offer', sdp: offer.replace('a=setup:actpass', 'a=setup:holdconn') },
  ];
  for (const description of refused) assertRefused(() => compactOf(/** @type {any} */ (description)), 'sdp');
  assertRefused(() => compactOf(/** @type {any} */ (null)), 'sdp');
  for (const build of ['123456789', 'a.b', 'é', 'a b']) {
    assertRefused(() => compactOf(SAMPLES[0].description, { build }), 'build');
  }
});
