// One headless form session: the values given so far, their issues, the review step and how the
// prompt ends. It owns what may be sent; front-ends only draw it and feed it edits (terminal keys,
// plain lines, browser posts, scripted answers), as Clack splits behaviour from rendering.
import { isFieldValue, sameValue } from './field-value.js';
import type { Draft, Field, FieldValue, FormContent, FormModel } from './form-model.js';
import { checkEntries, copy, type Entry, fromText, postedEntry, unknownField } from './form-session-entry.js';
import type { FormEnding, FormSessionOptions, FormStart, Review, Submission } from './form-session-types.js';
import type { FieldIssue } from './issues.js';
import type { CancelReason } from './outcome.js';
import { setOwn } from './own-property.js';

export type { FormEnding, FormSessionOptions, FormStart, Review, Submission } from './form-session-types.js';

/** One form being answered, without any UI: holds the answers and their issues, and produces the ending a front-end returns. */
export class FormSession {
  /** The form's fields, in order. */
  readonly fields: readonly Field[];
  readonly #start: FormStart;
  readonly #widgets: boolean;
  readonly #entries = new Map<string, Entry>();
  readonly #touched = new Set<string>();
  readonly #defaulted: Set<string>;
  #stage: 'editing' | 'review';
  #reviewed: boolean;
  #restored: boolean;
  #ending: FormEnding | undefined;
  /** Issues of the current values; dropped on every edit (views ask for them many times). */
  #issues: readonly FieldIssue[] | undefined;
  #content: FormContent | undefined;

  constructor(start: FormStart, options: FormSessionOptions = {}) {
    this.#start = start;
    this.#widgets = options.widgets === true;
    this.fields = start.model.fields;
    for (const field of this.fields) {
      const initial = Object.hasOwn(start.initial, field.name) ? start.initial[field.name] : undefined;
      this.#entries.set(field.name, this.#initialEntry(field, initial));
    }
    this.#defaulted = new Set(start.defaulted);
    this.#restored = start.restored === true;
    // A form without fields is a pure confirmation (E-13): it starts at the review.
    this.#stage = this.fields.length === 0 ? 'review' : 'editing';
    this.#reviewed = this.#stage === 'review';
  }

  /** The form being asked: its fields and its form-wide rules. */
  get model(): FormModel {
    return this.#start.model;
  }

  /** False when no answer can ever validate: only decline and cancel make sense (E-14). */
  get satisfiable(): boolean {
    return this.#start.model.satisfiable;
  }

  /** The form has no fields: it only asks for a yes (accept) or no (decline). */
  get confirmation(): boolean {
    return this.fields.length === 0;
  }

  /** Whether the person is filling in fields or looking at the review. */
  get stage(): 'editing' | 'review' {
    return this.#stage;
  }

  /** True once the review was opened: from then on every field's issue is shown. */
  get reviewed(): boolean {
    return this.#reviewed;
  }

  /** True when the values restore what was typed in an earlier, interrupted prompt. */
  get restored(): boolean {
    return this.#restored;
  }

  /** How the prompt ended, once it has; the first ending wins. */
  get ending(): FormEnding | undefined {
    return this.#ending;
  }

  /** The field called `name`, if the form has one. */
  field(name: string): Field | undefined {
    return this.fields.find((field) => field.name === name);
  }

  /** The field's current value (undefined: empty, or text that does not parse). */
  value(name: string): FieldValue | undefined {
    return this.#entries.get(name)?.value;
  }

  /** The text of a field's box: as typed, else its value written out. */
  text(name: string): string {
    const entry = this.#entries.get(name);
    if (entry?.text !== undefined) return entry.text;
    const value = entry?.value;
    if (value === undefined) return '';
    return Array.isArray(value) ? value.join(', ') : String(value);
  }

  /** True while the value is still the schema default the server supplied (SEP-1034, C-09). */
  isDefault(name: string): boolean {
    if (!this.#defaulted.has(name)) return false;
    return sameValue(this.value(name), this.#start.initial[name]);
  }

  /** True once the person visited or edited the field: its issue is shown from then on. */
  isTouched(name: string): boolean {
    return this.#touched.has(name);
  }

  /** What would be sent now, and what is kept when the prompt ends without accept. */
  draft(): Draft {
    const draft: Draft = {};
    for (const field of this.fields) {
      const value = this.value(field.name);
      if (!this.#counts(value) || value === undefined) continue;
      setOwn(draft, field.name, Array.isArray(value) ? [...value] : value);
    }
    return draft;
  }

  /** Every problem: text that does not parse, then the engine's issues for the rest. */
  issues(): readonly FieldIssue[] {
    this.#issues ??= this.#check();
    return this.#issues;
  }

  /** The current issues of one field. */
  fieldIssues(name: string): readonly FieldIssue[] {
    return this.issues().filter((issue) => issue.field === name);
  }

  /** The issue to show under a field: once it was edited, or once the review was opened. */
  visibleIssue(name: string): FieldIssue | undefined {
    if (!this.#reviewed && !this.#touched.has(name)) return undefined;
    return this.issues().find((issue) => issue.field === name);
  }

  /** Index of the first field (in form order) that has an issue. */
  firstProblem(): number | undefined {
    const issues = this.issues();
    const index = this.fields.findIndex((field) => issues.some((issue) => issue.field === field.name));
    return index >= 0 ? index : undefined;
  }

  /** Sets a field's value (`undefined` leaves it empty); returns that field's issues now. */
  set(name: string, value: FieldValue | undefined): readonly FieldIssue[] {
    const field = this.field(name);
    if (field === undefined) return [unknownField(name)];
    this.#edit(field, { value: copy(value) });
    return this.fieldIssues(name);
  }

  /** Sets a field from text typed into its box, kept as typed; returns that field's issues now. */
  setText(name: string, text: string): readonly FieldIssue[] {
    const field = this.field(name);
    if (field === undefined) return [unknownField(name)];
    this.#edit(field, fromText(field, text));
    return this.fieldIssues(name);
  }

  /** The person visited or edited the field without changing it: its issue shows from now. */
  touch(name: string): void {
    if (this.#ending || this.field(name) === undefined) return;
    this.#touched.add(name);
  }

  /** Sets the value only if it leaves the field without issues; else nothing changes. */
  trySet(name: string, value: FieldValue | undefined): readonly FieldIssue[] {
    const field = this.field(name);
    if (field === undefined) return [unknownField(name)];
    const trial = this.draft();
    if (value === undefined || !this.#counts(value)) delete trial[name];
    else setOwn(trial, name, value);
    const checked = this.#start.validate(trial);
    const issues = checked.ok ? [] : checked.issues.filter((issue) => issue.field === name);
    if (issues.length === 0) this.#edit(field, { value: copy(value) });
    return issues;
  }

  /**
   * Applies a whole submitted form at once (a browser post): text per field, or the chosen values
   * of a multi-select. Fields not named keep their value. Returns every issue now, plus one for
   * each name that is not a field of this form.
   */
  apply(entries: Readonly<Record<string, string | readonly string[]>>): readonly FieldIssue[] {
    const unknown: FieldIssue[] = [];
    for (const name of Object.keys(entries)) {
      const given = entries[name];
      const field = this.field(name);
      if (field === undefined || given === undefined) {
        unknown.push(unknownField(name));
      } else {
        this.#edit(field, postedEntry(field, given));
      }
    }
    return [...unknown, ...this.issues()];
  }

  /** Puts back what was typed in an interrupted prompt; those fields no longer count as defaults. */
  restore(draft: Draft): void {
    if (this.#ending) return;
    for (const field of this.fields) {
      if (!Object.hasOwn(draft, field.name)) continue;
      const value: unknown = draft[field.name];
      if (!isFieldValue(value)) continue;
      this.#entries.set(field.name, this.#initialEntry(field, value));
      this.#defaulted.delete(field.name);
      this.#restored = true;
    }
    this.#changed();
  }

  /**
   * Asks for the review (C-03): every issue is shown from now. With problems it does not open, in
   * every front-end: editing goes on at the first problem (the first field for a form-wide one).
   */
  review(): Review {
    const issues = this.issues();
    const opened = issues.length === 0 || this.fields.length === 0;
    if (!this.#ending) {
      this.#stage = opened ? 'review' : 'editing';
      this.#reviewed = true;
    }
    const firstProblem = this.firstProblem() ?? (issues.length > 0 && this.fields.length > 0 ? 0 : undefined);
    return { opened, issues, firstProblem };
  }

  /** Back to editing; returns the field to edit: the one asked for, else the first problem. */
  edit(index?: number): number {
    if (!this.#ending) this.#stage = 'editing';
    return index ?? this.firstProblem() ?? 0;
  }

  /** Accepts with the valid content, or is refused with the reasons while anything is wrong. */
  submit(): Submission {
    if (this.#ending) return { kind: 'ended', ending: this.#ending };
    const issues = this.issues();
    const content = this.#content;
    if (issues.length === 0 && content !== undefined) {
      return { kind: 'accepted', content, ending: this.#end({ outcome: { action: 'accept', content } }) };
    }
    return { kind: 'refused', issues, firstProblem: this.firstProblem() };
  }

  /** An explicit "no" from the person; what they typed is kept. */
  decline(): FormEnding {
    return this.#end({ outcome: { action: 'decline' }, draft: this.draft() });
  }

  /** Dismissed, withdrawn or closed; what was typed is kept for the next identical form. */
  cancel(reason: CancelReason = 'dismissed', detail?: string): FormEnding {
    const outcome = { action: 'cancel', reason, ...(detail !== undefined && { detail }) } as const;
    return this.#end({ outcome, draft: this.draft() });
  }

  /** Cancel this and every further request from this server for the session. */
  mute(): FormEnding {
    return this.#end({
      outcome: { action: 'cancel', reason: 'muted' },
      draft: this.draft(),
      muteServer: true,
    });
  }

  #initialEntry(field: Field, value: FieldValue | undefined): Entry {
    // A box shows the value as text, and blank text is no answer, exactly as if it were typed.
    if (this.#widgets && (field.kind === 'text' || field.kind === 'number'))
      return fromText(field, value === undefined ? '' : String(value));
    return { value: copy(value) };
  }

  /** With widgets, a row of checkboxes with none ticked is no answer (it cannot be cleared otherwise). */
  #counts(value: FieldValue | undefined): boolean {
    return !(this.#widgets && Array.isArray(value) && value.length === 0);
  }

  #edit(field: Field, entry: Entry): void {
    if (this.#ending) return;
    this.#entries.set(field.name, entry);
    this.#touched.add(field.name);
    this.#changed();
  }

  #changed(): void {
    this.#issues = undefined;
    this.#content = undefined;
  }

  #check(): readonly FieldIssue[] {
    const checked = checkEntries(this.fields, this.#entries, this.#start.validate(this.draft()));
    this.#content = checked.content;
    return checked.issues;
  }

  #end(ending: FormEnding): FormEnding {
    this.#ending ??= ending;
    return this.#ending;
  }
}
