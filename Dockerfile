# Tumbleweed: one image that serves the game server, the HTTP API and the built web client on port 2567.
#   docker build -t tumbleweed .    docker run -p 2567:2567 tumbleweed    (or: docker compose up -d)

# --- build: every dependency, then engine + server (tsc) and client (vite) ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 (the table store) is a native module: compiled here when no prebuilt binary fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json tsconfig.base.json ./
COPY packages/engine/package.json packages/engine/
COPY packages/server/package.json packages/server/
COPY packages/client/package.json packages/client/
RUN npm ci --no-audit --no-fund
COPY packages packages
# The client bundles the rule documents (docs/rules/*.md) for its in-app rules.
COPY docs docs
RUN npm run build

# --- runtime: production dependencies of the server and the engine, and the three dist folders ---
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=2567 DATA_DIR=/data
WORKDIR /app
# Every workspace's package.json is needed for `npm ci` to accept the lockfile; only the server's and the engine's
# dependencies are installed (the client is served as static files). @tumbleweed/engine becomes a symlink to
# packages/engine, whose dist is copied below.
COPY package.json package-lock.json ./
COPY packages/engine/package.json packages/engine/
COPY packages/server/package.json packages/server/
COPY packages/client/package.json packages/client/
# The build tools are there only while better-sqlite3 installs (a prebuilt binary, else compiled), then removed.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && npm ci --omit=dev --workspace @tumbleweed/server --workspace @tumbleweed/engine --include-workspace-root --no-audit --no-fund \
  && npm cache clean --force \
  && apt-get purge -y --auto-remove python3 make g++ && rm -rf /var/lib/apt/lists/* /root/.cache
# Where the tables are kept (docs/persistence.md): a volume, so a new container resumes the old one's games.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
COPY --from=build /app/packages/engine/dist packages/engine/dist
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/client/dist packages/client/dist
USER node
EXPOSE 2567
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 2567) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "packages/server/dist/main.js"]
