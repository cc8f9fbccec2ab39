"""What several test modules and the benchmarks share."""
