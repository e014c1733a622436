# Production image. Stage 1 installs every dependency and builds the SPA and the server bundle;
# stage 2 holds production dependencies, dist/ and the migrations only, and runs plain node
# (no tsx, no TypeScript: docs/decisions/007-compiled-server.md) as the unprivileged node user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/var/lib/tienda/data UPLOADS_DIR=/var/lib/tienda/uploads
# PUBLIC_URL has no default: in production the store refuses to start without it (its
# canonical and link-preview URLs), so run with `-e PUBLIC_URL=https://tienda.com.uy`.
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund --omit=dev && npm cache clean --force
# dist/client (the SPA) and dist/server (main.js, admin-cli.js, migrate-cli.js).
COPY --from=build /app/dist ./dist
# The server finds drizzle/ beside package.json, above dist/server.
COPY drizzle ./drizzle
RUN mkdir -p /var/lib/tienda/data /var/lib/tienda/uploads && chown -R node:node /var/lib/tienda
USER node
VOLUME ["/var/lib/tienda"]
EXPOSE 3000
# Liveness only: /readyz (database and migrations) is for the load balancer.
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node itself is PID 1 (no npm in between), so `docker stop`'s SIGTERM reaches the graceful
# shutdown. Admin tasks in the image: `node dist/server/admin-cli.js promote EMAIL`.
CMD ["node", "dist/server/main.js"]
