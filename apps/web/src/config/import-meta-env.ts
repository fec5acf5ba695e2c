// The only module that touches import.meta (Vite replaces it at build time). Jest runs CommonJS,
// where import.meta does not exist, so jest.config.cjs maps this module to src/testing/import-meta-env.ts.
export const importMetaEnv: Record<string, unknown> = import.meta.env;
