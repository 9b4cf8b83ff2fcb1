#!/usr/bin/env python3
"""scikit-learn reference rows for docs/benchmarks.md (the counterparts of bench_reductions).

    python3 bench/sklearn_reductions.py [DATA_DIR (default ../shared/data)] [SET,...] [GROUP,...]

Sets: letter, usps, dna, yeast; groups: reductions, tree, adaboost (default: all). The decision tree's
accuracy is the mean [min, max] over random_state 0-7 (it visits the features in a random order per node,
which decides ties), its seconds the best of 3 fits with random_state 0 made after those 8.
Needs scikit-learn (Debian: apt-get install python3-sklearn); prints a Markdown table, skips absent sets.
"""
import os
import sys
import time
import warnings

import numpy as np

try:
    from sklearn.datasets import load_svmlight_file
    from sklearn.ensemble import AdaBoostClassifier
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import f1_score, hamming_loss, accuracy_score
    from sklearn.multiclass import OneVsOneClassifier, OneVsRestClassifier, OutputCodeClassifier
    from sklearn.svm import LinearSVC
    from sklearn.tree import DecisionTreeClassifier
    import sklearn
except ImportError:
    print("scikit-learn is not installed (apt-get install python3-sklearn); skipping")
    sys.exit(0)

warnings.filterwarnings("ignore", category=ConvergenceWarning)
DATA = sys.argv[1] if len(sys.argv) > 1 else "../shared/data"
ONLY = (sys.argv[2] if len(sys.argv) > 2 else "letter,usps,dna,yeast").split(",")
GROUPS = (sys.argv[3] if len(sys.argv) > 3 else "reductions,tree,adaboost").split(",")


def timed(fit):
    t0 = time.perf_counter()
    model = fit()
    return model, time.perf_counter() - t0


def multiclass(name, train, test):
    a, b = os.path.join(DATA, "multiclass", name, train), os.path.join(DATA, "multiclass", name, test)
    if not (os.path.exists(a) and os.path.exists(b)):
        print(f"| {name} | (skipped: {a} not found) | | | |")
        return
    Xtr, ytr = load_svmlight_file(a)
    Xte, yte = load_svmlight_file(b, n_features=Xtr.shape[1])
    dense = Xtr.shape[1] <= 1000
    if dense:
        Xtr, Xte = Xtr.toarray(), Xte.toarray()
    runs = []
    if "reductions" in GROUPS:
        runs += [
            ("OneVsRest", "LinearSVC", lambda: OneVsRestClassifier(LinearSVC())),
            ("OneVsRest", "LogisticRegression", lambda: OneVsRestClassifier(LogisticRegression(max_iter=1000))),
            ("OneVsOne", "LinearSVC", lambda: OneVsOneClassifier(LinearSVC())),
            ("OneVsOne", "LogisticRegression", lambda: OneVsOneClassifier(LogisticRegression(max_iter=1000))),
            ("OutputCode code_size=2", "LinearSVC",
             lambda: OutputCodeClassifier(LinearSVC(), code_size=2, random_state=0)),
        ]
    if "adaboost" in GROUPS:
        runs += [
            ("AdaBoost (SAMME.R) T=50", "stumps", lambda: AdaBoostClassifier(random_state=0)),
            ("AdaBoost (SAMME.R) T=400", "stumps", lambda: AdaBoostClassifier(n_estimators=400, random_state=0)),
        ]
    if "tree" in GROUPS:
        accuracies = []
        for seed in range(8):
            model = DecisionTreeClassifier(random_state=seed).fit(Xtr, ytr)
            accuracies.append(accuracy_score(yte, model.predict(Xte)))
            if seed == 0:
                leaves = model.get_n_leaves()
        best = min(timed(lambda: DecisionTreeClassifier(random_state=0).fit(Xtr, ytr))[1] for _ in range(3))
        print(f"| {name} | DecisionTree, random_state 0-7: mean [min, max] | gini, {leaves} leaves (random_state 0) | "
              f"{np.mean(accuracies):.4f} [{min(accuracies):.4f}, {max(accuracies):.4f}] | {best:.3f} |", flush=True)
    for method, learner, make in runs:
        model, seconds = timed(lambda: make().fit(Xtr, ytr))
        acc = accuracy_score(yte, model.predict(Xte))
        print(f"| {name} | {method} | {learner} | {acc:.4f} | {seconds:.2f} |", flush=True)


def yeast():
    a = os.path.join(DATA, "multilabel", "yeast", "yeast_train.svm")
    b = os.path.join(DATA, "multilabel", "yeast", "yeast_test.svm")
    if not (os.path.exists(a) and os.path.exists(b)):
        print(f"\n(yeast skipped: {a} not found)")
        return
    Xtr, ytr = load_svmlight_file(a, multilabel=True, zero_based=False)
    Xte, yte = load_svmlight_file(b, multilabel=True, n_features=Xtr.shape[1], zero_based=False)
    Xtr, Xte = Xtr.toarray(), Xte.toarray()
    k = int(max(max((max(s) for s in ytr if s), default=0), max((max(s) for s in yte if s), default=0))) + 1

    def binarize(sets):
        Y = np.zeros((len(sets), k), dtype=int)
        for i, s in enumerate(sets):
            for l in s:
                Y[i, int(l)] = 1
        return Y

    Ytr, Yte = binarize(ytr), binarize(yte)
    print("\n| set | method | learner | Hamming loss | micro-F1 | macro-F1 | subset acc. | train s |")
    print("|---|---|---|---|---|---|---|---|")
    for learner, make in [("LinearSVC C=1", lambda: LinearSVC(C=1)),
                          ("LogisticRegression", lambda: LogisticRegression(max_iter=1000)),
                          ("DecisionTree max_depth=5", lambda: DecisionTreeClassifier(max_depth=5, random_state=0))]:
        model, seconds = timed(lambda: OneVsRestClassifier(make()).fit(Xtr, Ytr))
        P = model.predict(Xte)
        print(f"| yeast | binary relevance (OneVsRest) | {learner} | {hamming_loss(Yte, P):.4f} | "
              f"{f1_score(Yte, P, average='micro'):.4f} | {f1_score(Yte, P, average='macro', zero_division=0):.4f} | "
              f"{accuracy_score(Yte, P):.4f} | {seconds:.2f} |", flush=True)


print(f"scikit-learn {sklearn.__version__}\n")
print("| set | method | learner | accuracy | train s |\n|---|---|---|---|---|")
for name, train, test in [("dna", "dna.scale", "dna.scale.t"), ("usps", "usps", "usps.t"),
                          ("letter", "letter.scale", "letter.scale.t")]:
    if name in ONLY:
        multiclass(name, train, test)
if "yeast" in ONLY and "reductions" in GROUPS:
    yeast()
