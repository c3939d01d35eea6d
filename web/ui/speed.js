// The bots' pace at the table (the header's selector and the settings): slow, normal, fast or
// instant.
// A module of its own so that the lobby can show it without loading the table's code.

const SPEED_KEY = 'pygames.speed';

/** The pause before a bot's move, ms, for each speed (slow: a beginner follows each bot move). */
export const DELAYS = { slow: 2200, normal: 700, fast: 250, instant: 0 };

/** The speeds, slowest first, as the selectors offer them. */
export const SPEEDS = ['slow', 'normal', 'fast', 'instant'];

/** Whether the table waits for the people at this speed (moments held until Continue). */
export function watching(value = speed()) {
  return value === 'slow' || value === 'normal';
}

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
