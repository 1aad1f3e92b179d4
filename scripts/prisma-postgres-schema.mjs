// prisma/schema.prisma is the one schema source. Prisma 7 generates a client per datasource provider, so the
// PostgreSQL variant (prisma/postgres/schema.prisma) is derived from it: same models, provider "postgresql",
// client generated into src/db/postgres/generated. tests/db/postgres-startup.test.ts checks the committed copy.

export const POSTGRES_HEADER =
  '// GENERATED from prisma/schema.prisma by scripts/prisma-generate.mjs (npm run db:generate). Do not edit:\n' +
  "// change prisma/schema.prisma, then `npm run db:migrate:new -- <name>` writes both engines' migrations.\n";

/** @param {string} source the SQLite schema text @returns {string} the PostgreSQL schema text */
export function postgresSchemaFrom(source) {
  const provider = /(datasource db \{[^}]*?provider\s*=\s*)"sqlite"/;
  const output = /(generator client \{[^}]*?output\s*=\s*)"\.\.\/src\/db\/generated"/;
  if (!provider.test(source) || !output.test(source))
    throw new Error('prisma/schema.prisma: expected provider = "sqlite" and output = "../src/db/generated"');
  return (
    POSTGRES_HEADER + source.replace(provider, '$1"postgresql"').replace(output, '$1"../../src/db/postgres/generated"')
  );
}
