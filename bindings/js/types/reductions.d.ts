// Types of the reductions module: one-vs-all, all-pairs and ECOC over any binary learner, CART trees,
// AdaBoost.MH, binary learners on their own, and multi-label learning.
import type { Matrix, FitOptions, ClassifierFitOptions, OptionSpec, Disposable, TrainingReport, TextSource, TextStream, FeatureScaling } from '../index.js';
import type { BinaryLearnerTableOptions, LinearBinaryLearnerTableOptions, ReductionTableOptions, DecisionTreeTableOptions, BinaryRelevanceTableOptions, AdaBoostMHTableOptions } from './options.js';

/** The model kind of a binary learner; 'linear' and 'kernel' take a `trainer` and a `loss` (the 0.1 names
 *  svm-dcd, svm-kernel, svm-pegasos, logistic, perceptron are errors naming their replacement). */
export type BinaryLearnerName = 'linear' | 'kernel' | 'stump' | 'tree';
export type Decoding = 'auto' | 'argmax' | 'signed-vote' | 'majority-vote' | 'hamming' | 'hinge' | 'logistic' | 'exponential' | 'learned';
export type CodeName = 'ova' | 'ovo' | 'dense' | 'sparse' | 'exhaustive' | 'user';

type WithoutLearner<T> = T extends unknown ? Omit<T, 'learner'> : never;
/** A binary learner's options, its `trainer` and `loss` among them (each takes only its trainer's; see
 *  BinaryClassifier.options(learner, trainer)); the learner itself is the reduction's `learner`. */
export type BinaryLearnerOptions = LinearBinaryLearnerTableOptions | WithoutLearner<BinaryLearnerTableOptions>;
/** A binary learner named with its options: learner 'linear' (the default) or another kind. */
export type NamedBinaryLearnerOptions = ({ learner?: 'linear' } & LinearBinaryLearnerTableOptions) | BinaryLearnerTableOptions;
/** The trainer and loss a model's binary learner was trained with (undefined: a grown tree or stump, the
 *  perceptron's own loss, or a loss a model saved by 0.1 did not record). */
export interface TrainedBy {
  readonly learner: string;
  readonly trainer: string | undefined;
  readonly loss: string | undefined;
}

/** A reduction's options (types/options.d.ts), its binary learner's options, and a user code matrix. */
export type ReductionOptions = ReductionTableOptions & {
  learner?: BinaryLearnerName;
  learnerOptions?: BinaryLearnerOptions;
  /** code = 'user': k rows (classes in sorted label order) of -1, 0, +1 */
  userCode?: number[][];
};

export interface Reduction extends Disposable, TrainedBy {
  /** how the last fit ended, over all binary problems (undefined for a loaded model) */
  readonly training: TrainingReport | undefined;
  /** labels of two classes or more: a reduction's binary problems each set classes against others (no allowSingleClass) */
  fit(X: Matrix, y: ArrayLike<number>, options?: FitOptions): this;
  /** predicted labels; ties in the decoded scores go to the lowest class */
  predict(X: Matrix): Int32Array;
  /** the binary confidences f_j(x), rows × columns */
  confidences(X: Matrix): Float32Array;
  readonly labels: Int32Array;
  readonly reduction: string;
  readonly code: number[][];
  /** minimum row distance d (a 0 entry counts ½) */
  readonly minimumDistance: number;
  /** ⌊(d − 1)/2⌋ */
  readonly correctableErrors: number;
  decoding: Decoding;
  save(): Uint8Array;
}
export interface ReductionConstructor {
  new (options?: ReductionOptions): Reduction;
  options(): OptionSpec[];
  /** a binary learner's options with a trainer (default: the learner's first) and a loss it minimises */
  learnerOptions(learner?: BinaryLearnerName, trainer?: string, loss?: string): OptionSpec[];
}

export type DecisionTreeOptions = DecisionTreeTableOptions;
export interface PruningTrace {
  lambdas: Float64Array;
  leaves: Int32Array;
  cvError: Float64Array;
  chosen: number;
}
export interface DecisionTree extends Disposable {
  /** NaN features are missing: they follow the child that received more training weight */
  fit(X: Matrix, y: ArrayLike<number>, options?: ClassifierFitOptions): this;
  predict(X: Matrix): Int32Array;
  /** class fractions at the leaf, rows × classes in `labels` order */
  probabilities(X: Matrix): Float32Array;
  readonly labels: Int32Array;
  readonly leaves: number;
  readonly nodes: number;
  readonly pruning: PruningTrace | null;
  save(): Uint8Array;
}
export interface DecisionTreeConstructor {
  new (options?: DecisionTreeOptions): DecisionTree;
  options(): OptionSpec[];
}

export interface BoostingRound {
  epsilon: number;
  alpha: number;
  z: number;
  /** Π Z_t so far: a bound on the training Hamming loss */
  zProduct: number;
  hammingLoss: number;
}
export interface AdaBoostMH extends Disposable {
  /** y: integer labels (mono-label) or label sets number[][] (multi-label, labels 0..k−1, told apart by y[0]);
   *  `labels`: k, an integer in [1, 2^24] (the readers' limit), for label sets only; `allowSingleClass` for
   *  labels only (label sets that all hold one label train, as BinaryRelevance's do) */
  fit(X: Matrix, y: ArrayLike<number> | number[][], options?: FitOptions & ClassifierFitOptions & { labels?: number }): this;
  /** mono-label prediction argmax_l f(x, l) */
  predict(X: Matrix): Int32Array;
  /** multi-label prediction {l : f(x, l) > 0} */
  predictSets(X: Matrix): number[][];
  /** f(x, l), rows × labels */
  scores(X: Matrix): Float64Array;
  readonly labels: Int32Array;
  readonly multilabel: boolean;
  readonly history: BoostingRound[];
  save(): Uint8Array;
}
export interface AdaBoostMHConstructor {
  new (options?: AdaBoostMHTableOptions): AdaBoostMH;
  options(): OptionSpec[];
}

export interface BinaryRelevance extends Disposable, TrainedBy {
  /** how the last fit ended, over all binary problems (undefined for a loaded model) */
  readonly training: TrainingReport | undefined;
  /** labelSets: integer labels in [0, 2^24) (the multi-label reader's limit), below `labels` when it is given
   *  (an integer in [1, 2^24]); rows × labels must fit the 1 GiB buffer limit. Checked before anything is
   *  allocated: an Error naming the set and position otherwise. */
  fit(X: Matrix, labelSets: number[][], options?: FitOptions & { labels?: number }): this;
  predict(X: Matrix): number[][];
  scores(X: Matrix): Float32Array;
  readonly labelCount: number;
  save(): Uint8Array;
}
export interface BinaryRelevanceConstructor {
  /** scale: as ReductionOptions.scale */
  new (options?: BinaryRelevanceTableOptions & { learnerOptions?: BinaryLearnerOptions }): BinaryRelevance;
  options(): OptionSpec[];
}

export interface BinaryClassifier extends Disposable, TrainedBy {
  /** how the last fit ended, over all binary problems (undefined for a loaded model) */
  readonly training: TrainingReport | undefined;
  /** labels ±1 (both, unless allowSingleClass); NaN features are missing values to 'tree' and 'stump' */
  fit(X: Matrix, y: ArrayLike<number>, options?: ClassifierFitOptions): this;
  /** real-valued confidences f(x) */
  scores(X: Matrix): Float32Array;
  /** sign f(x), 0 → −1 */
  predict(X: Matrix): Int32Array;
  save(): Uint8Array;
}
export interface BinaryClassifierConstructor {
  new (options?: { seed?: number } & NamedBinaryLearnerOptions): BinaryClassifier;
  learners(): BinaryLearnerName[];
  /** the options of a learner (default 'linear') with a trainer (default: its first) and a loss it minimises */
  options(learner?: BinaryLearnerName, trainer?: string, loss?: string): OptionSpec[];
}

export interface MultilabelScores {
  hammingLoss: number;
  subsetAccuracy: number;
  microF1: number;
  /** a label with no positives in truth or prediction scores 0 (scikit-learn's convention) */
  macroF1: number;
}
export interface MultilabelData {
  X: { offsets: Int32Array; indices: Int32Array; values: Float32Array; cols: number };
  labelSets: number[][];
  labels: number;
  rows: number;
  cols: number;
}

export interface ReductionsApi {
  Reduction: ReductionConstructor;
  DecisionTree: DecisionTreeConstructor;
  AdaBoostMH: AdaBoostMHConstructor;
  BinaryRelevance: BinaryRelevanceConstructor;
  BinaryClassifier: BinaryClassifierConstructor;
  /** label sets as BinaryRelevance.fit takes them; k = `labels`, or 1 + the largest label of either */
  metrics: { multilabel(truth: number[][], predicted: number[][], options?: { labels?: number }): MultilabelScores };
  io: {
    readMultilabel(text: TextSource, options?: { minCols?: number }): MultilabelData;
    readMultilabel(text: TextStream, options?: { minCols?: number }): Promise<MultilabelData>;
  };
}
