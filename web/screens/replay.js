// The replay viewer's screen: a finished game kept on this device (#/replay/<id>) or a shared
// record (#/replay&g=<record>[&ply=N]), stepped through by web/ui/replay.js. A kept game's
// analysis is kept with it (web/ui/analysis.js); a shared record's is not.

import { h } from '../ui/dom.js';
import { t, STRINGS } from '../i18n.js';
import { getHistory } from '../ui/saves.js';
import { loadModule } from '../ui/games.js';
import { ask } from '../ui/errors.js';
import { tooLong } from '../ui/import-check.js';
import { openingPage } from './common.js';
import { showLinkError, showEngineFailed, showReplayMissing } from './errors.js';

/**
 * Open the viewer of `link` once the engine has answered for the final position.
 * @param {import('../ui/router.js').Shell} shell
 * @param {any} s the screen
 * @param {string} link
 * @param {number} ply
 * @param {string | null} savedId the finished game of this device shown (null: a shared record)
 */
async function openViewer(shell, s, link, ply, savedId) {
  const { router } = shell;
  const token = router.token;
  const stale = () => !router.current(token) || !router.showing(s);
  let eng;
  try {
    eng = await shell.engine.ready();
  } catch (_) {
    if (router.current(token)) showEngineFailed(shell);
    return;
  }
  const first = await ask(eng, { cmd: 'replay', link });
  if (stale()) return;
  if (!first.ok) { showLinkError(shell, first.error); return; }
  const mod = await loadModule(first.game);
  const game = await shell.games.find(first.game).catch(() => null);
  const ReplayViewer = mod ? (await import('../ui/replay.js')).ReplayViewer : null;
  if (stale()) return;
  if (!mod) { showLinkError(shell, STRINGS.notPlayableYet); return; }
  // made at each drawing, in the language of the moment (made once, it stayed English in Japanese)
  const back = () => [h('a', { class: 'btn btn-quiet', href: '#/', testid: 'back-lobby', text: t('backToLobby') })];
  s.viewer = new ReplayViewer({
    container: shell.container, engine: eng, module: mod, game, link, first, ply, actions: back, savedId,
    onFatal: (error) => { if (router.showing(s)) showLinkError(shell, error || STRINGS.unknownError); },
  });
  s.viewer.begin();
}

/**
 * The replay screen of a record (`link`: "g=..."), from the position after `ply` actions.
 * @param {import('../ui/router.js').Shell} shell
 * @param {string} link
 * @param {number} [ply]
 * @param {string | null} [savedId] the finished game of this device it is (null: a shared record)
 * @returns {import('../ui/router.js').Screen}
 */
export function replayScreen(shell, link, ply = 0, savedId = null) {
  const s = {
    viewer: null,
    render() {
      if (s.viewer) s.viewer.render();
      else openingPage(shell);
    },
    onLang() { if (!s.viewer) s.render(); }, // the viewer follows the language itself
    destroy() { s.viewer?.destroy(); },
  };
  openViewer(shell, s, link, ply, savedId);
  return s;
}

/**
 * #/replay/<id>: a finished game kept on this device.
 * @param {import('../ui/router.js').Shell} shell
 * @param {string} id
 */
export function openFinished(shell, id) {
  const entry = getHistory(id);
  if (!entry) showReplayMissing(shell);
  else shell.router.open(() => replayScreen(shell, entry.record, 0, entry.id));
}

/**
 * #/replay&g=<record>[&ply=N]: a shared record.
 * @param {import('../ui/router.js').Shell} shell
 * @param {string} rest what follows "#/replay&"
 */
export function openShared(shell, rest) {
  const parts = rest.split('&');
  const record = parts.find((p) => p.startsWith('g='));
  const ply = Number((parts.find((p) => p.startsWith('ply=')) || '').slice(4));
  shell.router.navigate();
  if (!record) showLinkError(shell, STRINGS.linkBroken);
  else if (tooLong(record)) showLinkError(shell, STRINGS.linkTooLong); // the engine is not asked
  else shell.router.show(replayScreen(shell, record, Number.isInteger(ply) && ply > 0 ? ply : 0));
}
