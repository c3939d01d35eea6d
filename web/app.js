// The page shell: it wires the header (language, bot speed, settings, engine progress), the
// router and its screens (web/screens/), and the service worker that keeps the site offline. It
// never implements a rule: the engine (Python in a worker) answers every question about a game.
//
// Routes: #/ lobby, #/rules/<id>, #/setup/<id>, #play/<id> a game in progress kept on this
// device (its record is in the engine worker's vault), #g=<record> a new game of a record (a deal
// shared on purpose, a finished game), #/replay/<finished id>, #/replay&g=<record>[&ply=N], #learn=<id> a game's guided first game.

import { onLang } from './i18n.js';
import { onSettings } from './ui/settings.js';
import { registerServiceWorker, onOfflineReady } from './ui/pwa.js';
import { keepFocus } from './ui/focus.js';
import { moveToVault } from './ui/saves.js';
import { EngineStatus } from './ui/engine-status.js';
import { Catalogue } from './ui/games.js';
import { Router } from './ui/router.js';
import { paintHeader, listenHeader, markHome } from './ui/header.js';
import { lobbyScreen } from './screens/lobby.js';
import { rulesScreen } from './screens/rules.js';
import { setupScreen } from './screens/setup.js';
import { openLink, resumeSave } from './screens/table.js';
import { openFinished, openShared } from './screens/replay.js';

// An async module script: it runs in a task of its own as soon as its modules are in, instead of
// in the task that ends the HTML parse and lays the page out (one long task of 70-190 ms on the
// test machine). The page it draws into must be parsed first.
if (document.readyState === 'loading') {
  await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
}

const container = document.getElementById('app');
keepFocus(container); // redraws keep the keyboard focus where the player was

const engine = new EngineStatus(document.documentElement);
const router = new Router(container);
router.onShow = (screen) => markHome(Boolean(screen.home));
/** @type {import('./ui/router.js').Shell} */
const shell = { container, router, engine, games: new Catalogue(engine), memo: {} };

router
  .add(/^#\/setup\/([\w-]+)$/, (m) => router.open(() => setupScreen(shell, m[1])))
  .add(/^#\/rules\/([\w-]+)$/, (m) => router.open(() => rulesScreen(shell, m[1])))
  .add(/^#\/replay\/([\w-]+)$/, (m) => openFinished(shell, m[1]))
  .add(/^#\/replay&(.*)$/, (m) => openShared(shell, m[1]))
  .add(/^#play\/([\w-]+)$/, (m) => resumeSave(shell, m[1], { push: false }))
  // a lesson's code is loaded when one opens, not with the lobby
  .add(/^#learn=([\w-]+)$/, (m) => { import('./screens/learn.js').then((mod) => mod.openTutorial(shell, m[1])); })
  // a seat on this device of a game another device hosts (issue 34): no engine here
  .add(/^#join=/, (_, hash) => { import('./screens/join.js').then((mod) => mod.openJoin(shell, hash)); })
  .add(/^#g=|[#&]g=/, (_, hash) => openLink(shell, hash));
router.fallback = () => router.open(() => lobbyScreen(shell));

window.addEventListener('error', (ev) => router.crashed(ev.error || ev.message));
window.addEventListener('unhandledrejection', (ev) => router.crashed(ev.reason));
window.addEventListener('hashchange', () => router.route());
// another tab saved or deleted a game: the lobby shows it
window.addEventListener('storage', (ev) => {
  if (ev.key && ev.key.startsWith('pygames.')) router.deviceChanged();
});
onOfflineReady(() => router.deviceChanged());
onLang(() => {
  paintHeader();
  engine.paint();
  router.langChanged();
});
onSettings((what) => { if (what === 'speed') paintHeader(); });
engine.onChange(() => router.engineChanged());

paintHeader();
listenHeader(shell.games);
engine.paint();
// the first screen is drawn in a task of its own, not in the one that evaluates this module graph
// (with the drawing in it, that task took 39-61 ms traced on the test machine; issue 10)
setTimeout(() => router.route(), 0);
engine.boot();
// games saved by an older version kept their record in localStorage: into the vault, once
engine.ready().then((eng) => moveToVault(eng), () => {});
registerServiceWorker(engine.kept());
