// CSV as the original Generative Agents files write it: quoted fields with doubled quotes, "," with optional spaces.

/** Parses a CSV document (quoted fields with doubled quotes; separator "," with optional spaces after it). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const pushField = () => {
    row.push(quoted ? field : field.trim());
    field = '';
    quoted = false;
  };
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"' && field.trim() === '' && !quoted) {
      // opening quote of a quoted field
      let j = i + 1;
      let value = '';
      while (j < text.length) {
        const d = text[j] as string;
        if (d === '"') {
          if (text[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          j++;
          break;
        }
        value += d;
        j++;
      }
      field = value;
      quoted = true;
      i = j;
      continue;
    }
    if (c === ',') {
      pushField();
      i++;
      continue;
    }
    if (c === '\n' || c === '\r') {
      pushField();
      if (row.some((f) => f.length > 0)) rows.push(row);
      row = [];
      if (c === '\r' && text[i + 1] === '\n') i++;
      i++;
      continue;
    }
    if (!quoted) field += c;
    i++;
  }
  pushField();
  if (row.some((f) => f.length > 0)) rows.push(row);
  return rows;
}
