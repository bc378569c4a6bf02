// `signup`: three forms in successive rounds. The second form depends on the first answer, and the
// answers so far travel in a signed requestState (spec 2026-07-28 mrtr.mdx, server requirements 4-5),
// which the same handler also uses on 2025 connections through the SDK's legacy shim.
import type { ElicitRequestFormParams, McpServer, ServerContext } from '@modelcontextprotocol/server';
import { inputRequired } from '@modelcontextprotocol/server';
import { type Received, receivedFor, reportResult } from '../report.js';
import { stateCodec } from '../request-state.js';

type Step = 'account' | 'billing' | 'interests' | 'review';
type FormSchema = ElicitRequestFormParams['requestedSchema'];

interface SignupState {
  readonly pending: Step;
  readonly steps: readonly Received[];
}

const accountSchema: FormSchema = {
  type: 'object',
  properties: {
    username: { type: 'string', title: 'Username', minLength: 3, maxLength: 20 },
    plan: {
      type: 'string',
      title: 'Plan',
      oneOf: [
        { const: 'free', title: 'Free' },
        { const: 'pro', title: 'Pro (one seat)' },
        { const: 'team', title: 'Team (several seats)' },
      ],
      default: 'free',
    },
  },
  required: ['username', 'plan'],
};

const reviewSchema: FormSchema = { type: 'object', properties: {} };

function billingSchema(plan: 'pro' | 'team'): FormSchema {
  const properties: FormSchema['properties'] = {
    billingEmail: { type: 'string', title: 'Billing email', format: 'email' },
  };
  if (plan === 'pro') return { type: 'object', properties, required: ['billingEmail'] };
  properties.company = { type: 'string', title: 'Company', minLength: 1 };
  properties.seats = { type: 'integer', title: 'Seats', minimum: 2, maximum: 500, default: 5 };
  return { type: 'object', properties, required: ['billingEmail', 'company'] };
}

const interestsSchema: FormSchema = {
  type: 'object',
  properties: {
    topics: {
      type: 'array',
      title: 'Topics',
      items: { type: 'string', enum: ['news', 'tutorials', 'events'] },
      default: ['news'],
    },
    newsletter: { type: 'boolean', title: 'Weekly newsletter', default: false },
  },
};

/** The form for `step`, built from the answers so far (the account answer is always first). */
function question(step: Step, steps: readonly Received[]): { message: string; requestedSchema: FormSchema } {
  const account = steps[0]?.content ?? {};
  const plan = account.plan === 'pro' || account.plan === 'team' ? account.plan : 'free';
  switch (step) {
    case 'account':
      return { message: 'Create your account', requestedSchema: accountSchema };
    case 'billing':
      return {
        message: `Billing details for the ${plan} plan`,
        requestedSchema: billingSchema(plan === 'free' ? 'pro' : plan),
      };
    case 'interests':
      return { message: 'What are you interested in? (free plan)', requestedSchema: interestsSchema };
    case 'review':
      return {
        message: `Create account "${String(account.username)}" on the ${plan} plan?`,
        requestedSchema: reviewSchema,
      };
  }
}

function nextStep(done: Step, steps: readonly Received[]): Step | undefined {
  if (done === 'account') {
    const plan = steps[0]?.content?.plan;
    return plan === 'pro' || plan === 'team' ? 'billing' : 'interests';
  }
  return done === 'review' ? undefined : 'review';
}

async function ask(step: Step, steps: readonly Received[]) {
  const state: SignupState = { pending: step, steps };
  return inputRequired({
    inputRequests: { [step]: inputRequired.elicit(question(step, steps)) },
    requestState: await stateCodec.mint(state),
  });
}

async function signup(ctx: ServerContext) {
  const state = ctx.mcpReq.requestState<SignupState>();
  if (state === undefined) return ask('account', []);

  const received = receivedFor(ctx.mcpReq.inputResponses, state.pending);
  if (received === undefined) return ask(state.pending, state.steps);
  const steps = [...state.steps, received];
  if (received.action !== 'accept') return reportResult(steps, `signup stopped at ${state.pending}`);

  const next = nextStep(state.pending, steps);
  if (next !== undefined) return ask(next, steps);
  return reportResult(steps, `account ${String(steps[0]?.content?.username)} created`);
}

export function registerSignup(server: McpServer): void {
  server.registerTool(
    'signup',
    { description: 'Sign up in three steps; the second form depends on the plan you pick.' },
    signup,
  );
}
