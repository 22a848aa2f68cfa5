"""Card sources and other devices: one module per source, no Qt."""
