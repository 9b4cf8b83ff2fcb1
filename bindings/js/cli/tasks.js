// The CLI's tasks: each module says how to train, predict and evaluate from text files.
import multiclass from './multiclass.js';
import sequence from './sequence.js';
import ranking from './ranking.js';
import multilabel from './multilabel.js';
import tokenizer from './tokenizer.js';
import text from './text.js';

export const tasks = { multiclass, sequence, ranking, multilabel, tokenizer, text };

// `argmax train <task> --help`: the task's usage line, then its options (docs/cli.md holds each task's).
export function trainHelp(am, name) {
  const task = tasks[name];
  return `argmax train ${name} --train FILE --model OUT${task.methods ? ` [--method ${task.methods.join('|')}]` : ''} [--set key=value]...` +
    ` [--valid FILE${task.evaluates ? ' | --train-accuracy' : ''}] [--init MODEL] [--threads N|auto]${task.singleClass ? ' [--allow-single-class]' : ''}` +
    ` [--json]\n\n${task.help(am)}`;
}

export function taskForKind(kind) {
  const task = Object.values(tasks).find((t) => t.kinds.includes(kind));
  if (!task) throw new Error(`no CLI task handles models of kind '${kind}'`);
  return task;
}
