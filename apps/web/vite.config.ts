import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Every page and /api path is served under BASE_PATH (same variable the gateway reads), e.g. '/clearing/'.
const withSlashes = (value: string): string => `/${value.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
const base = withSlashes(process.env.BASE_PATH ?? '/');
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  base,
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 4200,
    proxy: {
      [`${base}api`]: { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { port: 4300 },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
});
