// The Japanese words of the page use full-width brackets and colons (（ ）：), as Japanese text
// does: every `ja:` string literal of web/ is read from the source and checked. (Half-width ones
// had crept into some thirty strings: 「1手目の前(全44手)」, 「選んだ手:」.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = fileURLToPath(new URL('../../web/', import.meta.url));
const LITERAL = /\bja: (?:'((?:[^'\\]|\\.)*)'|`((?:[^`\\]|\\.)*)`)/g;
const HALF_WIDTH = /[():]/;

/** Every .js file under `dir`. */
function scripts(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return scripts(path);
    return name.endsWith('.js') ? [path] : [];
  });
}

test('the ja strings of web/ use full-width brackets and colons', () => {
  const found = [];
  let checked = 0;
  for (const file of scripts(WEB)) {
    for (const match of readFileSync(file, 'utf8').matchAll(LITERAL)) {
      // a template's ${...} parts are code, not words
      const words = (match[1] ?? match[2]).replace(/\$\{[^}]*\}/g, '');
      checked += 1;
      if (HALF_WIDTH.test(words)) found.push(`${file.slice(WEB.length)}: ${words}`);
    }
  }
  assert.ok(checked > 500, `only ${checked} ja strings found: the pattern no longer reads the source`);
  assert.deepEqual(found, []);
});
