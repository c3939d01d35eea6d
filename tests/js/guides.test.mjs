// The rules written for learning (web/rules/<id>.js): every guide has the five sections in both
// languages, a drawn example and a glossary, and the glossary speaks the table's words: each term
// (English and Japanese) is a string the table shows (the game's renderer or web/i18n.js), and
// each drawn mark a class the table draws.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { GAMES, SECTIONS } from '../../web/rules/index.js';

const web = (path) => readFileSync(new URL(`../../web/${path}`, import.meta.url), 'utf8');

/** The string literals of a source file, lowercase, with their placeholders ({0}, {1}...) as NUL. */
export function literals(source) {
  const out = [];
  for (const m of source.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
    const s = (m[1] ?? m[2] ?? m[3]).replace(/\\'/g, "'").replace(/\{\d\}/g, '\u0000');
    out.push(s.toLowerCase());
  }
  return out;
}

const bilingual = (x) => x && typeof x.en === 'string' && x.en.trim() && typeof x.ja === 'string' && x.ja.trim();

/** Every {en, ja} of a section's body (paragraphs, list items, steps, table cells, captions). */
function texts(item) {
  if (bilingual(item)) return [item];
  if (item.list || item.steps) return (item.list || item.steps).flatMap(texts);
  if (item.table) return [...item.table.head, ...item.table.rows.flat()].filter((c) => typeof c !== 'string').flatMap(texts);
  if (item.example) return [item.caption];
  return [null];
}

for (const id of GAMES) {
  const guide = (await import(`../../web/rules/${id}.js`)).default;

  test(`${id}: every section, in both languages`, () => {
    assert.equal(guide.id, id);
    assert.deepEqual(guide.sections.map((s) => s.id), SECTIONS);
    for (const s of guide.sections) {
      assert.ok(bilingual(s.title), `${id}/${s.id}: title`);
      assert.ok(s.body.length > 0, `${id}/${s.id}: empty`);
      for (const t of s.body.flatMap(texts)) assert.ok(bilingual(t), `${id}/${s.id}: ${JSON.stringify(t)}`);
    }
    const examples = guide.sections.flatMap((s) => s.body).filter((b) => b.example);
    assert.ok(examples.length >= 1, `${id}: no drawn example`);
    for (const e of examples) assert.equal(e.example, id);
  });

  test(`${id}: the glossary uses the table's words`, () => {
    assert.ok(guide.glossary.length >= 8, `${id}: glossary too short`);
    const words = [...literals(web(`games/${id}.js`)), ...literals(web('i18n.js'))];
    const drawn = [web(`games/${id}.js`), web(`games/${id}.css`), web('style.css')].join('\n');
    for (const g of guide.glossary) {
      assert.ok(bilingual(g.term) && bilingual(g.means), `${id}: ${JSON.stringify(g)}`);
      if (g.mark) {
        assert.ok(new RegExp(`\\b${g.mark}\\b`).test(drawn), `${id}: the table draws no ${g.mark}`);
        continue;
      }
      for (const lang of ['en', 'ja']) {
        // a number in a term is written N (English) or 〇 (Japanese: no Latin letter on its pages)
        const term = g.term[lang].toLowerCase().replace(lang === 'en' ? /\bn\b/g : /〇/g, '\u0000');
        assert.ok(words.some((w) => w.includes(term)), `${id}: the table never says "${g.term[lang]}" (${lang})`);
      }
    }
  });
}

test('the literal reader finds words and only words in strings', () => {
  const src = "// a Regular comment\nconst x = { en: 'Spot {0}', ja: '{0}番' };";
  assert.deepEqual(literals(src), ['spot \u0000', '\u0000番']);
  assert.ok(!literals(src).some((w) => w.includes('regular')));
});
