#!/usr/bin/env python3
"""scikit-learn's side of bench/text.mjs, on the data that script parsed (so both read the same texts).

    python3 bench/sklearn_text.py TASKS.json
    python3 bench/sklearn_text.py --crossed DIR


TASKS.json: {"tasks": [{"name", "kind": "single" | "sets", "train": [[label or labels, text], ...], "test": [...]}],
"vectorizer": {"texts": [...], "rows": [[[column, value], ...], ...], "vocabulary": ["w:word", "c:ngram", ...]}?}.
Each task is TF-IDF of word 1-2-grams and char_wb 2-5-grams (one TfidfVectorizer each, joined as a FeatureUnion)
and LinearSVC with C = 1 (one-vs-rest for label sets). "vectorizer" holds argmax's rows of the texts (word 1-2-grams
and char_wb 2-5-grams in one vocabulary, fitted on those texts): the script makes scikit-learn's and prints the
largest difference. --crossed (bench/text-reuters-gap.mjs): DIR holds stories.json ({"train", "test": [[labels, text],
...]}) and argmax's rows of them (NAME-offsets.bin, -indices.bin, -values.bin: int32, int32, float32 CSR;
NAME-cols.json); the script writes its own rows beside them (sklearn-train, sklearn-test) and fits LinearSVC on
both. Prints one JSON object. Needs scikit-learn (Debian: apt-get install python3-sklearn).
"""
import json
import sys
import time
import warnings

try:
    import numpy as np
    import scipy.sparse as sp
    from sklearn.exceptions import ConvergenceWarning
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.metrics import accuracy_score, f1_score
    from sklearn.multiclass import OneVsRestClassifier
    from sklearn.pipeline import FeatureUnion
    from sklearn.preprocessing import MultiLabelBinarizer
    from sklearn.svm import LinearSVC
    import sklearn
except ImportError:
    print(json.dumps({"skipped": "scikit-learn is not installed (apt-get install python3-sklearn)"}))
    sys.exit(0)

warnings.filterwarnings("ignore", category=ConvergenceWarning)


def union():
    return FeatureUnion([
        ("words", TfidfVectorizer(analyzer="word", ngram_range=(1, 2))),
        ("chars", TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5))),
    ])


def run(task):
    train_y = [y for y, _ in task["train"]]
    test_y = [y for y, _ in task["test"]]
    t0 = time.perf_counter()
    features = union()
    X = features.fit_transform([t for _, t in task["train"]])
    if task["kind"] == "sets":
        labels = MultiLabelBinarizer().fit(train_y + test_y)
        model = OneVsRestClassifier(LinearSVC(C=1.0)).fit(X, labels.transform(train_y))
    else:
        model = LinearSVC(C=1.0).fit(X, train_y)
    train_seconds = time.perf_counter() - t0
    t0 = time.perf_counter()
    predicted = model.predict(features.transform([t for _, t in task["test"]]))
    predict_seconds = time.perf_counter() - t0
    out = {"name": task["name"], "train_seconds": train_seconds, "predict_seconds": predict_seconds}
    if task["kind"] == "sets":
        truth = labels.transform(test_y)
        out["micro_f1"] = f1_score(truth, predicted, average="micro", zero_division=0)
        out["macro_f1"] = f1_score(truth, predicted, average="macro", zero_division=0)
    else:
        out["accuracy"] = accuracy_score(test_y, predicted)
    return out


def compare_vectorizer(v):
    """The largest |difference| between argmax's rows and scikit-learn's, matched by n-gram."""
    texts = v["texts"]
    words = TfidfVectorizer(analyzer="word", ngram_range=(1, 2), token_pattern=r"(?u)\b\w+\b", norm=None)
    chars = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), norm=None)
    W, C = words.fit_transform(texts), chars.fit_transform(texts)
    names = ["w:" + n for n in words.get_feature_names_out()] + ["c:" + n for n in chars.get_feature_names_out()]
    X = sp.hstack([W, C]).tocsr()
    X = sp.diags(1 / np.sqrt(np.asarray(X.multiply(X).sum(axis=1)).ravel())) @ X  # one L2 norm over both, as argmax
    column = {n: j for j, n in enumerate(names)}
    missing = [n for n in v["vocabulary"] if n not in column]
    worst = 0.0
    for i, row in enumerate(v["rows"]):
        ours = {column[v["vocabulary"][j]]: value for j, value in row if v["vocabulary"][j] in column}
        theirs = dict(zip(X[i].indices.tolist(), X[i].data.tolist()))
        for j in set(ours) | set(theirs):
            worst = max(worst, abs(ours.get(j, 0.0) - theirs.get(j, 0.0)))
    return {"texts": len(texts), "columns": len(v["vocabulary"]), "sklearn_columns": len(names),
            "missing": len(missing), "largest_difference": worst}


def read_rows(directory, name):
    part = lambda p, t: np.fromfile(f"{directory}/{name}-{p}.bin", dtype=t)
    offsets = part("offsets", np.int32)
    cols = json.load(open(f"{directory}/{name}-cols.json"))
    return sp.csr_matrix((part("values", np.float32), part("indices", np.int32), offsets), shape=(len(offsets) - 1, cols))


def write_rows(directory, name, X):
    X = X.tocsr().astype(np.float32)
    X.indptr.astype(np.int32).tofile(f"{directory}/{name}-offsets.bin")
    X.indices.astype(np.int32).tofile(f"{directory}/{name}-indices.bin")
    X.data.tofile(f"{directory}/{name}-values.bin")
    json.dump(X.shape[1], open(f"{directory}/{name}-cols.json", "w"))


def crossed(directory):
    """LinearSVC, one-vs-rest, on argmax's rows and on scikit-learn's (which it writes for argmax to read)."""
    stories = json.load(open(f"{directory}/stories.json", encoding="utf-8"))
    labels = MultiLabelBinarizer().fit([y for y, _ in stories["train"]])
    train_y = labels.transform([y for y, _ in stories["train"]])
    test_y = labels.transform([y for y, _ in stories["test"]])
    features = union()
    write_rows(directory, "sklearn-train", features.fit_transform([t for _, t in stories["train"]]))
    write_rows(directory, "sklearn-test", features.transform([t for _, t in stories["test"]]))
    out = {"sklearn": sklearn.__version__}
    for rows, key in (("argmax", "argmax"), ("sklearn", "sklearn_rows")):
        model = OneVsRestClassifier(LinearSVC(C=1.0)).fit(read_rows(directory, f"{rows}-train"), train_y)
        predicted = model.predict(read_rows(directory, f"{rows}-test"))
        out[key] = {"micro": f1_score(test_y, predicted, average="micro", zero_division=0),
                    "macro": f1_score(test_y, predicted, average="macro", zero_division=0)}
    out["columns"] = read_rows(directory, "sklearn-train").shape[1]
    return out


def main():
    if sys.argv[1] == "--crossed":
        print(json.dumps(crossed(sys.argv[2])))
        return
    spec = json.load(open(sys.argv[1], encoding="utf-8"))
    out = {"sklearn": sklearn.__version__, "tasks": [run(t) for t in spec["tasks"]]}
    if "vectorizer" in spec:
        out["vectorizer"] = compare_vectorizer(spec["vectorizer"])
    print(json.dumps(out))


main()
