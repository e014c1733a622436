# Production image. Stage 1 installs every dependency and builds the SPA and the server bundle;
# stage 2 holds production dependencies, dist/ and the migrations only, and runs plain node
# (no tsx, no TypeScript: docs/decisions/047-compiled-server.md) as the unprivileged node user.
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/var/lib/tienda/data UPLOADS_DIR=/var/lib/tienda/uploads \
    BACKUP_DIR=/var/lib/tienda/backups
# PUBLIC_URL has no default: in production the store refuses to start without it (its
# canonical and link-preview URLs), so run with `-e PUBLIC_URL=https://tienda.com.uy`.
# pg_dump and pg_restore for backups of a PostgreSQL store (docs/decisions/053-backups.md).
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund --omit=dev && npm cache clean --force
# dist/client (the SPA) and dist/server (main.js and the admin, migrate, backup and restore CLIs).
COPY --from=build /app/dist ./dist
# The server finds drizzle/ beside package.json, above dist/server.
COPY drizzle ./drizzle
RUN mkdir -p /var/lib/tienda/data /var/lib/tienda/uploads /var/lib/tienda/backups \
    && chown -R node:node /var/lib/tienda
USER node
VOLUME ["/var/lib/tienda"]
EXPOSE 3000
# Liveness only: /readyz (database and migrations) is for the load balancer.
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself is PID 1 (no npm in between), so `docker stop`'s SIGTERM reaches the graceful
# shutdown. Admin tasks in the image: `node dist/server/admin-cli.js promote EMAIL`,
# `node dist/server/backup-cli.js`, `node dist/server/restore-cli.js FILE`.
CMD ["node", "dist/server/main.js"]
