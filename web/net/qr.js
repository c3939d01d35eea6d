// A QR code encoder (ISO/IEC 18004 Model 2), written here with no dependency: the invite link
// and the answer code of a seat on another device as a QR code for a phone's camera.
//
// Byte mode only (the text as UTF-8, no ECI: our texts are ASCII), versions 1 to 40, error
// correction L, M, Q or H. The smallest version that holds the text is chosen; the data is cut
// into Reed-Solomon blocks (GF(256) over x^8 + x^4 + x^3 + x^2 + 1), interleaved and placed in
// the zigzag order; of the 8 masks the one with the lowest penalty (the four rules of the
// standard) is kept, unless one is asked for; the format information (BCH(15,5)) and, from
// version 7, the version information (BCH(18,6)) are written.
//
// `qrMatrix` gives the modules (true = dark); `qrSvg` an SVG text (one path for the dark
// modules on a white square with a quiet zone); `qrPath` the path's data alone, for a page that
// builds its SVG as elements. Nothing here touches the DOM: it runs in the page and in Node.

/** The format information's 2 bits of each error correction level. */
const LEVEL_BITS = { L: 1, M: 0, Q: 3, H: 2 };

// Per version 1-40 (index 0 unused): error correction codewords in each block, and the
// number of blocks (ISO/IEC 18004 Table 9).
const ECC_PER_BLOCK = {
  L: [0, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  M: [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
  Q: [0, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
  H: [0, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
};
const BLOCKS = {
  L: [0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
  M: [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
  Q: [0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
  H: [0, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
};
export const MAX_VERSION = 40;
const MODE_BYTE = 0b0100;
const PAD_BYTES = [0xec, 0x11];
const FORMAT_GENERATOR = 0x537; // x^10 + x^8 + x^5 + x^4 + x^2 + x + 1
const FORMAT_XOR = 0x5412;
const VERSION_GENERATOR = 0x1f25; // x^12 + x^11 + x^10 + x^9 + x^8 + x^5 + x^2 + 1
const PENALTY = { run: 3, block: 3, finder: 40, balance: 10 };

/**
 * The modules of a QR code.
 * @typedef {object} QrMatrix
 * @property {number} version 1 to 40
 * @property {'L'|'M'|'Q'|'H'} level
 * @property {number} mask 0 to 7
 * @property {number} size modules on a side (17 + 4 * version), without the quiet zone
 * @property {boolean[][]} modules rows of modules, `modules[y][x]`, true = dark
 */

/**
 * What qrMatrix takes.
 * @typedef {object} QrOptions
 * @property {'L'|'M'|'Q'|'H'} [level] the error correction level (L: about 7% of the codewords
 *   can be restored; the default)
 * @property {number} [mask] a mask 0 to 7 instead of the one of the lowest penalty
 * @property {number} [minVersion] the smallest version to consider (1 unless told)
 */

// --------------------------------------------------------------------------------------------
// GF(256) and Reed-Solomon

const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i += 1, x = (x << 1) ^ (x & 0x80 ? 0x11d : 0)) {
  EXP[i] = x;
  LOG[x] = i;
}
for (let i = 255; i < 512; i += 1) EXP[i] = EXP[i - 255];

/** The product of two elements of GF(256). @param {number} a @param {number} b */
function gfMultiply(a, b) {
  return a && b ? EXP[LOG[a] + LOG[b]] : 0;
}

/**
 * The generator polynomial (x - a^0)(x - a^1)...(x - a^(degree-1)), its coefficients from the
 * highest power down, the leading 1 left out.
 * @param {number} degree
 */
function generatorPolynomial(degree) {
  const poly = new Uint8Array(degree);
  poly[degree - 1] = 1;
  for (let i = 0, root = 1; i < degree; i += 1, root = gfMultiply(root, 2)) {
    for (let j = 0; j < degree; j += 1) {
      poly[j] = gfMultiply(poly[j], root) ^ (j + 1 < degree ? poly[j + 1] : 0);
    }
  }
  return poly;
}

/**
 * The `degree` error correction codewords of a block of data codewords.
 * @param {ArrayLike<number>} data
 * @param {number} degree
 * @returns {Uint8Array}
 */
export function reedSolomon(data, degree) {
  const generator = generatorPolynomial(degree);
  const rest = new Uint8Array(degree);
  for (let i = 0; i < data.length; i += 1) {
    const factor = data[i] ^ rest[0];
    rest.copyWithin(0, 1);
    rest[degree - 1] = 0;
    for (let j = 0; j < degree; j += 1) rest[j] ^= gfMultiply(generator[j], factor);
  }
  return rest;
}

// --------------------------------------------------------------------------------------------
// Format and version information

/**
 * The remainder of `value` (shifted left by the generator's degree) divided by `generator`,
 * over GF(2): the check bits of a BCH code.
 * @param {number} value
 * @param {number} generator
 */
function bchRemainder(value, generator) {
  const degree = Math.floor(Math.log2(generator));
  let rest = value << degree;
  for (let bit = Math.floor(Math.log2(rest || 1)); bit >= degree; bit -= 1) {
    if (rest & (1 << bit)) rest ^= generator << (bit - degree);
  }
  return rest;
}

/**
 * The 15 bits of format information: the level's 2 bits and the mask's 3, their BCH(15,5)
 * check bits, XORed with 101010000010010.
 * @param {'L'|'M'|'Q'|'H'} level
 * @param {number} mask
 */
export function formatBits(level, mask) {
  const data = (LEVEL_BITS[level] << 3) | mask;
  return ((data << 10) | bchRemainder(data, FORMAT_GENERATOR)) ^ FORMAT_XOR;
}

/** The 18 bits of version information (versions 7 and up): the version's 6 bits and their
 * BCH(18,6) check bits. @param {number} version */
export function versionBits(version) {
  return (version << 12) | bchRemainder(version, VERSION_GENERATOR);
}

/** The rows and columns of the alignment patterns' centres. @param {number} version */
export function alignmentPositions(version) {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
  const positions = [];
  for (let pos = 17 + 4 * version - 7; positions.length < count - 1; pos -= step) positions.unshift(pos);
  return [6, ...positions];
}

// --------------------------------------------------------------------------------------------
// The function patterns

/**
 * A square of light modules and, beside it, which modules belong to function patterns.
 * @typedef {object} Grid
 * @property {number} size
 * @property {boolean[][]} dark
 * @property {boolean[][]} fixed
 */

/** @param {number} size @returns {Grid} */
function emptyGrid(size) {
  const rows = () => Array.from({ length: size }, () => new Array(size).fill(false));
  return { size, dark: rows(), fixed: rows() };
}

/** Set a function module (ignored outside the symbol). @param {Grid} grid @param {number} x
 * @param {number} y @param {boolean} dark */
function setFixed(grid, x, y, dark) {
  if (x < 0 || y < 0 || x >= grid.size || y >= grid.size) return;
  grid.dark[y][x] = dark;
  grid.fixed[y][x] = true;
}

/** A finder pattern centred on (cx, cy), with its light separator. @param {Grid} grid
 * @param {number} cx @param {number} cy */
function drawFinder(grid, cx, cy) {
  for (let dy = -4; dy <= 4; dy += 1) {
    for (let dx = -4; dx <= 4; dx += 1) {
      const ring = Math.max(Math.abs(dx), Math.abs(dy));
      setFixed(grid, cx + dx, cy + dy, ring !== 2 && ring !== 4);
    }
  }
}

/** An alignment pattern centred on (cx, cy). @param {Grid} grid @param {number} cx
 * @param {number} cy */
function drawAlignment(grid, cx, cy) {
  for (let dy = -2; dy <= 2; dy += 1) {
    for (let dx = -2; dx <= 2; dx += 1) setFixed(grid, cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
  }
}

/**
 * The format information's two copies and the dark module beside the lower-left finder.
 * @param {Grid} grid
 * @param {number} bits 15 bits (0 to reserve the places)
 */
function drawFormat(grid, bits) {
  const bit = (/** @type {number} */ i) => ((bits >> i) & 1) === 1;
  const last = grid.size - 1;
  for (let i = 0; i < 6; i += 1) setFixed(grid, 8, i, bit(i));
  setFixed(grid, 8, 7, bit(6));
  setFixed(grid, 8, 8, bit(7));
  setFixed(grid, 7, 8, bit(8));
  for (let i = 9; i < 15; i += 1) setFixed(grid, 14 - i, 8, bit(i));
  for (let i = 0; i < 8; i += 1) setFixed(grid, last - i, 8, bit(i));
  for (let i = 8; i < 15; i += 1) setFixed(grid, 8, last - 14 + i, bit(i));
  setFixed(grid, 8, last - 7, true);
}

/** The version information's two copies (versions 7 and up). @param {Grid} grid
 * @param {number} version */
function drawVersion(grid, version) {
  if (version < 7) return;
  const bits = versionBits(version);
  for (let i = 0; i < 18; i += 1) {
    const dark = ((bits >> i) & 1) === 1;
    const across = grid.size - 11 + (i % 3);
    const down = Math.floor(i / 3);
    setFixed(grid, across, down, dark);
    setFixed(grid, down, across, dark);
  }
}

/** Every function pattern of a version, the format information's places reserved.
 * @param {number} version @returns {Grid} */
function functionGrid(version) {
  const grid = emptyGrid(17 + 4 * version);
  for (let i = 0; i < grid.size; i += 1) {
    setFixed(grid, 6, i, i % 2 === 0);
    setFixed(grid, i, 6, i % 2 === 0);
  }
  const last = grid.size - 4;
  for (const [cx, cy] of [[3, 3], [last, 3], [3, last]]) drawFinder(grid, cx, cy);
  const centres = alignmentPositions(version);
  const end = centres.length - 1;
  centres.forEach((cy, row) => centres.forEach((cx, col) => {
    const corner = (row === 0 && (col === 0 || col === end)) || (row === end && col === 0);
    if (!corner) drawAlignment(grid, cx, cy);
  }));
  drawFormat(grid, 0);
  drawVersion(grid, version);
  return grid;
}

// --------------------------------------------------------------------------------------------
// Capacity and codewords

/** @type {Map<number, number>} */
const rawCodewordCache = new Map();

/** The codewords a version holds, data and error correction together. @param {number} version */
function rawCodewords(version) {
  if (!rawCodewordCache.has(version)) {
    const free = functionGrid(version).fixed.flat().filter((fixed) => !fixed).length;
    rawCodewordCache.set(version, Math.floor(free / 8));
  }
  return /** @type {number} */ (rawCodewordCache.get(version));
}

/**
 * The data codewords of a version at a level (the rest is error correction).
 * @param {number} version
 * @param {'L'|'M'|'Q'|'H'} level
 */
export function dataCapacity(version, level) {
  return rawCodewords(version) - ECC_PER_BLOCK[level][version] * BLOCKS[level][version];
}

/** The bits of the length field in byte mode. @param {number} version */
function countBits(version) {
  return version < 10 ? 8 : 16;
}

/**
 * The smallest version from `minVersion` on that holds `length` bytes at `level`.
 * @param {number} length
 * @param {'L'|'M'|'Q'|'H'} level
 * @param {number} minVersion
 */
function chooseVersion(length, level, minVersion) {
  for (let version = minVersion; version <= MAX_VERSION; version += 1) {
    if (4 + countBits(version) + 8 * length <= 8 * dataCapacity(version, level)) return version;
  }
  throw new RangeError(`${length} bytes do not fit in a QR code at level ${level}`);
}

/**
 * The data codewords of a version at a level: the byte mode's indicator, the length, the bytes,
 * a terminator, then the pad bytes.
 * @param {Uint8Array} bytes
 * @param {number} version
 * @param {'L'|'M'|'Q'|'H'} level
 */
export function dataCodewords(bytes, version, level) {
  const bits = [];
  const push = (/** @type {number} */ value, /** @type {number} */ width) => {
    for (let i = width - 1; i >= 0; i -= 1) bits.push((value >> i) & 1);
  };
  const capacity = dataCapacity(version, level);
  push(MODE_BYTE, 4);
  push(bytes.length, countBits(version));
  bytes.forEach((byte) => push(byte, 8));
  push(0, Math.min(4, capacity * 8 - bits.length));
  push(0, (8 - (bits.length % 8)) % 8);
  const words = [];
  for (let i = 0; i < bits.length; i += 8) words.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let i = 0; words.length < capacity; i += 1) words.push(PAD_BYTES[i % 2]);
  return words;
}

/**
 * The data cut into blocks (the short ones first), each with its error correction, and the
 * codewords in the order they are placed: the data column by column, then the error correction.
 * @param {number[]} data
 * @param {number} version
 * @param {'L'|'M'|'Q'|'H'} level
 */
function interleaved(data, version, level) {
  const count = BLOCKS[level][version];
  const degree = ECC_PER_BLOCK[level][version];
  const shortLength = Math.floor(data.length / count);
  const longFrom = count - (data.length % count);
  const blocks = [];
  for (let i = 0, start = 0; i < count; i += 1) {
    const length = shortLength + (i >= longFrom ? 1 : 0);
    blocks.push(data.slice(start, start + length));
    start += length;
  }
  const eccs = blocks.map((block) => Array.from(reedSolomon(block, degree)));
  const out = [];
  for (let i = 0; i <= shortLength; i += 1) blocks.forEach((block) => i < block.length && out.push(block[i]));
  for (let i = 0; i < degree; i += 1) eccs.forEach((ecc) => out.push(ecc[i]));
  return out;
}

// --------------------------------------------------------------------------------------------
// Placement, masks and penalty

/** The codewords' bits in the zigzag order, up and down two columns at a time from the right,
 * skipping the function modules and the vertical timing pattern's column. @param {Grid} grid
 * @param {number[]} codewords */
function placeData(grid, codewords) {
  let i = 0;
  for (let right = grid.size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let step = 0; step < grid.size; step += 1) {
      const y = upward ? grid.size - 1 - step : step;
      for (const x of [right, right - 1]) {
        if (grid.fixed[y][x]) continue;
        grid.dark[y][x] = i < codewords.length * 8 && ((codewords[i >> 3] >> (7 - (i & 7))) & 1) === 1;
        i += 1;
      }
    }
  }
}

/** Whether mask `mask` flips the module in column x, row y. @param {number} mask
 * @param {number} x @param {number} y */
export function maskFlips(mask, x, y) {
  switch (mask) {
    case 0: return (x + y) % 2 === 0;
    case 1: return y % 2 === 0;
    case 2: return x % 3 === 0;
    case 3: return (x + y) % 3 === 0;
    case 4: return (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0;
    case 5: return ((x * y) % 2) + ((x * y) % 3) === 0;
    case 6: return (((x * y) % 2) + ((x * y) % 3)) % 2 === 0;
    case 7: return (((x + y) % 2) + ((x * y) % 3)) % 2 === 0;
    default: throw new RangeError(`no mask ${mask}`);
  }
}

/** The symbol with a mask applied and its format information written (a new grid).
 * @param {Grid} grid @param {'L'|'M'|'Q'|'H'} level @param {number} mask @returns {Grid} */
function masked(grid, level, mask) {
  const dark = grid.dark.map((row, y) => row.map((on, x) => on !== (!grid.fixed[y][x] && maskFlips(mask, x, y))));
  const out = { size: grid.size, dark, fixed: grid.fixed };
  drawFormat(out, formatBits(level, mask));
  return out;
}

/** Rule 1: 3 points for a run of 5 modules of one colour in a line, 1 more for each module
 * beyond 5. @param {boolean[]} line */
function runPenalty(line) {
  let points = 0;
  let run = 1;
  for (let i = 1; i <= line.length; i += 1) {
    if (i < line.length && line[i] === line[i - 1]) {
      run += 1;
      continue;
    }
    if (run >= 5) points += PENALTY.run + run - 5;
    run = 1;
  }
  return points;
}

/** Rule 3: 40 points for each dark-light-dark-dark-dark-light-dark (1:1:3:1:1) with 4 light
 * modules before or after it (outside the symbol is light, as the quiet zone).
 * @param {boolean[]} line */
function finderPenalty(line) {
  const shape = [true, false, true, true, true, false, true];
  const light = (/** @type {number} */ from) => [0, 1, 2, 3].every((k) => !line[from + k]);
  let points = 0;
  for (let i = 0; i + 7 <= line.length; i += 1) {
    if (shape.every((on, k) => line[i + k] === on) && (light(i - 4) || light(i + 7))) points += PENALTY.finder;
  }
  return points;
}

/** The penalty of a masked symbol (ISO/IEC 18004 7.8.3, the lower the better).
 * @param {boolean[][]} dark */
export function penalty(dark) {
  const size = dark.length;
  const columns = dark.map((_, x) => dark.map((row) => row[x]));
  let points = 0;
  for (const line of [...dark, ...columns]) points += runPenalty(line) + finderPenalty(line);
  for (let y = 0; y + 1 < size; y += 1) {
    for (let x = 0; x + 1 < size; x += 1) {
      const c = dark[y][x];
      if (dark[y][x + 1] === c && dark[y + 1][x] === c && dark[y + 1][x + 1] === c) points += PENALTY.block;
    }
  }
  const darkCount = dark.flat().filter(Boolean).length;
  const fivePercents = Math.floor(Math.abs(darkCount * 20 - size * size * 10) / (size * size));
  return points + PENALTY.balance * fivePercents;
}

// --------------------------------------------------------------------------------------------
// The code

/**
 * The QR code of a text (as UTF-8 bytes in byte mode) in the smallest version that holds it.
 * @param {string} text
 * @param {QrOptions} [options]
 * @returns {QrMatrix}
 * @throws {RangeError} when the text is too long for version 40 at the level, or the level,
 *   the mask or the smallest version is not one there is
 */
export function qrMatrix(text, { level = 'L', mask, minVersion = 1 } = {}) {
  if (!(level in LEVEL_BITS)) throw new RangeError(`no error correction level ${level}`);
  if (!(Number.isInteger(minVersion) && minVersion >= 1 && minVersion <= MAX_VERSION)) throw new RangeError(`no version ${minVersion}`);
  if (mask !== undefined && !(Number.isInteger(mask) && mask >= 0 && mask <= 7)) throw new RangeError(`no mask ${mask}`);
  const bytes = new TextEncoder().encode(text);
  const version = chooseVersion(bytes.length, level, minVersion);
  const grid = functionGrid(version);
  placeData(grid, interleaved(dataCodewords(bytes, version, level), version, level));
  const masks = mask === undefined ? [0, 1, 2, 3, 4, 5, 6, 7] : [mask];
  let best = { mask: masks[0], grid: masked(grid, level, masks[0]), points: 0 };
  if (masks.length > 1) best.points = penalty(best.grid.dark);
  for (const m of masks.slice(1)) {
    const candidate = masked(grid, level, m);
    const points = penalty(candidate.dark);
    if (points < best.points) best = { mask: m, grid: candidate, points };
  }
  return { version, level, mask: best.mask, size: grid.size, modules: best.grid.dark };
}

/**
 * SVG path data for the dark modules (one rectangle a run of dark modules in a row), in units
 * of one module, shifted by `margin` modules for the quiet zone.
 * @param {boolean[][]} modules
 * @param {number} [margin]
 */
export function qrPath(modules, margin = 4) {
  const parts = [];
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x += 1) {
      if (!row[x] || row[x - 1]) continue;
      let end = x;
      while (row[end + 1]) end += 1;
      parts.push(`M${x + margin} ${y + margin}h${end - x + 1}v1h${x - end - 1}z`);
    }
  });
  return parts.join('');
}

/**
 * The QR code of a text as an SVG document's text: a white square with a quiet zone of
 * `margin` modules (4 unless told) and one black path, in units of one module (the viewBox; the
 * page sets the size), with `shape-rendering="crispEdges"`. Attributes only: no style, no
 * script, no event handler (the site's CSP allows it inline or as a `data:` image).
 * @param {string} text
 * @param {QrOptions & {margin?: number}} [options]
 */
export function qrSvg(text, { margin = 4, ...options } = {}) {
  const { size, modules } = qrMatrix(text, options);
  const side = size + 2 * margin;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">`
    + `<rect width="${side}" height="${side}" fill="#fff"/>`
    + `<path fill="#000" d="${qrPath(modules, margin)}"/></svg>`;
}
