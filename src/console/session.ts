// The console's session: the town it shows (followed across /town new, reset and import), where you are, which
// posts print, and how an operation's result prints (its lines, a file written, a picture as text and PNG, or the
// question a replacing operation asks first). Posts print once each: a post is printed only after its delivery
// mark is stored, so a process that dies in between never prints it twice.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  type Operation,
  type OperationResult,
  runOperation,
  type TownLifecycle,
  type WatchLink,
} from '../app/operations.ts';
import type { Post, Speaker, TownRegistry, TownService } from '../app/town-view.ts';
import { nearestWord } from '../core/edit-distance.ts';
import { isUserError } from '../errors.ts';
import { townRelationshipInput, writeTownPicture } from '../render/town-pictures.ts';
import type { ConsoleSession } from './commands.ts';
import { admits, type PostFilter, SHOW_TALK } from './filters.ts';
import { formatEgoTies, formatMap, formatMapLegend, formatPost, formatRelationships } from './format.ts';
import { consoleLifecycle } from './lifecycle.ts';
import { CONSOLE_HELP_SHORT, errorText, HELP_TOPICS, helpTopic } from './lines.ts';

export interface SessionOptions {
  service: TownService;
  registry?: TownRegistry;
  user: Speaker;
  print(text: string): void;
  clearScreen(): void;
  /** Extra lines for /help. */
  helpLines: string[];
  picturesDir: string;
  onError?: (e: unknown) => void;
  /** The web view's signed links (`/town watch`), when this process serves it. */
  watchLink?: (scope: string) => WatchLink;
}

export class Session implements ConsoleSession {
  town: TownService;
  here: string;
  filter: PostFilter = SHOW_TALK;
  /** /quit was typed: the input loop stops after this line. */
  quitting = false;
  /** An operation that replaces the town asked to confirm: the next line is the answer. */
  confirming: { o: Operation; args: Record<string, unknown>; townName: string } | null = null;
  /** The town was replaced and the place you were at is gone: say where you are now, after the result. */
  private moved = false;
  private readonly delivered = new Set<number>();
  private pendingShow: Promise<void> = Promise.resolve();
  private unsubscribe: () => void = () => {};
  private readonly lifecycle: TownLifecycle | undefined;

  constructor(private readonly opts: SessionOptions) {
    this.town = opts.service;
    this.here = firstPlace(opts.service);
    // `/town new`, `/town reset`, `/town import` swap the town (the registry restarts its schedule): follow it.
    this.lifecycle = opts.registry
      ? consoleLifecycle(
          opts.registry,
          () => this.town,
          (t) => this.follow(t),
        )
      : undefined;
  }

  print(text: string): void {
    this.opts.print(text);
  }

  help(topic?: string): string[] {
    if (!topic) return [...CONSOLE_HELP_SHORT];
    const lines = helpTopic(topic, this.opts.helpLines);
    if (lines) return lines;
    const near = nearestWord(topic, HELP_TOPICS);
    return [
      `No help topic "${topic}".${near ? ` Did you mean /help ${near}?` : ''} Topics: ${HELP_TOPICS.join(', ')}.`,
    ];
  }

  quit(): void {
    this.quitting = true;
  }

  clearScreen(): void {
    this.opts.clearScreen();
  }

  /**
   * Prints the backlog (at most `keep` posts; older undelivered ones are marked delivered unprinted), then every
   * commit's posts as they land.
   */
  async start(keep: number): Promise<void> {
    const backlog = await this.town.outbox.pendingPosts(100_000);
    if (backlog.length > keep) {
      const skipped = backlog.slice(0, backlog.length - keep);
      await this.town.outbox.markDelivered(
        skipped.map((p) => p.seq),
        'console-skipped',
      );
      this.print(`(${skipped.length} older posts not shown)`);
    }
    await this.show(backlog.slice(-keep));
    this.unsubscribe = this.listen(this.town);
  }

  /** Waits until every post committed so far has printed. */
  settled(): Promise<void> {
    return this.pendingShow;
  }

  close(): void {
    this.unsubscribe();
  }

  /** Runs one operation of the town's table with raw arguments and prints its result. */
  async runTown(o: Operation, args: Record<string, unknown>): Promise<void> {
    const r = await runOperation(
      o,
      {
        town: this.town,
        speaker: this.opts.user,
        ...(this.lifecycle ? { lifecycle: this.lifecycle } : {}),
        ...(this.opts.watchLink ? { watchLink: this.opts.watchLink } : {}),
      },
      args,
    );
    await this.render(o, r);
  }

  /** An operation's result: its lines, then the file it wrote, the question it asks, the picture it drew. */
  async render(o: Operation | null, r: OperationResult): Promise<void> {
    if (r.file) {
      const path = resolve(r.file.name);
      writeFileSync(path, r.file.text);
      r.lines.push(`Written: ${path}`);
    }
    if (r.lines.length > 0) this.print(r.lines.join('\n'));
    if (this.moved) {
      this.moved = false;
      this.print(`You are at #${this.here}.`);
    }
    if (r.confirm && o) {
      this.confirming = { o, args: r.confirm.args, townName: r.confirm.townName };
      this.print(
        `Type the town's name (${r.confirm.townName}) to go ahead, or anything else to cancel. (Add --yes to skip this.)`,
      );
    }
    if (r.picture) {
      const picture = { personas: r.picture.personas, ...(r.picture.resident ? { resident: r.picture.resident } : {}) };
      // The text says what the picture shows: one person's ties when a name was given, else the whole town's.
      this.print(
        r.picture.kind === 'map'
          ? `${formatMap(this.town.map())}\n${formatMapLegend()}`
          : r.picture.resident
            ? formatEgoTies(townRelationshipInput(this.town, picture))
            : formatRelationships(this.town.relationships()),
      );
      const file = await writeTownPicture(this.town, r.picture.kind, this.opts.picturesDir, {
        personas: r.picture.personas,
        ...(r.picture.resident ? { resident: r.picture.resident } : {}),
      });
      this.print(`Picture: ${file}`);
    }
  }

  private listen(t: TownService): () => void {
    return t.onPosts((posts) => {
      this.pendingShow = this.pendingShow.then(() => this.show(posts));
    });
  }

  /** The town was replaced: print the new one's posts, and move if the place you were at is gone. */
  private follow(t: TownService): void {
    this.unsubscribe();
    this.town = t;
    this.delivered.clear();
    if (!t.locations().some((l) => l.id === this.here)) {
      this.here = firstPlace(t);
      this.moved = true;
    }
    this.filter = SHOW_TALK;
    this.unsubscribe = this.listen(t);
  }

  /** Mark, then print; a mark that fails is said, and its posts show next time. */
  private async show(posts: Post[]): Promise<void> {
    const fresh = posts.filter((p) => !this.delivered.has(p.seq));
    if (fresh.length === 0) return;
    try {
      await this.town.outbox.markDelivered(
        fresh.map((p) => p.seq),
        'console',
      );
    } catch (e) {
      this.print(`(${fresh.length} new post(s) not shown yet: recording them as shown failed: ${errorText(e)})`);
      if (!isUserError(e)) this.opts.onError?.(e);
      return;
    }
    for (const p of fresh) {
      this.delivered.add(p.seq);
      if (admits(this.filter, p, this.here)) this.print(formatPost(p));
    }
  }
}

/**
 * Where the console starts: where people are, so the first thing a newcomer says is heard. The public place with
 * the most residents; when every public place is empty (early morning: everyone at home), the place with the most;
 * in an empty town, the first public place.
 */
export function firstPlace(t: TownService): string {
  const present = new Map(t.map().locations.map((l) => [l.id, l.residents.length]));
  const count = (id: string) => present.get(id) ?? 0;
  const busiest = <L extends { id: string }>(list: L[]) =>
    list.reduce<L | undefined>((best, l) => (!best || count(l.id) > count(best.id) ? l : best), undefined);
  const all = t.locations();
  const open = all.filter((l) => l.public);
  const place = open.some((l) => count(l.id) > 0)
    ? busiest(open)
    : all.some((l) => count(l.id) > 0)
      ? busiest(all)
      : (open[0] ?? all[0]);
  return place?.id ?? '';
}

/** Who is at `here` now, for the welcome line: "Ann Lee and Bo Park are here" or who to look for. */
export function whoIsHere(t: TownService, here: string): string {
  const names =
    t
      .map()
      .locations.find((l) => l.id === here)
      ?.residents.map((r) => r.name) ?? [];
  if (names.length === 0) return 'Nobody is here yet (/resident list shows where everyone is).';
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${list} ${names.length === 1 ? 'is' : 'are'} here and hear what you type.`;
}
