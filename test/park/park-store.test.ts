// The parked store's folder (P-05): made 0700 under the state folder, and refused when another
// user owns it or others may open it, by the store and by every command that reaches it.
import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openParkStore, parkDir } from '../../src/cli/park/park-store.js';
import { ParkPlace } from './park-helpers.js';

describe('the parked store folder', () => {
  // P-05
  it('lives under $XDG_STATE_HOME, never the cache, made 0700 with 0600 records', async () => {
    const state = mkdtempSync(join(tmpdir(), 'mcp-elicit-park-store-'));
    const env = { XDG_STATE_HOME: state, XDG_CACHE_HOME: join(state, 'cache'), HOME: state };
    assert.equal(parkDir(env), join(state, 'mcp-elicit', 'parked'));
    assert.equal(parkDir({ HOME: state }), join(state, '.local', 'state', 'mcp-elicit', 'parked'));
    const store = await openParkStore(env);
    assert.equal(statSync(store.dir).mode & 0o777, 0o700);
    const question = {
      id: '0123456789abcdef0123456789abcdef',
      mode: 'form' as const,
      server: 's',
      era: '2025-11-25',
      message: 'm',
      fields: [],
      warnings: [],
      parkedAt: 1,
      expiresAt: 2,
      answer: 'mcp-elicit answer 0123456789abcdef0123456789abcdef --accept-defaults',
    };
    await store.write({
      version: 1,
      question,
      holder: { pid: 1, socket: join(store.dir, 'h.sock') },
      json: false,
    });
    assert.equal(statSync(join(store.dir, `${question.id}.json`)).mode & 0o777, 0o600);
    assert.equal((await store.read(question.id))?.question.message, 'm');
    assert.equal(await store.read('../../etc/passwd'), undefined, 'an id is never a path');
  });

  // P-05
  it('refuses a folder left open to others, and says how to fix it', async () => {
    const place = new ParkPlace();
    mkdirSync(place.dir, { recursive: true, mode: 0o700 });
    chmodSync(place.dir, 0o777);
    await assert.rejects(openParkStore({ XDG_STATE_HOME: place.state }), /parked.*(other users|0777)/);
    const run = await place.run(['--park', 'call', 'x', '--', process.execPath, '-e', '0']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /parked.*(other users|0777)/);
    const pending = await place.run(['pending']);
    assert.equal(pending.status, 2);
    assert.match(pending.stderr, /parked.*(other users|0777)/);
  });

  // P-05
  it('refuses a folder that belongs to another user', async () => {
    const place = new ParkPlace();
    mkdirSync(place.dir, { recursive: true, mode: 0o700 });
    // The test runs as root in CI and here; chown to nobody makes the folder someone else's.
    chownSync(join(place.dir, '..'), 65534, 65534);
    await assert.rejects(
      openParkStore({ XDG_STATE_HOME: place.state }),
      /belongs to another user \(uid 65534\)/,
    );
  });
});
