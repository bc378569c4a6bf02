// Plays the agent that loaded skills/mcp-elicit/SKILL.md: it runs only the command lines the skill
// shows (placeholders filled in), relays each parked question to a "user" who answers, and gets
// each call answered, against server-everything and the park fixture on each era.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { jsonReport, root } from '../helpers/cli.js';
import { fixtureCommand } from '../helpers/compiled-fixture.js';
import { everythingStdioCommand } from '../helpers/servers.js';
import { type ParkedJson, ParkPlace, parked } from './park-helpers.js';

const skill = readFileSync(join(root, 'skills/mcp-elicit/SKILL.md'), 'utf8');
const shown = (line: string): string => {
  assert.ok(skill.includes(line), `the skill shows: ${line}`);
  return line;
};
const CALL = shown("mcp-elicit --json --park call <tool> --args '<json>' -- <server command>");
const SET = shown('mcp-elicit --json answer <id> --set <field>=<value> --set <field>=<value>');
const DEFAULTS = shown('mcp-elicit --json answer <id> --accept-defaults');

/** The skill's command line as argv, each placeholder given its value (`--set` repeated per field). */
function fill(
  line: string,
  values: Record<string, string | string[]>,
  sets: [string, string][] = [],
): string[] {
  // A placeholder may hold a space (`<server command>`): kept as one word.
  const words = (line.match(/(?:<[^>]+>|\S)+/g) ?? []).slice(1);
  const argv: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    if (word === '--set') {
      i++;
      continue;
    }
    const value = values[word.replace(/^'|'$/g, '')];
    if (value === undefined) argv.push(word);
    else argv.push(...(Array.isArray(value) ? value : [value]));
  }
  for (const [field, value] of sets) argv.push('--set', `${field}=${value}`);
  return argv;
}

/** What the "user" replies to a field: something within its limits. */
function reply(field: ParkedJson['pending'][number]['fields'][number]): string {
  if (field.type === 'integer' || field.type === 'number') return String(field.limits?.minimum ?? 1);
  if (field.type === 'boolean') return 'true';
  if (field.type === 'choice') return field.options?.[0]?.value ?? '';
  return 'Ada';
}

describe('an agent following skills/mcp-elicit/SKILL.md', () => {
  const place = new ParkPlace();
  after(() => place.stopAll());
  const park = ['node', ...fixtureCommand('test/fixtures/servers/park-server.ts').args];
  const everything = everythingStdioCommand();
  const scenes = [
    {
      name: 'server-everything',
      tool: 'trigger-elicitation-request',
      json: '{}',
      server: [everything.command, ...everything.args],
      era: [],
    },
    {
      name: 'the fixture on 2025-11-25',
      tool: 'ask_several',
      json: '{"count":2}',
      server: park,
      era: ['--protocol', '2025-11-25'],
    },
    {
      name: 'the fixture on 2026-07-28',
      tool: 'ask_several',
      json: '{"count":2}',
      server: park,
      era: ['--protocol', '2026-07-28'],
    },
  ];
  for (const scene of scenes) {
    // P-01 P-02 P-07
    it(`gets a call answered on ${scene.name}`, async () => {
      let run = await place.run([
        ...scene.era,
        ...fill(CALL, { '<tool>': scene.tool, '<json>': scene.json, '<server command>': scene.server }),
      ]);
      let rounds = 0;
      while (run.status === 6) {
        assert.ok(rounds++ < 10, 'the server stops asking');
        const [question] = parked(run).pending;
        assert.ok(question);
        const asked = question.fields.filter((field) => field.required);
        run = await place.run(
          asked.length === 0
            ? fill(DEFAULTS, { '<id>': question.id })
            : fill(
                SET,
                { '<id>': question.id },
                asked.map((field) => [field.name, reply(field)]),
              ),
        );
      }
      assert.equal(run.status, 0, run.stderr);
      assert.equal(jsonReport(run).ok, true);
      assert.ok(rounds >= 1, 'the server asked at least once');
    });
  }
});
