// Who holds a town: lease owner ids are `host:pid:random`. A lease whose owner is a dead process on this host is
// taken over at once (a crash or Ctrl-C mid-step no longer locks the town for the lease's lifetime); an owner on
// another host cannot be checked, so its lease is honoured until it expires (TownSettings.leaseMs, kept short).
import { hostname } from 'node:os';

/** A fresh owner id for this process: `host:pid:random`. */
export function processOwnerId(): string {
  return `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
}

/** `host:pid:random` -> its parts; null for ids of another shape (tests, older versions). */
export function parseOwnerId(owner: string): { host: string; pid: number } | null {
  const parts = owner.split(':');
  if (parts.length < 3) return null;
  const pid = Number(parts[parts.length - 2]);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { host: parts.slice(0, -2).join(':'), pid };
}

/**
 * Whether `owner` names a process of this host that is running (true), one that is gone (false), or one that cannot
 * be checked here (null: another host, this process itself, or an id of another shape).
 */
export function ownerRunsHere(owner: string): boolean | null {
  const id = parseOwnerId(owner);
  if (!id || id.host !== hostname() || id.pid === process.pid) return null;
  try {
    process.kill(id.pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user
    return (e as { code?: string }).code !== 'ESRCH';
  }
}

/**
 * True when `owner` names a process on this host that no longer exists. Unknown shapes, other hosts and live
 * processes are false (their leases are honoured until they expire).
 */
export function ownerIsDeadHere(owner: string): boolean {
  return ownerRunsHere(owner) === false;
}
