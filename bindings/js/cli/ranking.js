// `argmax train ranking`: LETOR / SVMlight-with-qid files in, rankers out; eval prints NDCG@1/3/5/10 and MAP.
import { parseOptionStrings } from '../api/options.js';

function readData(am, text) {
  const d = am.io.readLetor(text);
  if (d.rows === 0) throw new Error('the data file has no documents');
  return d;
}

// NDCG@1/3/5/10 and MAP under the common convention (queries without a relevant document skipped).
function measures(am, model, data, convention = 'common') {
  const r = am.metrics.ranking(model.score(data), data, { convention, maxK: 10 });
  return { 'ndcg@1': r.ndcg[0], 'ndcg@3': r.ndcg[2], 'ndcg@5': r.ndcg[4], 'ndcg@10': r.ndcg[9], map: r.map, report: r };
}

function table(common, letor) {
  const row = (name, m) => `${name.padEnd(8)} ${['ndcg@1', 'ndcg@3', 'ndcg@5', 'ndcg@10', 'map'].map((k) => m[k].toFixed(4).padEnd(9)).join(' ')}`;
  return [`${''.padEnd(8)} ndcg@1    ndcg@3    ndcg@5    ndcg@10   map`, row('common', common), row('letor4', letor),
    `(common: ${common.report.counted} of ${common.report.queries} queries have a relevant document; letor4 counts all, as the LETOR 4.0 script)`].join('\n');
}

const strip = ({ report, ...rest }) => rest;

export default {
  name: 'ranking',
  kinds: ['ranking'],
  threads: true,
  evaluates: true,  // --train-accuracy
  help(am) {
    return `The options (--set key=value):\n${am.module.rankingHelp()}` +
      '\n--valid FILE picks lambda (0, 1e-4, 1e-3, 1e-2) and the number of epochs (1..epochs) by validation NDCG@10.' +
      '\n--threads N trains trainer=sgd|pegasos|perceptron on N threads by parameter mixing (not with --valid).';
  },
  async train(am, { train, valid, trainAccuracy, set, log, progress, threads }) {
    const data = readData(am, train);
    const options = parseOptionStrings(am.Ranker.options(), set, 'ranking');
    const model = new am.Ranker(options);
    const check = valid ? readData(am, valid) : data;
    if (valid) {
      await model.fit(data, { valid: check, workers: threads });
      log?.(`validation chose lambda ${model.options.lambda}, epochs ${model.options.epochs}`);
    } else {
      await model.fit(data, { workers: threads, onProgress: progress((p) => `epoch ${p.epoch}  objective ${p.objective.toFixed(6)}  training loss ${p.trainingError.toFixed(4)}`) });
    }
    if (!valid && !trainAccuracy) return { model, n: data.queries };
    const metrics = strip(measures(am, model, check));
    return { model, n: data.queries, metrics: { ...metrics, evaluated_on: valid ? 'valid' : 'train' } };
  },
  // One score per line (higher = ranked higher within its query).
  predict(am, model, text) {
    const data = readData(am, text);
    return Array.from(model.score(data), (s) => String(s));
  },
  evaluate(am, model, text) {
    const data = readData(am, text);
    const common = measures(am, model, data), letor = measures(am, model, data, 'letor4');
    return { n: data.queries, metrics: strip(common), table: table(common, letor) };
  },
};
