# One image serves the built web app and the API on one port.
# Stages: `manifests` holds the package files; `build` compiles (web/dist, server/dist); `deps` installs the server's production
# dependencies; `runtime` holds those two results and nothing else, and runs as the `node` user.
# scripts/docker/stage.ts reproduces the `deps` and `runtime` stages in a folder without Docker
# (web/e2e/runtime.e2e.ts starts that folder and signs in): keep its reading of this file in step.
ARG NODE_IMAGE=node:24-bookworm-slim

# The workspace manifests both installs start from.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY machines/package.json machines/
COPY server/package.json server/
COPY web/package.json web/
COPY scripts/package.json scripts/

FROM manifests AS build
# Compiling needs no native addon: their install scripts (better-sqlite3's build) are skipped.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

FROM manifests AS deps
# better-sqlite3 builds from source when no prebuilt binary can be downloaded.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
# Only the server's dependencies (the web app's are compiled into web/dist); the compiler's
# leftovers go, the addon stays.
RUN npm ci --omit=dev --workspace @draw/server --no-audit --no-fund \
 && rm -rf node_modules/better-sqlite3/deps node_modules/better-sqlite3/src node_modules/better-sqlite3/build/deps \
      node_modules/better-sqlite3/build/Release/obj node_modules/better-sqlite3/build/Release/obj.target \
      node_modules/better-sqlite3/build/Release/.deps node_modules/better-sqlite3/build/Release/sqlite3.a \
      node_modules/better-sqlite3/build/Release/test_extension.node

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/web/dist web/dist
# The embedded store and images (DATA_DIR=./data); mount a volume here to keep them.
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME /app/data
USER node
EXPOSE 3000
# main.ts stops on SIGTERM and exits within 8 s, inside `docker stop`'s 10 s.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
