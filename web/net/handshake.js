// The compact handshake of a seat on another device: a WebRTC data channel's offer or answer
// cut down to what a peer needs to reach it, as a short URL-safe text (the invite's QR code,
// the guest's answer, or text to copy), and rebuilt into a full SDP on arrival.
//
// Kept: the type (offer or answer), the DTLS setup role, the ICE ufrag and password, the
// SHA-256 DTLS fingerprint, the UDP host candidates (an mDNS name `<uuid>.local`, an IPv4 or an
// IPv6 address, and the port) and a short build tag, so that both sides can check that they run
// the same build. Everything else of the SDP is the same for every data channel and is written
// back from a template (see `sdpOf`).
//
// The code is base64url (no padding) of this layout; byte 0 is `MAGIC | VERSION`, so a future
// layout is told from a text that is no code at all:
//   0        0xB0 | version (1)
//   1        bit 7: answer; bits 5-6: setup (0 actpass, 1 active, 2 passive);
//            bit 4: candidates follow; bits 0-3: the build tag's length in characters (0-8)
//   ...      the build tag: 6 bits a character, base64url alphabet
//   1 + ...  the ufrag's length in characters, then the ufrag, 6 bits a character (the ICE
//            alphabet, `A-Za-z0-9+/`)
//   1 + ...  the password, likewise
//   32       the SHA-256 fingerprint
//   ...      each candidate: a head byte (bit 7: the last one; bits 0-1: 0 mDNS, 1 IPv4,
//            2 IPv6), the address (16 bytes of the UUID, 4 or 16), the port (2 bytes)
//
// Transport only: no rule of any game here. Runs in the page and in Node (no DOM).

const MAGIC = 0xb0;
export const VERSION = 1;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const ICE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const SETUPS = ['actpass', 'active', 'passive'];
const KINDS = ['mdns', 'ipv4', 'ipv6'];
const ADDRESS_BYTES = [16, 4, 16];
const FINGERPRINT_BYTES = 32;
export const MAX_BUILD = 8;
const MAX_ICE = 255;
const UUID_LOCAL = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * A description as `RTCPeerConnection` gives and takes it.
 * @typedef {object} Description
 * @property {'offer'|'answer'} type
 * @property {string} sdp
 */

/**
 * What compactOf takes: an `RTCSessionDescription` or an `RTCSessionDescriptionInit` (only an
 * offer or an answer with its SDP has a code).
 * @typedef {object} DescriptionInit
 * @property {string} type
 * @property {string} [sdp]
 */

/**
 * One host candidate, as the code keeps it.
 * @typedef {object} Candidate
 * @property {'mdns'|'ipv4'|'ipv6'} kind
 * @property {string} address the name (`<uuid>.local`, lower case) or the address as text
 * @property {number} port
 */

/**
 * What the code carries.
 * @typedef {object} Handshake
 * @property {'offer'|'answer'} type
 * @property {string} setup the DTLS role: actpass, active or passive
 * @property {string} ufrag
 * @property {string} pwd
 * @property {Uint8Array} fingerprint the SHA-256 fingerprint, 32 bytes
 * @property {Candidate[]} candidates
 * @property {string} build
 */

/** An error with a `code` for the page to say in its own words ('not-a-code', 'version',
 * 'truncated', 'malformed' when reading a code; 'sdp', 'build' when making one).
 * @param {string} code
 * @param {string} message a readable sentence
 */
export function handshakeError(code, message) {
  return Object.assign(new Error(message), { code });
}

// --------------------------------------------------------------------------------------------
// Six bits a character

/**
 * The characters of `text` packed 6 bits each (the last byte padded with zero bits).
 * @param {string} text
 * @param {string} alphabet 64 characters
 * @returns {number[]}
 */
function packSixes(text, alphabet) {
  const bytes = [];
  let bits = 0;
  let held = 0;
  for (const char of text) {
    held = (held << 6) | alphabet.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((held >> bits) & 0xff);
    }
  }
  if (bits > 0) bytes.push((held << (8 - bits)) & 0xff);
  return bytes;
}

/**
 * `count` characters unpacked from `bytes` (the inverse of packSixes).
 * @param {ArrayLike<number>} bytes
 * @param {number} count
 * @param {string} alphabet
 */
function unpackSixes(bytes, count, alphabet) {
  let text = '';
  for (let i = 0; i < count; i += 1) {
    const bit = i * 6;
    const pair = (bytes[bit >> 3] << 8) | (bytes[(bit >> 3) + 1] ?? 0);
    text += alphabet[(pair >> (10 - (bit & 7))) & 0x3f];
  }
  return text;
}

/** How many bytes `count` characters take at 6 bits each. @param {number} count */
function sixesLength(count) {
  return Math.ceil((count * 6) / 8);
}

/**
 * Bytes as base64url without padding.
 * @param {ArrayLike<number>} bytes
 */
export function base64urlOf(bytes) {
  return unpackSixes(bytes, Math.ceil((bytes.length * 8) / 6), BASE64URL);
}

/**
 * The bytes of a base64url text (a character left over that makes no whole byte is dropped,
 * as in a code cut short).
 * @param {string} text
 */
export function bytesOfBase64url(text) {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) {
    throw handshakeError('not-a-code', 'This text is not a connection code.');
  }
  return Uint8Array.from(packSixes(text, BASE64URL).slice(0, Math.floor((text.length * 6) / 8)));
}

// --------------------------------------------------------------------------------------------
// Addresses

/**
 * A candidate's address as bytes and its kind, or null if the code cannot carry it.
 * @param {string} address
 * @returns {{kind: number, bytes: number[]} | null}
 */
function addressBytes(address) {
  const uuid = UUID_LOCAL.exec(address);
  if (uuid) return { kind: 0, bytes: hexBytes(uuid.slice(1).join('')) };
  const ipv4 = IPV4.exec(address);
  if (ipv4) {
    const parts = ipv4.slice(1).map(Number);
    return parts.every((part) => part <= 255) ? { kind: 1, bytes: parts } : null;
  }
  const ipv6 = ipv6Bytes(address);
  return ipv6 ? { kind: 2, bytes: ipv6 } : null;
}

/** @param {string} hex an even number of hex digits */
function hexBytes(hex) {
  return Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
}

/** @param {ArrayLike<number>} bytes */
function hexOf(bytes) {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The 16 bytes of an IPv6 address in text (hex groups, one `::` at most; no zone, no dotted
 * IPv4 tail), or null.
 * @param {string} text
 */
function ipv6Bytes(text) {
  const halves = text.split('::');
  if (halves.length > 2 || !/^[0-9a-f:]+$/i.test(text)) return null;
  const groups = halves.map((half) => (half === '' ? [] : half.split(':')));
  const given = groups.flat();
  if (given.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return null;
  if (halves.length === 1 ? given.length !== 8 : given.length > 7) return null;
  const zeros = Array(8 - given.length).fill('0');
  const all = halves.length === 1 ? given : [...groups[0], ...zeros, ...groups[1]];
  return all.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]);
}

/**
 * An IPv6 address's text as RFC 5952 writes it (lower case, the longest run of two or more
 * zero groups as `::`), as Chromium writes its candidates.
 * @param {ArrayLike<number>} bytes 16 bytes
 */
function ipv6Text(bytes) {
  const groups = Array.from({ length: 8 }, (_, i) => {
    return ((bytes[2 * i] << 8) | bytes[2 * i + 1]).toString(16);
  });
  let best = { start: -1, length: 1 };
  for (let start = 0; start < 8; start += 1) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === '0') length += 1;
    if (length > best.length) best = { start, length };
  }
  if (best.start < 0) return groups.join(':');
  const head = groups.slice(0, best.start).join(':');
  const tail = groups.slice(best.start + best.length).join(':');
  return `${head}::${tail}`;
}

/**
 * An address's text from its kind and bytes.
 * @param {number} kind
 * @param {Uint8Array} bytes
 */
function addressText(kind, bytes) {
  if (kind === 1) return Array.from(bytes).join('.');
  if (kind === 2) return ipv6Text(bytes);
  const hex = hexOf(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
}

// --------------------------------------------------------------------------------------------
// Reading an SDP

/**
 * The value of the first `a=<name>:` line of an SDP, or null.
 * @param {string[]} lines
 * @param {string} name
 */
function attribute(lines, name) {
  const line = lines.find((l) => l.startsWith(`a=${name}:`));
  return line === undefined ? null : line.slice(name.length + 3).trim();
}

/**
 * The UDP host candidates of an SDP's lines that the code can carry, in their order (TCP,
 * server-reflexive, relayed, other components and unknown names are left out).
 * @param {string[]} lines
 * @returns {{kind: number, bytes: number[], port: number}[]}
 */
function hostCandidates(lines) {
  const found = [];
  for (const line of lines.filter((l) => l.startsWith('a=candidate:'))) {
    const [, component, transport, , address, port, typ, type] = line.slice(12).split(/\s+/);
    const udpHost = component === '1' && transport?.toLowerCase() === 'udp' && typ === 'typ' && type === 'host';
    const parsed = udpHost ? addressBytes(address) : null;
    const number = Number(port);
    if (parsed && Number.isInteger(number) && number > 0 && number < 65536) {
      found.push({ ...parsed, port: number });
    }
  }
  return found;
}

/**
 * The SHA-256 fingerprint of an SDP's lines, as 32 bytes.
 * @param {string[]} lines
 */
function fingerprintOf(lines) {
  const value = attribute(lines, 'fingerprint');
  const match = value && /^sha-256\s+((?:[0-9a-f]{2}:){31}[0-9a-f]{2})$/i.exec(value);
  if (!match) throw handshakeError('sdp', 'The description has no SHA-256 fingerprint.');
  return hexBytes(match[1].replaceAll(':', ''));
}

/**
 * An ICE ufrag or password of an SDP's lines, checked against what the code can carry.
 * @param {string[]} lines
 * @param {string} name ice-ufrag or ice-pwd
 */
function iceValue(lines, name) {
  const value = attribute(lines, name);
  const usable = value && value.length <= MAX_ICE && [...value].every((c) => ICE_CHARS.includes(c));
  if (!usable) {
    throw handshakeError('sdp', `The description has no usable ${name}.`);
  }
  return value;
}

// --------------------------------------------------------------------------------------------
// The code

/**
 * The compact code of a description: a short base64url text.
 * @param {DescriptionInit} description an offer or an answer, after ICE gathering has completed
 *   (its SDP holds the candidates)
 * @param {{build?: string}} [options] `build`: a tag of up to 8 base64url characters (e.g. the
 *   start of the site's version) that the other side checks
 * @returns {string}
 */
export function compactOf(description, { build = '' } = {}) {
  if (build.length > MAX_BUILD || ![...build].every((c) => BASE64URL.includes(c))) {
    const rule = `at most ${MAX_BUILD} characters among A-Z, a-z, 0-9, - and _`;
    throw handshakeError('build', `A build tag has ${rule}.`);
  }
  const type = description?.type;
  if (type !== 'offer' && type !== 'answer') throw handshakeError('sdp', 'Only an offer or an answer has a code.');
  const lines = String(description.sdp ?? '').split(/\r?\n/);
  const setup = SETUPS.indexOf(attribute(lines, 'setup') ?? (type === 'offer' ? 'actpass' : 'active'));
  if (setup < 0) throw handshakeError('sdp', 'The description has an unknown DTLS setup role.');
  const ufrag = iceValue(lines, 'ice-ufrag');
  const pwd = iceValue(lines, 'ice-pwd');
  const fingerprint = fingerprintOf(lines);
  const candidates = hostCandidates(lines);
  const head = (type === 'answer' ? 0x80 : 0) | (setup << 5) | (candidates.length ? 0x10 : 0) | build.length;
  const bytes = [MAGIC | VERSION, head, ...packSixes(build, BASE64URL)];
  bytes.push(ufrag.length, ...packSixes(ufrag, ICE_CHARS), pwd.length, ...packSixes(pwd, ICE_CHARS));
  bytes.push(...fingerprint);
  candidates.forEach(({ kind, bytes: address, port }, i) => {
    bytes.push((i === candidates.length - 1 ? 0x80 : 0) | kind, ...address, port >> 8, port & 0xff);
  });
  return base64urlOf(bytes);
}

/**
 * A reader over a code's bytes that says "truncated" when they run out.
 * @param {Uint8Array} bytes
 */
function reader(bytes) {
  let at = 0;
  /** @param {number} count */
  const take = (count) => {
    if (at + count > bytes.length) {
      throw handshakeError('truncated', 'This connection code is cut short: copy or scan all of it.');
    }
    at += count;
    return bytes.subarray(at - count, at);
  };
  return { take, byte: () => take(1)[0], done: () => at === bytes.length };
}

/**
 * The version byte of a code's bytes, checked.
 * @param {Uint8Array} bytes
 */
function checkVersion(bytes) {
  if (bytes.length === 0 || (bytes[0] & 0xf0) !== MAGIC) {
    throw handshakeError('not-a-code', 'This text is not a connection code.');
  }
  if ((bytes[0] & 0x0f) !== VERSION) {
    const advice = 'load the newest page on both devices';
    throw handshakeError('version', `This connection code was made by another version of the site: ${advice}.`);
  }
}

/**
 * A malformed code's error.
 * @param {string} what
 */
function malformed(what) {
  return handshakeError('malformed', `This connection code is damaged (${what}).`);
}

/**
 * The candidates at the end of a code.
 * @param {ReturnType<typeof reader>} read
 * @returns {Candidate[]}
 */
function readCandidates(read) {
  const candidates = [];
  for (let last = false; !last; ) {
    const head = read.byte();
    const kind = head & 0x7f;
    if (kind >= KINDS.length) throw malformed('an unknown kind of address');
    const address = addressText(kind, read.take(ADDRESS_BYTES[kind]));
    const [high, low] = read.take(2);
    candidates.push({ kind: /** @type {Candidate['kind']} */ (KINDS[kind]), address, port: (high << 8) | low });
    last = (head & 0x80) !== 0;
  }
  return candidates;
}

/**
 * What a code carries.
 * @param {string} text a code (spaces and line breaks around it are ignored)
 * @returns {Handshake}
 */
export function handshakeOf(text) {
  const bytes = bytesOfBase64url(String(text ?? '').trim());
  checkVersion(bytes);
  const read = reader(bytes);
  read.byte();
  const head = read.byte();
  const setup = SETUPS[(head >> 5) & 3];
  if (setup === undefined || (head & 0x0f) > MAX_BUILD) throw malformed('its header');
  const build = unpackSixes(read.take(sixesLength(head & 0x0f)), head & 0x0f, BASE64URL);
  const iceText = () => {
    const length = read.byte();
    return unpackSixes(read.take(sixesLength(length)), length, ICE_CHARS);
  };
  const ufrag = iceText();
  const pwd = iceText();
  if (!ufrag || !pwd) throw malformed('no ICE credentials');
  const fingerprint = Uint8Array.from(read.take(FINGERPRINT_BYTES));
  const candidates = head & 0x10 ? readCandidates(read) : [];
  if (!read.done()) throw malformed('bytes after its end');
  return { type: head & 0x80 ? 'answer' : 'offer', setup, ufrag, pwd, fingerprint, candidates, build };
}

/**
 * The SDP of a data channel only, as Chromium accepts it, from what a code carries. The media
 * section's id is `0`, as Chromium, Firefox and Safari name the first section of an offer.
 * @param {Handshake} handshake
 */
export function sdpOf({ setup, ufrag, pwd, fingerprint, candidates }) {
  const hex = hexOf(fingerprint).toUpperCase().match(/../g) ?? [];
  const lines = [
    'v=0',
    'o=- 1 2 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    'a=group:BUNDLE 0',
    'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
    'c=IN IP4 0.0.0.0',
    // host type preference 126, then a local preference that keeps the order, component 1
    ...candidates.map(({ address, port }, i) => {
      return `a=candidate:${i + 1} 1 udp ${2113937151 - 256 * i} ${address} ${port} typ host`;
    }),
    'a=end-of-candidates',
    `a=ice-ufrag:${ufrag}`,
    `a=ice-pwd:${pwd}`,
    `a=fingerprint:sha-256 ${hex.join(':')}`,
    `a=setup:${setup}`,
    'a=mid:0',
    'a=sctp-port:5000',
    'a=max-message-size:262144',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The description a code stands for, with its build tag.
 * @param {string} text a code from compactOf
 * @returns {Description & {build: string}}
 */
export function descriptionOf(text) {
  const handshake = handshakeOf(text);
  return { type: handshake.type, sdp: sdpOf(handshake), build: handshake.build };
}
