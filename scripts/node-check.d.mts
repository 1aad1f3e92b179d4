export const ENGINES: string;
export function satisfies(version: string, range: string): boolean;
export function nodeVersionProblem(version?: string, range?: string): string | undefined;
export function nativeBuildProblem(err: unknown, nodedir?: string): string | undefined;
export function nativeDriverProblem(): string | undefined;
