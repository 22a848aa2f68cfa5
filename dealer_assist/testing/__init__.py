"""Stand-ins for real devices, for tests, benchmarks and demonstrations (standard library only)."""
