// Scoring raw text → tokens → tags against a UD treebank with the CoNLL 2018 evaluation script
// (UniversalDependencies/tools, eval.py; `git show 799292f:eval.py`, later versions import the udtools package).
// Shared by bench/tokenizer.mjs and bench/languages.mjs.
import { writeFileSync, mkdtempSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A treebank split's raw text: its `# text`, a paragraph at each `# newpar` (or every 20 sentences when it marks
// none), sentences within one joined by a space unless SpaceAfter=No says otherwise, paragraphs separated by
// blank lines.
export function rawText(am, conllu) {
  const treebank = am.module.TokenizerTreebank.read(conllu);
  try {
    return treebank.texts().filter(Boolean).join('\n\n') + '\n';
  } finally {
    treebank.delete();
  }
}

// eval.py at `evalPy` → score(goldFile, systemConllu): { Tokens, Sentences, Words, UPOS } F1 in percent.
export function scorer(evalPy) {
  const file = join(mkdtempSync(join(tmpdir(), 'argmax-ud-eval-')), 'system.conllu');
  return (gold, system) => {
    writeFileSync(file, system);
    const run = spawnSync('python3', [evalPy, '-v', gold, file], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`eval.py failed: ${run.stderr || run.stdout}`);
    const out = {};
    for (const line of run.stdout.split('\n')) {
      const cells = line.split('|').map((c) => c.trim());
      if (['Tokens', 'Sentences', 'Words', 'UPOS'].includes(cells[0])) out[cells[0]] = Number(cells[3]);
    }
    return out;
  };
}
