"""The PM's minds behind one protocol: `protocol` (the Brain interface), `model` (LLMBrain, a model through
the gateway) and `offline` (OfflineBrain, the deterministic engine that needs no model)."""
