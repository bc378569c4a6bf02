// The private sign-in store: where it lives, its modes (folder 0700, files 0600, an existing
// folder tightened), whole-file replacement through a temporary file, corrupt and planted files
// reported clearly, and a listing that never holds a token.
import assert from 'node:assert/strict';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { AuthStore } from '../../src/auth/store.js';
import { authStoreDir } from '../../src/auth/store-dir.js';
import { emptyRecord } from '../../src/auth/store-record.js';
import { ElicitError } from '../../src/contracts/elicit-error.js';
import { req } from '../helpers/req.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'mcp-elicit-auth-'));
const mode = (path: string) => statSync(path).mode & 0o777;
const key = { server: 'https://mcp.example.com/mcp', client: 'dynamic' };
const TOKEN = 'secret-access-token-4711';

function signedIn() {
  const record = emptyRecord(key.server, key.client);
  record.issuers['https://as.example.com'] = {
    client: { client_id: 'c1' },
    tokens: {
      tokens: { access_token: TOKEN, token_type: 'Bearer', refresh_token: 'refresh-token-0815' },
      savedAt: 1,
      expiresAt: 5000,
    },
  };
  record.current = 'https://as.example.com';
  return record;
}

describe('where the sign-in store lives', () => {
  it('honours MCP_ELICIT_AUTH_DIR, then an absolute XDG_STATE_HOME, then ~/.local/state', () => {
    assert.equal(authStoreDir({ MCP_ELICIT_AUTH_DIR: '/x/a', XDG_STATE_HOME: '/y' }), '/x/a');
    assert.equal(authStoreDir({ XDG_STATE_HOME: '/y' }), '/y/mcp-elicit/auth');
    assert.equal(
      authStoreDir({ XDG_STATE_HOME: 'rel' }),
      join(homedir(), '.local', 'state', 'mcp-elicit', 'auth'),
    );
    assert.equal(authStoreDir({}), join(homedir(), '.local', 'state', 'mcp-elicit', 'auth'));
  });
});

describe('the sign-in store on disk', () => {
  it(req`writes 0600 files in a 0700 folder and tightens a folder found wider (A-28)`, async () => {
    const dir = join(scratch(), 'auth');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    const store = new AuthStore(dir);
    await store.save(signedIn());
    assert.equal(mode(dir), 0o700);
    const file = store.fileFor(key);
    assert.equal(mode(file), 0o600);
    assert.deepEqual(await store.load(key), signedIn());
  });

  it(req`replaces a file through a temporary file and a rename, leaving no temporary behind (A-28)`, async () => {
    const dir = scratch();
    const store = new AuthStore(dir);
    await store.save(signedIn());
    const file = store.fileFor(key);
    const before = statSync(file).ino;
    await store.save(emptyRecord(key.server, key.client));
    assert.notEqual(statSync(file).ino, before, 'a new file took the old name');
    assert.deepEqual(readdirSync(dir), [file.slice(dir.length + 1)]);
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).issuers['https://as.example.com'], undefined);
  });

  it('names files by a hash, so the folder listing names no server', async () => {
    const store = new AuthStore(scratch());
    assert.match(store.fileFor(key), /[0-9a-f]{40}\.json$/);
    assert.ok(!store.fileFor(key).includes('example'));
  });

  it('reports a corrupt file with a clear error naming it, and never crashes', async () => {
    const store = new AuthStore(scratch());
    for (const text of [
      '{not json',
      '[]',
      '{"version":2}',
      JSON.stringify({ ...signedIn(), issuers: { x: { tokens: { tokens: {} } } } }),
    ]) {
      writeFileSync(store.fileFor(key), text, { mode: 0o600 });
      await assert.rejects(store.load(key), (error: unknown) => {
        assert.ok(error instanceof ElicitError);
        assert.equal(error.code, 'sign-in-failed');
        assert.ok(error.message.includes(store.fileFor(key)), error.message);
        assert.match(error.message, /delete it/);
        return true;
      });
    }
  });

  it('refuses a file planted under another server key', async () => {
    const store = new AuthStore(scratch());
    writeFileSync(store.fileFor(key), JSON.stringify({ ...signedIn(), server: 'https://evil.example/mcp' }));
    await assert.rejects(store.load(key), /belongs to another server/);
  });

  it('treats an oversized file as absent instead of parsing it', async () => {
    const store = new AuthStore(scratch());
    writeFileSync(store.fileFor(key), ' '.repeat(300 * 1024));
    assert.deepEqual(await store.load(key), emptyRecord(key.server, key.client));
  });
});

describe('listing and deleting sign-ins', () => {
  it(req`lists server, issuer, signed-in state and expiry, never a token (A-28)`, async () => {
    const store = new AuthStore(scratch());
    await store.save(signedIn());
    const entries = await store.list();
    assert.equal(entries.length, 1);
    const [entry] = entries;
    assert.equal(entry?.server, key.server);
    assert.equal(entry?.issuer, 'https://as.example.com');
    assert.equal(entry?.signedIn, true);
    assert.equal(entry?.expiresAt, 5000);
    assert.equal(entry?.refreshable, true);
    assert.ok(!JSON.stringify(entries).includes(TOKEN));
    assert.ok(!JSON.stringify(entries).includes('refresh-token-0815'));
  });

  it('lists a corrupt file as a problem instead of failing', async () => {
    const store = new AuthStore(scratch());
    await store.save(signedIn());
    writeFileSync(join(store.dir, `${'a'.repeat(40)}.json`), 'nope');
    const entries = await store.list();
    assert.equal(entries.length, 2);
    assert.ok(entries.some((e) => e.problem?.includes('not valid JSON')));
  });

  it('deletes one server, or every sign-in', async () => {
    const store = new AuthStore(scratch());
    await store.save(signedIn());
    await store.save(emptyRecord('https://other.example/mcp', 'dynamic'));
    assert.equal(await store.delete({ server: key.server }), 1);
    assert.deepEqual(
      (await store.list()).map((e) => e.server),
      ['https://other.example/mcp'],
    );
    assert.equal(await store.delete(), 1);
    assert.deepEqual(await store.list(), []);
  });

  it('lists nothing when the folder does not exist', async () => {
    assert.deepEqual(await new AuthStore(join(scratch(), 'missing')).list(), []);
  });
});
