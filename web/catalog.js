// Asks for the games' catalogue as the page starts (an async script of its own, loaded before
// app.js's module graph and independent of the engine), so that the lobby's tiles need not
// wait for app.js. app.js uses this answer once; if it failed, app.js asks again or asks the
// engine.

/** A fresh request for `catalog.json`: its JSON, or an error. */
export function fetchCatalog() {
  return fetch('./catalog.json', { cache: 'no-cache' })
    .then((r) => { if (!r.ok) throw new Error(`catalog ${r.status}`); return r.json(); });
}

/** The answer to the request made as the page started. */
export const catalogJson = fetchCatalog();
catalogJson.catch(() => {});
