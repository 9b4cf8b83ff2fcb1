// Search ranking: a generated collection (or a dropped LETOR file), three surrogates trained in a worker —
// the NDCG structured hinge, the Kendall pairwise hinge and a pointwise regression — their NDCG@k curves on
// held-out queries, and one query's result list before (body text match alone) and after training.
import { am, startWorker } from '../lib/runtime.js';
import { TrainingPanel } from '../lib/panel.js';
import { lineChart, escapeHtml, heatTable } from '../lib/draw.js';
import { dropZone } from '../lib/files.js';
import { generateCollection, FEATURES } from '../data/collection.js';

const SURROGATES = [
  { id: 'ndcg', options: { measure: 'ndcg' }, label: 'NDCG structured hinge', colour: '#2f5fd0' },
  { id: 'kendall', options: { measure: 'kendall' }, label: 'Kendall pairwise hinge', colour: '#d1495b' },
  { id: 'pointwise', options: { loss: 'squared' }, label: 'pointwise regression', colour: '#66a182' },
];
const BASELINE = { colour: '#888', dashed: true };   // ranking by one raw feature (label: its name)
const K_MAX = 10;
const EPOCHS = 30;

export function mount(section) {
  if (typeof am.Ranker !== 'function') throw new Error('the ranking module (Ranker) is not in this build');
  const panel = new TrainingPanel(section.querySelector('.training'), startWorker());
  const querySelect = section.querySelector('select.query');
  const result = section.querySelector('.result');
  const curves = section.querySelector('canvas.curves');
  const lists = section.querySelector('.lists');
  const queryText = section.querySelector('.query-text');

  let data = null;      // { train, test, features, source, baselineColumn }
  let trained = [];     // [{ surrogate, model, curve }]

  function useCollection({ queries, features, source, baselineColumn }) {
    for (const t of trained) t.model.dispose();
    trained = [];
    // every third query is held out for the curves and the lists
    const test = queries.filter((_, i) => i % 3 === 2), train = queries.filter((_, i) => i % 3 !== 2);
    data = { train, test, features, source, baselineColumn };
    querySelect.replaceChildren(...test.map((q, i) => new Option(q.text, String(i))));
    showWeights();
    result.textContent = `${source}: ${train.length} training and ${test.length} test queries, ${features.length} features per result`;
    drawCurves();
    showQuery();
  }

  // Scores of each test query's results → mean NDCG@1..10 over the test queries (the library's metrics).
  const byColumn = (q, column) => q.docs.map((d) => d.features[column]);
  const scoresWith = (model, q) => Array.from(model.score(q.docs.map((d) => d.features)));
  const orderOf = (scores) => scores.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);
  const curveOf = (scoreFn) => {
    const scores = data.test.flatMap(scoreFn);
    const { ndcg } = am.metrics.ranking(scores, data.test.map((q) => ({ relevance: q.docs.map((d) => d.relevance) })), { maxK: K_MAX });
    return Array.from(ndcg, (v, j) => [j + 1, v]);
  };

  const baselineLabel = () => `${data.features[data.baselineColumn]} alone`;

  function drawCurves() {
    const series = [{ ...BASELINE, label: baselineLabel(), points: curveOf((q) => byColumn(q, data.baselineColumn)) },
      ...trained.map((t) => ({ label: t.surrogate.label, colour: t.surrogate.colour, points: t.curve }))];
    const all = series.flatMap((s) => s.points.map((p) => p[1]));
    lineChart(curves, series, { xLabel: 'k', yLabel: 'mean NDCG@k', yMin: Math.max(0, Math.floor(Math.min(...all) * 10) / 10 - 0.1), yMax: 1 });
  }

  function listHtml(q, scores, title) {
    const top = Math.max(...q.docs.map((d) => d.relevance), 1);
    const rel = q.docs.map((d) => d.relevance), order = orderOf(scores);
    const at10 = am.metrics.ndcg(scores, rel, { k: K_MAX });
    return `<div><b>${escapeHtml(title)}</b> · NDCG@10 <span class="ndcg">${Number.isNaN(at10) ? '–' : at10.toFixed(3)}</span><ol>${order.slice(0, K_MAX).map((i) =>
      `<li data-relevance="${q.docs[i].relevance}"><span class="rel" title="relevance ${q.docs[i].relevance}"><i style="width:${(100 * q.docs[i].relevance) / top}%"></i></span>${escapeHtml(q.docs[i].title)}</li>`).join('')}</ol></div>`;
  }

  // Rows = features, columns = trained models, each model's weights divided by its largest magnitude.
  function showWeights() {
    const box = section.querySelector('.weights');
    if (trained.length === 0) { box.textContent = ''; return; }
    const scaled = trained.map((t) => {
      const w = Array.from(t.model.weights), m = Math.max(1e-12, ...w.map(Math.abs));
      return w.map((v) => v / m);
    });
    const rows = data.features.map((_, j) => scaled.map((w) => w[j] ?? 0));
    box.innerHTML = heatTable(rows, data.features, trained.map((t) => t.surrogate.label), { title: 'feature', digits: 2 });
  }

  function showQuery() {
    const q = data.test[Number(querySelect.value) || 0];
    if (!q) { lists.textContent = ''; return; }
    queryText.textContent = `“${q.text}” (${q.docs.length} results)`;
    const before = listHtml(q, byColumn(q, data.baselineColumn), `before: by ${data.features[data.baselineColumn]}`);
    const best = trained.find((t) => t.surrogate.id === 'ndcg') ?? trained[0];
    const after = best ? listHtml(q, scoresWith(best.model, q), `after: ${best.surrogate.label}`) : '<div><b>after</b><p>train to see the learned order</p></div>';
    lists.innerHTML = `<div class="before">${before}</div><div class="after">${after}</div>`;
  }

  async function trainAll() {
    for (const t of trained) t.model.dispose();
    trained = [];
    drawCurves();
    showWeights();
    const queries = data.train.map((q) => ({ features: q.docs.map((d) => d.features), relevance: q.docs.map((d) => d.relevance) }));
    const epochs = Math.max(1, Math.round(Number(section.querySelector('input.epochs').value) || EPOCHS));
    for (const surrogate of SURROGATES) {
      // SGD for both surrogates, so that their curves share the epoch axis (kendall's default is the cutting plane)
      const out = await panel.run({ model: 'Ranker', options: { ...surrogate.options, ...(surrogate.options.loss === 'squared' ? {} : { trainer: 'sgd', epochs, seed: 1 }), k: K_MAX }, args: [queries] },
        { epochs, label: surrogate.label });
      if (!out) return;   // stopped (cancelled) or failed: the status says which
      const model = am.load(out.bytes);
      trained.push({ surrogate, model, curve: curveOf((q) => scoresWith(model, q)) });
      drawCurves();
      showQuery();
      showWeights();
      if (out.stopped) break;
    }
    const at10 = (points) => points[K_MAX - 1][1].toFixed(3);
    result.textContent = `mean NDCG@10 on ${data.test.length} test queries: ` +
      [[baselineLabel(), curveOf((q) => byColumn(q, data.baselineColumn))], ...trained.map((t) => [t.surrogate.label, t.curve])]
        .map(([label, curve]) => `${label} ${at10(curve)}`).join(' · ');
    panel.say(`trained ${trained.length} ranker${trained.length === 1 ? '' : 's'}${trained.length < SURROGATES.length ? ' (stopped)' : ''}`, 'ok');
  }

  // A LETOR / SVMlight-with-qid file: one test query in three; the list shows documents by their line number.
  function loadLetor(text, name) {
    try {
      const parsed = am.io.readLetor(text);
      const queries = groupQueries(parsed);
      if (queries.length < 3) throw new Error(`${name} has ${queries.length} queries; at least 3 are needed`);
      useCollection({ queries, features: Array.from({ length: parsed.cols }, (_, j) => `feature ${j + 1}`), source: name, baselineColumn: 0 });
      panel.say(`loaded ${name}: press “Train all three”`, 'ok');
    } catch (e) {
      panel.say(`could not read ${name}: ${e.message}`, 'error');
    }
  }

  querySelect.addEventListener('change', showQuery);
  section.querySelector('button.train').addEventListener('click', trainAll);
  dropZone(section.querySelector('.drop'), loadLetor, { accept: '.txt,.letor,.svmlight,.dat' });

  useCollection({ ...generateCollection(), source: 'generated collection', baselineColumn: FEATURES.indexOf('body match') });
  panel.say('ready: train the three surrogates on the generated collection, or drop a LETOR file');
  return { autoTrain: trainAll };
}

// io.readLetor's rows → [{ text, docs: [{ title, features, relevance }] }], one entry per query, in file order.
function groupQueries(parsed) {
  const { queryIds, queryOffsets, relevance, offsets, indices, values, cols } = parsed;
  return Array.from(queryIds, (id, q) => {
    const docs = [];
    for (let r = queryOffsets[q]; r < queryOffsets[q + 1]; ++r) {
      const features = new Array(cols).fill(0);
      for (let p = offsets[r]; p < offsets[r + 1]; ++p) features[indices[p]] = values[p];
      docs.push({ title: `document ${r - queryOffsets[q] + 1} (row ${r + 1})`, features, relevance: relevance[r] });
    }
    return { text: `qid ${id}`, docs };
  });
}
