# Build stage: the pinned Bun compiles the site into one executable.
FROM oven/bun:1.4.5 AS build
WORKDIR /src
COPY package.json bun.lock ./
RUN bun install --frozen-lockfile
COPY . .
RUN bun scripts/compile.ts /src/vedanta-site

# Run stage: the executable alone, as a non-root user, with its data on a volume.
FROM debian:bookworm-slim
RUN useradd --system --uid 10001 --home /app site && mkdir -p /app/data /app/app_data && chown -R site /app
WORKDIR /app
COPY --from=build --chown=site /src/vedanta-site /app/vedanta-site
COPY --from=build --chown=site /src/app_data /app/app_data
USER site
ENV PORT=3000 HOST=0.0.0.0 DATA_DIR=/app/data APP_DATA_DIR=/app/app_data
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s CMD ["/app/vedanta-site", "healthcheck"]
ENTRYPOINT ["/app/vedanta-site"]
CMD ["serve"]
