# syntax=docker/dockerfile:1
# files-svc: built from the shared recipe (docker/Dockerfile.service) with APP=files-svc.
FROM node:20-bookworm-slim AS deps
WORKDIR /repo
COPY package.json package-lock.json ./
COPY apps/ apps/
COPY libs/ libs/
COPY tools/package.json tools/package.json
RUN find apps libs -type f ! -name package.json -delete && npm ci --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /repo
COPY --from=deps /repo/node_modules node_modules
COPY package.json tsconfig.base.json ./
COPY libs/ libs/
COPY apps/files-svc/ apps/files-svc/
# FILES_DIR: a volume mounted here starts out owned by node (files-svc and files-worker share it).
RUN mkdir -p /var/lib/clearing-desk/files && chown node:node /var/lib/clearing-desk/files

USER node
# The API; compose's files-worker runs apps/files-svc/src/worker.ts from the same image.
CMD ["node", "--import", "tsx", "apps/files-svc/src/server.ts"]
