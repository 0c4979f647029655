import path from "node:path";
import { PROJECT_ROOT, WEB_BUILD_DIR } from "../src/server/runtime.ts";
import { isWebBuildStale } from "./web-build.ts";

// `npm start`: build the web app when it is missing or older than its sources, then serve.
if (isWebBuildStale(PROJECT_ROOT, WEB_BUILD_DIR)) {
  console.info("Building the web app…");
  const { build } = await import("vite");
  await build({ configFile: path.join(PROJECT_ROOT, "vite.config.ts"), logLevel: "warn" });
}
await import("../src/server/main.ts");
