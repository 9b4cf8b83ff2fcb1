// Temporary directories for a test file, removed when the process exits (pass or fail).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = [];
process.on('exit', () => { for (const dir of made) rmSync(dir, { recursive: true, force: true }); });

export function tempDir(name) {
  const dir = mkdtempSync(join(tmpdir(), `argmax-${name}-`));
  made.push(dir);
  return dir;
}
