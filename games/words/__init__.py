"""Words: card names, action labels, prompts and the reader's language."""
