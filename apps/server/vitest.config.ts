import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // Ponder's virtual module of the schema, for the route modules the unit tests import.
    alias: { "ponder:schema": fileURLToPath(new URL("./ponder.schema.ts", import.meta.url)) },
  },
  test: {
    include: ["src/**/*.test.ts", "scripts/**/*.test.ts", "test/**/*.test.ts"],
    // The PostgreSQL suites start a real server (initdb + postgres) in their setup.
    hookTimeout: 60_000,
    testTimeout: 20_000,
  },
});
