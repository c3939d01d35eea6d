// Run by e2e/test_redraw.py in the page: random drawings laid over random screens by
// web/ui/patch.js, and what was seen. (An expression, not a module: page.evaluate takes it.)
async (cases) => {
  const { place, kept } = await import(new URL('ui/patch.js', document.baseURI).href);
  let violations = 0;
  document.addEventListener('securitypolicyviolation', () => { violations += 1; });
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
    if (rand(3) === 0) el.style.setProperty('--x', String(rand(4)));
    if (rand(4) === 0) el.style.setProperty('order', String(rand(3)));
    if (el.tagName !== 'INPUT') for (let i = rand(4); i > 0; i -= 1) el.append(tree(depth + 1));
    return el;
  };
  const all = (root) => [root, ...root.querySelectorAll('*')];
  const out = { same: 0, cases: 0, keptSome: 0, inputKept: 0, keyedKept: 0, keyedCases: 0 };
  // the next drawing: half the time a new random one, else the one on screen a little changed
  const changed = (node) => {
    const copy = node.cloneNode(false);
    if (copy.nodeType === Node.TEXT_NODE) {
      if (rand(4) === 0) copy.data = `${copy.data}!`;
      return copy;
    }
    if (rand(5) === 0) copy.setAttribute('class', 'z');
    if (rand(6) === 0) copy.removeAttribute('data-n');
    if (copy.style && rand(4) === 0) copy.style.setProperty('--x', String(rand(4)));
    if (copy.style && rand(6) === 0) copy.style.removeProperty('order');
    for (const child of node.childNodes) if (rand(8)) copy.append(changed(child));
    if (rand(6) === 0 && copy.tagName !== 'INPUT') copy.append(tree(2));
    return copy;
  };
  const styleOf = (el) => (el.style ? [...el.style].map((n) => `${n}:${el.style.getPropertyValue(n)}`).sort().join(';') : '');
  const attrsOf = (el) => [...el.attributes].filter((x) => x.name !== 'style').map((x) => `${x.name}=${x.value}`).sort().join(' ');
  const diff = (a, b, path) => {
    if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return `${path}: ${a.nodeName} vs ${b.nodeName}`;
    if (a.nodeType === 3) return a.data === b.data ? null : `${path}: text ${JSON.stringify(a.data)} vs ${JSON.stringify(b.data)}`;
    if (attrsOf(a) !== attrsOf(b)) return `${path}: attrs ${attrsOf(a)} vs ${attrsOf(b)}`;
    if (styleOf(a) !== styleOf(b)) return `${path}: style ${styleOf(a)} vs ${styleOf(b)}`;
    if (a.childNodes.length !== b.childNodes.length) return `${path}: ${a.childNodes.length} vs ${b.childNodes.length} children`;
    for (let i = 0; i < a.childNodes.length; i += 1) { const e = diff(a.childNodes[i], b.childNodes[i], `${path}/${i}`); if (e) return e; }
    return null;
  };
  for (let c = 0; c < cases; c += 1) {
    const screen = document.createElement('div');
    for (let i = rand(5); i > 0; i -= 1) screen.append(tree(0));
    const fresh = document.createElement('div');
    if (c % 2) for (const child of screen.childNodes) fresh.append(changed(child));
    else for (let i = rand(5); i > 0; i -= 1) fresh.append(tree(0));
    const before = new Set(all(screen));
    const inputs = new Set(screen.querySelectorAll('input'));
    const want = fresh.cloneNode(true);
    place(screen, [...fresh.childNodes]);
    out.cases += 1;
    // the same nodes, attributes and style properties (in any order) and texts as the fresh drawing
    const d = diff(screen, want, '');
    if (d === null) out.same += 1;
    else out.differs = d;
    const after = all(screen).slice(1);
    if (c % 2 && after.some((el) => before.has(el))) out.keptSome += 1;
    if ([...inputs].some((el) => screen.contains(el))) out.inputKept += 1;
  }
  // keyed children keep their nodes when the drawing reorders them
  for (let c = 0; c < 40; c += 1) {
    const screen = document.createElement('ol');
    const keys = [0, 1, 2, 3, 4, 5].filter(() => rand(4) !== 0);
    for (const k of keys) {
      const li = document.createElement('li');
      li.dataset.key = `k${k}`;
      li.textContent = `item ${k}`;
      screen.append(li);
    }
    const byKey = new Map([...screen.children].map((el) => [el.dataset.key, el]));
    const order = [...keys].sort(() => rand(3) - 1).filter(() => rand(5) !== 0);
    const fresh = order.map((k) => {
      const li = document.createElement('li');
      li.dataset.key = `k${k}`;
      li.textContent = `item ${k}${rand(2) ? '!' : ''}`;
      li.style.setProperty('--pos', String(rand(9)));
      return li;
    });
    const want = fresh.map((el) => el.cloneNode(true));
    place(screen, fresh);
    out.keyedCases += 1;
    const same = screen.children.length === want.length && want.every((w, i) => diff(screen.children[i], w, '') === null);
    const keptAll = [...screen.children].every((el) => el === byKey.get(el.dataset.key));
    if (same && keptAll) out.keyedKept += 1;
  }
  // a kept node (the log panel) is put in place as it is, never patched into another
  const panel = kept(document.createElement('div'));
  panel.textContent = 'log';
  const side = document.createElement('aside');
  side.append(document.createElement('div'), document.createElement('p'));
  place(side, [panel, document.createElement('p')]);
  out.keptPlaced = side.firstChild === panel && side.childNodes.length === 2;
  // let a violation event, if any, arrive
  await new Promise((resolve) => setTimeout(resolve, 50));
  out.violations = violations;
  return out;
}
