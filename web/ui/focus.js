// Keep the keyboard focus in place when a screen redraws itself. Every table (and the setup page)
// draws its DOM anew after a tap, which removes the focused button; the browser then drops the
// focus to the top of the page, and a keyboard player would have to Tab through the header again
// after every move. Instead the focus goes to the new element that stands for the same thing
// (same data-testid, and the same data-action when it has one), or else to the nearest container
// of it that is still there, so the next Tab continues from where the player was.

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

function describe(el, root) {
  const chain = [];
  for (let node = el; node && node !== root; node = node.parentElement) {
    if (node.dataset?.testid) chain.push(node.dataset.testid);
  }
  return { el, chain, action: el.dataset?.action ?? null };
}

function usable(el) {
  return el && !el.disabled && el.getClientRects().length > 0;
}

function replacement(root, last) {
  const [own, ...outer] = last.chain;
  if (own && last.el.dataset?.testid === own) {
    const same = [...root.querySelectorAll(`[data-testid="${CSS.escape(own)}"]`)].filter(usable);
    const exact = same.find((el) => (el.dataset.action ?? null) === last.action);
    if (exact || same[0]) return exact || same[0];
  }
  for (const id of (own && last.el.dataset?.testid === own ? outer : last.chain)) {
    const box = root.querySelector(`[data-testid="${CSS.escape(id)}"]`);
    if (!usable(box)) continue;
    if (!box.matches(FOCUSABLE)) {
      box.setAttribute('tabindex', '-1'); // focusable by script only, not a Tab stop
      box.classList.add('focus-anchor');
    }
    return box;
  }
  return null;
}

/** Watch `root` (the page's <main>) and put back the focus its redraws take away. */
export function keepFocus(root) {
  let last = null;
  document.addEventListener('focusin', (ev) => {
    last = root.contains(ev.target) ? describe(ev.target, root) : null;
  });
  const observer = new MutationObserver(() => {
    if (!last || last.el.isConnected) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const target = replacement(root, last);
    if (target) target.focus({ preventScroll: true });
    else last = null;
  });
  observer.observe(root, { childList: true, subtree: true });
}
