// An imported game checked whole (web/ui/import-check.js): what is compared with the engine's
// `replay` answer refuses a lying entry, what follows from the record is taken from it, dates
// are bounded, an analysis is kept marked imported; and the file's reader (web/ui/saves-file.js)
// refuses a record or link longer than the engine takes, at once.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  RECORD_MAX_CHARS, DATE_SLACK_MS, saneDate, exportedProblem, entryBoundsProblem, contradiction, checkEntry, tooLong,
} from '../../web/ui/import-check.js';
import { readContent } from '../../web/ui/saves-file.js';

const NOW = Date.UTC(2026, 4, 1, 12);
const TITLE = { en: "Marie's Table", ja: 'マリーの食卓' };

/** The engine's `replay` answer of a finished three-seat game (its last position). */
function finishedAnswer() {
  return {
    ok: true, game: 'marie', players: 3, total: 40, finished: true, over: true,
    seats: [{ name: 'Aya', kind: 'human' }, { name: 'Ben', kind: 'bot', level: 'easy' }, { name: '', kind: 'human' }],
    result: { scores: [12, 7, 3], winners: [0] }, view: { round: 6, rounds: 6 }, analysis: '1/600',
  };
}

/** A finished entry that tells the truth about finishedAnswer()'s game. */
function finishedEntry() {
  return {
    v: 1, id: 'd1', game: 'marie', players: 3, names: ['Aya', 'Ben', ''], kinds: ['human', 'bot', 'human'],
    created: NOW - 100_000, finished: NOW - 50_000, ply: 40, record: 'g=abc', scores: [12, 7, 3], winners: [0],
  };
}

/** An analysis of finishedAnswer()'s game, as the replay viewer keeps it. */
function analysis() {
  return {
    version: '1/600', seats: [0], total: 40, mistake: 0.1, made: NOW - 10_000,
    verdicts: [{ ply: 3, seat: 0, played: 'a', best: 'b', win_played: 0.2, win_best: 0.5, loss: 0.3, words: { played: [] } }],
    summary: [{ seat: 0, decisions: 1, mean_loss: 0.3, mistakes: 1 }],
  };
}

/**
 * The entry a check accepted (fails the test when it refused it).
 * @param {ReturnType<typeof checkEntry>} checked
 * @returns {{entry: any, corrected: string[]}}
 */
function accepted(checked) {
  if ('why' in checked) throw new Error(`refused: ${JSON.stringify(checked.why)}`);
  return checked;
}

test('dates: whole milliseconds from 0 to a day after this clock', () => {
  assert.ok(saneDate(NOW, NOW));
  assert.ok(saneDate(0, NOW));
  assert.ok(saneDate(NOW + DATE_SLACK_MS, NOW));
  assert.ok(!saneDate(NOW + DATE_SLACK_MS + 1, NOW));
  for (const bad of [-1, 1.5, NaN, Infinity, '1700000000000', null, undefined, 2 ** 60]) assert.ok(!saneDate(bad, NOW), String(bad));
});

test("the file's `exported`: absent, or an ISO date of sane length and not in the future", () => {
  assert.equal(exportedProblem({}, NOW), null);
  assert.equal(exportedProblem({ exported: '2026-01-02T03:04:05.000Z' }, NOW), null);
  for (const bad of ['2999-01-01T00:00:00.000Z', 'yesterday', '', 17e11, null, `2026-01-02T03:04:05.000Z${' '.repeat(20)}`]) {
    assert.deepEqual(exportedProblem({ exported: bad }, NOW), { key: 'importBadExported' }, String(bad));
  }
});

test('an entry with an impossible date or a record too long is refused, naming the game and the field', () => {
  const item = { kind: /** @type {'done'} */ ('done'), entry: finishedEntry(), index: 2 };
  assert.equal(entryBoundsProblem(item, NOW, TITLE), null);
  const future = { ...item, entry: { ...item.entry, finished: NOW + 2 * DATE_SLACK_MS } };
  assert.deepEqual(entryBoundsProblem(future, NOW, TITLE), { key: 'importBadDate', args: [2, TITLE, 'finished'] });
  const noCreated = { ...item, entry: { ...item.entry, created: 'long ago' } };
  assert.deepEqual(entryBoundsProblem(noCreated, NOW, TITLE), { key: 'importBadDate', args: [2, TITLE, 'created'] });
  const going = { kind: /** @type {'save'} */ ('save'), entry: { ...finishedEntry(), save: 'g=abc', updated: -5 }, index: 1 };
  assert.deepEqual(entryBoundsProblem(going, NOW, 'marie'), { key: 'importBadDate', args: [1, 'marie', 'updated'] });
  const long = { ...item, entry: { ...item.entry, record: `g=${'A'.repeat(RECORD_MAX_CHARS)}` } };
  assert.deepEqual(entryBoundsProblem(long, NOW, TITLE), { key: 'importTooLong', args: [2, TITLE, 256] });
  const justFits = { ...item, entry: { ...item.entry, record: `g=${'A'.repeat(RECORD_MAX_CHARS - 2)}` } };
  assert.equal(entryBoundsProblem(justFits, NOW, TITLE), null);
});

test('what the file says the game is must be what its record is', () => {
  const item = { kind: /** @type {'done'} */ ('done'), entry: finishedEntry(), index: 3 };
  assert.equal(contradiction(item, finishedAnswer(), TITLE), null);
  assert.deepEqual(contradiction(item, { ...finishedAnswer(), game: 'pharaoh' }, TITLE), { key: 'importLie', args: [3, TITLE, 'game'] });
  assert.deepEqual(contradiction(item, { ...finishedAnswer(), players: 4 }, TITLE), { key: 'importLie', args: [3, TITLE, 'players'] });
  // listed as finished, the record not over
  const notOver = { ...finishedAnswer(), finished: false, over: false, result: null };
  assert.deepEqual(contradiction(item, notOver, TITLE), { key: 'importLieFinished', args: [3, TITLE] });
  assert.deepEqual(checkEntry(item, notOver, { now: NOW, title: TITLE }), { why: { key: 'importLieFinished', args: [3, TITLE] } });
  // listed as in progress, the record over
  const going = { kind: /** @type {'save'} */ ('save'), entry: { ...finishedEntry(), save: 'g=abc' }, index: 1 };
  assert.deepEqual(contradiction(going, finishedAnswer(), TITLE), { key: 'importLieGoing', args: [1, TITLE] });
  assert.equal(contradiction(going, notOver, TITLE), null);
});

test('an honest finished entry is kept as it is', () => {
  const entry = finishedEntry();
  const checked = checkEntry({ kind: 'done', entry, index: 1 }, finishedAnswer(), { now: NOW, title: TITLE });
  assert.deepEqual(checked, { entry, corrected: [] });
});

test('names, kinds, moves, scores and winners are taken from the record', () => {
  const lying = {
    ...finishedEntry(), names: ['Mallory', 'Ben', ''], kinds: ['human', 'human', 'human'], ply: 99,
    scores: [0, 0, 99], winners: [2],
  };
  const checked = accepted(checkEntry({ kind: 'done', entry: lying, index: 1 }, finishedAnswer(), { now: NOW, title: TITLE }));
  assert.deepEqual(checked.entry, finishedEntry());
  assert.deepEqual(checked.corrected.sort(), ['kinds', 'names', 'ply', 'scores', 'winners']);
});

test('a game in progress: names, kinds, moves and round from the record; no scores', () => {
  const answer = { ...finishedAnswer(), total: 7, finished: false, over: false, result: null, view: { round: 2, rounds: 6 } };
  const entry = { ...finishedEntry(), save: 'g=abc', updated: NOW, ply: 3, round: { n: 5, of: 6 }, names: ['X', 'Y', 'Z'], rev: 4 };
  delete entry.record;
  delete entry.finished;
  delete entry.scores;
  delete entry.winners;
  const checked = accepted(checkEntry({ kind: 'save', entry, index: 1 }, answer, { now: NOW, title: TITLE }));
  assert.deepEqual(checked.entry, { ...entry, names: ['Aya', 'Ben', ''], ply: 7, round: { n: 2, of: 6 } });
  assert.deepEqual(checked.corrected.sort(), ['names', 'ply', 'round']);
  // a game without rounds has none
  const noRound = accepted(checkEntry({ kind: 'save', entry, index: 1 }, { ...answer, view: {} }, { now: NOW, title: TITLE }));
  assert.equal(noRound.entry.round, null);
  // a game counted in turns (Yadokashi) keeps its turn as its table says it (from 1)
  const turns = accepted(checkEntry({ kind: 'save', entry, index: 1 }, { ...answer, view: { turn: 24 } }, { now: NOW, title: TITLE }));
  assert.deepEqual(turns.entry.round, { n: 25, of: null, turn: true });
});

test('an imported analysis is kept marked imported, whatever the file says, or dropped', () => {
  const ctx = { now: NOW, title: TITLE };
  const withAnalysis = { ...finishedEntry(), analysis: { ...analysis(), imported: false } };
  const kept = accepted(checkEntry({ kind: 'done', entry: withAnalysis, index: 1 }, finishedAnswer(), ctx));
  assert.deepEqual(kept.entry.analysis, { ...analysis(), imported: true });
  // one of a game of another length (the file lied about `ply` too), one made in the future
  // an analysis that counts its open decisions (version 4 on) is kept with them
  const counted = { ...analysis(), summary: [{ ...analysis().summary[0], open: 1 }] };
  const keptCounted = accepted(checkEntry({ kind: 'done', entry: { ...finishedEntry(), analysis: counted }, index: 1 }, finishedAnswer(), ctx));
  assert.equal(keptCounted.entry.analysis.summary[0].open, 1);
  // more decisions where the seat could win than decisions, or a count that is not a count
  const badOpen = [2, -1, 0.5, 'x'].map((open) => ({ ...analysis(), summary: [{ ...analysis().summary[0], open }] }));
  for (const bad of [{ ...analysis(), total: 41 }, { ...analysis(), made: NOW + 2 * DATE_SLACK_MS }, { version: 'x' }, ...badOpen]) {
    const out = accepted(checkEntry({ kind: 'done', entry: { ...finishedEntry(), analysis: bad }, index: 1 }, finishedAnswer(), ctx));
    assert.equal('analysis' in out.entry, false);
  }
});

test('a record or link longer than the engine takes is refused by the page, at once', () => {
  assert.equal(tooLong('g='.padEnd(RECORD_MAX_CHARS, 'A')), false);
  assert.equal(tooLong('g='.padEnd(RECORD_MAX_CHARS + 1, 'A')), true);
  const refusal = { kind: 'refused', why: { key: 'importRecordTooLong', args: [256] } };
  // the issue's shape: an unterminated JSON string of \" pairs, base64url in a link, 2 MB
  const json = `{"v":1,"game":"marie","players":"${'\\"'.repeat(700_000)}`;
  const crafted = btoa(json).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const started = performance.now();
  assert.deepEqual(readContent(`https://example.org/#g=${crafted}\n`, undefined), refusal);
  // a record whose JSON is too long (a string that does end), and such JSON unterminated
  assert.deepEqual(readContent(JSON.stringify({ game: 'marie', players: '\\"'.repeat(700_000) }), undefined), refusal);
  assert.deepEqual(readContent(`{"game":"marie","players":"${'\\"'.repeat(1_000_000)}`, undefined), { kind: 'refused', why: { key: 'importNotJson' } });
  assert.ok(performance.now() - started < 1000);
  // a link that fits is a link
  assert.deepEqual(readContent('see #g=abc_-1 here', undefined), { kind: 'link', link: 'g=abc_-1' });
});
