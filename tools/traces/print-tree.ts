/**
 * Prints traces from the spans file the apps write when CLEARING_TRACES_FILE is set, as a tree per
 * trace (tools/stack/traces.ts draws it; docs/tracing.md shows one):
 *
 *   npx tsx tools/traces/print-tree.ts .data/traces.jsonl                   # a list of the traces
 *   npx tsx tools/traces/print-tree.ts .data/traces.jsonl --request-id <id> # the trace of a request id
 *   npx tsx tools/traces/print-tree.ts .data/traces.jsonl --trace <trace id>
 *   npx tsx tools/traces/print-tree.ts .data/traces.jsonl --last             # the latest trace begun at the gateway
 *
 * Exits 1 naming the problem when the file or the trace is not found.
 */
import { formatTrace, readSpans, spanLine, traceIds, traceOfRequest } from '@clearing-desk/stack';

function main(argv: string[]) {
  const [file, option, value] = argv;
  if (!file) throw new Error('usage: print-tree <traces file> [--trace <id> | --request-id <id> | --last]');
  const spans = readSpans(file);
  let traceId: string | undefined;
  if (option === '--trace') traceId = value;
  else if (option === '--request-id') traceId = value ? traceOfRequest(spans, value) : undefined;
  else if (option === '--last') traceId = traceIds(spans.filter((s) => s.service === 'gateway' && s.parentSpanId === null)).at(-1);
  else if (option !== undefined) throw new Error(`unknown option ${option}`);
  if (option === undefined) {
    for (const id of traceIds(spans)) {
      const own = spans.filter((s) => s.traceId === id);
      const root = own.find((s) => s.parentSpanId === null) ?? own[0]!;
      console.log(`${id}  ${own.length} spans  ${spanLine(root)}`);
    }
    return;
  }
  if (!traceId) throw new Error(`no trace found for ${option} ${value ?? ''}`.trim());
  console.log(formatTrace(spans, traceId).join('\n'));
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
