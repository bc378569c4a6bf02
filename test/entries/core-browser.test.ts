// The `mcp-elicit/core` entry runs in a real browser: bundled for the browser platform (as a web
// app's bundler would), loaded into a blank Chromium page that may fetch nothing, it parses a
// schema, drives a FormSession to an accept, validates content and refuses what it must.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import type * as Core from '../../src/core-entry.js';
import { launchChromium, type TestChromium } from '../helpers/chromium.js';
import { root } from '../helpers/cli.js';

type CoreWindow = Window & { readonly McpElicitCore: typeof Core };

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    color: { type: 'string', enum: ['red', 'green'] },
    subscribe: { type: 'boolean', default: true },
  },
  required: ['name', 'color'],
};

async function bundleCore(): Promise<string> {
  const result = await build({
    entryPoints: [join(root, 'src/core-entry.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'McpElicitCore',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

describe('mcp-elicit/core in Chromium', () => {
  let chrome: TestChromium;
  let page: Page;
  const requests: string[] = [];
  before(async () => {
    chrome = await launchChromium();
    page = await chrome.browser.newPage();
    // Nothing leaves the page: every request is recorded and refused.
    await page.route('**/*', async (route) => {
      requests.push(route.request().url());
      await route.abort();
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.setContent('<!doctype html><title>core</title>');
    // The TypeScript loader (keepNames) wraps the functions given to page.evaluate in a `__name` helper.
    await page.addScriptTag({ content: 'var __name = (f) => f;' });
    await page.addScriptTag({ content: await bundleCore() });
    assert.deepEqual(errors, []);
  });
  after(async () => {
    await chrome.close();
  });

  it('parses a schema and drives a FormSession: refused with issues, then accepted with the exact content', async () => {
    const run = await page.evaluate((requested) => {
      const core = (window as unknown as CoreWindow).McpElicitCore;
      const parsed = core.parseRequestedSchema(requested);
      if (!parsed.ok) return { parsed: parsed.issues.map((i) => i.message) };
      const model = parsed.value;
      const { draft, defaulted } = core.initialDraft(model);
      const session = new core.FormSession({
        model,
        initial: draft,
        defaulted,
        validate: (d) => core.validateContent(model, d),
      });
      const tooShort = session.set('name', 'A').map((i) => i.code);
      const review = session.review().issues.map((i) => `${i.field}:${i.code}`);
      const refused = session.submit();
      session.set('name', 'Ada');
      session.set('age', 36);
      session.set('color', 'green');
      const submitted = session.submit();
      return {
        fields: model.fields.map((f) => `${f.name}:${f.kind}`),
        defaulted: [...defaulted],
        tooShort,
        review,
        refused: refused.kind,
        submitted: submitted.kind,
        content: submitted.kind === 'accepted' ? submitted.content : undefined,
        outcome: submitted.kind === 'accepted' ? submitted.ending.outcome.action : undefined,
      };
    }, schema);
    assert.deepEqual(run.fields, ['name:text', 'age:number', 'color:single-select', 'subscribe:boolean']);
    assert.deepEqual(run.defaulted, ['subscribe']);
    assert.deepEqual(run.tooShort, ['min-length']);
    assert.deepEqual(run.review, ['name:min-length', 'color:required']);
    assert.equal(run.refused, 'refused');
    assert.equal(run.submitted, 'accepted');
    assert.equal(run.outcome, 'accept');
    assert.deepEqual(run.content, { name: 'Ada', age: 36, color: 'green', subscribe: true });
  });

  it('validates content and refuses a bad schema, a bad answer and an unsafe URL', async () => {
    const run = await page.evaluate((requested) => {
      const core = (window as unknown as CoreWindow).McpElicitCore;
      const parsed = core.parseRequestedSchema(requested);
      if (!parsed.ok) return undefined;
      const bad = core.validateContent(parsed.value, { name: 'Ada', color: 'blue', age: 1.5 });
      const nested = core.parseRequestedSchema({ type: 'object', properties: { a: { type: 'object' } } });
      const unsafe = core.analyzeUrl('javascript:alert(1)');
      const safe = core.analyzeUrl('https://example.com/sign-in');
      const error = new core.ElicitError('invalid-options', 'checked in a browser');
      return {
        bad: bad.ok ? [] : bad.issues.map((i) => `${i.field}:${i.code}`),
        nested: nested.ok,
        unsafe: unsafe.allowed,
        safe: [safe.allowed, safe.registrableDomain],
        error: [error instanceof Error, error.code],
      };
    }, schema);
    assert.ok(run);
    assert.deepEqual(run.bad, ['age:integer', 'color:not-an-option']);
    assert.equal(run.nested, false);
    assert.equal(run.unsafe, false);
    assert.deepEqual(run.safe, [true, 'example.com']);
    assert.deepEqual(run.error, [true, 'invalid-options']);
    assert.deepEqual(requests, []);
  });
});
