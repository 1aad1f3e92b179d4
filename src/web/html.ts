// HTML built as text with every interpolated value escaped: `html\`<p>${text}</p>\`` escapes `text`; only a value
// made by `html` itself or wrapped in `trusted` (SVG from src/render, which escapes its own text) is inserted as is.
// People's and residents' text is never trusted: names, posts and plans all pass through `escapeHtml`.

export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** Escapes text for HTML content and quoted attribute values; control characters are dropped. */
export function escapeHtml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

type Value = Html | string | number | boolean | null | undefined | readonly Value[];

function render(v: Value): string {
  if (v === null || v === undefined || v === false) return '';
  if (v instanceof Html) return v.text;
  if (Array.isArray(v)) return v.map(render).join('');
  return escapeHtml(String(v));
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0] ?? '';
  values.forEach((v, i) => {
    out += render(v) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

/** Markup made elsewhere that escapes its own text (the SVG pictures of src/render). */
export function trusted(markup: string): Html {
  return new Html(markup);
}
