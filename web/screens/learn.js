// "Learn to play" (`#learn=<game id>`, issue 31): a game's guided first game on the real table.
// The engine's `tutorial` answer (docs/protocol.md) gives the deal (public by design), the whole
// line of play and the steps; the game starts at a step's position (`start` with the line up to
// it) and ui/tutorial.js drives the table from there. It is not a saved game: what is kept is the
// step reached (localStorage, `pygames.tutorial.<id>`), so a lesson left half way resumes at that
// step, and the lobby marks a finished one. Back starts the game again at the step before.

import { t, tx, STRINGS } from '../i18n.js';
import { loadModule } from '../ui/games.js';
import { ask } from '../ui/errors.js';
import { Tutor, progressOf } from '../ui/tutorial.js';
import { openingScreen } from './common.js';
import { showLinkError, showEngineFailed } from './errors.js';
import { startRecord } from './table.js';

/**
 * The tutorial's record in the page's language: its seats named so, hints off (the lesson says
 * what to do), and the line of play up to `at` actions.
 * @param {import('../ui/tutorial.js').TutorialData} data
 * @param {number} at
 */
function recordAt(data, at) {
  const seats = data.record.seats.map((seat, i) => ({ ...seat, name: tx(data.names[i]) }));
  return { ...data.record, seats, options: { ...data.record.options, hints: false }, actions: data.line.slice(0, at) };
}

/**
 * A real game with the tutorial's seats (the learner a person, the others normal bots) on a new
 * deal, named as the setup names them by default ("Player 1", "Bot 2"...: they follow the
 * language), not as in the lesson. Left before any move, it is not kept (the lobby would list a
 * game at move 0 that nobody chose to keep).
 * @param {import('../ui/router.js').Shell} shell
 * @param {import('../ui/tutorial.js').TutorialData} data
 */
async function realGame(shell, data) {
  const seats = data.record.seats.map((seat, i) => ({ ...seat, name: t(seat.kind === 'human' ? 'defaultHuman' : 'defaultBot', i + 1) }));
  const record = { ...data.record, seats, options: { ...data.record.options }, actions: [] };
  delete record.seed; // the engine deals
  const err = await startRecord(shell, record, shell.router.navigate(), { push: true, unplayed: true });
  if (err) showLinkError(shell, err);
}

/**
 * The end screen's rematch (the lesson's deal) or new game, as a normal game.
 * @param {import('../ui/router.js').Shell} shell
 * @param {'rematch' | 'new'} kind
 * @param {any} record
 */
async function restart(shell, kind, record) {
  const rec = { ...record, actions: [] };
  if (kind === 'new') delete rec.seed;
  const err = await startRecord(shell, rec, shell.router.navigate(), { push: true });
  if (err) showLinkError(shell, err);
}

/**
 * The screen of a tutorial under way: its table, made again at each step back.
 * @param {import('../ui/router.js').Shell} shell
 * @param {{data: any, mod: any, game: any, Table: any, eng: any}} o
 * @param {any} first the snapshot of the first game
 * @param {number} step
 * @returns {import('../ui/router.js').Screen}
 */
function learnScreen(shell, o, first, step) {
  let table = null;
  const host = {
    goTo: (k) => { goTo(k); },
    leave: () => { location.hash = '#/'; },
    real: () => { realGame(shell, o.data); },
  };
  const mount = (snap, k) => {
    table?.destroy();
    table = new o.Table({
      container: shell.container, engine: o.eng, module: o.mod, snap, game: o.game,
      tutorial: new Tutor(o.data, k, host),
      onShare: () => {},
      onRestart: (kind, record) => restart(shell, kind, record),
      onReplay: (last) => { location.hash = `#/replay&${last.share}`; },
      onFatal: (error) => showLinkError(shell, error),
    });
    table.begin();
  };
  const goTo = async (k) => {
    const ans = await ask(o.eng, { cmd: 'start', record: recordAt(o.data, o.data.steps[k].at), seat: o.data.learner });
    if (!shell.router.showing(s)) {
      if (ans.ok) o.eng.call({ cmd: 'close', session: ans.session }).catch(() => {});
    } else if (ans.ok) mount(ans, k);
    else showLinkError(shell, ans.error);
  };
  /** @type {import('../ui/router.js').Screen} */
  const s = {
    ownsAddress: true,
    render() { if (!table) mount(first, step); else table.render(); },
    onLang() {}, // the table and its panel follow the language themselves
    destroy() { table?.destroy(); },
  };
  return s;
}

/**
 * Open the tutorial of `id` (`#learn=<id>`): at the step it was left at, or from the start.
 * @param {import('../ui/router.js').Shell} shell
 * @param {string} id
 */
export async function openTutorial(shell, id) {
  const { router } = shell;
  const token = router.navigate();
  router.show(openingScreen(shell));
  let eng;
  try {
    eng = await shell.engine.ready();
  } catch (_) {
    if (router.current(token)) showEngineFailed(shell);
    return;
  }
  const data = await ask(eng, { cmd: 'tutorial', game: id });
  if (!router.current(token)) return;
  if (!data.ok) { showLinkError(shell, data.error ?? STRINGS.learnNone); return; }
  const progress = progressOf(id);
  const step = progress.done || progress.step >= data.steps.length ? 0 : progress.step;
  const [mod, game, { Table }] = await Promise.all([
    loadModule(id), shell.games.find(id).catch(() => null), import('../ui/play.js'),
  ]);
  const snap = await ask(eng, { cmd: 'start', record: recordAt(data, data.steps[step].at), seat: data.learner });
  if (!router.current(token)) return;
  if (!snap.ok || !mod) { showLinkError(shell, snap.ok ? STRINGS.notPlayableYet : snap.error); return; }
  router.show(learnScreen(shell, { data, mod, game, Table, eng }, snap, step));
}
