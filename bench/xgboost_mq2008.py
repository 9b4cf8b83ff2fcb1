#!/usr/bin/env python3
"""XGBoost linear-booster reference rows for the MQ2008 ranking benchmark (docs/benchmarks.md).

    /usr/bin/python3 bench/xgboost_mq2008.py [data_dir]     # from the repository root; needs python3-xgboost

Same protocol as bench/native/bench_ranking.cpp: for each fold, boosting rounds (20..500), eta and the L2 penalty
are picked by NDCG@10 (common convention) on vali.txt, the model is retrained on train.txt and evaluated on
test.txt under both conventions (common, and the official LETOR 4.0 script's). Skips when data or xgboost
are absent.
"""
import math
import os
import sys
import time

try:
    import numpy as np
    import xgboost as xgb
except ImportError as e:  # pragma: no cover
    print(f"xgboost_mq2008: {e}; skipping (apt-get install python3-xgboost, run with /usr/bin/python3)")
    sys.exit(0)


def read_letor(path, cols=46):
    rel, qid, rows = [], [], []
    with open(path) as f:
        for line in f:
            line = line.split('#', 1)[0].split()
            if not line:
                continue
            rel.append(float(line[0]))
            qid.append(line[1][4:])
            x = np.zeros(cols, dtype=np.float32)
            for tok in line[2:]:
                i, v = tok.split(':')
                x[int(i) - 1] = float(v)
            rows.append(x)
    groups, last = [], None
    for q in qid:
        if q != last:
            groups.append(0)
            last = q
        groups[-1] += 1
    return np.array(rows), np.array(rel), groups


def gain(r):
    return 2.0 ** r - 1 if r > 0 else 0.0


def query_measures(scores, rel, convention, ks=(1, 3, 5, 10)):
    """NDCG@k and AP of one query; None when the query is skipped (common convention, no relevant doc)."""
    order = sorted(range(len(scores)), key=lambda i: -scores[i])  # stable: ties keep the file order
    ranked = [rel[i] for i in order]
    ideal = sorted(rel, reverse=True)
    if not any(r > 0 for r in rel):
        return None if convention == 'common' else ([0.0] * len(ks), 0.0)
    out = []
    for k in ks:
        if convention == 'letor4':
            if k > len(rel):
                out.append(0.0)
                continue
            disc = lambda p: 1.0 if p <= 2 else 1.0 / math.log2(p)
        else:
            disc = lambda p: 1.0 / math.log2(p + 1)
        n = min(k, len(rel))
        dcg = sum(gain(ranked[p - 1]) * disc(p) for p in range(1, n + 1))
        best = sum(gain(ideal[p - 1]) * disc(p) for p in range(1, n + 1))
        out.append(dcg / best)
    hits, ap = 0, 0.0
    for p, r in enumerate(ranked, 1):
        if r > 0:
            hits += 1
            ap += hits / p
    return out, ap / hits


def evaluate(scores, rel, groups, convention):
    sums, m, n, start = [0.0] * 4, 0.0, 0, 0
    for g in groups:
        res = query_measures(list(scores[start:start + g]), list(rel[start:start + g]), convention)
        start += g
        if res is None:
            continue
        n += 1
        for j in range(4):
            sums[j] += res[0][j]
        m += res[1]
    return [s / n for s in sums] + [m / n]


def main():
    data = sys.argv[1] if len(sys.argv) > 1 else '../shared/data/letor-mq2008'
    if not os.path.exists(os.path.join(data, 'Fold1', 'train.txt')):
        print(f'xgboost_mq2008: {data} not found, skipping')
        return
    folds = []
    for f in range(1, 6):
        base = os.path.join(data, f'Fold{f}')
        folds.append([read_letor(os.path.join(base, n)) for n in ('train.txt', 'vali.txt', 'test.txt')])
    print(f'xgboost {xgb.__version__}, booster gblinear; rounds, eta and lambda picked by NDCG@10 on vali\n')
    print('| algo | NDCG@1 | NDCG@3 | NDCG@5 | NDCG@10 | MAP | LETOR4 NDCG@1 | @3 | @5 | @10 | LETOR4 MAP | train s/fold |')
    print('|---|---|---|---|---|---|---|---|---|---|---|---|')
    for objective in ('rank:pairwise', 'rank:ndcg'):
        common, letor, seconds = np.zeros(5), np.zeros(5), 0.0
        for (xt, yt, gt), (xv, yv, gv), (xs, ys, gs) in folds:
            dtrain = xgb.DMatrix(xt, label=yt)
            dtrain.set_group(gt)
            dvalid = xgb.DMatrix(xv)
            best = (-1, None)
            for eta in (0.1, 0.5):
                for lam in (0.0, 0.01, 0.1):
                    for rounds in (20, 50, 100, 200, 500):
                        params = {'booster': 'gblinear', 'objective': objective, 'eta': eta, 'lambda': lam,
                                  'nthread': 1, 'seed': 1, 'updater': 'coord_descent'}
                        model = xgb.train(params, dtrain, num_boost_round=rounds)
                        score = evaluate(model.predict(dvalid), yv, gv, 'common')[3]
                        if score > best[0]:
                            best = (score, (params, rounds))
            params, rounds = best[1]
            t0 = time.time()
            model = xgb.train(params, dtrain, num_boost_round=rounds)
            seconds += time.time() - t0
            s = model.predict(xgb.DMatrix(xs))
            common += evaluate(s, ys, gs, 'common')
            letor += evaluate(s, ys, gs, 'letor4')
        c, l = common / 5, letor / 5
        print(f'| xgboost {objective} (gblinear) | ' + ' | '.join(f'{x:.4f}' for x in list(c) + list(l)) +
              f' | {seconds / 5:.3f} |')
        sys.stdout.flush()


if __name__ == '__main__':
    main()
