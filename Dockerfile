# One image for every smalltown process: the bot (and its shards) by default, workers with
# `node --import tsx src/worker/main.ts`, migrations with `node --import tsx scripts/db-migrate.ts apply`, the slash
# commands with `node --import tsx src/bot/deploy-commands.ts` (README "Docker").
# See docker-compose.yml and README "Scaling out". Two stages: the build stage has the compilers that native modules
# may need (better-sqlite3 builds from source when no prebuilt binary fits) and generates the Prisma clients; the
# runtime stage gets only the production node_modules and the sources, runs as the unprivileged `node` user, and
# starts under tini (PID 1 forwards SIGTERM to node and reaps zombies, so `docker stop` shuts the bot down cleanly).

# Node 22 LTS at the exact version CI runs (.ci/run's NODE_LTS; a test keeps the two equal), not a moving tag.
ARG NODE_VERSION=22.23.3
FROM node:${NODE_VERSION}-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY scripts ./scripts
# --omit=dev: no test runner, linter, compiler or embedded PostgreSQL; postinstall generates the Prisma clients.
# Then what only the build needs goes: the Prisma CLI (generation is done; migrations run on the WASM schema
# engine) with its studio and dev server, TypeScript (an optional peer of @prisma/client) and the objects
# better-sqlite3 leaves when it compiles from source. Measured: 467 MB of node_modules -> 201 MB.
RUN npm ci --omit=dev \
 && npm pkg delete dependencies.prisma && npm prune --omit=dev --omit=peer \
 && rm -rf node_modules/typescript node_modules/@typescript \
      node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
      node_modules/better-sqlite3/build/Release/obj* node_modules/better-sqlite3/build/Release/*.a \
      node_modules/better-sqlite3/build/Release/test_extension.node \
 && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production \
    # This image is the Discord bot: without DISCORD_TOKEN it stops with a message instead of opening a console.
    FRONT_END=discord \
    # /healthz (and /metrics) for the HEALTHCHECK below; compose gives workers 9200.
    METRICS_PORT=9100
COPY --from=build /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY --from=build /app/prisma ./prisma
COPY scripts ./scripts
COPY src ./src
COPY --from=build /app/src/db/generated ./src/db/generated
COPY --from=build /app/src/db/postgres/generated ./src/db/postgres/generated
COPY data ./data
# The SQLite file (when DATABASE_URL is not PostgreSQL), console history, pictures and backups live in /app/data:
# a volume, so they outlive the container (`docker run -v smalltown-data:/app/data`). Reports are the only other
# place written.
RUN mkdir -p data reports && chown -R node:node data reports
VOLUME ["/app/data"]
USER node
# 9100: /healthz and /metrics (9200 for a worker); 8787: the web view when WEB_PORT=8787 and WEB_HOST=0.0.0.0.
EXPOSE 9100 9200 8787
# Healthy while the process answers /healthz on its METRICS_PORT (its checks: src/ops/process-ops.ts).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.METRICS_PORT||9100)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
# node itself, not npm: npm would sit between tini and the bot and swallow the signals.
CMD ["node", "--heap-growing-percent=60", "--import", "tsx", "src/main.ts"]
