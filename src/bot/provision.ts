// Channel provisioning for a town: a category, a text channel per location and a town-hall channel. Idempotent:
// bindings are by channel id, so a renamed channel stays bound, a deleted one is recreated, and a rerun (or a crash
// between creating a channel and saving its binding) adopts what exists instead of duplicating it.
import { UserError } from '../errors.ts';
import { type ApiChannel, type DiscordApi, isMissingPermission, WEBHOOK_NAME } from './discord-api.ts';
import { CATEGORY_KEY, type ChannelBindingRow, type ChannelStore, type Log, TOWN_HALL } from './ports.ts';

const GUILD_TEXT = 0;
const GUILD_CATEGORY = 4;

export interface ProvisionLocation {
  id: string;
  name: string;
  description?: string;
}

export interface ProvisionPlan {
  townId: string;
  townName: string;
  guildId: string;
  locations: ProvisionLocation[];
}

export interface ProvisionResult {
  categoryId: string;
  created: string[];
  kept: string[];
  bindings: ChannelBindingRow[];
}

/** Discord channel names: lowercase, no spaces, at most 100 characters. */
export function channelName(id: string): string {
  const slug = id
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_-]+/gu, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return (slug || 'location').slice(0, 100);
}

/** The one text for a permission the bot lacks, shown to the admin (commands) and logged (delivery). */
export function missingPermissionText(permission: string, where: string): string {
  return `I need the **${permission}** permission ${where}. Give it to my role (Server Settings → Roles, or the channel's permissions), then run \`/town setup\` again: nothing is lost, held posts are sent then.`;
}

/** Turns Discord's "Missing Permissions" into a UserError naming the permission and where; other errors pass. */
async function needs<T>(permission: string, where: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (e) {
    if (isMissingPermission(e))
      throw new UserError('bot/missing_permission', missingPermissionText(permission, where), { permission, where });
    throw e;
  }
}

function categoryName(townName: string): string {
  const name = townName.trim().slice(0, 100);
  return name || 'Town';
}

export async function provisionTown(
  api: DiscordApi,
  store: ChannelStore,
  plan: ProvisionPlan,
  log: Log,
): Promise<ProvisionResult> {
  const channels = await needs('View Channels', 'in this server', () => api.guildChannels(plan.guildId));
  const byId = new Map(channels.map((c) => [c.id, c]));
  const created: string[] = [];
  const kept: string[] = [];

  const ensure = async (
    key: string,
    wanted: { name: string; type: number; parent: string | null; topic?: string },
    adopt: (c: ApiChannel) => boolean,
  ): Promise<ChannelBindingRow> => {
    const bound = await store.get(plan.townId, key);
    if (bound && byId.get(bound.channelId)?.type === wanted.type) {
      kept.push(key);
      return bound;
    }
    const existing = channels.find((c) => c.type === wanted.type && c.name === wanted.name && adopt(c));
    const channel =
      existing ??
      (await needs('Manage Channels', `to create #${wanted.name}`, () =>
        api.createChannel(plan.guildId, {
          name: wanted.name,
          type: wanted.type,
          ...(wanted.parent ? { parent_id: wanted.parent } : {}),
          ...(wanted.topic ? { topic: wanted.topic.slice(0, 1024) } : {}),
        }),
      ));
    if (!existing) {
      channels.push(channel);
      byId.set(channel.id, channel);
      created.push(key);
      log.info({ townId: plan.townId, guildId: plan.guildId, key, channelId: channel.id }, 'created channel');
    } else {
      kept.push(key);
    }
    return store.bind(plan.townId, key, channel.id);
  };

  const boundIds = new Set((await store.list(plan.townId)).map((b) => b.channelId));
  const category = await ensure(
    CATEGORY_KEY,
    { name: categoryName(plan.townName), type: GUILD_CATEGORY, parent: null },
    (c) => !boundIds.has(c.id),
  );
  const inCategory = (c: ApiChannel) => c.parent_id === category.channelId && !boundIds.has(c.id);
  const bindings: ChannelBindingRow[] = [category];
  bindings.push(
    await ensure(
      TOWN_HALL,
      {
        name: channelName(TOWN_HALL),
        type: GUILD_TEXT,
        parent: category.channelId,
        topic: `Announcements and the daily digest of ${plan.townName}`,
      },
      inCategory,
    ),
  );
  for (const loc of plan.locations) {
    if (loc.id === TOWN_HALL || loc.id === CATEGORY_KEY) continue;
    bindings.push(
      await ensure(
        loc.id,
        {
          name: channelName(loc.id),
          type: GUILD_TEXT,
          parent: category.channelId,
          topic: loc.description ? `${loc.name}: ${loc.description}` : loc.name,
        },
        inCategory,
      ),
    );
  }
  return { categoryId: category.channelId, created, kept, bindings };
}

/** The channel's webhook for resident posts: the stored one, one of ours already there, or a new one. */
export async function ensureWebhook(
  api: DiscordApi,
  store: ChannelStore,
  binding: ChannelBindingRow,
  appId: string,
): Promise<{ id: string; token: string }> {
  if (binding.webhookId && binding.webhookToken) return { id: binding.webhookId, token: binding.webhookToken };
  const hooks = await api.channelWebhooks(binding.channelId);
  const ours = hooks.find((h) => h.application_id === appId && h.token && h.name === WEBHOOK_NAME);
  const hook = ours ?? (await api.createWebhook(binding.channelId, WEBHOOK_NAME));
  if (!hook.token) throw new Error(`webhook ${hook.id} came without a token`);
  const pair = { id: hook.id, token: hook.token };
  await store.setWebhook(binding.townId, binding.location, pair);
  binding.webhookId = pair.id;
  binding.webhookToken = pair.token;
  return pair;
}
