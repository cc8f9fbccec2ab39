"""Ingest: a corpus folder's source read into units, decoded and cleaned (`clean`), cut into
regions and parsed (`lawbook`, `parse`, `definitions`, `tables`), or read as a reference
card (`card`, with its OCR corrections in `ocr`)."""
