// Channel bindings (town location -> Discord channel + its webhook), in the database and as an in-memory twin.
// Binding by channel id is what keeps a renamed channel bound and lets a deleted one be recreated.
import type { ChannelBindingRow, ChannelStore } from '../bot/ports.ts';
import type { PrismaClient } from './client.ts';

function row(r: {
  townId: string;
  location: string;
  channelId: string;
  webhookId: string | null;
  webhookToken: string | null;
}): ChannelBindingRow {
  return {
    townId: r.townId,
    location: r.location,
    channelId: r.channelId,
    webhookId: r.webhookId,
    webhookToken: r.webhookToken,
  };
}

export class PrismaChannelStore implements ChannelStore {
  constructor(private readonly prisma: PrismaClient) {}

  async list(townId: string): Promise<ChannelBindingRow[]> {
    return (await this.prisma.channelBinding.findMany({ where: { townId }, orderBy: { location: 'asc' } })).map(row);
  }

  async get(townId: string, location: string): Promise<ChannelBindingRow | null> {
    const r = await this.prisma.channelBinding.findUnique({ where: { townId_location: { townId, location } } });
    return r ? row(r) : null;
  }

  async byChannel(townId: string, channelId: string): Promise<ChannelBindingRow | null> {
    const r = await this.prisma.channelBinding.findFirst({ where: { townId, channelId } });
    return r ? row(r) : null;
  }

  async bind(townId: string, location: string, channelId: string): Promise<ChannelBindingRow> {
    const existing = await this.get(townId, location);
    if (existing?.channelId === channelId) return existing;
    const r = await this.prisma.channelBinding.upsert({
      where: { townId_location: { townId, location } },
      create: { townId, location, channelId, webhookId: null, webhookToken: null },
      update: { channelId, webhookId: null, webhookToken: null },
    });
    return row(r);
  }

  async setWebhook(townId: string, location: string, webhook: { id: string; token: string } | null): Promise<void> {
    await this.prisma.channelBinding.update({
      where: { townId_location: { townId, location } },
      data: { webhookId: webhook?.id ?? null, webhookToken: webhook?.token ?? null },
    });
  }
}

export class InMemoryChannelStore implements ChannelStore {
  private readonly rows = new Map<string, ChannelBindingRow>();

  private key(townId: string, location: string): string {
    return `${townId}\u0000${location}`;
  }

  async list(townId: string): Promise<ChannelBindingRow[]> {
    return [...this.rows.values()]
      .filter((r) => r.townId === townId)
      .sort((a, b) => a.location.localeCompare(b.location))
      .map((r) => ({ ...r }));
  }

  async get(townId: string, location: string): Promise<ChannelBindingRow | null> {
    const r = this.rows.get(this.key(townId, location));
    return r ? { ...r } : null;
  }

  async byChannel(townId: string, channelId: string): Promise<ChannelBindingRow | null> {
    const r = [...this.rows.values()].find((x) => x.townId === townId && x.channelId === channelId);
    return r ? { ...r } : null;
  }

  async bind(townId: string, location: string, channelId: string): Promise<ChannelBindingRow> {
    const existing = this.rows.get(this.key(townId, location));
    if (existing?.channelId === channelId) return { ...existing };
    const r: ChannelBindingRow = { townId, location, channelId, webhookId: null, webhookToken: null };
    this.rows.set(this.key(townId, location), r);
    return { ...r };
  }

  async setWebhook(townId: string, location: string, webhook: { id: string; token: string } | null): Promise<void> {
    const r = this.rows.get(this.key(townId, location));
    if (!r) throw new Error(`no binding for ${location}`);
    r.webhookId = webhook?.id ?? null;
    r.webhookToken = webhook?.token ?? null;
  }
}
