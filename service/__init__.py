"""The application layer: settings, card catalogs and the event-sourced game service
(:mod:`service.app`).  It never imports the web layer."""
