# The portal in one image: the built front end (host and remotes, published into a static root)
# served by the reference API, which also answers /api/v1 and the payment sandboxes. Several
# containers of it run behind a proxy on one PostgreSQL (compose.yaml); none keeps state of its own.
#   docker build -t pod-portal .
# Stage 1 builds everything with the whole workspace; stage 2 installs only the API server's
# production dependencies; the final stage holds those, the compiled server and the static root.

FROM node:20-slim AS build
ENV CI=true
RUN corepack enable
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile
# Builds the host, every remote and the API server (dist), and publishes the front end into
# /portal/public with environment `production` pointing at it.
RUN STATIC_ROOT=/portal/public PORTAL_ENV=production node .ci/build.mjs --fresh

FROM node:20-slim AS server-deps
ENV CI=true
RUN corepack enable
WORKDIR /src
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY shared-contracts/package.json shared-contracts/
COPY openapi/server/package.json openapi/server/
RUN pnpm install --frozen-lockfile --prod --filter api-server...

FROM node:20-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    STATIC_ROOT=/portal/public \
    PORTAL_ENV=production \
    TRUST_PROXY=1 \
    SEED_DEMO=0
WORKDIR /app
COPY --from=server-deps /src/node_modules ./node_modules
COPY --from=server-deps /src/openapi/server/node_modules ./openapi/server/node_modules
COPY --from=server-deps /src/shared-contracts/node_modules ./shared-contracts/node_modules
COPY --from=build /src/shared-contracts/package.json ./shared-contracts/package.json
COPY --from=build /src/shared-contracts/dist/node ./shared-contracts/dist/node
COPY --from=build /src/openapi/portal.yaml ./openapi/portal.yaml
COPY --from=build /src/openapi/server/package.json ./openapi/server/package.json
COPY --from=build /src/openapi/server/migrations ./openapi/server/migrations
COPY --from=build /src/openapi/server/dist ./openapi/server/dist
COPY --from=build /portal/public /portal/public
USER node
WORKDIR /app/openapi/server
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=6 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/server.js"]
