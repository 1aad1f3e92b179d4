export const POSTGRES_HEADER: string;
export function postgresSchemaFrom(source: string): string;
