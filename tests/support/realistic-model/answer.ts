// Writes an answer the way a chat model would, from nothing but the request: the JSON Schema it was given and
// the messages. Field names steer the content (a `line` is a spoken sentence, `blocks` a day plan); the prompt
// supplies what a model would copy (place ids listed as "id: Name", numbered items to rate, the dialogue so far).

import { hasUserText } from '../../../src/core/user-text.ts';
import { type BehaviourRates, calibratedRates, drawHistogram, drawLineWords } from './behaviour.ts';
import { commitmentsIn } from './commitments.ts';
import { actionPhrase, between, emoji, pick, prose, type Rng, sentence } from './words.ts';

export interface AnswerContext {
  rng: Rng;
  /** strict json_schema: constrained decoding, so optional-looking fields are nullable, never missing. */
  strict: boolean;
  /** Rate at which a non-strict answer writes null into a field it may leave out (a common model habit). */
  nullRate: number;
  /** The request's last user message and everything said before. */
  lastUser: string;
  allText: string;
  /** Behaviour rates (behaviour.ts); default: calibrated on the real run. */
  behaviour?: BehaviourRates;
}

type Schema = Record<string, unknown>;

/** Share of optional fields a model leaves empty (null, or a line left out of a list keyed by line). */
const EMPTY_RATE = 0.45;

export const answerSettings = {
  summaryWords: [25, 60] as const,
};

const rates = (ctx: AnswerContext): BehaviourRates => ctx.behaviour ?? calibratedRates;

export function answerFor(root: Schema, ctx: AnswerContext): unknown {
  const defs = { ...((root.$defs as Schema) ?? {}), ...((root.definitions as Schema) ?? {}) };
  return value(root, '', ctx, defs, []);
}

function resolve(node: Schema, defs: Schema): Schema {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const name = ref.split('/').pop() ?? '';
  return (defs[name] as Schema | undefined) ?? {};
}

function types(node: Schema): string[] {
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type)) return node.type as string[];
  return [];
}

function isNullable(node: Schema): boolean {
  if (types(node).includes('null')) return true;
  return Array.isArray(node.anyOf) && (node.anyOf as Schema[]).some((v) => types(v).includes('null'));
}

function nonNull(node: Schema): Schema {
  if (Array.isArray(node.anyOf)) {
    const rest = (node.anyOf as Schema[]).filter((v) => !(types(v).length === 1 && types(v)[0] === 'null'));
    return rest[0] ?? {};
  }
  const t = types(node).filter((x) => x !== 'null');
  return t.length > 0 ? { ...node, type: t[0] } : node;
}

function value(raw: Schema, key: string, ctx: AnswerContext, defs: Schema, path: string[]): unknown {
  // promises made in a conversation are read from its transcript, not made up
  if (key === 'commitments') return commitmentsIn(ctx.lastUser);
  const node = resolve(raw, defs);
  // asked to summarise the talk with the lines that end it: written exactly then
  const plan = key === 'summary' && isNullable(node) ? linesPlan(ctx) : null;
  if (plan) return plan.end ? value(nonNull(node), key, ctx, defs, path) : null;
  if (isNullable(node)) {
    // A model leaves a field empty when the prompt gives it nothing to say there.
    if (ctx.rng() < EMPTY_RATE) return null;
    return value(nonNull(node), key, ctx, defs, path);
  }
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum)) return enumValue(node.enum, key, ctx);
  if (Array.isArray(node.anyOf)) return value((node.anyOf as Schema[])[0] ?? {}, key, ctx, defs, path);
  const t = types(node)[0] ?? 'string';
  switch (t) {
    case 'object':
      return objectValue(node, ctx, defs, [...path, key]);
    case 'array':
      return arrayValue(node, key, ctx, defs, path);
    case 'number':
    case 'integer':
      return numberValue(node, key, ctx, t === 'integer', path);
    case 'boolean':
      return booleanValue(key, ctx);
    case 'null':
      return null;
    default:
      return stringValue(key, ctx, path);
  }
}

function objectValue(node: Schema, ctx: AnswerContext, defs: Schema, path: string[]): Record<string, unknown> {
  const props = (node.properties as Record<string, Schema>) ?? {};
  // the object's own field names tell what it is (an importance beside a summary rates a conversation)
  const here = [...path, ...Object.keys(props).map((k) => `.${k}`)];
  const required = new Set((node.required as string[]) ?? []);
  const out: Record<string, unknown> = {};
  for (const [k, sub] of Object.entries(props)) {
    if (!required.has(k)) {
      // Non-strict: a model writes most optional fields anyway, some as null.
      if (ctx.rng() < 0.4) continue;
      if (ctx.rng() < ctx.nullRate) {
        out[k] = null;
        continue;
      }
    }
    out[k] = value(sub, k, ctx, defs, here);
  }
  return out;
}

function enumValue(values: unknown[], key: string, ctx: AnswerContext): unknown {
  // Decisions mostly keep to the plan; other choices are spread evenly.
  if (/decision/i.test(key) && values.length > 1) {
    const b = rates(ctx);
    const r = ctx.rng();
    if (values.includes('talk') && r < b.talk) return 'talk';
    const rest = values.filter((v) => v !== 'talk');
    // past the talk decision, react at its rate (a fresh draw), else keep to the plan (the first value)
    return ctx.rng() < b.react && rest.length > 1 ? rest[1] : rest[0];
  }
  return pick(ctx.rng, values);
}

/** Lines of the form "Name: what they said" in the last user message: the dialogue so far. */
function dialogueLines(ctx: AnswerContext): string[] {
  const lines = ctx.lastUser.split('\n');
  // where the prompt says what has been said, only that is read: nothing yet, or the lines under its heading
  if (lines.some((l) => /^nobody has spoken yet\.?$/i.test(l.trim()))) return [];
  const heading = lines.findIndex((l) => /^conversation so far:$/i.test(l.trim()));
  const end = heading < 0 ? -1 : lines.findIndex((l, i) => i > heading && l.trim() === '');
  const all = heading < 0 ? lines : lines.slice(heading + 1, end < 0 ? undefined : end);
  // a line said is a quoted block naming a person, maybe after "Name: " (numbered in a transcript; a listed
  // memory starts "- "); without quoted blocks, "Name: text"
  const quoted = all.filter(
    (l) =>
      /^(?:\d+\. )?[A-Z][\w.' -]{0,40}: USER_TEXT \[/.test(l) ||
      // (from a person's name: a relationship note's quote, "what Tom already told Ada", is no line of this talk)
      /^(?:\d+\. )?USER_TEXT \["\p{Lu}[\p{L}.'-]*(?: \p{Lu}[\p{L}.'-]*)*",/u.test(l),
  );
  if (quoted.length > 0 || hasUserText(ctx.lastUser)) return quoted;
  return all.filter((l) => /^[A-Z][\w.' -]{0,40}: \S/.test(l) && !/^\d/.test(l));
}

/** Questions the prompt lists for insights ("Q1: ...", "Q2: ..."). */
function questionsAsked(ctx: AnswerContext): number {
  return ctx.lastUser.split('\n').filter((l) => /^Q\d+: /.test(l)).length;
}

function numberedItems(ctx: AnswerContext): number {
  return ctx.lastUser.split('\n').filter((l) => /^\s*\d+[.)] \S/.test(l)).length;
}

/** Lines a conversation runs, decided once per conversation (from its first line): early, or to the cap. */
export function conversationLength(firstLine: string, b: BehaviourRates): number {
  let h = 0;
  for (let i = 0; i < firstLine.length; i++) h = (h * 31 + firstLine.charCodeAt(i)) >>> 0;
  const u = (h % 10_000) / 10_000;
  if (u >= b.shortConversations || b.shortLines.length === 0) return Number.POSITIVE_INFINITY;
  return b.shortLines[Math.floor((u / b.shortConversations) * b.shortLines.length)] ?? 2;
}

/**
 * A request for several lines of a conversation ("Write the next 8 lines"): how many this answer writes and whether
 * they end it. The conversation's length is decided once, from what opens the prompt (the same in every call of one
 * conversation), like a model that has the whole talk in mind; a prompt saying the last line ends it is obeyed.
 */
function linesPlan(ctx: AnswerContext): { n: number; end: boolean } | null {
  const asked = /next (\d+) lines/i.exec(ctx.allText);
  if (!asked) return null;
  const want = Math.max(1, Number(asked[1]));
  const said = dialogueLines(ctx).length;
  const total = conversationLength(ctx.lastUser.split('\n')[0] ?? '', rates(ctx));
  const n = Math.max(1, Math.min(want, total - said));
  return { n, end: said + n >= total || /last line of these ends it/i.test(ctx.allText) };
}

function booleanValue(key: string, ctx: AnswerContext): boolean {
  if (/^(end|done|finished|stop)/i.test(key)) {
    const plan = linesPlan(ctx);
    if (plan) return plan.end;
    if (/last line/i.test(ctx.allText)) return true;
    const lines = dialogueLines(ctx);
    return lines.length + 1 >= conversationLength(lines[0] ?? '', rates(ctx));
  }
  return ctx.rng() < 0.5;
}

/** Which kind of memory an importance rates, read from the field names around it. */
function importanceKind(key: string, path: string[]): 'event' | 'chat' | 'thought' {
  const around = path.join(' ');
  if (/insight|reflect|thought/i.test(around)) return 'thought';
  if (/\.summary\b|line|conversation|dialogue/i.test(`${around} ${key}`)) return 'chat';
  return 'event';
}

function numberValue(node: Schema, key: string, ctx: AnswerContext, integer: boolean, path: string[]): number {
  const min = typeof node.minimum === 'number' ? node.minimum : undefined;
  const max = typeof node.maximum === 'number' ? node.maximum : undefined;
  if (min !== undefined && max !== undefined && max - min <= 1 && !integer) return Math.round(ctx.rng() * 100) / 100;
  let v: number;
  if (/importance|rating|poignan|score/i.test(key))
    v = drawHistogram(ctx.rng, rates(ctx).importance[importanceKind(key, path)]);
  else if (/minute|duration/i.test(key)) v = 5 * between(ctx.rng, 1, 12);
  else v = between(ctx.rng, 1, 10);
  if (min !== undefined) v = Math.max(min, v);
  if (max !== undefined) v = Math.min(max, v);
  return v;
}

/** One statement of about as many words as an insight drawn from the real run's lengths. */
function insightText(ctx: AnswerContext): string {
  const w = drawHistogram(ctx.rng, rates(ctx).insightWords);
  return `${sentence(ctx.rng, w).split(' ').slice(0, w).join(' ').replace(/[.,]$/, '')}.`;
}

function placeIds(ctx: AnswerContext): string[] {
  const ids = new Set<string>();
  for (const l of ctx.allText.split('\n')) {
    const m = /^\s*(?:- )?([a-z][a-z0-9_-]*): [A-Z]/.exec(l);
    if (m?.[1]) ids.add(m[1]);
  }
  return [...ids];
}

function stringValue(key: string, ctx: AnswerContext, path: string[]): string {
  const k = key.toLowerCase();
  // an insight's statement is as long as the real run's insights (behaviour.ts insightWords), not a spoken line
  if (/insight/i.test(path.join('.')) && /^(text|insight|statement)$/.test(k)) return insightText(ctx);
  if (/^(line|utterance|reply|answer|message|response|speech|text)$/.test(k)) {
    const w = drawLineWords(ctx.rng, rates(ctx).lineWords);
    return `${prose(ctx.rng, w, w + 14)
      .split(' ')
      .slice(0, w)
      .join(' ')
      .replace(/[.,]$/, '')}.`;
  }
  // a talk's summary (the dialogue answer's summary.summary) as long as the real run's conversation records
  if (k === 'summary' && path.includes('.lines')) {
    const w = pick(ctx.rng, rates(ctx).summaryWords);
    return prose(ctx.rng, w, w);
  }
  if (/summary|description|insight|reason/.test(k)) return prose(ctx.rng, ...answerSettings.summaryWords);
  if (/clue|hint/.test(k)) return sentence(ctx.rng, between(ctx.rng, 4, 10));
  // a field the prompt asks for as one line of a form ("detail": "<minutes> <emoji> <action> ..."): in that form
  if (k === 'detail') {
    const form = lineForm(ctx);
    if (form) return fillForm(form, ctx, path, undefined);
  }
  // a line's speaker is one of the speakers the prompt introduces ("Name (only First knows this):"), as a model
  // names them: a name, not a sentence
  if (k === 'speaker') {
    const names = [...ctx.lastUser.matchAll(/^(\p{Lu}[\p{L}.' -]{0,40}) \(only [^)]* knows this\):$/gmu)].map(
      (m) => m[1]!,
    );
    if (names.length > 0) return pick(ctx.rng, names);
  }
  if (/^(word|guess)$/.test(k)) return pick(ctx.rng, ['apple', 'river', 'violin', 'lantern', 'garden', 'castle']);
  if (/activity|action|reaction|intent|status|plan/.test(k)) return actionPhrase(ctx.rng);
  if (k === 'emoji') return emoji(ctx.rng);
  if (/^(start|end|time|at)$/.test(k)) return `${String(between(ctx.rng, 7, 21)).padStart(2, '0')}:00`;
  if (/place|area|location|object|where|room/.test(k)) {
    const ids = placeIds(ctx);
    return ids.length > 0 ? pick(ctx.rng, ids) : 'home';
  }
  if (/question/.test(k)) return `${sentence(ctx.rng, between(ctx.rng, 8, 14)).slice(0, -1)}?`;
  if (/news|fact/.test(k)) return sentence(ctx.rng, between(ctx.rng, 8, 14));
  return sentence(ctx.rng, between(ctx.rng, 6, 12));
}

function arrayValue(node: Schema, key: string, ctx: AnswerContext, defs: Schema, path: string[]): unknown[] {
  const items = resolve((node.items as Schema) ?? {}, defs);
  const k = key.toLowerCase();
  const b = rates(ctx);
  let n: number;
  const span = k === 'steps' ? stepSpan(ctx) : 0;
  if (k === 'blocks') n = between(ctx.rng, ...b.dayBlocks);
  else if (span > 0) n = Math.max(1, Math.round((span / 60) * b.stepsPerHour));
  else if (k === 'lines' && linesPlan(ctx)) n = linesPlan(ctx)!.n;
  else if (/rating|importance|score/.test(k)) n = numberedItems(ctx) || dialogueLines(ctx).length || 1;
  else if (k === 'questions') n = b.reflectionQuestions;
  else if (/insight/.test(k)) n = b.insightsPerQuestion * Math.max(1, questionsAsked(ctx));
  else if (/because|evidence/.test(k)) n = drawHistogram(ctx.rng, b.evidence);
  else n = between(ctx.rng, 3, 6);
  if (typeof node.minItems === 'number') n = Math.max(node.minItems, n);
  if (typeof node.maxItems === 'number') n = Math.min(node.maxItems, n);
  // a list keyed by the answer's lines ({"line": n, ...}: the lines that pass on news, or are confided) has an item
  // for a line as often as a per-line optional field is filled: the content of per-line nullable fields, in the
  // list's shape (issue 33 item 3 changed the dialogue answer's shape, not what a model says in it)
  const lineKey = types(((items.properties as Schema | undefined)?.line as Schema | undefined) ?? {})[0];
  const plan = lineKey === 'number' || lineKey === 'integer' ? linesPlan(ctx) : null;
  if (plan) {
    const keyed: unknown[] = [];
    for (let line = 1; line <= plan.n; line++)
      if (ctx.rng() >= EMPTY_RATE) {
        const item = value(items, k.replace(/s$/, ''), ctx, defs, [...path, k]) as Record<string, unknown>;
        keyed.push({ ...item, line });
      }
    return keyed;
  }
  const out: unknown[] = [];
  // items asked for as lines of a given form ("<minutes> <emoji> <action>"): written in that form
  const form = types(items)[0] === 'string' ? lineForm(ctx) : null;
  // the minutes of steps that fill a stretch, as asked, share it out evenly (in fives, at least 5 each)
  const each = span > 0 ? Math.max(5, Math.round(span / n / 5) * 5) : undefined;
  for (let i = 0; i < n; i++)
    out.push(
      form ? fillForm(form, ctx, [...path, k], each) : value(items, k.replace(/s$/, ''), ctx, defs, [...path, k]),
    );
  if (k === 'blocks' && !homeIn(ctx)) samePlaces(out, ctx);
  const timed = withTimeline(out, ctx);
  ownPlaces(timed, ctx);
  return timed;
}

/**
 * Minutes of the stretch a request asks to break into steps: from the first "HH:MM-HH:MM" range in the last user
 * message to the end of the last one (a model reads the times it is given), 0 when there is none.
 */
function stepSpan(ctx: AnswerContext): number {
  const ranges = [...ctx.lastUser.matchAll(/\b(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})\b/g)];
  if (ranges.length === 0) return 0;
  const min = (h: string, m: string) => minutesOf(`${h}:${m}`);
  const first = ranges[0]!;
  const last = ranges.at(-1)!;
  const span = min(last[3]!, last[4]!) - min(first[1]!, first[2]!);
  return span > 0 ? span : 0;
}

/**
 * A form the prompt gives for each line of a list: the first quoted text with <placeholders> ("<minutes> <emoji>
 * <action> | <object>: <state>"), and a later quoted tail of it that the prompt says may be left out.
 */
function lineForm(ctx: AnswerContext): { full: string; optional: string | null } | null {
  const quoted = [...ctx.allText.matchAll(/"([^"\n]*<[a-z]+>[^"\n]*)"/g)].map((m) => m[1]!);
  const full = quoted[0];
  if (!full) return null;
  return { full, optional: quoted.slice(1).find((q) => q !== full && full.endsWith(q)) ?? null };
}

/** One line in the prompt's form: each placeholder written as a field of its name would be. */
function fillForm(
  form: { full: string; optional: string | null },
  ctx: AnswerContext,
  path: string[],
  minutes: number | undefined,
): string {
  const text = form.optional && ctx.rng() < EMPTY_RATE ? form.full.slice(0, -form.optional.length) : form.full;
  return text.replace(/<([a-z]+)>/g, (_, name: string) => {
    if (/minute/.test(name)) return String(minutes ?? numberValue({ type: 'number' }, name, ctx, true, path));
    if (/importance|poignancy/.test(name)) return String(numberValue({ type: 'number' }, name, ctx, true, path));
    // the numbers of statements cited, as many as the real run's insights cite, among those the prompt numbers
    if (/statements|because|evidence/.test(name)) {
      const shown = Math.max(1, numberedItems(ctx));
      const n = drawHistogram(ctx.rng, rates(ctx).evidence);
      return Array.from({ length: n }, () => between(ctx.rng, 1, shown)).join(', ');
    }
    return stringValue(name === 'state' ? 'status' : name, ctx, path);
  });
}

/**
 * Where the prompt says the resident belongs from `start` to `end`: at work when the stretch lies mostly in the
 * work hours it gives ("Work today: at <id> from HH:MM to HH:MM"), at the place of the block being broken up
 * ("Block HH:MM-HH:MM: ... (<id>)"), else at home (the place listed "(home)" or "home: <id>"); null when it says none.
 */
function belongsAt(ctx: AnswerContext, start: string, end: string): string | null {
  const min = minutesOf;
  const work = /Work today: at ([a-z0-9][a-z0-9_-]*) from (\d{1,2}:\d{2}) to (\d{1,2}:\d{2})/.exec(ctx.allText);
  if (work) {
    const [a, b] = [Math.max(min(start), min(work[2]!)), Math.min(min(end), min(work[3]!))];
    if (b - a > (min(end) - min(start)) / 2) return work[1]!;
  }
  const block = /^Block \d{1,2}:\d{2}-\d{1,2}:\d{2}: .*\(([a-z0-9][a-z0-9_-]*)\)$/m.exec(ctx.lastUser);
  if (block) return block[1]!;
  return homeIn(ctx);
}

/** "HH:MM" as minutes after midnight. */
function minutesOf(t: string): number {
  const [h = 0, m = 0] = t.split(':').map(Number);
  return h * 60 + m;
}

/** The resident's home as the prompt lists it ("home: <id>", or a place listed "(home)"), if it does. */
function homeIn(ctx: AnswerContext): string | null {
  const home =
    /\bhome: ([a-z0-9][a-z0-9_-]*)/.exec(ctx.allText) ??
    /^\s*(?:- )?([a-z0-9][a-z0-9_-]*): [^\n]*\(home\)/m.exec(ctx.allText);
  return home?.[1] ?? null;
}

/** Planned stretches with a place are where the prompt says the resident belongs as often as the real run's were. */
function ownPlaces(items: unknown[], ctx: AnswerContext): void {
  for (const x of items) {
    if (x === null || typeof x !== 'object' || !('place' in x) || !('start' in x) || !('end' in x)) continue;
    const item = x as Record<string, unknown>;
    const at = belongsAt(ctx, String(item.start), String(item.end));

    if (at && ctx.rng() < rates(ctx).homeOrWork) item.place = at;
  }
}

/** A day plan's block stays at the place of the block before it as often as the real run's activities did. */
function samePlaces(blocks: unknown[], ctx: AnswerContext): void {
  for (let i = 1; i < blocks.length; i++) {
    const [prev, cur] = [blocks[i - 1], blocks[i]] as (Record<string, unknown> | null)[];
    if (prev && cur && 'place' in cur && ctx.rng() < rates(ctx).samePlace) cur.place = prev.place;
  }
}

/** Items with start/end times get consecutive slots across the span the prompt mentions (default 07:00-22:00). */
function withTimeline(items: unknown[], ctx: AnswerContext): unknown[] {
  const timed = items.filter(
    (x): x is Record<string, unknown> => x !== null && typeof x === 'object' && 'start' in x && 'end' in x,
  );
  if (timed.length === 0 || timed.length !== items.length) return items;
  const times = [...ctx.lastUser.matchAll(/\b([01]?\d|2[0-3]):([0-5]\d)\b/g)].map(
    (m) => Number(m[1]) * 60 + Number(m[2]),
  );
  let from = 7 * 60;
  let to = 22 * 60;
  if (times.length >= 2 && times[1]! > times[0]!) [from, to] = [times[0]!, times[1]!];
  const step = Math.max(5, Math.floor((to - from) / timed.length / 5) * 5);
  const hhmm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  timed.forEach((item, i) => {
    item.start = hhmm(from + i * step);
    item.end = hhmm(i === timed.length - 1 ? to : from + (i + 1) * step);
  });
  return items;
}
