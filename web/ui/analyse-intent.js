// "Analyse this game" on the end screen (a beginner could not find the analysis: it waited
// behind Replay, then Analyse): the replay viewer the button opens starts the analysis at once.
// A request the viewer did not take within a minute (it never opened) is forgotten.

const FRESH_MS = 60_000;
let askedAt = 0;

/** The next replay viewer opened starts its analysis at once. */
export function analyseOnOpen() {
  askedAt = Date.now();
}

/**
 * Whether the viewer being opened was asked to analyse at once (the request is used up).
 * @returns {boolean}
 */
export function takeAnalyseOnOpen() {
  const asked = askedAt > 0 && Date.now() - askedAt < FRESH_MS;
  askedAt = 0;
  return asked;
}
