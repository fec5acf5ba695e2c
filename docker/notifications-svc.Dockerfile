# syntax=docker/dockerfile:1
# notifications-svc: decision emails (issue 24): the BullMQ worker that renders and sends them, and their records.
# Build from the repository root: docker build -f docker/notifications-svc.Dockerfile .  (docs/deploy.md)
# Base image pinned to an exact release (Node 20.19.5, Debian 12 "bookworm", slim); bump it
# deliberately, in every Dockerfile at once, and pin the digest in your registry's mirror.
ARG NODE_IMAGE=node:20.19.5-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /repo
# The same install as CI (.ci/run): `npm install` of the whole workspace with the lock file
# (not `npm ci`: the lock file cannot list other platforms' native builds). Only the workspace
# manifests are copied first, so this layer is reused until a dependency changes.
COPY package.json package-lock.json .npmrc ./
COPY apps/ apps/
COPY libs/ libs/
COPY tools/package.json tools/package.json
COPY tools/stack/package.json tools/stack/package.json
RUN find apps libs -type f ! -name package.json -delete \
 && npm install --no-audit --no-fund \
 && npm cache clean --force

FROM ${NODE_IMAGE}
ENV HOST=0.0.0.0 PORT=3106
WORKDIR /repo
COPY --from=deps --chown=root:root /repo/node_modules node_modules
COPY package.json tsconfig.base.json ./
COPY libs/ libs/
COPY apps/notifications-svc/ apps/notifications-svc/
COPY docker/healthcheck.cjs docker/healthcheck.cjs
# Never root: the `node` user of the base image (uid 1000) owns nothing but its data folders.
USER node
EXPOSE 3106
# /readyz: the process answers and every dependency it needs does too (libs/service-kit).
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "docker/healthcheck.cjs", "http://127.0.0.1:3106/readyz"]
CMD ["node", "--import", "tsx", "libs/service-kit/src/bin/run-service.ts", "apps/notifications-svc"]
