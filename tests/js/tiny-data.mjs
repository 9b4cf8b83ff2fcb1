// A tiny data set in every shape the API takes, for the tests that call every method with it (validation,
// boundary). Four columns; the class is which of x0 and x1 is larger (x2, x3 are noise), so every learner
// separates it: 0 when x0 wins, 1 when x1 wins.
export const X = [[1, 0, 0, 0], [0, 1, 0, 0], [2, 0, 0, 1], [0, 2, 1, 0], [1.5, 0, 0.5, 0], [0, 1.5, 0, 0.5],
  [3, 1, 0, 0], [1, 3, 0, 0]];
export const y = X.map((r) => (r[0] > r[1] ? 0 : 1));
export const signs = y.map((c) => (c ? 1 : -1));
export const sets = y.map((c) => [c]);
export const tags = y.map((c) => (c ? 'B' : 'A'));
export const sequences = [X.slice(0, 4), X.slice(4)];
export const sequenceTags = [tags.slice(0, 4), tags.slice(4)];
export const queries = [{ features: X.slice(0, 4), relevance: y.slice(0, 4) }, { features: X.slice(4), relevance: y.slice(4) }];
