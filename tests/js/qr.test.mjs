// The QR encoder (web/net/qr.js) and the frame reader (web/net/scan.js).
//
// Known answers from published tables first, so that a mistake the encoder shared with a decoder
// would still be caught: the 32 format information strings and the version information of
// versions 7-10 and 40 (ISO/IEC 18004 Annexes C and D, as thonky.com's "Format and Version
// String Tables" lists them), Reed-Solomon codewords of a published example (thonky.com's
// "HELLO WORLD" 1-M), byte-mode data codewords of a published example ("PagedOut!" 1-M,
// PagedOut! issue 2), byte capacities and alignment pattern centres (ISO/IEC 18004 Tables 7
// and Annex E). Then whole symbols: each is drawn as an RGBA bitmap (4 pixels a module, a quiet
// zone of 4 modules) and read back with the decoder the site serves (npm `qr`), for every mask
// and several versions and levels, and compared module by module with the same package's own
// encoder (written apart from ours).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import decodeQR from 'qr/decode.js';
import encodeQR from 'qr';
import {
  qrMatrix, qrSvg, qrPath, formatBits, versionBits, reedSolomon, dataCodewords, dataCapacity,
  alignmentPositions, maskFlips, penalty, MAX_VERSION,
} from '../../web/net/qr.js';
import { createScanner, DECODER_PATH } from '../../web/net/scan.js';

const LEVELS = /** @type {const} */ (['L', 'M', 'Q', 'H']);
const MASKS = [0, 1, 2, 3, 4, 5, 6, 7];
const PACKAGE_LEVEL = /** @type {const} */ ({ L: 'low', M: 'medium', Q: 'quartile', H: 'high' });

/** `length` characters of the base64url alphabet, varied (as a handshake code is). @param {number} length */
function codeOf(length) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from({ length }, (_, i) => alphabet[(i * 37 + 11) % 64]).join('');
}

/** A site address of exactly `length` characters, ending with a slash. @param {number} length */
function addressOf(length) {
  const start = 'https://five-tables.example.org/';
  return `${start}${'p'.repeat(length - start.length - 1)}/`;
}

/**
 * The modules as RGBA pixels: `scale` pixels a module, a light quiet zone of `margin` modules.
 * @param {boolean[][]} modules
 */
function bitmapOf(modules, scale = 4, margin = 4) {
  const side = (modules.length + 2 * margin) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let py = 0; py < side; py += 1) {
    for (let px = 0; px < side; px += 1) {
      const [x, y] = [Math.floor(px / scale) - margin, Math.floor(py / scale) - margin];
      if (!modules[y]?.[x]) continue;
      data.fill(0, (py * side + px) * 4, (py * side + px) * 4 + 3);
    }
  }
  return { width: side, height: side, data };
}

/** The text the site's decoder reads from a symbol. @param {boolean[][]} modules */
function decoded(modules) {
  return decodeQR(bitmapOf(modules));
}

/** The `qr` package's own symbol of a text (byte mode), without its border.
 * @param {string} text @param {'L'|'M'|'Q'|'H'} level @param {number} version @param {number} mask */
function packageSymbol(text, level, version, mask) {
  const raw = encodeQR(text, 'raw', { ecc: PACKAGE_LEVEL[level], encoding: 'byte', version, mask, border: 1 });
  return raw.slice(1, -1).map((row) => row.slice(1, -1));
}

// --------------------------------------------------------------------------------------------
// Published known answers

test('format information: the 32 strings of the published table', () => {
  const table = {
    L: ['111011111000100', '111001011110011', '111110110101010', '111100010011101', '110011000101111', '110001100011000', '110110001000001', '110100101110110'],
    M: ['101010000010010', '101000100100101', '101111001111100', '101101101001011', '100010111111001', '100000011001110', '100111110010111', '100101010100000'],
    Q: ['011010101011111', '011000001101000', '011111100110001', '011101000000110', '010010010110100', '010000110000011', '010111011011010', '010101111101101'],
    H: ['001011010001001', '001001110111110', '001110011100111', '001100111010000', '000011101100010', '000001001010101', '000110100001100', '000100000111011'],
  };
  for (const level of LEVELS) {
    for (const mask of MASKS) assert.equal(formatBits(level, mask).toString(2).padStart(15, '0'), table[level][mask], `${level} mask ${mask}`);
  }
});

test('version information of versions 7 to 10 and 40: the published strings', () => {
  const table = { 7: '000111110010010100', 8: '001000010110111100', 9: '001001101010011001', 10: '001010010011010011', 40: '101000110001101001' };
  for (const [version, bits] of Object.entries(table)) assert.equal(versionBits(Number(version)).toString(2).padStart(18, '0'), bits, `version ${version}`);
});

test('Reed-Solomon: the published error correction of "HELLO WORLD" at 1-M', () => {
  const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
  assert.deepEqual(Array.from(reedSolomon(data, 10)), [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
});

test('byte mode: the published data codewords of "PagedOut!" at 1-M', () => {
  const bytes = new TextEncoder().encode('PagedOut!');
  assert.deepEqual(dataCodewords(bytes, 1, 'M'), [64, 149, 6, 22, 118, 86, 68, 247, 87, 66, 16, 236, 17, 236, 17, 236]);
});

test('byte capacity of versions 1-10 and 40 at each level: the published table; one more byte takes the next version', () => {
  const table = {
    L: [17, 32, 53, 78, 106, 134, 154, 192, 230, 271], M: [14, 26, 42, 62, 84, 106, 122, 152, 180, 213],
    Q: [11, 20, 32, 46, 60, 74, 86, 108, 130, 151], H: [7, 14, 24, 34, 44, 58, 64, 84, 98, 119],
  };
  const last = { L: 2953, M: 2331, Q: 1663, H: 1273 };
  for (const level of LEVELS) {
    table[level].forEach((bytes, i) => {
      assert.equal(qrMatrix('x'.repeat(bytes), { level }).version, i + 1, `${bytes} bytes at ${level}`);
      assert.equal(qrMatrix('x'.repeat(bytes + 1), { level }).version, i + 2, `${bytes + 1} bytes at ${level}`);
    });
    const countBits = 16;
    assert.equal(Math.floor((dataCapacity(MAX_VERSION, level) * 8 - 4 - countBits) / 8), last[level], `version 40 at ${level}`);
  }
  assert.throws(() => qrMatrix('x'.repeat(2954)), RangeError);
});

test('alignment pattern centres: the published table', () => {
  const table = {
    1: [], 2: [6, 18], 6: [6, 34], 7: [6, 22, 38], 10: [6, 28, 50], 14: [6, 26, 46, 66], 22: [6, 26, 50, 74, 98],
    32: [6, 34, 60, 86, 112, 138], 36: [6, 24, 50, 76, 102, 128, 154], 40: [6, 30, 58, 86, 114, 142, 170],
  };
  for (const [version, centres] of Object.entries(table)) assert.deepEqual(alignmentPositions(Number(version)), centres, `version ${version}`);
});

test('the masks: the standard conditions on row i and column j', () => {
  const conditions = [
    (i, j) => (i + j) % 2 === 0, (i) => i % 2 === 0, (_, j) => j % 3 === 0, (i, j) => (i + j) % 3 === 0,
    (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0, (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
    (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0, (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
  ];
  for (const mask of MASKS) {
    for (let i = 0; i < 12; i += 1) {
      for (let j = 0; j < 12; j += 1) assert.equal(maskFlips(mask, j, i), conditions[mask](i, j), `mask ${mask} at row ${i}, column ${j}`);
    }
  }
});

// --------------------------------------------------------------------------------------------
// Whole symbols

test('function patterns: finders, timing, the dark module and both copies of the format and version information', () => {
  const { size, modules, level, mask, version } = qrMatrix(codeOf(200), { level: 'M', mask: 5 });
  assert.equal(version, 10);
  assert.equal(size, 57);
  for (const [x0, y0] of [[0, 0], [size - 7, 0], [0, size - 7]]) {
    for (let dy = 0; dy < 7; dy += 1) {
      const row = modules[y0 + dy].slice(x0, x0 + 7).map(Number).join('');
      assert.equal(row, dy === 0 || dy === 6 ? '1111111' : dy === 1 || dy === 5 ? '1000001' : '1011101');
    }
  }
  for (let i = 8; i < size - 8; i += 1) {
    assert.equal(modules[6][i], i % 2 === 0);
    assert.equal(modules[i][6], i % 2 === 0);
  }
  assert.equal(modules[size - 8][8], true);
  const bits = formatBits(level, mask);
  const first = [0, 1, 2, 3, 4, 5, 7, 8].map((y) => modules[y][8]).concat([7, 5, 4, 3, 2, 1, 0].map((x) => modules[8][x]));
  const second = Array.from({ length: 8 }, (_, i) => modules[8][size - 1 - i]).concat(Array.from({ length: 7 }, (_, i) => modules[size - 7 + i][8]));
  for (const copy of [first, second]) assert.deepEqual(copy, Array.from({ length: 15 }, (_, i) => ((bits >> i) & 1) === 1));
  const vbits = versionBits(version);
  for (let i = 0; i < 18; i += 1) {
    const [a, b] = [size - 11 + (i % 3), Math.floor(i / 3)];
    assert.equal(modules[b][a], ((vbits >> i) & 1) === 1, `version bit ${i}, upper right`);
    assert.equal(modules[a][b], ((vbits >> i) & 1) === 1, `version bit ${i}, lower left`);
  }
});

test('every mask at versions 1, 2, 7, 10 and 20 (L and M): the decoder reads the text back exactly', () => {
  const cases = [['L', 12, 1], ['M', 20, 2], ['L', 150, 7], ['M', 200, 10], ['L', 800, 20]];
  for (const [level, length, version] of /** @type {['L'|'M', number, number][]} */ (cases)) {
    const text = codeOf(length);
    for (const mask of MASKS) {
      const symbol = qrMatrix(text, { level, mask });
      assert.equal(symbol.version, version, `${length} bytes at ${level}`);
      assert.equal(symbol.mask, mask);
      assert.equal(decoded(symbol.modules), text, `version ${version}-${level}, mask ${mask}`);
    }
  }
});

test('levels Q and H, long texts, UTF-8 and the chosen mask: read back exactly', () => {
  const texts = ['a', codeOf(60), codeOf(500), codeOf(1400), 'Füße ☕ 五つの卓'];
  for (const level of LEVELS) {
    for (const text of texts) {
      if (level === 'H' && text.length > 1200) continue; // past version 40-H
      const symbol = qrMatrix(text, { level });
      assert.equal(decoded(symbol.modules), text, `${text.length} characters at ${level}: version ${symbol.version}, mask ${symbol.mask}`);
    }
  }
});

test('the symbols are module for module those of another encoder (npm qr), for every mask', () => {
  for (const [level, text] of /** @type {['L'|'M'|'Q'|'H', string][]} */ ([['L', codeOf(17)], ['M', codeOf(100)], ['L', addressOf(60) + codeOf(110)], ['Q', codeOf(300)], ['H', codeOf(40)]])) {
    for (const mask of MASKS) {
      const symbol = qrMatrix(text, { level, mask });
      assert.deepEqual(symbol.modules, packageSymbol(text, level, symbol.version, mask), `version ${symbol.version}-${level}, mask ${mask}`);
    }
  }
});

test('the chosen mask is the one of the lowest penalty, and the smallest version is used', () => {
  for (const text of [codeOf(30), addressOf(40) + codeOf(108)]) {
    const chosen = qrMatrix(text);
    const points = MASKS.map((mask) => penalty(qrMatrix(text, { mask }).modules));
    assert.equal(chosen.mask, points.indexOf(Math.min(...points)));
    assert.equal(qrMatrix(text, { minVersion: chosen.version + 3 }).version, chosen.version + 3);
    assert.equal(decoded(qrMatrix(text, { minVersion: chosen.version + 3 }).modules), text);
  }
});

test('penalty: the four rules on small squares', () => {
  const lightSquare = (/** @type {number} */ side) => Array.from({ length: side }, () => new Array(side).fill(false));
  // 5 x 5 light: 10 lines of a run of 5 (3 each), 16 blocks of 2 x 2 (3 each), and 50% away
  // from half dark (10 a 5%)
  assert.equal(penalty(lightSquare(5)), 10 * 3 + 16 * 3 + 10 * 10);
  // 11 x 11 light but a first row of 4 light modules and the 1:1:3:1:1 pattern
  const square = lightSquare(11);
  square[0] = [false, false, false, false, true, false, true, true, true, false, true];
  const runs = 10 * (3 + 6) + 5 * (3 + 5) + 6 * (3 + 6); // rows 1-10; columns under a dark or a light module
  const blocks = (3 + 9 * 10) * 3;
  const balance = Math.floor(Math.abs(5 * 20 - 121 * 10) / 121) * 10;
  assert.equal(penalty(square), runs + blocks + 40 + balance);
  // 13 x 13: the pattern with a dark module among the 4 before it and among the 4 after it
  // (outside the symbol counts as light): no 40 points
  const wider = lightSquare(13);
  wider[0] = [true, false, false, true, false, true, true, true, false, true, false, false, true];
  const widerRuns = 12 * (3 + 8) + 7 * (3 + 7) + 6 * (3 + 8); // rows 1-12; columns under a dark or a light module
  const widerBlocks = (2 + 11 * 12) * 3;
  const widerBalance = Math.floor(Math.abs(7 * 20 - 169 * 10) / 169) * 10;
  assert.equal(penalty(wider), widerRuns + widerBlocks + widerBalance);
});

test('the invite link stays at version 10 or below at L (a 60-character address and a 110-character code)', (t) => {
  for (const addressLength of [40, 60]) {
    for (const codeLength of [108, 110]) {
      const link = `${addressOf(addressLength)}#join=${codeOf(codeLength)}`;
      const symbol = qrMatrix(link, { level: 'L' });
      t.diagnostic(`invite: ${addressLength}-character address, ${codeLength}-character code = ${link.length} bytes: version ${symbol.version}-L (${symbol.size} modules)`);
      assert.ok(symbol.version <= 10, `version ${symbol.version}`);
      assert.equal(decoded(symbol.modules), link);
    }
  }
  for (const codeLength of [108, 110]) {
    const symbol = qrMatrix(codeOf(codeLength), { level: 'L' });
    t.diagnostic(`answer: a ${codeLength}-character code alone: version ${symbol.version}-L (${symbol.size} modules)`);
    assert.ok(symbol.version <= 10);
  }
  assert.equal(qrMatrix(`${addressOf(60)}#join=${codeOf(110)}`).version, 8);
});

test('qrSvg: one path on a white square with a quiet zone of 4, crisp edges, nothing the CSP refuses', () => {
  const text = `${addressOf(60)}#join=${codeOf(110)}`;
  const svg = qrSvg(text);
  const { size, modules } = qrMatrix(text);
  const side = size + 8;
  assert.match(svg, new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">`));
  assert.match(svg, new RegExp(`<rect width="${side}" height="${side}" fill="#fff"/>`));
  assert.equal(svg.match(/<path /g)?.length, 1);
  assert.equal(/style|script|\son\w+=|href/i.test(svg), false);
  // the path's rectangles, drawn back, are exactly the dark modules
  const drawn = Array.from({ length: side }, () => new Array(side).fill(false));
  for (const [, x, y, w] of (svg.match(/d="([^"]*)"/)?.[1] ?? '').matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(w); i += 1) drawn[Number(y)][Number(x) + i] = true;
  }
  const expected = drawn.map((row, y) => row.map((_, x) => modules[y - 4]?.[x - 4] === true));
  assert.deepEqual(drawn, expected);
  assert.equal(qrPath(modules, 0).startsWith('M0 0h7v1h-7z'), true);
  assert.match(qrSvg('a', { margin: 2, level: 'H' }), /viewBox="0 0 25 25"/);
});

test('refused: an unknown level, mask or version', () => {
  assert.throws(() => qrMatrix('a', { level: /** @type {any} */ ('X') }), RangeError);
  assert.throws(() => qrMatrix('a', { mask: 8 }), RangeError);
  assert.throws(() => qrMatrix('a', { minVersion: 41 }), RangeError);
});

// --------------------------------------------------------------------------------------------
// scan.js

/** A scanner with no native detector and the decoder from node_modules; counts the loads. */
function packageScanner() {
  const loads = { count: 0 };
  const scan = createScanner({ detectorClass: null, loadDecoder: () => { loads.count += 1; return import('qr/decode.js'); } });
  return { scan, loads };
}

test('scan: without BarcodeDetector, the decoder is loaded once, on the first frame, and reads the code', async () => {
  const { scan, loads } = packageScanner();
  assert.equal(loads.count, 0);
  const code = codeOf(110);
  assert.equal(await scan(bitmapOf(qrMatrix(code).modules)), code);
  const blank = { width: 64, height: 64, data: new Uint8ClampedArray(64 * 64 * 4).fill(255) };
  assert.equal(await scan(blank), null);
  assert.equal(loads.count, 1);
  await assert.rejects(scan({ width: 2, height: 2, data: new Uint8ClampedArray(3) }), TypeError);
});

test('scan: a BarcodeDetector that reads QR codes is used and the decoder never loaded; one without qr_code is not', async () => {
  class Detector {
    static async getSupportedFormats() { return Detector.formats; }
    /** @param {{formats: string[]}} options */
    constructor(options) { Detector.made.push(options); }
    async detect() { return [{ rawValue: 'native', format: 'qr_code' }]; }
  }
  Detector.formats = ['ean_13', 'qr_code'];
  /** @type {any[]} */
  Detector.made = [];
  const failLoad = () => Promise.reject(new Error('the decoder should not load'));
  const frame = bitmapOf(qrMatrix('from the decoder').modules);
  assert.equal(await createScanner({ detectorClass: Detector, loadDecoder: failLoad })(frame), 'native');
  assert.deepEqual(Detector.made, [{ formats: ['qr_code'] }]);
  Detector.formats = ['ean_13'];
  const scan = createScanner({ detectorClass: Detector, loadDecoder: () => import('qr/decode.js') });
  assert.equal(await scan(frame), 'from the decoder');
});

test('scan: a decoder that failed to load is tried again at the next frame', async () => {
  let attempts = 0;
  const scan = createScanner({
    detectorClass: null,
    loadDecoder: () => (++attempts === 1 ? Promise.reject(new Error('offline')) : import('qr/decode.js')),
  });
  const frame = bitmapOf(qrMatrix('again').modules);
  await assert.rejects(scan(frame), /offline/);
  assert.equal(await scan(frame), 'again');
  assert.equal(attempts, 2);
});

test("scan: by default the decoder is imported from vendor/qr/ beside net/, as build.py lays out dist/", async () => {
  assert.equal(new URL(DECODER_PATH, 'https://x.example/site/net/scan.js').pathname, '/site/vendor/qr/decode.js');
  // a site of three files laid out as dist/ is (buildsite/downloads.py: QR_DECODER_DIR)
  const site = mkdtempSync(`${tmpdir()}/qr-site-`);
  try {
    mkdirSync(`${site}/net`, { recursive: true });
    mkdirSync(`${site}/vendor/qr`, { recursive: true });
    copyFileSync(new URL('../../web/net/scan.js', import.meta.url), `${site}/net/scan.js`);
    for (const name of ['decode.js', 'index.js']) copyFileSync(new URL(`../../node_modules/qr/${name}`, import.meta.url), `${site}/vendor/qr/${name}`);
    const { decodeImage } = await import(pathToFileURL(`${site}/net/scan.js`).href);
    assert.equal(await decodeImage(bitmapOf(qrMatrix('laid out as dist').modules)), 'laid out as dist');
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
});
