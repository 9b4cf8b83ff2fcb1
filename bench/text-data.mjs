// The text benchmarks' data sets and measure (bench/text.mjs, bench/text-reuters-gap.mjs), read from
// ../shared/data (or $ARGMAX_DATA): never copied into the repository.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const data = process.env.ARGMAX_DATA ?? join(fileURLToPath(new URL('.', import.meta.url)), '../../shared/data');

// TREC: "COARSE:fine text" per line, Latin-1 (one stray byte).
export function readTrec(file) {
  return readFileSync(join(data, 'text-trec-qc', file), 'latin1').split('\n').filter((l) => l.trim()).map((l) => {
    const space = l.indexOf(' ');
    const fine = l.slice(0, space);
    return { coarse: fine.split(':')[0], fine, text: l.slice(space + 1).trim() };
  });
}

// Reuters-21578 ModApte: stories with TOPICS="YES", LEWISSPLIT TRAIN or TEST, labelled with the categories
// that have a story in both halves (90), keeping the stories with one of them; text = title and body.
export function readReuters() {
  const dir = join(data, 'text-reuters21578');
  const entity = (s) => s.replace(/&#(\d+);/g, (_, d) => String.fromCharCode(Number(d))).replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const stories = { TRAIN: [], TEST: [] };
  for (let f = 0; f <= 21; ++f) {
    const sgml = readFileSync(join(dir, `reut2-${String(f).padStart(3, '0')}.sgm`), 'latin1');
    for (const block of sgml.split('<REUTERS').slice(1)) {
      const split = /LEWISSPLIT="([\w-]+)"/.exec(block)[1];
      if (!/TOPICS="YES"/.test(block) || !(split in stories)) continue;
      const topics = /<TOPICS>(.*?)<\/TOPICS>/s.exec(block)?.[1] ?? '';
      const labels = [...topics.matchAll(/<D>(.*?)<\/D>/g)].map((m) => m[1]);
      const title = /<TITLE>(.*?)<\/TITLE>/s.exec(block)?.[1] ?? '';
      const body = /<BODY>(.*?)<\/BODY>/s.exec(block)?.[1] ?? '';
      stories[split].push({ labels, text: entity(`${title}\n${body}`) });
    }
  }
  const inTrain = new Set(stories.TRAIN.flatMap((s) => s.labels)), inTest = new Set(stories.TEST.flatMap((s) => s.labels));
  const kept = new Set([...inTrain].filter((l) => inTest.has(l)));
  const keep = (list) => list.map((s) => ({ ...s, labels: s.labels.filter((l) => kept.has(l)) })).filter((s) => s.labels.length);
  return { train: keep(stories.TRAIN), test: keep(stories.TEST), categories: kept.size };
}

// Micro- and macro-averaged F1 over the labels of the truth (as scikit-learn's f1_score on the binarized sets).
export function f1Scores(truth, predicted, labels) {
  const counts = new Map(labels.map((l) => [l, [0, 0, 0]]));
  truth.forEach((t, i) => {
    const want = new Set(t), got = new Set(predicted[i]);
    for (const l of got) if (counts.has(l)) ++counts.get(l)[want.has(l) ? 0 : 1];
    for (const l of want) if (!got.has(l)) ++counts.get(l)[2];
  });
  const f1 = ([tp, fp, fn]) => (tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn));
  const sum = [0, 0, 0];
  for (const c of counts.values()) c.forEach((v, j) => { sum[j] += v; });
  return { micro: f1(sum), macro: [...counts.values()].reduce((s, c) => s + f1(c), 0) / counts.size };
}
