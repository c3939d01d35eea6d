// What this page is to a game (issue 34): a guest's page plays a seat of a game that another
// device hosts, and runs no engine. It is opened at `#join=<invite>`: boot.js then starts no
// engine worker, ui/engine-status.js stays `idle` until the page goes to an address that needs
// the engine, and the service worker keeps only the page's own files (web/sw.js).

/**
 * Is `hash` (a `location.hash`) the address of a guest's page, one that needs no engine?
 * @param {string} hash
 */
export function guestOnly(hash) {
  return hash.startsWith('#join=');
}
