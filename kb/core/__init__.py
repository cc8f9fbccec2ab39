"""Core: what every stage shares, the units and documents (`model`), the canonical unit ids
(`ids`) and the schema of a document's profile (`profile`)."""
