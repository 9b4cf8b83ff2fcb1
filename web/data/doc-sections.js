// The search section's collection: the library's own documentation (README.md and docs/*.md), cut into one
// document per heading. serve.mjs makes it from the files on each request (/docs/sections.json), so it is never
// out of date and never committed twice; its licence is the project's.

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.
export function slug(heading) {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').trim().replace(/\s/g, '-');
}

// Markdown to plain words: code fences keep their code, links their text, tables their cells; HTML tags go.
function plain(markdown) {
  return markdown
    .replace(/^```.*$/gm, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<\/?[a-z][^>]*>/g, ' ')  // HTML tags
    .replace(/^\s*\|?[-:| ]+\|?\s*$/gm, '')  // table rules
    .replace(/[`*_|#>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// One file's sections: [{ id: 'file#anchor', title, path: 'Parent › Heading', text }], headings inside code
// fences ignored; text before the first heading is left out, as is a section without text.
export function docSections(file, markdown) {
  const sections = [], trail = [];
  let current = null, fenced = false;
  const close = () => {
    if (current && (current.text = plain(current.lines.join('\n')))) sections.push({ id: current.id, title: current.title, path: current.path, text: current.text });
  };
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) {
      current?.lines.push(line);
      continue;
    }
    close();
    const level = heading[1].length, title = plain(heading[2]);
    trail.length = level - 1;
    trail[level - 1] = title;
    current = { id: `${file}#${slug(title)}`, title, path: trail.filter(Boolean).join(' › '), lines: [] };
  }
  close();
  // Two headings with one anchor: GitHub numbers the later ones -1, -2, …
  const seen = new Map();
  for (const s of sections) {
    const n = seen.get(s.id) ?? 0;
    seen.set(s.id, n + 1);
    if (n) s.id = `${s.id}-${n}`;
  }
  return sections;
}
