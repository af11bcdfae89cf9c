"""Web routes whose handler is written inline (round 17)."""

from __future__ import annotations

import re

# A web route whose handler is written inline (Express, Koa, Hono, Fastify: `router.post("/orders", async (req, res) =>
# {`): a unit of code named by its method and path, as a named handler would be (not a file's loose lines).
ROUTE_HANDLER = re.compile(r"^\s*(?:export\s+)?(?:const\s+\w+\s*=\s*)?[A-Za-z_$][\w$]*\.(get|post|put|patch|delete|all)\(\s*"
                           r"[\"'`]([^\"'`]+)[\"'`]\s*,")
