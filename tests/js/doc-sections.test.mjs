// The search demo's collection: the documentation cut into one document per heading.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { docSections, slug } from '../../web/data/doc-sections.js';

test('one section per heading, with its trail of parents and plain text', () => {
  const md = [
    'intro text is left out', '# Top', 'Some [linked words](x.md) and `code`.', '## Sub part', '| a | b |', '|---|---|', '| 1 | 2 |',
    '```sh', '# not a heading', 'npm test', '```', '## Empty', '# Top', 'again <sub>k</sub>',
  ].join('\n');
  assert.deepEqual(docSections('f.md', md), [
    { id: 'f.md#top', title: 'Top', path: 'Top', text: 'Some linked words and code .' },
    { id: 'f.md#sub-part', title: 'Sub part', path: 'Top › Sub part', text: 'a b 1 2 not a heading npm test' },
    { id: 'f.md#top-1', title: 'Top', path: 'Top', text: 'again k' },
  ]);
  assert.equal(slug('Learned re-ranking: from clicks (IPS)'), 'learned-re-ranking-from-clicks-ips');
});

test('the README gives sections with distinct ids', () => {
  const sections = docSections('README.md', readFileSync(new URL('../../README.md', import.meta.url), 'utf8'));
  assert.ok(sections.length > 10);
  assert.equal(new Set(sections.map((s) => s.id)).size, sections.length);
  assert.ok(sections.every((s) => s.text.length > 0 && s.id.startsWith('README.md#')));
});
