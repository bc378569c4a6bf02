// The public API, listed by name (house style: a hand-curated barrel). What starts processes or
// listens for connections is loaded on use or lives behind its own entry (`mcp-elicit/auth`,
// `mcp-elicit/stdio`), so `import 'mcp-elicit'` loads no node:net, http, http2, tls or child_process.

// Contracts between the adapter and the front-ends, and the one local error class
export { ElicitError, type ElicitErrorCode } from './contracts/elicit-error.js';
export type { OverRateChoice, OverRateInfo } from './contracts/over-rate.js';
export type { ElicitationMode, Era } from './contracts/protocol.js';
export { eraOf } from './contracts/protocol.js';
export type {
  FormAnswer,
  FormPrompt,
  HostRefusal,
  LineAnswer,
  LinePrompt,
  PromptContext,
  Renderer,
  RendererNotice,
  UrlAnswer,
  UrlPrompt,
} from './contracts/renderer.js';
export type { ServerIdentity } from './contracts/server-identity.js';
export type {
  ParkedSignIn,
  SignInDeviceCode,
  SignInPasteVerdict,
  SignInPrompt,
} from './contracts/sign-in-park.js';
export type {
  OpenResult,
  UrlOpener,
  UrlWaitChoice,
  UrlWaiter,
  UrlWaitInfo,
  UrlWaitReason,
} from './contracts/url-step.js';
export { analyzeUrl } from './core/url-safety.js';
export { validateContent, validateField } from './core/validate.js';
// Engine (pure): the same exports as the `mcp-elicit/core` entry, listed once there
export * from './core-entry.js';
// Front-ends, and the URL-mode helpers for attachElicitation's `opener` and `waiter` options
export {
  attentionSchedule,
  desktopNotifier,
  NOTIFY_CHOICES,
  type NotifyChoice,
  type NotifyTargets,
  type SignalStream,
  type Spawn,
  terminalSignal,
  withAttention,
} from './frontends/attention/index.js';
export { BrowserRenderer, type BrowserRendererOptions } from './frontends/browser/index.js';
export { createSystemOpener, type SystemOpenerOptions } from './frontends/open-url.js';
export {
  type ParkAnswer,
  type ParkedField,
  type ParkedOption,
  type ParkedQuestion,
  type ParkingOptions,
  ParkingRenderer,
  type ParkRefusal,
  type ParkSettled,
  type ParkVerdict,
  type PortablePrompt,
} from './frontends/park/index.js';
export { type PlainOptions, PlainRenderer } from './frontends/plain/index.js';
export { type RecordingOptions, recordingRenderer } from './frontends/record/index.js';
export type {
  AnswersFileIssue,
  EnvRef,
  ScriptedAnswer,
  ScriptedOptions,
  UnusedAnswer,
} from './frontends/scripted/index.js';
export { loadAnswersFile, replayGaps, ScriptedRenderer } from './frontends/scripted/index.js';
export {
  type Env as TerminalEnv,
  TerminalRenderer,
  type TerminalRendererOptions,
  type TerminalStreams,
  terminalSupported,
} from './frontends/terminal/index.js';
export { type AutoWaiterOptions, createAutoWaiter } from './frontends/url-wait/auto-waiter.js';
export {
  createLineWaiter,
  type LineRead,
  type LineSource,
  type LineWaiterOptions,
} from './frontends/url-wait/line-waiter.js';
// SDK adapter (attachElicitation with the system browser as its default opener)
export { attachElicitation, type LibraryAttachOptions } from './library.js';
export type { AttachOptions, ElicitationSession, SessionRequestOptions } from './mcp/attach.js';
export type { AuditEntry, AuditListener } from './mcp/audit.js';
export type { ElicitationEvent, ElicitationListener } from './mcp/events.js';
export { createGuardedHttpTransport } from './mcp/guarded-http.js';
export type { RoundControl, RoundDecision } from './mcp/input-required-driver.js';
export { PromptQueue, type QueueOptions } from './mcp/prompt-queue.js';
export { DEFAULT_RATE_LIMIT, type RateLimit } from './mcp/rate-limit.js';
export type { TaskControl, TaskInput, TaskInputAnswer, TaskResume } from './mcp/tasks/task-control.js';
export { TaskError, type TaskErrorCode } from './mcp/tasks/task-error.js';
export type { TaskEvent, TaskListener, TaskPreference, TaskStatus } from './mcp/tasks/task-events.js';
