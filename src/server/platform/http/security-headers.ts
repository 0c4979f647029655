import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * CSP allows scripts only from our own origin (no inline script anywhere, including the API
 * reference). Inline styles stay allowed: React style props set them.
 *
 * helmet is built once here and run on the raw response; @fastify/helmet rebuilt it on every
 * request, which cost more than the rest of serving the cached tool list.
 */
export function registerSecurityHeaders(app: FastifyInstance, { isHttps }: { isHttps: boolean }): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        ...(isHttps ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
