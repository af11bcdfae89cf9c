"""Model access: the LLM gateway (litellm, imported lazily) and the offline engine."""
