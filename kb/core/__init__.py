"""Core: what every stage shares, the units and documents (`model`), the canonical unit ids
(`ids`), the schema of a document's profile (`profile`) and how long-lived data is loaded
(`memory`)."""
