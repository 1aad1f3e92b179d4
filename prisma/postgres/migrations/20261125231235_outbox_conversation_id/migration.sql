-- AlterTable
ALTER TABLE "OutboxPost" ADD COLUMN     "conversationId" TEXT;

-- CreateIndex
CREATE INDEX "OutboxPost_townId_conversationId_idx" ON "OutboxPost"("townId", "conversationId");
