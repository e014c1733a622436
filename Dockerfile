# Production image. Stage 1 builds the SPA with the dev tools; stage 2 holds only runtime
# dependencies, the built SPA and the server sources, and runs as the unprivileged node user.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/var/lib/tienda/data UPLOADS_DIR=/var/lib/tienda/uploads
COPY package.json package-lock.json ./
# tsx is a runtime dependency (docs/decisions/004-tsx-in-production.md).
RUN npm install --no-audit --no-fund --omit=dev && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY drizzle ./drizzle
COPY src ./src
COPY tsconfig.json ./
RUN mkdir -p /var/lib/tienda/data /var/lib/tienda/uploads && chown -R node:node /var/lib/tienda
USER node
VOLUME ["/var/lib/tienda"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# `npm start` is `npm run build && npm run serve`; the image is already built, so it serves.
CMD ["npm", "run", "serve"]
