// Files the project keeps are never read from where someone else could have planted them: a folder
// another user can write to (or, for a private folder, that is not ours) is refused with a sentence
// naming it and what to do, a link at a file's name is never followed, and a file owned by someone
// else is never read or appended to. A folder only others can read is tightened (nothing could be
// planted in it). Cases with a second owner run as root, making files owned by `nobody`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ElicitError } from '../../src/contracts/elicit-error.js';
import {
  appendPrivateFile,
  ensurePrivateDir,
  readPrivateFile,
  writePrivateFile,
} from '../../src/files/private-file.js';
import { req } from '../helpers/req.js';

const NOBODY = 65534;
const asRoot = process.getuid?.() === 0 ? false : 'needs root to make files owned by another user';
const scratch = () => mkdtempSync(join(tmpdir(), 'mcp-elicit-files-'));
const mode = (path: string) => statSync(path).mode & 0o777;

/** Asserts `run` rejects with the refusal naming `path` and saying `why`. */
async function refused(run: Promise<unknown>, path: string, why: RegExp): Promise<void> {
  await assert.rejects(run, (error: unknown) => {
    assert.ok(error instanceof ElicitError, String(error));
    assert.equal(error.code, 'config');
    assert.ok(error.message.includes(`not using ${path}:`), error.message);
    assert.match(error.message, why);
    return true;
  });
}

describe('a private folder', () => {
  it(req`is created 0700, and one of ours that others can only read is tightened to 0700 (A-28)`, async () => {
    const dir = join(scratch(), 'state', 'auth');
    await ensurePrivateDir(dir, { tighten: true });
    assert.equal(mode(dir), 0o700);
    chmodSync(dir, 0o755);
    await ensurePrivateDir(dir, { tighten: true });
    assert.equal(mode(dir), 0o700);
  });

  it(req`writable by other users (0777, or 0770) is refused, naming it and what to do, and left as it is (A-37)`, async () => {
    for (const wide of [0o777, 0o770, 0o1777]) {
      const dir = join(scratch(), 'auth');
      mkdirSync(dir);
      chmodSync(dir, wide);
      writeFileSync(join(dir, 'planted.json'), '{}');
      await refused(
        ensurePrivateDir(dir, { tighten: true }),
        dir,
        /writable by other users.*chmod 700 on it/,
      );
      assert.equal(statSync(dir).mode & 0o7777, wide, 'not tightened: what is inside stays untrusted');
    }
  });

  it(req`that is a symbolic link is refused, even to a folder of ours (A-37)`, async () => {
    const base = scratch();
    mkdirSync(join(base, 'real'), { mode: 0o700 });
    symlinkSync(join(base, 'real'), join(base, 'auth'));
    await refused(ensurePrivateDir(join(base, 'auth')), join(base, 'auth'), /symbolic link/);
  });

  it(req`below a folder others can write to (not sticky) is refused, naming that folder (A-37)`, async () => {
    const base = scratch();
    const shared = join(base, 'shared');
    mkdirSync(join(shared, 'auth'), { recursive: true, mode: 0o700 });
    chmodSync(shared, 0o777);
    await refused(ensurePrivateDir(join(shared, 'auth')), shared, /writable by other users/);
  });

  it(req`owned by another user is refused, whatever its mode (A-37)`, { skip: asRoot }, async () => {
    const dir = join(scratch(), 'auth');
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, NOBODY, NOBODY);
    await refused(ensurePrivateDir(dir), dir, /belongs to another user \(uid 65534\)/);
  });
});

describe('a private file', () => {
  it(req`at a symbolic link is never followed: reading, appending and replacing refuse or replace the link (A-37)`, async () => {
    const dir = scratch();
    const target = join(dir, 'attacker.json');
    writeFileSync(target, '{"attacker":true}', { mode: 0o600 });
    const link = join(dir, 'store.json');
    symlinkSync(target, link);
    await refused(readPrivateFile(link, 1024), link, /symbolic link/);
    await refused(appendPrivateFile(link, 'x'), link, /symbolic link/);
    assert.equal(readFileSync(target, 'utf8'), '{"attacker":true}', 'the target is untouched');
    await writePrivateFile(link, 'mine');
    assert.ok(!statSync(link, { throwIfNoEntry: true }).isSymbolicLink());
    assert.equal(readFileSync(link, 'utf8'), 'mine', 'a rename replaced the link, not its target');
    assert.equal(readFileSync(target, 'utf8'), '{"attacker":true}');
  });

  it(req`that is a FIFO, a folder or writable by others is refused without blocking (A-37)`, async () => {
    const dir = scratch();
    const fifo = join(dir, 'fifo.json');
    execFileSync('mkfifo', [fifo]);
    await refused(readPrivateFile(fifo, 1024), fifo, /not a regular file/);
    mkdirSync(join(dir, 'folder.json'));
    await refused(
      readPrivateFile(join(dir, 'folder.json'), 1024),
      join(dir, 'folder.json'),
      /not a regular file/,
    );
    const open = join(dir, 'open.json');
    writeFileSync(open, '{}');
    chmodSync(open, 0o666);
    await refused(readPrivateFile(open, 1024), open, /writable by other users \(mode 666\)/);
  });

  it(req`owned by another user in our own folder is never read nor appended to (A-37)`, {
    skip: asRoot,
  }, async () => {
    const dir = scratch();
    const file = join(dir, 'store.json');
    writeFileSync(file, '{"planted":true}', { mode: 0o600 });
    chownSync(file, NOBODY, NOBODY);
    await refused(readPrivateFile(file, 1024), file, /belongs to another user \(uid 65534\)/);
    await refused(appendPrivateFile(file, 'x'), file, /belongs to another user/);
  });

  it('of ours that others can read is tightened to 0600 when read; a missing one reads as undefined', async () => {
    const dir = scratch();
    const file = join(dir, 'era.json');
    writeFileSync(file, 'text');
    chmodSync(file, 0o644);
    assert.equal(await readPrivateFile(file, 1024), 'text');
    assert.equal(mode(file), 0o600);
    assert.equal(await readPrivateFile(join(dir, 'missing.json'), 1024), undefined);
    assert.equal(await readPrivateFile(join(dir, 'no', 'such.json'), 1024), undefined);
    assert.ok(!existsSync(join(dir, 'no')), 'reading creates nothing');
  });

  it('in the sticky /tmp is fine: others cannot replace what is ours there', async () => {
    const file = join(tmpdir(), `mcp-elicit-audit-${process.pid}-${Date.now()}.jsonl`);
    try {
      await appendPrivateFile(file, 'one\n');
      assert.equal(readFileSync(file, 'utf8'), 'one\n');
      assert.equal(mode(file), 0o600);
    } finally {
      rmSync(file, { force: true });
    }
  });
});
