"""Test agent shaped like Codex CLI 0.169 when its provider refuses the key: its header, five reconnects, the
provider's words twice (as it printed them against a 127.0.0.1 server answering 401), and exit 1."""

import sys

print("OpenAI Codex v0.169.0\n--------\nmodel: fake-coder\nprovider: pmtui\n--------")
print("\n".join(f"ERROR: Reconnecting... {n}/5" for n in range(1, 6)))
for _ in range(2):
    print("ERROR: unexpected status 401 Unauthorized: Incorrect API key provided, "
          "url: http://127.0.0.1:41491/v1/responses", file=sys.stderr)
sys.exit(1)
