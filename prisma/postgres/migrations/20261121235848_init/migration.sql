-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Town" (
    "id" TEXT NOT NULL,
    "guildId" TEXT,
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "state" TEXT NOT NULL,
    "settings" TEXT NOT NULL DEFAULT '{}',
    "paused" BOOLEAN NOT NULL DEFAULT false,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Town_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Memory" (
    "id" TEXT NOT NULL,
    "townId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "createdAt" BIGINT NOT NULL,
    "lastAccessAt" BIGINT NOT NULL,
    "importance" INTEGER NOT NULL,
    "embedding" BYTEA,
    "embedderId" TEXT,
    "evidence" TEXT NOT NULL DEFAULT '[]',
    "depth" INTEGER NOT NULL DEFAULT 0,
    "planLevel" TEXT,
    "planStart" BIGINT,
    "planMinutes" INTEGER,
    "planLocation" TEXT,
    "meta" TEXT NOT NULL DEFAULT '{}',
    "seq" INTEGER NOT NULL,

    CONSTRAINT "Memory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OutboxPost" (
    "id" TEXT NOT NULL,
    "townId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "location" TEXT NOT NULL,
    "speakerId" TEXT,
    "speakerName" TEXT,
    "emoji" TEXT,
    "kind" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "simTime" BIGINT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" TIMESTAMP(3),
    "deliveryRef" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,

    CONSTRAINT "OutboxPost_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Persona" (
    "townId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Persona_pkey" PRIMARY KEY ("townId","userId")
);

-- CreateTable
CREATE TABLE "ChannelBinding" (
    "townId" TEXT NOT NULL,
    "location" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "webhookId" TEXT,
    "webhookToken" TEXT,

    CONSTRAINT "ChannelBinding_pkey" PRIMARY KEY ("townId","location")
);

-- CreateTable
CREATE TABLE "ModelUsage" (
    "id" SERIAL NOT NULL,
    "townId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "task" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "latencyMs" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ModelUsage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EmbeddingCache" (
    "embedderId" TEXT NOT NULL,
    "textHash" TEXT NOT NULL,
    "vector" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmbeddingCache_pkey" PRIMARY KEY ("embedderId","textHash")
);

-- CreateTable
CREATE TABLE "Game" (
    "id" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "state" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Game_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Rating" (
    "scope" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "playerKey" TEXT NOT NULL,
    "displayName" TEXT NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL DEFAULT 0,
    "wins" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Rating_pkey" PRIMARY KEY ("scope","game","playerKey")
);

-- CreateIndex
CREATE UNIQUE INDEX "Town_guildId_key" ON "Town"("guildId");

-- CreateIndex
CREATE INDEX "Memory_townId_agentId_createdAt_idx" ON "Memory"("townId", "agentId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Memory_townId_agentId_seq_key" ON "Memory"("townId", "agentId", "seq");

-- CreateIndex
CREATE INDEX "OutboxPost_townId_deliveredAt_seq_idx" ON "OutboxPost"("townId", "deliveredAt", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "OutboxPost_townId_seq_key" ON "OutboxPost"("townId", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "ModelUsage_townId_day_task_model_key" ON "ModelUsage"("townId", "day", "task", "model");

-- CreateIndex
CREATE INDEX "Game_scope_channelId_status_idx" ON "Game"("scope", "channelId", "status");

-- AddForeignKey
ALTER TABLE "Memory" ADD CONSTRAINT "Memory_townId_fkey" FOREIGN KEY ("townId") REFERENCES "Town"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutboxPost" ADD CONSTRAINT "OutboxPost_townId_fkey" FOREIGN KEY ("townId") REFERENCES "Town"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Persona" ADD CONSTRAINT "Persona_townId_fkey" FOREIGN KEY ("townId") REFERENCES "Town"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChannelBinding" ADD CONSTRAINT "ChannelBinding_townId_fkey" FOREIGN KEY ("townId") REFERENCES "Town"("id") ON DELETE CASCADE ON UPDATE CASCADE;
