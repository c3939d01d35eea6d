// The page's name check: ruling NAME-1 (docs/protocol.md), the same rule as the engine's
// (pygames), checked on the same cases (tests/names.json, by tests/js/names.test.mjs and the
// Python tests). A name is cut of the spaces at both ends (Unicode category Zs and ASCII
// whitespace), then refused when it is empty, longer than 24 code points, holds a control or
// format character (categories Cc, Cf, Cs, Co, Zl, Zp: U+200B, U+200E/F, U+202A-E, U+2066-9,
// U+FEFF, surrogates, private use, line and paragraph separators), or has nothing visible (no
// letter, number, punctuation or symbol: L, N, P, S).

/** The most code points a name may have. */
export const NAME_MAX = 24;

const EDGES = /^[\p{Zs}\t\n\v\f\r]+|[\p{Zs}\t\n\v\f\r]+$/gu;
// the refused categories, and the letters and symbol that draw nothing (Hangul fillers, the
// blank braille pattern)
const HIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]/u;
// a zero-width non-joiner or joiner between two visible characters (emoji sequences, Indic and
// Persian scripts) is allowed
const JOINERS = /(?<=[\p{L}\p{M}\p{N}\p{P}\p{S}])[\u200C\u200D](?=[\p{L}\p{M}\p{N}\p{P}\p{S}])/gu;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** Why a name may be refused: the key of its sentence in web/i18n.js. */
export const NAME_PROBLEMS = /** @type {const} */ (['nameEmpty', 'nameTooLong', 'nameHidden', 'nameInvisible']);

/**
 * A name cut of the spaces at both ends.
 * @param {string} raw
 */
export function cleanName(raw) {
  return String(raw ?? '').replace(EDGES, '');
}

/**
 * Check a name (NAME-1): `{ok: true, name}` (the name cut of its edge spaces) or `{ok: false,
 * problem}` (one of NAME_PROBLEMS).
 * @param {string} raw
 * @returns {{ok: true, name: string} | {ok: false, problem: typeof NAME_PROBLEMS[number]}}
 */
export function checkName(raw) {
  const name = cleanName(raw);
  if (!name) return { ok: false, problem: 'nameEmpty' };
  if ([...name].length > NAME_MAX) return { ok: false, problem: 'nameTooLong' };
  if (HIDDEN.test(name.replace(JOINERS, ''))) return { ok: false, problem: 'nameHidden' };
  if (!VISIBLE.test(name)) return { ok: false, problem: 'nameInvisible' };
  return { ok: true, name };
}
