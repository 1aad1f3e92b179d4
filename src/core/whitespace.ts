// Whitespace by char code, for the linear text scans (Discord's message splitting, the console's word splitting)
// that must not backtrack.

/** JavaScript's whitespace (what `\\s` and `trim` match), by char code. */
export const isSpace = (c: number) =>
  (c >= 9 && c <= 13) ||
  c === 32 ||
  c === 160 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff;
