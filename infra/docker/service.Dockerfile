# One image per service: docker build -f infra/docker/service.Dockerfile --build-arg SERVICE=auth .
# Multi-stage: dependencies and build in a full image, runtime as a non-root user with only
# production dependencies and the built output.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY libs ./libs
COPY services ./services
COPY web ./web
COPY e2e/package.json ./e2e/package.json
COPY bench/package.json ./bench/package.json
COPY nx.json tsconfig.base.json jest.preset.js eslint.config.js ./
RUN npm install --no-audit --no-fund
ARG SERVICE
RUN npx nx run-many -t build -p ${SERVICE} web --output-style=static \
 && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
ENV NODE_ENV=production HTTP_HOST=0.0.0.0 HOST=0.0.0.0 SERVICE=${SERVICE}
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/libs ./libs
COPY --from=build --chown=node:node /app/services/${SERVICE} ./services/${SERVICE}
COPY --from=build --chown=node:node /app/web/dist ./web/dist
USER node
EXPOSE 3000 8080
CMD ["sh", "-c", "exec node services/${SERVICE}/dist/main.js"]
