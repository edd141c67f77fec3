"""The snapshot store: every network retrieval, kept so a later check reads the same text."""
