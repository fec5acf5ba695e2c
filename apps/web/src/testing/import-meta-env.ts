// Stand-in for src/config/import-meta-env.ts under Jest (CommonJS has no import.meta).
export const importMetaEnv: Record<string, unknown> = { BASE_URL: '/', MODE: 'test' };
