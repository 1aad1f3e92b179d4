// Deleting a town from the database (`/town new`, `/town reset`, `/town import` replace a scope's town): one
// transaction removes the town row and everything that belongs to it: memories, outbox posts, personas and channel
// bindings. Deleted explicitly rather than trusting ON DELETE CASCADE, which SQLite only applies when foreign keys
// are switched on for the connection. Kept: the model usage rows (the day's spending is the scope's: a new town must
// not reset today's budget), the embedding cache (shared by every town) and games and ratings (keyed by scope).
import type { PrismaClient } from './client.ts';
import { dbCall } from './errors.ts';

/** Removes the town and what belongs to it; a town that does not exist is not an error. */
export function deleteTownRows(prisma: PrismaClient, townId: string): Promise<void> {
  return dbCall('deleting the town', async () => {
    await prisma.$transaction(async (tx) => {
      await tx.memory.deleteMany({ where: { townId } });
      await tx.outboxPost.deleteMany({ where: { townId } });
      await tx.persona.deleteMany({ where: { townId } });
      await tx.channelBinding.deleteMany({ where: { townId } });
      await tx.town.deleteMany({ where: { id: townId } });
    });
  });
}
