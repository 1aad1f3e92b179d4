// What the pages and the change events of one watched town are made from: its still layout (once per town), the
// scene now or at a past moment, the names of its places, and the change event's payload (the next scene, the new
// posts and who-is-where as escaped markup), built once per change for every watcher.
import type { MapData } from '../app/town-view.ts';
import { type DayFrame, feed, type WatchPost, watchStatus } from '../app/watch.ts';
import type { WatchedTown } from './hub.ts';
import { postList, STATE_LABEL, whoIsWhere } from './pages.ts';
import {
  hourOf,
  lastTalk,
  placeAvatars,
  type Scene,
  type SceneLayout,
  sceneLayout,
  talkLines,
  walkMs,
} from './scene.ts';

/** Posts on the map page ("Latest posts"). */
export const MAP_POSTS = 15;

const layouts = new WeakMap<WatchedTown, SceneLayout>();

/** The town's layout, made once (again only if its places change: a town file re-imported under the same scope). */
export function layoutOf(w: WatchedTown): SceneLayout {
  const locations = w.town.locations();
  const key = locations.map((l) => `${l.id}\u0000${l.name}`).join('\u0001');
  const have = layouts.get(w);
  if (have && have.key === key) return have;
  const made = sceneLayout(w.town.map().locations);
  layouts.set(w, made);
  return made;
}

export function placeNames(w: WatchedTown): (id: string) => string {
  const names = new Map(w.town.locations().map((l) => [l.id, l.name]));
  names.set('town-hall', 'town hall');
  return (id) => names.get(id) ?? id;
}

/** The scene now: the last commit's map, and the lines of the last moment anything was said (or `lines`). */
export function liveScene(w: WatchedTown, modelPaused: boolean, said?: Scene['lines']): Scene {
  const st = watchStatus(w.town, modelPaused);
  // A page opened now replays what was said in the last tick, not a talk from hours ago.
  const lines = said ?? lastTalk(w.posts, Number.POSITIVE_INFINITY, st.simTime - st.minutesPerTick * 60_000);
  return sceneOf(layoutOf(w), w.town.map(), {
    clock: st.time,
    simTime: st.simTime,
    tick: st.tick,
    state: st.state,
    walkMs: walkMs(w.tickIntervalMs),
    lines,
  });
}

/** A past moment (Look back): the rebuilt map, the lines said since the previous step. */
export function dayScene(w: WatchedTown, d: DayFrame, stepMinutes: number, walk: number): Scene {
  const from = d.at - stepMinutes * 60_000;
  const said = w.posts.filter((p) => p.simTime > from && p.simTime <= d.at);
  return sceneOf(layoutOf(w), d.map, {
    everyone: w.town.residents().map((r) => ({ id: r.id, name: r.name })),
    clock: d.map.time,
    simTime: d.at,
    tick: 0,
    state: 'look back',
    walkMs: walk,
    lines: talkLines(said),
  });
}

function sceneOf(
  layout: SceneLayout,
  map: MapData,
  o: {
    clock: string;
    simTime: number;
    tick: number;
    state: string;
    walkMs: number;
    lines: Scene['lines'];
    everyone?: { id: string; name: string }[];
  },
): Scene {
  return {
    clock: o.clock,
    hour: hourOf(o.simTime),
    tick: o.tick,
    state: o.state,
    walkMs: o.walkMs,
    avatars: placeAvatars(layout, map, o.tick, o.everyone),
    lines: o.lines,
  };
}

/** The change event's payload (hub.ts): the scene to walk to, the state, and the map page's lists as markup. */
export function changeData(modelPaused: () => boolean): (w: WatchedTown, fresh: readonly WatchPost[]) => string {
  return (w, fresh) => {
    const scene = liveScene(w, modelPaused(), talkLines(fresh));
    const placeName = placeNames(w);
    const state = watchStatus(w.town, modelPaused()).state;
    return JSON.stringify({
      scene,
      // Running or paused as the server knows it (the page never guesses).
      status: { label: STATE_LABEL[state], cls: state.replace(' ', '-') },
      postsHtml: postList(feed(w.town, w.posts, {}, MAP_POSTS), placeName, 'Nothing has been posted yet.').text,
      whereHtml: whoIsWhere(w.town.map()).text,
    });
  };
}
