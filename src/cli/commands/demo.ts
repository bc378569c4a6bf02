// `mcp-elicit demo`: the bundled demo server, one tool after another. On a terminal the person
// answers every form; without one, scripted answers stand in (so a decline and a cancel appear
// too) and the transcript says so.
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ScriptedAnswer } from '../../frontends/scripted/index.js';
import type { CliArgs } from '../args.js';
import type { Io } from '../frontend.js';
import { formatEvent, formatToolResult, type JsonReport } from '../output.js';
import { openSession } from './session.js';

interface Step {
  readonly tool: string;
  readonly title: string;
  readonly intro: string;
}

export const DEMO_STEPS: readonly Step[] = [
  {
    tool: 'profile',
    title: 'Every field type',
    intro:
      'A form with text, email, web address, date, date-time, whole number, decimal, yes/no, single choice and multiple choice fields. Defaults are pre-filled; required fields are marked.',
  },
  {
    tool: 'signup',
    title: 'A multi-step flow',
    intro: 'Three forms in a row; the second one depends on the plan you choose.',
  },
  { tool: 'confirm', title: 'A plain confirmation', intro: 'No fields at all: accept, decline or cancel.' },
  {
    tool: 'delete_files',
    title: 'Saying no',
    intro: 'A destructive action. Decline is a firm "no"; cancel means "not now". The server is told which.',
  },
  { tool: 'survey', title: 'Optional questions', intro: 'Every question is optional and has a default.' },
];

/** What the transcript answers when nobody is at the keyboard. */
const SCRIPT: ScriptedAnswer[] = [
  {
    when: 'Tell us about yourself',
    action: 'accept',
    content: { name: 'Ada Lovelace', email: 'ada@example.com' },
  },
  { when: 'Create your account', action: 'accept', content: { username: 'ada', plan: 'free' } },
  { when: 'What are you interested in', action: 'accept', content: {} },
  { when: 'Create account', action: 'accept', content: {} },
  { when: 'Proceed with the demo action', action: 'cancel' },
  { when: 'Permanently delete', action: 'decline' },
  { when: 'How was the demo', action: 'accept', content: {} },
];

export async function runDemo(args: CliArgs, io: Io): Promise<number> {
  const interactive =
    args.ui === 'terminal' ||
    args.ui === 'plain' ||
    args.ui === 'browser' ||
    (args.ui === 'auto' && io.stdin.isTTY === true && io.stdout.isTTY === true);
  const demoArgs: CliArgs = interactive || args.ui === 'scripted' ? args : { ...args, ui: 'scripted' };
  const scriptedHere = demoArgs.ui === 'scripted' && !args.uiExplicit;
  const out = args.json ? io.stderr : io.stdout;
  const events: JsonReport['elicitations'] = [];
  const session = await openSession(scriptedHere ? { ...demoArgs, scriptedAnswers: SCRIPT } : demoArgs, io, {
    target: demoServerTarget(),
    label: 'demo',
    events,
    tasks: [],
  });
  const results: { tool: string; result: unknown }[] = [];
  try {
    out.write(
      interactive
        ? 'mcp-elicit demo: five short forms from the bundled demo server. Answer them as you like.\n\n'
        : 'mcp-elicit demo (no terminal: answering with scripted answers and defaults)\n\n',
    );
    for (const [index, step] of DEMO_STEPS.entries()) {
      out.write(
        `Step ${index + 1}/${DEMO_STEPS.length}: ${step.title} (tool "${step.tool}")\n${step.intro}\n`,
      );
      // The full-screen form hides this text: let the person read it first.
      if (session.renderer.name === 'terminal' && !(await pressEnter(io))) break;
      const before = events.length;
      const result = await session.connection.session.callTool(
        { name: step.tool, arguments: {} },
        { timeoutMs: args.timeoutMs, ...(io.signal && { signal: io.signal }) },
      );
      for (const event of events.slice(before)) {
        const shown = event.content ? ` ${JSON.stringify(event.content)}` : '';
        out.write(`  ${formatEvent(event)}${shown}\n`);
      }
      out.write(`  server says: ${formatToolResult(result).trim().split('\n').join('\n  ')}\n\n`);
      results.push({ tool: step.tool, result });
    }
    out.write('Done. Try it on your own server: mcp-elicit call <tool> -- <server command>\n');
    if (args.json) {
      const report: JsonReport = {
        ok: true,
        result: results,
        elicitations: events,
        protocol: { era: session.connection.era, version: session.connection.version },
      };
      io.stdout.write(`${JSON.stringify(report)}\n`);
    }
    return 0;
  } finally {
    await session.close();
  }
}

/** Waits for Enter on a terminal; false when input ended. */
function pressEnter(io: Io): Promise<boolean> {
  io.stdout.write('Press Enter to open the form (Ctrl-C stops the tour). ');
  const rl = createInterface({ input: io.stdin, terminal: false });
  return new Promise((resolve) => {
    rl.once('line', () => {
      resolve(true); // before close(), whose event would otherwise answer false first
      rl.close();
    });
    rl.once('close', () => resolve(false));
  });
}

function demoServerTarget() {
  const js = fileURLToPath(new URL('../../demo/main.js', import.meta.url));
  if (existsSync(js)) return { kind: 'stdio' as const, command: process.execPath, args: [js], env: {} };
  // Running from the TypeScript sources (tests, development).
  const ts = fileURLToPath(new URL('../../demo/main.ts', import.meta.url));
  return { kind: 'stdio' as const, command: process.execPath, args: ['--import', 'tsx', ts], env: {} };
}
