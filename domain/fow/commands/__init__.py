"""The FoW engine's commands by action family (what :func:`domain.fow.engine.decide` runs), the
command registry and the helpers of ``legal_actions``; :mod:`domain.fow.engine` re-exports their names."""
