// The Japanese words of the page use full-width brackets and colons (（ ）：), as Japanese text
// does: every `ja:` string literal of web/ is read from the source and checked. (Half-width ones
// had crept into 67 strings: 「1手目の前(全44手)」, 「選んだ手:」.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';

const WEB = new URL('../../web/', import.meta.url);
const LITERAL = /\bja: (?:'((?:[^'\\]|\\.)*)'|`((?:[^`\\]|\\.)*)`)/g;
const HALF_WIDTH = /[():]/;

/** Every .js file under web/, by its path there. */
const scripts = () => readdirSync(WEB, { recursive: true }).filter((name) => name.endsWith('.js'));

test('the ja strings of web/ use full-width brackets and colons', () => {
  const found = [];
  let checked = 0;
  for (const file of scripts()) {
    for (const match of readFileSync(new URL(file, WEB), 'utf8').matchAll(LITERAL)) {
      // a template's ${...} parts are code, not words
      const words = (match[1] ?? match[2]).replace(/\$\{[^}]*\}/g, '');
      checked += 1;
      if (HALF_WIDTH.test(words)) found.push(`${file}: ${words}`);
    }
  }
  assert.ok(checked > 500, `only ${checked} ja strings found: the pattern no longer reads the source`);
  assert.deepEqual(found, []);
});
