// The error-object idiom, written once: whatever goes wrong (an exception, an engine refusal, a
// worker that died) becomes a sentence in both languages, `{en, ja}`, and an answer of the engine
// is always an object with `ok`: `{ok: true, ...}` or `{ok: false, error: {en, ja}}`.

import { STRINGS } from '../i18n.js';

/**
 * The `{en, ja}` sentence of anything thrown or refused: a sentence as it is, the `error` of a
 * refused answer, else the message of an exception (the same in both languages).
 * @param {any} err
 * @returns {import('../types.js').Text}
 */
export function errorText(err) {
  if (err && typeof err.en === 'string') return err;
  if (err && err.error && typeof err.error.en === 'string') return err.error;
  if (err === undefined || err === null) return STRINGS.unknownError;
  const message = String(err.message || err);
  return { en: message, ja: message };
}

/**
 * A refused answer carrying the sentence of `err`.
 * @param {any} err
 * @returns {{ok: false, error: import('../types.js').Text}}
 */
export function failure(err) {
  return { ok: false, error: errorText(err) };
}

/**
 * Ask the engine; never throws. Resolves with its answer, or a refused answer when the call
 * failed or the answer is not an object.
 * @param {{call: (request: object) => Promise<any>}} engine
 * @param {object} request
 * @returns {Promise<any>}
 */
export async function ask(engine, request) {
  try {
    /** @type {any} */
    const ans = await engine.call(request);
    return ans && typeof ans === 'object' ? ans : failure(null);
  } catch (err) {
    return failure(err);
  }
}
