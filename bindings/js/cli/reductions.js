// The methods of `argmax train multiclass` besides the linear model (ova, allpairs, ecoc, tree, adaboost-mh): --set keys
// go to the reduction when its table declares them (learner, code, codeSize, decoding, seed) and to the
// binary learner otherwise (trainer, loss, C, lambda, epochs, maxDepth, categorical, …).
import { parseOptionStrings } from '../api/options.js';
import { sharedFirst } from './help.js';

export const REDUCTION_METHODS = ['ova', 'allpairs', 'ecoc', 'tree', 'adaboost-mh'];

// On the command line a tree's categorical features are LIBSVM feature indices, as in the file (from 1);
// the API takes columns (from 0). cols: the training data's columns, to name an index beyond them.
export function categoricalColumns(options, cols) {
  if (options.categorical === undefined) return options;
  for (const i of options.categorical) {
    if (i < 1) throw new TypeError(`option 'categorical' lists LIBSVM feature indices, which start at 1; got ${i}`);
    if (cols !== undefined && i > cols) throw new RangeError(`option 'categorical': feature ${i} is not in the training data (its largest feature index is ${cols})`);
  }
  return { ...options, categorical: options.categorical.map((i) => i - 1) };
}

// Splits --set strings between a model's own table and its binary learner's table, which the learner, trainer
// and loss choose.
export function splitLearnerOptions(am, own, set, owner, cols) {
  const learner = set.learner ?? 'linear';
  const learnerSchema = am.Reduction.learnerOptions(learner, set.trainer, set.loss);
  const mine = {}, theirs = {};
  for (const [key, value] of Object.entries(set)) (own.some((s) => s.name === key) ? mine : theirs)[key] = value;
  return [parseOptionStrings(own, mine, owner),
    categoricalColumns(parseOptionStrings(learnerSchema, theirs, `${owner} with binary learner '${learner}'`), cols)];
}

// An untrained model for one of REDUCTION_METHODS; cols: the training data's columns.
export function reductionModel(am, method, set, cols) {
  if (method === 'tree') return new am.DecisionTree(categoricalColumns(parseOptionStrings(am.DecisionTree.options(), set, 'tree'), cols));
  if (method === 'adaboost-mh') return new am.AdaBoostMH(parseOptionStrings(am.AdaBoostMH.options(), set, 'adaboost-mh'));
  const own = am.Reduction.options().filter((s) => s.name !== 'reduction');
  const [options, learnerOptions] = splitLearnerOptions(am, own, set, method, cols);
  return new am.Reduction({ reduction: method, ...options, learnerOptions });
}

// One help line per option, as --set takes it.
export function optionLines(specs) {
  return specs.map((s) => (s.name === 'categorical'
    ? '  categorical=1,4,7  (default none)  LIBSVM feature indices (from 1) asked as x = v rather than x <= t'
    : `  ${s.name}=${s.type === 'choice' ? s.choices.join('|') : s.type}  (default ${s.default})  ${s.help}`)).join('\n');
}

// Each binary learner's options: with several trainers, those of every trainer once, then what each adds.
export function learnerHelp(am) {
  return am.BinaryClassifier.learners().map((l) => {
    const trainers = am.Reduction.learnerOptions(l).find((s) => s.name === 'trainer')?.choices ?? [undefined];
    const blocks = trainers.map((t) => ({ name: t,
      text: optionLines(am.Reduction.learnerOptions(l, t).filter((s) => s.name !== 'trainer')).replace(/^/gm, '  ') }));
    if (blocks.length > 1) return sharedFirst(blocks, `  learner=${l} trainer=`, `  learner=${l}, every trainer,`);
    return `  learner=${l}:\n${blocks[0].text || '    (no options)'}`;
  }).join('\n');
}

export function reductionHelp(am) {
  const own = am.Reduction.options().filter((s) => s.name !== 'reduction');
  return [`--method ova | allpairs | ecoc\n${optionLines(own)}\n binary learner options (--set key=value):\n${learnerHelp(am)}`,
    `--method tree\n${optionLines(am.DecisionTree.options())}`, `--method adaboost-mh\n${optionLines(am.AdaBoostMH.options())}`].join('\n');
}
