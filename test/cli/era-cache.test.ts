// The era cache is private and small (issues 11 and 13): folder 0700, file 0600 (wider modes found
// on disk are tightened), stdio servers keyed by a hash so no argument is stored in clear,
// XDG_CACHE_HOME honoured, expired entries pruned on write, the entry count bounded.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { type CachedEra, EraCache, eraCacheDir, eraCacheKey } from '../../src/connect/era-cache.js';
import { appendPrivateFile, writePrivateFile } from '../../src/files/private-file.js';
import { jsonReport, runCli } from '../helpers/cli.js';
import { envStdioCommand } from '../helpers/servers.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'mcp-elicit-era-'));
const mode = (path: string) => statSync(path).mode & 0o777;
const legacy = (savedAt: number): CachedEra => ({ kind: 'legacy', savedAt });
const DAY = 24 * 3600_000;

describe('where the era cache lives', () => {
  it('honours MCP_ELICIT_CACHE_DIR, then an absolute XDG_CACHE_HOME, then ~/.cache', () => {
    assert.equal(eraCacheDir({ MCP_ELICIT_CACHE_DIR: '/x/c', XDG_CACHE_HOME: '/y' }), '/x/c');
    assert.equal(eraCacheDir({ XDG_CACHE_HOME: '/y' }), '/y/mcp-elicit');
    assert.equal(eraCacheDir({ XDG_CACHE_HOME: 'relative' }), join(homedir(), '.cache', 'mcp-elicit'));
    assert.equal(eraCacheDir({}), join(homedir(), '.cache', 'mcp-elicit'));
  });

  it('is a scratch folder while the tests run, never the real ~/.cache/mcp-elicit', () => {
    assert.notEqual(eraCacheDir(process.env), join(homedir(), '.cache', 'mcp-elicit'));
    assert.ok(
      eraCacheDir(process.env).startsWith(tmpdir()),
      `the era cache is ${eraCacheDir(process.env)}: run the tests with scripts/run-tests.mjs (npm test)`,
    );
  });
});

describe('the era cache file', () => {
  it('is written 0600 in a 0700 folder, and wider modes found on disk are tightened', async () => {
    const xdg = scratch();
    const cache = new EraCache({ XDG_CACHE_HOME: xdg });
    await cache.set('http k', legacy(Date.now()));
    assert.equal(cache.file, join(xdg, 'mcp-elicit', 'eras.json'));
    assert.equal(mode(join(xdg, 'mcp-elicit')), 0o700);
    assert.equal(mode(cache.file), 0o600);

    chmodSync(join(xdg, 'mcp-elicit'), 0o755);
    chmodSync(cache.file, 0o644);
    assert.ok(await cache.get('http k'), 'a read finds the entry...');
    assert.equal(mode(cache.file), 0o600, '...and tightens the file');
    assert.equal(mode(join(xdg, 'mcp-elicit')), 0o700, '...and its own folder');
    chmodSync(cache.file, 0o666);
    await cache.set('http k2', legacy(Date.now()));
    assert.equal(mode(cache.file), 0o600, 'a write replaces the file with a private one');
  });

  it('leaves a folder the user named with MCP_ELICIT_CACHE_DIR as it is, but keeps the file private', async () => {
    const dir = scratch();
    chmodSync(dir, 0o755);
    const cache = new EraCache({ MCP_ELICIT_CACHE_DIR: dir });
    await cache.set('http k', legacy(Date.now()));
    assert.equal(mode(dir), 0o755);
    assert.equal(mode(cache.file), 0o600);
  });

  it('prunes expired entries on write, drops malformed ones, and keeps at most the 64 newest', async () => {
    const dir = scratch();
    const now = Date.now();
    const old = {
      kind: 'modern',
      discover: { supportedVersions: ['2026-07-28'], ttlMs: 60_000 },
      savedAt: now - 120_000,
    };
    writeFileSync(
      join(dir, 'eras.json'),
      JSON.stringify({
        'http stale': legacy(now - 8 * DAY),
        'http shortTtl': old,
        'http junk': { kind: 'x' },
        'http fresh': legacy(now - DAY),
      }),
    );
    const cache = new EraCache({ MCP_ELICIT_CACHE_DIR: dir });
    assert.equal(await cache.get('http stale'), undefined, 'an expired entry is not used');
    await cache.set('http new', legacy(now));
    const onDisk = () => JSON.parse(readFileSync(cache.file, 'utf8')) as Record<string, CachedEra>;
    assert.deepEqual(Object.keys(onDisk()).sort(), ['http fresh', 'http new']);
    for (let i = 0; i < 70; i += 1) await cache.set(`http s${i}`, legacy(now + i));
    const kept = Object.keys(onDisk());
    assert.equal(kept.length, 64);
    assert.ok(kept.includes('http s69') && !kept.includes('http fresh'), 'the oldest entries went first');
  });

  it('does not store an oversized entry, and ignores an oversized file', async () => {
    const dir = scratch();
    const cache = new EraCache({ MCP_ELICIT_CACHE_DIR: dir });
    const huge: CachedEra = {
      kind: 'modern',
      discover: { supportedVersions: ['2026-07-28'], instructions: 'x'.repeat(100_000) } as never,
      savedAt: Date.now(),
    };
    await cache.set('http huge', huge);
    assert.equal(await cache.get('http huge'), undefined);
    writeFileSync(
      join(dir, 'eras.json'),
      `{"http k":{"kind":"legacy","savedAt":${Date.now()}},"pad":"${'p'.repeat(5_000_000)}"}`,
    );
    assert.equal(await cache.get('http k'), undefined, 'a 5 MB file is not parsed');
  });
});

describe('era cache keys', () => {
  it('store a stdio command line only as a hash: the arguments never appear in clear', () => {
    const target = {
      kind: 'stdio' as const,
      command: '/usr/bin/npx',
      args: ['-y', 'srv', '--token=hunter2'],
      cwd: '/w',
    };
    const key = eraCacheKey(target);
    assert.doesNotMatch(key, /hunter2|srv|-y/);
    assert.match(key, /^stdio \/w npx sha256:[0-9a-f]{64}$/);
    assert.notEqual(key, eraCacheKey({ ...target, args: ['-y', 'srv', '--token=other'] }));
    assert.notEqual(key, eraCacheKey({ ...target, cwd: '/elsewhere' }));
    assert.equal(
      eraCacheKey({ kind: 'http', url: new URL('https://u:p@h.example/mcp?key=s3cret') }),
      'http https://h.example/mcp',
      'no user info or query in an HTTP key',
    );
  });

  it('drops entries an older version keyed by the command line in clear', async () => {
    const dir = scratch();
    const oldKey = `stdio ${JSON.stringify(['/w', 'npx', 'srv', '--token=hunter2'])}`;
    writeFileSync(join(dir, 'eras.json'), JSON.stringify({ [oldKey]: legacy(Date.now()) }));
    const cache = new EraCache({ MCP_ELICIT_CACHE_DIR: dir });
    assert.equal(await cache.get(oldKey), undefined);
    await cache.set(eraCacheKey({ kind: 'http', url: new URL('https://h.example/mcp') }), legacy(Date.now()));
    assert.doesNotMatch(readFileSync(cache.file, 'utf8'), /hunter2/);
  });

  it('after a real CLI run, the file holds no argument of the server command', async () => {
    const dir = scratch();
    const server = envStdioCommand();
    const run = await runCli(['--json', 'tools', '--', server.command, ...server.args, '--token=hunter2'], {
      cacheDir: dir,
    });
    assert.equal(jsonReport(run).ok, true, run.stderr);
    const text = readFileSync(join(dir, 'eras.json'), 'utf8');
    assert.match(text, /"stdio [^"]* sha256:[0-9a-f]{64}"/);
    assert.doesNotMatch(text, /hunter2|--import|env-server/);
    assert.equal(mode(join(dir, 'eras.json')), 0o600);
  });
});

describe('private files for other features', () => {
  it('writePrivateFile and appendPrivateFile create 0600 files in new 0700 folders and tighten existing files', async () => {
    const dir = scratch();
    const file = join(dir, 'nested', 'deeper', 'audit.jsonl');
    await appendPrivateFile(file, 'one\n');
    await appendPrivateFile(file, 'two\n');
    assert.equal(readFileSync(file, 'utf8'), 'one\ntwo\n');
    assert.equal(mode(file), 0o600);
    assert.equal(mode(join(dir, 'nested')), 0o700);
    assert.equal(mode(join(dir, 'nested', 'deeper')), 0o700);
    chmodSync(file, 0o644);
    await appendPrivateFile(file, 'three\n');
    assert.equal(mode(file), 0o600);

    const shared = join(dir, 'shared');
    mkdirSync(shared, { mode: 0o755 });
    chmodSync(shared, 0o755);
    const draft = join(shared, 'draft.json');
    writeFileSync(draft, 'old', { mode: 0o644 });
    await writePrivateFile(draft, 'new');
    assert.equal(readFileSync(draft, 'utf8'), 'new');
    assert.equal(mode(draft), 0o600);
    assert.equal(mode(shared), 0o755, "an existing folder that is not the project's own is left alone");
  });
});
