"""Across documents: the built books held in memory (`library`), the editions and their
2007 <-> 2017 map (`editions`), the alignment of units across books (`align`) and the
misprinted references the other books expose (`misprints`)."""
