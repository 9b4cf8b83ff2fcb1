// The tasks of bench/parallel.mjs and their timing, for Node and for a browser page alike: everything here takes
// the library (`am`) and the data files' texts, so this module imports nothing and reads no file.
//   await runTasks(am, texts, settings)
// texts: { [path under the data directory]: text } (an absent file skips its task with a line saying so);
// settings: { task, counts, reps, first, repeat, extra } as parsed by bench/parallel.mjs. The table goes to the
// console line by line (a page's console is forwarded to Node's).

// The data files each task reads, relative to the data directory (training set first).
export const taskFiles = {
  ewt: ['ud-english-ewt/en_ewt-ud-train.conllu', 'ud-english-ewt/en_ewt-ud-test.conllu'],
  'ocr-large': ['ocr-letters/ocr-large-train.svmhmm', 'ocr-letters/ocr-large-test.svmhmm'],
  letter: ['multiclass/letter/letter.scale', 'multiclass/letter/letter.scale.t'],
  mq2008: ['letor-mq2008/Fold1/train.txt', 'letor-mq2008/Fold1/test.txt'],
};

// The tasks `task` names ('all' for every one).
export const tasksOf = (task) => (task === 'all' ? Object.keys(taskFiles) : [task]);

export async function runTasks(am, texts, { task = 'all', counts = [1, 2], reps = 3, first = Infinity, repeat = 1, extra = {} }) {
  const tokenAccuracy = (tagger, test) => am.metrics.sequences(test.y, tagger.tag(test.x)).tokenAccuracy;
  const rowAccuracy = (model, test) => am.metrics.classification(test.y, model.predict(test.x)).accuracy;
  const ndcgAt10 = (model, test) => am.metrics.ranking(model.score(test.x), test.x).ndcg[9];

  // One fit: seconds, the time of each round's report, and test accuracy. A ranker's data is { x: queries }.
  async function timed(Model, options, train, test, workers, accuracyOf) {
    const model = new Model(options);
    const marks = [];
    const t0 = performance.now();
    const onProgress = (p) => { if (!p.final) marks.push(performance.now() - t0); };
    const data = train.y === undefined ? [train.x] : [train.x, train.y];
    let seconds, accuracy;
    try {
      if (workers === 0) model.fit(...data, { onProgress });
      else await model.fit(...data, { workers, onProgress });
      seconds = (performance.now() - t0) / 1000;
      accuracy = accuracyOf(model, test);
    } finally {
      model.dispose();
    }
    const round = marks.length > 1 ? (marks.at(-1) - marks[0]) / (marks.length - 1) / 1000 : NaN;
    return { seconds, accuracy, first: marks[0] / 1000, round, epochs: marks.length };
  }

  // The fastest of `reps` runs (seconds and seconds per round each at their minimum; the accuracy is the same).
  const best = (a, b) => (a ? { ...a, seconds: Math.min(a.seconds, b.seconds), round: Math.min(a.round, b.round), first: Math.min(a.first, b.first) } : b);

  async function bench(name, Model, options, train, test, accuracyOf = tokenAccuracy) {
    if (first < Infinity) {
      if (!Array.isArray(train.x)) throw new Error(`--first takes the first sequences or rows; ${name} trains on queries`);
      if (train.x.length > first) train = { x: train.x.slice(0, first), y: train.y.slice(0, first) };
      name += ` (first ${train.x.length})`;
    }
    const kinds = [0, ...counts], runs = {};
    for (let r = 0; r < reps; ++r)
      for (const n of kinds) runs[n] = best(runs[n], await timed(Model, options, train, test, n, accuracyOf));
    const serial = runs[0];
    for (const n of kinds) {
      const r = runs[n], what = n === 0 ? 'serial (this thread)' : `${n} worker${n > 1 ? 's' : ''}`;
      console.log(`| ${name} | ${what} | ${r.seconds.toFixed(2)} | ${(serial.seconds / r.seconds).toFixed(2)} | ${(100 * r.accuracy).toFixed(2)}% | ${r.round.toFixed(3)} |`);
    }
    if (runs[1] && runs[2]) {
      const E = runs[1].round, O = Math.max(0, runs[2].round - E / 2), epochs = serial.epochs;
      const P1 = runs[1].first - E, P2 = runs[2].first - E / 2, B = Math.max(0, 2 * (P1 - P2)), A = P1 - B;
      const T = (n) => A + B / n + epochs * (E / n + O * n / 2);
      // whole fits: the 1-worker run's seconds with its modelled part replaced by T(n)
      const speedUp = (n) => (serial.seconds / (runs[1].seconds - T(1) + T(n))).toFixed(2);
      console.log(`| ${name} | model: A ${A.toFixed(2)} s, B ${B.toFixed(2)} s, E ${E.toFixed(2)} s, O(2) ${O.toFixed(3)} s | over serial, 2: ${speedUp(2)}×, 4: ${speedUp(4)}×, 8: ${speedUp(8)}×; epochs alone, 2: ${(E / (E / 2 + O)).toFixed(2)}×, 8: ${(E / (E / 8 + 4 * O)).toFixed(2)}× | | |`);
    }
  }

  const tasks = {
    async ewt(trainText, testText) {
      const read = (text) => { const d = am.io.readConllu(text); return { x: d.sentences, y: d.tags }; };
      const options = { lexicon: await am.lexicons.english(), ...extra };   // the default tagger, as `argmax train sequence`
      await bench('ewt', am.SequenceTagger, options, read(trainText), read(testText));
    },
    async 'ocr-large'(trainText, testText) {
      const read = (text) => { const d = am.io.readSvmhmm(text); return { x: d, y: d.tags }; };
      await bench('ocr-large', am.DenseSequenceTagger, { ...extra }, read(trainText), read(testText));
    },
    async letter(trainText, testText) {
      // dense rows, so that --first can slice them
      const read = (text) => {
        const d = am.io.readLibsvm(text, { minCols: 16 });
        const x = Array.from({ length: d.rows }, (_, i) => {
          const row = new Array(d.cols).fill(0);
          for (let p = d.offsets[i]; p < d.offsets[i + 1]; ++p) row[d.indices[p]] = d.values[p];
          return row;
        });
        return { x, y: Array.from(d.labels) };
      };
      const train = read(trainText);
      const repeated = { x: Array(repeat).fill(train.x).flat(), y: Array(repeat).fill(train.y).flat() };
      await bench(`letter${repeat > 1 ? ` ×${repeat}` : ''}, sgd`, am.Multiclass, { trainer: 'sgd', ...extra }, repeated, read(testText), rowAccuracy);
    },
    async mq2008(trainText, testText) {
      const read = (text) => am.io.readLetor(text, { minCols: 46 });
      // the queries `repeat` times over, one after another
      const repeated = (d) => {
        const nnz = d.indices.length, copies = (Type, a, n) => Type.from({ length: n * repeat }, (_, i) => a[i % n]);
        // offsets of n entries (n + 1 of them, from 0 to `by`), each copy shifted by `by`
        const offsets = (a, n, by) => Int32Array.from({ length: n * repeat + 1 }, (_, i) => a[i % n] + by * Math.floor(i / n));
        return { relevance: copies(Float32Array, d.relevance, d.rows), cols: d.cols, queryOffsets: offsets(d.queryOffsets, d.queries, d.rows),
          offsets: offsets(d.offsets, d.rows, nnz), indices: copies(Int32Array, d.indices, nnz), values: copies(Float32Array, d.values, nnz) };
      };
      // the settings of bench/ranking.mjs (bench/native/bench_ranking.cpp) with its 30 epochs, lambda left at its default
      const options = { measure: 'ndcg', trainer: 'sgd', eta: 0.1, epochs: 30, ...extra };
      await bench(`mq2008 fold 1${repeat > 1 ? ` ×${repeat}` : ''}, ndcg sgd (test NDCG@10)`, am.Ranker, options,
        { x: repeat > 1 ? repeated(read(trainText)) : read(trainText) }, { x: read(testText) }, ndcgAt10);
    },
  };

  console.log('| task | run | seconds | speed-up | accuracy | s/round |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const name of tasksOf(task)) {
    const files = taskFiles[name], absent = files.find((f) => texts[f] === undefined);
    if (absent) console.log(`| ${name} | (skipped: ${absent} not found in the data directory) |`);
    else await tasks[name](...files.map((f) => texts[f]));
  }
}
