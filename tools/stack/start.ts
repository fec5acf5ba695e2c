import { startStack } from './stack';

/**
 * The product on its embedded defaults: every service on its default port, PGlite data under
 * .data/, the demo catalogue loaded on first start, the gateway on PORT (default 3000).
 */
async function main() {
  const port = Number(process.env.PORT ?? 3000);
  const stack = await startStack({
    database: 'embedded',
    seedDemoData: true,
    ports: 'fixed',
    gatewayPort: port,
    logs: 'pretty',
  });
  console.log(`\nClearing Desk is running at http://localhost:${port}${process.env.BASE_PATH ?? '/'}  (Ctrl+C stops it)\n`);
  const shutdown = async () => {
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
