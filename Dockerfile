# syntax=docker/dockerfile:1
# The Promptly server as one image. The runtime stage holds the folder `npm run bundle` makes (the
# builds, the committed migrations, production node_modules), and the Debian packages the local
# providers run on: it needs no network at run time. docs/container-image.md is the operator's guide.
# CI cannot pull a base image, so apps/server/src/packaging/runtime-bundle.processes.test.ts proves
# the same folder, started with node outside the repository.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
ENV TURBO_TELEMETRY_DISABLED=1
WORKDIR /src
# The manifests alone first, so the install layer is reused until the lockfile or one of them changes.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/ai/package.json packages/ai/
COPY packages/ai-local/package.json packages/ai-local/
COPY packages/api/package.json packages/api/
COPY packages/core/package.json packages/core/
COPY packages/db/package.json packages/db/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# Builds the server and the web app, then lays the runtime folder out at /runtime.
RUN npm run bundle -- /runtime

FROM ${NODE_IMAGE} AS runtime
# tini: PID 1 that passes SIGTERM on to Node and reaps children (the recogniser's pipeline).
# pocketsphinx, its US English model, lame and sox: the local transcription provider.
# fontconfig's configuration and the DejaVu fonts: librsvg (through sharp) has a font for any SVG text.
RUN apt-get update \
  && apt-get install -y --no-install-recommends \
    tini pocketsphinx pocketsphinx-en-us lame sox fontconfig-config fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
WORKDIR /app
# Owned by root, so the server cannot change its own code; it writes only to DATA_DIR.
COPY --from=build /runtime /app
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# /ready: the database (and Redis, when REDIS_URL is set) answers. Node's fetch, as the image has no curl.
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# main.ts on SIGTERM: stops taking requests, lets those in flight finish (a generation commits or
# refunds its credits), releases the instance lease, closes the database and exits 0.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
