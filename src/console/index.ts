// The local console front end.
export {
  CONSOLE_HELP,
  type ConsoleCommandHandler,
  type ConsoleContext,
  type ConsoleOptions,
  runConsole,
  tokenize,
} from './console.ts';
export { formatPost } from './format.ts';
