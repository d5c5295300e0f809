"""What ``parlour serve`` does unless told otherwise. Apart from the server, so that the command line's options and
help are built without loading the web server."""

from __future__ import annotations

DEFAULT_MAX_SESSIONS = 8
DEFAULT_PORT = 8000
