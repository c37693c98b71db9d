"""The HTTP layer: FastAPI app factory (:func:`api.app.create_app`), schemas and dependencies."""
