// The text readers take a file as a string, as its bytes (Uint8Array, e.g. a Buffer from readFileSync) or as
// chunks of bytes (iterable, async iterable, ReadableStream), with the same result wherever the chunks are cut;
// bad bytes in tagged text are an error naming the line.
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

test('a reader refuses anything but a string, bytes or chunks of bytes', () => {
  const expected = (reader) => `${reader} expects the file contents as a string, a Uint8Array, or an iterable, async iterable or ReadableStream of Uint8Array chunks`;
  for (const reader of ['readLibsvm', 'readMultilabel', 'readLetor', 'readSvmhmm', 'readConllu', 'readColumns']) {
    for (const bad of [42, null, undefined, {}, new Float32Array(4)]) {
      assert.throws(() => am.io[reader](bad), { name: 'TypeError', message: expected(reader) });
    }
    assert.throws(() => am.io[reader]([bytes('1'), 2]), { name: 'TypeError', message: `${reader}: chunk 1 is number, expected a Uint8Array` });
  }
});

test('invalid UTF-8 in tagged text names the line and the byte; a line error in bytes reads as in text', () => {
  const latin1 = Uint8Array.from([...bytes('# c\n1\tna'), 0xef, ...bytes('ve\tnaive\tADJ\t_\t_\t0\troot\t_\t_\n')]);
  assert.throws(() => am.io.readConllu(latin1), { message: 'line 2: invalid UTF-8 at byte offset 8 (the file must be UTF-8 encoded) (the line starts at byte offset 4)' });
  assert.throws(() => am.io.readColumns(Uint8Array.from([0x61, 0x20, 0x42, 0x0a, 0x62, 0x20, 0xc3])), /^Error: line 2: invalid UTF-8 at byte offset 6/);
  assert.throws(() => am.io.readLibsvm(bytes('1 1:1\n2 3:1 2:1\n')), /line 2: feature index 2 after 3/);
  // The module keeps working.
  assert.equal(am.io.readConllu(bytes('1\ta\ta\tX\t_\t_\t0\tr\t_\t_\n')).sentences[0][0], 'a');
});

const cases = [
  ['readLibsvm', '# c\n1 1:0.5 3:-2e-3\r\n-1 2:1 # t\n\n7\n2 4:1e1'],
  ['readMultilabel', '0,2 1:1 4:0.25\n 3:1\n1 2:-1\n'],
  ['readLetor', '2 qid:1 1:0.5 2:1 # d1\n0 qid:1 1:0.25\n1 qid:7 2:3\n'],
  ['readSvmhmm', 'A qid:1 1:1\nB qid:1 2:0.5\nA qid:2 1:1 2:1\n'],
  ['readConllu', '# s\n1\tNa\u00efve\tn\tADJ\t_\t_\t0\tr\t_\t_\n2\t\u201cok\u201d\tok\tX\t_\t_\t1\td\t_\t_\n\n1\tZ\u00fcrich\tz\tPROPN\t_\t_\t0\tr\t_\t_\n'],
  ['readColumns', 'EU NNP B-ORG\nrejects VBZ O\n\nZ\u00fcrich NNP B-LOC\n'],
];

test('chunks cut at every byte read as the whole file', () => {
  for (const [reader, text] of cases) {
    const data = bytes(text), whole = plain(am.io[reader](data));
    for (let cut = 0; cut <= data.length; ++cut) {
      assert.deepEqual(plain(am.io[reader]([data.subarray(0, cut), data.subarray(cut)])), whole, `${reader}, cut at ${cut}`);
    }
    assert.deepEqual(plain(am.io[reader](Array.from(data, (b) => Uint8Array.of(b)))), whole, `${reader}, byte by byte`);
  }
});

test('async iterables and ReadableStreams of chunks give a Promise of the same data', async () => {
  for (const [reader, text] of cases) {
    const data = bytes(text), whole = plain(am.io[reader](data));
    async function* pieces() { for (let at = 0; at < data.length; at += 3) yield data.subarray(at, at + 3); }
    const fromAsync = am.io[reader](pieces());
    assert.ok(fromAsync instanceof Promise);
    assert.deepEqual(plain(await fromAsync), whole, `${reader} (async iterable)`);
    assert.deepEqual(plain(await am.io[reader](new Blob([data]).stream())), whole, `${reader} (ReadableStream)`);
  }
  const options = await am.io.readLibsvm((async function* () { yield bytes('1 2:1\n'); })(), { minCols: 5 });
  assert.equal(options.cols, 5);
});

test('an error in a stream names the line and its byte offset, rejects, and frees the reader', async () => {
  const before = am.memoryUsage().heapInUse;
  const data = bytes('1 1:1\n2 3:1 2:1\n');
  const message = 'line 2: feature index 2 after 3 (indices must increase) (the line starts at byte offset 6)';
  for (let cut = 0; cut <= data.length; ++cut) {
    assert.throws(() => am.io.readLibsvm([data.subarray(0, cut), data.subarray(cut)]), { message });
  }
  async function* pieces() { yield data.subarray(0, 9); yield data.subarray(9); }
  await assert.rejects(am.io.readLibsvm(pieces()), { message });
  async function* failing() { yield data.subarray(0, 6); throw new Error('disk gone'); }
  await assert.rejects(am.io.readLibsvm(failing()), { message: 'disk gone' });
  assert.equal(am.memoryUsage().heapInUse, before);
  assert.equal(am.io.readLibsvm([bytes('3 1:'), bytes('2\n')]).values[0], 2);  // the module keeps working
});
