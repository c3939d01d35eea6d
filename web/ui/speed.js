// The bots' pace at the table (the header's selector and the settings): normal, fast or instant.
// A module of its own so that the lobby can show it without loading the table's code.

const SPEED_KEY = 'pygames.speed';

/** The pause before a bot's move, ms, for each speed. */
export const DELAYS = { normal: 700, fast: 250, instant: 0 };

/** The chosen speed (normal when none was chosen or storage is unavailable). */
export function speed() {
  try {
    const v = localStorage.getItem(SPEED_KEY);
    if (v && v in DELAYS) return v;
  } catch (_) { /* ignore */ }
  return 'normal';
}

/** Remember a speed (an unknown one is ignored). */
export function setSpeed(value) {
  if (!(value in DELAYS)) return;
  try { localStorage.setItem(SPEED_KEY, value); } catch (_) { /* ignore */ }
}
