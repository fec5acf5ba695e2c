/**
 * How `serialiseReusing` treats a top-level field: 'whole' reuses the JSON text of the field's
 * object, 'each' the text of each element of its array (other fields are serialised per call).
 */
export type ReuseOf<T> = Partial<Record<keyof T & string, 'whole' | 'each'>>;

/** JSON text per object, kept while the object lives (a cache that drops the object drops its text). */
const texts = new WeakMap<object, string>();

function textOf(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}

/**
 * JSON.stringify(body) for a flat object whose large fields are objects read from a cache and
 * sent again and again (the course and its qualOptions with every assessment): the JSON text of a
 * field marked in `reuse` is made once per object and reused while that object lives. JSON.parse
 * of the answer equals JSON.parse(JSON.stringify(body)) (undefined fields are left out, as
 * JSON.stringify does). Only for objects never changed in place: a change after the first call is
 * not seen (a cache hands out a new object when it reads again). Why it exists: see
 * tools/bench/gateway/assess-body.ts (the figures are in the typed client's `reuse` docstring).
 */
export function serialiseReusing<T extends object>(body: T, reuse: ReuseOf<T>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || typeof value === 'function') continue;
    const how = reuse[key as keyof T & string];
    let text: string;
    if (how === 'each' && Array.isArray(value)) text = `[${value.map(textOf).join(',')}]`;
    else if (how === 'whole') text = textOf(value);
    else text = JSON.stringify(value);
    parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}
