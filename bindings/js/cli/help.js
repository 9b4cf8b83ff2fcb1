// `argmax train <task> --help` lists every option once: each line (an option with its default and help) under the
// trainers that take it as it is, those every trainer takes first, then the groups in the order the tables give.
// blocks: [{ name, text }], text one option a line (core/options.cpp describe(), or reductions.js optionLines());
// prefix + names says who takes a group (`--set trainer=` + `dcd, bcfw`), every when all of them do.
export function sharedFirst(blocks, prefix, every = 'every trainer') {
  const takers = new Map();  // line → the blocks that have it, in block order
  for (const { name, text } of blocks) {
    for (const line of text.split('\n').filter(Boolean)) takers.set(line, [...(takers.get(line) ?? []), name]);
  }
  const groups = new Map();  // who → lines
  for (const [line, names] of takers) {
    const who = names.length === blocks.length ? `${every} takes` : `${prefix}${names.join(', ')} take${names.length > 1 ? '' : 's'}`;
    groups.set(who, [...(groups.get(who) ?? []), line]);
  }
  const all = `${every} takes`, order = [...groups.keys()].sort((a, b) => (b === all) - (a === all));
  return order.flatMap((who) => [`${who}:`, ...groups.get(who)]).join('\n');
}
