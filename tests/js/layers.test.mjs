// The folders of src/ include only their own folder or a lower layer (the rule and its edges: tests/js/layers.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { offences, sidewaysCycle, sourceFiles } from './layers.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('every #include in src/ points to its own folder or a lower layer', () => {
  const files = sourceFiles(root);
  assert.ok(files.some((f) => f.path === 'src/core/queries.hpp'), 'the check reads src/');
  const found = offences(files);
  assert.deepEqual(found, [], `includes against the layers:\n${found.join('\n')}`);
});

test('the allowed same-level edges form no cycle', () => {
  assert.equal(sidewaysCycle(), null);
});

test('the check names an include that climbs, one that goes sideways, and an unknown folder', () => {
  const found = offences([
    { path: 'src/io/letor.hpp', text: '#pragma once\n#include "ranking/queries.hpp"\n#include "core/rows.hpp"\n' },
    { path: 'src/metrics/x.cpp', text: '#include "learn/weights.hpp"\n#include "metrics/x.hpp"\n' },
    { path: 'src/binary/k.cpp', text: '#include "learn/kernels/kernel.hpp"\n#include "multiclass/linear_multiclass.hpp"\n' },
    { path: 'src/ranking/r.cpp', text: '#include "metrics/pair_counts.hpp"\n#include "nowhere/x.hpp"\n' },
    { path: 'src/extra/y.cpp', text: '#include "core/rows.hpp"\n' },
  ]);
  assert.equal(found.length, 5, found.join('\n'));
  assert.match(found[0], /^src\/io\/letor\.hpp:2: #include "ranking\/queries\.hpp": .*higher layer/);
  assert.match(found[1], /^src\/metrics\/x\.cpp:1: .*metrics -> learn is not in SIDEWAYS/);
  assert.match(found[2], /^src\/binary\/k\.cpp:2: .*binary -> multiclass is not in SIDEWAYS/);
  assert.match(found[3], /nowhere\/ has no level/);
  assert.match(found[4], /src\/extra\/ has no level/);
});
