// Shared by the Chromium tests: a real SDK client with the adapter and a BrowserRenderer, connected
// to the echo-form fixture server on either era, and a keyboard-only way to fill any form.
import { Client } from '@modelcontextprotocol/client';
import type { Page } from 'playwright-core';
import type { Era } from '../../../src/contracts/protocol.js';
import type { Field, FieldValue, FormModel } from '../../../src/core/form-model.js';
import { BrowserRenderer, type BrowserRendererOptions } from '../../../src/frontends/browser/index.js';
import { attachElicitation, type ElicitationSession } from '../../../src/mcp/attach.js';
import { createGuardedStdioTransport } from '../../../src/mcp/guarded-stdio.js';
import type { PromptQueue } from '../../../src/mcp/prompt-queue.js';
import { pageOpener } from '../../helpers/chromium.js';
import { fixtureCommand } from '../../helpers/compiled-fixture.js';

export interface EchoRig {
  readonly renderer: BrowserRenderer;
  readonly session: ElicitationSession;
  readonly opened: string[];
  /** Calls `ask` and returns the echoed result (JSON-parsed tool text). */
  ask(schema: unknown, options?: { message?: string }): Promise<EchoResult>;
  /** 2025-11-25: the server withdraws every ask still waiting; resolves with how many. */
  withdraw(): Promise<number>;
  close(): Promise<void>;
}

export interface EchoResult {
  readonly action?: string;
  readonly content?: Record<string, FieldValue>;
  readonly withdrawn?: string;
}

export async function echoRig(
  era: Era,
  page: () => Page,
  options: BrowserRendererOptions & { label?: string; queue?: PromptQueue; renderer?: BrowserRenderer } = {},
): Promise<EchoRig> {
  const opener = pageOpener(page);
  const renderer = options.renderer ?? new BrowserRenderer({ opener, ...options });
  const client = new Client(
    { name: 'browser-test', version: '1' },
    { versionNegotiation: { mode: era === '2026-07-28' ? { pin: '2026-07-28' } : 'legacy' } },
  );
  const session = attachElicitation(client, {
    renderer,
    server: { label: options.label ?? 'echo', selfName: 'echo-form', selfVersion: '1.0.0' },
    ...(options.queue && { queue: options.queue }),
  });
  await client.connect(
    createGuardedStdioTransport(fixtureCommand('test/fixtures/servers/echo-form-server.ts')),
  );
  return {
    renderer,
    session,
    opened: opener.opened,
    async ask(schema, extra = {}) {
      const result = await session.callTool(
        { name: 'ask', arguments: { schema, ...extra } },
        { timeoutMs: 30_000 },
      );
      const text = (result.content as { type: string; text?: string }[])[0]?.text ?? '{}';
      return JSON.parse(text) as EchoResult;
    },
    async withdraw() {
      const result = await session.callTool({ name: 'withdraw', arguments: {} });
      const text = (result.content as { type: string; text?: string }[])[0]?.text ?? '';
      return Number(/withdrew (\d+)/.exec(text)?.[1] ?? Number.NaN);
    },
    async close() {
      await client.close();
      if (!options.renderer) await renderer.close();
    },
  };
}

/**
 * Presses Tab until the focused element's name is `name` (a field's controls share one), or for a
 * button `button:<value>`.
 */
export async function tabTo(page: Page, name: string, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    const at = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      if (el?.tagName === 'BUTTON') return `button:${el.value}`;
      return el?.name ?? '';
    });
    if (at === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}

/**
 * Fills every field without a value by keyboard only, keeps the defaults, and returns the content
 * the server should receive.
 */
export async function fillByKeyboard(page: Page, model: FormModel): Promise<Record<string, FieldValue>> {
  const expected: Record<string, FieldValue> = {};
  for (const [index, field] of model.fields.entries()) {
    const name = `f${index}`;
    if (field.default !== undefined) {
      expected[field.name] = field.default as FieldValue;
      continue;
    }
    const value = await typeInto(page, name, field);
    if (value !== undefined) expected[field.name] = value;
  }
  return expected;
}

async function typeInto(page: Page, name: string, field: Field): Promise<FieldValue | undefined> {
  switch (field.kind) {
    case 'text': {
      if (field.format === 'date-time') return undefined; // left empty: covered by its own test
      await tabTo(page, name);
      if (field.format === 'date') {
        await page.keyboard.type('01312000');
        return '2000-01-31';
      }
      const text =
        field.format === 'email' ? 'ada@example.com' : field.format === 'uri' ? 'https://example.com' : 'Ada';
      await page.keyboard.type(text);
      return text;
    }
    case 'number': {
      await tabTo(page, name);
      const n = field.minimum !== undefined ? Math.ceil(field.minimum) : 7;
      await page.keyboard.type(String(n));
      return n;
    }
    case 'boolean':
      await tabTo(page, name);
      // An optional yes/no starts on "No answer" (its last radio): the arrow wraps round to Yes.
      await page.keyboard.press(field.required ? 'Space' : 'ArrowDown');
      return true;
    case 'single-select': {
      if (field.options.length === 0) return undefined;
      await tabTo(page, name);
      await page.keyboard.press(field.options.length > 6 ? 'ArrowDown' : 'Space');
      return field.options[0]?.value;
    }
    case 'multi-select': {
      const want = Math.max(1, field.minItems ?? 1);
      await tabTo(page, name);
      for (let i = 0; i < want; i++) {
        if (i > 0) await page.keyboard.press('Tab');
        await page.keyboard.press('Space');
      }
      return field.options.slice(0, want).map((o) => o.value);
    }
  }
}
