// The rules written for learning, one module per game (web/rules/<id>.js): plain data the rules
// page and the table's Rules dialog draw (ui/guide.js), loaded without the engine.
//
// A guide: {id, sections: [{id, title: {en, ja}, body: [item]}], glossary: [entry]}.
// A body item is a paragraph {en, ja}, {list: [{en, ja}]}, {steps: [{en, ja}]} (numbered),
// {table: {head: [cell], rows: [[cell]]}} (a cell: {en, ja} or a plain string), or a drawn
// example {example: <game id>, caption: {en, ja}} (ui/guide-art.js draws it from the game's own
// pieces). A glossary entry: {term: {en, ja}, means: {en, ja}}, a word the table shows, or with
// `mark: <class>` a mark the table draws (an outline, a symbol). tests/js/guides.test.mjs checks
// the sections, both languages, and that every term is a string of the table.

/** The games with a guide. */
export const GAMES = ['marie', 'hitokai', 'pharaoh', 'baggai', 'yadokashi'];

/** The sections every guide has, in this order. */
export const SECTIONS = ['goal', 'setup', 'turn', 'scoring', 'end'];

/** @type {Record<string, () => Promise<{default: any}>>} */
const MODULES = {
  marie: () => import('./marie.js'),
  hitokai: () => import('./hitokai.js'),
  pharaoh: () => import('./pharaoh.js'),
  baggai: () => import('./baggai.js'),
  yadokashi: () => import('./yadokashi.js'),
};

/**
 * The guide of a game, or null if it has none.
 * @param {string} id
 * @returns {Promise<any>}
 */
export function loadGuide(id) {
  const load = MODULES[id];
  return load ? load().then((m) => m.default) : Promise.resolve(null);
}
