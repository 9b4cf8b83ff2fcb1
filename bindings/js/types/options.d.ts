// The options of every model as its table declares them, one interface per trainer: made by bindings/js/types/make-options.mjs from the
// core's option tables (tests/js/schema.test.mjs holds them to it). Do not edit by hand.

/** Multiclass, trainer 'dcd' */
export interface MulticlassDcdTableOptions {
  /** the optimiser: dcd = dual coordinate descent (LIBLINEAR; Crammer–Singer for several classes, LIBSVM-style for kernels); sgd = stochastic subgradient descent with the constant step eta, averaged (SSBD 17.2.5); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; cutting-plane = 1-slack cutting plane, exact: stops at a certified primal–dual gap (SVMstruct, SVMperf); bcfw = block-coordinate Frank–Wolfe on the dual, exact: stops at a certified gap (Lacoste-Julien et al.); default dcd: Crammer–Singer's multiclass SVM, exact and fast on most data (default dcd) */
  trainer?: 'dcd';
  /** the objective: hinge = the structured hinge with margin rescaling, max_y' Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩ (for two classes max(0, 1 − y⟨w, x⟩)) (default hinge) */
  loss?: 'hinge';
  /** cost of slack: ½‖w‖² + C Σ_i ℓ_i (LIBLINEAR's and SVMstruct's -c) (default 1, > 0) */
  C?: number;
  /** stopping tolerance on the dual (LIBLINEAR's -e) (default 0.1, > 0) */
  eps?: number;
  /** cap on passes over the examples; default 100000 here: LIBLINEAR's cap for Crammer–Singer, whose passes are cheap (default 100000, [1, 1000000000]) */
  maxIter?: number;
  /** random seed (example order) (default 1, [0, 4294967295]) */
  seed?: number;
  /** value of a constant bias feature appended to x, one weight per class (0 = none: every score is 0 at x = 0) (default 1, ≥ 0) */
  bias?: number;
  /** how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256) (default 32, [8, 32]) */
  weightBits?: number;
  /** feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds 10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows are scaled only, never shifted (default auto) */
  scale?: 'auto' | 'none' | 'minmax' | 'standard';
  /** learn on D random Fourier features z(x) instead of x, approximating the RBF kernel (0 = off) (default 0, [0, 1000000]) */
  rff?: number;
  /** γ of the RBF kernel exp(−γ‖x−x'‖²) that rff approximates; 0 (the default): from the training rows, 1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's gamma='scale'). The model records the value used (default 0, ≥ 0) */
  gamma?: number;
  /** seed of the random features (default 1, [0, 4294967295]) */
  rffSeed?: number;
}

/** Multiclass, trainer 'sgd' */
export interface MulticlassSgdTableOptions {
  /** the optimiser: dcd = dual coordinate descent (LIBLINEAR; Crammer–Singer for several classes, LIBSVM-style for kernels); sgd = stochastic subgradient descent with the constant step eta, averaged (SSBD 17.2.5); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; cutting-plane = 1-slack cutting plane, exact: stops at a certified primal–dual gap (SVMstruct, SVMperf); bcfw = block-coordinate Frank–Wolfe on the dual, exact: stops at a certified gap (Lacoste-Julien et al.); default dcd: Crammer–Singer's multiclass SVM, exact and fast on most data (default dcd) */
  trainer: 'sgd';
  /** the objective: hinge = the structured hinge with margin rescaling, max_y' Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩ (for two classes max(0, 1 − y⟨w, x⟩)); slack = the structured hinge with slack rescaling, max_y' Δ(y', y)·(1 + ⟨w, Ψ(x,y') − Ψ(x,y)⟩); sum = the sum of hinges over the other classes (Weston–Watkins); log = the log loss −log p(y|x) (logistic regression, CRF); softmax-margin = the log loss with the cost Δ inside the partition function (Gimpel and Smith) (default hinge) */
  loss?: 'hinge' | 'slack' | 'sum' | 'log' | 'softmax-margin';
  /** the constant step size (0: computed from the data, where the task can: Multiclass); default 0 here: 0 = SSBD Cor. 17.2's step √(B²/(ρ²T)), ρ the data's largest ‖Ψ(x,y) − Ψ(x,y')‖ (default 0, ≥ 0) */
  eta?: number;
  /** regularisation λ/2‖w‖² (0 = none) (default 0, ≥ 0) */
  lambda?: number;
  /** passes over the training data (default 20, [1, 1000000]) */
  epochs?: number;
  /** output the average of the iterates (default true) */
  average?: boolean;
  /** random seed (example order) (default 1, [0, 4294967295]) */
  seed?: number;
  /** Ψ: multivector (x in block y) or class-sensitive TF-IDF over word counts (default multivector) */
  features?: 'multivector' | 'tfidf';
  /** eta = 0: the norm bound ‖w*‖ ≤ B of that step (default 10, > 0) */
  B?: number;
  /** L1 weight c in (1/m)·Σ loss + c·|w|₁ by the cumulative L1 penalty: exact zeros, dropped from the model (default 0, [0, 1000000]) */
  l1?: number;
  /** value of a constant bias feature appended to x, one weight per class (0 = none: every score is 0 at x = 0) (default 1, ≥ 0) */
  bias?: number;
  /** how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256) (default 32, [8, 32]) */
  weightBits?: number;
  /** feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds 10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows are scaled only, never shifted (default auto) */
  scale?: 'auto' | 'none' | 'minmax' | 'standard';
  /** learn on D random Fourier features z(x) instead of x, approximating the RBF kernel (0 = off) (default 0, [0, 1000000]) */
  rff?: number;
  /** γ of the RBF kernel exp(−γ‖x−x'‖²) that rff approximates; 0 (the default): from the training rows, 1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's gamma='scale'). The model records the value used (default 0, ≥ 0) */
  gamma?: number;
  /** seed of the random features (default 1, [0, 4294967295]) */
  rffSeed?: number;
}

/** Multiclass, trainer 'pegasos' */
export interface MulticlassPegasosTableOptions {
  /** the optimiser: dcd = dual coordinate descent (LIBLINEAR; Crammer–Singer for several classes, LIBSVM-style for kernels); sgd = stochastic subgradient descent with the constant step eta, averaged (SSBD 17.2.5); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; cutting-plane = 1-slack cutting plane, exact: stops at a certified primal–dual gap (SVMstruct, SVMperf); bcfw = block-coordinate Frank–Wolfe on the dual, exact: stops at a certified gap (Lacoste-Julien et al.); default dcd: Crammer–Singer's multiclass SVM, exact and fast on most data (default dcd) */
  trainer: 'pegasos';
  /** the objective: hinge = the structured hinge with margin rescaling, max_y' Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩ (for two classes max(0, 1 − y⟨w, x⟩)); slack = the structured hinge with slack rescaling, max_y' Δ(y', y)·(1 + ⟨w, Ψ(x,y') − Ψ(x,y)⟩); sum = the sum of hinges over the other classes (Weston–Watkins); log = the log loss −log p(y|x) (logistic regression, CRF); softmax-margin = the log loss with the cost Δ inside the partition function (Gimpel and Smith) (default hinge) */
  loss?: 'hinge' | 'slack' | 'sum' | 'log' | 'softmax-margin';
  /** regularisation λ in λ/2‖w‖² + mean loss; 0 = 1/m for m examples: the SVM ½‖w‖² + C·Σ loss with C = 1 (default 0, ≥ 0) */
  lambda?: number;
  /** passes over the training data (default 20, [1, 1000000]) */
  epochs?: number;
  /** output the average of the iterates (default true) */
  average?: boolean;
  /** random seed (example order) (default 1, [0, 4294967295]) */
  seed?: number;
  /** Ψ: multivector (x in block y) or class-sensitive TF-IDF over word counts (default multivector) */
  features?: 'multivector' | 'tfidf';
  /** L1 weight c in (1/m)·Σ loss + c·|w|₁ by the cumulative L1 penalty: exact zeros, dropped from the model (default 0, [0, 1000000]) */
  l1?: number;
  /** value of a constant bias feature appended to x, one weight per class (0 = none: every score is 0 at x = 0) (default 1, ≥ 0) */
  bias?: number;
  /** how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256) (default 32, [8, 32]) */
  weightBits?: number;
  /** feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds 10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows are scaled only, never shifted (default auto) */
  scale?: 'auto' | 'none' | 'minmax' | 'standard';
  /** learn on D random Fourier features z(x) instead of x, approximating the RBF kernel (0 = off) (default 0, [0, 1000000]) */
  rff?: number;
  /** γ of the RBF kernel exp(−γ‖x−x'‖²) that rff approximates; 0 (the default): from the training rows, 1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's gamma='scale'). The model records the value used (default 0, ≥ 0) */
  gamma?: number;
  /** seed of the random features (default 1, [0, 4294967295]) */
  rffSeed?: number;
}

/** Multiclass, trainer 'perceptron' */
export interface MulticlassPerceptronTableOptions {
  /** the optimiser: dcd = dual coordinate descent (LIBLINEAR; Crammer–Singer for several classes, LIBSVM-style for kernels); sgd = stochastic subgradient descent with the constant step eta, averaged (SSBD 17.2.5); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; cutting-plane = 1-slack cutting plane, exact: stops at a certified primal–dual gap (SVMstruct, SVMperf); bcfw = block-coordinate Frank–Wolfe on the dual, exact: stops at a certified gap (Lacoste-Julien et al.); default dcd: Crammer–Singer's multiclass SVM, exact and fast on most data (default dcd) */
  trainer: 'perceptron';
  /** passes over the training data; default 100 here: the batch perceptron stops at the first pass without a mistake (default 100, [1, 1000000]) */
  epochs?: number;
  /** output the average of the iterates; default false here: the last iterate separates separable data (Novikoff's bound) (default false) */
  average?: boolean;
  /** random seed (example order) (default 1, [0, 4294967295]) */
  seed?: number;
  /** Ψ: multivector (x in block y) or class-sensitive TF-IDF over word counts (default multivector) */
  features?: 'multivector' | 'tfidf';
  /** L1 weight c in (1/m)·Σ loss + c·|w|₁ by the cumulative L1 penalty: exact zeros, dropped from the model (default 0, [0, 1000000]) */
  l1?: number;
  /** value of a constant bias feature appended to x, one weight per class (0 = none: every score is 0 at x = 0) (default 1, ≥ 0) */
  bias?: number;
  /** how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256) (default 32, [8, 32]) */
  weightBits?: number;
  /** feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds 10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows are scaled only, never shifted (default auto) */
  scale?: 'auto' | 'none' | 'minmax' | 'standard';
  /** learn on D random Fourier features z(x) instead of x, approximating the RBF kernel (0 = off) (default 0, [0, 1000000]) */
  rff?: number;
  /** γ of the RBF kernel exp(−γ‖x−x'‖²) that rff approximates; 0 (the default): from the training rows, 1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's gamma='scale'). The model records the value used (default 0, ≥ 0) */
  gamma?: number;
  /** seed of the random features (default 1, [0, 4294967295]) */
  rffSeed?: number;
}

/** Multiclass, trainer 'cutting-plane' */
export interface MulticlassCuttingPlaneTableOptions {
  /** the optimiser: dcd = dual coordinate descent (LIBLINEAR; Crammer–Singer for several classes, LIBSVM-style for kernels); sgd = stochastic subgradient descent with the constant step eta, averaged (SSBD 17.2.5); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; cutting-plane = 1-slack cutting plane, exact: stops at a certified primal–dual gap (SVMstruct, SVMperf); bcfw = block-coordinate Frank–Wolfe on the dual, exact: stops at a certified gap (Lacoste-Julien et al.); default dcd: Crammer–Singer's multiclass SVM, exact and fast on most data (default dcd) */
  trainer: 'cutting-plane';
  /** the objective: hinge = the structured hinge with margin rescaling, max_y' Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩ (for two classes max(0, 1 − y⟨w, x⟩)); slack = the structured hinge with slack rescaling, max_y' Δ(y', y)·(1 + ⟨w, Ψ(x,y') − Ψ(x,y)⟩) (default hinge) */
  loss?: 'hinge' | 'slack';
  /** cost of slack: ½‖w‖² + C Σ_i ℓ_i (LIBLINEAR's and SVMstruct's -c) (default 1, > 0) */
  C?: number;
  /** stop when the certified primal–dual gap is ≤ eps·C·m (m examples) (default 0.001, > 0) */
  eps?: number;
  /** cap on cutting-plane rounds (default 1000, [1, 1000000000]) */
  maxIter?: number;
  /** Ψ: multivector (x in block y) or class-sensitive TF-IDF over word counts (default multivector) */
  features?: 'multivector' | 'tfidf';
  /** value of a constant bias feature appended to x, one weight per class (0 = none: every score is 0 at x = 0) (default 1, ≥ 0) */
  bias?: number;
  /** how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256) (default 32, [8, 32]) */
  weightBits?: number;
  /** feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds 10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows are scaled only, never shifted (default auto) */
  scale?: 'auto' | 'none' | 'minmax' | 'standard';
  /** learn on D random Fourier features z(x) instead of x, approximating the RBF kernel (0 = off) (default 0, [0, 1000000]) */
  rff?: number;
  /** γ of the RBF kernel exp(−γ‖x−x'‖²) that rff approximates; 0 (the default): from the training rows, 1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's gamma='scale'). The model records the value used (default 0, ≥ 0) */
  gamma?: number;
  /** seed of the random features (default 1, [0, 4294967295]) */
  rffSeed?: number;
}

/** Multiclass, trainer 'bcfw' */
export interface MulticlassBcfwTableOptions {
  /** the optimiser: dcd = dual coordinate descent (LIBLINEAR; Crammer–Singer for several classes, LIBSVM-style for kernels); sgd = stochastic subgradient descent with the constant step eta, averaged (SSBD 17.2.5); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; cutting-plane = 1-slack cutting plane, exact: stops at a certified primal–dual gap (SVMstruct, SVMperf); bcfw = block-coordinate Frank–Wolfe on the dual, exact: stops at a certified gap (Lacoste-Julien et al.); default dcd: Crammer–Singer's multiclass SVM, exact and fast on most data (default dcd) */
  trainer: 'bcfw';
  /** the objective: hinge = the structured hinge with margin rescaling, max_y' Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩ (for two classes max(0, 1 − y⟨w, x⟩)); slack = the structured hinge with slack rescaling, max_y' Δ(y', y)·(1 + ⟨w, Ψ(x,y') − Ψ(x,y)⟩) (default hinge) */
  loss?: 'hinge' | 'slack';
  /** cost of slack: ½‖w‖² + C Σ_i ℓ_i (LIBLINEAR's and SVMstruct's -c) (default 1, > 0) */
  C?: number;
  /** stop when the certified primal–dual gap is ≤ eps·C·m (m examples) (default 0.001, > 0) */
  eps?: number;
  /** cap on passes over the examples (default 1000, [1, 1000000000]) */
  maxIter?: number;
  /** output the weighted average of the iterates (default true) */
  average?: boolean;
  /** random seed (example order) (default 1, [0, 4294967295]) */
  seed?: number;
  /** Ψ: multivector (x in block y) or class-sensitive TF-IDF over word counts (default multivector) */
  features?: 'multivector' | 'tfidf';
  /** value of a constant bias feature appended to x, one weight per class (0 = none: every score is 0 at x = 0) (default 1, ≥ 0) */
  bias?: number;
  /** how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256) (default 32, [8, 32]) */
  weightBits?: number;
  /** feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds 10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows are scaled only, never shifted (default auto) */
  scale?: 'auto' | 'none' | 'minmax' | 'standard';
  /** learn on D random Fourier features z(x) instead of x, approximating the RBF kernel (0 = off) (default 0, [0, 1000000]) */
  rff?: number;
  /** γ of the RBF kernel exp(−γ‖x−x'‖²) that rff approximates; 0 (the default): from the training rows, 1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's gamma='scale'). The model records the value used (default 0, ≥ 0) */
  gamma?: number;
  /** seed of the random features (default 1, [0, 4294967295]) */
  rffSeed?: number;
}

export type MulticlassTableOptions =
  | MulticlassDcdTableOptions
  | MulticlassSgdTableOptions
  | MulticlassPegasosTableOptions
  | MulticlassPerceptronTableOptions
  | MulticlassCuttingPlaneTableOptions
  | MulticlassBcfwTableOptions;

/** Multiclass with a `kernel` option */
export interface KernelMulticlassTableOptions {
  /** the optimiser: dcd = dual coordinate descent (LIBLINEAR; Crammer–Singer for several classes, LIBSVM-style for kernels); default dcd: the kernel SVM's one solver (default dcd) */
  trainer?: 'dcd';
  /** the objective: hinge = the structured hinge with margin rescaling, max_y' Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩ (for two classes max(0, 1 − y⟨w, x⟩)) (default hinge) */
  loss?: 'hinge';
  /** all-pairs (LIBSVM's one-vs-one: an SVM per pair of classes) or crammer-singer (one joint problem; reads a cost matrix). At C = 1, γ = 1/d all-pairs predicts as svm-train in less than its time, crammer-singer takes up to 13× (docs/bench-defaults.md) (default all-pairs) */
  decomposition?: 'all-pairs' | 'crammer-singer';
  /** cost of slack: ½‖w‖² + C Σ_i ℓ_i (LIBLINEAR's and SVMstruct's -c) (default 1, > 0) */
  C?: number;
  /** stopping tolerance on the dual (LIBLINEAR's -e); default 0.001 here: LIBSVM's -e: all-pairs then predicts as svm-train (crammer-singer: 1.6–2.2× the time of 0.1 on letter) (default 0.001, > 0) */
  eps?: number;
  /** cap on passes over the examples (default 1000, [1, 1000000000]) */
  maxIter?: number;
  /** K: linear ⟨x,x'⟩, poly (γ⟨x,x'⟩+coef0)^degree, or rbf exp(−γ‖x−x'‖²) (default rbf) */
  kernel?: 'linear' | 'poly' | 'rbf';
  /** γ of the poly and rbf kernels; 0 (the default): from the training rows after scaling, 1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's gamma='scale'). The model records the value used (default 0, ≥ 0) */
  gamma?: number;
  /** constant term of the poly kernel (default 0, ≥ 0) */
  coef0?: number;
  /** degree of the poly kernel (default 3, [1, 100]) */
  degree?: number;
  /** kernel column cache in MB (must hold one column: 4·m bytes) (default 200, > 0) */
  cache?: number;
  /** feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds 10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows are scaled only, never shifted (default auto) */
  scale?: 'auto' | 'none' | 'minmax' | 'standard';
  /** random seed (example order) (default 1, [0, 4294967295]) */
  seed?: number;
}

/** SequenceTagger, trainer 'perceptron' */
export interface SequenceTaggerPerceptronTableOptions {
  /** the optimiser: perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; sgd = stochastic subgradient descent with the constant step eta, averaged (SSBD 17.2.5); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); cutting-plane = 1-slack cutting plane, exact: stops at a certified primal–dual gap (SVMstruct, SVMperf); bcfw = block-coordinate Frank–Wolfe on the dual, exact: stops at a certified gap (Lacoste-Julien et al.); lbfgs = L-BFGS on Σ ℓ + c2‖w‖² (CRFsuite's default), OWL-QN with c1|w|₁ added (c1, c2: the sum forms of the online trainers' l1 and λ: l1 = c1/m, λ = 2·c2/m for m examples); default perceptron: the averaged perceptron tags as well as a CRF at a tenth of its time (default perceptron) */
  trainer?: 'perceptron';
  /** passes over the training data; default 10 here: a tagger's epoch holds every sentence of a treebank: ten reach the plateau (default 10, [1, 1000000]) */
  epochs?: number;
  /** output the average of the iterates (default true) */
  average?: boolean;
  /** random seed (example order) (default 1, [0, 4294967295]) */
  seed?: number;
  /** token feature templates: pos (default), crfsuite (CRFsuite's POS set), custom (give 'templates') (default pos) */
  features?: 'pos' | 'crfsuite' | 'custom';
  /** features=custom: the token feature templates, e.g. 'lower[0] suffix3[0] lower[-1]|lower[0]' (default none) */
  templates?: string;
  /** hash token features into 2^b rows; 0 keeps an exact dictionary (default 0, [0, 26]) */
  hashBits?: number;
  /** exact dictionary: keep features seen this often (default 1, [1, 1000000]) */
  minCount?: number;
  /** words seen fewer times count as unseen: `tags` gives them the ambiguity class of unseen words, and a tokenizer's `lexbegin` and `lexend` leave them out of its listing (default 2, [1, 1000000]) */
  lexiconMinCount?: number;
  /** in training, `tags` reads the classes of the other folds of the sentences (jackknifing) (default 1, [1, 100]) */
  lexiconFolds?: number;
  /** numeric input: add an always-on feature (label bias) (default true) */
  bias?: boolean;
  /** how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256) (default 32, [8, 32]) */
  weightBits?: number;
  /** global features of the whole labelling, e.g. 'has before': has, count, before, lexicon (default none) */
  global?: string;
  /** the words, separated by spaces, that the global template 'lexicon' reads (default none) */
  globalWords?: string;
  /** L1 weight c in (1/m)·Σ loss + c·|w|₁ by the cumulative L1 penalty: exact zeros, dropped from the model (default 0, [0, 1000000]) */
  l1?: number;
  /** with global features: how many of the chain's best labellings are reranked (default 10, [1, 100000]) */
  candidates?: number;
  /** numeric input: feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds 10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows are scaled only, never shifted (default auto) */
  scale?: 'auto' | 'none' | 'minmax' | 'standard';
  /** numeric input: learn on D random Fourier features z(x) instead of x, approximating the RBF kernel (0 = off) (default 0, [0, 1000000]) */
  rff?: number;
  /** numeric input: γ of the RBF kernel exp(−γ‖x−x'‖²) that rff approximates; 0 (the default): from the training rows, 1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's gamma='scale'). The model records the value used (default 0, ≥ 0) */
  gamma?: number;
  /** numeric input: seed of the random features (default 1, [0, 4294967295]) */
  rffSeed?: number;
}

/** SequenceTagger, trainer 'sgd' */
export interface SequenceTaggerSgdTableOptions {
  /** the optimiser: perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; sgd = stochastic subgradient descent with the constant step eta, averaged (SSBD 17.2.5); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); cutting-plane = 1-slack cutting plane, exact: stops at a certified primal–dual gap (SVMstruct, SVMperf); bcfw = block-coordinate Frank–Wolfe on the dual, exact: stops at a certified gap (Lacoste-Julien et al.); lbfgs = L-BFGS on Σ ℓ + c2‖w‖² (CRFsuite's default), OWL-QN with c1|w|₁ added (c1, c2: the sum forms of the online trainers' l1 and λ: l1 = c1/m, λ = 2·c2/m for m examples); default perceptron: the averaged perceptron tags as well as a CRF at a tenth of its time (default perceptron) */
  trainer: 'sgd';
  /** the objective: hinge = the structured hinge with margin rescaling, max_y' Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩ (for two classes max(0, 1 − y⟨w, x⟩)); slack = the structured hinge with slack rescaling, max_y' Δ(y', y)·(1 + ⟨w, Ψ(x,y') − Ψ(x,y)⟩); log = the log loss −log p(y|x) (logistic regression, CRF); softmax-margin = the log loss with the cost Δ inside the partition function (Gimpel and Smith) (default hinge) */
  loss?: 'hinge' | 'slack' | 'log' | 'softmax-margin';
  /** loss softmax-margin: the cost of one wrong position (default 1, [0, 1000000]) */
  cost?: number;
  /** the constant step size (0: computed from the data, where the task can: Multiclass) (default 0.1, ≥ 0) */
  eta?: number;
  /** regularisation λ/2‖w‖² (0 = none) (default 0, ≥ 0) */
  lambda?: number;
  /** passes over the training data; default 10 here: a tagger's epoch holds every sentence of a treebank: ten reach the plateau (default 10, [1, 1000000]) */
  epochs?: number;
  /** output the average of the iterates (default true) */
  average?: boolean;
  /** random seed (example order) (default 1, [0, 4294967295]) */
  seed?: number;
  /** token feature templates: pos (default), crfsuite (CRFsuite's POS set), custom (give 'templates') (default pos) */
  features?: 'pos' | 'crfsuite' | 'custom';
  /** features=custom: the token feature templates, e.g. 'lower[0] suffix3[0] lower[-1]|lower[0]' (default none) */
  templates?: string;
  /** hash token features into 2^b rows; 0 keeps an exact dictionary (default 0, [0, 26]) */
  hashBits?: number;
  /** exact dictionary: keep features seen this often (default 1, [1, 1000000]) */
  minCount?: number;
  /** words seen fewer times count as unseen: `tags` gives them the ambiguity class of unseen words, and a tokenizer's `lexbegin` and `lexend` leave them out of its listing (default 2, [1, 1000000]) */
  lexiconMinCount?: number;
  /** in training, `tags` reads the classes of the other folds of the sentences (jackknifing) (default 1, [1, 100]) */
  lexiconFolds?: number;
  /** numeric input: add an always-on feature (label bias) (default true) */
  bias?: boolean;
  /** how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256) (default 32, [8, 32]) */
  weightBits?: number;
  /** global features of the whole labelling, e.g. 'has before': has, count, before, lexicon (default none) */
  global?: string;
  /** the words, separated by spaces, that the global template 'lexicon' reads (default none) */
  globalWords?: string;
  /** L1 weight c in (1/m)·Σ loss + c·|w|₁ by the cumulative L1 penalty: exact zeros, dropped from the model (default 0, [0, 1000000]) */
  l1?: number;
  /** with global features: how many of the chain's best labellings are reranked (default 10, [1, 100000]) */
  candidates?: number;
  /** numeric input: feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds 10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows are scaled only, never shifted (default auto) */
  scale?: 'auto' | 'none' | 'minmax' | 'standard';
  /** numeric input: learn on D random Fourier features z(x) instead of x, approximating the RBF kernel (0 = off) (default 0, [0, 1000000]) */
  rff?: number;
  /** numeric input: γ of the RBF kernel exp(−γ‖x−x'‖²) that rff approximates; 0 (the default): from the training rows, 1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's gamma='scale'). The model records the value used (default 0, ≥ 0) */
  gamma?: number;
  /** numeric input: seed of the random features (default 1, [0, 4294967295]) */
  rffSeed?: number;
}

/** SequenceTagger, trainer 'pegasos' */
export interface SequenceTaggerPegasosTableOptions {
  /** the optimiser: perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; sgd = stochastic subgradient descent with the constant step eta, averaged (SSBD 17.2.5); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); cutting-plane = 1-slack cutting plane, exact: stops at a certified primal–dual gap (SVMstruct, SVMperf); bcfw = block-coordinate Frank–Wolfe on the dual, exact: stops at a certified gap (Lacoste-Julien et al.); lbfgs = L-BFGS on Σ ℓ + c2‖w‖² (CRFsuite's default), OWL-QN with c1|w|₁ added (c1, c2: the sum forms of the online trainers' l1 and λ: l1 = c1/m, λ = 2·c2/m for m examples); default perceptron: the averaged perceptron tags as well as a CRF at a tenth of its time (default perceptron) */
  trainer: 'pegasos';
  /** the objective: hinge = the structured hinge with margin rescaling, max_y' Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩ (for two classes max(0, 1 − y⟨w, x⟩)); slack = the structured hinge with slack rescaling, max_y' Δ(y', y)·(1 + ⟨w, Ψ(x,y') − Ψ(x,y)⟩); log = the log loss −log p(y|x) (logistic regression, CRF); softmax-margin = the log loss with the cost Δ inside the partition function (Gimpel and Smith) (default hinge) */
  loss?: 'hinge' | 'slack' | 'log' | 'softmax-margin';
  /** loss softmax-margin: the cost of one wrong position (default 1, [0, 1000000]) */
  cost?: number;
  /** regularisation λ in λ/2‖w‖² + mean loss; 0 = 1/m for m examples: the SVM ½‖w‖² + C·Σ loss with C = 1 (default 0, ≥ 0) */
  lambda?: number;
  /** passes over the training data; default 10 here: a tagger's epoch holds every sentence of a treebank: ten reach the plateau (default 10, [1, 1000000]) */
  epochs?: number;
  /** output the average of the iterates (default true) */
  average?: boolean;
  /** random seed (example order) (default 1, [0, 4294967295]) */
  seed?: number;
  /** token feature templates: pos (default), crfsuite (CRFsuite's POS set), custom (give 'templates') (default pos) */
  features?: 'pos' | 'crfsuite' | 'custom';
  /** features=custom: the token feature templates, e.g. 'lower[0] suffix3[0] lower[-1]|lower[0]' (default none) */
  templates?: string;
  /** hash token features into 2^b rows; 0 keeps an exact dictionary (default 0, [0, 26]) */
  hashBits?: number;
  /** exact dictionary: keep features seen this often (default 1, [1, 1000000]) */
  minCount?: number;
  /** words seen fewer times count as unseen: `tags` gives them the ambiguity class of unseen words, and a tokenizer's `lexbegin` and `lexend` leave them out of its listing (default 2, [1, 1000000]) */
  lexiconMinCount?: number;
  /** in training, `tags` reads the classes of the other folds of the sentences (jackknifing) (default 1, [1, 100]) */
  lexiconFolds?: number;
  /** numeric input: add an always-on feature (label bias) (default true) */
  bias?: boolean;
  /** how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256) (default 32, [8, 32]) */
  weightBits?: number;
  /** global features of the whole labelling, e.g. 'has before': has, count, before, lexicon (default none) */
  global?: string;
  /** the words, separated by spaces, that the global template 'lexicon' reads (default none) */
  globalWords?: string;
  /** L1 weight c in (1/m)·Σ loss + c·|w|₁ by the cumulative L1 penalty: exact zeros, dropped from the model (default 0, [0, 1000000]) */
  l1?: number;
  /** with global features: how many of the chain's best labellings are reranked (default 10, [1, 100000]) */
  candidates?: number;
  /** numeric input: feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds 10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows are scaled only, never shifted (default auto) */
  scale?: 'auto' | 'none' | 'minmax' | 'standard';
  /** numeric input: learn on D random Fourier features z(x) instead of x, approximating the RBF kernel (0 = off) (default 0, [0, 1000000]) */
  rff?: number;
  /** numeric input: γ of the RBF kernel exp(−γ‖x−x'‖²) that rff approximates; 0 (the default): from the training rows, 1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's gamma='scale'). The model records the value used (default 0, ≥ 0) */
  gamma?: number;
  /** numeric input: seed of the random features (default 1, [0, 4294967295]) */
  rffSeed?: number;
}

/** SequenceTagger, trainer 'cutting-plane' */
export interface SequenceTaggerCuttingPlaneTableOptions {
  /** the optimiser: perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; sgd = stochastic subgradient descent with the constant step eta, averaged (SSBD 17.2.5); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); cutting-plane = 1-slack cutting plane, exact: stops at a certified primal–dual gap (SVMstruct, SVMperf); bcfw = block-coordinate Frank–Wolfe on the dual, exact: stops at a certified gap (Lacoste-Julien et al.); lbfgs = L-BFGS on Σ ℓ + c2‖w‖² (CRFsuite's default), OWL-QN with c1|w|₁ added (c1, c2: the sum forms of the online trainers' l1 and λ: l1 = c1/m, λ = 2·c2/m for m examples); default perceptron: the averaged perceptron tags as well as a CRF at a tenth of its time (default perceptron) */
  trainer: 'cutting-plane';
  /** the objective: hinge = the structured hinge with margin rescaling, max_y' Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩ (for two classes max(0, 1 − y⟨w, x⟩)); slack = the structured hinge with slack rescaling, max_y' Δ(y', y)·(1 + ⟨w, Ψ(x,y') − Ψ(x,y)⟩) (default hinge) */
  loss?: 'hinge' | 'slack';
  /** cost of slack: ½‖w‖² + C Σ_i ℓ_i (LIBLINEAR's and SVMstruct's -c) (default 1, > 0) */
  C?: number;
  /** stop when the certified primal–dual gap is ≤ eps·C·m (m examples); default 0.01 here: a treebank's objective sums thousands of sentences; 0.001 costs 5–10× the passes for no tagging accuracy (docs/benchmarks.md) (default 0.01, > 0) */
  eps?: number;
  /** cap on cutting-plane rounds (default 1000, [1, 1000000000]) */
  maxIter?: number;
  /** token feature templates: pos (default), crfsuite (CRFsuite's POS set), custom (give 'templates') (default pos) */
  features?: 'pos' | 'crfsuite' | 'custom';
  /** features=custom: the token feature templates, e.g. 'lower[0] suffix3[0] lower[-1]|lower[0]' (default none) */
  templates?: string;
  /** hash token features into 2^b rows; 0 keeps an exact dictionary (default 0, [0, 26]) */
  hashBits?: number;
  /** exact dictionary: keep features seen this often (default 1, [1, 1000000]) */
  minCount?: number;
  /** words seen fewer times count as unseen: `tags` gives them the ambiguity class of unseen words, and a tokenizer's `lexbegin` and `lexend` leave them out of its listing (default 2, [1, 1000000]) */
  lexiconMinCount?: number;
  /** in training, `tags` reads the classes of the other folds of the sentences (jackknifing) (default 1, [1, 100]) */
  lexiconFolds?: number;
  /** numeric input: add an always-on feature (label bias) (default true) */
  bias?: boolean;
  /** how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256) (default 32, [8, 32]) */
  weightBits?: number;
  /** global features of the whole labelling, e.g. 'has before': has, count, before, lexicon (default none) */
  global?: string;
  /** the words, separated by spaces, that the global template 'lexicon' reads (default none) */
  globalWords?: string;
  /** numeric input: feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds 10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows are scaled only, never shifted (default auto) */
  scale?: 'auto' | 'none' | 'minmax' | 'standard';
  /** numeric input: learn on D random Fourier features z(x) instead of x, approximating the RBF kernel (0 = off) (default 0, [0, 1000000]) */
  rff?: number;
  /** numeric input: γ of the RBF kernel exp(−γ‖x−x'‖²) that rff approximates; 0 (the default): from the training rows, 1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's gamma='scale'). The model records the value used (default 0, ≥ 0) */
  gamma?: number;
  /** numeric input: seed of the random features (default 1, [0, 4294967295]) */
  rffSeed?: number;
}

/** SequenceTagger, trainer 'bcfw' */
export interface SequenceTaggerBcfwTableOptions {
  /** the optimiser: perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; sgd = stochastic subgradient descent with the constant step eta, averaged (SSBD 17.2.5); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); cutting-plane = 1-slack cutting plane, exact: stops at a certified primal–dual gap (SVMstruct, SVMperf); bcfw = block-coordinate Frank–Wolfe on the dual, exact: stops at a certified gap (Lacoste-Julien et al.); lbfgs = L-BFGS on Σ ℓ + c2‖w‖² (CRFsuite's default), OWL-QN with c1|w|₁ added (c1, c2: the sum forms of the online trainers' l1 and λ: l1 = c1/m, λ = 2·c2/m for m examples); default perceptron: the averaged perceptron tags as well as a CRF at a tenth of its time (default perceptron) */
  trainer: 'bcfw';
  /** the objective: hinge = the structured hinge with margin rescaling, max_y' Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩ (for two classes max(0, 1 − y⟨w, x⟩)); slack = the structured hinge with slack rescaling, max_y' Δ(y', y)·(1 + ⟨w, Ψ(x,y') − Ψ(x,y)⟩) (default hinge) */
  loss?: 'hinge' | 'slack';
  /** cost of slack: ½‖w‖² + C Σ_i ℓ_i (LIBLINEAR's and SVMstruct's -c) (default 1, > 0) */
  C?: number;
  /** stop when the certified primal–dual gap is ≤ eps·C·m (m examples); default 0.01 here: a treebank's objective sums thousands of sentences; 0.001 costs 5–10× the passes for no tagging accuracy (docs/benchmarks.md) (default 0.01, > 0) */
  eps?: number;
  /** cap on passes over the examples (default 1000, [1, 1000000000]) */
  maxIter?: number;
  /** output the weighted average of the iterates (default true) */
  average?: boolean;
  /** random seed (example order) (default 1, [0, 4294967295]) */
  seed?: number;
  /** token feature templates: pos (default), crfsuite (CRFsuite's POS set), custom (give 'templates') (default pos) */
  features?: 'pos' | 'crfsuite' | 'custom';
  /** features=custom: the token feature templates, e.g. 'lower[0] suffix3[0] lower[-1]|lower[0]' (default none) */
  templates?: string;
  /** hash token features into 2^b rows; 0 keeps an exact dictionary (default 0, [0, 26]) */
  hashBits?: number;
  /** exact dictionary: keep features seen this often (default 1, [1, 1000000]) */
  minCount?: number;
  /** words seen fewer times count as unseen: `tags` gives them the ambiguity class of unseen words, and a tokenizer's `lexbegin` and `lexend` leave them out of its listing (default 2, [1, 1000000]) */
  lexiconMinCount?: number;
  /** in training, `tags` reads the classes of the other folds of the sentences (jackknifing) (default 1, [1, 100]) */
  lexiconFolds?: number;
  /** numeric input: add an always-on feature (label bias) (default true) */
  bias?: boolean;
  /** how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256) (default 32, [8, 32]) */
  weightBits?: number;
  /** global features of the whole labelling, e.g. 'has before': has, count, before, lexicon (default none) */
  global?: string;
  /** the words, separated by spaces, that the global template 'lexicon' reads (default none) */
  globalWords?: string;
  /** numeric input: feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds 10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows are scaled only, never shifted (default auto) */
  scale?: 'auto' | 'none' | 'minmax' | 'standard';
  /** numeric input: learn on D random Fourier features z(x) instead of x, approximating the RBF kernel (0 = off) (default 0, [0, 1000000]) */
  rff?: number;
  /** numeric input: γ of the RBF kernel exp(−γ‖x−x'‖²) that rff approximates; 0 (the default): from the training rows, 1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's gamma='scale'). The model records the value used (default 0, ≥ 0) */
  gamma?: number;
  /** numeric input: seed of the random features (default 1, [0, 4294967295]) */
  rffSeed?: number;
}

/** SequenceTagger, trainer 'lbfgs' */
export interface SequenceTaggerLbfgsTableOptions {
  /** the optimiser: perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; sgd = stochastic subgradient descent with the constant step eta, averaged (SSBD 17.2.5); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); cutting-plane = 1-slack cutting plane, exact: stops at a certified primal–dual gap (SVMstruct, SVMperf); bcfw = block-coordinate Frank–Wolfe on the dual, exact: stops at a certified gap (Lacoste-Julien et al.); lbfgs = L-BFGS on Σ ℓ + c2‖w‖² (CRFsuite's default), OWL-QN with c1|w|₁ added (c1, c2: the sum forms of the online trainers' l1 and λ: l1 = c1/m, λ = 2·c2/m for m examples); default perceptron: the averaged perceptron tags as well as a CRF at a tenth of its time (default perceptron) */
  trainer: 'lbfgs';
  /** the objective: log = the log loss −log p(y|x) (logistic regression, CRF); softmax-margin = the log loss with the cost Δ inside the partition function (Gimpel and Smith) (default log) */
  loss?: 'log' | 'softmax-margin';
  /** loss softmax-margin: the cost of one wrong position (default 1, [0, 1000000]) */
  cost?: number;
  /** cap on L-BFGS iterations (the delta rule ends a run first) (default 1000, [1, 1000000000]) */
  maxIter?: number;
  /** L2 weight c2 in Σ_i ℓ_i + c1·|w|₁ + c2·‖w‖², CRFsuite's sum form (its default means the same at any m); the online trainers' lambda is the mean form: λ = 2·c2/m for m examples (default 1, [0, 1000000000]) */
  c2?: number;
  /** L1 weight c1 in Σ_i ℓ_i + c1·|w|₁ + c2·‖w‖² by OWL-QN (Andrew & Gao 2007; CRFsuite's c1), on the emission weights: exact zeros, dropped from the model; the online trainers' l1 is the mean form: l1 = c1/m (default 0, [0, 1000000000]) */
  c1?: number;
  /** the delta rule's window in iterations (CRFsuite's) (default 10, [1, 1000000]) */
  period?: number;
  /** stop when f fell by less than delta·|f| over period iterations (CRFsuite's rule; 0: off) (default 1e-5, [0, 1]) */
  delta?: number;
  /** token feature templates: pos (default), crfsuite (CRFsuite's POS set), custom (give 'templates') (default pos) */
  features?: 'pos' | 'crfsuite' | 'custom';
  /** features=custom: the token feature templates, e.g. 'lower[0] suffix3[0] lower[-1]|lower[0]' (default none) */
  templates?: string;
  /** hash token features into 2^b rows; 0 keeps an exact dictionary (default 0, [0, 26]) */
  hashBits?: number;
  /** exact dictionary: keep features seen this often (default 1, [1, 1000000]) */
  minCount?: number;
  /** words seen fewer times count as unseen: `tags` gives them the ambiguity class of unseen words, and a tokenizer's `lexbegin` and `lexend` leave them out of its listing (default 2, [1, 1000000]) */
  lexiconMinCount?: number;
  /** in training, `tags` reads the classes of the other folds of the sentences (jackknifing) (default 1, [1, 100]) */
  lexiconFolds?: number;
  /** numeric input: add an always-on feature (label bias) (default true) */
  bias?: boolean;
  /** how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256) (default 32, [8, 32]) */
  weightBits?: number;
  /** global features of the whole labelling, e.g. 'has before': has, count, before, lexicon (default none) */
  global?: string;
  /** the words, separated by spaces, that the global template 'lexicon' reads (default none) */
  globalWords?: string;
  /** numeric input: feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds 10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows are scaled only, never shifted (default auto) */
  scale?: 'auto' | 'none' | 'minmax' | 'standard';
  /** numeric input: learn on D random Fourier features z(x) instead of x, approximating the RBF kernel (0 = off) (default 0, [0, 1000000]) */
  rff?: number;
  /** numeric input: γ of the RBF kernel exp(−γ‖x−x'‖²) that rff approximates; 0 (the default): from the training rows, 1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's gamma='scale'). The model records the value used (default 0, ≥ 0) */
  gamma?: number;
  /** numeric input: seed of the random features (default 1, [0, 4294967295]) */
  rffSeed?: number;
}

export type SequenceTaggerTableOptions =
  | SequenceTaggerPerceptronTableOptions
  | SequenceTaggerSgdTableOptions
  | SequenceTaggerPegasosTableOptions
  | SequenceTaggerCuttingPlaneTableOptions
  | SequenceTaggerBcfwTableOptions
  | SequenceTaggerLbfgsTableOptions;

/** Ranker */
export interface RankerTableOptions {
  /** the task loss Δ the ranker is trained and judged by: ndcg, kendall (pairs in order), or a bipartite measure of the whole set: f1, fbeta, precision@k, recall@k, balanced (accuracy) (default ndcg) */
  measure?: 'ndcg' | 'kendall' | 'f1' | 'fbeta' | 'precision@k' | 'recall@k' | 'balanced';
  /** the objective: hinge = the structured hinge with margin rescaling, max_y' Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩ (for two classes max(0, 1 − y⟨w, x⟩)); squared = the squared error of each score against its target (pointwise regression) (default hinge) */
  loss?: 'hinge' | 'squared';
  /** NDCG truncation k; k of precision@k and recall@k (default 10, [1, 100000]) */
  k?: number;
  /** beta of the F-beta measure (default 1, (0, 1000]) */
  beta?: number;
  /** the optimiser: sgd = stochastic subgradient descent with the constant step eta, averaged (SSBD 17.2.5); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; cutting-plane = 1-slack cutting plane, exact: stops at a certified primal–dual gap (SVMstruct, SVMperf); bcfw = block-coordinate Frank–Wolfe on the dual, exact: stops at a certified gap (Lacoste-Julien et al.); default auto: cutting-plane for kendall (RankSVM's solver) and the bipartite measures (SVMperf's), sgd for ndcg; for ndcg with tied grades and precision@k / recall@k the exact trainers solve again with the order of tied documents taken from their last solution until the objective stops falling (CCCP); loss squared is solved in closed form (default auto) */
  trainer?: 'auto' | 'sgd' | 'pegasos' | 'perceptron' | 'cutting-plane' | 'bcfw';
  /** the constant step size (0: computed from the data, where the task can: Multiclass); default 0.1 here: (the perceptron steps by eta too) (default 0.1, ≥ 0) */
  eta?: number;
  /** regularisation λ/2‖w‖² (0 = none); default 0.0001 here: loss squared: the ridge weight λ‖w‖²; sgd keeps a little regularisation because a query's NDCG step has no margin to stop it (default 0.0001, ≥ 0) */
  lambda?: number;
  /** passes over the training data (default 20, [1, 1000000]) */
  epochs?: number;
  /** output the average of the iterates (default true) */
  average?: boolean;
  /** random seed (example order) (default 1, [0, 4294967295]) */
  seed?: number;
  /** cost of slack: ½‖w‖² + C Σ_i ℓ_i (LIBLINEAR's and SVMstruct's -c); default 0 here: 0 = SVMlight's default, the mean number of documents per query over the mean squared norm of a document's features (with psi=normalized, each document weighs as in a linear SVM with C = 1 / mean ‖x‖²) (default 0, ≥ 0) */
  C?: number;
  /** stop when the certified primal–dual gap is ≤ eps·C·m (m examples) (default 0.001, > 0) */
  eps?: number;
  /** cap on cutting-plane rounds (default 1000, [1, 1000000000]) */
  maxIter?: number;
  /** NDCG surrogate gain: linear (rel, SSBD) or exp2 (2^rel - 1, as the LETOR measure) (default linear) */
  gain?: 'linear' | 'exp2';
  /** NDCG and bipartite feature map: positions (SSBD: sum_i v_i x_i) or normalized (divided by the query size) (default normalized) */
  psi?: 'positions' | 'normalized';
  /** NDCG argmax: fast (exact, top-k candidates) or hungarian (O(r^3)) (default fast) */
  oracle?: 'fast' | 'hungarian';
  /** starting weights: zero, or pointwise (the ridge regression fit with lambda 0.01, then refined) (default zero) */
  init?: 'zero' | 'pointwise';
  /** bipartite: a document is positive when its relevance is above this (default 0, [-1000000000, 1000000000]) */
  relevant?: number;
  /** f1, fbeta, balanced: measure = the intercept is moved to the cut that maximises the measure on the training set; surrogate = the intercept the structured hinge learned (SVMperf's model), which minimises a bound on the loss, not the loss (default measure) */
  threshold?: 'measure' | 'surrogate';
  /** learn on D random Fourier features z(x) instead of x, approximating the RBF kernel (0 = off) (default 0, [0, 1000000]) */
  rff?: number;
  /** γ of the RBF kernel exp(−γ‖x−x'‖²) that rff approximates; 0 (the default): from the training rows, 1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's gamma='scale'). The model records the value used (default 0, ≥ 0) */
  gamma?: number;
  /** seed of the random features (default 1, [0, 4294967295]) */
  rffSeed?: number;
  /** feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds 10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows are scaled only, never shifted (default auto) */
  scale?: 'auto' | 'none' | 'minmax' | 'standard';
}

/** Reduction */
export interface ReductionTableOptions {
  /** how classes become binary problems (default ova) */
  reduction?: 'ova' | 'allpairs' | 'ecoc';
  /** binary base learner (its trainer, loss and options in learnerOptions) (default linear) */
  learner?: 'linear' | 'kernel' | 'stump' | 'tree';
  /** ECOC code matrix (default dense) */
  code?: 'ova' | 'ovo' | 'dense' | 'sparse' | 'exhaustive' | 'user';
  /** columns of a random code (0: 10 log2 k dense, 15 log2 k sparse) (default 0, [0, 100000]) */
  codeSize?: number;
  /** auto: argmax (ova), signed-vote (allpairs), hamming (ecoc) (default auto) */
  decoding?: 'auto' | 'argmax' | 'signed-vote' | 'majority-vote' | 'hamming' | 'hinge' | 'logistic' | 'exponential' | 'learned';
  /** decoding=learned: the kernel K(f(x), M_l) of the learned code (default linear) */
  codeKernel?: 'linear' | 'rbf';
  /** decoding=learned: γ of the rbf code kernel (default 1, > 0) */
  codeGamma?: number;
  /** decoding=learned: C of the code's multiclass SVM (default 1, > 0) */
  codeC?: number;
  /** learn on D random Fourier features z(x) instead of x, approximating the RBF kernel (0 = off) (default 0, [0, 1000000]) */
  rff?: number;
  /** γ of the RBF kernel exp(−γ‖x−x'‖²) that rff approximates; 0 (the default): from the training rows, 1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's gamma='scale'). The model records the value used (default 0, ≥ 0) */
  gamma?: number;
  /** seed of the random features (default 1, [0, 4294967295]) */
  rffSeed?: number;
  /** random code and the learners' example order (default 1, [0, 4294967295]) */
  seed?: number;
  /** feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds 10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows are scaled only, never shifted (default auto) */
  scale?: 'auto' | 'none' | 'minmax' | 'standard';
}

/** the binary learner 'linear' (the default `learner` of a Reduction, BinaryRelevance or BinaryClassifier), trainer 'dcd' */
export interface LinearBinaryLearnerDcdTableOptions {
  /** the optimiser: dcd = dual coordinate descent (LIBLINEAR; Crammer–Singer for several classes, LIBSVM-style for kernels); newton = trust-region Newton-CG (LIBLINEAR -s 0); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; default dcd: LIBLINEAR's dual coordinate descent: exact, and fast on most data (default dcd) */
  trainer?: 'dcd';
  /** the objective: squared-hinge = the squared hinge (LIBLINEAR's L2-loss SVM); hinge = the structured hinge with margin rescaling, max_y' Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩ (for two classes max(0, 1 − y⟨w, x⟩)) (default squared-hinge) */
  loss?: 'squared-hinge' | 'hinge';
  /** cost of slack: ½‖w‖² + C Σ_i ℓ_i (LIBLINEAR's and SVMstruct's -c) (default 1, > 0) */
  C?: number;
  /** stopping tolerance on the dual (LIBLINEAR's -e) (default 0.1, > 0) */
  eps?: number;
  /** cap on passes over the examples (default 1000, [1, 1000000000]) */
  maxIter?: number;
  /** value of the constant feature (0: no intercept) (default 1, [0, 1000000]) */
  bias?: number;
  /** how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256) (default 32, [8, 32]) */
  weightBits?: number;
}

/** the binary learner 'linear' (the default `learner` of a Reduction, BinaryRelevance or BinaryClassifier), trainer 'newton' */
export interface LinearBinaryLearnerNewtonTableOptions {
  /** the optimiser: dcd = dual coordinate descent (LIBLINEAR; Crammer–Singer for several classes, LIBSVM-style for kernels); newton = trust-region Newton-CG (LIBLINEAR -s 0); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; default dcd: LIBLINEAR's dual coordinate descent: exact, and fast on most data (default dcd) */
  trainer: 'newton';
  /** the objective: log = the log loss −log p(y|x) (logistic regression, CRF) (default log) */
  loss?: 'log';
  /** cost of slack: ½‖w‖² + C Σ_i ℓ_i (LIBLINEAR's and SVMstruct's -c) (default 1, > 0) */
  C?: number;
  /** stop when ‖∇‖ ≤ eps·‖∇ at w = 0‖ (LIBLINEAR's -e) (default 0.001, > 0) */
  eps?: number;
  /** cap on Newton steps (default 100, [1, 1000000000]) */
  maxIter?: number;
  /** value of the constant feature (0: no intercept) (default 1, [0, 1000000]) */
  bias?: number;
  /** how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256) (default 32, [8, 32]) */
  weightBits?: number;
}

/** the binary learner 'linear' (the default `learner` of a Reduction, BinaryRelevance or BinaryClassifier), trainer 'pegasos' */
export interface LinearBinaryLearnerPegasosTableOptions {
  /** the optimiser: dcd = dual coordinate descent (LIBLINEAR; Crammer–Singer for several classes, LIBSVM-style for kernels); newton = trust-region Newton-CG (LIBLINEAR -s 0); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; default dcd: LIBLINEAR's dual coordinate descent: exact, and fast on most data (default dcd) */
  trainer: 'pegasos';
  /** the objective: hinge = the structured hinge with margin rescaling, max_y' Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩ (for two classes max(0, 1 − y⟨w, x⟩)) (default hinge) */
  loss?: 'hinge';
  /** regularisation λ in λ/2‖w‖² + mean loss; 0 = 1/m for m examples: the SVM ½‖w‖² + C·Σ loss with C = 1 (default 0, ≥ 0) */
  lambda?: number;
  /** passes over the training data (default 20, [1, 1000000]) */
  epochs?: number;
  /** output the average of the iterates (default true) */
  average?: boolean;
  /** value of the constant feature (0: no intercept) (default 1, [0, 1000000]) */
  bias?: number;
  /** how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256) (default 32, [8, 32]) */
  weightBits?: number;
}

/** the binary learner 'linear' (the default `learner` of a Reduction, BinaryRelevance or BinaryClassifier), trainer 'perceptron' */
export interface LinearBinaryLearnerPerceptronTableOptions {
  /** the optimiser: dcd = dual coordinate descent (LIBLINEAR; Crammer–Singer for several classes, LIBSVM-style for kernels); newton = trust-region Newton-CG (LIBLINEAR -s 0); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; default dcd: LIBLINEAR's dual coordinate descent: exact, and fast on most data (default dcd) */
  trainer: 'perceptron';
  /** passes over the training data; default 10 here: one binary problem of a reduction among many: ten passes reach the plateau (default 10, [1, 1000000]) */
  epochs?: number;
  /** output the average of the iterates (default true) */
  average?: boolean;
  /** value of the constant feature (0: no intercept) (default 1, [0, 1000000]) */
  bias?: number;
  /** how the model stores its weights: 32 (float), 16 or 8 (quantised, one scale per block of 256) (default 32, [8, 32]) */
  weightBits?: number;
}

export type LinearBinaryLearnerTableOptions =
  | LinearBinaryLearnerDcdTableOptions
  | LinearBinaryLearnerNewtonTableOptions
  | LinearBinaryLearnerPegasosTableOptions
  | LinearBinaryLearnerPerceptronTableOptions;

/** the other binary learners, learner 'kernel' */
export interface BinaryLearnerKernelTableOptions {
  /** learner 'kernel' (default kernel) */
  learner: 'kernel';
  /** the optimiser: dcd = dual coordinate descent (LIBLINEAR; Crammer–Singer for several classes, LIBSVM-style for kernels); default dcd: the kernel SVM's one solver (default dcd) */
  trainer?: 'dcd';
  /** the objective: hinge = the structured hinge with margin rescaling, max_y' Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩ (for two classes max(0, 1 − y⟨w, x⟩)) (default hinge) */
  loss?: 'hinge';
  /** cost of slack: ½‖w‖² + C Σ_i ℓ_i (LIBLINEAR's and SVMstruct's -c) (default 1, > 0) */
  C?: number;
  /** stopping tolerance on the dual (LIBLINEAR's -e); default 0.001 here: LIBSVM's -e: the machines of svm-train (default 0.001, > 0) */
  eps?: number;
  /** cap on passes over the examples (default 1000, [1, 1000000000]) */
  maxIter?: number;
  /** K: linear ⟨x,x'⟩, poly (γ⟨x,x'⟩+coef0)^degree, or rbf exp(−γ‖x−x'‖²) (default rbf) */
  kernel?: 'linear' | 'poly' | 'rbf';
  /** γ of the poly and rbf kernels; 0 (the default): from the training rows after scaling, 1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's gamma='scale'). The model records the value used (default 0, ≥ 0) */
  gamma?: number;
  /** constant term of the poly kernel (default 0, ≥ 0) */
  coef0?: number;
  /** degree of the poly kernel (default 3, [1, 100]) */
  degree?: number;
  /** kernel column cache in MB (must hold one column: 4·m bytes) (default 200, > 0) */
  cache?: number;
}

/** the other binary learners, learner 'stump' */
export interface BinaryLearnerStumpTableOptions {
  /** learner 'stump' (default stump) */
  learner: 'stump';
}

/** the other binary learners, learner 'tree' */
export interface BinaryLearnerTreeTableOptions {
  /** learner 'tree' (default tree) */
  learner: 'tree';
  /** node impurity F (default gini) */
  criterion?: 'gini' | 'entropy' | 'misclassification';
  /** deepest level (0: unlimited) (default 0, [0, 1000]) */
  maxDepth?: number;
  /** fewest examples in a leaf (default 1, [1, 1000000000]) */
  minLeaf?: number;
  /** cost-complexity pruning, lambda by cross-validation (default false) */
  prune?: boolean;
  /** folds for choosing the pruning lambda (default 5, [2, 100]) */
  cvFolds?: number;
  /** columns (from 0) asked as x = v rather than x <= t (default none, [0, 1000000000]) */
  categorical?: number[];
}

export type BinaryLearnerTableOptions =
  | BinaryLearnerKernelTableOptions
  | BinaryLearnerStumpTableOptions
  | BinaryLearnerTreeTableOptions;

/** DecisionTree */
export interface DecisionTreeTableOptions {
  /** node impurity F (default gini) */
  criterion?: 'gini' | 'entropy' | 'misclassification';
  /** deepest level (0: unlimited) (default 0, [0, 1000]) */
  maxDepth?: number;
  /** fewest examples in a leaf (default 1, [1, 1000000000]) */
  minLeaf?: number;
  /** cost-complexity pruning, lambda by cross-validation (default false) */
  prune?: boolean;
  /** folds for choosing the pruning lambda (default 5, [2, 100]) */
  cvFolds?: number;
  /** fold assignment and the order features are tried in (decides ties) (default 1, [0, 4294967295]) */
  seed?: number;
  /** columns (from 0) asked as x = v rather than x <= t (default none, [0, 1000000000]) */
  categorical?: number[];
}

/** AdaBoostMH */
export interface AdaBoostMHTableOptions {
  /** boosting rounds T (fewer if a stump is perfect) (default 100, [1, 10000000]) */
  rounds?: number;
}

/** BinaryRelevance */
export interface BinaryRelevanceTableOptions {
  /** binary base learner, one per label (its trainer, loss and options in learnerOptions) (default linear) */
  learner?: 'linear' | 'kernel' | 'stump' | 'tree';
  /** the learners' example order (default 1, [0, 4294967295]) */
  seed?: number;
  /** feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds 10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows are scaled only, never shifted (default auto) */
  scale?: 'auto' | 'none' | 'minmax' | 'standard';
}

/** SearchIndex */
export interface SearchIndexTableOptions {
  /** the language of the text: its Snowball stemmer and stop words (none: neither; auto: each document and query in its own, by its ISO 639 code, which the JS API asks the language identifier for, and a language without a stemmer as none) (default english) */
  language?: 'none' | 'auto' | 'danish' | 'dutch' | 'english' | 'finnish' | 'french' | 'german' | 'hungarian' | 'italian' | 'norwegian' | 'portuguese' | 'russian' | 'spanish' | 'swedish' | 'turkish';
  /** stem words with the language's Snowball stemmer (Cranfield and CACM: NDCG@10 0.380 and 0.497, against 0.367 and 0.433 unstemmed; docs/search.md) (default true) */
  stem?: boolean;
  /** drop the language's stop words (Snowball's lists; Cranfield and CACM: NDCG@10 0.380 and 0.497, against 0.377 and 0.484 with them kept; docs/search.md) (default true) */
  stopWords?: boolean;
  /** fold diacritics and letter forms after stemming (é is e, ﬁ is fi, Ａ is a); case is always folded (default true) */
  fold?: boolean;
  /** how search ranks: bm25f (the fields' weighted, length-normalised term counts saturated once: Robertson, Zaragoza and Taylor 2004) or bm25 (BM25 per field, times the field's weight, summed) (default bm25f) */
  scorer?: 'bm25f' | 'bm25';
  /** BM25's term-frequency saturation (default 1.2, (0, 1000]) */
  k1?: number;
  /** BM25's length normalisation (0: none, 1: full) (default 0.75, [0, 1]) */
  b?: number;
  /** one weight per text field, in the fields' order; empty: each field's is √(L / L_f), L_f its mean length and L the longest field's, halfway (in log scale) between weighing every word alike and every field alike (Cranfield and CACM: NDCG@10 0.380 and 0.497, against 0.374 and 0.482 with 1 each) (default none, [0, 1000000]) */
  weights?: number[];
  /** μ of the Dirichlet-smoothed language-model feature (Zhai and Lafferty 2001) (default 2000, (0, 1000000000]) */
  dirichletMu?: number;
  /** λ, the collection's share in the Jelinek–Mercer language-model feature (Zhai and Lafferty 2001) (default 0.1, (0, 1]) */
  jmLambda?: number;
  /** the top documents that the rm3 feature's relevance model is estimated from (the learned re-ranker did better with 5 to 7 than with 10 on Cranfield and CACM) (default 6, [1, 1000]) */
  feedbackDocs?: number;
  /** the terms the rm3 feature adds to the query (default 20, [1, 1000]) */
  feedbackTerms?: number;
  /** the original query's share in the rm3 feature's expanded query (default 0.5, [0, 1]) */
  feedbackWeight?: number;
}

/** its own options, then a Ranker's */
export interface SearchRankerTableOptions {
  /** the first stage's results the ranker re-orders (default 100, [1, 100000]) */
  depth?: number;
  /** query: each feature scaled to [0, 1] over the candidates of its query (LETOR's query-level normalisation), so that weights learned on one query apply to another; none: raw values (default query) */
  normalize?: 'query' | 'none';
  /** how clicks become relevance: ips, the clicks of a (query, document) pair weighted by 1/propensity of the rank it was shown at (unbiased under the position-based model); naive, its click rate (default ips) */
  clicks?: 'ips' | 'naive';
  /** IPS weights are 1/max(propensity, clip): a cap on the weight of deep clicks (0: no cap; 0.2 came within 0.011 of judgments on Cranfield and CACM, where no cap fell 0.03 short on CACM) (default 0.2, [0, 1]) */
  clip?: number;
  /** the task loss Δ the ranker is trained and judged by: ndcg, kendall (pairs in order), or a bipartite measure of the whole set: f1, fbeta, precision@k, recall@k, balanced (accuracy) (default ndcg) */
  measure?: 'ndcg' | 'kendall' | 'f1' | 'fbeta' | 'precision@k' | 'recall@k' | 'balanced';
  /** the objective: hinge = the structured hinge with margin rescaling, max_y' Δ(y', y) + ⟨w, Ψ(x,y') − Ψ(x,y)⟩ (for two classes max(0, 1 − y⟨w, x⟩)); squared = the squared error of each score against its target (pointwise regression) (default hinge) */
  loss?: 'hinge' | 'squared';
  /** NDCG truncation k; k of precision@k and recall@k (default 10, [1, 100000]) */
  k?: number;
  /** beta of the F-beta measure (default 1, (0, 1000]) */
  beta?: number;
  /** the optimiser: sgd = stochastic subgradient descent with the constant step eta, averaged (SSBD 17.2.5); pegasos = stochastic subgradient descent on λ/2‖w‖² + mean loss with the step 1/(λt) (Pegasos); perceptron = the perceptron (Rosenblatt; Collins for structures), optionally averaged; cutting-plane = 1-slack cutting plane, exact: stops at a certified primal–dual gap (SVMstruct, SVMperf); bcfw = block-coordinate Frank–Wolfe on the dual, exact: stops at a certified gap (Lacoste-Julien et al.); default auto: cutting-plane for kendall (RankSVM's solver) and the bipartite measures (SVMperf's), sgd for ndcg; for ndcg with tied grades and precision@k / recall@k the exact trainers solve again with the order of tied documents taken from their last solution until the objective stops falling (CCCP); loss squared is solved in closed form (default auto) */
  trainer?: 'auto' | 'sgd' | 'pegasos' | 'perceptron' | 'cutting-plane' | 'bcfw';
  /** the constant step size (0: computed from the data, where the task can: Multiclass); default 0.1 here: (the perceptron steps by eta too) (default 0.1, ≥ 0) */
  eta?: number;
  /** regularisation λ/2‖w‖² (0 = none); default 0.0001 here: loss squared: the ridge weight λ‖w‖²; sgd keeps a little regularisation because a query's NDCG step has no margin to stop it (default 0.0001, ≥ 0) */
  lambda?: number;
  /** passes over the training data (default 20, [1, 1000000]) */
  epochs?: number;
  /** output the average of the iterates (default true) */
  average?: boolean;
  /** random seed (example order) (default 1, [0, 4294967295]) */
  seed?: number;
  /** cost of slack: ½‖w‖² + C Σ_i ℓ_i (LIBLINEAR's and SVMstruct's -c); default 0 here: 0 = SVMlight's default, the mean number of documents per query over the mean squared norm of a document's features (with psi=normalized, each document weighs as in a linear SVM with C = 1 / mean ‖x‖²) (default 0, ≥ 0) */
  C?: number;
  /** stop when the certified primal–dual gap is ≤ eps·C·m (m examples) (default 0.001, > 0) */
  eps?: number;
  /** cap on cutting-plane rounds (default 1000, [1, 1000000000]) */
  maxIter?: number;
  /** NDCG surrogate gain: linear (rel, SSBD) or exp2 (2^rel - 1, as the LETOR measure) (default linear) */
  gain?: 'linear' | 'exp2';
  /** NDCG and bipartite feature map: positions (SSBD: sum_i v_i x_i) or normalized (divided by the query size) (default normalized) */
  psi?: 'positions' | 'normalized';
  /** NDCG argmax: fast (exact, top-k candidates) or hungarian (O(r^3)) (default fast) */
  oracle?: 'fast' | 'hungarian';
  /** starting weights: zero, or pointwise (the ridge regression fit with lambda 0.01, then refined) (default zero) */
  init?: 'zero' | 'pointwise';
  /** bipartite: a document is positive when its relevance is above this (default 0, [-1000000000, 1000000000]) */
  relevant?: number;
  /** f1, fbeta, balanced: measure = the intercept is moved to the cut that maximises the measure on the training set; surrogate = the intercept the structured hinge learned (SVMperf's model), which minimises a bound on the loss, not the loss (default measure) */
  threshold?: 'measure' | 'surrogate';
  /** learn on D random Fourier features z(x) instead of x, approximating the RBF kernel (0 = off) (default 0, [0, 1000000]) */
  rff?: number;
  /** γ of the RBF kernel exp(−γ‖x−x'‖²) that rff approximates; 0 (the default): from the training rows, 1/(d·Var x) with the variance over all their entries (sparse zeros included; scikit-learn's gamma='scale'). The model records the value used (default 0, ≥ 0) */
  gamma?: number;
  /** seed of the random features (default 1, [0, 4294967295]) */
  rffSeed?: number;
  /** feature scaling fitted on the training rows, folded into a linear model's weights and kept by a kernel model: auto (dense columns whose mean exceeds 10 standard deviations are centred; then every feature is divided by the largest |value| when that exceeds 10 or is below 0.1; values within [-10, 10] and columns near 0 are left as they are), none, minmax (each column to [0, 1]) or standard (each column to zero mean, unit variance); sparse rows are scaled only, never shifted (default auto) */
  scale?: 'auto' | 'none' | 'minmax' | 'standard';
}

/** the options of one search, SearchIndex#search and SearchRanker#search, besides k and language */
export interface SearchTableOptions {
  /** "quoted phrases": required, every result holds each one; fallback, the same unless no document holds them all, when the query is answered with their words as plain terms and the results say so (phrasesAsTerms), as web search engines do (default fallback) */
  phrases?: 'fallback' | 'required';
}
