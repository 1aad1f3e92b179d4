-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ModelUsage" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "townId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "task" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "promptTokens" INTEGER NOT NULL DEFAULT 0,
    "completionTokens" INTEGER NOT NULL DEFAULT 0,
    "latencyMs" INTEGER NOT NULL DEFAULT 0,
    "cachedPromptTokens" INTEGER NOT NULL DEFAULT 0,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "retries" INTEGER NOT NULL DEFAULT 0,
    "repairs" INTEGER NOT NULL DEFAULT 0,
    "refused" INTEGER NOT NULL DEFAULT 0
);
INSERT INTO "new_ModelUsage" ("calls", "completionTokens", "day", "failures", "id", "latencyMs", "model", "promptTokens", "task", "townId") SELECT "calls", "completionTokens", "day", "failures", "id", "latencyMs", "model", "promptTokens", "task", "townId" FROM "ModelUsage";
DROP TABLE "ModelUsage";
ALTER TABLE "new_ModelUsage" RENAME TO "ModelUsage";
CREATE UNIQUE INDEX "ModelUsage_townId_day_task_model_key" ON "ModelUsage"("townId", "day", "task", "model");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
