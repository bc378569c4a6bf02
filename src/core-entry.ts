// The `mcp-elicit/core` entry: the pure engine alone (schema → form model, validation, defaults,
// the headless FormSession, the fail-closed result, URL analysis), with no `node:*` anywhere in its
// import graph, so it loads in a browser or a worker (test/architecture/core-entry.test.ts).

// The one local error class (pure: it imports nothing)
export { ElicitError, type ElicitErrorCode } from './contracts/elicit-error.js';
// Engine (pure)
export {
  type AttentionEvent,
  type AttentionKind,
  type AttentionOptions,
  AttentionSchedule,
  type AttentionSink,
  type AttentionText,
  type AttentionTimers,
  attentionText,
  DEFAULT_REMIND_AFTER_MS,
} from './core/attention.js';
export { initialDraft } from './core/defaults.js';
export { DraftStore } from './core/draft-store.js';
export type {
  BooleanField,
  DependentRequired,
  Draft,
  Field,
  FieldKind,
  FieldValue,
  FormContent,
  FormModel,
  ModelNote,
  MultiSelectField,
  NumberField,
  SelectOption,
  SingleSelectField,
  StringFormat,
  TextField,
} from './core/form-model.js';
export type {
  FormEnding,
  FormSessionOptions,
  FormStart,
  Review,
  Submission,
} from './core/form-session.js';
export { FormSession } from './core/form-session.js';
export type {
  FieldIssue,
  FieldIssueCode,
  PlainIssue,
  SchemaIssue,
  SchemaIssueCode,
  Validation,
} from './core/issues.js';
export type {
  CancelOutcome,
  CancelReason,
  DeclineOutcome,
  ElicitOutcome,
  FormOutcome,
  UrlOutcome,
} from './core/outcome.js';
export type { PatternBudget } from './core/pattern.js';
export { type ElicitResultWire, failClosed, toElicitResult } from './core/result.js';
export { safeJsonStringify } from './core/safe-json.js';
export { type SanitizeOptions, sanitizeText } from './core/sanitize.js';
export { parseFormParams, parseRequestedSchema } from './core/schema-parser.js';
export { looksSensitive } from './core/sensitive.js';
export { DECEPTIVE_URL_WARNINGS, deceptiveWarnings } from './core/url-deception.js';
export type {
  AnalyzeUrlOptions,
  UrlAnalysis,
  UrlWarning,
  UrlWarningCode,
} from './core/url-safety.js';
export { analyzeUrl } from './core/url-safety.js';
export { validateContent, validateField } from './core/validate.js';
