// Package entry (package.json "main"): the app component and route tree, e.g. for embedding or
// browser tests. The browser entry is main.tsx (index.html).
export { App } from './app';
export { createAppRouter, routes } from './app/router';
