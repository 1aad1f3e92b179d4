# One image for every smalltown process: the bot (and its shards) with `npm start`, workers with `npm run worker`,
# migrations with `npm run db:migrate`. See docker-compose.yml and README "Scaling out".
FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY prisma ./prisma
COPY scripts ./scripts
RUN npm ci
COPY . .
ENV NODE_ENV=production
CMD ["npm", "start"]
