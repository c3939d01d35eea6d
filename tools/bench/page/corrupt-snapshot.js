// Run by tools/browser_bench.py in a page of the site before the fallback visit
// (page.evaluate: one function expression): the stored engine snapshot (web/worker.js) damaged,
// its key kept, so that the next visit tries it, fails and boots normally. Resolves whether a
// snapshot was there.
() => new Promise((resolve, reject) => {
  const open = indexedDB.open('pygames-engine', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('snapshot');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    const tx = db.transaction('snapshot', 'readwrite');
    const store = tx.objectStore('snapshot');
    const get = store.get('engine');
    let found = false;
    get.onsuccess = () => {
      if (!get.result) return;
      found = true;
      const junk = new Uint8Array(1 << 16).map((_, i) => (i * 7919) & 255);
      store.put({ ...get.result, blob: new Blob([junk]) }, 'engine');
    };
    tx.oncomplete = () => { db.close(); resolve(found); };
    tx.onerror = () => reject(tx.error);
  };
})
