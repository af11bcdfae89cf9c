"""Model access: the LLM gateway (task routing, litellm imported lazily, the cost ledger)."""
