// The one question before a move the engine marks as one that can only lose (issue 31: "The
// table warns before it wastes"). The engine decides which moves are marked and says why
// (`warn: {en, ja}` on a snapshot's move or a complete compose answer, docs/protocol.md); the
// page only reads the mark. The settings dialog turns the question off.

import { t, tx } from '../i18n.js';
import { confirmDialog } from './dialogs.js';
import { askBeforeWaste } from './settings.js';

/**
 * The engine's mark of the move `actions` plays: the `warn` of the snapshot's move when it is
 * one discrete move, else the one the engine gave the complete selection (`composed`: the
 * marks of the compose answers of this decision, by their actions joined with a line break).
 * @param {import('../types.js').Snapshot} snap
 * @param {string[]} actions
 * @param {Map<string, {en: string, ja: string}>} composed
 */
export function wasteOf(snap, actions, composed) {
  if (actions.length === 1) {
    const move = (snap?.moves || []).find((m) => m.a === actions[0]);
    if (move?.warn) return move.warn;
  }
  return composed.get(actions.join('\n')) || null;
}

/**
 * Ask once before a marked move: its reason, "Play it anyway" / "Choose again". Resolves true
 * when the move may be played (no mark, the question turned off, or confirmed).
 * @param {{en: string, ja: string} | null} warn
 */
export async function mayPlay(warn) {
  if (!warn || !askBeforeWaste()) return true;
  return confirmDialog(tx(warn), {
    title: t('wasteTitle'), ok: t('wastePlay'), cancel: t('wasteBack'), danger: true, testid: 'waste-confirm',
  });
}
