"""Pure rules engines.  No I/O, no web framework, no database: data in, data out."""
