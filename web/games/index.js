// The renderer module of each playable game. A game whose renderer is not listed here shows as
// "coming soon" in the lobby (its rules page still works).
export const MODULES = {
  marie: () => import('./marie.js'),
  pharaoh: () => import('./pharaoh.js'),
  baggai: () => import('./baggai.js'),
  hitokai: () => import('./hitokai.js'),
  yadokashi: () => import('./yadokashi.js'),
};
