/** One sample line of Prometheus text: `name{label="value",...} 12`. */
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/**
 * The value of the samples named `name` whose labels include `labels` (in any order, since
 * @prometheus-io/client (prom-client before) puts default labels first or last depending on the metric), summed when several
 * match; undefined when none does. For tests reading a registry's or a metrics port's text.
 */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match || match[1] !== name) continue;
    const own = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => own[key] === value)) total = (total ?? 0) + Number(match[3]);
  }
  return total;
}
