import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { analyzeUrl, LONG_URL_THRESHOLD, MAX_URL_LENGTH } from '../../src/core/url-safety.js';
import { req } from '../helpers/req.js';

interface UrlCase {
  readonly name: string;
  readonly url: string;
  readonly repeat?: { readonly marker: string; readonly times: number; readonly with: string };
  readonly serverOrigin?: string;
  readonly allowed: boolean;
  readonly refusal?: string;
  readonly warnings?: readonly string[];
  readonly href?: string;
  readonly asciiHost?: string;
  readonly unicodeHost?: string;
  readonly registrableDomain?: string;
}

const table = JSON.parse(
  readFileSync(new URL('../fixtures/urls/tricky-urls.json', import.meta.url), 'utf8'),
) as { cases: UrlCase[] };

function urlOf(c: UrlCase): string {
  return c.repeat ? c.url.replace(c.repeat.marker, c.repeat.with.repeat(c.repeat.times)) : c.url;
}

describe(req`analyzeUrl against the tricky-URL table (C-23, C-28, C-29, S-23, S-26, E-24, E-25)`, () => {
  for (const c of table.cases) {
    it(`${c.name}: ${c.allowed ? `allowed with [${c.warnings?.join(', ')}]` : 'refused'}`, () => {
      const a = analyzeUrl(urlOf(c), c.serverOrigin === undefined ? {} : { serverOrigin: c.serverOrigin });
      assert.equal(a.allowed, c.allowed, a.refusal ?? JSON.stringify(a.warnings));
      if (!c.allowed) {
        assert.ok(a.refusal?.includes(c.refusal ?? ''), `refusal "${a.refusal}" should mention ${c.refusal}`);
        assert.deepEqual(a.warnings, []);
        return;
      }
      assert.equal(a.refusal, undefined);
      const codes = [...new Set(a.warnings.map((w) => w.code))].sort();
      assert.deepEqual(codes, [...(c.warnings ?? [])].sort(), JSON.stringify(a.warnings, null, 1));
      if (c.href !== undefined) assert.equal(a.href, c.href);
      if (c.asciiHost !== undefined) assert.equal(a.asciiHost, c.asciiHost);
      if (c.unicodeHost !== undefined) assert.equal(a.unicodeHost, c.unicodeHost);
      if (c.registrableDomain !== undefined) assert.equal(a.registrableDomain, c.registrableDomain);
      for (const w of a.warnings)
        assert.ok(w.message.length > 10, `warning ${w.code} has a readable message`);
    });
  }
});

describe('analyzeUrl details', () => {
  it(req`names both the Unicode and the xn-- form of an IDN host in the Punycode warning (C-29)`, () => {
    const a = analyzeUrl('https://xn--pypal-4ve.com/');
    const w = a.warnings.find((x) => x.code === 'punycode');
    assert.ok(w?.message.includes('pаypal.com'));
    assert.ok(w?.message.includes('xn--pypal-4ve.com'));
  });

  it('says which Latin word a whole-script Cyrillic label imitates', () => {
    const a = analyzeUrl('https://xn--80ak6aa92e.com/');
    assert.ok(a.warnings.some((w) => w.code === 'mixed-script' && w.message.includes('"apple"')));
  });

  it('names the real host when user-info precedes @', () => {
    const a = analyzeUrl('https://trusted.example@evil.example/');
    const w = a.warnings.find((x) => x.code === 'userinfo');
    assert.ok(w?.message.includes('trusted.example'));
    assert.ok(w?.message.includes('evil.example'));
  });

  it('never repeats a password from user-info in its warning', () => {
    const a = analyzeUrl('https://me:s3cr3t@example.com/');
    assert.ok(a.warnings.every((w) => !w.message.includes('s3cr3t')));
  });

  it('shows the IP form the browser will really use for an obfuscated IPv4 host', () => {
    const a = analyzeUrl('https://3405803783/');
    assert.ok(a.warnings.some((w) => w.message.includes('203.0.113.7') && w.message.includes('3405803783')));
  });

  it(req`gives the registrable domain so front-ends can highlight it (C-28)`, () => {
    assert.equal(analyzeUrl('https://login.accounts.example.co.uk/x').registrableDomain, 'example.co.uk');
    assert.equal(analyzeUrl('https://203.0.113.7/').registrableDomain, undefined);
    assert.equal(analyzeUrl('http://localhost/').registrableDomain, undefined);
  });

  it('gives an IDN registrable domain in the Unicode form shown to the person, as a suffix of unicodeHost', () => {
    const a = analyzeUrl('https://login.xn--pypal-4ve.com/');
    assert.equal(a.registrableDomain, 'pаypal.com');
    assert.ok(a.unicodeHost.endsWith(a.registrableDomain ?? '?'));
  });

  it('reports an obfuscated IP host once, in the words that explain the trick', () => {
    const ip = analyzeUrl('https://0xcb.0.0x71.7/').warnings.filter((w) => w.code === 'ip-host');
    assert.equal(ip.length, 1);
    assert.ok(ip[0]?.message.includes('unusual form'));
  });

  it('flags a URL just over the length threshold and not one just under it', () => {
    const base = 'https://example.com/?s=';
    const under = base + 'a'.repeat(LONG_URL_THRESHOLD - base.length);
    const over = `${under}a`;
    assert.equal(analyzeUrl(under).href.length, LONG_URL_THRESHOLD);
    assert.ok(!analyzeUrl(under).warnings.some((w) => w.code === 'long-url'));
    assert.ok(analyzeUrl(over).warnings.some((w) => w.code === 'long-url'));
  });

  it(req`refuses a URL too long to be shown in full for review, and allows one at the limit (C-26)`, () => {
    const base = 'https://example.com/?s=';
    const atLimit = base + 'a'.repeat(MAX_URL_LENGTH - base.length);
    assert.equal(analyzeUrl(atLimit).allowed, true);
    const over = analyzeUrl(`${atLimit}a`);
    assert.equal(over.allowed, false);
    assert.match(over.refusal ?? '', /too long to review in full/);
  });

  it('does not warn about a different origin when the server has no origin (stdio)', () => {
    assert.deepEqual(analyzeUrl('https://anywhere.example/').warnings, []);
  });

  it(req`is pure: the analysis of a URL is the same every time and needs no network (C-24)`, () => {
    const url = 'https://xn--pypal-4ve.com/a?token=1';
    assert.deepEqual(analyzeUrl(url), analyzeUrl(url));
  });
});
