// `profile`: one form with every field type the spec allows (spec 2025-11-25 §Requested Schema,
// PrimitiveSchemaDefinition), defaults on most fields and a few required ones.
import type { McpServer } from '@modelcontextprotocol/server';
import { inputRequired } from '@modelcontextprotocol/server';
import { receivedFor, reportResult } from '../report.js';

const requestedSchema = {
  type: 'object' as const,
  properties: {
    name: {
      type: 'string' as const,
      title: 'Full name',
      description: 'As you like to be called',
      minLength: 2,
      maxLength: 40,
    },
    email: { type: 'string' as const, title: 'Email', format: 'email' as const },
    website: {
      type: 'string' as const,
      title: 'Website',
      format: 'uri' as const,
      default: 'https://example.com',
    },
    birthday: { type: 'string' as const, title: 'Birthday', format: 'date' as const, default: '1990-01-31' },
    meeting: {
      type: 'string' as const,
      title: 'Next meeting',
      format: 'date-time' as const,
      default: '2026-12-01T09:30:00Z',
    },
    age: { type: 'integer' as const, title: 'Age', minimum: 13, maximum: 120, default: 30 },
    height: { type: 'number' as const, title: 'Height (m)', minimum: 0.5, maximum: 2.5, default: 1.75 },
    newsletter: { type: 'boolean' as const, title: 'Send me the newsletter', default: false },
    color: {
      type: 'string' as const,
      title: 'Favourite colour',
      enum: ['red', 'green', 'blue'],
      default: 'green',
    },
    country: {
      type: 'string' as const,
      title: 'Country',
      oneOf: [
        { const: 'fr', title: 'France' },
        { const: 'jp', title: 'Japan' },
        { const: 'br', title: 'Brazil' },
      ],
      default: 'fr',
    },
    size: {
      type: 'string' as const,
      title: 'T-shirt size',
      enum: ['s', 'm', 'l'],
      enumNames: ['Small', 'Medium', 'Large'],
      default: 'm',
    },
    languages: {
      type: 'array' as const,
      title: 'Languages you speak',
      items: { type: 'string' as const, enum: ['en', 'fr', 'ja', 'pt'] },
      default: ['en'],
    },
    skills: {
      type: 'array' as const,
      title: 'Top skills (1 or 2)',
      minItems: 1,
      maxItems: 2,
      items: {
        anyOf: [
          { const: 'ts', title: 'TypeScript' },
          { const: 'rs', title: 'Rust' },
          { const: 'go', title: 'Go' },
        ],
      },
      default: ['ts'],
    },
  },
  required: ['name', 'email', 'country'],
};

export function registerProfile(server: McpServer): void {
  server.registerTool(
    'profile',
    { description: 'Fill in a profile form that uses every elicitation field type.' },
    async (ctx) => {
      const received = receivedFor(ctx.mcpReq.inputResponses, 'profile');
      if (received === undefined) {
        return inputRequired({
          inputRequests: {
            profile: inputRequired.elicit({
              mode: 'form',
              message: 'Tell us about yourself',
              requestedSchema,
            }),
          },
        });
      }
      const outcome = received.action === 'accept' ? 'profile saved' : 'profile left unchanged';
      return reportResult([received], outcome);
    },
  );
}
