// The games the site knows: the catalogue (titles, player counts, rules summary, options of every
// game) and the renderer module of each playable game (the list lives in games/index.js).

import { MODULES } from '../games/index.js';
import { catalogJson, fetchCatalog } from '../catalog.js';

/**
 * May the game `id` be played here (has it a renderer)?
 * @param {string} id
 */
export function playable(id) {
  return Object.prototype.hasOwnProperty.call(MODULES, id);
}

/**
 * The renderer module of the game `id`, or null for a game that cannot be played here.
 * @param {string} id
 */
export async function loadModule(id) {
  if (!playable(id)) return null;
  const mod = await MODULES[id]();
  return mod.default || mod;
}

export class Catalogue {
  /** @param {import('./engine-status.js').EngineStatus} engine asked when catalog.json fails */
  constructor(engine) {
    this.engine = engine;
    /** @type {Promise<any[]> | null} */
    this.games = null;
    this.asked = false;
  }

  /** Every game's catalogue entry: from catalog.json, else from the engine (asked again after a
   * failure). */
  list() {
    if (!this.games) {
      // the first time, the answer catalog.js asked for as the page started; later, a fresh one
      const json = this.asked ? fetchCatalog() : catalogJson;
      this.asked = true;
      this.games = json.then((data) => data.games).catch(() => this.fromEngine());
      this.games.catch(() => { this.games = null; });
    }
    return this.games;
  }

  async fromEngine() {
    const eng = await this.engine.ready();
    const ans = await eng.call({ cmd: 'catalog' });
    if (!ans.ok) throw ans.error;
    return ans.games;
  }

  /**
   * The catalogue entry of the game `id`, or null.
   * @param {string} id
   */
  async find(id) {
    const games = await this.list();
    return games.find((g) => g.id === id) || null;
  }
}
