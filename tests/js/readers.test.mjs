// The text readers take a file as a string or as its bytes (Uint8Array, e.g. a Buffer from readFileSync),
// with the same result; bad bytes in tagged text are an error naming the line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { init } from '../../bindings/js/index.js';

const am = await init();
const bytes = (text) => new TextEncoder().encode(text);
const plain = (x) => JSON.parse(JSON.stringify(x, (k, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v)));

test('every reader gives the same data from a string and from its bytes', () => {
  const cases = [
    ['readLibsvm', '# c\n1 1:0.5 3:-2e-3\n-1 2:1\n'],
    ['readMultilabel', '0,2 1:1 4:0.25\n 3:1\n1 2:-1\n'],
    ['readLetor', '2 qid:1 1:0.5 2:1 # d1\n0 qid:1 1:0.25\n1 qid:7 2:3\n'],
    ['readSvmhmm', 'A qid:1 1:1\nB qid:1 2:0.5\nA qid:2 1:1 2:1\n'],
    ['readConllu', '# sent_id = 1\n1\tNa\u00efve\tna\u00efve\tADJ\t_\t_\t0\troot\t_\t_\n2\t\u201cok\u201d\tok\tX\t_\t_\t1\tdep\t_\t_\n\n'],
    ['readColumns', 'EU NNP B-ORG\nrejects VBZ O\n\nZ\u00fcrich NNP B-LOC\n'],
  ];
  for (const [reader, text] of cases) {
    const fromText = am.io[reader](text), fromBytes = am.io[reader](bytes(text));
    assert.deepEqual(plain(fromBytes), plain(fromText), reader);
    assert.deepEqual(plain(am.io[reader](Buffer.from(text))), plain(fromText), `${reader} (Buffer)`);
  }
  assert.deepEqual(am.io.readConllu(bytes(cases[4][1])).sentences, [['Na\u00efve', '\u201cok\u201d']]);
  assert.deepEqual(Array.from(am.io.readLibsvm(bytes('3 2:0.1\n')).values), [Math.fround(0.1)]);
});

test('a reader refuses anything but a string or bytes', () => {
  for (const reader of ['readLibsvm', 'readMultilabel', 'readLetor', 'readSvmhmm', 'readConllu', 'readColumns']) {
    for (const bad of [42, null, undefined, [1, 2], new Float32Array(4)]) {
      assert.throws(() => am.io[reader](bad), { name: 'TypeError', message: `${reader} expects the file contents as a string or a Uint8Array` });
    }
  }
});

test('invalid UTF-8 in tagged text names the line and the byte; a line error in bytes reads as in text', () => {
  const latin1 = Uint8Array.from([...bytes('# c\n1\tna'), 0xef, ...bytes('ve\tnaive\tADJ\t_\t_\t0\troot\t_\t_\n')]);
  assert.throws(() => am.io.readConllu(latin1), { message: 'line 2: invalid UTF-8 at byte offset 8 (the file must be UTF-8 encoded)' });
  assert.throws(() => am.io.readColumns(Uint8Array.from([0x61, 0x20, 0x42, 0x0a, 0x62, 0x20, 0xc3])), /^Error: line 2: invalid UTF-8 at byte offset 6/);
  assert.throws(() => am.io.readLibsvm(bytes('1 1:1\n2 3:1 2:1\n')), /line 2: feature index 2 after 3/);
  // The module keeps working.
  assert.equal(am.io.readConllu(bytes('1\ta\ta\tX\t_\t_\t0\tr\t_\t_\n')).sentences[0][0], 'a');
});
