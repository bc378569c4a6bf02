// How lists (tools, prompts, resources) and prompt/resource results look; server text sanitised.
import type {
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplateType as ResourceTemplate,
  Tool,
} from '@modelcontextprotocol/client';
import { sanitizeText } from '../core/sanitize.js';

const clean = (text: string | undefined, maxLength = 100) => sanitizeText(text ?? '', { maxLength });

/** `name  description`, then one indented line per argument: name, type, required. */
export function formatTools(tools: readonly Tool[]): string {
  if (tools.length === 0) return '(the server offers no tools)\n';
  return tools
    .map((tool) => {
      const properties = (tool.inputSchema?.properties ?? {}) as Record<string, { type?: unknown }>;
      const required = new Set(Array.isArray(tool.inputSchema?.required) ? tool.inputSchema.required : []);
      const lines = Object.entries(properties).map(([name, schema]) => {
        const type = Array.isArray(schema?.type) ? schema.type.join('|') : String(schema?.type ?? 'any');
        return `    ${clean(name, 60)}  ${clean(type, 30)}${required.has(name) ? '  required' : ''}`;
      });
      return [heading(tool.name, tool.description), ...lines].join('\n');
    })
    .join('\n')
    .concat('\n');
}

export function formatPrompts(prompts: readonly Prompt[]): string {
  if (prompts.length === 0) return '(the server offers no prompts)\n';
  return prompts
    .map((prompt) => {
      const lines = (prompt.arguments ?? []).map(
        (a) =>
          `    ${clean(a.name, 60)}  string${a.required ? '  required' : ''}${a.description ? `  ${clean(a.description, 80)}` : ''}`,
      );
      return [heading(prompt.name, prompt.description), ...lines].join('\n');
    })
    .join('\n')
    .concat('\n');
}

export function formatResources(
  resources: readonly Resource[],
  templates: readonly ResourceTemplate[],
): string {
  const lines: string[] = [];
  if (resources.length === 0 && templates.length === 0) return '(the server offers no resources)\n';
  for (const r of resources) lines.push(heading(r.uri, r.description ?? r.name));
  if (templates.length > 0) lines.push('Templates (fill in the {placeholders}, then: mcp-elicit read <uri>)');
  for (const t of templates) lines.push(heading(t.uriTemplate, t.description ?? t.name));
  return `${lines.join('\n')}\n`;
}

export function formatPromptResult(result: GetPromptResult): string {
  const lines: string[] = [];
  if (result.description) lines.push(clean(result.description, 300));
  for (const message of result.messages) {
    const content = message.content;
    const text =
      content.type === 'text'
        ? sanitizeText(content.text, { multiline: true })
        : `[${clean(String(content.type), 30)} content]`;
    lines.push(`${clean(message.role, 20)}: ${text}`);
  }
  return `${lines.join('\n')}\n`;
}

export function formatReadResult(result: ReadResourceResult): string {
  const lines = result.contents.map((c) =>
    'text' in c && typeof c.text === 'string'
      ? sanitizeText(c.text, { multiline: true })
      : `[${clean(c.mimeType ?? 'binary', 60)} ${clean(c.uri, 200)}, ${Math.floor((('blob' in c && typeof c.blob === 'string' ? c.blob : '').length * 3) / 4)} bytes]`,
  );
  return `${lines.join('\n')}\n`;
}

function heading(name: string, description: string | undefined): string {
  return `${clean(name, 80)}  ${clean(description)}`.trimEnd();
}
