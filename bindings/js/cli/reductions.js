// The reduction algorithms of `argmax train multiclass` (ova, allpairs, ecoc, tree, adaboost-mh): --set keys
// go to the reduction when its table declares them (learner, code, code_size, decoding, seed) and to the
// binary learner otherwise (C, loss, lambda, epochs, max_depth, …).
import { parseOptionStrings } from '../options.js';

export const REDUCTION_ALGORITHMS = ['ova', 'allpairs', 'ecoc', 'tree', 'adaboost-mh'];

// Splits --set strings between a model's own table and its binary learner's table.
export function splitLearnerOptions(own, learnerSchema, set, owner, learner) {
  const mine = {}, theirs = {};
  for (const [key, value] of Object.entries(set)) (own.some((s) => s.name === key) ? mine : theirs)[key] = value;
  return [parseOptionStrings(own, mine, owner), parseOptionStrings(learnerSchema, theirs, `${owner} with binary learner '${learner}'`)];
}

// An untrained model for one of REDUCTION_ALGORITHMS.
export function reductionModel(am, algo, set) {
  if (algo === 'tree') return new am.DecisionTree(parseOptionStrings(am.DecisionTree.options(), set, 'tree'));
  if (algo === 'adaboost-mh') return new am.AdaBoostMH(parseOptionStrings(am.AdaBoostMH.options(), set, 'adaboost-mh'));
  const learner = set.learner ?? 'svm-dcd';
  const own = am.Reduction.options().filter((s) => s.name !== 'reduction');
  const [options, learnerOptions] = splitLearnerOptions(own, am.Reduction.learnerOptions(learner), set, algo, learner);
  return new am.Reduction({ reduction: algo, ...options, learnerOptions });
}

export function reductionHelp(am) {
  const lines = (specs) => specs.map((s) => `  ${s.name}=${s.type === 'choice' ? s.choices.join('|') : s.type}  (default ${s.default})  ${s.help}`).join('\n');
  const own = am.Reduction.options().filter((s) => s.name !== 'reduction');
  const learners = am.BinaryClassifier.learners().map((l) => `  learner=${l}:\n${lines(am.Reduction.learnerOptions(l)).replace(/^/gm, '  ')}`);
  return [`--algo ova | allpairs | ecoc\n${lines(own)}\n binary learner options (--set key=value):\n${learners.join('\n')}`,
    `--algo tree\n${lines(am.DecisionTree.options())}`, `--algo adaboost-mh\n${lines(am.AdaBoostMH.options())}`].join('\n');
}
