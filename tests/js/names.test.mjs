// The page's name check (web/ui/names.js, ruling NAME-1) on the shared corpus tests/names.json,
// the cases the engine's check is tested on too: both sides give the same verdict.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkName, cleanName, NAME_MAX } from '../../web/ui/names.js';

/** @type {{name: string, ok: boolean}[]} */
const CASES = JSON.parse(readFileSync(new URL('../names.json', import.meta.url), 'utf8'));

test('the corpus holds the cases NAME-1 names', () => {
  const names = CASES.map((c) => c.name);
  for (const must of ['\u202e', '\u200b', '\ufeff']) assert.ok(names.some((n) => n.includes(must)), must);
  assert.ok(CASES.some((c) => c.ok && /[\u0590-\u06ff]/.test(c.name)), 'a right-to-left name');
  assert.ok(CASES.some((c) => !c.ok && [...c.name].length === NAME_MAX + 1));
  assert.ok(CASES.some((c) => c.name === '\u0301' && !c.ok));
});

for (const { name, ok } of CASES) {
  test(`NAME-1: ${JSON.stringify(name)} is ${ok ? 'accepted' : 'refused'}`, () => {
    const verdict = checkName(name);
    assert.equal(verdict.ok, ok, JSON.stringify(verdict));
    if (verdict.ok) assert.equal(verdict.name, cleanName(name));
  });
}

test('a refusal names its reason; edge spaces are cut, inner ones kept', () => {
  assert.deepEqual(checkName('   '), { ok: false, problem: 'nameEmpty' });
  assert.deepEqual(checkName('x'.repeat(25)), { ok: false, problem: 'nameTooLong' });
  assert.deepEqual(checkName('A\u202eB'), { ok: false, problem: 'nameHidden' });
  assert.deepEqual(checkName('\u0301'), { ok: false, problem: 'nameInvisible' });
  assert.deepEqual(checkName('\u3000Aya Ben '), { ok: true, name: 'Aya Ben' });
});
