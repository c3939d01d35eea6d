// A seed typed on the setup page (a known deal played again). A new game's seed is drawn by
// the engine (issue 33): the page never draws one.

export const MAX_SEED = 2 ** 53 - 1;

/**
 * The seed a person typed, or null when it is not a whole number from 0 to 2^53-1.
 * @param {string} text
 */
export function parseSeed(text) {
  if (!/^\d{1,16}$/.test(text) || Number(text) > MAX_SEED) return null;
  return Number(text);
}
