// Errors meant for the person who caused them (bad option, unknown resident, town paused), distinct from bugs.
// Front ends show `message` plainly (ephemeral on Discord); anything that is not a UserError is logged as a bug.
export class UserError extends Error {
  readonly code: string;
  readonly context: Record<string, unknown>;
  constructor(code: string, message: string, context: Record<string, unknown> = {}) {
    super(message);
    this.name = 'UserError';
    this.code = code;
    this.context = context;
  }
}

export function isUserError(e: unknown): e is UserError {
  return e instanceof UserError;
}
