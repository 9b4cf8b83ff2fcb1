// The CLI's tasks: each module says how to train, predict and evaluate from text files.
import multiclass from './multiclass.js';
import sequence from './sequence.js';
import ranking from './ranking.js';
import multilabel from './multilabel.js';
import tokenizer from './tokenizer.js';
import text from './text.js';

export const tasks = { multiclass, sequence, ranking, multilabel, tokenizer, text };

export function taskForKind(kind) {
  const task = Object.values(tasks).find((t) => t.kinds.includes(kind));
  if (!task) throw new Error(`no CLI task handles models of kind '${kind}'`);
  return task;
}
