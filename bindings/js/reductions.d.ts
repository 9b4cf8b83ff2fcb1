// Types of the reductions module: one-vs-all, all-pairs and ECOC over any binary learner, CART trees,
// AdaBoost.MH, binary learners on their own, and multi-label learning.
import type { Matrix, FitOptions, ClassifierFitOptions, OptionSpec, Disposable, TrainingReport, TextSource, TextStream, FeatureScaling } from './index.js';

export type BinaryLearnerName = 'svm-dcd' | 'svm-kernel' | 'svm-pegasos' | 'logistic' | 'perceptron' | 'stump' | 'tree';
export type Decoding = 'auto' | 'argmax' | 'signed-vote' | 'majority-vote' | 'hamming' | 'hinge' | 'logistic' | 'exponential' | 'learned';
export type CodeName = 'ova' | 'ovo' | 'dense' | 'sparse' | 'exhaustive' | 'user';

/** Options of the binary learners (each learner takes only its own; see BinaryClassifier.options(name)). */
export interface BinaryLearnerOptions {
  /** svm-dcd, svm-kernel, logistic: cost C */
  C?: number;
  /** svm-dcd: 'squared-hinge' (LIBLINEAR -s 1, LinearSVC's default) or 'hinge' (-s 3) */
  loss?: 'squared-hinge' | 'hinge';
  /** linear learners: value of the constant feature (0 = no intercept); svm-kernel: b in K + b² (default 1) */
  bias?: number;
  /** svm-dcd, svm-kernel: projected-gradient gap; logistic: relative gradient norm */
  tol?: number;
  /** svm-kernel: K = linear ⟨x,x'⟩, poly (gamma⟨x,x'⟩ + coef0)^degree or rbf exp(−gamma‖x−x'‖²) (default rbf) */
  kernel?: 'linear' | 'poly' | 'rbf';
  /** svm-kernel: γ of poly and rbf; 0 (default): 1/(d·Var x) over the reduction's (scaled) training rows */
  gamma?: number;
  /** svm-kernel: constant term of poly (default 0) */
  coef0?: number;
  /** svm-kernel: degree of poly (default 3) */
  degree?: number;
  /** svm-kernel: kernel column cache in MB; an error when it cannot hold one column (4·m bytes; default 200) */
  cache?: number;
  max_iter?: number;
  /** svm-pegasos: λ in λ/2‖w‖² + mean hinge */
  lambda?: number;
  /** svm-pegasos, perceptron */
  epochs?: number;
  average?: boolean;
  /** tree */
  criterion?: 'gini' | 'entropy' | 'misclassification';
  max_depth?: number;
  min_leaf?: number;
  prune?: boolean;
  cv_folds?: number;
  /** tree: columns (from 0) asked as x_j = v instead of x_j ≤ θ */
  categorical?: number[];
}

export interface ReductionOptions {
  reduction?: 'ova' | 'allpairs' | 'ecoc';
  learner?: BinaryLearnerName;
  learnerOptions?: BinaryLearnerOptions;
  /** ECOC code (default dense random) */
  code?: CodeName;
  /** columns of a random code; 0 = ⌈10 log₂ k⌉ dense, ⌈15 log₂ k⌉ sparse */
  code_size?: number;
  /** auto: argmax (ova), signed-vote (allpairs), hamming (ecoc); learned: a real code learned on f(x) */
  decoding?: Decoding;
  /** feature scaling fitted on the training rows and folded into the weights. auto (default): every feature
   *  divided by the largest |value| when that exceeds 10, values in [-10, 10] left as they are; minmax: each column to
   *  [0, 1]; standard: zero mean, unit variance; sparse rows are scaled only (no shift; the bias takes it); linear learners and svm-kernel (which
   *  keeps the scaling and scales the rows it scores) only (auto leaves the rows of trees and stumps as they are) */
  scale?: FeatureScaling;
  /** decoding 'learned': the kernel K(f(x), M_l), its γ (rbf) and the code SVM's C */
  code_kernel?: 'linear' | 'rbf';
  code_gamma?: number;
  code_C?: number;
  /** binary learners see D random Fourier features z(x) instead of x (0 = off), approximating exp(−γ‖x−x'‖²) */
  rff?: number;
  /** γ of rff; 0 (default): 1/(d·Var x) over the training rows */
  gamma?: number;
  rff_seed?: number;
  seed?: number;
  /** a k×c code of −1/0/+1, rows in sorted label order (implies reduction 'ecoc', code 'user') */
  userCode?: number[][];
}

export interface Reduction extends Disposable {
  /** how the last fit ended, over all binary problems (undefined for a loaded model) */
  readonly training: TrainingReport | undefined;
  fit(X: Matrix, y: ArrayLike<number>, options?: FitOptions): this;
  /** predicted labels; ties in the decoded scores go to the lowest class */
  predict(X: Matrix): Int32Array;
  /** the binary confidences f_j(x), rows × columns */
  confidences(X: Matrix): Float32Array;
  readonly labels: Int32Array;
  readonly reduction: string;
  readonly learner: string;
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
  learnerOptions(learner: BinaryLearnerName): OptionSpec[];
}

export interface DecisionTreeOptions {
  criterion?: 'gini' | 'entropy' | 'misclassification';
  /** 0 = unlimited */
  max_depth?: number;
  min_leaf?: number;
  /** cost-complexity pruning with λ chosen by cv_folds-fold cross-validation */
  prune?: boolean;
  cv_folds?: number;
  /** cross-validation folds and the order features are tried in at each node (decides exact ties) */
  seed?: number;
  /** columns (from 0) asked as x_j = v instead of x_j ≤ θ */
  categorical?: number[];
}
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
  /** y: integer labels (mono-label) or label sets number[][] (multi-label, labels 0..k−1) */
  fit(X: Matrix, y: ArrayLike<number> | number[][], options?: FitOptions & { labels?: number }): this;
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
  new (options?: { rounds?: number }): AdaBoostMH;
  options(): OptionSpec[];
}

export interface BinaryRelevance extends Disposable {
  /** how the last fit ended, over all binary problems (undefined for a loaded model) */
  readonly training: TrainingReport | undefined;
  fit(X: Matrix, labelSets: number[][], options?: FitOptions & { labels?: number }): this;
  predict(X: Matrix): number[][];
  scores(X: Matrix): Float32Array;
  readonly labelCount: number;
  readonly learner: string;
  save(): Uint8Array;
}
export interface BinaryRelevanceConstructor {
  /** scale: as ReductionOptions.scale */
  new (options?: { learner?: BinaryLearnerName; learnerOptions?: BinaryLearnerOptions; seed?: number; scale?: FeatureScaling }): BinaryRelevance;
  options(): OptionSpec[];
}

export interface BinaryClassifier extends Disposable {
  /** how the last fit ended, over all binary problems (undefined for a loaded model) */
  readonly training: TrainingReport | undefined;
  /** labels ±1 (both, unless allowSingleClass); NaN features are missing values to 'tree' and 'stump' */
  fit(X: Matrix, y: ArrayLike<number>, options?: ClassifierFitOptions): this;
  /** real-valued confidences f(x) */
  scores(X: Matrix): Float32Array;
  /** sign f(x), 0 → −1 */
  predict(X: Matrix): Int32Array;
  readonly learner: string;
  save(): Uint8Array;
}
export interface BinaryClassifierConstructor {
  new (options?: { learner?: BinaryLearnerName; seed?: number } & BinaryLearnerOptions): BinaryClassifier;
  learners(): BinaryLearnerName[];
  options(learner: BinaryLearnerName): OptionSpec[];
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
  metrics: { multilabel(truth: number[][], predicted: number[][], options?: { labels?: number }): MultilabelScores };
  io: {
    readMultilabel(text: TextSource, options?: { minCols?: number }): MultilabelData;
    readMultilabel(text: TextStream, options?: { minCols?: number }): Promise<MultilabelData>;
  };
}
