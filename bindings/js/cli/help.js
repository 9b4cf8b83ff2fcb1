// `argmax train <task> --help` lists every option once: the lines that every block shares (the same option with
// the same default and help) first, then what each block adds (a trainer's own options, or its own default).
// blocks: [{ title, text }], text one option a line (core/options.cpp describe(), or reductions.js optionLines()).
export function sharedFirst(blocks, shared = 'every trainer') {
  const lines = blocks.map(({ text }) => text.split('\n').filter(Boolean));
  const common = lines[0].filter((line) => lines.every((own) => own.includes(line)));
  return [`${shared} takes:`, ...common, ...blocks.flatMap(({ title }, i) => {
    const own = lines[i].filter((line) => !common.includes(line));
    return [`${title} adds:`, ...(own.length ? own : ['  (nothing more)'])];
  })].join('\n');
}
