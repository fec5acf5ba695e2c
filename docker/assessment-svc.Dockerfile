# syntax=docker/dockerfile:1
# assessment-svc: built from the shared recipe (docker/Dockerfile.service) with APP=assessment-svc.
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
COPY apps/assessment-svc/ apps/assessment-svc/

USER node
CMD ["node", "--import", "tsx", "apps/assessment-svc/src/server.ts"]
