// Run by e2e/test_redraw.py in the page: random drawings laid over random screens by
// web/ui/patch.js, and what was seen. (An expression, not a module: page.evaluate takes it.)
async (cases) => {
  const { place, kept, listenerCount } = await import(new URL('ui/patch.js', document.baseURI).href);
  let seed = 12345;
  const rand = (n) => { // mulberry32
    seed = (seed + 0x6D2B79F5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % n;
  };
  const TAGS = ['div', 'span', 'p', 'b', 'input', 'section'];
  const tree = (depth) => {
    if (depth > 3 || rand(4) === 0) return document.createTextNode(['a', 'b', '', '12'][rand(4)]);
    const el = document.createElement(TAGS[rand(TAGS.length)]);
    if (rand(2)) el.setAttribute('class', ['x', 'y', 'x y'][rand(3)]);
    if (rand(3) === 0) el.dataset.n = String(rand(3));
    if (el.tagName !== 'INPUT') for (let i = rand(4); i > 0; i -= 1) el.append(tree(depth + 1));
    return el;
  };
  const all = (root) => [root, ...root.querySelectorAll('*')];
  const out = { same: 0, cases: 0, keptSome: 0, listenedKept: 0, inputKept: 0, freshLost: 0 };
  // the next drawing: half the time a new random one, else the one on screen a little changed
  const changed = (node) => {
    const copy = node.cloneNode(false);
    if (copy.nodeType === Node.TEXT_NODE) {
      if (rand(4) === 0) copy.data = `${copy.data}!`;
      return copy;
    }
    if (rand(5) === 0) copy.setAttribute('class', 'z');
    if (rand(6) === 0) copy.removeAttribute('data-n');
    for (const child of node.childNodes) if (rand(8)) copy.append(changed(child));
    if (rand(6) === 0 && copy.tagName !== 'INPUT') copy.append(tree(2));
    return copy;
  };
  for (let c = 0; c < cases; c += 1) {
    const screen = document.createElement('div');
    for (let i = rand(5); i > 0; i -= 1) screen.append(tree(0));
    const fresh = document.createElement('div');
    if (c % 2) for (const child of screen.childNodes) fresh.append(changed(child));
    else for (let i = rand(5); i > 0; i -= 1) fresh.append(tree(0));
    // some nodes on screen have listeners (their handlers belong to the old drawing)
    const listened = all(screen).filter(() => rand(5) === 0);
    listened.forEach((el) => el.addEventListener('click', () => {}));
    const before = new Set(all(screen));
    const inputs = new Set(screen.querySelectorAll('input'));
    const want = fresh.cloneNode(true);
    const oldHTML = screen.innerHTML;
    place(screen, [...fresh.childNodes], true);
    out.cases += 1;
    // the same nodes, attributes (in any order) and texts as the fresh drawing
    if (screen.isEqualNode(want)) out.same += 1;
    else {
      const diff = (a, b, path) => {
        if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return `${path}: ${a.nodeName} vs ${b.nodeName}`;
        if (a.nodeType === 3) return a.data === b.data ? null : `${path}: text ${JSON.stringify(a.data)} vs ${JSON.stringify(b.data)}`;
        const aa = [...a.attributes].map((x) => `${x.name}=${x.value}`).sort().join(' ');
        const ba = [...b.attributes].map((x) => `${x.name}=${x.value}`).sort().join(' ');
        if (aa !== ba) return `${path}: attrs ${aa} vs ${ba}`;
        if (a.childNodes.length !== b.childNodes.length) return `${path}: ${a.childNodes.length} vs ${b.childNodes.length} children`;
        for (let i = 0; i < a.childNodes.length; i += 1) { const d = diff(a.childNodes[i], b.childNodes[i], `${path}/${i}`); if (d) return d; }
        return null;
      };
      out.differs = diff(screen, want, '');
    }
    const after = all(screen).slice(1);
    if (c % 2 && after.some((el) => before.has(el))) out.keptSome += 1;
    if (listened.some((el) => el !== screen && screen.contains(el))) out.listenedKept += 1;
    if ([...inputs].some((el) => screen.contains(el))) out.inputKept += 1;
  }
  // without patching, the fresh nodes themselves are shown
  const screen = document.createElement('div');
  screen.append(tree(0), tree(0));
  const fresh = [tree(0), tree(0), tree(0)];
  place(screen, fresh, false);
  out.replaced = fresh.every((node, i) => screen.childNodes[i] === node) && screen.childNodes.length === 3;
  // a kept node (the log panel) is put in place as it is, never patched into another
  const panel = kept(document.createElement('div'));
  panel.textContent = 'log';
  const side = document.createElement('aside');
  side.append(document.createElement('div'), document.createElement('p'));
  place(side, [panel, document.createElement('p')], true);
  out.keptPlaced = side.firstChild === panel && side.childNodes.length === 2;
  const count = listenerCount();
  document.createElement('b').addEventListener('click', () => {});
  out.counted = listenerCount() === count + 1;
  return out;
}
