# Production image: builds the SPA, then runs the single Node process.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npx vite build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data UPLOADS_DIR=/uploads
COPY package.json package-lock.json ./
# tsx is a runtime dependency (docs/decisions/004).
RUN npm install --no-audit --no-fund --omit=dev
COPY --from=build /app/dist ./dist
COPY drizzle ./drizzle
COPY src ./src
COPY tsconfig.json ./
VOLUME ["/data", "/uploads"]
EXPOSE 3000
CMD ["npx", "tsx", "src/server/main.ts"]
