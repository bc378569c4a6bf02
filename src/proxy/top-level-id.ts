// The `id` of a JSON-RPC message read from the start of its text only (a line too long to parse):
// a member named "id" of the outer object, never one nested in `params`. Pure; bounded by the text.

const ID_VALUE = /^\s*:\s*("(?:[^"\\\n]|\\.){0,256}"|-?\d{1,16})\s*[,}]/;

/** The outer object's id if it appears in `text` (a string or an integer), else undefined. */
export function topLevelId(text: string): string | number | undefined {
  if (!text.trimStart().startsWith('{')) return undefined;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      if (end === -1) return undefined;
      if (depth === 1 && text.slice(i, end + 1) === '"id"') {
        const value = ID_VALUE.exec(text.slice(end + 1, end + 300));
        if (value?.[1] !== undefined) return parsed(value[1]);
      }
      i = end;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
  }
  return undefined;
}

/** The index of the quote that closes the string opening at `start`, or -1 when it does not close. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

function parsed(token: string): string | number | undefined {
  try {
    const value: unknown = JSON.parse(token);
    return typeof value === 'string' || (typeof value === 'number' && Number.isSafeInteger(value))
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}
