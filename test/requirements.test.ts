// The requirements table (docs/requirements.json → docs/requirements.md) against the code: every id
// cited in src/ or test/ is in the table, every client MUST of either era is verified by a test
// that cites it (or says why not), wire text carries no ids, and the Markdown is current.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  type Citation,
  ID_PATTERN,
  isClientMust,
  loadTable,
  markdownPath,
  renderMarkdown,
  scanCitations,
  stripComments,
  verifyingTests,
} from '../scripts/requirements.js';
import { req } from './helpers/req.js';

const table = loadTable();
const ids = new Set(table.rows.map((r) => r.id));
const citations = scanCitations();
const tests = verifyingTests(citations);
const where = (list: readonly Citation[]) => list.map((c) => `${c.id} at ${c.file}:${c.line}`).join('\n');

describe('the requirements table', () => {
  it('has unique, well-formed ids in known groups, each with a level and a one-line rule', () => {
    assert.equal(ids.size, table.rows.length, 'no id appears twice');
    for (const row of table.rows) {
      assert.match(row.id, new RegExp(`^${ID_PATTERN.source}$`), row.id);
      assert.ok(table.groups[row.id[0] ?? ''], `${row.id}: its group is described`);
      assert.ok(row.level.length > 0 && row.rule.length > 0 && !row.rule.includes('\n'), row.id);
    }
  });

  it('lists every id cited in src/ and test/', () => {
    const unknown = citations.filter((c) => !ids.has(c.id));
    assert.equal(unknown.length, 0, `ids cited but missing from docs/requirements.json:\n${where(unknown)}`);
  });

  it('has a citing test, or a stated reason, for every client MUST of either era', () => {
    const musts = table.rows.filter(isClientMust);
    assert.ok(musts.length >= 20, 'the client MUSTs of both eras are in the table');
    const bare = musts.filter((r) => !tests.has(r.id) && !r.untested).map((r) => r.id);
    assert.deepEqual(
      bare,
      [],
      'MUST rows with no test citing them (write one, or give an `untested` reason)',
    );
    const stale = musts.filter((r) => tests.has(r.id) && r.untested).map((r) => r.id);
    assert.deepEqual(stale, [], 'MUST rows that say "untested" although a test cites them');
  });

  it('sees an id of any group, so one cited only in a src/ comment must be in the table too', () => {
    assert.deepEqual(
      [...'a gap (G-04) and an unknown group (Z-99)'.matchAll(ID_PATTERN)].map((m) => m[0]),
      ['G-04', 'Z-99'],
    );
    assert.ok(
      citations.some((c) => c.id === 'G-04' && c.file.startsWith('src/')),
      'the G- ids in src/auth/ are found',
    );
  });

  it('finds citations in titles and assertions, not in comments', () => {
    const text = "// C-01 in a comment\nit(req('C-02', 'a title'), () => {}); /* C-03 */\n";
    const code = stripComments(text);
    assert.deepEqual(
      [...code.matchAll(ID_PATTERN)].map((m) => m[0]),
      ['C-02'],
    );
    assert.equal(
      stripComments("const url = 'https://example.com'; // C-04").trimEnd(),
      "const url = 'https://example.com';",
    );
  });

  it('keeps ids out of the text sent to servers and shown to people: they stay in comments', () => {
    const inCode = citations.filter((c) => c.file.startsWith('src/') && c.inCode);
    assert.equal(inCode.length, 0, `ids in src/ string literals or code:\n${where(inCode)}`);
  });

  it('docs/requirements.md is generated from the current table and citations', () => {
    const current = readFileSync(markdownPath(), 'utf8');
    assert.ok(
      current === renderMarkdown(table, tests),
      'docs/requirements.md is out of date: run `npm run requirements`',
    );
  });
});

describe('req(), the title helper', () => {
  it(req`appends the cited ids to a behaviour sentence, or checks a title that ends with them (H-08)`, () => {
    assert.equal(req('C-17', 'an undeclared mode is refused'), 'an undeclared mode is refused (C-17)');
    assert.equal(req(['C-01', 'C-18'], 'names the server'), 'names the server (C-01, C-18)');
    assert.throws(() => req([], 'cites nothing'), RangeError);
    assert.equal(req`names the server (C-01, C-18)`, 'names the server (C-01, C-18)');
    assert.equal(req`keeps ${'it'} as typed (E-19)`, 'keeps it as typed (E-19)');
    assert.throws(() => req`cites nothing`, RangeError);
    assert.throws(() => req`cites a malformed id (C-1)`, RangeError);
    assert.throws(() => req`cites an id the table lacks (C-99)`, /unknown: C-99/);
  });
});
