// The seed of a new game: drawn at random, or typed on the setup page.

export const MAX_SEED = 2 ** 53 - 1;

/** A random seed, 0..2^53-1. */
export function randomSeed() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return (a[0] & 0x1fffff) * 0x100000000 + a[1];
}

/**
 * The seed a person typed, or null when it is not a whole number from 0 to 2^53-1.
 * @param {string} text
 */
export function parseSeed(text) {
  if (!/^\d{1,16}$/.test(text) || Number(text) > MAX_SEED) return null;
  return Number(text);
}
